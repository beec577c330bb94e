"""A fight of the One Ring house rules at the table: opening volleys, then rounds of stances, engagement and
resolution, every attack and combat task applied.

The fight's phases: ``volleys`` (those with a bow may shoot once each: ``shoot WHO TARGET``; ``close`` ends them),
then each round ``stances`` (``stance HERO forward|open|defensive|rearward``), ``engagement`` (the heroes choose, or
the GM assigns when the adversaries outnumber them; ``engage``/``assign``; ``fight`` closes it, engaging whoever is
left as the GM's default does), and ``resolution`` in the text's order. A hero's turn is one main action (an attack,
a main task, regaining position) and, before it, one secondary task; an adversary's turn is its attack. After an
attack on a hero, ``yield HERO`` halves the endurance it cost (once a round; the next round's main action is to
regain position).

Effects of the round (fending off, tasks…) end with it; those that last longer say so.

Three rules last the whole fight, each a choice of this project where the house text is silent or brief:

* **Load** follows the 2nd edition's rule, which the house text takes for granted without restating it: a hero's
  load is what its body armour, helm, shield and weapons weigh together, and a hero whose endurance is at or below
  its load is weary (its success dice showing 1 to 3 count 0) on its attack rolls, its task rolls and its protection
  rolls. It is a setting (the encounter's ``settings.load``, on by default); adversaries carry no load and never
  tire from it. Weariness is judged when the roll begins: the protection roll of the very blow that brings a hero
  down to its load is not yet weary.
* **Reducing load** (a secondary task, no roll) drops the helm, the shield or one weapon; while it lies on the ground
  the helm's dice leave the protection, the shield's bonus leaves the parry (and there is no shield thrust or shield
  bash), a dropped weapon cannot strike, and the load falls by the item's. Taking it back is a main action
  (``pickup``). What lies on the ground is the fight's data (``dropped``); the combatant as it fights is derived from
  it (:meth:`~estoc.systems.tor.burdens.Burdens.gear`).
* **A complication** is the GM's reading of the ground (broken terrain, obstacles, furniture in the way…): it costs a
  hero some success dice (0 or more) on its attack rolls and its task rolls until it is cancelled. The encounter may
  give one from the start (``complication: N``), the GM sets or lifts one at any time (``complication HERO N``), and
  the task *cancel a complication* lifts the hero's own or a companion's when it succeeds. A hero under a
  complication cannot gain the advantage.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from estoc.dice import DiceSource
from estoc.dice.tor import roll_tor
from estoc.errors import InputError, RulesError
from estoc.i18n import _
from estoc.systems.tor import play_tasks
from estoc.systems.tor.burdens import Burdens
from estoc.systems.tor.exchange import Combatant, attack_spec, fend_off
from estoc.systems.tor.round import (
    CLOSE,
    STANCES,
    Stance,
    check_assignment,
    check_choice,
    check_stances,
    engagement_order,
    resolution_order,
    stance_dice,
)
from estoc.systems.tor.rules import half_up, resolve_attack

HEROES, ADVERSARIES = "heroes", "adversaries"
DYING_WOUNDS = 2


@dataclass
class Tally:
    endurance_dealt: int = 0
    endurance_taken: int = 0
    wounds_dealt: int = 0
    downed: int = 0
    tasks: int = 0


@dataclass
class Round:
    """What lasts until the end of the round."""

    parry: dict[int, int] = field(default_factory=dict)
    dice: dict[int, int] = field(default_factory=dict)
    """Dice taken from (or added to) a combatant's attacks this round: shield thrusts, harassment."""
    weary: set[int] = field(default_factory=set)
    protected: dict[int, list[int]] = field(default_factory=dict)
    held: dict[int, int] = field(default_factory=dict)
    holding: set[int] = field(default_factory=set)
    counter: dict[int, list[Any]] = field(default_factory=dict)
    skirmish: set[int] = field(default_factory=set)
    two_weapons: set[int] = field(default_factory=set)
    yielded: set[int] = field(default_factory=set)
    secondary: set[int] = field(default_factory=set)
    back: set[int] = field(default_factory=set)
    """Adversaries the GM keeps at the rear this round (they shoot, or wait)."""


