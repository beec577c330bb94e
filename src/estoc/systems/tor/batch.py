"""Fights of the One Ring house rules over a batch of worlds, for simulation: the fight's state as arrays, the round
played as play plays it (:class:`~estoc.systems.tor.fight.TorFight`), every decision taken by the default policy.

The loop runs over rounds and over the places of the round's order, never over worlds. The order is the text's:
the heroes by stance (forward, open, defensive, then the rear; within a stance, the encounter's order), then the
adversaries still standing, those engaged before those left free. In each place, the worlds where that combatant
stands act together; what differs between worlds (targets, stances, the round's effects) is an array. The rules are
play's own functions: the attack (:func:`~estoc.systems.tor.rules.resolve_attack`), a task's roll and what its tengwar
buy (:mod:`estoc.systems.tor.round`), the target number (:func:`~estoc.systems.tor.exchange.attack_tn`).

The policy (the same in play, see :mod:`estoc.systems.tor.policy`):

* opening volleys: whoever has a bow shoots once, in the encounter's order, at the foe with the least endurance;
* stances: a hero keeps its stance; when the rear is not open to the heroes, the first hero at the rear goes open;
* engagement: the GM's default, as in play;
* a hero uses the combat tasks of its plan (the encounter's, else the hero's own), those switched on;
* a hero's turn: it regains its position if it yielded ground; else it takes the first secondary task of its plan
  whose moment has come, then the first main task of its plan whose moment has come, or else attacks (the engaged
  foe with the least endurance; from the rear, or unengaged with a bow, it shoots the foe with the least endurance);
* an adversary attacks the engaged hero with the least endurance (free, it shoots the weakest hero if it has a bow);
* a hero yields ground (when its plan has it) when a blow would leave it without endurance and half of it would not;
* with the load setting on (the encounter's), a hero whose endurance falls to its load is weary; reducing load (when
  its plan has it) drops the helm, then the shield; a complication (the encounter's) costs a hero dice until one of
  the heroes cancels it (when its plan has it).

Each task's moment is :func:`~estoc.systems.tor.batch_tasks.moment` (tasks of another stance than the hero's
current one never come).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from numpy.typing import NDArray

from estoc.dice import DiceSource
from estoc.systems.tor import batch_tasks
from estoc.systems.tor.batch_tasks import NONE, REAR, STANCE_CODE
from estoc.systems.tor.exchange import Combatant, attack_spec, attack_tn, weary_from_load
from estoc.systems.tor.round import (
    CLOSE,
    STANCE_DICE,
    STANCES,
    TASKS,
    rear_open,
    task,
)
from estoc.systems.tor.rules import FEND_OFF_CAP, half_up, resolve_attack

I64 = NDArray[np.int64]
B = NDArray[np.bool_]
DYING_WOUNDS = 2
BIG = 1 << 40
DICE_OF_STANCE = np.array([STANCE_DICE[s] for s in STANCES] + [0], dtype=np.int64)
"""Dice a stance adds to attacks, by stance code; the last entry (code −1) is an adversary's: none."""


@dataclass
class State:
    """The fight in each world: ``(W, C)`` arrays unless said otherwise (heroes first, ``H`` of them)."""

    endurance: I64
    wounds: I64
    stance: I64
    """A hero's stance code (:data:`STANCE_CODE`); −1 for an adversary."""
    engaged: B
    """``(W, H, A)``: hero ``h`` and adversary ``a`` are engaged."""
    regain: B
    songs: I64
    next_dice: I64
    lasting_dice: I64
    challenge: I64
    """The foe each one challenged or was challenged by (combatant index), −1 for none."""
    rally: I64
    """``(W, 4)``: rounds of +1d from a rally left to each stance, this round."""
    rally_next: I64
    complication: I64
    """Success dice a hero's attack and task rolls lose to a complication."""
    no_helm: B
    """The hero has put its helm on the ground (reduce load)."""
    no_shield: B
    # What lasts until the end of the round.
    parry: I64 = field(init=False)
    dice: I64 = field(init=False)
    weary: B = field(init=False)
    protected_dice: I64 = field(init=False)
    protected_left: I64 = field(init=False)
    held: I64 = field(init=False)
    holding: B = field(init=False)
    counter_left: I64 = field(init=False)
    counter_wound: B = field(init=False)
    counter_ill: B = field(init=False)
    skirmish: B = field(init=False)
    two_weapons: B = field(init=False)
    yielded: B = field(init=False)
    intimidated: B = field(init=False)
    """``(W,)``: someone has intimidated the foes this round."""

    def __post_init__(self) -> None:
        self.new_round()

    def new_round(self) -> None:
        shape = self.endurance.shape
        for name in ("parry", "dice", "protected_dice", "protected_left", "held", "counter_left"):
            setattr(self, name, np.zeros(shape, dtype=np.int64))
        for name in ("weary", "holding", "counter_wound", "counter_ill", "skirmish", "two_weapons", "yielded"):
            setattr(self, name, np.zeros(shape, dtype=np.bool_))
        self.intimidated = np.zeros(shape[0], dtype=np.bool_)


