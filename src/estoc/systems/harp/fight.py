"""A HARP fight in play: the round, the order, each turn, and the events that change them.

The fight is one world of the rule kernels (a batch of one): every rule is the kernels' (:mod:`.attack`,
:mod:`.conditions`, :mod:`.actions`, :mod:`.exchange`); this module keeps the round clock and what a round's
declarations last (a parry from the start of one's action to the start of the next, a dodge, a charge's −20 DB),
and turns events into calls. Applying an event draws its dice from the source it is given: live, a recording
source; on replay, the faces stored with the event.

The round (the text's order): initiative is rolled for everyone (d10 + Quickness + Intuition + modifiers, −20 for a
surprised side in the first round, automatic for a combatant who disengaged or waited in vain); then each
combatant's turn in order: the start of its turn (bleeding, stun resistance roll, durations), then one action. A
turn ends with the action; once the last turn ends the next round begins, until at most one side still stands.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

import numpy as np

from estoc.content.registry import Content
from estoc.dice import DiceSource
from estoc.engine.sides import Sides
from estoc.errors import InputError, RulesError
from estoc.i18n import _
from estoc.systems.harp import actions
from estoc.systems.harp.attack import AttackSettings
from estoc.systems.harp.conditions import HarpState, apply_lost_rounds, start_of_turn
from estoc.systems.harp.exchange import Combatant, Exchange, area_attack, attack
from estoc.systems.harp.initiative import SURPRISE_PENALTY, roll_initiative
from estoc.systems.harp.report import stun_dict
from estoc.systems.harp.tables import HarpTables

W0 = np.array([0])


@dataclass
class Tally:
    """What a combatant did and suffered, for the summary."""

    hits_dealt: int = 0
    hits_taken: int = 0
    crits_dealt: dict[str, int] = field(default_factory=dict)
    crits_taken: dict[str, int] = field(default_factory=dict)
    downed: int = 0
    rounds: int = 0


@dataclass
class HarpFight(Sides):
    """The state of one HARP fight."""

    tables: HarpTables
    content: Content
    combatants: list[Combatant]
    sides: list[str]
    state: HarpState
    settings: AttackSettings = field(default_factory=AttackSettings)
    fight_mod: int = 0
    full_sun: bool = False
    surprised: str | None = None
    beasts_flee: bool = False
    side_names: dict[str, dict[str, str]] = field(default_factory=dict)
    round: int = 0
    order: list[int] = field(default_factory=list)
    initiative: dict[int, int] = field(default_factory=dict)
    turn: int = -1
    acted: set[int] = field(default_factory=set)
    started: set[int] = field(default_factory=set)
    """Combatants whose turn has begun this round (a waiting one does not begin it twice)."""
    removed: set[int] = field(default_factory=set)
    parry: dict[int, tuple[int, int]] = field(default_factory=dict)
    """Combatant → (the opponent it parries, the bonus to its DB against that one)."""
    dodge: dict[int, int] = field(default_factory=dict)
    charge_db: dict[int, int] = field(default_factory=dict)
    next_mod: dict[int, int] = field(default_factory=dict)
    """A modifier the GM gave to a combatant's next attack."""
    automatic: set[int] = field(default_factory=set)
    intercepting: dict[int, int] = field(default_factory=dict)
    """Combatant → the one whose action it lies in wait for this round."""
    disengaging: dict[int, tuple[int, int]] = field(default_factory=dict)
    """Combatant → (the opponent it leaves, hits it had taken when it began)."""
    uses: dict[tuple[int, int], int] = field(default_factory=dict)
    """(combatant, strike) → uses left of a limited attack (breaths)."""
    tally: list[Tally] = field(default_factory=list)

    # --- building ------------------------------------------------------------------------------------------------

    @classmethod
    def start(cls, tables: HarpTables, content: Content, members: list[tuple[str, Combatant]], *,
              settings: AttackSettings,
              fight_mod: int = 0, full_sun: bool = False, surprised: str | None = None,
              beasts_flee: bool = False) -> HarpFight:
        fight = cls(tables=tables, content=content, combatants=[], sides=[], state=HarpState.new(1, []),
                    settings=settings, fight_mod=fight_mod, full_sun=full_sun, surprised=surprised,
                    beasts_flee=beasts_flee)
        for side, combatant in members:
            fight.join(side, combatant)
        return fight

    def join(self, side: str, combatant: Combatant) -> int:
        if combatant.id in self.ids():
            raise InputError(_("there is already a combatant {id}").format(id=combatant.id))
        self.combatants.append(combatant)
        self.sides.append(side)
        self.tally.append(Tally())
        old = self.state
        fresh = HarpState.new(1, [c.hp for c in self.combatants], [c.body_rr for c in self.combatants],
                              stun_immune=[c.stun_immune for c in self.combatants],
                              bleed_immune=[c.bleed_immune for c in self.combatants])
        n = old.hp.shape[1]
        for name, value in vars(old).items():
            getattr(fresh, name)[:, :n] = value
        self.state = fresh
        index = len(self.combatants) - 1
        for s, strike in enumerate(combatant.strikes):
            if strike.uses is not None:
                self.uses[(index, s)] = strike.uses
        return index

    def copy(self) -> HarpFight:
        twin = copy.copy(self)
        twin.state = self.state.copy()
        for name in ("combatants", "sides", "order", "tally"):
            setattr(twin, name, copy.deepcopy(getattr(self, name)) if name == "tally" else list(getattr(self, name)))
        for name in ("initiative", "parry", "dodge", "charge_db", "next_mod", "disengaging", "uses", "intercepting"):
            setattr(twin, name, dict(getattr(self, name)))
        for name in ("acted", "started", "removed", "automatic"):
            setattr(twin, name, set(getattr(self, name)))
        return twin

    # --- reading -------------------------------------------------------------------------------------------------

    def current(self) -> int | None:
        if 0 <= self.turn < len(self.order):
            return self.order[self.turn]
        return None

    def standing(self, c: int) -> bool:
        return c not in self.removed and not bool(self.state.out_of_fight()[0, c])

    def is_over(self) -> bool:
        return self.one_side_left()

    # --- the round and the turns ---------------------------------------------------------------------------------

    def _roll_initiative(self, dice: DiceSource, records: list[dict[str, Any]]) -> None:
        self.round += 1
        present = [i for i in range(len(self.combatants)) if i not in self.removed]
        qu = np.array([[self.combatants[i].quickness for i in present]])
        intu = np.array([[self.combatants[i].intuition for i in present]])
        mods = np.array([[SURPRISE_PENALTY if self.round == 1 and self.sides[i] == self.surprised else 0
                          for i in present]], dtype=np.int64)
        auto = np.array([[i in self.automatic for i in present]])
        init = roll_initiative(dice, qu, intu, mods, automatic=auto)
        self.initiative = {i: int(init.total[0, k]) for k, i in enumerate(present)}
        self.order = [present[int(k)] for k in init.order[0]]
        self.automatic.clear()
        self.intercepting.clear()
        self.turn = -1
        self.acted.clear()
        self.started.clear()
        records.append({"kind": "round", "round": self.round,
                        "order": [[self.combatants[i].id, self.initiative[i], i in self.automatic]
                                  for i in self.order]})

    def _advance(self, dice: DiceSource, records: list[dict[str, Any]]) -> None:
        """End the current turn and begin the next one able to act (a new round when the order is spent)."""
        while not self.is_over():
            self.turn += 1
            if self.turn >= len(self.order):
                self._roll_initiative(dice, records)
                continue
            c = self.order[self.turn]
            if c in self.removed or c in self.acted:
                continue
            if c in self.started:
                return
            record = self._start_turn(c, dice)
            records.append(record)
            if record.get("skipped") is None:
                return

    def _start_turn(self, c: int, dice: DiceSource) -> dict[str, Any]:
        state = self.state
        self.started.add(c)
        start = start_of_turn(state, c, self.round, dice)
        # Declarations last from the start of one's action to the start of the next.
        self.parry.pop(c, None)
        self.dodge.pop(c, None)
        self.charge_db.pop(c, None)
        record: dict[str, Any] = {"kind": "turn", "actor": self.combatants[c].id, "round": self.round,
                                  "bled": int(start.bled[0]), "stun_check": stun_dict(start.stun),
                                  "died": bool(start.died[0]), "skipped": None}
        if c in self.disengaging:
            foe, taken = self.disengaging.pop(c)
            if int(state.hits_taken[0, c]) == taken:
                self.automatic.add(c)
                record["disengaged"] = self.combatants[foe].id
        if bool(state.out_of_fight()[0, c]):
            record["skipped"] = "down"
        elif not bool(state.can_act()[0, c]):
            record["skipped"] = "lost"
        else:
            self.tally[c].rounds += 1
        return record

    # --- events --------------------------------------------------------------------------------------------------

    def apply(self, event: Mapping[str, Any], dice: DiceSource) -> list[dict[str, Any]]:
        """Apply one event (see :mod:`estoc.systems.harp.commands` for the words that make them)."""
        kind = str(event.get("type", ""))
        records: list[dict[str, Any]] = []
        if kind == "begin":
            if self.round:
                raise RulesError(_("the fight has already begun"))
            self._roll_initiative(dice, records)
            self._advance(dice, records)
            return records
        if kind == "gm":
            from estoc.systems.harp.gm import apply_gm

            records.extend(apply_gm(self, event, dice))
            return records
        if kind == "instinctive-dodge":
            records.append(self._instinctive_dodge(event, dice))
            return records
        actor = self.current()
        if self.is_over():
            raise RulesError(_("the fight is over"))
        if actor is None:
            raise RulesError(_("no combatant's turn now"))
        handler = _ACTIONS.get(kind)
        if handler is None:
            raise InputError(_("unknown action {action!r}").format(action=kind))
        records.extend(handler(self, actor, event, dice))
        if kind in ("wait", "intercept"):
            # The waiter's turn moved later in the order: the turn now at this place begins.
            self.turn -= 1
        else:
            self.acted.add(actor)
        self._advance(dice, records)
        return records

    # --- actions ----------------------------------------------------------------------------------------------

    def _target(self, actor: int, event: Mapping[str, Any]) -> int:
        target_id = event.get("target")
        if not target_id:
            raise InputError(_("this action needs a target"))
        target = self.index(str(target_id))
        if target == actor:
            raise RulesError(_("a combatant cannot target itself"))
        if not self.standing(target) and target in self.removed:
            raise RulesError(_("{id} is no longer in the fight").format(id=self.combatants[target].id))
        return target

    def _check_can_attack(self, actor: int) -> None:
        state, who = self.state, self.combatants[actor].id
        if bool(state.stunned()[0, actor]):
            raise RulesError(_("{id} is stunned: no attack, only a parry").format(id=who))
        if bool(state.must_parry()[0, actor]):
            raise RulesError(_("{id} must parry: no attack this round").format(id=who))
        if bool(state.prone[0, actor]):
            raise RulesError(_("{id} is on the ground and must get up first").format(id=who))
        if bool(state.disarmed[0, actor]):
            raise RulesError(_("{id} has dropped their weapon and must take it up first").format(id=who))

    def _parry_declared(self, actor: int, target: int, amount: int, ob: int) -> int:
        """Declare a parry of ``amount`` against ``target``; returns the OB moved."""
        if amount <= 0:
            return 0
        me = self.combatants[actor]
        if not bool(self.state.can_parry()[0, actor]):
            raise RulesError(_("{id} cannot parry this round").format(id=me.id))
        parry = actions.declare_parry(ob, min(amount, max(ob - 1, 0)), beast=me.beast)
        self.parry[actor] = (target, parry.db_bonus)
        return ob - parry.ob_left

    def defence_against(self, target: int, attacker: int) -> int:
        """What the target adds to its DB against this attacker: its parry (if against it), dodge, charge."""
        bonus = self.dodge.get(target, 0) + self.charge_db.get(target, 0)
        parried = self.parry.get(target)
        if parried is not None and parried[0] == attacker:
            bonus += parried[1]
        return bonus

    def strike(self, actor: int, target: int, dice: DiceSource, *, strike: int = 0, ob_mod: int = 0,
               **kwargs: Any) -> Exchange:
        """One attack, with everything the round adds, and the tally."""
        extra = self.fight_mod + self.next_mod.pop(actor, 0)
        before = self._fallen(target)
        exchange = attack(dice, self.tables, self.state, self.combatants, actor, target, self.round, strike=strike,
                          ob_modifier=ob_mod + extra, defence_modifier=self.defence_against(target, actor),
                          settings=self.settings, full_sun=self.full_sun, **kwargs)
        self.tally_exchange(actor, target, exchange, before)
        return exchange

    def _fallen(self, c: int) -> bool:
        return bool(self.state.down[0, c]) or bool(self.state.dead[0, c])

    def tally_exchange(self, actor: int, target: int, exchange: Exchange, fallen_before: bool) -> None:
        """Count an exchange in both combatants' tallies; marks the event when it downed the target."""
        event = exchange.event
        a, t = self.tally[actor], self.tally[target]
        a.hits_dealt += event["total_hits"]
        t.hits_taken += event["total_hits"]
        for crit in (event["critical"], event["additional_critical"]):
            if crit:
                a.crits_dealt[crit["severity"]] = a.crits_dealt.get(crit["severity"], 0) + 1
                t.crits_taken[crit["severity"]] = t.crits_taken.get(crit["severity"], 0) + 1
        event["downed_now"] = not fallen_before and self._fallen(target)
        if event["downed_now"]:
            a.downed += 1

    def _instinctive_dodge(self, event: Mapping[str, Any], dice: DiceSource) -> dict[str, Any]:
        """At any moment: instead of the action not yet made, or costing next round's action."""
        actor = self.index(str(event.get("actor", "")))
        if not bool(self.state.can_act()[0, actor]):
            raise RulesError(_("{id} cannot act").format(id=self.combatants[actor].id))
        me = self.combatants[actor]
        skill = actions.dodge_skill(me.agility, instinctive=True)
        roll = actions.roll_dodge(dice, self.tables, np.array([skill]),
                                  np.array([int(self.state.manoeuvre_penalty()[0, actor])]), instinctive=True)
        self.dodge[actor] = int(roll.db_bonus[0])
        cost = "next_round" if actor in self.acted else "this_round"
        if actor in self.acted:
            # Already acted: next round's action is spent (lost until the start of its turn two rounds on).
            apply_lost_rounds(self.state, W0, np.array([actor]), np.array([2]), self.round)
        else:
            # Not acted yet: the dodge is this round's action; its turn, when it comes, is skipped.
            self.acted.add(actor)
        return {"kind": "dodge", "actor": me.id, "instinctive": True, "total": int(roll.total[0]),
                "bonus": int(roll.db_bonus[0]), "cost": cost}

    def auto_event(self) -> dict[str, Any]:
        from estoc.systems.harp.policy import choose

        return choose(self)

    # --- view and summary -------------------------------------------------------------------------------------

    def view(self) -> dict[str, Any]:
        state, now = self.state, self.round
        rows = []
        for i, c in enumerate(self.combatants):
            rows.append({
                "id": c.id, "name": c.name, "side": self.sides[i], "hp": int(state.hp[0, i]), "hp_max": c.hp,
                "initiative": self.initiative.get(i), "bleed": int(state.bleed[0, i]),
                "penalty": int(state.penalty[0, i]),
                "stunned": _left(int(state.stun_until[0, i]), now),
                "must_parry": _left(int(state.must_parry_until[0, i]), now),
                "no_parry": _left(int(state.no_parry_until[0, i]), now),
                "lost": _left(int(state.lost_until[0, i]), now),
                "shaken": bool(state.shaken[0, i]), "prone": bool(state.prone[0, i]),
                "disarmed": bool(state.disarmed[0, i]), "down": bool(state.down[0, i]),
                "dead": bool(state.dead[0, i]),
                "dying_in": _left(int(state.dying_round[0, i]), now),
                "removed": i in self.removed,
                "parry": ({"against": self.combatants[self.parry[i][0]].id, "bonus": self.parry[i][1]}
                          if i in self.parry else None),
                "dodge": self.dodge.get(i, 0), "ob": c.ob(), "db": c.db, "player": c.kind != "creature",
            })
        current = self.current()
        winner = self.winner() if self.is_over() else None
        return {"round": self.round, "order": [self.combatants[i].id for i in self.order],
                "winner_name": self.side_names.get(winner, {"fr": winner, "en": winner}) if winner else None,
                "current": self.combatants[current].id if current is not None and not self.is_over() else None,
                "over": self.is_over(), "winner": self.winner() if self.is_over() else None,
                "fight_mod": self.fight_mod, "combatants": rows}

    def summary(self) -> dict[str, Any]:
        winner = self.winner()
        return {"rounds": self.round, "winner": winner,
                "winner_name": self.side_names.get(winner, {"fr": winner, "en": winner}) if winner else None,
                "combatants": [
            {"id": c.id, "side": self.sides[i], "hits_dealt": t.hits_dealt, "hits_taken": t.hits_taken,
             "crits_dealt": dict(sorted(t.crits_dealt.items())), "crits_taken": dict(sorted(t.crits_taken.items())),
             "downed": t.downed, "rounds": t.rounds, "hp": int(self.state.hp[0, i]),
             "state": _fate(self.state, i, i in self.removed)}
            for i, (c, t) in enumerate(zip(self.combatants, self.tally, strict=True))]}



