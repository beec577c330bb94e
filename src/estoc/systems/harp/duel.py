"""A duel round by round in one world: the HARP round (initiative, start of turn, parry, attack) for two
fighters, as the demo tells it. The general round engine (any number of combatants and worlds, decisions from the
GM or from policies) is built on the same kernels.

The fighters follow a simple policy: each parries with its sheet's ``parry`` points against the other; a stunned
fighter makes the total parry the rules force on it. The text gives knock-down and a dropped weapon no further
rule; estoc's reading: a fighter knocked down spends its next action getting up, one disarmed spends it taking up
its weapon (and cannot parry meanwhile). An attacker takes the position bonuses its target's state offers
(prone, stunned, disarmed), never two of one « only one of these two » pair.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from estoc.content.models import harp
from estoc.content.registry import Content
from estoc.dice import DiceSource
from estoc.systems.harp.actions import declare_parry, roll_total_parry
from estoc.systems.harp.conditions import HarpState, start_of_turn
from estoc.systems.harp.exchange import Combatant, attack
from estoc.systems.harp.initiative import roll_initiative
from estoc.systems.harp.report import stun_dict
from estoc.systems.harp.stats import check_position_bonuses
from estoc.systems.harp.tables import HarpTables


@dataclass
class DuelTurn:
    """What one fighter's turn did, as plain data."""

    actor: str
    initiative: int | None = None
    bled: int = 0
    stun_check: dict[str, Any] | None = None
    died: bool = False
    skipped: str | None = None
    parry: int | None = None
    total_parry: dict[str, Any] | None = None
    attacks: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class Duel:
    """Two fighters, their conditions (one world) and the parry each holds against the other."""

    combatants: list[Combatant]
    tables: HarpTables
    state: HarpState
    parry_bonus: list[int]
    position: dict[str, harp.Modifier]

    @classmethod
    def from_content(cls, content: Content, tables: HarpTables, fighter_ids: list[str]) -> Duel:
        combatants = [Combatant.from_content(content, f) for f in fighter_ids]
        state = HarpState.new(1, [c.hp for c in combatants], [c.body_rr for c in combatants],
                              stun_immune=[c.stun_immune for c in combatants],
                              bleed_immune=[c.bleed_immune for c in combatants])
        position = {m.id: m for m in content.all("harp", "position-bonuses", harp.Modifier)}
        return cls(combatants, tables, state, [0] * len(combatants), position)

    def position_bonus(self, target: int) -> int:
        """Position bonuses offered by the target's state (those the content defines)."""
        state = self.state
        offered = [key for key, flag in (("adversaire-a-terre", state.prone[0, target]),
                                         ("adversaire-etourdi", state.stunned()[0, target]),
                                         ("adversaire-desarme", state.disarmed[0, target])) if bool(flag)]
        chosen: list[harp.Modifier] = []
        for key in offered:
            bonus = self.position.get(key)
            if bonus is not None and not any(b.exclusive and b.exclusive == bonus.exclusive for b in chosen):
                chosen.append(bonus)
        return check_position_bonuses(chosen)

    def over(self) -> bool:
        return bool(self.state.out_of_fight()[0].any())

    def play_round(self, dice: DiceSource, now: int) -> list[DuelTurn]:
        """One round: initiative, then each fighter's turn in order."""
        fighters = self.combatants
        init = roll_initiative(dice, np.array([[f.quickness for f in fighters]]),
                               np.array([[f.intuition for f in fighters]]), np.zeros((1, len(fighters)), np.int64))
        turns = []
        for c in (int(i) for i in init.order[0]):
            turn = self._turn(dice, c, now)
            turn.initiative = int(init.total[0, c])
            turns.append(turn)
            if self.over():
                break
        return turns

    def _turn(self, dice: DiceSource, c: int, now: int) -> DuelTurn:
        me, foe = self.combatants[c], 1 - c
        turn = DuelTurn(actor=me.id)
        start = start_of_turn(self.state, c, now, dice)
        turn.bled, turn.died = int(start.bled[0]), bool(start.died[0])
        turn.stun_check = stun_dict(start.stun)
        # A parry lasts from the start of one's action to the start of the next.
        self.parry_bonus[c] = 0
        state = self.state
        if bool(state.out_of_fight()[0, c]):
            turn.skipped = "down"
            return turn
        if not bool(state.can_act()[0, c]):
            turn.skipped = "lost"
            return turn
        if bool(state.prone[0, c]) or bool(state.disarmed[0, c]):
            turn.skipped = "getting_up" if bool(state.prone[0, c]) else "taking_weapon"
            state.steady[0, c] |= bool(state.prone[0, c])
            state.prone[0, c] = False
            state.disarmed[0, c] = False
            return turn
        ob = me.ob() + int(state.penalty[0, c])
        if not bool(state.can_attack()[0, c]):
            turn.skipped = "stunned" if bool(state.stunned()[0, c]) else "must_parry"
            if bool(state.can_parry()[0, c]) and not me.beast:
                parry = declare_parry(ob, None, stunned=bool(state.stunned()[0, c]))
                rolled = roll_total_parry(dice, np.array([parry.db_bonus - 10]), np.array([me.strikes[0].fumble]))
                self.parry_bonus[c] = int(rolled.db_bonus[0])
                turn.total_parry = {"roll": int(rolled.roll.total[0]), "fumbled": bool(rolled.fumbled[0]),
                                    "counter": bool(rolled.counter[0]), "bonus": int(rolled.db_bonus[0])}
                if bool(rolled.counter[0]):
                    ex = attack(dice, self.tables, state, self.combatants, c, foe, now,
                                defence_modifier=self.parry_bonus[foe], roll=rolled.roll, counter=True)
                    ex.event["position_bonus"] = 0
                    turn.attacks.append(ex.event)
            return turn
        amount = min(me.parry, max(ob - 1, 0)) if bool(state.can_parry()[0, c]) and not me.beast else 0
        if amount:
            parry = declare_parry(ob, amount)
            self.parry_bonus[c] = parry.db_bonus
            turn.parry = amount
        bonus = self.position_bonus(foe)
        ex = attack(dice, self.tables, state, self.combatants, c, foe, now, ob_modifier=bonus - amount,
                    defence_modifier=self.parry_bonus[foe])
        ex.event["position_bonus"] = bonus
        turn.attacks.append(ex.event)
        return turn
