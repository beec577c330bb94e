"""Every record of the shipped d100 content: references that resolve, sensible numbers, and the rule text's facts
(crossbows reload, firearms cannot be parried, full plate stops 8, shields stop missiles by size)."""

from __future__ import annotations

from typing import Any

import pytest

from estoc.content import load_folder, shipped_folder
from estoc.content.models import d100
from estoc.content.models.common import Record
from estoc.dice.expressions import DiceExpression

CONTENT = load_folder(shipped_folder())
SYSTEM = "d100"
KINDS = ("weapons", "armours", "shields", "outcome-tables", "characters")


def records(kind: str) -> dict[str, Any]:
    return {record_id: item.record for record_id, item in CONTENT.kind(SYSTEM, kind).items()}


WEAPONS: dict[str, d100.Weapon] = records("weapons")
ARMOURS: dict[str, d100.Armour] = records("armours")
SHIELDS: dict[str, d100.Shield] = records("shields")
TABLES: dict[str, d100.OutcomeTable] = records("outcome-tables")
CHARACTERS: dict[str, d100.Character] = records("characters")
EVERY = [(kind, record) for kind in KINDS for record in records(kind).values()]

MISSILE_PARRY = {"small": 15, "full": 30, "large": 60}
OUTCOMES = {
    "special": {"special": "stopped", "success": "special", "failure": "special", "fumble": "special",
                "none": "special"},
    "success": {"special": "stopped", "success": "stopped", "failure": "hit", "fumble": "hit", "none": "hit"},
    "failure": dict.fromkeys(d100.DEFENCE_QUALITIES, "miss"),
    "fumble": dict.fromkeys(d100.DEFENCE_QUALITIES, "miss"),
}


def hit_points(character: d100.Character) -> int:
    """The average of CON and SIZ, rounded up."""
    c = character.characteristics
    return (c.con + c.siz + 1) // 2


def classic_damage_bonus(strength_and_size: int) -> str:
    """The classic BRP damage bonus for STR + SIZ up to 56."""
    for top, bonus in ((12, "-1D6"), (16, "-1D4"), (24, "0"), (32, "+1D4"), (40, "+1D6"), (56, "+2D6")):
        if strength_and_size <= top:
            return bonus
    raise AssertionError(f"no sample should be that big: {strength_and_size}")


def same_dice(a: str, b: str) -> bool:
    return str(DiceExpression.parse(a)) == str(DiceExpression.parse(b))


def check_weapon(weapon: d100.Weapon) -> None:
    damage = DiceExpression.parse(weapon.damage)
    assert 1 <= damage.minimum <= damage.maximum <= 24
    ranged = weapon.reach == "missile"
    assert ranged == (weapon.skill in ("missile", "firearm", "heavy"))
    if ranged:
        # A missile weapon is never used to parry.
        assert weapon.hp is None and weapon.range is not None
    if weapon.skill == "firearm":
        assert weapon.high_velocity and weapon.magazine is not None and weapon.damage_bonus == "none"
    else:
        assert not weapon.high_velocity and weapon.magazine is None
    if weapon.skill == "missile":
        assert weapon.dodgeable_missile
    if weapon.reload_rounds:
        assert weapon.damage_bonus == "none" and weapon.skill == "missile"


def check_armour(armour: d100.Armour) -> None:
    assert 1 <= armour.points <= 8
    assert -60 <= armour.physical_penalty <= 0 and -30 <= armour.perception_penalty <= 0


def check_shield(shield: d100.Shield) -> None:
    assert shield.missile_parry == MISSILE_PARRY[shield.size]
    assert shield.missile_parry_kneeling == (90 if shield.size == "large" else None)
    assert 1 <= DiceExpression.parse(shield.damage).maximum <= 6
    assert 0 < shield.points <= shield.hp


def check_table(table: d100.OutcomeTable) -> None:
    for row in table.rows:
        assert {q: getattr(row, q) for q in d100.DEFENCE_QUALITIES} == OUTCOMES[row.attack], row.attack


def check_character(character: d100.Character) -> None:
    c = character.characteristics
    assert 3 <= hit_points(character) <= 30
    assert same_dice(character.damage_bonus, classic_damage_bonus(c.str_ + c.siz))
    for carried in character.weapons:
        assert carried.weapon in WEAPONS, carried.weapon
        assert 1 <= WEAPONS[carried.weapon].base + carried.points <= 200
    assert len({w.weapon for w in character.weapons}) == len(character.weapons)
    if character.shield is not None:
        assert character.shield.shield in SHIELDS, character.shield.shield
        assert 1 <= SHIELDS[character.shield.shield].base + character.shield.points <= 200
        # A shield leaves one hand: at least one weapon must fit in the other.
        assert any(WEAPONS[w.weapon].hands == 1 for w in character.weapons)
    if character.armour is not None:
        assert ARMOURS[character.armour].slot == "body"
    if character.helmet is not None:
        assert ARMOURS[character.helmet].slot == "head"
    assert 1 <= character.dodge <= 200 and 0 <= character.first_aid <= 200


CHECKS: dict[str, Any] = {"weapons": check_weapon, "armours": check_armour, "shields": check_shield,
                          "outcome-tables": check_table, "characters": check_character}


@pytest.mark.parametrize(("kind", "record"), EVERY, ids=[f"{kind}:{record.id}" for kind, record in EVERY])
def test_every_record(kind: str, record: Record) -> None:
    assert record.id.isascii() and record.name.fr and record.name.en
    CHECKS[kind](record)


def test_every_kind_is_shipped() -> None:
    assert len(WEAPONS) >= 20 and len(ARMOURS) >= 10 and len(SHIELDS) == 4 and len(CHARACTERS) >= 6
    assert set(TABLES) == {"attaques-et-defenses"}


def test_the_rule_texts_facts() -> None:
    short_sword = WEAPONS["epee-courte"]
    assert same_dice(short_sword.damage, "1D6+1") and DiceExpression.parse(short_sword.damage).maximum == 7
    assert any(w.reload_rounds == 1 for w in WEAPONS.values() if w.reach == "missile")
    assert {WEAPONS[w].magazine for w in ("pistolet", "fusil")} == {6}
    assert {WEAPONS[w].magazine for w in ("pistolet-laser", "fusil-laser")} == {20}
    assert ARMOURS["cuir-souple"].points == 1 and ARMOURS["cuir"].points == 2
    assert ARMOURS["armure-de-plates"].points == 8
    assert {s.size for s in SHIELDS.values()} == {"small", "full", "large"}
    # The worked example of 5.12: 12 hit points in leather.
    assert any(hit_points(c) == 12 and c.armour == "cuir" for c in CHARACTERS.values())


def test_heavier_armour_hinders_more() -> None:
    body = sorted((a for a in ARMOURS.values() if a.slot == "body"), key=lambda a: a.points)
    assert (body[0].points, body[-1].points) == (1, 8)
    penalties = [a.physical_penalty for a in body]
    assert penalties == sorted(penalties, reverse=True) and penalties[-1] < penalties[0]
    assert ARMOURS["heaume"].perception_penalty < 0


def test_skills_of_the_samples_are_plausible() -> None:
    for character in CHARACTERS.values():
        for carried in character.weapons:
            assert 30 <= WEAPONS[carried.weapon].base + carried.points <= 90, (character.id, carried.weapon)
