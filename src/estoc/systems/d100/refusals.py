"""Play's refusals in a d100 fight: the kernel says whether an action is allowed and why not (a code,
:func:`allowed` in :mod:`estoc.systems.d100.kernel`); this module only turns the code into the GM's words.

The default policy asks the same kernel function, so what play refuses a GM the simulation never does either.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from estoc.errors import RulesError
from estoc.i18n import _, pick
from estoc.systems.d100.codes import KernelTable
from estoc.systems.d100.worlds import kernel_of

if TYPE_CHECKING:
    from estoc.systems.d100.fight import D100Fight

REASONS = KernelTable("reasons")
"""The kernel's reasons (``WHY_*``), name → code."""

WORDS: dict[str, Callable[[dict[str, Any]], str]] = {
    "no-wound": lambda f: _("{target} has no wound").format(target=f["target"]),
    "moved": lambda f: _("first aid takes the whole round: {who} has moved this round").format(who=f["who"]),
    "all-treated": lambda f: _("every wound of {target} has had its first aid").format(target=f["target"]),
    "no-such-wound": lambda f: _("{target} has wounds 1 to {n}, not {k}").format(
        target=f["target"], n=f["limit"], k=f["wound"] + 1),
    "treated": lambda f: _("that wound has had its first aid already (once per wound)"),
    "not-loaded": lambda f: _("{weapon} is not loaded: reload it first (a full round)").format(weapon=f["weapon"]),
    "reloading": lambda f: _("{weapon} is still being reloaded until round {round}").format(
        weapon=f["weapon"], round=f["limit"]),
    "broken": lambda f: _("{weapon} is broken").format(weapon=f["weapon"]),
    "no-reload": lambda f: _("{weapon} needs no reloading").format(weapon=f["weapon"]),
    "same-side": lambda f: _("{target} is on the same side").format(target=f["target"]),
    "out": lambda f: _("{target} is out of the fight").format(target=f["target"]),
    "unknown": lambda f: _("{id} cannot do that now").format(id=f["who"]),
    "aiding": lambda f: _("{target} is giving first aid this round: no parry, no dodge").format(target=f["target"]),
    "unstoppable": lambda f: _("{weapon} is a firearm or energy weapon: it can be neither parried nor dodged").format(
        weapon=f["weapon"]),
    "shield-hands": lambda f: _("{target} holds a two-handed weapon: no hand is free for the shield").format(
        target=f["target"]),
    "missile-parry": lambda f: _("a missile ({weapon}) can only be parried with a shield").format(weapon=f["weapon"]),
    "no-parry": lambda f: _("nothing to parry with: no shield and no weapon that parries"),
    "no-dodge": lambda f: _("{weapon} cannot be dodged unless the GM allows dodging missiles (setting "
                            "dodge_missiles)").format(weapon=f["weapon"]),
}
"""A refusal's words by the kernel's reason (a test holds the two lists equal)."""


def why(fight: D100Fight, actor: int, decision: tuple[int, int, int, int]) -> tuple[int, int]:
    """The kernel's answer for ``actor``'s ``decision`` (action, target, slot, wound) now: (the reason's code, 0
    when allowed; the number it names)."""
    code, limit = kernel_of(fight.F).py_allowed(fight.F, 0, actor, decision)
    return int(code), int(limit)


def check(fight: D100Fight, actor: int, decision: tuple[int, int, int, int]) -> None:
    """Refuse ``decision`` of ``actor`` in the GM's words when the kernel does not allow it."""
    code, limit = why(fight, actor, decision)
    if code != REASONS["ok"]:
        raise RulesError(words(fight, actor, decision, code, limit))


def words(fight: D100Fight, actor: int, decision: tuple[int, int, int, int], code: int, limit: int) -> str:
    """The GM's words for the kernel's refusal ``code`` of ``decision``."""
    _kind, target, slot, wound = decision
    facts: dict[str, Any] = {"who": fight.combatants[actor].id, "limit": limit, "wound": wound}
    if 0 <= target < len(fight.combatants):
        facts["target"] = fight.combatants[target].id
    person = fight.combatants[actor]
    if 0 <= slot < len(person.weapons) + (person.shield is not None):
        facts["weapon"] = pick(fight.slot_record(actor, slot).name.as_dict())
    return WORDS.get(REASONS.name(code), WORDS["unknown"])(facts)
