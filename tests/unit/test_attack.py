"""The kernel's attack against the rule text and against a slow, obvious twin."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from estoc.content.models import harp
from estoc.content.registry import Content
from estoc.dice import ScriptedDice, SeededDice
from estoc.systems.harp.exchange import one_exchange
from estoc.systems.harp.tables import SEVERITY_LETTERS, SIZE_INDEX, HarpTables
from estoc.systems.harp.worlds import Settings
from harp_kernel_helpers import World, fighter, wielding

SIZES = {index: name for name, index in SIZE_INDEX.items()}


def test_dafur_axe(content: Content, tables: HarpTables) -> None:
    """The text's example: roll 55, OB +80, DB +45: attack 135, result 90, a hit."""
    axe = content.get("harp", "weapons", "hache", harp.Weapon)
    dice = ScriptedDice({"attack": [55]}, fallback=SeededDice(0))
    out = one_exchange(tables, wielding(axe, ob=80), fighter("b", db=45, armour_type=9), dice)
    assert (out["ob"], out["defence"]) == (80, 45)
    assert out["attack_total"] == 135 and out["result"] == 90 and out["hit"]
    t = tables.attack.index(axe.table)
    row = min(90, int(tables.attack.limits[t, SIZE_INDEX[axe.size]]))
    assert out["row"] == row
    assert out["hits"] == int(tables.attack.hits[t, row, 8])


def test_open_ended_chain_97_99_40(content: Content, tables: HarpTables) -> None:
    sword = content.get("harp", "weapons", "epee", harp.Weapon)
    dice = ScriptedDice({"attack": [97, 99, 40]}, fallback=SeededDice(0))
    out = one_exchange(tables, wielding(sword), fighter("b"), dice)
    assert out["roll_total"] == 236 and out["open_ended"]
    assert out["rolls"] == [97, 99, 40]


def test_first_roll_01_fumbles_with_every_weapon(content: Content, tables: HarpTables) -> None:
    for weapon in content.all("harp", "weapons", harp.Weapon):
        assert weapon.fumble >= 1, weapon.id
        dice = ScriptedDice({"attack": [1], "fumble": [50]}, record=True)
        out = one_exchange(tables, wielding(weapon, ob=300), fighter("b"), dice)
        assert out["fumble"] and not out["hit"]
        assert out["hits"] == 0 and out["critical"] is None and out["total_hits"] == 0
        assert out["fumble_result"]["roll"] == 50
        assert [r.purpose for r in dice.records or []] == ["attack", "fumble"]


def test_critical_roll_is_never_open_ended(content: Content, tables: HarpTables) -> None:
    sword = content.get("harp", "weapons", "epee", harp.Weapon)
    t = tables.attack.index(sword.table)
    # The best row of the lightest armour always carries a critical.
    assert int(tables.attack.severity[t, tables.attack.limits[t, SIZE_INDEX[sword.size]], 0]) > 0
    dice = ScriptedDice({"attack": [90], "critical": [99]}, record=True)
    # (stun immune: no resistance roll follows whatever the critical does)
    out = one_exchange(tables, wielding(sword, ob=200), fighter("b", stun_immune=True), dice)
    assert out["critical"]["roll"] == 99
    assert [(r.purpose, r.faces) for r in dice.records or []] == [("attack", (90,)), ("critical", (99,))]


def test_result_past_the_size_limit_reads_the_last_row_before_it(tables: HarpTables) -> None:
    t = tables.attack.index("lames-1m")
    for size, index in SIZE_INDEX.items():
        limit = int(tables.attack.limits[t, index])
        out = one_exchange(tables, fighter(ob=400, size=size), fighter("b", armour_type=3), SeededDice(1))
        assert out["row"] == limit == out["limit"], size
        assert limit <= 150
    assert int(tables.attack.limits[t, SIZE_INDEX["large"]]) == 150