@dataclass
class TorFight(Burdens):
    """One fight (see the module); heroes come first in ``combatants``."""

    combatants: list[Combatant]
    sides: list[str]
    tasks: dict[str, bool]
    stance: dict[int, Stance]
    endurance: list[int]
    wounds: list[int]
    volleys: bool = True
    side_names: dict[str, dict[str, str]] = field(default_factory=dict)
    players: list[bool] = field(default_factory=list)
    round: int = 0
    phase: str = "volleys"
    engaged: set[tuple[int, int]] = field(default_factory=set)
    order: list[int] = field(default_factory=list)
    turn: int = 0
    shot: set[int] = field(default_factory=set)
    now: Round = field(default_factory=Round)
    next_dice: dict[int, int] = field(default_factory=dict)
    """A bonus to the next attack (take aim, sneak attack, gain the advantage)."""
    lasting_dice: dict[int, int] = field(default_factory=dict)
    """Gain the advantage with two tengwar: until the fight's end."""
    rally: dict[str, int] = field(default_factory=dict)
    """Stance → rounds left of +1d from a rally (from the next round)."""
    rally_next: dict[str, int] = field(default_factory=dict)
    challenge: dict[int, int] = field(default_factory=dict)
    regain: set[int] = field(default_factory=set)
    songs: dict[int, int] = field(default_factory=dict)
    last_attack: dict[str, Any] = field(default_factory=dict)
    tally: list[Tally] = field(default_factory=list)
    load: bool = False
    """The load setting: a hero whose endurance is at or below its load is weary (play passes the encounter's, on
    by default)."""
    dropped: dict[int, set[str]] = field(default_factory=dict)
    """What each combatant has put on the ground (``helm``, ``shield``, ``weapon:N``) until it picks it up."""
    complication: dict[int, int] = field(default_factory=dict)
    """Success dice a hero's attack and task rolls lose to a complication, until it is cancelled."""
    waiting: bool = False
    """A blow has just knocked a hero down who may yield ground: the turn moves on with the next event."""
    plans: dict[int, tuple[str, ...]] = field(default_factory=dict)
    """Hero → the combat tasks the default policy uses for it, by preference (the encounter's plan)."""

    @classmethod
    def start(cls, heroes: list[tuple[Combatant, Stance, bool]], adversaries: list[Combatant], *,
              tasks: Mapping[str, bool], volleys: bool = True, load: bool = False,
              complications: Mapping[str, int] | None = None,
              plans: Mapping[str, Sequence[str]] | None = None) -> TorFight:
        """A fight not yet begun. ``load``: the load setting (off unless given: play gives the encounter's, which is
        on by default); ``complications``: hero id → dice its rolls lose from the start; ``plans``: hero id → the
        combat tasks the default policy uses for it."""
        people = [h for h, _s, _p in heroes] + adversaries
        fight = cls(combatants=people, sides=[HEROES] * len(heroes) + [ADVERSARIES] * len(adversaries),
                    tasks=dict(tasks), stance={i: s for i, (_h, s, _p) in enumerate(heroes)},
                    endurance=[p.endurance for p in people], wounds=[0] * len(people), volleys=volleys,
                    players=[p for _h, _s, p in heroes] + [False] * len(adversaries),
                    songs={i: h.war_songs for i, (h, _s, _p) in enumerate(heroes)}, tally=[Tally() for _ in people],
                    load=load)
        for hero_id, dice in (complications or {}).items():
            if dice:
                fight.complication[fight._complicated(hero_id, dice)] = dice
        fight.plans = {fight.index(hero_id): tuple(plan) for hero_id, plan in (plans or {}).items()}
        return fight

    def copy(self) -> TorFight:
        return copy.deepcopy(self)

    # --- reading -------------------------------------------------------------------------------------------------

    def hero(self, c: int) -> bool:
        return self.sides[c] == HEROES

    def dying(self, c: int) -> bool:
        return self.hero(c) and self.wounds[c] >= DYING_WOUNDS

    def standing(self, c: int) -> bool:
        person = self.combatants[c]
        if self.endurance[c] <= 0 or self.dying(c):
            return False
        return self.hero(c) or self.wounds[c] < person.might

    def is_over(self) -> bool:
        return self.phase == "over"

    def current(self) -> int | None:
        if self.waiting:
            return None
        return self.order[self.turn] if self.phase == "resolution" and self.turn < len(self.order) else None

    def may_yield(self) -> int | None:
        """The hero the last attack has just cost endurance, if it may still yield ground (the task on, not yet
        done this round)."""
        target = self.last_attack.get("target")
        if target is None or not self.tasks.get("ceder-terrain", True) or target in self.now.yielded:
            return None
        return int(target)

    def weary(self, c: int) -> bool:
        """Whether ``c``'s rolls are weary now: from its load, or (an adversary) intimidated this round."""
        return c in self.now.weary or self.loaded(c)

    def opponents(self, c: int) -> list[int]:
        """Those engaged in close combat with ``c``, standing."""
        pairs = [a if h == c else h for h, a in self.engaged if c in (h, a)]
        return [o for o in sorted(set(pairs)) if self.standing(o)]

    # --- phases --------------------------------------------------------------------------------------------------

    def _new_round(self, records: list[dict[str, Any]]) -> None:
        if self.one_side_left():
            self.phase = "over"
            winner = self.winner()
            records.append({"kind": "over", "winner": winner})
            return
        self.round += 1
        self.now = Round()
        self.rally = {s: n for s, n in self.rally_next.items() if n > 0}
        self.rally_next = {s: n - 1 for s, n in self.rally.items() if n - 1 > 0}
        self.phase, self.order, self.turn = "stances", [], 0
        self.engaged = {(h, a) for h, a in self.engaged if self.standing(h) and self.standing(a)}
        # A challenge ends when one of the two is out of the fight.
        self.challenge = {c: foe for c, foe in self.challenge.items() if self.standing(foe)}
        records.append({"kind": "round", "round": self.round, "regain": [self.combatants[c].id
                                                                        for c in sorted(self.regain)]})

    def _to_engagement(self, records: list[dict[str, Any]]) -> None:
        heroes = [c for c in range(len(self.combatants)) if self.hero(c) and self.standing(c)]
        foes = [c for c in range(len(self.combatants)) if not self.hero(c) and self.standing(c)]
        check_stances([self.stance[h] for h in heroes], len(foes))
        self.phase = "engagement"
        records.append({"kind": "stances", "stances": {self.combatants[h].id: self.stance[h] for h in heroes},
                        "outnumbered": len(foes) > len(heroes)})

    def _to_resolution(self, records: list[dict[str, Any]]) -> None:
        """Close the engagement: who is left unengaged fights as the GM's default puts them."""
        heroes = [c for c in range(len(self.combatants)) if self.hero(c) and self.standing(c)]
        close = [h for h in engagement_order([str(h) for h in heroes], {str(h): self.stance[h] for h in heroes})]
        foes = [c for c in range(len(self.combatants)) if not self.hero(c) and self.standing(c)]
        for h in (int(x) for x in close):
            if not self.opponents(h):
                free = [a for a in foes if not self.opponents(a)] or foes
                if free:
                    self.engaged.add((h, min(free, key=lambda a: (self.endurance[a], a))))
        fighting = [int(h) for h in close]
        for a in foes:
            if not self.opponents(a) and fighting and a not in self.now.back:
                self.engaged.add((min(fighting, key=lambda h: (len(self.opponents(h)), h)), a))
        standing = {str(c) for c in range(len(self.combatants)) if self.standing(c)}
        order = resolution_order([str(h) for h in heroes], {str(h): self.stance[h] for h in heroes},
                                 [str(a) for a in foes], {str(a) for a in foes if self.opponents(a)}, standing)
        self.order, self.turn, self.phase = [int(c) for c in order], 0, "resolution"
        records.append({"kind": "engagement", "pairs": sorted([self.combatants[h].id, self.combatants[a].id]
                                                              for h, a in self.engaged),
                        "order": [self.combatants[c].id for c in self.order]})
        self._skip_fallen(records)

    def _skip_fallen(self, records: list[dict[str, Any]]) -> None:
        while self.turn < len(self.order) and not self.standing(self.order[self.turn]):
            self.turn += 1
        if self.turn >= len(self.order) or self.one_side_left():
            records.append({"kind": "end-round", "round": self.round})
            self._new_round(records)

    def _next_turn(self, records: list[dict[str, Any]]) -> None:
        self.turn += 1
        self._skip_fallen(records)

    # --- events --------------------------------------------------------------------------------------------------

    def apply(self, event: Mapping[str, Any], dice: DiceSource) -> list[dict[str, Any]]:
        kind = str(event.get("type", ""))
        records: list[dict[str, Any]] = []
        if kind == "begin":
            if self.round or self.phase != "volleys":
                raise RulesError(_("the fight has already begun"))
            records.extend({"kind": "complication", "actor": self.combatants[c].id, "dice": n, "was": 0,
                            "start": True} for c, n in sorted(self.complication.items()))
            if not self.volleys:
                self._new_round(records)
            else:
                records.append({"kind": "volleys"})
            return records
        if self.phase == "over":
            raise RulesError(_("the fight is over"))
        if self.waiting and kind != "yield":
            # The knocked-down hero did not yield: the turn moves on (which may end the round, or the fight).
            self.waiting = False
            self.last_attack = {}
            records.append({"kind": "no-yield"})
            self._next_turn(records)
            if kind == "continue":
                return records
            if self.phase == "over":
                raise RulesError(_("the fight is over"))
        if kind == "continue":
            raise RulesError(_("there is nothing to go on from: continue follows a blow that knocked a hero down"))
        if kind == "shoot":
            self._shoot(event, dice, records)
        elif kind == "close":
            if self.phase != "volleys":
                raise RulesError(_("the opening volleys are over"))
            self._new_round(records)
        elif kind == "stance":
            self._set_stance(event, records)
        elif kind == "engage":
            self._engage(event, records)
        elif kind == "assign":
            self._assign(event, records)
        elif kind == "rear":
            self._keep_back(event, records)
        elif kind == "fight":
            if self.phase == "stances":
                self._to_engagement(records)
            if self.phase != "engagement":
                raise RulesError(_("the engagement comes after the stances, before the resolution"))
            self._to_resolution(records)
        elif kind == "yield":
            self._yield(event, records)
        elif kind == "complication":
            self._set_complication(event, records)
        elif kind in ("attack", "task", "regain", "pass", "pickup"):
            self._act(kind, event, dice, records)
        else:
            raise InputError(_("unknown event {kind!r}").format(kind=kind))
        return records

    def _shoot(self, event: Mapping[str, Any], dice: DiceSource, records: list[dict[str, Any]]) -> None:
        if self.phase != "volleys":
            raise RulesError(_("shooting before close combat happens in the opening volleys only"))
        c, target = self.index(str(event["actor"])), self.index(str(event["target"]))
        if c in self.shot:
            raise RulesError(_("{who} has already shot in the opening volleys").format(who=self.combatants[c].id))
        number = int(event.get("weapon", self._ranged(c) or 0))
        if not number or not self.gear(c).weapon(number).record.ranged:
            raise RulesError(_("{who} has no bow to shoot with").format(who=self.combatants[c].id))
        self.shot.add(c)
        records.append(self._attack(c, target, number, event, dice))

    def _ranged(self, c: int) -> int | None:
        """The number of ``c``'s first bow in hand."""
        me = self.gear(c)
        return next((i for i in me.in_hand() if me.weapons[i - 1].record.ranged), None)

    def _set_stance(self, event: Mapping[str, Any], records: list[dict[str, Any]]) -> None:
        if self.phase != "stances":
            raise RulesError(_("stances are chosen at the start of a round"))
        c = self.index(str(event["target"]))
        stance = str(event["stance"])
        if not self.hero(c) or stance not in STANCES:
            raise RulesError(_("only a hero takes a stance: forward, open, defensive or rearward"))
        if stance != self.stance[c]:
            foe = self.challenge.pop(c, None)  # a challenge ends with a change of stance, for both
            if foe is not None:
                self.challenge.pop(foe, None)
        self.stance[c] = stance
        records.append({"kind": "stance", "actor": self.combatants[c].id, "stance": stance})

    def _engage(self, event: Mapping[str, Any], records: list[dict[str, Any]]) -> None:
        if self.phase == "stances":
            self._to_engagement(records)
        if self.phase != "engagement":
            raise RulesError(_("the engagement comes after the stances, before the resolution"))
        h, a = self.index(str(event["hero"])), self.index(str(event["target"]))
        heroes = [c for c in range(len(self.combatants)) if self.hero(c) and self.standing(c)]
        foes = [c for c in range(len(self.combatants)) if not self.hero(c) and self.standing(c)]
        if len(foes) > len(heroes):
            raise RulesError(_("the adversaries outnumber the heroes: the GM assigns them (assign)"))
        if self.stance[h] == "rearward":
            raise RulesError(_("a hero at the rear engages no one"))
        order = [int(x) for x in engagement_order([str(c) for c in heroes], {str(c): self.stance[c] for c in heroes})]
        waiting = [x for x in order if not self.opponents(x)]
        if waiting and waiting[0] != h:
            raise RulesError(_("{first} chooses before {who} (forward, then open, then defensive)").format(
                first=self.combatants[waiting[0]].id, who=self.combatants[h].id))
        taken = {self.combatants[x].id: "" for _h, x in self.engaged}
        check_choice(self.combatants[h].id, self.combatants[a].id, taken, [self.combatants[f].id for f in foes])
        self.engaged.add((h, a))
        records.append({"kind": "engage", "actor": self.combatants[h].id, "target": self.combatants[a].id})

    def _assign(self, event: Mapping[str, Any], records: list[dict[str, Any]]) -> None:
        if self.phase == "stances":
            self._to_engagement(records)
        if self.phase != "engagement":
            raise RulesError(_("the engagement comes after the stances, before the resolution"))
        h = self.index(str(event["hero"]))
        foes = [self.index(str(x)) for x in event["targets"]]
        current = {self.combatants[x].id: [self.combatants[a].id for y, a in self.engaged if y == x]
                   for x in {y for y, _a in self.engaged} if x != h}
        current[self.combatants[h].id] = [self.combatants[a].id for a in foes]
        check_assignment(current, [self.combatants[h].id])
        self.engaged = {(y, a) for y, a in self.engaged if y != h} | {(h, a) for a in foes}
        records.append({"kind": "assign", "actor": self.combatants[h].id,
                        "targets": [self.combatants[a].id for a in foes]})

    def _keep_back(self, event: Mapping[str, Any], records: list[dict[str, Any]]) -> None:
        """The GM keeps a free adversary at the rear this round instead of sending it into close combat."""
        if self.phase == "stances":
            self._to_engagement(records)
        if self.phase != "engagement":
            raise RulesError(_("the engagement comes after the stances, before the resolution"))
        a = self.index(str(event["target"]))
        if self.hero(a) or self.opponents(a):
            raise RulesError(_("only a free adversary stays at the rear"))
        self.now.back.add(a)
        records.append({"kind": "rear", "actor": self.combatants[a].id})

    def _yield(self, event: Mapping[str, Any], records: list[dict[str, Any]]) -> None:
        c = self.index(str(event["target"]))
        last = self.last_attack
        if c in self.now.yielded:
            raise RulesError(_("{who} has already yielded ground this round").format(who=self.combatants[c].id))
        if not last or last.get("target") != c or not self.hero(c):
            raise RulesError(_("a hero yields ground right after an attack that cost endurance"))
        if not self.tasks.get("ceder-terrain", True):
            raise RulesError(_("the task {id} is switched off in this fight").format(id="ceder-terrain"))
        lost = int(last["endurance"])
        back = lost - int(half_up(lost))
        self.endurance[c] += back
        self.now.yielded.add(c)
        self.regain.add(c)
        self.last_attack = {}
        records.append({"kind": "yield", "actor": self.combatants[c].id, "saved": back,
                        "endurance": self.endurance[c]})
        if self.waiting:
            self.waiting = False
            self._next_turn(records)

    def _act(self, kind: str, event: Mapping[str, Any], dice: DiceSource, records: list[dict[str, Any]]) -> None:
        if self.phase in ("stances", "engagement"):
            records.extend(self.apply({"type": "fight"}, dice))  # the first action begins the resolution
        c = self.current()
        if c is None:
            raise RulesError(_("no one is acting now"))
        if c in self.regain and kind != "regain":
            raise RulesError(_("{who} yielded ground: this round's main action is to regain position").format(
                who=self.combatants[c].id))
        if kind == "regain":
            if c not in self.regain:
                raise RulesError(_("{who} has no position to regain").format(who=self.combatants[c].id))
            self.regain.discard(c)
            records.append({"kind": "regain", "actor": self.combatants[c].id})
        elif kind == "pass":
            records.append({"kind": "pass", "actor": self.combatants[c].id})
        elif kind == "pickup":
            self._pick_up(c, event, records)
        elif kind == "attack":
            target = self.index(str(event["target"]))
            number = int(event.get("weapon", 1))
            self._check_reach(c, target, number)
            records.append(self._attack(c, target, number, event, dice))
            hero = self.may_yield()
            lost = int(self.last_attack.get("endurance", 0))
            if (hero is not None and not self.standing(hero) and not self.dying(hero)
                    and self.endurance[hero] + lost - int(half_up(lost)) > 0):
                # The blow knocked a hero down, and yielding ground would keep it up: before the turn moves on (and
                # perhaps ends the fight), the next event says whether it does (yield, or anything else: it did not).
                self.waiting = True
                records.append({"kind": "may-yield", "actor": self.combatants[hero].id})
                return
        else:
            main = play_tasks.take(self, c, event, dice, records)
            if not main:
                return  # a secondary task: the main action is still to come
        self.last_attack = {} if kind != "attack" else self.last_attack
        self._next_turn(records)

    def _check_reach(self, c: int, target: int, number: int) -> None:
        use = self.gear(c).weapon(number)
        if self.sides[target] == self.sides[c] or not self.standing(target):
            raise RulesError(_("{target} is no standing foe").format(target=self.combatants[target].id))
        at_rear = (self.hero(c) and self.stance[c] == "rearward") or not self.opponents(c)
        if use.record.ranged:
            if not at_rear:
                raise RulesError(_("in close combat, one fights with a close-combat weapon"))
        elif target not in self.opponents(c):
            raise RulesError(_("{who} is not engaged with {target}").format(who=self.combatants[c].id,
                                                                           target=self.combatants[target].id))

    # --- attacks -------------------------------------------------------------------------------------------------

    def _dice_change(self, c: int, target: int, ranged: bool) -> int:
        """Every +1d and −1d on ``c``'s attack on ``target``: stances, rallies, tasks, shield thrusts, a
        complication."""
        change = stance_dice(self.stance.get(c) if self.hero(c) else None,
                             self.stance.get(target) if self.hero(target) else None)
        if self.hero(c) and self.stance[c] in CLOSE and self.rally.get(self.stance[c], 0) > 0:
            change += 1
        change += self.next_dice.pop(c, 0) + self.lasting_dice.get(c, 0) + self.now.dice.get(c, 0)
        change -= self.complication.get(c, 0)
        protected = self.now.protected.get(target)
        if protected:
            change -= protected.pop(0)
        if target in self.now.two_weapons:
            change += 1
        if ranged and target in self.now.skirmish:
            change -= 1
        return change

    def _attack(self, c: int, target: int, number: int, event: Mapping[str, Any], dice: DiceSource
                ) -> dict[str, Any]:
        me, foe = self.gear(c), self.gear(target)
        use = me.weapon(number)
        weary, target_weary = self.weary(c), self.loaded(target)
        favoured = self.challenge.get(c) == target
        ill = c in self.now.holding
        if self.now.held.get(target, 0) > 0:
            self.now.held[target] -= 1
            ill = True
        spec = attack_spec(me, number, foe, extra_dice=self._dice_change(c, target, use.record.ranged),
                           favoured=favoured, ill=ill, weary=weary,
                           special=str(event.get("special", "auto")),  # type: ignore[arg-type]
                           parry_bonus=self.now.parry.get(target, 0), protection_weary=target_weary)
        out = resolve_attack(dice, spec, 1)
        lost = int(out.endurance[0])
        record: dict[str, Any] = {
            "kind": "attack", "actor": me.id, "target": foe.id, "weapon": use.record.id, "dice": spec.dice,
            "mode": spec.mode, "tn": spec.tn, "feat": int(out.roll.feat[0]), "total": int(out.roll.total[0]),
            "success": bool(out.success[0]), "tengwar": int(out.tengwar[0]), "special": out.special[0],
            "endurance": lost, "piercing": bool(out.piercing[0]), "wounded": bool(out.wounded[0])}
        if weary:
            record["weary"] = True
        if self.complication.get(c, 0):
            record["complication"] = self.complication[c]
        if target_weary and bool(out.piercing[0]):
            record["protection_weary"] = True
        was_up = self.standing(target)
        self.endurance[target] -= lost
        self.tally[c].endurance_dealt += lost
        self.tally[target].endurance_taken += lost
        if bool(out.wounded[0]):
            self.wounds[target] += 1
            self.tally[c].wounds_dealt += 1
        if int(out.parry_gain[0]):
            self.now.parry[c] = fend_off(self.now.parry.get(c, 0), int(out.parry_gain[0]))
            record["parry"] = self.now.parry[c]
        if int(out.shield_thrust[0]):
            record["shield_thrust"] = self._shield_thrust(c, target, int(out.shield_thrust[0]))
        if was_up and not self.standing(target):
            self.tally[c].downed += 1
            record["fallen"] = True
        elif not target_weary and self.loaded(target):
            record["weary_now"] = {"endurance": self.endurance[target], "load": self.load_of(target)}
        self.last_attack = {"target": target, "endurance": lost} if lost and self.hero(target) else {}
        if not bool(out.success[0]) and not use.record.ranged and self.now.counter.get(target):
            record["counter"] = self._counter(target, c, dice)
        return record

    def _shield_thrust(self, c: int, target: int, tengwar: int) -> list[str]:
        """Each tengwar: an adversary of a lower attribute level than the attacker's Corps loses 1d this round."""
        corps = self.combatants[c].corps
        reach = [target, *[o for o in self.opponents(c) if o != target]][:tengwar]
        hit = [o for o in reach if self.combatants[o].corps < corps]
        for o in hit:
            self.now.dice[o] = self.now.dice.get(o, 0) - 1
        return [self.combatants[o].id for o in hit]

    def _counter(self, hero: int, foe: int, dice: DiceSource) -> dict[str, Any]:
        """A missed close-combat attack answered by a counter-attack: the hero's weapon damage, or a wound."""
        effect = self.now.counter[hero].pop(0)
        me = self.gear(hero)
        use = me.weapon(me.in_hand()[0])  # the first weapon in hand (checked when the task was taken)
        if not effect.wound:
            self.endurance[foe] -= use.damage
            self.tally[hero].endurance_dealt += use.damage
            self.tally[foe].endurance_taken += use.damage
            return {"endurance": use.damage}
        p_fav, p_ill = False, effect.protection_ill
        roll = roll_tor(dice, 1, self.combatants[foe].protection, favoured=p_fav, ill=p_ill, purpose="protection")
        wounded = not bool(roll.succeeds(use.injury)[0])
        if wounded:
            self.wounds[foe] += 1
            self.tally[hero].wounds_dealt += 1
        return {"wound": wounded, "protection": int(roll.total[0])}

    # --- the protocol's other reads ------------------------------------------------------------------------------

    def auto_event(self) -> dict[str, Any]:
        from estoc.systems.tor.policy import choose

        event: dict[str, Any] = choose(self)
        c = self.current()
        if c is not None and self.dropped.get(c):
            return self._rearmed(c, event)
        return event

    def view(self) -> dict[str, Any]:
        current = self.current()
        rows = [{"id": p.id, "name": p.name, "side": self.sides[c], "player": self.players[c] if c < len(
            self.players) else False, "endurance": self.endurance[c], "endurance_max": p.endurance,
                 "wounds": self.wounds[c], "stance": self.stance.get(c), "standing": self.standing(c),
                 "dying": self.dying(c), "opponents": [self.combatants[o].id for o in self.opponents(c)],
                 "load": self.load_of(c) if self.hero(c) else None, "weary": self.weary(c),
                 "complication": self.complication.get(c, 0), "dropped": sorted(self.dropped.get(c, ()))}
                for c, p in enumerate(self.combatants)]
        return {"system": "tor", "round": self.round, "phase": self.phase,
                "order": [self.combatants[c].id for c in self.order],
                "current": self.combatants[current].id if current is not None else None, "combatants": rows,
                "over": self.is_over(), "winner": self.winner() if self.is_over() else None}

    def summary(self) -> dict[str, Any]:
        return {"system": "tor", "rounds": self.round, "winner": self.winner() if self.is_over() else None,
                "combatants": [{"id": p.id, "name": p.name, "side": self.sides[c], **vars(self.tally[c])}
                               for c, p in enumerate(self.combatants)]}
