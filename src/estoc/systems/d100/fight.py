"""A d100 fight at the table: the round's phases, the DEX ranks, every action, and what the GM may change.

A round runs in the text's four phases. Statements of intent are the GM's affair (estoc does not ask for them);
during the movement phase the GM tells who moves (``move ID METRES``): 6–15 m halves that combatant's DEX rank, 16–29
m quarters it, 30 m or more leaves only defences. The first action (or ``actions``) closes the movement phase and
sets the order of the ranks: the higher rank first; at one rank missile weapons, then long, medium and short ones;
then the higher skill; what is still equal is simultaneous (:attr:`D100Fight.groups`): a combatant struck down by
someone of its own group still acts. Each combatant acts once, at its rank; defences come at the attack's rank. When
the last has acted, the resolution phase ends the round: whoever is still at 0 hit points or fewer dies.

The state is a :class:`~estoc.systems.d100.state.D100State` of one world: every rule is the kernels' own.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from estoc.dice import DiceSource
from estoc.engine.sides import Sides
from estoc.errors import InputError, RulesError
from estoc.i18n import _, pick
from estoc.render.d100 import exchange_record
from estoc.systems.d100.exchange import (
    DEFAULT_SETTINGS,
    DEFENCES,
    Combatant,
    Settings,
    defence_options,
    exchange_spec,
    resolve_exchange,
    with_wear,
)
from estoc.systems.d100.rules import (
    HIT,
    SPECIAL_HIT,
    STOPPED,
    Outcomes,
    dex_rank,
    move_divisor,
    weekly_healing,
)
from estoc.systems.d100.state import D100State, end_of_round, give_first_aid, take_wound

W0 = np.array([0])
REACH_ORDER = {"missile": 0, "long": 1, "medium": 2, "short": 3}


@dataclass
class Tally:
    damage_dealt: int = 0
    damage_taken: int = 0
    hits: int = 0
    specials: int = 0
    downed: int = 0
    rounds: int = 0


@dataclass
class D100Fight(Sides):
    """The state of one d100 fight (see the module)."""

    outcomes: Outcomes
    combatants: list[Combatant]
    sides: list[str]
    players: list[bool]
    state: D100State
    settings: Settings = DEFAULT_SETTINGS
    distance: int | None = None
    side_names: dict[str, dict[str, str]] = field(default_factory=dict)
    round: int = 0
    phase: str = "movement"
    order: list[int] = field(default_factory=list)
    groups: list[int] = field(default_factory=list)
    """``groups[k]``: the simultaneous group of ``order[k]``."""
    turn: int = 0
    moved: dict[int, int] = field(default_factory=dict)
    kneeling: set[int] = field(default_factory=set)
    reach: dict[int, str] = field(default_factory=dict)
    """The reach a combatant picked this round, for a weapon that has several."""
    weapon: dict[int, int] = field(default_factory=dict)
    """The weapon each combatant last used (from 1), which it parries with."""
    removed: set[int] = field(default_factory=set)
    group_standing: set[int] = field(default_factory=set)
    tally: list[Tally] = field(default_factory=list)

    @classmethod
    def start(cls, outcomes: Outcomes, members: list[tuple[str, Combatant, bool]], *,
              settings: Settings = DEFAULT_SETTINGS, distance: int | None = None) -> D100Fight:
        people = [c for _s, c, _p in members]
        state = D100State.new(
            1, [c.hp for c in people], shield_hp=[c.shield.record.hp if c.shield else 0 for c in people],
            shield_points=[c.shield.record.points if c.shield else 0 for c in people],
            weapon_hp=[[w.record.hp or 0 for w in c.weapons] for c in people],
            loaded=[[loaded_at_start(w) for w in c.weapons] for c in people])
        return cls(outcomes=outcomes, combatants=people, sides=[s for s, _c, _p in members],
                   players=[p for _s, _c, p in members], state=state, settings=settings, distance=distance,
                   tally=[Tally() for _ in people])

    def copy(self) -> D100Fight:
        twin = copy.copy(self)
        twin.state = self.state.copy()
        twin.tally = copy.deepcopy(self.tally)
        for name in ("order", "groups"):
            setattr(twin, name, list(getattr(self, name)))
        for name in ("moved", "weapon", "reach"):
            setattr(twin, name, dict(getattr(self, name)))
        for name in ("kneeling", "removed", "group_standing"):
            setattr(twin, name, set(getattr(self, name)))
        return twin

    # --- reading -------------------------------------------------------------------------------------------------

    def standing(self, c: int) -> bool:
        return c not in self.removed and not bool(self.state.out_of_fight()[0, c])

    def is_over(self) -> bool:
        """Over once the round in which only one side was left standing has ended (its simultaneous blows struck,
        its dying dead)."""
        return self.phase == "over"

    def current(self) -> int | None:
        if self.phase == "actions" and 0 <= self.turn < len(self.order):
            return self.order[self.turn]
        return None

    # --- the round -----------------------------------------------------------------------------------------------

    def _rank_key(self, c: int) -> tuple[int, int, int]:
        person = self.combatants[c]
        use = person.weapon(self.weapon.get(c, 1))
        rank = int(dex_rank(person.dex, self.moved.get(c, 0)))
        reach = self.reach.get(c, use.record.reach)
        if reach not in (use.record.reach, *use.record.other_reaches):
            reach = use.record.reach
        return (-rank, REACH_ORDER[reach], -use.skill)

    def _start_actions(self, records: list[dict[str, Any]]) -> None:
        """Close the movement phase: the order of this round's ranks."""
        able = [c for c in range(len(self.combatants)) if self.standing(c)
                and int(move_divisor(self.moved.get(c, 0))) > 0]
        able.sort(key=lambda c: (self._rank_key(c), c))
        self.order, self.groups = able, []
        for k, c in enumerate(able):
            same = k > 0 and self._rank_key(able[k - 1]) == self._rank_key(c)
            self.groups.append(self.groups[-1] if same else (self.groups[-1] + 1 if self.groups else 0))
        self.phase, self.turn = "actions", -1
        records.append({"kind": "order", "round": self.round, "order": [
            [self.combatants[c].id, int(dex_rank(self.combatants[c].dex, self.moved.get(c, 0))), self.groups[k]]
            for k, c in enumerate(able)], "defending_only": [self.combatants[c].id for c in self.moved
                                                             if int(move_divisor(self.moved[c])) == 0]})
        self._advance(records)

    def _advance(self, records: list[dict[str, Any]]) -> None:
        """The next combatant able to act; the resolution phase after the last."""
        while True:
            self.turn += 1
            if self.turn >= len(self.order):
                self._end_round(records)
                return
            c = self.order[self.turn]
            group = self.groups[self.turn]
            if self.turn == 0 or self.groups[self.turn - 1] != group:
                if self.one_side_left():  # the round's end comes now (and its deaths)
                    self._end_round(records)
                    return
                # A new group: who stands now may act even if a blow of this same group fells them.
                self.group_standing = {o for k, o in enumerate(self.order) if self.groups[k] == group
                                       and self.standing(o)}
            if c in self.group_standing and c not in self.removed:
                self.tally[c].rounds += 1
                return
            records.append({"kind": "skip", "actor": self.combatants[c].id})

    def _end_round(self, records: list[dict[str, Any]]) -> None:
        died = end_of_round(self.state)[0]
        records.append({"kind": "end-round", "round": self.round,
                        "died": [self.combatants[c].id for c in np.flatnonzero(died)]})
        if self.one_side_left():
            self.phase = "over"
            winner = self.winner()
            records.append({"kind": "over", "winner": winner,
                            "winner_name": self.side_names.get(winner, {}) if winner else None})
            return
        self.round += 1
        self.phase, self.order, self.groups, self.turn = "movement", [], [], 0
        self.moved.clear()
        self.reach.clear()
        records.append(self._round_record())

    def _actor(self) -> int:
        if self.round == 0:
            raise RulesError(_("the fight has not begun: type begin"))
        if self.phase == "over":
            raise RulesError(_("the fight is over"))
        c = self.current()
        if c is None:
            raise RulesError(_("no one is acting now"))
        return c

    # --- events --------------------------------------------------------------------------------------------------

    def apply(self, event: Mapping[str, Any], dice: DiceSource) -> list[dict[str, Any]]:
        kind = str(event.get("type", ""))
        records: list[dict[str, Any]] = []
        if kind == "begin":
            if self.round:
                raise RulesError(_("the fight has already begun"))
            self.round = 1
            records.append(self._round_record())
            return records
        if self.round == 0:
            raise RulesError(_("the fight has not begun: type begin"))
        if kind == "move":
            self._move(event, records)
            return records
        if kind in ("intent", "reach"):
            if self.phase != "movement":
                raise RulesError(_("statements of intent and reaches come before the actions, at the start of a "
                                   "round"))
            c = self.index(str(event["target"]))
            if kind == "reach":
                use = self.combatants[c].weapon(self.weapon.get(c, 1))
                allowed = (use.record.reach, *use.record.other_reaches)
                if event["reach"] not in allowed:
                    raise RulesError(_("{weapon} is used at {allowed}, not {reach}").format(
                        weapon=pick(use.record.name.as_dict()), allowed=", ".join(allowed), reach=event["reach"]))
                self.reach[c] = str(event["reach"])
            records.append({"kind": kind, "actor": self.combatants[c].id,
                            **({"text": str(event["text"])} if kind == "intent" else {"reach": event["reach"]})})
            return records
        if kind == "kneel":
            c = self.index(str(event["target"]))
            (self.kneeling.discard if c in self.kneeling else self.kneeling.add)(c)
            records.append({"kind": "kneel", "actor": self.combatants[c].id, "kneeling": c in self.kneeling})
            return records
        if kind == "gm":
            self._gm(event, records, dice)
            return records
        if kind == "end-round":  # the GM closes the round now, whoever has not acted yet
            if self.phase == "over":
                raise RulesError(_("the fight is over"))
            self._end_round(records)
            return records
        if self.phase == "movement":
            self._start_actions(records)
            if kind == "actions":
                return records
        elif kind == "actions":
            raise RulesError(_("the actions have already begun this round"))
        if self.phase == "over":
            raise RulesError(_("the fight is over"))
        actor = self._actor()
        if kind == "attack":
            records.append(self._attack(actor, event, dice))
        elif kind == "first-aid":
            records.append(self._first_aid(actor, event, dice))
        elif kind == "reload":
            records.append(self._reload(actor, event))
        elif kind == "pass":
            records.append({"kind": "pass", "actor": self.combatants[actor].id})
        else:
            raise InputError(_("unknown event {kind!r}").format(kind=kind))
        self._advance(records)
        return records

    def _move(self, event: Mapping[str, Any], records: list[dict[str, Any]]) -> None:
        if self.phase != "movement":
            raise RulesError(_("movement comes before the actions: move at the start of a round"))
        c = self.index(str(event["target"]))
        metres = int(event["metres"])
        if metres < 0:
            raise InputError(_("a distance is 0 metres or more, not {n}").format(n=metres))
        self.moved[c] = metres
        records.append({"kind": "move", "actor": self.combatants[c].id, "metres": metres,
                        "rank": int(dex_rank(self.combatants[c].dex, metres))})

    def _attack(self, actor: int, event: Mapping[str, Any], dice: DiceSource) -> dict[str, Any]:
        target = self.index(str(event["target"]))
        if self.sides[target] == self.sides[actor]:
            raise RulesError(_("{target} is on the same side").format(target=self.combatants[target].id))
        if not self.standing(target) and not bool(self.state.dying()[0, target]):
            raise RulesError(_("{target} is out of the fight").format(target=self.combatants[target].id))
        person, foe = self.combatants[actor], self.combatants[target]
        number = int(event.get("weapon", self.weapon.get(actor, 1)))
        use = person.weapon(number)
        s = number - 1
        if int(self.state.loaded[0, actor, s]) == 0:
            raise RulesError(_("{weapon} is not loaded: reload it first (a full round)").format(
                weapon=pick(use.record.name.as_dict())))
        if self.round < int(self.state.reload_until[0, actor, s]):
            raise RulesError(_("{weapon} is still being reloaded until round {round}").format(
                weapon=pick(use.record.name.as_dict()), round=int(self.state.reload_until[0, actor, s])))
        if use.record.hp is not None and int(self.state.weapon_hp[0, actor, s]) <= 0:
            raise RulesError(_("{weapon} is broken").format(weapon=pick(use.record.name.as_dict())))
        wanted = event.get("defence")
        if event.get("unseen"):  # the defender neither knows of the blow nor sees it: no defence
            if wanted not in (None, "none"):
                raise RulesError(_("an unseen attack cannot be parried or dodged"))
            wanted = "none"
        defender = self._with_wear(target)
        distance = event.get("distance", self.distance if use.missile else None)
        options = defence_options(use, defender, self.settings, kneeling=target in self.kneeling,
                                  parry_weapon=event.get("parry_weapon"))
        if wanted is None:
            wanted = next(d for d in ("parry", "dodge", "none") if d in options) if self.standing(target) else "none"
        if wanted not in DEFENCES:
            raise InputError(_("a defence is none, parry or dodge, not {value!r}").format(value=wanted))
        if wanted != "none" and not self.standing(target):
            raise RulesError(_("{target} cannot defend").format(target=foe.id))
        spec = exchange_spec(person, number, defender, wanted, self.settings,
                             distance=None if distance is None else int(distance),
                             difficult=bool(event.get("difficult")), modifier=int(event.get("mod", 0)),
                             kneeling=target in self.kneeling, parry_weapon=event.get("parry_weapon"))
        out = resolve_exchange(dice, self.outcomes, spec, 1)
        self.weapon[actor] = number
        if int(self.state.loaded[0, actor, s]) > 0:
            self.state.loaded[0, actor, s] -= 1
        record = exchange_record(out, spec)
        record.update(kind="attack", actor=person.id, target=foe.id, weapon=use.record.id, round=self.round)
        if bool(out.absorbed.worn[0]):
            record["broken"] = self._wear(target, spec.defence.item)
        was_up = self.standing(target)
        fell = take_wound(self.state, dice, W0, np.array([target]), out.body)
        tally, taken = self.tally[actor], int(out.body[0])
        tally.damage_dealt += taken
        self.tally[target].damage_taken += taken
        result = int(out.result[0])
        tally.hits += result in (HIT, SPECIAL_HIT) or (result == STOPPED and taken > 0)
        tally.specials += result == SPECIAL_HIT
        if was_up and not self.standing(target):
            tally.downed += 1
        record.update(hp=int(self.state.hp[0, target]), unconscious=bool(fell[0]),
                      hours=int(self.state.unconscious_hours[0, target]) if bool(fell[0]) else 0,
                      dying=bool(self.state.dying()[0, target]))
        return record

    def _with_wear(self, c: int) -> Combatant:
        s = self.state
        return with_wear(self.combatants[c], int(s.shield_hp[0, c]), int(s.shield_points[0, c]),
                         [int(x) for x in s.weapon_hp[0, c]])

    def _wear(self, c: int, item: str) -> bool:
        """The parrying item loses a hit point (a shield an armour point too); True when it breaks."""
        if item == "shield":
            self.state.shield_hp[0, c] -= 1
            self.state.shield_points[0, c] = max(int(self.state.shield_points[0, c]) - 1, 0)
            return int(self.state.shield_hp[0, c]) <= 0
        s = int(item.split(":")[1]) - 1
        self.state.weapon_hp[0, c, s] -= 1
        return int(self.state.weapon_hp[0, c, s]) <= 0

    def _first_aid(self, actor: int, event: Mapping[str, Any], dice: DiceSource) -> dict[str, Any]:
        target = self.index(str(event["target"]))
        count = int(self.state.wound_count[0, target])
        if count == 0:
            raise RulesError(_("{target} has no wound").format(target=self.combatants[target].id))
        wound = int(event.get("wound", 0)) - 1
        if wound < 0:  # the worst wound not yet treated
            open_ = [k for k in range(count) if not bool(self.state.treated[0, target, k])]
            if not open_:
                raise RulesError(_("every wound of {target} has had its first aid").format(
                    target=self.combatants[target].id))
            wound = max(open_, key=lambda k: int(self.state.wounds[0, target, k]))
        if not 0 <= wound < count:
            raise RulesError(_("{target} has wounds 1 to {n}, not {k}").format(
                target=self.combatants[target].id, n=count, k=wound + 1))
        if bool(self.state.treated[0, target, wound]):
            raise RulesError(_("that wound has had its first aid already (once per wound)"))
        before = int(self.state.hp[0, target])
        aid = give_first_aid(self.state, dice, W0, np.array([target]), np.array([wound]),
                             np.array([self.combatants[actor].first_aid]))
        return {"kind": "first-aid", "actor": self.combatants[actor].id, "target": self.combatants[target].id,
                "wound": wound + 1, "roll": int(aid.roll[0]), "skill": self.combatants[actor].first_aid,
                "success": bool(aid.success[0]), "healed": int(aid.healed[0]), "hp": int(self.state.hp[0, target]),
                "saved": before <= 0 < int(self.state.hp[0, target])}

    def _reload(self, actor: int, event: Mapping[str, Any]) -> dict[str, Any]:
        person = self.combatants[actor]
        number = int(event.get("weapon", self.weapon.get(actor, 1)))
        use = person.weapon(number)
        if use.record.magazine is None and not use.record.reload_rounds:
            raise RulesError(_("{weapon} needs no reloading").format(weapon=pick(use.record.name.as_dict())))
        s = number - 1
        self.state.loaded[0, actor, s] = use.record.magazine or 1
        self.state.reload_until[0, actor, s] = self.round + max(use.record.reload_rounds, 1)
        self.weapon[actor] = number
        return {"kind": "reload", "actor": person.id, "weapon": use.record.id,
                "ready": int(self.state.reload_until[0, actor, s])}

    def _round_record(self) -> dict[str, Any]:
        """A new round: its number, and who states intentions first (the highest DEX first)."""
        by_dex = sorted((c for c in range(len(self.combatants)) if self.standing(c)),
                        key=lambda c: (-self.combatants[c].dex, c))
        return {"kind": "round", "round": self.round, "intent_order": [self.combatants[c].id for c in by_dex]}

    def _gm(self, event: Mapping[str, Any], records: list[dict[str, Any]], dice: DiceSource) -> None:
        op = str(event.get("op"))
        c = self.index(str(event["target"]))
        value = int(event.get("value", 0))
        if op == "hp":
            self.state.hp[0, c] = value
        elif op == "damage":
            take_wound(self.state, _NoDice(), W0, np.array([c]), np.array([value]))
        elif op == "heal":
            self.state.hp[0, c] = min(int(self.state.hp[0, c]) + value, int(self.state.hp_max[0, c]))
        elif op == "rest":
            if bool(self.state.dead[0, c]):
                raise RulesError(_("{target} is dead: rest heals only the living").format(
                    target=self.combatants[c].id))
            for _week in range(max(value, 1)):
                self.state.hp[:, c] = weekly_healing(dice, self.state.hp[:, c], self.state.hp_max[:, c],
                                                     ideal=bool(event.get("ideal")))
        elif op == "wake":
            self.state.unconscious[0, c] = False
        elif op == "out":
            self.removed.add(c)
        elif op == "back":
            self.removed.discard(c)
        else:
            raise InputError(_("unknown GM command {op!r}").format(op=op))
        records.append({"kind": "gm", "op": op, "target": self.combatants[c].id, "value": value,
                        "hp": int(self.state.hp[0, c])})

    # --- the protocol's other reads ------------------------------------------------------------------------------

    def auto_event(self) -> dict[str, Any]:
        """The default policy (see :func:`estoc.systems.d100.policy.choose`)."""
        from estoc.systems.d100.policy import choose

        return choose(self)

    def view(self) -> dict[str, Any]:
        current = self.current()
        rows = []
        for c, person in enumerate(self.combatants):
            state = ("dead" if bool(self.state.dead[0, c]) else "dying" if bool(self.state.dying()[0, c])
                     else "unconscious" if bool(self.state.unconscious[0, c]) else "out" if c in self.removed
                     else "ok")
            rows.append({"id": person.id, "name": person.name, "side": self.sides[c], "player": self.players[c],
                         "hp": int(self.state.hp[0, c]), "hp_max": int(self.state.hp_max[0, c]), "state": state,
                         "wounds": [int(w) for w in self.state.wounds[0, c, :int(self.state.wound_count[0, c])]],
                         "dex": person.dex, "kneeling": c in self.kneeling,
                         "shield_hp": int(self.state.shield_hp[0, c]) if person.shield else None})
        return {"system": "d100", "round": self.round, "phase": self.phase,
                "order": [self.combatants[c].id for c in self.order],
                "current": self.combatants[current].id if current is not None else None,
                "combatants": rows, "over": self.is_over(), "winner": self.winner() if self.is_over() else None}

    def summary(self) -> dict[str, Any]:
        return {"system": "d100", "rounds": self.round, "winner": self.winner() if self.is_over() else None,
                "combatants": [{"id": c.id, "name": c.name, "side": self.sides[i], **vars(self.tally[i])}
                               for i, c in enumerate(self.combatants)]}


class _NoDice(DiceSource):
    """The GM's own damage: the hours of unconsciousness are the GM's to say, estoc rolls none."""

    def _draw(self, sides: int, n: int, purpose: str, worlds: Any) -> tuple[Any, list[bool]]:
        return np.zeros(n, dtype=np.int64), [False] * n


def loaded_at_start(use: Any) -> int:
    """Shots ready when the fight begins: a full magazine, one bolt in a crossbow, −1 for weapons never reloaded."""
    if use.record.magazine is not None:
        return int(use.record.magazine)
    return 1 if use.record.reload_rounds else -1
