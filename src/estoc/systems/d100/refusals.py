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
    "shield-hands": lambda f: _("{target}'s two hands hold {held}: no hand is free for the shield").format(
        target=f["target"], held=f.get("held", "?")),
    "missile-parry": lambda f: _("a missile ({weapon}) can only be parried with a shield").format(weapon=f["weapon"]),
    "no-parry": lambda f: _("nothing to parry with: no shield and no weapon that parries"),
    "no-dodge": lambda f: _("{weapon} cannot be dodged unless the GM allows dodging missiles (setting "
                            "dodge_missiles)").format(weapon=f["weapon"]),
    "not-held": lambda f: _("{named} is not in hand ({target} holds {held}): a parry is made only with what is "
                            "held").format(named=f.get("named", "?"), target=f["target"], held=f.get("held", "?")),
    "held-no-parry": lambda f: _("{held}, in the hand of {target}, does not parry, and no shield is in hand").format(
        held=f.get("held", "?"), target=f["target"]),
    "too-far": lambda f: _("at most {limit} m of movement a round, not {metres} m").format(
        limit=f["limit"], metres=f.get("metres", "?")),
    "no-contact": lambda f: _("{target} is {metres} m away: a melee blow needs contact (move first)").format(
        target=f["target"], metres=f["limit"]),
    "dead": lambda f: _("{target} has died: first aid comes too late").format(target=f["target"]),
    "no-reach": lambda f: _("{who} has no whole weapon to act at that reach ({reach})").format(
        who=f["who"], reach=f.get("reach", "?")),
    "not-ready": lambda f: _("{weapon} is not in hand: ready it first (command ready; the setting ready_weapon "
                             "makes it the round's action)").format(weapon=f["weapon"]),
}
"""A refusal's words by the kernel's reason (a test holds the two lists equal)."""


def reach_word(reach: str) -> str:
    """A reach in the GM's language (5.4: missile weapons first, then long, medium and short ones)."""
    return {"missile": _("missile"), "long": _("long"), "medium": _("medium"), "short": _("short")}.get(reach, reach)


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


def refuse(fight: D100Fight, actor: int, code: int, **facts: Any) -> None:
    """Refuse, in the GM's words, what the kernel answered ``code`` to (a move, a reach declared), with the facts
    its words name."""
    if code != REASONS["ok"]:
        known = {"who": fight.combatants[actor].id, "limit": 0, "wound": 0, **facts}
        raise RulesError(WORDS.get(REASONS.name(code), WORDS["unknown"])(known))
