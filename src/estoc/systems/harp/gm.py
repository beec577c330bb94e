"""The GM's overrides, at any moment: hit points and conditions set by hand, modifiers to one attack or to the whole
fight, a combatant added or taken out, the order changed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import numpy as np

from estoc.dice import DiceSource
from estoc.errors import InputError, RulesError
from estoc.i18n import _
from estoc.systems.harp.conditions import relieve_penalties, take_hits

if TYPE_CHECKING:
    from estoc.systems.harp.fight import HarpFight

W0 = np.array([0])

CONDITIONS = ("stun", "bleed", "penalty", "must-parry", "no-parry", "shaken", "prone", "disarmed", "down", "dead")


def _set_condition(fight: HarpFight, c: int, name: str, value: int) -> None:
    state, now = fight.state, fight.round
    if value < 0 and name not in ("penalty",):
        raise InputError(_("a condition's value is 0 or more, not {value}").format(value=value))
    pinned = {"stun": state.stun_until, "must-parry": state.must_parry_until, "no-parry": state.no_parry_until}
    if name in pinned:
        # Rounds from now, pinned to the round clock like the criticals' durations.
        pinned[name][0, c] = now + value if value else 0
        if name == "stun" and value:
            state.stun_since[0, c] = now
    elif name == "bleed":
        state.bleed[0, c] = value
    elif name == "penalty":
        state.penalty[0, c] = -abs(value)
    elif name == "shaken":
        state.shaken[0, c] = bool(value)
    elif name == "prone":
        state.prone[0, c] = bool(value)
    elif name == "disarmed":
        state.disarmed[0, c] = bool(value)
    elif name == "down":
        state.down[0, c] = bool(value)
    elif name == "dead":
        state.dead[0, c] = bool(value)
    else:
        raise InputError(_("unknown condition {name!r}; known: {known}").format(name=name, known=", ".join(CONDITIONS)))


def apply_gm(fight: HarpFight, event: Mapping[str, Any], dice: DiceSource) -> list[dict[str, Any]]:
    """Apply one GM override; returns its narration record."""
    op = str(event.get("op", ""))
    value = int(event.get("value", 0))
    record: dict[str, Any] = {"kind": "gm", "op": op, "value": value, "target": event.get("target")}
    state = fight.state
    if op == "fight-mod":
        fight.fight_mod = value
        return [record]
    if op == "add":
        from estoc.systems.harp.heroes import combatant_for

        level = event.get("level")
        base = combatant_for(fight.content, str(event.get("ref", "")), None if level is None else int(level))
        new_id = str(event.get("id") or base.id)
        side = str(event.get("side", ""))
        if side not in fight.sides:
            raise InputError(_("unknown side {side!r}; sides: {sides}").format(
                side=side, sides=", ".join(dict.fromkeys(fight.sides))))
        from dataclasses import replace

        c = fight.join(side, replace(base, id=new_id))
        # A newcomer acts from the next round on.
        record["target"] = new_id
        record["index"] = c
        return [record]
    if op == "order":
        ids = [fight.index(str(x)) for x in event.get("ids", [])]
        rest = fight.order[fight.turn + 1:] if fight.turn >= 0 else list(fight.order)
        if sorted(ids) != sorted(rest):
            raise RulesError(_("give every combatant still to act this round, in the new order: {ids}").format(
                ids=", ".join(fight.combatants[i].id for i in rest)))
        fight.order[len(fight.order) - len(rest):] = ids
        record["ids"] = [fight.combatants[i].id for i in ids]
        return [record]
    c = fight.index(str(event.get("target", "")))
    if op == "hp":
        state.hp[0, c] = value
        state.down[0, c] = value <= 0 or bool(state.dying_round[0, c])
    elif op == "damage":
        if value < 0:
            raise InputError(_("damage is 0 or more, not {value}").format(value=value))
        take_hits(state, W0, np.array([c]), np.array([value]))
    elif op == "heal":
        if value < 0:
            raise InputError(_("healing is 0 or more, not {value}").format(value=value))
        state.hp[0, c] = min(int(state.hp[0, c]) + value, int(state.hp_max[0, c]))
        if int(state.hp[0, c]) > 0 and not int(state.dying_round[0, c]):
            state.down[0, c] = False
    elif op == "condition":
        _set_condition(fight, c, str(event.get("name", "")), value)
        record["name"] = event.get("name")
    elif op == "relieve":
        relieve_penalties(state, W0, np.array([c]), value)
    elif op == "mod":
        fight.next_mod[c] = fight.next_mod.get(c, 0) + value
    elif op == "out":
        fight.removed.add(c)
    elif op == "back":
        fight.removed.discard(c)
    elif op == "init":
        fight.initiative[c] = value
        rest = fight.order[fight.turn + 1:] if fight.turn >= 0 else list(fight.order)
        if c in rest:
            rest.sort(key=lambda i: -fight.initiative.get(i, 0))
            fight.order[len(fight.order) - len(rest):] = rest
    else:
        raise InputError(_("unknown GM command {op!r}").format(op=op))
    return [record]
