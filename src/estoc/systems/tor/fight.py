"""A fight of the One Ring house rules at the table: the kernel on one world, each GM command a forced decision.

Every rule is the kernel's (:mod:`estoc.systems.tor.kernel`): the round, the engagement, the order of resolution,
attacks and their special damage, piercing blows and wounds, yield ground, the combat tasks, the default policy. This
module asks the kernel whether a command is allowed (``py_allowed``: a reason code, which it words in the GM's
language through :mod:`.refusals`), hands it to the kernel, and tells what happened from the kernel's log
(:mod:`.told`).

The fight's phases: ``volleys`` (each bow shoots once: ``shoot WHO TARGET``; ``close`` ends them), then each round
``stances``, ``engagement`` (the heroes choose, or the GM assigns when outnumbered, a new assignment releasing
whoever the hero faced; ``engage``/``assign``/``rear``; ``ground`` is the GM's word that the terrain lets heroes stay
at the rear whatever the numbers; ``fight`` closes it, the GM's default engaging whoever is left) and
``resolution`` in the text's order (``order``:
the heroes of one stance choose their order, the GM may reorder them). A hero's turn is one secondary task then one
main action; an adversary's is its attack. After a blow on a hero, ``yield HERO`` halves it (once a round). A hero
may spend 1 Hope on an attack or a task roll (``hope``: one more success die).

Load (the 2nd edition's rule, a setting), gear on the ground and complications are described in docs/tor.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from estoc.dice import DiceSource
from estoc.engine.sides import Sides
from estoc.engine.stops import Stop, command_words
from estoc.errors import InputError, RulesError
from estoc.i18n import _, pick
from estoc.systems.drawn import apply_on_kernel
from estoc.systems.sheets import tor_sheet
from estoc.systems.tor.blow import Numbers, numbers
from estoc.systems.tor.codes import (
    A_ASSIGN,
    A_ATTACK,
    A_BACK,
    A_ENGAGE,
    A_PASS,
    A_PICKUP,
    A_REGAIN,
    A_SHOOT,
    A_STANCE,
    A_STANCES,
    A_TASK,
    A_YIELD,
    CODES,
    F_MORE,
    F_SPREAD,
    G_HELM,
    G_SHIELD,
    G_WEAPON,
    REASONS,
    S_AUTO,
    item_of,
)
from estoc.systems.tor.commands import commands
from estoc.systems.tor.encounter import LoadedTorEncounter
from estoc.systems.tor.exchange import Combatant, check_item_name
from estoc.systems.tor.gm import apply_gm
from estoc.systems.tor.names import SPECIALS, STANCES, TASK_IDS, Aim, HopeUse, Stance, stance_word, task
from estoc.systems.tor.play_checks import task_event
from estoc.systems.tor.policy import choose
from estoc.systems.tor.refusals import refusal
from estoc.systems.tor.told import Teller
from estoc.systems.tor.worlds import Settings, array, build, copy_fights, kernel_of

HEROES, ADVERSARIES = "heroes", "adversaries"
MAX_COMPLICATION = 6
PHASES = ("volleys", "stances", "engagement", "resolution", "over")
SPECIAL_CODES = {word: CODES["S_" + word.upper()] for word in SPECIALS}
"""The kernel's special damage codes (``S_NONE``…``S_AUTO``)."""
__all__ = ["A_ATTACK", "A_PASS", "A_PICKUP", "A_REGAIN", "A_TASK", "F_SPREAD", "BlowNumbers", "TorFight", "item_of"]
BlowNumbers = Numbers
"""What an attack would roll now (:meth:`TorFight.blow`)."""


@dataclass
class Tally:
    endurance_dealt: int = 0
    endurance_taken: int = 0
    wounds_dealt: int = 0
    downed: int = 0
    tasks: int = 0


