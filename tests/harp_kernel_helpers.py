"""Driving the HARP kernel (:mod:`estoc.systems.harp.kernel`) from the tests: a world of a few combatants, typed
faces by purpose, and the kernel's log told as play's records.

Nothing here is a rule: the tests hand numbers to the kernel's entry points and read what it did.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from estoc.content.models import harp
from estoc.content.models.harp import AdditionalCritical
from estoc.dice import DiceSource, KeyedDice, ScriptedDice
from estoc.errors import EstocError, RulesError
from estoc.systems.harp.exchange import Combatant
from estoc.systems.harp.fight import NO_LIMIT
from estoc.systems.harp.strike import Strike
from estoc.systems.harp.tables import EFFECT_FIELDS, NO_DEATH, SEVERITY_BITS, HarpTables
from estoc.systems.harp.told import Teller
from estoc.systems.harp.worlds import Settings, array, build, kernel_of

DEFAULT = Settings()


def fighter(id: str = "a", *, hp: int = 100, db: int = 0, armour_type: int = 1, body_rr: int = 0, ob: int = 0,
            table: str = "lames-1m", size: str = "medium", fumble: int = 0, critical: str | None = None,
            additional: str | None = None, additional_severity: str | None = None, kind: str = "weapon",
            area: str = "single", uses: int | None = None, braced: bool = False, missile: bool = False,
            **more: Any) -> Combatant:
    """A combatant with one strike, every number given (the rest of :class:`Combatant` in ``more``)."""
    extra = AdditionalCritical(table=additional, severity=additional_severity) if additional else None
    strike = Strike(name={"fr": id, "en": id}, kind=kind, table=table, size=size, fumble=fumble, ob=ob,
                    critical=critical, additional=extra, area=area, uses=uses, braced=braced, missile=missile)
    return Combatant(id=id, name={"fr": id, "en": id}, hp=hp, db=db, armour_type=armour_type, body_rr=body_rr,
                     strikes=(strike,), **more)


def wielding(weapon: harp.Weapon, id: str = "a", *, ob: int = 0, **more: Any) -> Combatant:
    """A combatant striking with ``weapon`` at ``ob`` (its table, size, fumble range and criticals)."""
    extra = weapon.additional_critical
    return fighter(id, ob=ob, table=weapon.table, size=weapon.size, fumble=weapon.fumble, critical=weapon.critical,
                   additional=extra.table if extra else None, additional_severity=extra.severity if extra else None,
                   **more)


def chain_for(total: int) -> list[int]:
    """Faces of an open-ended roll whose total is ``total``: 96s, then the rest (1 to 95)."""
    faces = []
    while total > 95:
        faces.append(96)
        total -= 96
    if total < 1:
        raise ValueError("a total of 96s and one face of 1 to 95 only")
    return [*faces, total]


def keyed_worlds(F: Any, seed: int) -> None:
    """Every world of ``F`` (built for play: one row each) rolls its own keyed stream, drawn inside the kernel:
    world ``w`` rolls what world ``w`` of ``KeyedDice(seed, W)`` would (a batch of single exchanges, quickly)."""
    keyed = KeyedDice(seed, int(F.rnd.shape[0]))
    F.keyed = 1
    F.base = np.ascontiguousarray(keyed.base)
    F.salts = np.array([keyed._salt(p) for p in kernel_of(F).PURPOSES], dtype=np.uint64)
    F.source = None


class World:
    """``worlds`` worlds of a fight between ``people`` (one side each unless ``sides``), played by the kernel with a
    Python dice source: faces typed by purpose (:meth:`dice`), every face drawn kept."""

    def __init__(self, tables: HarpTables, people: Sequence[Combatant], *, sides: Sequence[int] | None = None,
                 settings: Settings = DEFAULT, worlds: int = 1, round: int = 1) -> None:
        self.tables, self.people = tables, list(people)
        self.F = build(tables, self.people, list(sides) if sides is not None else list(range(len(people))), worlds,
                       settings=settings, dice=ScriptedDice())
        self.F.logging = 1
        self.F.rnd[:] = round
        self.K = kernel_of(self.F)
        self.teller = Teller(tables, self.people, self.F)
        self.source: DiceSource = ScriptedDice()

    # --- dice and the log ----------------------------------------------------------------------------------------

    def dice(self, faces: Mapping[str, Sequence[int]] | DiceSource | None = None, *,
             fallback: DiceSource | None = None) -> DiceSource:
        """The faces the next calls draw (``faces``: purpose → faces, or a whole source); every draw recorded."""
        source = faces if isinstance(faces, DiceSource) else ScriptedDice(faces or {}, fallback, record=True)
        self.source = self.F.source = source
        return source

    def unused(self) -> dict[str, list[int]]:
        """The typed faces no roll needed."""
        return self.source.unused() if isinstance(self.source, ScriptedDice) else {}

    def purposes(self) -> list[str]:
        """The purposes of the dice drawn since :meth:`dice`, in order."""
        return [r.purpose for r in self.source.records or []]

    def told(self) -> list[dict[str, Any]]:
        """What the kernel did since the last call, as play's records (a dice error raised as play raises it)."""
        error, self.F.error = self.F.error, None
        if error is not None:
            raise error if isinstance(error, EstocError) else RulesError(str(error))
        records = self.teller.tell(self.F.log)
        self.F.log = []
        return records

    # --- state -----------------------------------------------------------------------------------------------------

    def get(self, name: str, c: int, w: int = 0) -> int:
        """A world field of combatant ``c``."""
        return int(array(self.F, name)[w, c])

    def order(self, w: int = 0) -> list[int]:
        """This round's order of action."""
        return [int(c) for c in array(self.F, "order")[w, :int(array(self.F, "norder")[w])]]

    def flags(self, c: int, w: int = 0) -> dict[str, Any]:
        """The kernel's reading of what ``c`` may do now."""
        can_act, can_attack, can_parry, standing, penalty = self.K.py_flags(self.F, w, c)
        return {"can_act": bool(can_act), "can_attack": bool(can_attack), "can_parry": bool(can_parry),
                "standing": bool(standing), "manoeuvre_penalty": int(penalty)}

    def criticals_do(self, **effects: int | bool) -> None:
        """From now on, every critical of this world's tables does exactly ``effects`` (the others nothing), and
        the attack tables deal no hits of their own (their severities unchanged): a test's chosen wound."""
        fx = np.zeros_like(array(self.F, "crit_fx"))
        fx[..., EFFECT_FIELDS.index("death")] = NO_DEATH
        for name, value in effects.items():
            fx[..., EFFECT_FIELDS.index(name)] = int(value)
        self.F.crit_fx = np.ascontiguousarray(fx)
        cells: NDArray[np.int32] = array(self.F, "cells")
        self.F.cells = np.ascontiguousarray(cells & ((1 << SEVERITY_BITS) - 1))

    # --- actions ---------------------------------------------------------------------------------------------------

    def strike(self, a: int, t: int, s: int = 0, ob_mod: int = 0, w: int = 0) -> dict[str, Any]:
        """One plain strike of ``a`` on ``t`` (:func:`py_strike`): its attack record."""
        self.K.py_strike(self.F, w, a, t, s, ob_mod)
        return next(r for r in self.told() if r["kind"] == "attack")

    def wound(self, t: int, a: int | None = None, w: int = 0) -> list[dict[str, Any]]:
        """A critical of :meth:`criticals_do` on ``t`` (an attack of ``a`` that hits its table's last row on armour 1,
        the critical roll typed or drawn from the source)."""
        a = (t + 1) % len(self.people) if a is None else a
        self.K.py_strike(self.F, w, a, t, 0, 1000)
        return self.told()

    def begin(self) -> int:
        """The first round's initiative, then the first turn: the combatant whose action is awaited."""
        self.F.rnd[0] = 0
        self.K.py_begin(self.F, 0)
        return int(self.K.py_advance(self.F, 0, NO_LIMIT))

    def done(self, c: int) -> int:
        """``c`` has acted: the next turn begins (a new round when the order is spent); whose action is awaited."""
        array(self.F, "acted")[0, c] = 1
        return int(self.K.py_advance(self.F, 0, NO_LIMIT))

    def turn_of(self, c: int) -> dict[str, Any]:
        """Everyone else passes until ``c``'s next turn begins (or is skipped): the record of that turn (what the
        log held before is dropped)."""
        self.told()
        records: list[dict[str, Any]] = []
        for _ in range(100):
            turn = self.F.turn[0]
            current = int(array(self.F, "order")[0, turn]) if 0 <= turn < self.F.norder[0] else -1
            actor = self.done(current) if current >= 0 else int(self.K.py_advance(self.F, 0, NO_LIMIT))
            records += self.told()
            mine = [r for r in records if r["kind"] == "turn" and r["actor"] == self.people[c].id]
            if mine:
                return mine[-1]
            if actor < 0:
                break
        raise AssertionError(f"no turn of {self.people[c].id}")
