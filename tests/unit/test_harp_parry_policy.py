"""The HARP default policy's parry share (issue 26): with no share written, the kernel weighs it (``best_parry``)
from what each blow is worth (:mod:`estoc.systems.harp.worth`), and the worths agree with the exact odds."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from estoc.content.registry import Content
from estoc.engine.compiled import load_kernel, load_twin
from estoc.errors import ContentError
from estoc.odds.attack import ExchangeSpec, exchange_odds
from estoc.sim.runner import encounter_of
from estoc.systems.harp.codes import KERNEL_NAME, codes, rule
from estoc.systems.harp.exchange import Combatant
from estoc.systems.harp.sheet import PARRY_AUTO
from estoc.systems.harp.tables import EFFECT_FIELDS, HarpTables
from estoc.systems.harp.worlds import array, build, table_reader
from estoc.systems.harp.worth import (
    HORIZON,
    WORTH_LEN,
    WORTH_LO,
    WORTH_SCALE,
    blow_worth,
    critical_costs,
    critical_worth,
    readings,
)
from harp_kernel_helpers import World, fighter

ATTACK = codes()["actions"]["attack"]
HITS = EFFECT_FIELDS.index("hits")


def _parry(world: World, c: int) -> int:
    kind, _target, _strike, parry, *_rest = world.K.py_decide(world.F, 0, c)
    assert kind == ATTACK
    return int(parry)


# --- the worths ------------------------------------------------------------------------------------------------------

def _hits_only(tables: HarpTables) -> np.ndarray:
    """Critical costs that count only a critical's own hits (what the exact odds' mean hits count)."""
    values = tables.critical.effects.values[:, 1:, :, HITS].astype(np.float64).mean(axis=1)
    return np.concatenate([np.zeros((values.shape[0], 1)), values], axis=1)


@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_a_blows_worth_in_hits_is_the_exact_odds_mean(tables: HarpTables, data: st.DataObject) -> None:
    """With a critical costing only its hits and no cap, a blow's worth at an edge is the exact odds' mean hits
    for that OB less defence (the worths follow the open-ended roll to three faces: within a hundredth)."""
    table = data.draw(st.integers(0, len(tables.attack.ids) - 1))
    armour = data.draw(st.integers(1, 10))
    size = data.draw(st.integers(0, 4))
    fumble = data.draw(st.integers(0, 8))
    reduction = data.draw(st.integers(0, 2))
    edge = data.draw(st.integers(-60, 180))
    critical = int(tables.attack.critical[table])
    F = table_reader(tables)
    K = load_kernel(KERNEL_NAME)
    read = readings(F, K, tables.attack.cells, (table, size, armour, 1, reduction, -1, 0))
    worth = blow_worth(read, _hits_only(tables), fumble=fumble, critical=critical, extra=-1, hp=10**9)
    exact = exchange_odds(tables, ExchangeSpec(ob=edge + 50, defence=50, table=table, armour_type=armour, size=size,
                                                fumble=fumble, critical=critical, crit_reduction=reduction))
    assert worth[edge - WORTH_LO] / WORTH_SCALE == pytest.approx(float(exact.mean_hits()), abs=0.02, rel=0.002)


def test_a_blow_is_worth_more_as_its_edge_grows(content: Content, tables: HarpTables) -> None:
    """Against an orc, a long sword's blow is worth nearly nothing at −200, more at 0, more again at +100, and never
    more than the orc's hit points."""
    sword, orc = Combatant.from_content(content, "dafur"), Combatant.from_content(content, "orque")
    F = build(tables, [sword, orc], [0, 1], 1)
    worth = np.asarray(F.worth)[(0 * int(F.width) + 0) * 2 + 1]
    assert worth.shape == (WORTH_LEN,)
    assert worth[0] < worth[-WORTH_LO] < worth[100 - WORTH_LO] <= WORTH_SCALE * orc.hp
    assert np.all(np.diff(worth) >= 0)
    # a companion's row is empty: the policy never weighs a blow on its own side
    assert not np.asarray(F.worth)[(1 * int(F.width) + 0) * 2 + 1].any()


def test_what_a_critical_costs_its_victim() -> None:
    """A death costs all the hit points; a round lost a HORIZON-th of them; bleeding its points for HORIZON rounds;
    a penalty of −N, N %; nothing costs more than all; an immune victim pays nothing for a stun or a bleed."""
    slots = {name: i for i, name in enumerate(EFFECT_FIELDS)}

    def entry(**effects: int) -> np.ndarray:
        row = np.zeros(len(EFFECT_FIELDS), dtype=np.int32)
        row[slots["death"]] = -1
        for name, value in effects.items():
            row[slots[name]] = value
        return row

    rows = np.stack([entry(), entry(death=3), entry(stun=2), entry(bleed=3), entry(penalty=-20), entry(hits=500),
                     entry(stun=2, bleed=3)])
    cost = critical_worth(rows, 80, stun_immune=False, bleed_immune=False)
    assert list(cost) == [0, 80, 2 * 80 / HORIZON, 3 * HORIZON, 0.2 * 80, 80, 2 * 80 / HORIZON + 3 * HORIZON]
    immune = critical_worth(rows, 80, stun_immune=True, bleed_immune=True)
    assert immune[2] == 0 and immune[3] == 0 and immune[1] == 80


