"""Simulation of HARP · TdM encounters: the system's side of the simulation protocol
(:class:`~estoc.engine.simulation.SimSystem`).

:func:`play_chunk` is the kernel entry: it plays a chunk of worlds with the batch
(:class:`~estoc.systems.harp.batch.BatchFight`, built by :func:`batch_fight`), and is kept one small function so that
another kernel can take its place. The compiled tables are built once per process for the same content
(:meth:`HarpSim.prepare`).
"""

from __future__ import annotations

import weakref
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import numpy as np

from estoc.content.registry import Content
from estoc.dice import KeyedDice
from estoc.engine.simulation import NumberFormat, OneOf, Outcome, SettingSpec, SimSystem, Switch, Whole, side_order
from estoc.i18n import _
from estoc.systems.harp.batch import UNLIMITED, BatchFight, BatchResult, sides_left
from estoc.systems.harp.conditions import HarpState
from estoc.systems.harp.roster import Roster
from estoc.systems.harp.tables import B, HarpTables, compile_tables

if TYPE_CHECKING:
    # For types only: HARP's encounter is still play's (see HarpSim.read_encounter).
    from estoc.play.encounter import LoadedEncounter

MARKS = ("A", "B", "C", "D", "E")
"""The criticals' severities, as :attr:`Outcome.crits_taken` counts them."""
BEYOND_LIMIT = ("cap", "uncapped", "second-attack")


def batch_fight(encounter: LoadedEncounter, tables: HarpTables, worlds: int, *, beasts_flee: bool = False
                ) -> BatchFight:
    """``worlds`` fresh copies of an encounter's fight, ready to :meth:`~BatchFight.play` (play's setup, as arrays)."""
    people = [combatant for _id, _side, combatant in encounter.combatants]
    sides = [side for _id, side, _c in encounter.combatants]
    roster = Roster.build(tables, list(people), sides)
    state = HarpState.new(worlds, [c.hp for c in people], [c.body_rr for c in people],
                          stun_immune=[c.stun_immune for c in people], bleed_immune=[c.bleed_immune for c in people])
    uses = np.full((worlds, len(people), roster.ob.shape[1]), UNLIMITED, dtype=np.int64)
    for i, person in enumerate(people):
        for s, strike in enumerate(person.strikes):
            if strike.uses is not None:
                uses[:, i, s] = strike.uses
        # The roster pads everyone's strikes to the most any has; a padding slot reads as an area strike to the
        # default policy, which would "breathe" with it: no uses left keeps it from ever being chosen.
        uses[:, i, len(person.strikes):] = 0
    order = side_order(encounter)
    surprised = order.index(encounter.surprise) if encounter.surprise in order else -1
    return BatchFight(tables, roster, state, settings=encounter.settings, fight_mod=encounter.modifiers.fight,
                      full_sun=encounter.full_sun, surprised_side=surprised, beasts_flee=beasts_flee, uses=uses)


def outcome(result: BatchResult, over: B) -> Outcome:
    """What each world of a batch came to; ``over``: one side or none left standing."""
    state = result.state
    out = np.asarray(state.down | state.dead, dtype=np.bool_)
    return Outcome(winner=result.winner, over=np.asarray(over, dtype=np.bool_), rounds=result.rounds, out=out,
                   dead=np.asarray(state.dead, dtype=np.bool_), fled=np.asarray(~result.present & ~out, np.bool_),
                   hits_dealt=result.tally.hits_dealt, hits_taken=result.tally.hits_taken,
                   crits_taken=result.tally.crits_taken)


def play_chunk(encounter: LoadedEncounter, tables: HarpTables, worlds: int, seed: np.random.SeedSequence,
               max_rounds: int, options: Mapping[str, Any]) -> Outcome:
    """``worlds`` fights played to their end with the keyed dice of ``seed``: what each world came to."""
    fight = batch_fight(encounter, tables, worlds, beasts_flee=bool(options.get("beasts_flee", False)))
    roster = fight.roster
    result = fight.play(KeyedDice(seed, worlds), max_rounds)
    # Read from the result, not the fight: the fight may have dropped its finished worlds (compaction).
    return outcome(result, sides_left(result.state, roster, result.present) <= 1)


_TABLES: dict[int, tuple[weakref.ref[Content], HarpTables]] = {}
"""Tables compiled in this process, by the content they were compiled from (while it lives)."""


def tables_for(content: Content) -> HarpTables:
    """The content's compiled tables, compiled once per process for the same content object (content is not
    changed once loaded; a worker loads its own once per process, from its folders)."""
    held = _TABLES.get(id(content))
    if held is not None and held[0]() is content:
        return held[1]
    for key in [k for k, (ref, _t) in _TABLES.items() if ref() is None]:
        del _TABLES[key]  # content gone: its id may be reused
    tables = compile_tables(content)
    _TABLES[id(content)] = (weakref.ref(content), tables)
    return tables


class HarpSim:
    """HARP · TdM in the simulation protocol."""

    id = "harp"
    marks = MARKS
    task_ids: tuple[str, ...] = ()
    settings = (
        SettingSpec("fight_mod", Whole(), lambda: _("Added to every attack (fog, bad footing, poor light…)."),
                    path=("modifiers", "fight"), read=lambda e: e.modifiers.fight),
        SettingSpec("beyond_limit", OneOf(BEYOND_LIMIT), lambda: _(
            "An open-ended roll past the attack size's limit: capped, uncapped, or a second attack."),
            path=("settings", "beyond_limit"), read=lambda e: e.settings.beyond_limit),
        SettingSpec("full_sun", Switch(), lambda: _("The fight is in full sunlight (creatures that fear it are "
                                                    "hampered)."),
                    path=("full_sun",), read=lambda e: e.full_sun),
        SettingSpec("beasts_flee", Switch(), lambda: _("Badly hurt beasts flee (the GM's choice)."), default=False),
    )

    def read_encounter(self, setup: dict[str, Any], content: Content) -> LoadedEncounter:
        # HARP's encounter reader still lives in play/ (estoc.play.encounter): imported here, when asked for, until
        # it moves under systems/harp/ with the rest of the system's rewrite.
        from estoc.play.encounter import encounter_from_setup

        return encounter_from_setup(setup, content)

    def prepare(self, content: Content) -> HarpTables:
        return tables_for(content)

    def play_chunk(self, encounter: LoadedEncounter, prepared: HarpTables, worlds: int,
                   seed: np.random.SeedSequence, max_rounds: int, options: Mapping[str, Any]) -> Outcome:
        return play_chunk(encounter, prepared, worlds, seed, max_rounds, options)

    def describe(self, settings: Mapping[str, Any], number: NumberFormat) -> str:
        beyond = {"cap": _("capped"), "uncapped": _("uncapped"), "second-attack": _("second attack")}
        return _("fight modifier {mod}, beyond the size limit: {beyond}, full sun: {sun}, beasts flee: "
                 "{flee}").format(
            mod=number(int(settings["fight_mod"]), 0, signed=True),
            beyond=beyond.get(settings["beyond_limit"], settings["beyond_limit"]),
            sun=_("yes") if settings["full_sun"] else _("no"), flee=_("yes") if settings["beasts_flee"] else _("no"))

    def marks_title(self) -> str:
        return _("Criticals taken: chance of at least one of each severity")

    def mark_name(self, mark: str) -> str:
        return mark

    def task_name(self, task_id: str) -> dict[str, str]:
        return {"fr": task_id, "en": task_id}


SIM: SimSystem[LoadedEncounter, HarpTables] = HarpSim()
"""This system in the simulation protocol (found by :func:`~estoc.systems.base.find_sim_system`)."""