def _left(until: int, now: int) -> int:
    """Rounds left of a pinned duration (0: none)."""
    return max(until - now, 0) if until else 0


def _fate(state: HarpState, c: int, removed: bool) -> str:
    if bool(state.dead[0, c]):
        return "dead"
    if int(state.dying_round[0, c]):
        return "dying"
    if bool(state.down[0, c]):
        return "unconscious"
    if removed:
        return "out"
    return "standing"


def _attack(fight: HarpFight, actor: int, event: Mapping[str, Any], dice: DiceSource) -> list[dict[str, Any]]:
    target = fight._target(actor, event)
    fight._check_can_attack(actor)
    me = fight.combatants[actor]
    n = int(event.get("strike", 1)) - 1
    if not 0 <= n < len(me.strikes):
        raise RulesError(_("{who} has attacks 1 to {n}, not {value}").format(
            who=me.id, n=len(me.strikes), value=n + 1))
    if me.strikes[n].area != "single":
        raise RulesError(_("this attack strikes an area: use breathe"))
    ob = me.strikes[n].ob + int(fight.state.penalty[0, actor])
    parried = fight.index(str(event["parry_target"])) if event.get("parry_target") else target
    moved = fight._parry_declared(actor, parried, int(event.get("parry", 0)), ob)
    ob_mod = -moved + int(event.get("mod", 0))
    return [_resolve(fight, actor, target, dice, strike=n, ob_mod=ob_mod)]


