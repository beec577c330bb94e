"""The GM's overrides, at any moment: hit points and conditions set by hand, modifiers to one attack or to the whole
fight, a combatant added or taken out, the order changed. They write the kernel's world directly: they are the GM's
word, not rules."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from estoc.content.models import harp
from estoc.dice import DiceSource
from estoc.engine.numbers import bounded, event_whole
from estoc.errors import InputError, RulesError
from estoc.i18n import _
from estoc.systems.harp.commands import GM_RANGES, condition_names
from estoc.systems.harp.encounter import encounter_from_setup
from estoc.systems.harp.heroes import combatant_for
from estoc.systems.harp.worlds import NO_LIMIT, array, kernel_of

if TYPE_CHECKING:
    from estoc.systems.harp.fight import HarpFight

CONDITIONS = ("stun", "bleed", "penalty", "must-parry", "no-parry", "shaken", "prone", "disarmed", "down", "dead")
PINNED = {"stun": "stun_until", "must-parry": "must_parry_until", "no-parry": "no_parry_until"}
FLAGS = {"shaken": "shaken", "prone": "prone", "disarmed": "disarmed", "down": "down", "dead": "dead"}


def _set(fight: HarpFight, name: str, c: int, value: int) -> None:
    array(fight.F, name)[0, c] = value


def _set_condition(fight: HarpFight, c: int, name: str, value: int) -> None:
    now = fight.round
    if value < 0 and name not in ("penalty",):
        raise InputError(_("a condition's value is 0 or more, not {value}").format(value=value))
    if name in PINNED:
        # N rounds pinned to the round clock like the criticals' durations: the victim's next N actions (from this
        # round's when it has not acted yet, from the next round's when it has: the kernel's ``pinned_from``).
        base = int(kernel_of(fight.F).py_pinned_from(fight.F, 0, c))
        _set(fight, PINNED[name], c, base + value if value else 0)
        if name == "stun" and value:
            _set(fight, "stun_since", c, now)
    elif name == "bleed":
        _set(fight, "bleed", c, value)
    elif name == "penalty":
        _set(fight, "penalty", c, -abs(value))
    elif name in FLAGS:
        _set(fight, FLAGS[name], c, int(bool(value)))
    else:
        raise InputError(_("unknown condition {name!r}; known: {known}").format(name=name, known=condition_names()))


NO_COVER = ("none", "aucun", "aucune", "0")


def cover_bonus(fight: HarpFight, cover_id: str) -> tuple[int, int]:
    """What a cover of the content adds to the DB, against melee blows and against shots (« Position à couvert »);
    (0, 0) for none."""
    if cover_id.strip().lower() in NO_COVER:
        return 0, 0

    cover = fight.content.get("harp", "cover", cover_id, harp.Cover)
    return cover.melee, cover.missile


def apply_gm(fight: HarpFight, event: Mapping[str, Any], dice: DiceSource) -> list[dict[str, Any]]:
    """Apply one GM override; returns its narration record."""
    op = str(event.get("op", ""))
    value = event_whole(event, "value")
    record: dict[str, Any] = {"kind": "gm", "op": op, "value": value, "target": event.get("target")}
    F = fight.F
    if op == "fight-mod":
        F.fight_mod[0] = value
        return [record]
    if op == "sun":
        # « Sensibilité à la Lumière du Soleil »: the sun comes out or goes behind the clouds, from now on.
        if value not in (0, 1):
            raise InputError(_("sun: on or off, not {value}").format(value=value))
        fight.full_sun = bool(value)
        F.full_sun = value
        return [record]
    if op == "surprise":
        return [_surprise(fight, event, record)]
    if op == "reinforce":
        return [_reinforce(fight, event, record)]
    if op == "add":
        level = event.get("level")
        base = combatant_for(fight.content, str(event.get("ref", "")), None if level is None else int(level))
        new_id = str(event.get("id") or base.id)
        side = str(event.get("side", ""))
        if side not in fight.sides:
            raise InputError(_("unknown side {side!r}; sides: {sides}").format(
                side=side, sides=", ".join(dict.fromkeys(fight.sides))))
        c = fight.join(side, replace(base, id=new_id, name=fight.newcomer_name(base.name)))
        record["target"] = new_id
        record["index"] = c
        return [record]
    turn = int(F.turn[0])
    order = fight.order
    rest = order[turn + 1:] if turn >= 0 else list(order)
    if op == "order":
        ids = [fight.index(str(x)) for x in event.get("ids", [])]
        if sorted(ids) != sorted(rest):
            raise RulesError(_("give every combatant still to act this round, in the new order: {ids}").format(
                ids=", ".join(fight.combatants[i].id for i in rest)))
        array(F, "order")[0, len(order) - len(rest):len(order)] = ids
        record["ids"] = [fight.combatants[i].id for i in ids]
        return [record]
    if op == "distance":
        # The GM's fact: metres between two combatants (0: in contact; −1: forget it).
        a, b = (fight.index(str(x)) for x in event.get("ids", ["", ""]))
        if a == b:
            raise InputError(_("a distance is between two different combatants"))
        if value < -1:
            raise InputError(_("a distance is 0 metres or more (−1 to forget it), not {value}").format(value=value))
        array(F, "distance")[0, a, b] = array(F, "distance")[0, b, a] = value
        record["ids"] = [fight.combatants[a].id, fight.combatants[b].id]
        return [record]
    if op == "init":
        return _initiatives(fight, event, value, record, dice)
    c = fight.index(str(event.get("target", "")))
    if op == "declare":
        ids = event.get("ids") or []
        if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
            raise InputError(_("initiative modifiers are ids separated by commas"))
        _set(fight, "init_declared", c, fight.tables.initiative.mask([str(i) for i in ids]))
        record["ids"] = list(ids)
        return [record]
    if op == "cover":
        melee, missile = cover_bonus(fight, str(event.get("cover", "")))
        _set(fight, "cover_melee", c, melee)
        _set(fight, "cover_missile", c, missile)
        record["cover"] = event.get("cover")
        if melee or missile:  # its name as the content gives it, for the narration (no id in a sentence)
            record["cover_name"] = fight.content.get("harp", "cover", str(event.get("cover", "")),
                                                     harp.Cover).name.as_dict()
        return [record]
    if op == "hp":
        _set(fight, "hp", c, value)
        _set(fight, "down", c, int(value <= 0 or bool(fight.value("dying_round", c))))
    elif op == "damage":
        if value < 0:
            raise InputError(_("damage is 0 or more, not {value}").format(value=value))

        kernel_of(F).py_take_hits(F, 0, c, value)
    elif op == "heal":
        if value < 0:
            raise InputError(_("healing is 0 or more, not {value}").format(value=value))
        _set(fight, "hp", c, min(fight.value("hp", c) + value, fight.combatants[c].hp))
        if fight.value("hp", c) > 0 and not fight.value("dying_round", c):
            _set(fight, "down", c, 0)
    elif op == "condition":
        _set_condition(fight, c, str(event.get("name", "")), value)
        record["name"] = event.get("name")
    elif op == "relieve":
        # Magic or herbs that reduce penalties: the penalty lessens (never above 0), and any such relief also ends
        # must-parry and no-parry at once (« Parade Obligatoire », « Parade Interdite »).
        _set(fight, "penalty", c, min(fight.value("penalty", c) + value, 0))
        _set(fight, "must_parry_until", c, 0)
        _set(fight, "no_parry_until", c, 0)
    elif op == "mod":
        _set(fight, "next_mod", c, fight.value("next_mod", c) + value)
    elif op == "out":
        _set(fight, "present", c, 0)
    elif op == "back":
        _set(fight, "present", c, 1)
    else:
        raise InputError(_("unknown GM command {op!r}").format(op=op))
    return [record]


def _initiatives(fight: HarpFight, event: Mapping[str, Any], value: int, record: dict[str, Any],
                 dice: DiceSource) -> list[dict[str, Any]]:
    """``init``: initiative totals the GM typed this round (one, or several: ``values``, [id, total] pairs). Those
    still to act take their places by the new totals; the combatant whose turn it is moves too when its own total
    is given and it has not acted yet, and the new first then begins its turn."""
    low, high = GM_RANGES["init"]
    if "values" in event:
        pairs = event.get("values")
        if not isinstance(pairs, list) or not pairs or not all(
                isinstance(pair, list | tuple) and len(pair) == 2 for pair in pairs):
            raise InputError(_("init: initiative totals are pairs of an id and a number"))
        given = [(fight.index(str(who)), bounded(total, _("an initiative total"), low, high)) for who, total in pairs]
        record["values"] = [[fight.combatants[c].id, total] for c, total in given]
    else:
        given = [(fight.index(str(event.get("target", ""))), bounded(value, _("an initiative total"), low, high))]
    if len({c for c, _total in given}) < len(given):
        raise InputError(_("init: a combatant is given twice"))
    F = fight.F
    for c, total in given:
        _set(fight, "initiative", c, total)
        fight.initiative_set[c] = fight.round
    turn = int(F.turn[0])
    order, current = fight.order, fight.current()
    moved = {c for c, _total in given}
    starts_now = current is not None and current in moved and not fight.value("acted", current)
    start = 0 if turn < 0 else turn if starts_now else turn + 1
    rest = order[start:]
    records = [record]
    if not moved & set(rest):
        return records
    rest.sort(key=lambda i: -fight.value("initiative", i))
    array(F, "order")[0, start:start + len(rest)] = rest
    if starts_now and rest[0] != current:
        # The combatant whose turn had begun is no longer first: the new first begins its turn (the other's turn,
        # already begun, resumes when its place comes).

        F.source, F.error, F.log = dice, None, []
        teller = fight.teller()
        F.turn[0] = turn - 1
        try:
            kernel_of(F).py_advance(F, 0, NO_LIMIT)
            fight.tell(teller, records)
        finally:
            F.source = None
    return records


def _surprise(fight: HarpFight, event: Mapping[str, Any], record: dict[str, Any]) -> dict[str, Any]:
    """« Surprise », the GM's word at any moment: that side is surprised in the current round (the first, before the
    fight begins: −20 to its initiative then), attacks on its members taking the surprised opponent's position
    bonus; ``None`` ends it. A round whose initiative is rolled keeps its order."""
    side = event.get("side")
    order = list(dict.fromkeys(fight.sides))
    if side is not None and side not in order:
        raise InputError(_("unknown side {side!r}; sides: {sides}").format(side=side, sides=", ".join(order)))
    array(fight.F, "surprised")[0] = order.index(str(side)) if side is not None else -1
    array(fight.F, "surprise_round")[0] = max(fight.round, 1)
    fight.surprised = None if side is None else str(side)
    record["side"] = side
    record["round"] = max(fight.round, 1)
    return record


def _reinforce(fight: HarpFight, event: Mapping[str, Any], record: dict[str, Any]) -> dict[str, Any]:
    """Every combatant of an encounter's setup (the GM's reinforcements), each onto the side it names; they roll
    initiative with everyone from the next round."""
    setup = event.get("setup")
    if not isinstance(setup, dict):
        raise InputError(_("reinforcements need an encounter's setup"))
    found = encounter_from_setup(setup, fight.content)
    known = list(dict.fromkeys(fight.sides))
    for _cid, side, _person in found.combatants:
        if side not in known:
            raise InputError(_("the reinforcements' side {side!r} is not in this fight; sides: {sides}").format(
                side=side, sides=", ".join(known)))
    for cid, side, person in found.combatants:
        fight.join(side, replace(person, id=cid))
    record["ids"] = [cid for cid, _side, _person in found.combatants]
    record["value"] = len(found.combatants)
    record["file"] = event.get("file")
    return record
