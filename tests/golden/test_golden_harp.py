"""The rule text's worked examples, run from ``harp.yaml``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest
from ruamel.yaml import YAML

from estoc.content.models import harp
from estoc.content.registry import Content
from estoc.dice import ScriptedDice, SeededDice
from estoc.systems.harp.actions import dodge_bonus
from estoc.systems.harp.attack import AttackInputs, resolve_attack
from estoc.systems.harp.conditions import HarpState, apply_effects, start_of_turn
from estoc.systems.harp.report import attack_dict
from estoc.systems.harp.tables import SIZE_INDEX, EffectArrays, HarpTables

CASES: dict[str, list[dict[str, Any]]] = YAML(typ="safe").load(Path(__file__).with_name("harp.yaml"))


def _name(case: dict[str, Any]) -> str:
    return str(case["name"])


@pytest.mark.parametrize("case", CASES["attacks"], ids=_name)
def test_attack(case: dict[str, Any], content: Content, tables: HarpTables) -> None:
    weapon = content.get("harp", "weapons", case["weapon"], harp.Weapon)
    t = tables.attack.index(weapon.table)
    inputs = AttackInputs.broadcast(1, ob=case["ob"], defence=case["defence"], table=t,
                                    armour_type=case["armour_type"], size=SIZE_INDEX[weapon.size],
                                    fumble=weapon.fumble, critical=int(tables.attack.critical[t]))
    dice = ScriptedDice(case["faces"], fallback=SeededDice(0), strict=["attack"])
    outcome = resolve_attack(dice, tables, inputs)
    event = attack_dict(tables, outcome, ob=case["ob"], defence=case["defence"], table=t,
                        armour_type=case["armour_type"], size=weapon.size, fumble_range=weapon.fumble,
                        limit=int(tables.attack.limits[t, SIZE_INDEX[weapon.size]]))
    assert dice.unused() == {}
    for key, value in case["expect"].items():
        assert event[key] == value, key


@pytest.mark.parametrize("case", CASES["stuns"], ids=_name)
def test_stun(case: dict[str, Any]) -> None:
    state = HarpState.new(1, [100], body_rr=[0])
    stun = EffectArrays.of(1, stun=case["rounds"])
    w, c = np.array([0]), np.array([0])
    seen = [int(apply_effects(state, w, c, stun, now=1, dice=ScriptedDice([2])).difficulty[0])]
    for now in range(2, case["rounds"] + 1):
        seen.append(int(start_of_turn(state, 0, now, ScriptedDice([2])).stun.difficulty[0]))
    assert seen == case["difficulties"]


@pytest.mark.parametrize("case", CASES["bleeding"], ids=_name)
def test_bleeding(case: dict[str, Any]) -> None:
    state = HarpState.new(1, [100])
    for wound in case["wounds"]:
        e = EffectArrays.of(1, bleed=wound)
        apply_effects(state, np.array([0]), np.array([0]), e, now=1, dice=ScriptedDice([]))
    for now in (2, 3):
        assert int(start_of_turn(state, 0, now, ScriptedDice([])).bled[0]) == case["lost_per_turn"]


@pytest.mark.parametrize("case", CASES["dodges"], ids=_name)
def test_dodge(case: dict[str, Any]) -> None:
    assert int(dodge_bonus(case["bonus_column"], instinctive=case["instinctive"])) == case["db_bonus"]
