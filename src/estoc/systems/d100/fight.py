"""A d100 fight at the table: the kernel on one world, each GM command a forced decision.

Every rule is the kernel's (:mod:`estoc.systems.d100.kernel`): the round's phases, the DEX ranks and simultaneous
groups, movement, every action and its dice, wounds, the end of the round, the default policy. This module checks
that a command is allowed (and says why not, in the GM's language), hands it to the kernel, and tells what happened
from the kernel's log (:mod:`.told`). Applying an event draws its dice from the source it is given, one die at a
time: live, a recording source; on replay, the faces stored with the event.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from estoc.content.models import d100
from estoc.content.models.common import METRES_MAX
from estoc.dice import DiceSource
from estoc.engine.numbers import event_whole
from estoc.engine.sides import Sides
from estoc.engine.stops import Stop, command_words
from estoc.errors import EstocError, InputError, RulesError
from estoc.i18n import _, pick
from estoc.systems.d100.codes import KernelNames, KernelTable, action, rule
from estoc.systems.d100.commands import commands
from estoc.systems.d100.encounter import SETUP_PATH, load_d100_encounter
from estoc.systems.d100.exchange import (
    DEFAULT_SETTINGS,
    DEFENCE_CODES,
    Combatant,
    Settings,
    no_defence,
    out_of_reach,
    slot_record,
)
from estoc.systems.d100.policy import choose
from estoc.systems.d100.refusals import check, reach_word, refuse
from estoc.systems.d100.rules import Outcomes
from estoc.systems.d100.told import Teller
from estoc.systems.d100.worlds import (
    CURSOR_FIELDS,
    DEFENCES,
    ORDER_FIELDS,
    REACH_ORDER,
    SLOT_FIELDS,
    WORLD_FIELDS,
    WOUND_FIELDS,
    array,
    build,
    copy_fights,
    kernel_of,
    kernel_settings,
)
from estoc.systems.drawn import apply_on_kernel
from estoc.systems.sheets import d100_sheet

NO_LIMIT = 1 << 40
"""Play has no round limit."""
INT_LIMIT = 1 << 31
"""The largest number a GM may type (the kernel counts in 64 bits)."""
PHASES = KernelNames(KernelTable("phases"))
"""The round's phases by the kernel's code (``PH_*``)."""


def whole_number(event: Mapping[str, Any], key: str, default: int = 0) -> int:
    """A whole number of an event, within what the kernel holds (:func:`estoc.engine.numbers.event_whole`)."""
    return event_whole(event, key, default, -INT_LIMIT + 1, INT_LIMIT - 1)


@dataclass
class D100Fight(Sides):
    """The state of one d100 fight: its combatants, and the kernel's one world."""

    outcomes: Outcomes
    combatants: list[Combatant]
    sides: list[str]
    players: list[bool]
    settings: Settings = DEFAULT_SETTINGS
    distance: int | None = None
    side_names: dict[str, dict[str, str]] = field(default_factory=dict)
    F: Any = None
    content: Any = None
    """The content registry the GM's ``add`` takes combatants from (play gives it; ``None``: no ``add``)."""

    @classmethod
    def start(cls, outcomes: Outcomes, members: list[tuple[str, Combatant, bool]], *,
              settings: Settings = DEFAULT_SETTINGS, distance: int | None = None,
              defends: list[str] | None = None) -> D100Fight:
        """A fight's start; ``defends``: the defence each combatant opposes when none is named (the encounter's
        ``defence:``; the best allowed for all when not given)."""
        fight = cls(outcomes=outcomes, combatants=[c for _s, c, _p in members], sides=[s for s, _c, _p in members],
                    players=[p for _s, _c, p in members], settings=settings, distance=distance)
        fight.F = build(outcomes, fight.combatants, fight.side_indices(), 1,
                        settings=kernel_settings(settings, distance), defends=defends)
        fight.F.logging = 1
        return fight

    def side_indices(self) -> list[int]:
        order = list(dict.fromkeys(self.sides))
        return [order.index(s) for s in self.sides]

    def copy(self) -> D100Fight:
        twin = D100Fight(outcomes=self.outcomes, combatants=list(self.combatants), sides=list(self.sides),
                         players=list(self.players), settings=self.settings, distance=self.distance,
                         side_names=self.side_names, content=self.content)
        twin.F = copy_fights(self.F)
        twin.F.logging = 1
        return twin

    # --- reading -------------------------------------------------------------------------------------------------

    def value(self, name: str, c: int) -> int:
        return int(array(self.F, name)[0, c])

    @property
    def round(self) -> int:
        return int(self.F.rnd[0])

    @property
    def phase(self) -> str:
        return PHASES[int(self.F.phase[0])]

    @property
    def order(self) -> list[int]:
        return [int(c) for c in array(self.F, "order")[0, :int(self.F.norder[0])]]

    @property
    def groups(self) -> list[int]:
        """``groups[k]``: the simultaneous group of ``order[k]``."""
        return [int(g) for g in array(self.F, "groups")[0, :int(self.F.norder[0])]]

    def standing(self, c: int) -> bool:
        return bool(kernel_of(self.F).py_standing(self.F, 0, c))

    def dying(self, c: int) -> bool:
        return bool(kernel_of(self.F).py_dying(self.F, 0, c))

    def is_over(self) -> bool:
        """Over once the round in which only one side was left standing has ended."""
        return self.phase == "over"

    def current(self) -> int | None:
        turn = int(self.F.turn[0])
        if self.phase == "actions" and 0 <= turn < int(self.F.norder[0]):
            return int(self.F.order[turn])
        return None

    def slot_record(self, c: int, s: int) -> Any:
        return slot_record(self.combatants[c], s)

    # --- events --------------------------------------------------------------------------------------------------

    def apply(self, event: Mapping[str, Any], dice: DiceSource) -> list[dict[str, Any]]:
        """Apply one event; every face drawn is tapped (:mod:`estoc.systems.drawn`) so that the narration shows
        each die and says which ones estoc rolled where the GM typed some."""
        def body(records: list[dict[str, Any]]) -> None:
            self._apply(str(event.get("type", "")), event, records)
            self.tell(records)

        return apply_on_kernel(self.F, event, dice, body)

    def tell(self, records: list[dict[str, Any]]) -> None:
        """The kernel's log so far, as records (a dice error stops everything: the fight is a copy, dropped)."""
        error = self.F.error
        if error is not None:
            self.F.error = None
            if isinstance(error, EstocError):
                raise error
            raise RulesError(str(error)) from error
        teller = Teller(self.combatants, list(dict.fromkeys(self.sides)), self.side_names, self.standing)
        records.extend(teller.tell(self.F.log))
        self.F.log = []

    def _apply(self, kind: str, event: Mapping[str, Any], records: list[dict[str, Any]]) -> None:
        K, F = kernel_of(self.F), self.F
        if kind == "begin":
            if self.round:
                raise RulesError(_("the fight has already begun"))
            K.py_begin(F, 0)
            return
        if self.round == 0:
            raise RulesError(_("the fight has not begun: type begin"))
        if kind == "move":
            self._move(event)
            return
        if kind in ("intent", "reach"):
            records.append(self._intent_or_reach(kind, event))
            return
        if kind == "kneel":
            c = self.index(str(event["target"]))
            F.kneeling[c] = 0 if F.kneeling[c] else 1
            self.tell(records)
            records.append({"kind": "kneel", "actor": self.combatants[c].id, "kneeling": bool(F.kneeling[c])})
            return
        if kind == "gm":
            self._gm(event, records)
            return
        if kind == "end-round":
            if self.phase == "over":
                raise RulesError(_("the fight is over"))
            K.py_end_round(F, 0, NO_LIMIT)
            return
        if self.phase == "movement":
            K.py_start_actions(F, 0)
            K.py_advance(F, 0, NO_LIMIT)
            if kind == "actions":
                return
        elif kind == "actions":
            raise RulesError(_("the actions have already begun this round"))
        if self.phase == "over":
            raise RulesError(_("the fight is over"))
        actor = self.current()
        if actor is None:
            raise RulesError(_("no one is acting now"))
        if kind == "attack":
            self._attack(actor, event)
        elif kind == "ready":
            s = self._slot(actor, {k: v for k, v in event.items() if k != "bash"})
            check(self, actor, (action("ready"), -1, s, 0))
            K.py_ready_weapon(F, 0, actor, s)
        elif kind == "first-aid":
            self._first_aid(actor, event)
        elif kind == "reload":
            self._reload(actor, event)
        elif kind == "pass":
            K.py_pass(F, 0, actor)
        else:
            raise InputError(_("unknown event {kind!r}").format(kind=kind))
        K.py_advance(F, 0, NO_LIMIT)

    def _move(self, event: Mapping[str, Any]) -> None:
        if self.phase != "movement":
            raise RulesError(_("movement comes before the actions: move at the start of a round"))
        c = self.index(str(event["target"]))
        metres = whole_number(event, "metres")
        if metres < 0:
            raise InputError(_("a distance is 0 metres or more, not {n}").format(n=metres))
        K = kernel_of(self.F)
        refuse(self, c, int(K.py_move_refused(self.F, 0, c, metres)), limit=rule("FULL_MOVE"), metres=metres)
        K.py_move(self.F, 0, c, metres)

    def _intent_or_reach(self, kind: str, event: Mapping[str, Any]) -> dict[str, Any]:
        if self.phase != "movement":
            raise RulesError(_("statements of intent and reaches come before the actions, at the start of a round"))
        c = self.index(str(event["target"]))
        if kind == "intent":
            return {"kind": kind, "actor": self.combatants[c].id, "text": str(event["text"])}
        reach = str(event["reach"])
        if reach not in REACH_ORDER:
            raise InputError(_("a reach is missile, long, medium or short, not {value!r}").format(value=reach))
        s = -1
        if event.get("bash"):
            if self.combatants[c].shield is None:
                raise RulesError(_("{who} has no shield to strike with").format(who=self.combatants[c].id))
            s = len(self.combatants[c].weapons)
        elif event.get("weapon") is not None:
            s = whole_number(event, "weapon") - 1
            self.combatants[c].weapon(s + 1)
        # 5.4: the weapon about to act decides a tie of ranks; the kernel takes the one stated in hand
        refuse(self, c, int(kernel_of(self.F).py_declare(self.F, 0, c, REACH_ORDER[reach], s)),
               reach=reach_word(reach), weapon=pick(self.slot_record(c, max(s, 0)).name.as_dict()))
        held = self.value("wielded", c)
        return {"kind": kind, "actor": self.combatants[c].id, "reach": reach,
                "weapon": self.slot_record(c, held).id, "weapon_name": self.slot_record(c, held).name.as_dict()}

    def _slot(self, actor: int, event: Mapping[str, Any]) -> int:
        person = self.combatants[actor]
        if event.get("bash"):
            if person.shield is None:
                raise RulesError(_("{who} has no shield to strike with").format(who=person.id))
            return len(person.weapons)
        wielded = self.value("wielded", actor)
        default = wielded + 1 if wielded < len(person.weapons) else 1
        person.weapon(whole_number(event, "weapon", default))
        return whole_number(event, "weapon", default) - 1

    def _attack(self, actor: int, event: Mapping[str, Any]) -> None:
        K, F = kernel_of(self.F), self.F
        target = self.index(str(event["target"]))
        s = self._slot(actor, event)
        check(self, actor, (action("attack"), target, s, 0))
        wanted = event.get("defence")
        if event.get("unseen"):  # the defender neither knows of the blow nor sees it: no defence
            if wanted not in (None, "none"):
                raise RulesError(_("an unseen attack cannot be parried or dodged"))
            wanted = "none"
        if wanted is not None and wanted not in DEFENCE_CODES:
            raise InputError(_("a defence is none, parry or dodge, not {value!r}").format(value=wanted))
        if wanted not in (None, "none") and not self.standing(target):
            raise RulesError(_("{target} cannot defend").format(target=self.combatants[target].id))
        metres = whole_number(event, "distance", -1) if "distance" in event else -1
        if "distance" in event and metres < 0:
            raise InputError(_("a distance is 0 metres or more, not {n}").format(n=metres))
        difficult, mod = bool(event.get("difficult")), whole_number(event, "mod")
        self.blow_chance(actor, target, s, metres, difficult, mod)
        parry_slot = -1
        if event.get("parry_weapon") is not None:
            parry_slot = whole_number(event, "parry_weapon") - 1
            self.combatants[target].weapon(parry_slot + 1)
            if wanted is None:  # a weapon named to parry with: a parry, not the best defence found otherwise
                wanted = "parry"
        # no defence named: the one the encounter gives the defender (``defence:``), else the best allowed
        code = int(K.py_preferred(F, 0, actor, target, s)) if wanted is None else DEFENCE_CODES[wanted]
        if K.py_defence(F, 0, actor, s, target, code, parry_slot) is None:
            raise RulesError(no_defence(F, self.combatants, actor, s, target, str(wanted), parry_slot))
        K.py_attack(F, 0, actor, target, s, code, parry_slot, metres, difficult, mod)

    def blow_chance(self, actor: int, target: int, s: int, metres: int = -1, difficult: bool = False,
                    mod: int = 0) -> tuple[int, int]:
        """The chance of ``actor``'s blow with weapon slot ``s`` on ``target`` now, at ``metres`` (−1: the distance
        the fight knows), and that distance; refused (RulesError) when a melee blow lacks contact or the weapon
        cannot reach. The attack and the exact odds of the blow being set up both ask here."""
        F, K = self.F, kernel_of(self.F)
        known = int(K.py_distance(F, 0, actor, target))
        d = metres if metres >= 0 else known
        if not bool(F.missile[actor, s]) and max(d, known) > 0:  # the kernel's contact, whatever distance is typed
            raise RulesError(_("{target} is {metres} m away: a melee blow needs contact (move first)").format(
                target=self.combatants[target].id, metres=max(d, known)))
        chance = int(K.py_chance(F, 0, actor, s, target, d, difficult, mod))
        if chance < 0:
            raise RulesError(out_of_reach(F, self.combatants, actor, s, d))
        return chance, d

    def _first_aid(self, actor: int, event: Mapping[str, Any]) -> None:
        F, K = self.F, kernel_of(self.F)
        target = self.index(str(event["target"]))
        wound = max(whole_number(event, "wound") - 1, -1)  # −1: the worst wound not yet treated
        check(self, actor, (action("first-aid"), target, 0, wound))
        K.py_first_aid(F, 0, actor, target, wound if wound >= 0 else int(K.py_worst_wound(F, 0, target)))

    def _reload(self, actor: int, event: Mapping[str, Any]) -> None:
        s = self._slot(actor, {k: v for k, v in event.items() if k != "bash"})
        check(self, actor, (action("reload"), -1, s, 0))
        kernel_of(self.F).py_reload(self.F, 0, actor, s)

    def join(self, side: str, combatant: Combatant) -> int:
        """A newcomer (the GM's ``add``): its world rebuilt with one more row, everyone else's state kept; it acts
        from the next round on (the round's order is made when the round begins)."""
        if combatant.id in self.ids():
            raise InputError(_("there is already a combatant {id}").format(id=combatant.id))
        old, n = self.F, len(self.combatants)
        codes = {code: name for name, code in DEFENCES.items()}
        defends = [codes.get(int(d), "best") for d in old.defends] + ["best"]
        self.combatants.append(combatant)
        self.sides.append(side)
        self.players.append(False)
        new = build(self.outcomes, self.combatants, self.side_indices(), 1,
                    settings=kernel_settings(self.settings, self.distance), defends=defends)
        for name in (*WORLD_FIELDS, *ORDER_FIELDS):
            array(new, name)[:, :n] = array(old, name)
        for name in (*SLOT_FIELDS, *WOUND_FIELDS):
            width = array(old, name).shape[2]
            array(new, name)[:, :n, :width] = array(old, name)
        for name in (*CURSOR_FIELDS, "base", "counters"):
            array(new, name)[:] = array(old, name)
        new.logging, new.source, new.error, new.log = 1, old.source, old.error, old.log
        self.F = new
        return n

    def _add(self, event: Mapping[str, Any], records: list[dict[str, Any]]) -> None:
        if self.content is None:
            raise RulesError(_("this fight cannot take newcomers: it has no content to take them from"))
        side = str(event.get("side", ""))
        if side not in self.sides:
            raise InputError(_("unknown side {side!r}; sides: {sides}").format(
                side=side, sides=", ".join(dict.fromkeys(self.sides))))
        ref = str(event.get("ref", ""))
        record = self.content.get("d100", "characters", ref, d100.Character)
        base = Combatant.from_character(self.content, record, self.settings.hp_rounding)
        new_id = str(event.get("id") or base.id)
        c = self.join(side, replace(base, id=new_id, name=self.newcomer_name(base.name)))
        records.append({"kind": "gm", "op": "add", "target": new_id, "value": 0, "hp": self.value("hp", c),
                        "side": side, "ref": ref})

    def _distance(self, event: Mapping[str, Any], records: list[dict[str, Any]]) -> None:
        """The GM's fact: ``a`` stands ``value`` metres from ``b``. The kernel reads every distance on one line
        between the sides (5.3: the sides' distance less what each has advanced): ``a`` is put where the line
        puts it that far from ``b``, so its distances to the others follow."""
        ids = event.get("ids")
        if not isinstance(ids, list) or len(ids) != 2:
            raise InputError(_("a distance is between two combatants: distance WHO WHO METRES"))
        a, b = self.index(str(ids[0])), self.index(str(ids[1]))
        if a == b:
            raise InputError(_("a distance is between two different combatants"))
        metres = whole_number(event, "value")
        if not 0 <= metres <= METRES_MAX:
            raise InputError(_("a distance is 0 metres or more, not {n}").format(n=metres))
        if int(self.F.distance0) < 0:
            raise RulesError(_("this fight sets no distance between the sides (everyone is within reach): give "
                               "the encounter a distance to count metres"))
        if self.sides[a] == self.sides[b]:
            raise RulesError(_("estoc counts metres between the sides, not within one: {a} and {b} are on the same "
                               "side").format(a=self.combatants[a].id, b=self.combatants[b].id))
        advanced = array(self.F, "advanced")
        advanced[0, a] = int(self.F.distance0) - int(advanced[0, b]) - metres
        records.append({"kind": "gm", "op": "distance", "target": self.combatants[a].id, "value": metres,
                        "ids": [self.combatants[a].id, self.combatants[b].id], "hp": self.value("hp", a)})

    def _reinforce(self, event: Mapping[str, Any], records: list[dict[str, Any]]) -> None:
        """Every combatant of an encounter's setup (the GM's reinforcements), each onto the side it names."""
        if self.content is None:
            raise RulesError(_("this fight cannot take newcomers: it has no content to take them from"))
        setup = event.get("setup")
        if not isinstance(setup, dict):
            raise InputError(_("reinforcements need an encounter's setup"))
        found = load_d100_encounter(setup, SETUP_PATH, self.content)
        known = list(dict.fromkeys(self.sides))
        for _cid, side, _person in found.combatants:
            if side not in known:
                raise InputError(_("the reinforcements' side {side!r} is not in this fight; sides: {sides}").format(
                    side=side, sides=", ".join(known)))
        for _cid, side, person in found.combatants:
            self.join(side, person)
        records.append({"kind": "gm", "op": "reinforce", "target": None, "value": len(found.combatants),
                        "ids": [cid for cid, _side, _person in found.combatants], "file": event.get("file"),
                        "hp": 0})

    def _gm(self, event: Mapping[str, Any], records: list[dict[str, Any]]) -> None:
        K, F = kernel_of(self.F), self.F
        op = str(event.get("op"))
        if op == "add":
            self._add(event, records)
            return
        if op == "reinforce":
            self._reinforce(event, records)
            return
        if op == "distance":
            self._distance(event, records)
            return
        c = self.index(str(event["target"]))
        value = whole_number(event, "value")
        if op == "hp":
            F.hp[c] = value
        elif op == "damage":
            K.py_take_wound(F, 0, c, value, False)
        elif op == "heal":
            F.hp[c] = min(int(F.hp[c]) + value, int(F.hp_max[c]))
        elif op == "rest":
            if int(F.dead[c]):
                raise RulesError(_("{target} is dead: rest heals only the living").format(
                    target=self.combatants[c].id))
            for _week in range(max(value, 1)):
                K.py_rest(F, 0, c, bool(event.get("ideal")))
        elif op == "wake":
            F.unconscious[c] = 0
        elif op == "out":
            F.present[c] = 0
        elif op == "back":
            F.present[c] = 1
        else:
            raise InputError(_("unknown GM command {op!r}").format(op=op))
        K.py_stand(F, 0, c)
        self.tell(records)
        records.append({"kind": "gm", "op": op, "target": self.combatants[c].id, "value": value,
                        "hp": int(F.hp[c])})

    # --- the protocol's other reads ------------------------------------------------------------------------------

    def sheet(self, c: int) -> dict[str, Any]:
        """Combatant ``c``'s sheet as the rules use it now (:func:`estoc.systems.sheets.d100_sheet`)."""
        return d100_sheet(self, c)

    def auto_event(self) -> dict[str, Any]:
        """The default policy (see :func:`estoc.systems.d100.policy.choose`)."""
        return choose(self)

    def stop_reason(self) -> Stop | None:
        """The movement phase (moves and statements of intent are the GM's to declare, ``actions`` ends it), or a
        player's combatant's turn; ``None`` for a creature's turn (:mod:`estoc.engine.stops`)."""
        if self.is_over() or self.round == 0:
            return None
        if self.phase == "movement":
            return Stop("phase", "movement", then=command_words(commands(), "actions"))
        c = self.current()
        if c is not None and self.players[c]:
            return Stop("player", self.phase, who=self.combatants[c].id)
        return None

    def fate(self, c: int) -> str:
        if self.value("dead", c):
            return "dead"
        if self.dying(c):
            return "dying"
        if self.value("unconscious", c):
            return "unconscious"
        if not self.value("present", c):
            return "out"
        return "ok"

    def view(self) -> dict[str, Any]:
        current = self.current()
        wounds = array(self.F, "wounds")[0]
        rows = []
        for c, person in enumerate(self.combatants):
            rows.append({"id": person.id, "name": person.name, "side": self.sides[c], "player": self.players[c],
                         "hp": self.value("hp", c), "hp_max": person.hp, "state": self.fate(c),
                         "wounds": [int(w) for w in wounds[c, :self.value("wound_count", c)]],
                         "dex": person.dex, "kneeling": bool(self.value("kneeling", c)),
                         "shield_hp": self.value("shield_hp", c) if person.shield else None})
        return {"system": "d100", "round": self.round, "phase": self.phase,
                "order": [self.combatants[c].id for c in self.order],
                "current": self.combatants[current].id if current is not None else None,
                "combatants": rows, "over": self.is_over(), "winner": self.winner() if self.is_over() else None}

    def summary(self) -> dict[str, Any]:
        return {"system": "d100", "rounds": self.round, "winner": self.winner() if self.is_over() else None,
                "combatants": [{"id": c.id, "name": c.name, "side": self.sides[i],
                                "damage_dealt": self.value("dealt", i), "damage_taken": self.value("taken", i),
                                "hits": self.value("hits", i), "specials": self.value("specials", i),
                                "downed": self.value("downed", i), "rounds": self.value("acted_rounds", i)}
                               for i, c in enumerate(self.combatants)]}