def test_critical_costs_are_means_over_the_roll(tables: HarpTables) -> None:
    costs = critical_costs(tables.critical.effects.values, 100, stun_immune=False, bleed_immune=False)
    assert costs.shape == (len(tables.critical.ids), 6)
    assert np.all(costs[:, 0] == 0)
    # a higher severity costs more on every shipped critical table
    assert np.all(np.diff(costs[:, 1:], axis=1) >= 0)


# --- the share weighed -----------------------------------------------------------------------------------------------

def test_against_a_foe_that_fells_it_anyway_a_fighter_keeps_its_whole_ob(content: Content,
                                                                       tables: HarpTables) -> None:
    """Dafur alone against a hill troll (`harp-troll` in the policy bench, where no parry wins most): neither
    parries; a parry would only give the troll more rounds, or Dafur fewer blows."""
    dafur, troll = (Combatant.from_content(content, cid) for cid in ("dafur", "troll-des-collines"))
    assert dafur.parry == troll.parry == PARRY_AUTO
    world = World(tables, [dafur, troll])
    assert _parry(world, 0) == 0
    assert _parry(world, 1) == 0


def _outnumbered_foe(tables: HarpTables) -> World:
    """Three strong fighters on a weak foe that the two companions fell anyway, and a second, dangerous foe whose
    blow will come at the first (the weakest of its side)."""
    people = [fighter("a", ob=90, hp=40, db=20), fighter("b", ob=150, hp=120, db=20),
              fighter("c", ob=150, hp=120, db=20), fighter("weak", ob=30, hp=10), fighter("brute", ob=120, hp=200)]
    return World(tables, people, sides=[0, 0, 0, 1, 1])


def test_a_fighter_whose_blow_is_not_needed_keeps_part_of_its_ob_to_parry(tables: HarpTables) -> None:
    world = _outnumbered_foe(tables)
    parry = _parry(world, 0)
    assert 0 < parry <= 89 and parry % rule("ROUNDED_TO") == 0
    # the parry goes against the brute, the foe whose blow comes at it
    assert world.K.py_decide(world.F, 0, 0)[4] == 4


def test_nothing_is_kept_against_a_foe_that_cannot_strike(tables: HarpTables) -> None:
    world = _outnumbered_foe(tables)
    array(world.F, "stun_until")[0, 4] = 5
    assert _parry(world, 0) == 0


def test_a_written_share_is_kept_as_written(tables: HarpTables) -> None:
    people = [fighter("a", ob=90, hp=40, db=20, parry=20), *_outnumbered_foe(tables).people[1:]]
    world = World(tables, people, sides=[0, 0, 0, 1, 1])
    assert _parry(world, 0) == 20
    people[0] = fighter("a", ob=90, hp=40, db=20, parry=0)
    assert _parry(World(tables, people, sides=[0, 0, 0, 1, 1]), 0) == 0


def test_an_encounter_may_write_a_share_or_leave_it_to_the_policy(content: Content) -> None:
    def member_parry(parry: object) -> int:
        setup = {"schema_version": 1, "system": "harp", "kind": "encounter", "name": "t",
                 "sides": [{"id": "a", "members": [{"hero": "dafur", "parry": parry}]},
                           {"id": "b", "members": [{"creature": "orque"}]}]}
        return encounter_of(setup, content).combatants[0][2].parry

    assert member_parry(None) == PARRY_AUTO
    assert member_parry(15) == 15
    assert member_parry("auto") == PARRY_AUTO
    with pytest.raises(ContentError):
        member_parry("often")


def test_the_twin_weighs_the_share_die_for_die(content: Content, tables: HarpTables) -> None:
    """Whole simulated fights where every fighter weighs its share: the compiled kernel and its twin agree."""
    people = [Combatant.from_content(content, cid)
              for cid in ("dafur", "archere-sylvaine", "orque", "orque", "troll-des-collines")]
    people[3] = dataclasses.replace(people[3], id="orque-2")
    outs = []
    for module in (load_kernel(KERNEL_NAME), load_twin(KERNEL_NAME)):
        F = build(tables, people, [0, 0, 1, 1, 1], 30, seed=5, kernel_module=module)
        module.play_all(F, 30, 60, 1)
        outs.append({name: np.asarray(getattr(F, name)).copy()
                     for name in ("out_winner", "out_rounds", "out_hp", "out_dice", "out_dealt", "out_crits")})
    for name, values in outs[0].items():
        assert np.array_equal(values, outs[1][name]), name


def test_the_default_guard_dodges_when_two_foes_will_strike(tables: HarpTables) -> None:
    """Hurt to half its hit points while a companion fights, a fighter with the default guard makes a total parry
    against one foe striking it, and dodges (its DB against every blow) when two foes will strike it."""
    actions = codes()["actions"]

    def guard_of(foes: int) -> int:
        people = [fighter("a", ob=60, hp=100, guard=50, guard_company=True), fighter("b", ob=60, hp=100),
                  *(fighter(f"foe-{i}", ob=60, hp=100) for i in range(foes))]
        world = World(tables, people, sides=[0, 0, *([1] * foes)])
        array(world.F, "hp")[0, 0] = 40
        return int(world.K.py_decide(world.F, 0, 0)[0])

    assert guard_of(1) == actions["total-parry"]
    assert guard_of(2) == actions["dodge"]