STORED = ("endurance", "wounds", "stance", "engaged", "regain", "songs", "next_dice", "lasting_dice", "challenge",
          "rally", "rally_next", "complication", "no_helm", "no_shield")
"""The state's fields that outlast a round (the others are made anew each round)."""


@dataclass
class Tally:
    """What each combatant did and suffered in each world (``(W, C)``)."""

    dealt: I64
    taken: I64
    wounds_dealt: I64
    downed: I64
    tasks: I64
    """``(W, C, T)``: the tasks each one tried, by :data:`~estoc.systems.tor.round.TASKS` index."""
    worked: I64
    """``(W, C, T)``: those whose roll succeeded."""


TALLY = ("dealt", "taken", "wounds_dealt", "downed", "tasks", "worked")


@dataclass(frozen=True)
class BatchResult:
    state: State
    winner: I64
    """0: the heroes won, 1: the adversaries, −1: no side left or the round limit reached."""
    over: B
    rounds: I64
    tally: Tally
    limit: I64
    """``(C,)``: the wounds that fell each combatant (a hero's dying wound, an adversary's Might)."""


class BatchFight:
    """W fights of one encounter of the One Ring house rules, played by the default policy."""

    def __init__(self, heroes: list[tuple[Combatant, str]], adversaries: list[Combatant], worlds: int, *,
                 tasks: dict[str, bool], volleys: bool = True, plans: list[tuple[str, ...]] | None = None,
                 load: bool = True, complications: list[int] | None = None) -> None:
        self.people = [h for h, _s in heroes] + list(adversaries)
        self.h = len(heroes)
        self.a = len(adversaries)
        self.w = worlds
        self.volleys = volleys
        self.tasks = dict(tasks)
        count = len(self.people)
        self.plans = [tuple(t for t in plan if tasks.get(t, True)) for plan in (plans or [()] * self.h)]
        self.limit = np.array([DYING_WOUNDS] * self.h + [p.might for p in adversaries], dtype=np.int64)
        self.max_endurance = np.array([p.endurance for p in self.people], dtype=np.int64)
        self.might = np.array([p.might for p in self.people], dtype=np.int64)
        self.protection = np.array([p.protection for p in self.people], dtype=np.int64)
        # Load (heroes only: an adversary carries none), and what dropping the helm or the shield changes.
        self.load_setting = load
        self.gear_load = np.array([p.load if p.hero else 0 for p in self.people], dtype=np.int64)
        self.helm_load = np.array([p.helm_load if p.helm else 0 for p in self.people], dtype=np.int64)
        self.shield_load = np.array([p.shield_load if p.shield_id else 0 for p in self.people], dtype=np.int64)
        self.helm_protection = np.array([p.helm_protection if p.helm else 0 for p in self.people], dtype=np.int64)
        self.shield_parry = np.array([p.shield_parry if p.shield_id else 0 for p in self.people], dtype=np.int64)
        self.has_helm = np.array([p.helm is not None for p in self.people], dtype=np.bool_)
        self.has_shield = np.array([p.shield_id is not None for p in self.people], dtype=np.bool_)
        self.melee = [next((i for i, u in enumerate(p.weapons, 1) if not u.record.ranged), 0) for p in self.people]
        self.ranged = [next((i for i, u in enumerate(p.weapons, 1) if u.record.ranged), 0) for p in self.people]
        self.tn = np.array([[attack_tn(p, q) if p.hero != q.hero else 0 for q in self.people] for p in self.people],
                           dtype=np.int64)
        zeros = np.zeros((worlds, count), dtype=np.int64)
        self.state = State(
            endurance=np.tile(self.max_endurance, (worlds, 1)), wounds=zeros.copy(),
            stance=np.tile(np.array([STANCE_CODE[s] for _h, s in heroes] + [NONE] * self.a, dtype=np.int64),
                           (worlds, 1)),
            engaged=np.zeros((worlds, self.h, self.a), dtype=np.bool_), regain=np.zeros((worlds, count), np.bool_),
            songs=np.tile(np.array([p.war_songs for p in self.people], dtype=np.int64), (worlds, 1)),
            next_dice=zeros.copy(), lasting_dice=zeros.copy(), challenge=np.full((worlds, count), NONE, np.int64),
            rally=np.zeros((worlds, len(STANCES)), np.int64), rally_next=np.zeros((worlds, len(STANCES)), np.int64),
            complication=np.tile(np.array(list(complications or [0] * self.h) + [0] * self.a, dtype=np.int64),
                                 (worlds, 1)),
            no_helm=np.zeros((worlds, count), np.bool_), no_shield=np.zeros((worlds, count), np.bool_))
        self.tally = Tally(zeros.copy(), zeros.copy(), zeros.copy(), zeros.copy(),
                           np.zeros((worlds, count, len(TASKS)), np.int64),
                           np.zeros((worlds, count, len(TASKS)), np.int64))
        self.task_index = {t.id: i for i, t in enumerate(TASKS)}
        self._up: B | None = None

    # --- reading -------------------------------------------------------------------------------------------------

    def up(self) -> B:
        """Who stands in each world (kept until endurance or wounds change: :meth:`changed`)."""
        if self._up is None:
            s = self.state
            self._up = np.asarray((s.endurance > 0) & (s.wounds < self.limit), dtype=np.bool_)
        return self._up

    def changed(self) -> None:
        self._up = None

    def loaded(self, idx: I64 | slice, c: I64 | int) -> B:
        """Whether ``c`` is weary from its load in the worlds ``idx`` (a hero, the setting on, its endurance at or
        below what it carries; a helm or a shield on the ground weighs nothing)."""
        if not self.load_setting:
            return np.zeros(np.shape(self.state.endurance[idx, c]), np.bool_)
        s = self.state
        load = (self.gear_load[c] - self.helm_load[c] * s.no_helm[idx, c]
                - self.shield_load[c] * s.no_shield[idx, c])
        return np.asarray((self.gear_load[c] > 0) & weary_from_load(s.endurance[idx, c], load), dtype=np.bool_)

    def sides_left(self, up: B | None = None) -> I64:
        up = self.up() if up is None else up
        return np.asarray(up[:, :self.h].any(axis=1).astype(np.int64) + up[:, self.h:].any(axis=1), dtype=np.int64)

    def opponents(self, c: int, up: B | None = None) -> B:
        """``(W, C)``: who ``c`` is engaged with, standing."""
        up = self.up() if up is None else up
        out = np.zeros((self.w, self.h + self.a), dtype=np.bool_)
        if c < self.h:
            out[:, self.h:] = self.state.engaged[:, c, :] & up[:, self.h:]
        else:
            out[:, :self.h] = self.state.engaged[:, :, c - self.h] & up[:, :self.h]
        return out

    def foes(self, c: int, up: B | None = None) -> B:
        up = self.up() if up is None else up
        mask = np.zeros(self.h + self.a, dtype=np.bool_)
        mask[self.h:] = c < self.h
        mask[:self.h] = c >= self.h
        return np.asarray(up & mask, dtype=np.bool_)

    def weakest(self, among: B) -> I64:
        """Each world's combatant with the least endurance among ``among`` (the first such; −1 when none)."""
        key = np.where(among, self.state.endurance * (self.h + self.a) + np.arange(self.h + self.a), BIG)
        pick = key.argmin(axis=1)
        return np.where(among.any(axis=1), pick, NONE).astype(np.int64)

    # --- the fight -----------------------------------------------------------------------------------------------

    def play(self, dice: DiceSource, max_rounds: int = 100) -> BatchResult:
        """Play every world to its end (or ``max_rounds``). A world whose fight is over leaves the batch at the next
        round's start (compaction): its state is kept aside, and the keyed dice follow the worlds still playing."""
        full = self.w
        done_state = State(**{f: getattr(self.state, f).copy() for f in STORED})
        done_tally = Tally(**{f: getattr(self.tally, f).copy() for f in TALLY})
        rounds = np.zeros(full, dtype=np.int64)
        origin = np.arange(full)
        if self.volleys:
            self.opening_volleys(dice)
        for now in range(1, max_rounds + 1):
            live = self.sides_left() > 1
            if not live.all():
                self.keep(live, origin, done_state, done_tally)
                rows = np.flatnonzero(live)
                origin = origin[rows]
                dice.keep_worlds(rows)
                if not rows.size:
                    break
            rounds[origin] = now
            self.start_round()
            self.stances()
            self.engage()
            self.resolve(dice)
        self.keep(np.zeros(self.w, np.bool_), origin, done_state, done_tally)
        self.state, self.tally, self.w = done_state, done_tally, full
        self.changed()
        up = self.up()
        over = self.sides_left(up) <= 1
        winner = np.full(full, NONE, dtype=np.int64)
        winner[over & up[:, :self.h].any(axis=1)] = 0
        winner[over & up[:, self.h:].any(axis=1)] = 1
        return BatchResult(self.state, winner, over, rounds, self.tally, self.limit)

    def keep(self, live: B, origin: I64, state: State, tally: Tally) -> None:
        """Store the worlds that are over (not ``live``) in ``state`` and ``tally`` (at their first places,
        ``origin``), then keep only the live ones in the batch."""
        gone = ~live
        for f in STORED:
            getattr(state, f)[origin[gone]] = getattr(self.state, f)[gone]
        for f in TALLY:
            getattr(tally, f)[origin[gone]] = getattr(self.tally, f)[gone]
        rows = np.flatnonzero(live)
        for f in STORED:
            setattr(self.state, f, getattr(self.state, f)[rows])
        for f in TALLY:
            setattr(self.tally, f, getattr(self.tally, f)[rows])
        self.w = rows.size
        self.state.new_round()
        self.changed()

    def opening_volleys(self, dice: DiceSource) -> None:
        for c, bow in enumerate(self.ranged):
            if bow:
                up = self.up()
                acting = up[:, c] & (self.sides_left(up) > 1)
                self.strike(dice, c, bow, acting, self.weakest(self.foes(c, up)))

    def start_round(self) -> None:
        s = self.state
        s.new_round()
        # A challenge ends when one of the two is out of the fight.
        partner = np.maximum(s.challenge, 0)
        s.challenge[(s.challenge >= 0) & ~np.take_along_axis(self.up(), partner, axis=1)] = NONE
        s.rally = s.rally_next
        s.rally_next = np.maximum(s.rally_next - 1, 0)

    def stances(self) -> None:
        """Where the rear is not open to the heroes (:func:`~estoc.systems.tor.round.rear_open`, by world), the
        first hero at the rear goes open, until it is."""
        s, up = self.state, self.up()
        for _ in range(self.h):
            heroes = up[:, :self.h]
            rear = heroes & (s.stance[:, :self.h] == REAR)
            move = ~rear_open(heroes.sum(axis=1), rear.sum(axis=1), up[:, self.h:].sum(axis=1))
            if not move.any():
                return
            first = rear.argmax(axis=1)
            w = np.flatnonzero(move)
            s.stance[w, first[w]] = STANCE_CODE["open"]
            s.challenge[w, first[w]] = NONE  # a challenge ends with a change of stance
            s.challenge[np.isin(s.challenge, first[w]) & move[:, None]] = NONE

    def engage(self) -> None:
        """The GM's default engagement, as play closes it: each close-combat hero without a foe (forward first,
        then open, then defensive) takes the free foe with the least endurance (any foe when none is free); then
        each foe left free joins the close-combat hero facing the fewest."""
        s = self.state
        up = self.up()
        s.engaged &= up[:, :self.h, None] & up[:, None, self.h:]
        close = up[:, :self.h] & (s.stance[:, :self.h] != REAR)
        for code in (STANCE_CODE[x] for x in CLOSE):
            for h in range(self.h):
                mine = close[:, h] & (s.stance[:, h] == code) & ~s.engaged[:, h, :].any(axis=1)
                if not mine.any():
                    continue
                taken = np.asarray(s.engaged.any(axis=1), dtype=np.bool_)
                free = up[:, self.h:] & ~taken
                among = np.where(np.asarray(free.any(axis=1))[:, None], free, up[:, self.h:])
                pick = self.weakest(np.concatenate([np.zeros((self.w, self.h), np.bool_), among], axis=1))
                w = np.flatnonzero(mine & (pick >= 0))
                s.engaged[w, h, pick[w] - self.h] = True
        for a in range(self.a):
            alone = up[:, self.h + a] & ~s.engaged[:, :, a].any(axis=1) & close.any(axis=1)
            if not alone.any():
                continue
            load = np.where(close, s.engaged.sum(axis=2) * (self.h + 1) + np.arange(self.h), BIG)
            pick = load.argmin(axis=1)
            w = np.flatnonzero(alone)
            s.engaged[w, pick[w], a] = True

    def resolve(self, dice: DiceSource) -> None:
        """The round's actions in the text's order."""
        s = self.state
        stance = s.stance.copy()
        engaged_foe = np.asarray(s.engaged.any(axis=1), dtype=np.bool_)
        places: list[tuple[int, B]] = [(h, stance[:, h] == code) for code in range(len(STANCES))
                                       for h in range(self.h)]
        places += [(self.h + a, engaged_foe[:, a]) for a in range(self.a)]
        places += [(self.h + a, ~engaged_foe[:, a]) for a in range(self.a)]
        for c, here in places:
            if not here.any():
                continue
            up = self.up()
            acting = here & up[:, c] & (self.sides_left(up) > 1)
            if acting.any():
                if c < self.h:
                    self.hero_turn(dice, c, acting)
                else:
                    self.adversary_turn(dice, c, acting)

    # --- turns ---------------------------------------------------------------------------------------------------

    def adversary_turn(self, dice: DiceSource, c: int, acting: B) -> None:
        up = self.up()
        close = self.opponents(c, up)
        engaged = close.any(axis=1)
        melee = acting & engaged
        if self.melee[c]:
            self.strike(dice, c, self.melee[c], melee, self.weakest(close))
        if self.ranged[c]:
            self.strike(dice, c, self.ranged[c], acting & ~engaged, self.weakest(self.foes(c, up)))

    def hero_turn(self, dice: DiceSource, c: int, acting: B) -> None:
        s = self.state
        regain = acting & s.regain[:, c]
        s.regain[regain, c] = False
        free = acting & ~regain
        done = np.zeros(self.w, np.bool_)  # one secondary action a round
        for t in self.plans[c]:
            if task(t).action == "secondary" and free.any():
                now = free & ~done & batch_tasks.moment(self, c, t)
                batch_tasks.try_task(self, dice, c, t, now)
                done |= now
        attack = free.copy()
        choosing = free & (s.next_dice[:, c] == 0)  # a bonus waits for its next attack: it attacks
        for t in self.plans[c]:
            if task(t).action == "main" and choosing.any():
                now = choosing & batch_tasks.moment(self, c, t)
                batch_tasks.try_task(self, dice, c, t, now)
                choosing &= ~now
                attack &= ~now
        if attack.any():
            self.hero_attack(dice, c, attack)

    def hero_attack(self, dice: DiceSource, c: int, acting: B) -> None:
        up = self.up()
        close = self.opponents(c, up)
        at_rear = (self.state.stance[:, c] == REAR) | ~close.any(axis=1)
        if self.melee[c]:
            self.strike(dice, c, self.melee[c], acting & ~at_rear, self.weakest(close))
        if self.ranged[c]:
            self.strike(dice, c, self.ranged[c], acting & at_rear, self.weakest(self.foes(c, up)))

    # --- the attack ----------------------------------------------------------------------------------------------

    def strike(self, dice: DiceSource, c: int, weapon: int, mask: B, target: I64) -> None:
        """``c`` attacks with its weapon ``weapon`` (from 1) in the worlds of ``mask``, each world its ``target``."""
        idx = np.flatnonzero(mask & (target >= 0))
        if not idx.size:
            return
        s, me = self.state, self.people[c]
        t = target[idx]
        use = me.weapon(weapon)
        ranged = use.record.ranged
        hero = c < self.h
        # Every +1d and −1d, as play counts them (TorFight._dice_change).
        mine = s.stance[idx, c] if hero else np.full(idx.size, NONE)
        theirs = s.stance[idx, t]
        change = DICE_OF_STANCE[mine] + DICE_OF_STANCE[theirs]
        if hero:
            rallied = (mine != REAR) & (s.rally[idx, np.maximum(mine, 0)] > 0)
            change += rallied
        change += s.next_dice[idx, c] + s.lasting_dice[idx, c] + s.dice[idx, c] - s.complication[idx, c]
        s.next_dice[idx, c] = 0
        guarded = s.protected_left[idx, t] > 0
        change -= np.where(guarded, s.protected_dice[idx, t], 0)
        s.protected_left[idx, t] -= guarded
        change += s.two_weapons[idx, t]
        if ranged:
            change -= s.skirmish[idx, t]
        favoured = s.challenge[idx, c] == t
        held = s.held[idx, t] > 0
        s.held[idx, t] -= held
        ill = s.holding[idx, c] | held
        spec = attack_spec(me, weapon, self.people[int(t[0])])
        tn = self.tn[c, t] + s.parry[idx, t] - self.shield_parry[t] * s.no_shield[idx, t]
        protection = self.protection[t] - self.helm_protection[t] * s.no_helm[idx, t]
        out = resolve_attack(dice, spec, idx.size, tn=tn, extra_dice=change, ids=idx, favoured=favoured, ill=ill,
                             weary=s.weary[idx, c] | self.loaded(idx, c), protection=protection,
                             protection_weary=self.loaded(idx, t))
        lost = out.endurance
        was_up = self.up()[idx, t]
        # Yield ground: a hero whose plan has it gives way when the blow would leave it without endurance and half
        # of it would not (and it is not dying of its wounds), once a round (and must regain its position next round).
        if not hero and self.tasks.get("ceder-terrain", True):
            plans = np.array(["ceder-terrain" in self.plans[int(x)] for x in range(self.h)] or [False])
            halved = half_up(lost)
            yields = (plans[np.minimum(t, self.h - 1)] & (t < self.h) & ~s.yielded[idx, np.minimum(t, self.h - 1)]
                      & (s.endurance[idx, t] - lost <= 0) & (s.endurance[idx, t] - halved > 0)
                      & (s.wounds[idx, t] + out.wounded < DYING_WOUNDS))
            if yields.any():
                y = idx[yields]
                s.yielded[y, t[yields]] = True
                s.regain[y, t[yields]] = True
                self.tally.tasks[y, t[yields], self.task_index["ceder-terrain"]] += 1
                self.tally.worked[y, t[yields], self.task_index["ceder-terrain"]] += 1
                lost = np.where(yields, halved, lost)
        s.endurance[idx, t] -= lost
        self.changed()
        self.tally.dealt[idx, c] += lost
        self.tally.taken[idx, t] += lost
        s.wounds[idx, t] += out.wounded
        self.changed()
        self.tally.wounds_dealt[idx, c] += out.wounded
        s.parry[idx, c] = np.where(out.parry_gain > 0, np.minimum(s.parry[idx, c] + out.parry_gain, FEND_OFF_CAP),
                                   s.parry[idx, c])
        self.tally.downed[idx, c] += was_up & ~self.up()[idx, t]
        if not ranged and not hero:
            self.counter(dice, idx[~out.success], t[~out.success], c)

    def counter(self, dice: DiceSource, idx: I64, hero: I64, foe: int) -> None:
        """Missed close-combat attacks answered by the counter-attack of their target."""
        s = self.state
        ready = s.counter_left[idx, hero] > 0
        idx, hero = idx[ready], hero[ready]
        if not idx.size:
            return
        s.counter_left[idx, hero] -= 1
        damage = np.array([self.people[h].weapon(1).damage for h in range(self.h)], dtype=np.int64)[hero]
        injury = np.array([self.people[h].weapon(1).injury for h in range(self.h)], dtype=np.int64)[hero]
        wound = s.counter_wound[idx, hero]
        plain = ~wound
        s.endurance[idx[plain], foe] -= damage[plain]
        self.changed()
        np.add.at(self.tally.dealt, (idx[plain], hero[plain]), damage[plain])
        self.tally.taken[idx[plain], foe] += damage[plain]
        w = np.flatnonzero(wound)
        if w.size:
            from estoc.dice.tor import roll_tor

            roll = roll_tor(dice, w.size, self.people[foe].protection, ill=s.counter_ill[idx[w], hero[w]],
                            purpose="protection", worlds=idx[w])
            hurt = ~roll.succeeds(injury[w])
            s.wounds[idx[w], foe] += hurt
            self.changed()
            np.add.at(self.tally.wounds_dealt, (idx[w], hero[w]), hurt.astype(np.int64))