def test_optional_rule_for_open_ended_rolls(tables: HarpTables) -> None:
    t = tables.attack.index("lames-1m")
    limit = int(tables.attack.limits[t, SIZE_INDEX["small"]])
    attacker, target = fighter(ob=limit - 96 + 30, size="small"), fighter("b", stun_immune=True)

    def strike(beyond: str, faces: list[int], ob_mod: int = 0) -> dict[str, object]:
        world = World(tables, [attacker, target], settings=Settings(beyond_limit=beyond))
        world.dice({"attack": faces}, fallback=SeededDice(0))
        return world.strike(0, 1, ob_mod=ob_mod)

    # 96 then 1: total 97, result limit + 31.
    capped = strike("cap", [96, 1])
    assert capped["result"] == limit + 31 and capped["row"] == limit and capped["second_attack"] is None
    assert strike("uncapped", [96, 1])["row"] == limit + 31
    second = strike("second-attack", [96, 1])
    assert second["row"] == limit and second["second_attack"]["row"] == 31
    assert second["second_attack"]["hits"] == int(tables.attack.hits[t, 31, 0])
    assert second["total_hits"] >= second["hits"] + second["second_attack"]["hits"]
    # Without an open-ended roll nothing changes.
    plain = strike("uncapped", [95], ob_mod=50)
    assert plain["result"] > limit and plain["row"] == limit


def test_additional_critical_follows_the_attack(tables: HarpTables) -> None:
    def exchanges(severity: str | None, ob: int) -> list[dict[str, object]]:
        attacker = fighter(ob=ob, size="large", additional="froid", additional_severity=severity)
        return [one_exchange(tables, attacker, fighter("b"), SeededDice(k)) for k in range(150)]

    own = exchanges(None, 150)
    assert any(r["critical"] for r in own)
    for r in own:
        crit, extra = r["critical"], r["additional_critical"]
        assert (extra and extra["severity"]) == (crit and crit["severity"])  # type: ignore[index]
    fixed = exchanges("A", 150)
    for r in fixed:
        extra = r["additional_critical"]
        assert (extra["severity"] if extra else None) == ("A" if r["critical"] else None)  # type: ignore[index]
    miss = exchanges(None, -500)
    assert not any(r["hit"] or r["additional_critical"] for r in miss)


def slow_attack(tables: HarpTables, faces: list[int], crit_face: int, ob: int, defence: int, table: int,
                armour: int, size: int, fumble: int, critical: int) -> tuple[bool, bool, int, int, int, int]:
    """The rule as a GM reads it, one exchange at a time: the oracle for the kernel."""
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


@settings(max_examples=80, suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None)
@given(data=st.data())
def test_kernel_agrees_with_the_slow_twin(tables: HarpTables, data: st.DataObject) -> None:
    first = data.draw(st.integers(1, 100))
    chain = [first]
    while chain[-1] >= 96:
        chain.append(data.draw(st.integers(1, 100)))
    crit_face = data.draw(st.integers(1, 100))
    ob, defence = data.draw(st.integers(-50, 200)), data.draw(st.integers(-20, 150))
    table = data.draw(st.integers(0, len(tables.attack.ids) - 1))
    armour, size, fumble = data.draw(st.integers(1, 10)), data.draw(st.integers(0, 3)), data.draw(st.integers(0, 8))
    critical = int(tables.attack.critical[table])
    fumbled, hit, row, hits, severity, crit_hits = slow_attack(tables, chain, crit_face, ob, defence, table, armour,
                                                                size, fumble, critical)
    faces = {"attack": chain, "critical": [crit_face] if severity else [], "fumble": [50] if fumbled else []}
    dice = ScriptedDice(faces)
    # (stun immune: a stun's resistance roll is another test's)
    attacker = fighter(ob=ob, table=tables.attack.ids[table], size=SIZES[size], fumble=fumble)
    out = one_exchange(tables, attacker, fighter("b", db=defence, armour_type=armour, stun_immune=True), dice)
    assert dice.unused() == {}
    assert out["fumble"] == fumbled and out["hit"] == hit
    assert out["row"] == row and out["hits"] == hits
    assert (out["critical"]["severity"] if out["critical"] else "") == SEVERITY_LETTERS[severity]
    assert out["total_hits"] == hits + crit_hits
