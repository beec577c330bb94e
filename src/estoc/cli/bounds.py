"""The range of every number the command line takes: each command's numbers are checked before it runs, and a
number out of range gets one line in the user's language (an :class:`~estoc.errors.InputError`, exit 2).

Ranges come from the rules where they give one (levels, armour types, percentile rolls, bonuses as a sheet holds
them), from what a run can do otherwise (fights, threads, chunks), and from the kernels' integers for the rest.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Any

from estoc.content.models.common import BONUS_MAX, HP_MAX, LEVEL_MAX, METRES_MAX, ROUNDS_MAX
from estoc.engine.numbers import KERNEL_LIMIT, bounded

ROLL = (0, 1_000)
"""A die's face typed on the command line (each roll kind then checks its own faces)."""
RANGES: dict[str, tuple[int, int]] = {
    "-n": (1, 10**9),
    "--seed": (0, 2**63 - 1),
    "--workers": (1, 1_024),
    "--threads": (1, 1_024),
    "--chunk": (1, 10**7),
    "--max-rounds": (1, 10 * ROUNDS_MAX),
    "--ob": (-BONUS_MAX, BONUS_MAX),
    "--db": (-BONUS_MAX, BONUS_MAX),
    "--skill": (-BONUS_MAX, BONUS_MAX),
    "--modifier": (-BONUS_MAX, BONUS_MAX),
    "--body-rr": (-BONUS_MAX, BONUS_MAX),
    "--parry-bonus": (-BONUS_MAX, BONUS_MAX),
    "--hp": (1, HP_MAX),
    "--level": (0, LEVEL_MAX),
    "--attacker-level": (0, LEVEL_MAX),
    "--defender-level": (0, LEVEL_MAX),
    "--strike": (1, 100),
    "--parry-weapon": (1, 100),
    "--armor-type": (1, 10),
    "--fumble": (0, 100),
    "--fumble-from": (1, 101),
    "--distance": (0, METRES_MAX),
    "--extra-dice": (-100, 100),
    **{flag: ROLL for flag in ("--roll", "--crit-roll", "--additional-roll", "--fumble-roll", "--defence-roll",
                               "--damage-roll", "--bonus-roll", "--success-roll", "--protection-roll")},
}
"""Each option's range; any other whole number the command line takes stays within the kernels' integers."""


def _items(value: Any) -> Iterable[Any]:
    return value if isinstance(value, list | tuple) else (value,)


def check_numbers(flags: dict[str, str], values: dict[str, Any]) -> None:
    """Every whole number among a command's ``values`` (by parameter name) within its option's range."""
    for name, value in values.items():
        flag = flags.get(name, name)
        low, high = RANGES.get(flag, (-KERNEL_LIMIT, KERNEL_LIMIT))
        for item in _items(value):
            if isinstance(item, int) and not isinstance(item, bool):
                bounded(item, flag, low, high)


def bound_numbers(command: Any) -> Any:
    """``command`` (a click command or group, as typer builds it) with its numbers checked before it runs."""
    for sub in getattr(command, "commands", {}).values():
        bound_numbers(sub)
    callback = getattr(command, "callback", None)
    if callback is None or getattr(callback, "_bounded", False):
        return command
    flags = {param.name: (param.opts[0] if getattr(param, "opts", None) else param.name)
             for param in command.params}

    @functools.wraps(callback)
    def checked(*args: Any, **kwargs: Any) -> Any:
        check_numbers(flags, kwargs)
        return callback(*args, **kwargs)

    checked._bounded = True  # type: ignore[attr-defined]
    command.callback = checked
    return command
