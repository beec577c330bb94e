"""The GM's overrides in a fight of the One Ring house rules, at any moment: endurance, wounds, dying, Hope and the
round's weariness set by hand, a combatant taken out or brought back. They write the kernel's world directly (the
kernel then settles who stands): they are the GM's word, not rules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from estoc.engine.numbers import event_whole
from estoc.errors import InputError, RulesError
from estoc.i18n import _, grouped
from estoc.systems.tor.commands import condition_names
from estoc.systems.tor.joining import add, reinforce
from estoc.systems.tor.worlds import array

if TYPE_CHECKING:
    from estoc.systems.tor.fight import TorFight

ENDURANCE_MAX = 999
"""The most endurance the GM may type (far above any sheet's)."""
HOPE_MAX = 99
WOUNDS_MAX = 20
CONDITIONS = ("weary", "regain", "dying")
"""What ``condition`` sets: ``weary`` (intimidated: weary this round), ``regain`` (has yielded ground: its main
action is to regain position), ``dying``."""
OPS = ("endurance", "damage", "heal", "wound", "dying", "hope", "condition", "out", "back")
"""The overrides, by their event's ``op``."""


def _number(event: Mapping[str, Any], low: int, high: int, what: str) -> int:
    value = event_whole(event, "value")
    if not low <= value <= high:
        raise InputError(_("{what} is from {low} to {high}, not {value}").format(what=what, low=grouped(low),
                                                                                high=grouped(high), value=value))
    return value


def _set(fight: TorFight, name: str, c: int, value: int) -> None:
    array(fight.F, name)[0, c] = value


def _hero_only(fight: TorFight, c: int, what: str) -> None:
    if not fight.hero(c):
        raise RulesError(_("{who} is an adversary: {what} is a hero's").format(who=fight.combatants[c].id,
                                                                               what=what))


def apply_gm(fight: TorFight, event: Mapping[str, Any]) -> dict[str, Any]:
    """Apply one GM override; returns its narration record (the combatant's endurance, wounds, Hope and whether it
    stands, after it)."""
    op = str(event.get("op", ""))
    if op == "add":
        return add(fight, event)
    if op == "reinforce":
        return reinforce(fight, event)
    if op not in OPS:
        raise InputError(_("unknown GM command {op!r}").format(op=op))
    c = fight.index(str(event.get("target", "")))
    person = fight.combatants[c]
    record: dict[str, Any] = {"kind": "gm", "op": op, "target": person.id}
    out = False
    if op == "endurance":
        _set(fight, "endurance", c, _number(event, 0, ENDURANCE_MAX, _("endurance")))
    elif op == "damage":
        lost = _number(event, 0, ENDURANCE_MAX, _("the endurance lost"))
        _set(fight, "endurance", c, max(fight.value("endurance", c) - lost, 0))
        _set(fight, "taken", c, fight.value("taken", c) + lost)
    elif op == "heal":
        gained = _number(event, 0, ENDURANCE_MAX, _("the endurance given back"))
        _set(fight, "endurance", c, min(fight.value("endurance", c) + gained, max(person.endurance,
                                                                                  fight.value("endurance", c))))
    elif op == "wound":
        # The wounds a combatant carries: a hero's second leaves it dying (« Coup perforant »), and a first one
        # the GM calls fatal (the Eye on the severity's feat die) does too; an adversary falls at its Might.
        wounds = _number(event, 0, WOUNDS_MAX, _("the wounds"))
        _set(fight, "wounds", c, wounds)
        if fight.hero(c):
            _set(fight, "dying", c, int(wounds >= 2 or (wounds >= 1 and bool(event.get("fatal")))))
        elif event.get("fatal"):
            raise RulesError(_("only a hero's wound is fatal; {who} is an adversary").format(who=person.id))
        record["fatal"] = bool(event.get("fatal"))
    elif op == "dying":
        _hero_only(fight, c, _("dying"))
        _set(fight, "dying", c, int(bool(_number(event, 0, 1, _("dying (on or off)")))))
    elif op == "hope":
        _hero_only(fight, c, _("Hope"))
        # never above the hero's own maximum (its sheet's Hope)
        _set(fight, "hope", c, _number(event, 0, min(HOPE_MAX, int(fight.F.hope_max[c])), _("Hope")))
    elif op == "condition":
        name = str(event.get("name", ""))
        if name not in CONDITIONS:
            raise InputError(_("unknown condition {name!r}; known: {known}").format(
                name=name, known=condition_names()))
        value = int(bool(_number(event, 0, 1, _("a condition (on or off)"))))
        if name == "dying":
            _hero_only(fight, c, _("dying"))
        if name == "regain":
            _hero_only(fight, c, _("regaining position"))
        _set(fight, name, c, value)
        record["name"] = name
    elif op == "out":
        if not fight.standing(c):
            raise RulesError(_("{who} is not in the fight").format(who=person.id))
        out = True
    elif op == "back" and fight.standing(c):
        raise RulesError(_("{who} is already in the fight").format(who=person.id))
    record["value"] = event.get("value")
    fight.K.py_settle(fight.F, 0, c, out)
    if op == "back" and not fight.standing(c):
        raise RulesError(_("{who} cannot stand again: give it endurance, or lift its dying, first").format(
            who=person.id))
    record.update({"endurance": fight.value("endurance", c), "wounds": fight.value("wounds", c),
                   "standing": fight.standing(c), "dying": fight.dying(c)})
    if fight.hero(c):
        record["hope"] = fight.value("hope", c)
    return record
