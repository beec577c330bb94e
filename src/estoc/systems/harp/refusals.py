"""Play's refusals: the kernel says whether an action is allowed and why not (a code, :func:`allowed` in
:mod:`estoc.systems.harp.kernel`); this module only turns the code into the GM's words, in French or English.

Nothing here decides: the default policy asks the same kernel function, so what play refuses a GM the simulation
never does either.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from estoc.errors import RulesError
from estoc.i18n import _, pick
from estoc.systems.harp.codes import codes, reason_name, rule
from estoc.systems.harp.worlds import kernel_of

if TYPE_CHECKING:
    from estoc.systems.harp.fight import HarpFight

Words = Callable[[dict[str, Any]], str]


def _metres(value: float) -> str:
    return f"{value:g}"


WORDS: dict[str, Words] = {
    "cannot-act": lambda f: _("{id} cannot act").format(id=f["who"]),
    "stunned": lambda f: _("{id} is stunned: no attack, only a parry").format(id=f["who"]),
    "must-parry": lambda f: _("{id} must parry: no attack this round").format(id=f["who"]),
    "prone": lambda f: _("{id} is on the ground and must get up first").format(id=f["who"]),
    "disarmed": lambda f: _("{id} has dropped their weapon and must take it up first").format(id=f["who"]),
    "self": lambda f: _("a combatant cannot target itself"),
    "gone": lambda f: _("{id} is no longer in the fight").format(id=f["target"]),
    "no-target": lambda f: _("this action needs a target"),
    "area": lambda f: _("this attack strikes an area: use breathe"),
    "beast-parry": lambda f: _("a beast does not parry; it may dodge instead"),
    "no-parry-weapon": lambda f: _("parrying needs a melee weapon in hand"),
    "no-parry-now": lambda f: _("{id} cannot parry this round").format(id=f["who"]),
    "parry-not-melee": lambda f: _("parrying needs a melee attack declared this round (not a shot or a spell)"),
    "negative-parry": lambda f: _("a parry moves 0 or more points of OB, not {amount}").format(amount=f["parry"]),
    "not-free": lambda f: _("{id} must parry: it can do nothing else this round").format(id=f["who"]),
    "too-close": lambda f: _("{metres} m from its target, a shot has no effect (2 m at least)").format(
        metres=f["distance"]),
    "too-far": lambda f: _("{metres} m is beyond the range of {weapon} ({max} m)").format(
        metres=f["distance"], weapon=f["weapon"], max=f["limit"]),
    "charge-shot": lambda f: _("a charge ends in a melee attack, not a shot"),
    "charge-short": lambda f: _("a charge needs a run of at least {min} m, not {distance} m").format(
        min=_metres(f["limit"]), distance=_metres(f["metres"])),
    "charge-long": lambda f: _("a charge runs at most twice the base movement ({limit} m), not {distance} m").format(
        limit=_metres(f["limit"]), distance=_metres(f["metres"])),
    "move-attack-far": lambda f: _("moving and attacking allows at most the base movement ({limit} m)").format(
        limit=_metres(f["limit"])),
    "stunned-move": lambda f: _("stunned, it moves at most half its base movement ({limit} m)").format(
        limit=_metres(f["limit"] / 2)),
    "run-limit": lambda f: _("{distance} m is beyond a running pace ({limit} m a round)").format(
        distance=_metres(f["metres"]), limit=_metres(f["limit"])),
    "disengage-half": lambda f: _("disengaging needs a parry of at least half the OB ({half})").format(
        half=f["limit"]),
    "no-uses": lambda f: _("{attack} has no use left").format(attack=f["weapon"]),
    "not-area": lambda f: _("{id} has no breath").format(id=f["who"]),
    "not-prone": lambda f: _("{id} is not on the ground").format(id=f["who"]),
    "not-disarmed": lambda f: _("{id} has not dropped their weapon").format(id=f["who"]),
    "unknown": lambda f: _("{id} cannot do that now").format(id=f["who"]),
    "positions": lambda f: _("{a} and {b} cannot both apply to one attack").format(a=f["position"][0],
                                                                                  b=f["position"][1]),
    "not-in-contact": lambda f: _("{id} must be in contact with {target} to shove it").format(
        id=f["who"], target=f["target"]),
    "not-shooter": lambda f: _("{target} has no shot to hamper").format(target=f["target"]),
    "direction": lambda f: _("a blow comes from the front, the flank or the rear"),
    "parry-foes": lambda f: _("{id} can share a parry only between combatants of the fight").format(id=f["who"]),
    "shooter-acted": lambda f: _("{target} has already acted this round: too late to hamper its shot").format(
        target=f["target"]),
}
"""A refusal's words by the kernel's reason (``REASONS`` in the kernel; a test holds the two lists equal)."""

BEAST_WORDS: dict[str, Words] = {
    "must-parry": lambda f: _("{id} is made to parry: no attack this round, but it may back off or dodge").format(
        id=f["who"]),
    "stunned": lambda f: _("{id} is stunned: no attack, but it may back off or dodge").format(id=f["who"]),
}
"""A beast's words where a character's would send it to a parry it never makes (bestiary, « Parade et esquive »)."""


def why(fight: HarpFight, actor: int, decision: tuple[int, ...]) -> tuple[int, int]:
    """The kernel's answer for ``actor``'s ``decision`` now: (the reason's code, 0 when allowed; the number it
    names)."""
    code, limit = kernel_of(fight.F).py_allowed(fight.F, 0, actor, decision)
    return int(code), int(limit)


def check(fight: HarpFight, actor: int, decision: tuple[int, ...]) -> None:
    """Refuse ``decision`` of ``actor`` in the GM's words when the kernel does not allow it."""
    code, limit = why(fight, actor, decision)
    if code == codes()["reasons"]["ok"]:
        return
    raise RulesError(words(fight, actor, decision, code, limit))


def words(fight: HarpFight, actor: int, decision: tuple[int, ...], code: int, limit: int) -> str:
    """The GM's words for the kernel's refusal ``code`` of ``decision``."""
    slots = codes()["slots"]
    target, strike = decision[slots["target"]], decision[slots["strike"]]
    me = fight.combatants[actor]
    facts: dict[str, Any] = {"who": me.id, "limit": limit, "metres": decision[slots["run"]] / rule("TENTHS"),
                             "parry": decision[slots["parry"]]}
    if 0 <= target < len(fight.combatants):
        facts["target"] = fight.combatants[target].id
        facts["distance"] = fight.value_between("distance", actor, target)
    names = fight.tables.positions.names
    pair = (limit // 64, limit % 64)
    facts["position"] = tuple(pick(names[k]) if 0 <= k < len(names) else str(k) for k in pair)
    if 0 <= strike < len(me.strikes):
        facts["weapon"] = pick(me.strikes[strike].name)
    name = reason_name(code)
    if me.beast and name in BEAST_WORDS:
        return BEAST_WORDS[name](facts)
    return WORDS.get(name, WORDS["unknown"])(facts)