def _resolve(fight: HarpFight, actor: int, target: int, dice: DiceSource, **kwargs: Any) -> dict[str, Any]:
    return {"kind": "attack", **fight.strike(actor, target, dice, **kwargs).event}


def _total_parry(fight: HarpFight, actor: int, event: Mapping[str, Any], dice: DiceSource) -> list[dict[str, Any]]:
    target = fight._target(actor, event)
    me = fight.combatants[actor]
    if not bool(fight.state.can_parry()[0, actor]):
        raise RulesError(_("{id} cannot parry this round").format(id=me.id))
    stunned = bool(fight.state.stunned()[0, actor])
    ob = me.ob() + int(fight.state.penalty[0, actor])
    parry = actions.declare_parry(ob, None, stunned=stunned, beast=me.beast)
    rolled = actions.roll_total_parry(dice, np.array([parry.db_bonus - actions.TOTAL_PARRY_BONUS]),
                                      np.array([me.strikes[0].fumble]))
    fight.parry[actor] = (target, int(rolled.db_bonus[0]))
    records: list[dict[str, Any]] = [{"kind": "total-parry", "actor": me.id, "target": fight.combatants[target].id,
                                      "roll": int(rolled.roll.total[0]), "fumbled": bool(rolled.fumbled[0]),
                                      "counter": bool(rolled.counter[0]), "bonus": int(rolled.db_bonus[0])}]
    if bool(rolled.counter[0]):
        records.append(_resolve(fight, actor, target, dice, roll=rolled.roll, counter=True))
    return records


