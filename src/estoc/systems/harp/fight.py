"""A HARP fight in play: the kernel on one world, each GM command a forced decision.

Every rule is the kernel's (:mod:`estoc.systems.harp.kernel`): the round, initiative, the start of a turn, every
action and its dice, the default policy. This module checks that a command is allowed (and says why not, in the
GM's language), hands it to the kernel, and tells what happened from the kernel's log (:mod:`.told`). Applying an
event draws its dice from the source it is given, one die at a time: live, a recording source; on replay, the faces
stored with the event.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

import numpy as np

from estoc.content.models.common import METRES_MAX
from estoc.content.registry import Content
from estoc.dice import DiceSource
from estoc.engine.numbers import event_whole
from estoc.engine.sides import Sides
from estoc.engine.stops import Stop
from estoc.errors import EstocError, InputError, RulesError
from estoc.i18n import _
from estoc.systems.drawn import rolled_by_purpose, tapped
from estoc.systems.harp.attack import AttackSettings
from estoc.systems.harp.codes import decision, rule
from estoc.systems.harp.gm import apply_gm
from estoc.systems.harp.initiative import wait_for
from estoc.systems.harp.policy import choose
from estoc.systems.harp.refusals import check, words
from estoc.systems.harp.sheet import Combatant
from estoc.systems.harp.tables import SEVERITY_LETTERS, HarpTables
from estoc.systems.harp.told import Teller
from estoc.systems.harp.worlds import (
    CURSOR_FIELDS,
    NO_LIMIT,
    WORLD_FIELDS,
    Settings,
    array,
    build,
    copy_fights,
    facts,
    kernel_of,
)
from estoc.systems.sheets import harp_sheet


@dataclass
class HarpFight(Sides):
    """The state of one HARP fight: its combatants, and the kernel's one world."""

    tables: HarpTables
    content: Content
    combatants: list[Combatant]
    sides: list[str]
    settings: AttackSettings = field(default_factory=AttackSettings)
    full_sun: bool = False
    surprised: str | None = None
    beasts_flee: bool = False
    side_names: dict[str, dict[str, str]] = field(default_factory=dict)
    distances: tuple[tuple[str, str, int], ...] = ()
    """The encounter's distances at the start (combatant ids, metres)."""
    covers: dict[str, tuple[int, int]] = field(default_factory=dict)
    unexpected: bool = False
    """The sides met unexpectedly: with no side surprised, the best perceivers roll for it as the fight begins."""
    mounts: tuple[tuple[str, str], ...] = ()
    """(rider id, mount id)."""
    F: Any = None
    """The kernel's worlds (one)."""
    initiative_set: dict[int, int] = field(default_factory=dict)
    """Combatant → the round whose initiative the GM typed for it (``init``): no longer among those to roll."""

    # --- building ------------------------------------------------------------------------------------------------

    @classmethod
    def start(cls, tables: HarpTables, content: Content, members: list[tuple[str, Combatant]], *,
              settings: AttackSettings, fight_mod: int = 0, full_sun: bool = False, surprised: str | None = None,
              beasts_flee: bool = False, distances: tuple[tuple[str, str, int], ...] = (),
              covers: dict[str, tuple[int, int]] | None = None, unexpected: bool = False,
              mounts: tuple[tuple[str, str], ...] = ()) -> HarpFight:
        fight = cls(tables=tables, content=content, combatants=[], sides=[], settings=settings,
                    full_sun=full_sun, surprised=surprised, beasts_flee=beasts_flee, distances=distances,
                    covers=dict(covers or {}), unexpected=unexpected, mounts=tuple(mounts))
        for side, combatant in members:
            if combatant.id in fight.ids():
                raise InputError(_("there is already a combatant {id}").format(id=combatant.id))
            fight.combatants.append(combatant)
            fight.sides.append(side)
        fight.F = fight._build(fight_mod)
        return fight

    def _side_indices(self) -> list[int]:
        order = list(dict.fromkeys(self.sides))
        return [order.index(s) for s in self.sides]

    def _build(self, fight_mod: int) -> Any:
        order = list(dict.fromkeys(self.sides))
        surprised = order.index(self.surprised) if self.surprised in order else -1
        F = build(self.tables, self.combatants, self._side_indices(), 1,
                  settings=Settings(beyond_limit=self.settings.beyond_limit, fight_mod=fight_mod,
                                    full_sun=self.full_sun, surprised_side=surprised, beasts_flee=self.beasts_flee,
                                    surprise_roll=self.unexpected,
                                    **facts(self.ids(), self.distances, self.covers, self.mounts)))
        F.logging = 1
        return F

    def join(self, side: str, combatant: Combatant) -> int:
        """A newcomer (the GM's ``add``): it acts from the next round on."""
        if combatant.id in self.ids():
            raise InputError(_("there is already a combatant {id}").format(id=combatant.id))
        old = self.F
        self.combatants.append(combatant)
        self.sides.append(side)
        n = len(self.combatants) - 1
        new = self._build(int(old.fight_mod[0]))
        for name in WORLD_FIELDS:
            array(new, name)[:, :n] = array(old, name)
        for name in ("crits_dealt", "crits_taken", "uses"):
            width = array(old, name).shape[2]
            array(new, name)[:, :n, :width] = array(old, name)
        array(new, "distance")[:, :n, :n] = array(old, "distance")
        for name in CURSOR_FIELDS:
            array(new, name)[:] = array(old, name)
        array(new, "order")[:, :n] = array(old, "order")
        array(new, "counters")[:] = array(old, "counters")
        # Not in this round's order: it rolls initiative with everyone at the next round.
        array(new, "started")[0, n] = 1
        array(new, "acted")[0, n] = 1
        self.F = new
        return n

    def copy(self) -> HarpFight:
        twin = HarpFight(tables=self.tables, content=self.content, combatants=list(self.combatants),
                         sides=list(self.sides), settings=self.settings, full_sun=self.full_sun,
                         surprised=self.surprised, beasts_flee=self.beasts_flee, side_names=self.side_names,
                         distances=self.distances, covers=self.covers, unexpected=self.unexpected,
                         mounts=self.mounts, initiative_set=dict(self.initiative_set))
        twin.F = copy_fights(self.F)
        twin.F.logging = 1
        return twin

    # --- reading -------------------------------------------------------------------------------------------------

    @property
    def round(self) -> int:
        return int(self.F.rnd[0])

    @property
    def order(self) -> list[int]:
        return [int(c) for c in array(self.F, "order")[0, :int(self.F.norder[0])]]

    def current(self) -> int | None:
        turn = int(self.F.turn[0])
        if 0 <= turn < int(self.F.norder[0]):
            return int(array(self.F, "order")[0, turn])
        return None

    def value(self, name: str, c: int) -> int:
        """A world field of combatant ``c``."""
        return int(array(self.F, name)[0, c])

    def value_between(self, name: str, a: int, b: int) -> int:
        """A field between two combatants (the distance)."""
        return int(array(self.F, name)[0, a, b])

    def flags(self, c: int) -> tuple[bool, bool, bool, bool, int]:
        """(can act, can attack, can parry, standing, manoeuvre penalty): the kernel's reading."""
        return kernel_of(self.F).py_flags(self.F, 0, c)

    def standing(self, c: int) -> bool:
        return bool(self.flags(c)[3])

    def exchange_numbers(self, attacker: int, target: int, strike: int, parry: int = 0, mod: int = 0
                         ) -> tuple[int, int, int, int, bool]:
        """What ``attacker``'s attack with its strike ``strike`` on ``target`` would be rolled against now, keeping
        ``parry`` OB points to parry and with the GM's ``mod``: (OB, defence, points kept to parry, fumble range,
        whether a critical would throw the target down),
        as the kernel makes them when the blow is struck (penalties, the round's modifiers, a parry or dodge
        declared, a target on the ground, range, cover, the shield), changing nothing. For the exact odds."""
        result = kernel_of(self.F).py_exchange(self.F, 0, attacker, target, strike, parry, mod)
        return (int(result[0]), int(result[1]), int(result[2]), int(result[3]), bool(result[4]))

    def is_over(self) -> bool:
        return int(kernel_of(self.F).py_sides_standing(self.F, 0)) <= 1

    def players_to_roll(self) -> list[int]:
        """The players whose initiative totals the GM may still type this round, in the round's order: those not
        yet done acting, still on their feet, whose total the GM has not typed yet and who do not have it
        automatically (the order ``init N N…`` fills)."""
        turn = int(self.F.turn[0])
        out = []
        for c in self.order[max(turn, 0):]:
            if not self.combatants[c].plays or self.initiative_set.get(c) == self.round:
                continue
            if (self.value("acted", c) or not self.value("present", c) or self.value("down", c)
                    or self.value("dead", c) or self.value("initiative", c) >= rule("AUTOMATIC") // 2):
                continue
            out.append(c)
        return out

    def initiative_bonus(self, c: int) -> int:
        """What a combatant adds to its d10 for initiative this round (Quickness and Intuition, the surprised
        side's −20 in the first round): the kernel's, told so that the GM can add a player's die to it."""
        return int(kernel_of(self.F).py_initiative_bonus(self.F, 0, c))

    def teller(self) -> Teller:
        """A teller for the kernel's next rows, knowing who is down and everyone's hit points now."""
        return Teller(self.tables, self.combatants, self.F,
                      hp=[self.value("hp", c) for c in range(len(self.combatants))],
                      out={c.id for i, c in enumerate(self.combatants)
                           if self.value("down", i) or self.value("dead", i)},
                      sides=list(dict.fromkeys(self.sides)))

    # --- events --------------------------------------------------------------------------------------------------

    def apply(self, event: Mapping[str, Any], dice: DiceSource) -> list[dict[str, Any]]:
        """Apply one event (see :mod:`estoc.systems.harp.commands` for the words that make them).

        Besides what the kernel's log tells, a new round's record names the players whose totals the GM may type
        (``to_roll``: id and bonus), and where the GM typed some faces and estoc rolled others, the first record
        says which estoc rolled (``rolled``: purpose → faces), so that typed and rolled dice are never mixed
        silently."""
        with tapped(dice, lambda: self.F.log, event) as tap:
            records = self._apply(event, tap)
        # A player asked for the die (live: the source asks; replayed: the event keeps the answers) rolled it.
        ask = getattr(dice, "ask", None)
        answered = {str(a[0]) for a in event.get("answers") or [] if isinstance(a, list) and a[1:2] == ["initiative"]}
        for record in records:
            if record.get("kind") == "round":
                to_roll = [[self.combatants[c].id, self.initiative_bonus(c)] for c in self.players_to_roll()
                           if not (ask is not None and ask(c, "initiative")) and self.combatants[c].id not in answered]
                if to_roll:
                    record["to_roll"] = to_roll
        rolled = rolled_by_purpose(tap)
        if rolled and records:
            records[0]["rolled"] = rolled
        return records

    def _apply(self, event: Mapping[str, Any], dice: DiceSource) -> list[dict[str, Any]]:
        F, K = self.F, kernel_of(self.F)
        F.source, F.error, F.log = dice, None, []
        teller = self.teller()
        records: list[dict[str, Any]] = []
        kind = str(event.get("type", ""))
        try:
            if kind == "begin":
                if self.round:
                    raise RulesError(_("the fight has already begun"))
                K.py_begin(F, 0)
                self._advance(K, teller, records)
                return records
            if kind == "gm":
                records.extend(apply_gm(self, event, dice))
                return records
            if kind == "instinctive-dodge":
                self._instinctive_dodge(event, teller, records)
                return records
            actor = self.current()
            if self.is_over():
                raise RulesError(_("the fight is over"))
            if actor is None:
                raise RulesError(_("no combatant's turn now"))
            handler = _ACTIONS.get(kind)
            if handler is None:
                raise InputError(_("unknown action {action!r}").format(action=kind))
            handler(self, actor, event, teller, records)
            if kind in ("wait", "intercept"):
                # The waiter's turn moved later in the order: the turn now at this place begins.
                F.turn[0] = F.turn[0] - 1
            else:
                array(F, "acted")[0, actor] = 1
            self._advance(K, teller, records)
            return records
        finally:
            F.source = None

    def _advance(self, K: Any, teller: Teller, records: list[dict[str, Any]]) -> None:
        K.py_advance(self.F, 0, NO_LIMIT)
        self.tell(teller, records)

    def tell(self, teller: Teller, records: list[dict[str, Any]]) -> None:
        """The kernel's log so far, as records (a dice error stops everything: the fight is a copy, dropped)."""
        error = self.F.error
        if error is not None:
            self.F.error = None
            if isinstance(error, EstocError):
                raise error
            raise RulesError(str(error)) from error
        records.extend(teller.tell(self.F.log))
        self.F.log = []

    # --- checks --------------------------------------------------------------------------------------------------

    def _target(self, actor: int, event: Mapping[str, Any]) -> int:
        """The event's target (who it is is the GM's input; whether it may be targeted is the kernel's)."""
        target_id = event.get("target")
        if not target_id:
            raise InputError(_("this action needs a target"))
        target = self.index(str(target_id))
        refusal = int(kernel_of(self.F).py_target_refused(self.F, 0, actor, target))
        if refusal:
            raise RulesError(words(self, actor, decision("pass", target), refusal, 0))
        return target

    def _instinctive_dodge(self, event: Mapping[str, Any], teller: Teller, records: list[dict[str, Any]]) -> None:
        """At any moment: instead of the action not yet made, or costing next round's action."""
        actor = self.index(str(event.get("actor", "")))
        check(self, actor, decision("instinctive-dodge"))
        own_turn = actor == self.current() and not self.is_over()
        K = kernel_of(self.F)
        cost = K.py_instinctive_dodge(self.F, 0, actor)
        self.tell(teller, records)
        records[-1]["cost"] = "next_round" if cost else "this_round"
        if own_turn and not cost:
            # « Esquive Instinctive » in place of this round's action, typed on its own turn: that turn is spent.
            self._advance(K, teller, records)

    def sheet(self, c: int) -> dict[str, Any]:
        """Combatant ``c``'s sheet as the rules use it now (:func:`estoc.systems.sheets.harp_sheet`)."""
        return harp_sheet(self, c)

    def auto_event(self) -> dict[str, Any]:
        return choose(self)

    def stop_reason(self) -> Stop | None:
        """A hero's turn (HARP's heroes are the players'); HARP's round has no phase of declarations
        (:mod:`estoc.engine.stops`)."""
        c = self.current()
        if c is None or self.is_over() or self.combatants[c].kind == "creature":
            return None
        return Stop("player", "turn", who=self.combatants[c].id)

    # --- view and summary -------------------------------------------------------------------------------------

    def view(self) -> dict[str, Any]:
        rows: list[dict[str, Any]] = []
        K = kernel_of(self.F)
        for i, c in enumerate(self.combatants):
            # rounds left count the actions an effect still binds (the kernel's ``pinned_from``)
            now = int(K.py_pinned_from(self.F, 0, i))
            parried = self.value("parry_vs", i)
            rows.append({
                "id": c.id, "name": c.name, "side": self.sides[i], "hp": self.value("hp", i), "hp_max": c.hp,
                "initiative": self.value("initiative", i) if i in self.order else None,
                "bleed": self.value("bleed", i), "penalty": self.value("penalty", i),
                "stunned": _left(self.value("stun_until", i), now),
                "must_parry": _left(self.value("must_parry_until", i), now),
                "no_parry": _left(self.value("no_parry_until", i), now),
                "lost": _left(self.value("lost_until", i), now),
                # the pinned rounds themselves: a count of 0 above is "none" or "until its turn begins" (the kernel
                # lifts a condition at the start of the victim's turn), which only these tell apart
                **{key: self.value(key, i) for key in ("stun_until", "must_parry_until", "no_parry_until",
                                                       "lost_until")},
                "shaken": bool(self.value("shaken", i)), "prone": bool(self.value("prone", i)),
                "disarmed": bool(self.value("disarmed", i)), "down": bool(self.value("down", i)),
                "dead": bool(self.value("dead", i)), "passing": self.value("dead", i) == rule("PASSING_AWAY"),
                "dying_in": _left(self.value("dying_round", i), self.round),
                "removed": not self.value("present", i),
                "parry": ({"against": self.combatants[parried].id, "bonus": self.value("parry_bonus", i)}
                          if parried >= 0 else None),
                "dodge": self.value("dodge", i), "ob": c.ob(), "db": c.db, "player": c.plays,
            })
            cover = [self.value("cover_melee", i), self.value("cover_missile", i)]
            if any(cover):
                rows[-1]["cover"] = cover
        current = self.current()
        over = self.is_over()
        winner = self.winner() if over else None
        return {"round": self.round, "order": [self.combatants[i].id for i in self.order],
                "winner_name": self.side_names.get(winner, {"fr": winner, "en": winner}) if winner else None,
                "current": self.combatants[current].id if current is not None and not over else None,
                "over": over, "winner": winner, "fight_mod": int(self.F.fight_mod[0]),
                "full_sun": bool(int(self.F.full_sun)), "surprised": self.surprised_now(), "combatants": rows}

    def surprised_now(self) -> str | None:
        """The side surprised in the current round (the first before the fight begins), or ``None``."""
        side = int(array(self.F, "surprised")[0])
        if side < 0 or int(array(self.F, "surprise_round")[0]) != max(self.round, 1):
            return None
        return list(dict.fromkeys(self.sides))[side]

    def summary(self) -> dict[str, Any]:
        winner = self.winner()
        dealt, taken = array(self.F, "crits_dealt")[0], array(self.F, "crits_taken")[0]

        def letters(counts: np.typing.NDArray[np.int64]) -> dict[str, int]:
            return {SEVERITY_LETTERS[k + 1]: int(n) for k, n in enumerate(counts) if n}

        return {"rounds": self.round, "winner": winner,
                "winner_name": self.side_names.get(winner, {"fr": winner, "en": winner}) if winner else None,
                "combatants": [
            {"id": c.id, "side": self.sides[i], "hits_dealt": self.value("dealt", i),
             "hits_taken": self.value("taken", i), "crits_dealt": letters(dealt[i]), "crits_taken": letters(taken[i]),
             "downed": self.value("downed", i), "rounds": self.value("acted_rounds", i), "hp": self.value("hp", i),
             "state": self.fate(i)}
            for i, c in enumerate(self.combatants)]}

    def fate(self, c: int) -> str:
        if self.value("dead", c):
            return "passing" if self.value("dead", c) == rule("PASSING_AWAY") else "dead"
        if self.value("dying_round", c):
            return "dying"
        if self.value("down", c):
            return "unconscious"
        if not self.value("present", c):
            return "out"
        return "standing"


def _left(until: int, now: int) -> int:
    """Rounds left of a pinned duration (0: none)."""
    return max(until - now, 0) if until else 0


Records = list[dict[str, Any]]


def _strike_number(fight: HarpFight, actor: int, event: Mapping[str, Any]) -> int:
    """The event's strike (one of the actor's: the GM's input; an area's strike is the kernel's to refuse)."""
    me = fight.combatants[actor]
    n = event_whole(event, "strike", 1) - 1
    if not 0 <= n < len(me.strikes):
        raise RulesError(_("{who} has attacks 1 to {n}, not {value}").format(
            who=me.id, n=len(me.strikes), value=n + 1))
    return n


def _run(event: Mapping[str, Any]) -> int:
    """A run's length (the event's ``distance``, metres, 0 or more) in the kernel's tenths of a metre."""
    value = event.get("distance", 0)
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise InputError(_("{what} must be a number, not {word!r}").format(what=_("the distance"), word=value))
    if value < 0:
        raise RulesError(_("a distance cannot be negative"))
    return round(min(float(value), float(METRES_MAX)) * rule("TENTHS"))


def _positions(fight: HarpFight, event: Mapping[str, Any]) -> int:
    """The position bonuses an attack takes (« Bonus de position »: ids, a list or joined by commas) as the kernel's
    bits; whether they go together is the kernel's to say."""
    chosen = event.get("positions") or []
    if isinstance(chosen, str):
        chosen = [part for part in chosen.split(",") if part]
    if not isinstance(chosen, list) or not all(isinstance(part, str) for part in chosen):
        raise InputError(_("position bonuses are ids separated by commas"))
    return fight.tables.positions.mask(chosen)


def _direction(event: Mapping[str, Any]) -> str:
    """Where the blow comes from (the GM's fact: ``front`` unless told ``flank`` or ``rear``)."""
    value = event.get("direction", "front")
    if value not in ("front", "flank", "rear"):
        raise InputError(_("a blow comes from the front, the flank or the rear, not {word!r}").format(word=value))
    return str(value)


def _parried(fight: HarpFight, event: Mapping[str, Any], target: int) -> tuple[int, int]:
    """The foe a parry holds against, or the foes it is shared between (« Parades Multiples »: ids joined by
    commas, as the kernel's bits); whether they may be is the kernel's to say."""
    named = event.get("parry_target")
    if not named:
        return target, 0
    ids = [part for part in str(named).split(",") if part]
    if len(ids) == 1:
        return fight.index(ids[0]), 0
    chosen = [fight.index(i) for i in ids]
    if len(set(chosen)) < len(chosen):
        raise InputError(_("a foe is named twice in the parry"))
    if max(chosen) >= rule("MAX_POSITIONS"):
        raise InputError(_("multiple parries name the first {n} combatants only").format(n=rule("MAX_POSITIONS")))
    return chosen[0], sum(1 << c for c in chosen)


def _shove(fight: HarpFight, actor: int, event: Mapping[str, Any], teller: Teller, records: Records) -> None:
    """Push a shooter in contact, or its weapon, aside with the hands: the GM gives the shover's bonus (Brawling,
    else Strength + Agility)."""
    chosen = decision("shove", fight._target(actor, event), mod=event_whole(event, "bonus"))
    check(fight, actor, chosen)
    kernel_of(fight.F).py_act(fight.F, 0, actor, chosen)
    fight.tell(teller, records)


def _attack(fight: HarpFight, actor: int, event: Mapping[str, Any], teller: Teller, records: Records,
            kind: str = "attack") -> None:
    """An attack (or a move-and-attack: ``kind``), with a parry declared; the kernel allows it or says why not."""
    target = fight._target(actor, event)
    n = _strike_number(fight, actor, event)
    parried, foes = _parried(fight, event, target)
    chosen = decision(kind, target, n, parry=event_whole(event, "parry"), parried=parried,
                      run=_run(event) if kind == "move-attack" else 0, mod=event_whole(event, "mod"),
                      positions=_positions(fight, event), direction=_direction(event), foes=foes)
    check(fight, actor, chosen)
    kernel_of(fight.F).py_act(fight.F, 0, actor, chosen)
    fight.tell(teller, records)


def _total_parry(fight: HarpFight, actor: int, event: Mapping[str, Any], teller: Teller, records: Records) -> None:
    chosen = decision("total-parry", fight._target(actor, event))
    check(fight, actor, chosen)
    kernel_of(fight.F).py_act(fight.F, 0, actor, chosen)
    fight.tell(teller, records)


def _dodge(fight: HarpFight, actor: int, event: Mapping[str, Any], teller: Teller, records: Records) -> None:
    chosen = decision("dodge")
    check(fight, actor, chosen)
    kernel_of(fight.F).py_act(fight.F, 0, actor, chosen)
    fight.tell(teller, records)


def _charge(fight: HarpFight, actor: int, event: Mapping[str, Any], teller: Teller, records: Records) -> None:
    """A charge; with no strike named (``arme N``), the kernel's choice: a beast's Ram (Bélier et Poussée)."""
    target = fight._target(actor, event)
    n = (_strike_number(fight, actor, event) if event.get("strike") is not None
         else int(kernel_of(fight.F).py_charge_strike(fight.F, actor)))
    chosen = decision("charge", target, n, run=_run(event), unseen=not event.get("seen", True),
                      mod=event_whole(event, "mod"), positions=_positions(fight, event), direction=_direction(event))
    check(fight, actor, chosen)
    kernel_of(fight.F).py_act(fight.F, 0, actor, chosen)
    fight.tell(teller, records)


def _move(fight: HarpFight, actor: int, event: Mapping[str, Any], teller: Teller, records: Records) -> None:
    me = fight.combatants[actor]
    chosen = decision("move", run=_run(event))
    walked = float(event.get("distance", 0))
    check(fight, actor, chosen)
    kernel_of(fight.F).py_act(fight.F, 0, actor, chosen)
    pace = "walk" if walked <= me.base_movement else "run"
    records.append({"kind": "move", "actor": me.id, "distance": walked, "pace": pace})


def _move_attack(fight: HarpFight, actor: int, event: Mapping[str, Any], teller: Teller, records: Records) -> None:
    _attack(fight, actor, event, teller, records, kind="move-attack")


def _disengage(fight: HarpFight, actor: int, event: Mapping[str, Any], teller: Teller, records: Records) -> None:
    target = fight._target(actor, event)
    me = fight.combatants[actor]
    floor = int(kernel_of(fight.F).py_disengage_floor(fight.F, 0, actor))
    chosen = decision("disengage", target, parry=event_whole(event, "parry", floor))
    check(fight, actor, chosen)
    kernel_of(fight.F).py_act(fight.F, 0, actor, chosen)
    records.append({"kind": "disengage", "actor": me.id, "target": fight.combatants[target].id,
                    "bonus": fight.value("parry_bonus", actor)})


def _breathe(fight: HarpFight, actor: int, event: Mapping[str, Any], teller: Teller, records: Records) -> None:
    me = fight.combatants[actor]
    n = next((i for i, s in enumerate(me.strikes) if s.area != "single"), 0)
    check(fight, actor, decision("breathe", strike=n))
    targets = [fight.index(str(t)) for t in event.get("targets", [])]
    if not targets:
        raise InputError(_("name the creatures in the cone or along the line"))
    limit = rule("MAX_BREATH")
    if len(targets) > limit:
        raise InputError(_("at most {n} creatures in one breath").format(n=limit))
    kernel_of(fight.F).py_breathe(fight.F, 0, actor, n, targets)
    fight.tell(teller, records)


def _stand(fight: HarpFight, actor: int, event: Mapping[str, Any], teller: Teller, records: Records) -> None:
    chosen = decision("stand")
    check(fight, actor, chosen)
    kernel_of(fight.F).py_act(fight.F, 0, actor, chosen)
    records.append({"kind": "stand", "actor": fight.combatants[actor].id})


def _take_weapon(fight: HarpFight, actor: int, event: Mapping[str, Any], teller: Teller, records: Records) -> None:
    chosen = decision("take-weapon")
    check(fight, actor, chosen)
    kernel_of(fight.F).py_act(fight.F, 0, actor, chosen)
    records.append({"kind": "take-weapon", "actor": fight.combatants[actor].id})


def _pass(fight: HarpFight, actor: int, event: Mapping[str, Any], teller: Teller, records: Records) -> None:
    record: dict[str, Any] = {"kind": "pass", "actor": fight.combatants[actor].id}
    if fight.value("intercepting", actor) >= 0:
        record["waited_in_vain"] = True
    kernel_of(fight.F).py_act(fight.F, 0, actor, decision("pass"))
    records.append(record)


def _intercept(fight: HarpFight, actor: int, event: Mapping[str, Any], teller: Teller, records: Records) -> None:
    """Lie in wait for a later combatant's action, to act just before it (an interruption); if the action never
    comes, the interceptor passes and has the initiative next round."""
    awaited = fight._target(actor, event)
    turn = int(fight.F.turn[0])
    order = fight.order
    rest = order[turn:]
    if awaited not in rest[1:]:
        raise RulesError(_("one can only wait for a combatant who has not acted yet"))
    rest.remove(actor)
    rest.insert(rest.index(awaited), actor)
    array(fight.F, "order")[0, turn:turn + len(rest)] = rest
    array(fight.F, "intercepting")[0, actor] = awaited
    array(fight.F, "started")[0, actor] = 1
    records.append({"kind": "intercept", "actor": fight.combatants[actor].id, "for": fight.combatants[awaited].id})


def _flee(fight: HarpFight, actor: int, event: Mapping[str, Any], teller: Teller, records: Records) -> None:
    chosen = decision("flee")
    check(fight, actor, chosen)
    kernel_of(fight.F).py_act(fight.F, 0, actor, chosen)
    records.append({"kind": "flee", "actor": fight.combatants[actor].id})


def _wait(fight: HarpFight, actor: int, event: Mapping[str, Any], teller: Teller, records: Records) -> None:
    """Wait for a later combatant: act with it or after it (last in a conflict). The waiter's turn is not spent,
    only moved later in the order."""
    awaited = fight._target(actor, event)
    mode: Literal["with", "after"] = "with" if event.get("mode") == "with" else "after"
    turn = int(fight.F.turn[0])
    rest = fight.order[turn:]
    moved = wait_for(rest, actor, awaited, mode, conflict=bool(event.get("conflict")))
    array(fight.F, "order")[0, turn:turn + len(moved)] = moved
    records.append({"kind": "wait", "actor": fight.combatants[actor].id, "for": fight.combatants[awaited].id,
                    "mode": mode})


_ACTIONS = {
    "attack": _attack,
    "move-attack": _move_attack,
    "total-parry": _total_parry,
    "dodge": _dodge,
    "charge": _charge,
    "move": _move,
    "disengage": _disengage,
    "breathe": _breathe,
    "shove": _shove,
    "stand": _stand,
    "take-weapon": _take_weapon,
    "pass": _pass,
    "flee": _flee,
    "wait": _wait,
    "intercept": _intercept,
}

