"""The One Ring kernel's constants and codes, read from the kernel itself (``py_codes``) rather than mirrored.

Each name here is the kernel's, with its value; ``tests/unit/test_tor_codes.py`` checks that every table of codes is
complete and its values distinct.
"""

from __future__ import annotations

from estoc.engine.compiled import load_kernel

CODES: dict[str, int] = {str(k): int(v) for k, v in load_kernel("estoc.systems.tor.kernel").py_codes().items()}
"""Every constant and code of the kernel, by its name there."""


def table(prefix: str) -> dict[str, int]:
    """The codes whose names start with ``prefix`` (``R_``, ``A_``, ``S_``…), by name."""
    return {name: value for name, value in CODES.items() if name.startswith(prefix)}


EYE = CODES["EYE"]
RUNE = CODES["RUNE"]
WEARY_BLANK = CODES["WEARY_BLANK"]
PIERCING_FEAT = CODES["PIERCING_FEAT"]
FEND_OFF_CAP = CODES["FEND_OFF_CAP"]
MAX_ASSIGNED = CODES["MAX_ASSIGNED"]
G_HELM, G_SHIELD, G_WEAPON = CODES["G_HELM"], CODES["G_SHIELD"], CODES["G_WEAPON"]
A_PASS, A_ATTACK, A_TASK, A_REGAIN, A_PICKUP = (CODES[n] for n in ("A_PASS", "A_ATTACK", "A_TASK", "A_REGAIN",
                                                                    "A_PICKUP"))
A_SHOOT, A_ENGAGE, A_ASSIGN, A_STANCES, A_STANCE, A_YIELD, A_BACK = (
    CODES[n] for n in ("A_SHOOT", "A_ENGAGE", "A_ASSIGN", "A_STANCES", "A_STANCE", "A_YIELD", "A_BACK"))
F_MORE, F_SPREAD = CODES["F_MORE"], CODES["F_SPREAD"]
S_AUTO = CODES["S_AUTO"]
L_ROUND, L_ATTACK, L_ROLL, L_AFTER, L_THRUST, L_COUNTER, L_TASK, L_EFFECT, L_SEVERITY, L_TARGETS, L_END_ROUND, \
    L_OVER = (CODES[n] for n in ("L_ROUND", "L_ATTACK", "L_ROLL", "L_AFTER", "L_THRUST", "L_COUNTER", "L_TASK",
                                 "L_EFFECT", "L_SEVERITY", "L_TARGETS", "L_END_ROUND", "L_OVER"))
OUT_DOWN, OUT_DEAD, OUT_OVER = CODES["OUT_DOWN"], CODES["OUT_DEAD"], CODES["OUT_OVER"]
REASONS: dict[str, int] = table("R_")
"""Why :func:`allowed <estoc.systems.tor.kernel>` refuses an action, by name (``R_OK``: it does not)."""


def item_of(bits: int) -> str:
    """The item of one of the kernel's ``dropped`` bits: ``helm``, ``shield`` or ``weapon:N`` (N from 1)."""
    if bits == G_HELM:
        return "helm"
    if bits == G_SHIELD:
        return "shield"
    return f"weapon:{bits.bit_length() - 2}"