def _dodge(fight: HarpFight, actor: int, event: Mapping[str, Any], dice: DiceSource) -> list[dict[str, Any]]:
    me = fight.combatants[actor]
    roll = actions.roll_dodge(dice, fight.tables, np.array([actions.dodge_skill(me.agility)]),
                              np.array([int(fight.state.manoeuvre_penalty()[0, actor])]))
    fight.dodge[actor] = int(roll.db_bonus[0])
    return [{"kind": "dodge", "actor": me.id, "instinctive": False, "total": int(roll.total[0]),
             "bonus": int(roll.db_bonus[0]), "cost": "this_round"}]


def _charge(fight: HarpFight, actor: int, event: Mapping[str, Any], dice: DiceSource) -> list[dict[str, Any]]:
    target = fight._target(actor, event)
    fight._check_can_attack(actor)
    me, foe = fight.combatants[actor], fight.combatants[target]
    mods = actions.charge(float(event.get("distance", 0)), me.base_movement)
    records: list[dict[str, Any]] = []
    if actions.braced_first_strike(foe.strikes[0].braced, bool(event.get("seen", True))) and bool(
            fight.state.can_attack()[0, target]):
        records.append({"kind": "braced", "actor": foe.id, "target": me.id})
        records.append(_resolve(fight, target, actor, dice))
        if not fight.standing(actor):
            return records
    fight.charge_db[actor] = mods.db
    records.append(_resolve(fight, actor, target, dice, ob_mod=mods.ob + int(event.get("mod", 0))))
    return records


