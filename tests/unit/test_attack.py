"""The attack kernel against the rule text and against a slow, obvious twin."""

from __future__ import annotations

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from estoc.content.models import harp
from estoc.content.registry import Content
from estoc.dice import ScriptedDice, SeededDice
from estoc.systems.harp.attack import AttackInputs, AttackSettings, resolve_attack
from estoc.systems.harp.tables import SIZE_INDEX, HarpTables


def weapon_inputs(tables: HarpTables, weapon: harp.Weapon, ob: int, db: int, armour: int,
                  worlds: int = 1) -> AttackInputs:
    t = tables.attack.index(weapon.table)
    return AttackInputs.broadcast(worlds, ob=ob, defence=db, table=t, armour_type=armour,
                                  size=SIZE_INDEX[weapon.size], fumble=weapon.fumble,
                                  critical=int(tables.attack.critical[t]))


def test_dafur_axe(content: Content, tables: HarpTables) -> None:
    """The text's example: roll 55, OB +80, DB +45: attack 135, result 90, a hit."""
    axe = content.get("harp", "weapons", "hache", harp.Weapon)
    dice = ScriptedDice({"attack": [55]}, fallback=SeededDice(0))
    out = resolve_attack(dice, tables, weapon_inputs(tables, axe, 80, 45, 9))
    assert int(out.attack_total[0]) == 135
    assert int(out.result[0]) == 90
    assert bool(out.hit[0])
    t = tables.attack.index("masses-1m") if axe.table == "masses-1m" else tables.attack.index(axe.table)
    row = min(90, int(tables.attack.limits[t, SIZE_INDEX[axe.size]]))
    assert int(out.row[0]) == row
    assert int(out.hits[0]) == int(tables.attack.hits[t, row, 8])


def test_open_ended_chain_97_99_40(content: Content, tables: HarpTables) -> None:
    sword = content.get("harp", "weapons", "epee", harp.Weapon)
    dice = ScriptedDice({"attack": [97, 99, 40]}, fallback=SeededDice(0))
    out = resolve_attack(dice, tables, weapon_inputs(tables, sword, 0, 0, 1))
    assert int(out.roll_total[0]) == 236
    assert out.roll.chain(0) == [97, 99, 40]
    assert out.roll.faces.tolist() == [[97, 99, 40]]


def test_first_roll_01_fumbles_with_every_weapon(content: Content, tables: HarpTables) -> None:
    for weapon in content.all("harp", "weapons", harp.Weapon):
        assert weapon.fumble >= 1, weapon.id
        dice = ScriptedDice({"attack": [1], "fumble": [50]}, record=True)
        out = resolve_attack(dice, tables, weapon_inputs(tables, weapon, 300, 0, 1))
        assert bool(out.fumble[0]) and not bool(out.hit[0])
        assert int(out.hits[0]) == 0 and int(out.critical.severity[0]) == 0
        assert int(out.fumble_roll[0]) == 50
        assert [r.purpose for r in dice.records or []] == ["attack", "fumble"]


def test_critical_roll_is_never_open_ended(content: Content, tables: HarpTables) -> None:
    sword = content.get("harp", "weapons", "epee", harp.Weapon)
    t = tables.attack.index(sword.table)
    # The best row of the lightest armour always carries a critical.
    assert int(tables.attack.severity[t, tables.attack.limits[t, SIZE_INDEX[sword.size]], 0]) > 0
    dice = ScriptedDice({"attack": [90], "critical": [99]}, record=True)
    out = resolve_attack(dice, tables, weapon_inputs(tables, sword, 200, 0, 1))
    assert int(out.critical.roll[0]) == 99
    assert [(r.purpose, r.faces) for r in dice.records or []] == [("attack", (90,)), ("critical", (99,))]


def test_result_past_the_size_limit_reads_the_last_row_before_it(tables: HarpTables) -> None:
    t = tables.attack.index("lames-1m")
    for size, index in SIZE_INDEX.items():
        limit = int(tables.attack.limits[t, index])
        inputs = AttackInputs.broadcast(1, ob=400, defence=0, table=t, armour_type=3, size=index, fumble=0,
                                        critical=int(tables.attack.critical[t]))
        out = resolve_attack(SeededDice(1), tables, inputs)
        assert int(out.row[0]) == limit, size
        assert limit <= 150
    assert int(tables.attack.limits[t, SIZE_INDEX["large"]]) == 150


def test_optional_rule_for_open_ended_rolls(tables: HarpTables) -> None:
    t = tables.attack.index("lames-1m")
    small = SIZE_INDEX["small"]
    limit = int(tables.attack.limits[t, small])
    base = {"ob": limit - 96 + 30, "defence": 0, "table": t, "armour_type": 1, "size": small, "fumble": 0,
            "critical": int(tables.attack.critical[t])}
    # 96 then 1: total 97, result limit + 31.
    capped = resolve_attack(ScriptedDice({"attack": [96, 1]}, fallback=SeededDice(0)), tables,
                            AttackInputs.broadcast(1, **base))
    assert int(capped.row[0]) == limit and int(capped.second_row[0]) == 0
    uncapped = resolve_attack(ScriptedDice({"attack": [96, 1]}, fallback=SeededDice(0)), tables,
                              AttackInputs.broadcast(1, **base), AttackSettings(beyond_limit="uncapped"))
    assert int(uncapped.row[0]) == limit + 31
    second = resolve_attack(ScriptedDice({"attack": [96, 1]}, fallback=SeededDice(0)), tables,
                            AttackInputs.broadcast(1, **base), AttackSettings(beyond_limit="second-attack"))
    assert int(second.row[0]) == limit and int(second.second_row[0]) == 31
    assert int(second.second_hits[0]) == int(tables.attack.hits[t, 31, 0])
    # Without an open-ended roll nothing changes.
    plain = resolve_attack(ScriptedDice({"attack": [95]}, fallback=SeededDice(0)), tables,
                           AttackInputs.broadcast(1, **{**base, "ob": limit + 50}),
                           AttackSettings(beyond_limit="uncapped"))
    assert int(plain.row[0]) == limit


