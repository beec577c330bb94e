"""The rule text's worked examples, run from ``harp.yaml`` through the kernel."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest
from ruamel.yaml import YAML

from estoc.content.models import harp
from estoc.content.registry import Content
from estoc.dice import ScriptedDice, SeededDice
from estoc.systems.harp.exchange import one_exchange
from estoc.systems.harp.tables import HarpTables
from harp_kernel_helpers import World, chain_for, fighter, wielding

CASES: dict[str, list[dict[str, Any]]] = YAML(typ="safe").load(Path(__file__).with_name("harp.yaml"))


def _name(case: dict[str, Any]) -> str:
    return str(case["name"])


@pytest.mark.parametrize("case", CASES["attacks"], ids=_name)
def test_attack(case: dict[str, Any], content: Content, tables: HarpTables) -> None:
    weapon = content.get("harp", "weapons", case["weapon"], harp.Weapon)
    attacker = wielding(weapon, ob=case["ob"])
    if "additional" in case:
        attacker = fighter(ob=case["ob"], table=weapon.table, size=weapon.size, fumble=weapon.fumble,
                           critical=weapon.critical, additional=case["additional"])
    target = fighter("b", db=case["defence"], armour_type=case["armour_type"])
    dice = ScriptedDice(case["faces"], fallback=SeededDice(0), strict=["attack"])
    event = one_exchange(tables, attacker, target, dice)
    assert dice.unused() == {}
    assert (event["ob"], event["defence"], event["fumble_range"]) == (case["ob"], case["defence"], weapon.fumble)
    for key, value in case["expect"].items():
        if isinstance(value, dict):  # a critical: the parts the case names
            assert {k: event[key][k] for k in value} == value, key
        else:
            assert event[key] == value, key


@pytest.mark.parametrize("case", CASES["stuns"], ids=_name)
def test_stun(case: dict[str, Any], tables: HarpTables) -> None:
    world = World(tables, [fighter("cible"), fighter("b")])
    world.criticals_do(stun=case["rounds"])
    # Every resistance roll fails: the stun runs its course, retried at the start of each later turn.
    world.dice({"attack": [50], "critical": [10], "resistance": [2]})
    seen = [world.wound(0)[-1]["stun_check"]["difficulty"]]
    for now in range(2, case["rounds"] + 1):
        world.dice({"initiative": [10, 1], "resistance": [2]})
        turn = world.turn_of(0)
        assert turn["round"] == now
        seen.append(turn["stun_check"]["difficulty"])
    assert seen == case["difficulties"]
    # Its course run, the stun ends at the start of the next turn, without a roll.
    world.dice({"initiative": [10, 1]})
    assert world.turn_of(0)["stun_check"] is None and world.get("stun_until", 0) == 0
    assert world.unused() == {}


@pytest.mark.parametrize("case", CASES["bleeding"], ids=_name)
def test_bleeding(case: dict[str, Any], tables: HarpTables) -> None:
    world = World(tables, [fighter("cible"), fighter("b")])
    for wound in case["wounds"]:
        world.criticals_do(bleed=wound)
        world.dice({"attack": [50], "critical": [10]})
        world.wound(0)
    for now in (2, 3):
        world.dice({"initiative": [10, 1]})
        turn = world.turn_of(0)
        assert turn["round"] == now and turn["bled"] == case["lost_per_turn"]


@pytest.mark.parametrize("case", CASES["dodges"], ids=_name)
def test_dodge(case: dict[str, Any], tables: HarpTables) -> None:
    # A manoeuvre total in the band whose bonus column is the case's.
    bands = np.flatnonzero(tables.manoeuvre.bonus == case["bonus_column"])
    total = int(tables.manoeuvre.lows[bands[-1]])
    world = World(tables, [fighter("a"), fighter("b")])
    world.dice({"manoeuvre": chain_for(total)})
    if case["instinctive"]:
        world.K.py_instinctive_dodge(world.F, 0, 0)
    else:
        world.K.py_dodge(world.F, 0, 0)
    assert world.told()[0]["bonus"] == world.get("dodge", 0) == case["db_bonus"]
