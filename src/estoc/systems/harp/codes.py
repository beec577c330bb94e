"""The HARP kernel's codes and rule numbers, read from the kernel (``py_codes``), never kept here by hand.

Actions, reasons for a refusal (:func:`estoc.systems.harp.kernel.allowed`), a decision's slots, the dice's purposes,
a simulated world's outcome flags and the rules' numbers (``CHARGE_OB``, ``AUTOMATIC``, ``OPEN_FROM``…) are each
defined once, in the kernel; Python asks for them (the compiled kernel's ``const`` values exist only in C).
"""

from __future__ import annotations

from functools import cache

from estoc.engine.compiled import load_kernel

Table = dict[str, int]
KERNEL_NAME = "estoc.systems.harp.kernel"


@cache
def codes() -> dict[str, Table]:
    """Every table of the kernel's codes, by name (``actions``, ``reasons``, ``purposes``, ``slots``, ``outcomes``,
    ``rules``)."""
    return load_kernel(KERNEL_NAME).py_codes()  # type: ignore[no-any-return]


def action(name: str) -> int:
    """An action's code (``"charge"`` → ``A_CHARGE``)."""
    return codes()["actions"][name]


def rule(name: str) -> int:
    """A rule's number (``"CHARGE_OB"`` → 20)."""
    return codes()["rules"][name]


def reason_name(code: int) -> str:
    """A refusal's name (``WHY_STUNNED`` → ``"stunned"``)."""
    return next((name for name, value in codes()["reasons"].items() if value == code), "unknown")


def decision(kind: str, target: int = -1, strike: int = 0, *, parry: int = 0, parried: int = -1, run: int = 0,
             unseen: bool = False, mod: int = 0, positions: int = 0, direction: str = "front",
             foes: int = 0) -> tuple[int, ...]:
    """A decision tuple as the kernel's ``act`` and ``allowed`` read it (see the kernel's ``D_`` slots); ``run`` in
    tenths of a metre (``TENTHS``), ``positions`` the bits of the position bonuses taken, ``direction`` where the
    blow comes from (front, flank, rear), ``foes`` the bits of the foes a parry is shared between (multiple
    parries; 0: the one foe ``parried``)."""
    slots = codes()["slots"]
    out = [0] * slots["size"]
    out[slots["kind"]] = action(kind)
    out[slots["target"]] = target
    out[slots["strike"]] = strike
    out[slots["parry"]] = parry
    out[slots["parried"]] = parried
    out[slots["run"]] = run
    out[slots["unseen"]] = int(unseen)
    out[slots["mod"]] = mod
    out[slots["positions"]] = positions
    out[slots["direction"]] = codes()["directions"].get(direction, -1)
    out[slots["foes"]] = foes
    return tuple(out)