def _move(fight: HarpFight, actor: int, event: Mapping[str, Any], dice: DiceSource) -> list[dict[str, Any]]:
    me = fight.combatants[actor]
    pace, _mods = actions.movement(float(event.get("distance", 0)), me.base_movement,
                                   stunned=bool(fight.state.stunned()[0, actor]))
    return [{"kind": "move", "actor": me.id, "distance": float(event.get("distance", 0)), "pace": pace}]


def _move_attack(fight: HarpFight, actor: int, event: Mapping[str, Any], dice: DiceSource
                 ) -> list[dict[str, Any]]:
    me = fight.combatants[actor]
    mods = actions.move_and_attack(float(event.get("distance", 0)), me.base_movement)
    return _attack(fight, actor, {**event, "mod": int(event.get("mod", 0)) + mods.ob}, dice)


def _disengage(fight: HarpFight, actor: int, event: Mapping[str, Any], dice: DiceSource) -> list[dict[str, Any]]:
    target = fight._target(actor, event)
    me = fight.combatants[actor]
    ob = me.ob() + int(fight.state.penalty[0, actor])
    amount = int(event.get("parry", (ob + 1) // 2))
    parry = actions.disengage_parry(ob, amount)
    fight.parry[actor] = (target, parry.db_bonus)
    fight.disengaging[actor] = (target, int(fight.state.hits_taken[0, actor]))
    return [{"kind": "disengage", "actor": me.id, "target": fight.combatants[target].id, "bonus": parry.db_bonus}]


def _breathe(fight: HarpFight, actor: int, event: Mapping[str, Any], dice: DiceSource) -> list[dict[str, Any]]:
    me = fight.combatants[actor]
    fight._check_can_attack(actor)
    n = next((i for i, s in enumerate(me.strikes) if s.area != "single"), None)
    if n is None:
        raise RulesError(_("{id} has no breath").format(id=me.id))
    targets = [fight.index(str(t)) for t in event.get("targets", [])]
    if not targets:
        raise InputError(_("name the creatures in the cone or along the line"))
    left = np.array([fight.uses.get((actor, n), 1_000_000)])
    before = [fight._fallen(t) for t in targets]
    extra = fight.fight_mod + fight.next_mod.pop(actor, 0)
    exchanges = area_attack(dice, fight.tables, fight.state, fight.combatants, actor, targets, fight.round,
                            strike=n, uses_left=left, ob_modifier=extra,
                            defence_modifiers=[fight.defence_against(t, actor) for t in targets],
                            settings=fight.settings, full_sun=fight.full_sun)
    if (actor, n) in fight.uses:
        fight.uses[(actor, n)] = int(left[0])
    records = []
    for target, exchange, fallen in zip(targets, exchanges, before, strict=True):
        fight.tally_exchange(actor, target, exchange, fallen)
        records.append({"kind": "attack", **exchange.event})
    return records


def _stand(fight: HarpFight, actor: int, event: Mapping[str, Any], dice: DiceSource) -> list[dict[str, Any]]:
    state = fight.state
    if not bool(state.prone[0, actor]):
        raise RulesError(_("{id} is not on the ground").format(id=fight.combatants[actor].id))
    state.prone[0, actor] = False
    state.steady[0, actor] = True
    return [{"kind": "stand", "actor": fight.combatants[actor].id}]


def _take_weapon(fight: HarpFight, actor: int, event: Mapping[str, Any], dice: DiceSource
                 ) -> list[dict[str, Any]]:
    state = fight.state
    if not bool(state.disarmed[0, actor]):
        raise RulesError(_("{id} has not dropped their weapon").format(id=fight.combatants[actor].id))
    state.disarmed[0, actor] = False
    return [{"kind": "take-weapon", "actor": fight.combatants[actor].id}]


def _pass(fight: HarpFight, actor: int, event: Mapping[str, Any], dice: DiceSource) -> list[dict[str, Any]]:
    record: dict[str, Any] = {"kind": "pass", "actor": fight.combatants[actor].id}
    if fight.intercepting.pop(actor, None) is not None:
        # It lay in wait for an action that never came: it has the initiative next round.
        fight.automatic.add(actor)
        record["waited_in_vain"] = True
    return [record]


def _intercept(fight: HarpFight, actor: int, event: Mapping[str, Any], dice: DiceSource
               ) -> list[dict[str, Any]]:
    """Lie in wait for a later combatant's action, to act just before it (an interruption); if the action never
    comes, the interceptor passes and has the initiative next round."""
    awaited = fight._target(actor, event)
    rest = fight.order[fight.turn:]
    if awaited not in rest[1:]:
        raise RulesError(_("one can only wait for a combatant who has not acted yet"))
    rest.remove(actor)
    rest.insert(rest.index(awaited), actor)
    fight.order[fight.turn:] = rest
    fight.intercepting[actor] = awaited
    fight.started.add(actor)
    return [{"kind": "intercept", "actor": fight.combatants[actor].id, "for": fight.combatants[awaited].id}]


def _flee(fight: HarpFight, actor: int, event: Mapping[str, Any], dice: DiceSource) -> list[dict[str, Any]]:
    fight.removed.add(actor)
    return [{"kind": "flee", "actor": fight.combatants[actor].id}]


def _wait(fight: HarpFight, actor: int, event: Mapping[str, Any], dice: DiceSource) -> list[dict[str, Any]]:
    """Wait for a later combatant: act with it or after it (last in a conflict). The waiter's turn is not spent,
    only moved later in the order."""
    from estoc.systems.harp.initiative import wait_for

    awaited = fight._target(actor, event)
    mode: Literal["with", "after"] = "with" if event.get("mode") == "with" else "after"
    rest = fight.order[fight.turn:]
    moved = wait_for(rest, actor, awaited, mode, conflict=bool(event.get("conflict")))
    fight.order[fight.turn:] = moved
    return [{"kind": "wait", "actor": fight.combatants[actor].id, "for": fight.combatants[awaited].id,
             "mode": mode}]


_ACTIONS = {
    "attack": _attack,
    "move-attack": _move_attack,
    "total-parry": _total_parry,
    "dodge": _dodge,
    "charge": _charge,
    "move": _move,
    "disengage": _disengage,
    "breathe": _breathe,
    "stand": _stand,
    "take-weapon": _take_weapon,
    "pass": _pass,
    "flee": _flee,
    "wait": _wait,
    "intercept": _intercept,
}