@dataclass
class TorFight(Sides):
    """One fight (see the module); heroes come first in ``combatants``."""

    combatants: list[Combatant]
    sides: list[str]
    tasks: dict[str, bool]
    players: list[bool] = field(default_factory=list)
    side_names: dict[str, dict[str, str]] = field(default_factory=dict)
    plans: dict[int, tuple[str, ...]] = field(default_factory=dict)
    F: Any = None
    settings: Settings = field(default_factory=Settings)
    """The encounter's settings the world was built with (a newcomer's world is built again with them)."""
    content: Any = None
    """The content registry the GM's ``add`` takes combatants from (play gives it; ``None``: no ``add``)."""

    @classmethod
    def start(cls, heroes: list[tuple[Combatant, Stance, bool]], adversaries: list[Combatant], *,
              tasks: Mapping[str, bool], volleys: bool = True, load: bool = False,
              complications: Mapping[str, int] | None = None, plans: Mapping[str, Sequence[str]] | None = None,
              fatal: bool = False, hope_use: Mapping[str, HopeUse] | None = None,
              aims: Mapping[str, Aim] | None = None, rear_free: bool = False, hope: bool = True,
              kernel_module: Any = None) -> TorFight:
        """A fight not yet begun (see :class:`estoc.systems.tor.worlds.Settings` for the settings; ``load`` and
        ``fatal`` are off unless given: play gives the encounter's, on by default)."""
        people = [h for h, _s, _p in heroes] + list(adversaries)
        fight = cls(combatants=people, sides=[HEROES] * len(heroes) + [ADVERSARIES] * len(adversaries),
                    tasks={t: bool(tasks.get(t, True)) for t in TASK_IDS},
                    players=[p for _h, _s, p in heroes] + [False] * len(adversaries))
        for hero_id, dice in (complications or {}).items():
            if dice:
                fight._complicated(hero_id, dice)
        fight.plans = {fight.index(h): tuple(p) for h, p in (plans or {}).items()}
        settings = Settings(tasks=fight.tasks, load=load, volleys=volleys, fatal=fatal,
                            complications=dict(complications or {}), plans=dict(plans or {}),
                            hope_use=dict(hope_use or {}), aims=dict(aims or {}), rear_free=rear_free, hope=hope)
        fight.settings = settings
        fight.F = build([(h, s) for h, s, _p in heroes], adversaries, 1, settings=settings,
                        kernel_module=kernel_module)
        fight.F.logging = 1
        return fight

    @classmethod
    def of_encounter(cls, encounter: LoadedTorEncounter, kernel_module: Any = None) -> TorFight:
        """The encounter's fight, not yet begun: its heroes (each played by a player), adversaries and settings."""
        return cls.start([(h, s, encounter.players.get(i, True)) for i, h, s in encounter.heroes],
                         [a for _i, a in encounter.adversaries],
                         tasks=encounter.tasks, volleys=encounter.volleys, load=encounter.load,
                         complications=encounter.complications, plans=encounter.plans, fatal=encounter.fatal,
                         hope_use=encounter.hope_use, aims=encounter.aims, rear_free=encounter.rear_free,
                         hope=encounter.hope, kernel_module=kernel_module)

    def copy(self) -> TorFight:
        twin = TorFight(combatants=list(self.combatants), sides=list(self.sides), tasks=self.tasks,
                        players=list(self.players), side_names=self.side_names, plans=dict(self.plans),
                        settings=self.settings, content=self.content)
        twin.F = copy_fights(self.F)
        twin.F.logging = 1
        return twin

    # --- reading -------------------------------------------------------------------------------------------------

    @property
    def K(self) -> Any:
        return kernel_of(self.F)

    def value(self, name: str, c: int) -> int:
        return int(array(self.F, name)[0, c])

    @property
    def endurance(self) -> Any:
        """Each combatant's endurance (a view of the kernel's world: writing it is the GM's word)."""
        return array(self.F, "endurance")[0]

    @property
    def wounds(self) -> Any:
        return array(self.F, "wounds")[0]

    @property
    def round(self) -> int:
        return int(self.F.rnd[0])

    @property
    def phase(self) -> str:
        return PHASES[int(self.F.phase[0])]

    @property
    def waiting(self) -> bool:
        return bool(self.F.waiting[0])

    @property
    def order(self) -> list[int]:
        return [int(c) for c in array(self.F, "order")[0, :int(self.F.norder[0])]]

    @property
    def dropped(self) -> dict[int, set[str]]:
        """What each combatant has put on the ground."""
        out: dict[int, set[str]] = {}
        for c, person in enumerate(self.combatants):
            bits = self.value("dropped", c)
            items = ({"helm"} if bits & G_HELM else set()) | ({"shield"} if bits & G_SHIELD else set())
            items |= {f"weapon:{s + 1}" for s in range(len(person.weapons)) if bits & (G_WEAPON << s)}
            if items:
                out[c] = items
        return out

    @property
    def complication(self) -> dict[int, int]:
        """The heroes' complications (dice their rolls lose), where they have one."""
        return {c: self.value("complication", c) for c in range(len(self.combatants)) if self.value("complication", c)}

    @property
    def load(self) -> bool:
        """The load setting."""
        return bool(self.F.load_on)

    @property
    def regain(self) -> set[int]:
        """The heroes whose main action is to regain position."""
        return set(self.regaining())

    def stance(self, c: int) -> Stance | None:
        s = self.value("stance", c)
        return STANCES[s] if self.hero(c) and s >= 0 else None

    def hero(self, c: int) -> bool:
        return self.sides[c] == HEROES

    def dying(self, c: int) -> bool:
        return self.hero(c) and bool(self.value("dying", c))

    def standing(self, c: int) -> bool:
        return bool(self.K.py_standing(self.F, 0, c))

    def is_over(self) -> bool:
        return self.phase == "over"

    def current(self) -> int | None:
        c = int(self.K.py_current(self.F, 0))
        return None if c < 0 else c

    def opponents(self, c: int) -> list[int]:
        row = array(self.F, "engaged")[0, c]
        return [o for o in range(len(self.combatants)) if row[o] and self.standing(o)]

    def regaining(self) -> list[int]:
        return [c for c in range(len(self.combatants)) if self.value("regain", c)]

    def gear(self, c: int) -> Combatant:
        """``c`` as it fights now: without what it has dropped."""
        return self.combatants[c].dropping(self.dropped.get(c, ()))

    def load_of(self, c: int) -> int:
        return int(self.K.py_load(self.F, 0, c))

    def loaded(self, c: int) -> bool:
        return bool(self.K.py_loaded(self.F, 0, c))

    def weary(self, c: int) -> bool:
        return bool(self.K.py_weary(self.F, 0, c))

    def blow(self, attacker: int, target: int, weapon: int, hope: bool = False) -> BlowNumbers:
        """What ``attacker``'s attack with its weapon ``weapon`` (from 0) on ``target`` would roll now, spending a
        Hope when ``hope``, changing nothing (for the exact odds): every +1d and −1d of the stances, tasks and
        protections, the TN with a fend off gained this round, favoured or ill-favoured, weariness."""
        return numbers(self.F, 0, attacker, target, weapon, hope)

    def check(self, c: int, kind: int, target: int = -1, weapon: int = -1, k: int = 0, special: int = S_AUTO,
              gear: int = 0, flags: int = 0, hope: bool = False, **values: object) -> None:
        """Whether the kernel allows ``c`` to do this now (``py_allowed``), else its refusal in the GM's words,
        naming what the reason names (``values`` add to what this fight knows)."""
        K, F = self.K, self.F
        code = int(K.py_allowed(F, 0, c, kind, target, weapon, k, special, gear, flags, hope))
        if not code:
            return
        people = self.combatants
        me = people[c]
        said: dict[str, object] = {"who": me.id, "hero": me.id, "name": pick(me.name), "count": len(me.weapons),
                                   "index": weapon + 1, "n": flags}
        if 0 <= target < len(people):
            said["target"] = said["foes"] = people[target].id
        shown = int(K.py_main_weapon(F, 0, c)) if code == REASONS["R_SECOND_WEAPON"] else weapon
        if 0 <= shown < len(me.weapons):
            said["weapon"] = pick(me.weapons[shown].record.name.as_dict())
        if code == REASONS["R_NO_COMPLICATION"] and 0 <= target < len(people):
            said["who"] = people[target].id
        if kind == A_TASK and 0 <= k < len(TASK_IDS):
            said["id"], said["stance"] = TASK_IDS[k], stance_word(task(TASK_IDS[k]).stance)
        if code == REASONS["R_ENGAGE_ORDER"]:
            said["first"] = people[int(K.py_chooser(F, 0))].id
        if code == REASONS["R_ENGAGE_FREE"]:
            said["free"] = ", ".join(people[o].id for o in range(len(people))
                                     if not int(K.py_allowed(F, 0, c, A_ENGAGE, o)))
        if code == REASONS["R_TARGET"]:
            said["known"] = ", ".join(
                people[o].id for o in range(len(people))
                if int(K.py_allowed(F, 0, c, kind, o, weapon, k, special, gear, flags, hope)) != code) or "—"
        said.update(values)
        raise refusal(code, **said)

    def may_yield(self) -> int | None:
        h = int(self.K.py_may_yield(self.F, 0))
        return None if h < 0 else h

    # --- events --------------------------------------------------------------------------------------------------

    def apply(self, event: Mapping[str, Any], dice: DiceSource) -> list[dict[str, Any]]:
        """Apply one event; every face drawn is tapped (:mod:`estoc.systems.drawn`) so that the narration shows
        each die and says which ones estoc rolled where the GM typed some."""
        def body(records: list[dict[str, Any]]) -> None:
            self._apply(str(event.get("type", "")), event, records)
            if self.F.error is not None:
                raise self.F.error

        return apply_on_kernel(self.F, event, dice, body)

    def _tell(self, records: list[dict[str, Any]]) -> None:
        """The kernel's rows since the last call, as records."""
        rows, self.F.log = self.F.log, []
        records.extend(Teller(self).records(rows))
        if self.F.error is not None:
            error = self.F.error
            self.F.error = None
            raise error

    def _apply(self, kind: str, event: Mapping[str, Any], records: list[dict[str, Any]]) -> None:
        F, K = self.F, self.K
        if kind == "begin":
            if self.round or self.phase != "volleys" or self.value("shot", 0) < 0:
                raise RulesError(_("the fight has already begun"))
            if any(self.value("shot", c) for c in range(len(self.combatants))):
                raise RulesError(_("the fight has already begun"))
            records.extend({"kind": "complication", "actor": p.id, "dice": self.value("complication", c), "was": 0,
                            "start": True} for c, p in enumerate(self.combatants) if self.value("complication", c))
            if not F.volleys:
                K.py_new_round(F, 0)
                self._tell(records)
            else:
                records.append({"kind": "volleys"})
            return
        if kind == "gm":
            records.append(apply_gm(self, event))  # the GM's word, at any moment (a knocked-down hero may still yield)
            return
        if self.is_over():
            raise RulesError(_("the fight is over"))
        if self.waiting and kind != "yield":
            F.waiting[0] = 0
            F.last_target[0] = -1
            records.append({"kind": "no-yield"})
            K.py_next_turn(F, 0)
            self._tell(records)
            if kind == "continue":
                return
            if self.is_over():
                raise RulesError(_("the fight is over"))
        if kind == "continue":
            raise RulesError(_("there is nothing to go on from: continue follows a blow that knocked a hero down"))
        if kind not in ("yield", "complication"):
            F.last_target[0] = -1
            F.last_lost[0] = 0
        handler = _HANDLERS.get(kind)
        if handler is None:
            raise InputError(_("unknown event {kind!r}").format(kind=kind))
        handler(self, event, records)

    # --- volleys, stances, engagement ------------------------------------------------------------------------------

    def _shoot(self, event: Mapping[str, Any], records: list[dict[str, Any]]) -> None:
        if self.phase != "volleys":
            raise RulesError(_("shooting before close combat happens in the opening volleys only"))
        c, target = self.index(str(event["actor"])), self.index(str(event["target"]))
        number = self._number(event, int(self.K.py_bow(self.F, 0, c)) + 1)
        self.check(c, A_SHOOT, target, number - 1, special=self._special(event), hope=self._hope(c, event))
        array(self.F, "shot")[0, c] = 1
        self.K.py_attack(self.F, 0, c, target, number - 1, self._special(event), self._hope(c, event))
        self._tell(records)
        self.F.last_target[0] = -1

    def _close(self, event: Mapping[str, Any], records: list[dict[str, Any]]) -> None:
        if self.phase != "volleys":
            raise RulesError(_("the opening volleys are over"))
        self.K.py_new_round(self.F, 0)
        self._tell(records)

    def _set_stance(self, event: Mapping[str, Any], records: list[dict[str, Any]]) -> None:
        if self.phase != "stances":
            raise RulesError(_("stances are chosen at the start of a round"))
        c = self.index(str(event["target"]))
        stance = str(event["stance"])
        self.check(c, A_STANCE, k=STANCES.index(stance) if stance in STANCES else -1)
        self.K.py_change_stance(self.F, 0, c, STANCES.index(stance))
        records.append({"kind": "stance", "actor": self.combatants[c].id, "stance": stance})

    def _standing_heroes(self) -> list[int]:
        return [c for c in range(len(self.combatants)) if self.hero(c) and self.standing(c)]

    def _standing_foes(self) -> list[int]:
        return [c for c in range(len(self.combatants)) if not self.hero(c) and self.standing(c)]

    def _to_engagement(self, records: list[dict[str, Any]]) -> None:
        heroes, foes = self._standing_heroes(), self._standing_foes()
        self.check(0, A_STANCES)
        self.F.phase[0] = PHASES.index("engagement")
        records.append({"kind": "stances", "stances": {self.combatants[h].id: self.stance(h) for h in heroes},
                        "outnumbered": len(foes) > len(heroes)})

    def _engagement(self, records: list[dict[str, Any]]) -> None:
        if self.phase == "stances":
            self._to_engagement(records)
        if self.phase != "engagement":
            raise RulesError(_("the engagement comes after the stances, before the resolution"))

    def _fight(self, event: Mapping[str, Any], records: list[dict[str, Any]]) -> None:
        self._engagement(records)
        self._to_resolution(records)

    def _to_resolution(self, records: list[dict[str, Any]]) -> None:
        self.K.py_begin_resolution(self.F, 0)
        engaged = array(self.F, "engaged")[0]
        pairs = sorted([self.combatants[h].id, self.combatants[a].id] for h in range(len(self.combatants))
                       for a in range(len(self.combatants)) if self.hero(h) and not self.hero(a) and engaged[h, a])
        rows, self.F.log = self.F.log, []
        records.append({"kind": "engagement", "pairs": pairs, "order": [self.combatants[c].id for c in self.order]})
        self.F.log = rows
        self._tell(records)

    def _engage(self, event: Mapping[str, Any], records: list[dict[str, Any]]) -> None:
        self._engagement(records)
        h, a = self.index(str(event["hero"])), self.index(str(event["target"]))
        self.check(h, A_ENGAGE, a)
        self.K.py_engage(self.F, 0, h, a)
        records.append({"kind": "engage", "actor": self.combatants[h].id, "target": self.combatants[a].id})

    def _assign(self, event: Mapping[str, Any], records: list[dict[str, Any]]) -> None:
        self._engagement(records)
        h = self.index(str(event["hero"]))
        foes = [self.index(str(x)) for x in event["targets"]]
        for a in foes or [-1]:
            self.check(h, A_ASSIGN, a, flags=len(foes))
        self.K.py_release(self.F, 0, h)  # those it faced are free again (the kernel keeps every count in step)
        for a in foes:
            self.K.py_engage(self.F, 0, h, a)
        records.append({"kind": "assign", "actor": self.combatants[h].id,
                        "targets": [self.combatants[a].id for a in foes]})

    def _keep_back(self, event: Mapping[str, Any], records: list[dict[str, Any]]) -> None:
        """The GM keeps a free adversary at the rear: it stays there, round after round, until the GM engages it."""
        self._engagement(records)
        a = self.index(str(event["target"]))
        self.check(a, A_BACK)
        array(self.F, "back")[0, a] = 1
        records.append({"kind": "rear", "actor": self.combatants[a].id})

    def _ground(self, event: Mapping[str, Any], records: list[dict[str, Any]]) -> None:
        """The GM's word on the ground (« une falaise abrupte »): free, heroes may stay at the rear whatever the
        numbers (the kernel's ``rear_free``, read by its rear condition); normal, the text's condition again."""
        free = event.get("rear_free")
        if not isinstance(free, bool):
            raise InputError(_("the ground is free or normal, not {value!r}").format(value=free))
        if bool(self.F.rear_free) == free:
            raise RulesError(_("the ground already lets the heroes stay at the rear") if free else
                             _("the ground already leaves the rear to the numbers"))
        self.F.rear_free = int(free)
        records.append({"kind": "ground", "free": free})

    def _order(self, event: Mapping[str, Any], records: list[dict[str, Any]]) -> None:
        """The heroes of one stance act in the order they choose (the GM may reorder them): the ids given, among
        those still to act, take the places those heroes held."""
        if self.phase in ("stances", "engagement"):
            self._fight({}, records)
        if self.phase != "resolution":
            raise RulesError(_("the order is set during the resolution"))
        ids = [self.index(str(x)) for x in event.get("ids", ())]
        turn, order = int(self.F.turn[0]), self.order
        left = order[turn:]
        if not ids or len(set(ids)) != len(ids) or any(c not in left or not self.hero(c) for c in ids):
            raise RulesError(_("name heroes still to act this round, each once"))
        if len({self.stance(c) for c in ids}) != 1:
            raise RulesError(_("only heroes of one stance choose their order among themselves"))
        places = sorted(order.index(c, turn) for c in ids)
        new = list(order)
        for place, c in zip(places, ids, strict=True):
            new[place] = c
        array(self.F, "order")[0, :len(new)] = new
        records.append({"kind": "order", "order": [self.combatants[c].id for c in new[turn:]]})

    # --- yield ground, complications ---------------------------------------------------------------------------

    def _yield(self, event: Mapping[str, Any], records: list[dict[str, Any]]) -> None:
        c = self.index(str(event["target"]))
        self.check(c, A_YIELD, id="ceder-terrain")
        back = int(self.K.py_yield(self.F, 0, c))
        records.append({"kind": "yield", "actor": self.combatants[c].id, "saved": back,
                        "endurance": self.value("endurance", c)})
        if self.waiting:
            self.F.waiting[0] = 0
            self.K.py_next_turn(self.F, 0)
            self._tell(records)

    def _complicated(self, hero_id: str, dice: object) -> int:
        c = self.index(hero_id)
        if not self.hero(c):
            raise RulesError(_("only a hero faces a complication; {who} is an adversary").format(
                who=self.combatants[c].id))
        if isinstance(dice, bool) or not isinstance(dice, int) or not 0 <= dice <= MAX_COMPLICATION:
            raise InputError(_("a complication costs 0 to {most} dice, not {dice!r}").format(
                most=MAX_COMPLICATION, dice=dice))
        return c

    def _set_complication(self, event: Mapping[str, Any], records: list[dict[str, Any]]) -> None:
        c = self._complicated(str(event.get("target", "")), event.get("penalty"))
        dice, was = int(event["penalty"]), self.value("complication", c)
        if dice == was:
            raise RulesError(_("{who} has no complication to lift").format(who=self.combatants[c].id) if not dice
                             else _("{who} already faces a complication of {n}d").format(
                                 who=self.combatants[c].id, n=dice))
        array(self.F, "complication")[0, c] = dice
        records.append({"kind": "complication", "actor": self.combatants[c].id, "dice": dice, "was": was})

    # --- actions ---------------------------------------------------------------------------------------------------

    def _actor(self, kind: str, records: list[dict[str, Any]]) -> int:
        if self.phase in ("stances", "engagement"):
            self._fight({}, records)  # the first action begins the resolution
        c = self.current()
        if c is None:
            raise RulesError(_("no one is acting now"))
        if kind in ("regain", "pass"):
            self.check(c, A_REGAIN if kind == "regain" else A_PASS)
        return c

    def _act(self, event: Mapping[str, Any], records: list[dict[str, Any]]) -> None:
        kind = str(event["type"])
        c = self._actor(kind, records)
        me = self.combatants[c]
        if kind == "regain":
            array(self.F, "regain")[0, c] = 0
            records.append({"kind": "regain", "actor": me.id})
        elif kind == "pass":
            records.append({"kind": "pass", "actor": me.id})
        elif kind == "pickup":
            self._pick_up(c, event, records)
        elif kind == "attack":
            target = self.index(str(event["target"]))
            number = self._number(event, 1)
            self.check(c, A_ATTACK, target, number - 1, special=self._special(event), hope=self._hope(c, event))
            self.K.py_attack(self.F, 0, c, target, number - 1, self._special(event), self._hope(c, event))
            self._tell(records)
            hero = self.may_yield()
            lost = int(self.F.last_lost[0])
            if (hero is not None and not self.standing(hero) and not self.dying(hero)
                    and self.value("endurance", hero) + lost - (lost + 1) // 2 > 0):
                # Knocked down, and yielding ground would keep it up: the next event says whether it does.
                self.F.waiting[0] = 1
                records.append({"kind": "may-yield", "actor": self.combatants[hero].id})
                return
            keep = int(self.F.last_target[0]), int(self.F.last_lost[0])
            self.K.py_next_turn(self.F, 0)
            self.F.last_target[0], self.F.last_lost[0] = keep
            self._tell(records)
            return
        else:
            if not self._task(c, event, records):
                return  # a secondary task: the main action is still to come
            keep = int(self.F.last_target[0]), int(self.F.last_lost[0])
            self.K.py_next_turn(self.F, 0)
            self.F.last_target[0], self.F.last_lost[0] = keep
            self._tell(records)
            return
        self.K.py_next_turn(self.F, 0)
        self._tell(records)

    def _number(self, event: Mapping[str, Any], default: int) -> int:
        value = event.get("weapon", default)
        if isinstance(value, bool) or not isinstance(value, int):
            raise InputError(_("a weapon is given by its number, not {value!r}").format(value=value))
        return value

    def _special(self, event: Mapping[str, Any]) -> int:
        special = str(event.get("special", "auto"))
        if special not in SPECIAL_CODES:
            raise InputError(_("a special damage is heavy, fend, pierce, shield or none, not {value!r}").format(
                value=special))
        return SPECIAL_CODES[special]

    def _hope(self, c: int, event: Mapping[str, Any]) -> bool:
        """Whether the roll spends 1 Hope (the kernel's ``allowed`` says whether it may)."""
        return bool(event.get("hope"))

    def _pick_up(self, c: int, event: Mapping[str, Any], records: list[dict[str, Any]]) -> None:
        me = self.combatants[c]
        if not event.get("item"):
            raise InputError(_("picking up takes an item: helm, shield or weapon N"))
        item = me.check_item(check_item_name(str(event["item"])))
        self.check(c, A_PICKUP, gear=self._bits(item), item=pick(me.item_name(item)))
        was = self.loaded(c)
        self.K.py_set_dropped(self.F, 0, c, self.value("dropped", c) & ~self._bits(item))
        records.append({"kind": "pickup", "actor": me.id, "item": item, "gear": me.item_name(item),
                        "load": self.load_of(c), **self._weary_change(c, was)})

    @staticmethod
    def _bits(item: str) -> int:
        """The kernel's bit of an item (``helm``, ``shield``, ``weapon:N``): the inverse of :func:`item_of`."""
        if item == "helm":
            return G_HELM
        if item == "shield":
            return G_SHIELD
        return G_WEAPON << (int(item.split(":", 1)[1]) - 1)

    def _weary_change(self, c: int, was: bool) -> dict[str, Any]:
        now = self.loaded(c)
        if now == was:
            return {}
        return {"weary_now": {"endurance": self.value("endurance", c), "load": self.load_of(c)}} if now else {
            "weary_over": True}

    def _task(self, c: int, event: Mapping[str, Any], records: list[dict[str, Any]]) -> bool:
        """A combat task, checked then handed to the kernel; True when it was the main action."""
        t = task(str(event["task"]))
        k = TASK_IDS.index(t.id)
        target, weapon, item, extra = task_event(self, c, t.id, event)
        flags = (F_MORE if event.get("more") else 0) | (F_SPREAD if event.get("spread") else 0)
        hope = self._hope(c, event)
        self.check(c, A_TASK, target, weapon, k, gear=item, flags=flags, hope=hope,
                   item=pick(extra["gear"]) if "gear" in extra else "—")
        if t.id == "deux-armes" and weapon < 0:
            weapon = int(self.K.py_off_hand(self.F, 0, c))  # the kernel's choice: the shield's bash, else the other
        was = self.loaded(c)
        self.K.py_task(self.F, 0, c, k, target, weapon, item, flags, hope)
        self._tell(records)
        record: dict[str, Any] = next((r for r in reversed(records) if r.get("kind") == "task"), {})
        record.update(extra)
        if t.id == "reduire-charge":
            record.update({"load": self.load_of(c), **self._weary_change(c, was)})
        return not self.K.py_is_secondary(k)

    # --- the protocol's other reads ------------------------------------------------------------------------------

    def sheet(self, c: int) -> dict[str, Any]:
        """Combatant ``c``'s sheet as the rules use it now (:func:`estoc.systems.sheets.tor_sheet`)."""
        return tor_sheet(self, c)

    def auto_event(self) -> dict[str, Any]:
        return choose(self)

    def stop_reason(self) -> Stop | None:
        """The stances and the engagement (the GM's to declare, ``fight`` closes them); a player's hero knocked
        down by a blow that yielding ground would undo (its player says: ``yield`` or ``continue``); a player's
        hero's shot in the opening volleys, or its turn (:mod:`estoc.engine.stops`)."""
        if self.is_over():
            return None
        if self.phase in ("stances", "engagement"):
            return Stop("phase", self.phase, then=command_words(commands(), "fight"))
        if self.waiting:
            h = self.may_yield()
            if h is not None and self.players[h]:
                return Stop("yield", self.phase, who=self.combatants[h].id,
                            then=command_words(commands(), "yield", "continue"))
            return None
        if self.phase == "volleys":
            shooter = int(self.K.py_next_volley(self.F, 0)[0])
            if shooter >= 0 and self.players[shooter]:
                return Stop("player", "volleys", who=self.combatants[shooter].id,
                            then=command_words(commands(), "shoot", "close"))
            return None
        c = self.current()
        if c is not None and self.players[c]:
            return Stop("player", self.phase, who=self.combatants[c].id)
        return None

    def view(self) -> dict[str, Any]:
        current = self.current()
        rows = []
        for c, p in enumerate(self.combatants):
            row: dict[str, Any] = {
                "id": p.id, "name": p.name, "side": self.sides[c],
                "player": self.players[c] if c < len(self.players) else False,
                "endurance": self.value("endurance", c), "endurance_max": p.endurance,
                "wounds": self.value("wounds", c), "stance": self.stance(c), "standing": self.standing(c),
                "dying": self.dying(c), "opponents": [self.combatants[o].id for o in self.opponents(c)],
                "load": self.load_of(c) if self.hero(c) else None, "weary": self.weary(c),
                "complication": self.value("complication", c), "dropped": sorted(self.dropped.get(c, ()))}
            if self.hero(c):
                row.update({"hope": self.value("hope", c), "hope_max": p.hope})
            rows.append(row)
        return {"system": "tor", "round": self.round, "phase": self.phase,
                "order": [self.combatants[c].id for c in self.order],
                "current": self.combatants[current].id if current is not None else None, "combatants": rows,
                "over": self.is_over(), "winner": self.winner() if self.is_over() else None}

    def tally(self, c: int) -> Tally:
        return Tally(self.value("dealt", c), self.value("taken", c), self.value("wounds_dealt", c),
                     self.value("downed", c), self.value("tasks_done", c))

    def summary(self) -> dict[str, Any]:
        return {"system": "tor", "rounds": self.round, "winner": self.winner() if self.is_over() else None,
                "combatants": [{"id": p.id, "name": p.name, "side": self.sides[c], **vars(self.tally(c)),
                                **({"hope_spent": self.value("hope_spent", c)} if self.hero(c) else {})}
                               for c, p in enumerate(self.combatants)]}


_HANDLERS = {
    "shoot": TorFight._shoot, "close": TorFight._close, "stance": TorFight._set_stance,
    "engage": TorFight._engage, "assign": TorFight._assign, "rear": TorFight._keep_back, "fight": TorFight._fight,
    "ground": TorFight._ground,
    "order": TorFight._order, "yield": TorFight._yield, "complication": TorFight._set_complication,
    "attack": TorFight._act, "task": TorFight._act, "regain": TorFight._act, "pass": TorFight._act,
    "pickup": TorFight._act,
}