def test_additional_critical_follows_the_attack(tables: HarpTables) -> None:
    t = tables.attack.index("lames-1m")
    froid = tables.critical.index("froid")
    kwargs = {"ob": 150, "defence": 0, "table": t, "armour_type": 1, "size": SIZE_INDEX["large"], "fumble": 0,
              "critical": int(tables.attack.critical[t]), "extra_table": froid}
    out = resolve_attack(SeededDice(5), tables, AttackInputs.broadcast(1000, **kwargs))
    crit = out.severity > 0
    assert bool(crit.any())
    assert np.array_equal(out.extra.severity, out.severity)
    fixed = resolve_attack(SeededDice(5), tables, AttackInputs.broadcast(1000, **kwargs, extra_severity=1))
    assert set(fixed.extra.severity[fixed.severity > 0].tolist()) == {1}
    assert bool((fixed.extra.severity[fixed.severity == 0] == 0).all())
    miss = resolve_attack(SeededDice(5), tables, AttackInputs.broadcast(50, **{**kwargs, "ob": -500}))
    assert not bool(miss.hit.any()) and not bool((miss.extra.severity > 0).any())


def slow_attack(tables: HarpTables, faces: list[int], crit_face: int, ob: int, defence: int, table: int,
                armour: int, size: int, fumble: int, critical: int) -> tuple[bool, bool, int, int, int, int]:
    """The rule as a GM reads it, one world at a time: the oracle for the kernel."""
    total = faces[0]
    i = 0
    while faces[i] >= 96:
        i += 1
        total += faces[i]
    if faces[0] <= fumble:
        return True, False, 0, 0, 0, 0
    result = total + ob - defence
    if result < 1:
        return False, False, 0, 0, 0, 0
    row = min(result, int(tables.attack.limits[table, size]), tables.attack.hits.shape[1] - 1)
    hits = int(tables.attack.hits[table, row, armour - 1])
    severity = int(tables.attack.severity[table, row, armour - 1])
    crit_hits = int(tables.critical.effects.hits[critical, crit_face, severity - 1]) if severity else 0
    return False, True, row, hits, severity, crit_hits


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None)
@given(data=st.data())
def test_kernel_agrees_with_the_slow_twin(tables: HarpTables, data: st.DataObject) -> None:
    worlds = data.draw(st.integers(1, 8))
    rows = []
    for _ in range(worlds):
        first = data.draw(st.integers(1, 100))
        chain = [first]
        while chain[-1] >= 96:
            chain.append(data.draw(st.integers(1, 100)))
        rows.append({
            "faces": chain, "crit": data.draw(st.integers(1, 100)),
            "ob": data.draw(st.integers(-50, 200)), "defence": data.draw(st.integers(-20, 150)),
            "table": data.draw(st.integers(0, len(tables.attack.ids) - 1)),
            "armour": data.draw(st.integers(1, 10)), "size": data.draw(st.integers(0, 3)),
            "fumble": data.draw(st.integers(0, 8)),
        })
    for r in rows:
        r["critical"] = int(tables.attack.critical[r["table"]])
    # Faces are drawn pass by pass: all first faces, then second faces of open worlds, and so on.
    attack_faces: list[int] = []
    depth = max(len(r["faces"]) for r in rows)
    for d in range(depth):
        attack_faces.extend(r["faces"][d] for r in rows if len(r["faces"]) > d)
    expected = [slow_attack(tables, r["faces"], r["crit"], r["ob"], r["defence"], r["table"], r["armour"],
                            r["size"], r["fumble"], r["critical"]) for r in rows]
    crit_faces = [r["crit"] for r, e in zip(rows, expected, strict=True) if e[4] > 0]
    fumble_faces = [50 for e in expected if e[0]]
    dice = ScriptedDice({"attack": attack_faces, "critical": crit_faces, "fumble": fumble_faces})
    inputs = AttackInputs(**{k: np.array([r[k2] for r in rows], dtype=np.int64) for k, k2 in (
        ("ob", "ob"), ("defence", "defence"), ("table", "table"), ("armour_type", "armour"), ("size", "size"),
        ("fumble", "fumble"), ("critical", "critical"))},
        extra_table=np.full(worlds, -1, np.int64), extra_severity=np.zeros(worlds, np.int64),
        crit_reduction=np.zeros(worlds, np.int64), hits_factor=np.ones(worlds, np.int64))
    out = resolve_attack(dice, tables, inputs)
    assert dice.unused() == {}
    for i, (fumbled, hit, row, hits, severity, crit_hits) in enumerate(expected):
        assert bool(out.fumble[i]) == fumbled
        assert bool(out.hit[i]) == hit
        assert int(out.row[i]) == row
        assert int(out.hits[i]) == hits
        assert int(out.severity[i]) == severity
        assert int(out.total_hits()[i]) == hits + crit_hits
