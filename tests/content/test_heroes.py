"""Every hero shipped becomes a combatant: OB the sum of its parts, a DB, the shield only with a hand free."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest

from estoc.content.loader import load_file
from estoc.content.models import harp
from estoc.content.models.harp_heroes import Hero
from estoc.content.registry import Content, load_folder, shipped_folder
from estoc.dice import SeededDice
from estoc.errors import ContentError, InputError, UnknownIdError
from estoc.systems.harp.exchange import Combatant
from estoc.systems.harp.heroes import combatant_for, combatant_from_hero, hero_defence, shield_usable
from estoc.systems.harp.tables import HarpTables
from harp_kernel_helpers import World

EXTRA = Path(str(resources.files("estoc.play").joinpath("samples", "heroes-extra.yaml")))
SHIPPED = [item.record for item in load_folder(shipped_folder()).kind("harp", "heroes").values()]
HEROES: list[Hero] = [h for h in (*SHIPPED, *(item.record for item in load_file(EXTRA))) if isinstance(h, Hero)]


def test_samples_are_there() -> None:
    assert len(SHIPPED) >= 4 and {h.id for h in HEROES} >= {"brundar", "halvard", "faralinde", "tamlin", "gandrel"}


@pytest.mark.parametrize("hero", HEROES, ids=lambda h: h.id)
def test_hero_becomes_combatant(hero: Hero, content: Content) -> None:
    for index, entry in enumerate(hero.weapons):
        fighter = combatant_from_hero(content, hero, index)
        assert fighter.id == hero.id and fighter.hp == hero.hp and fighter.body_rr == hero.resistances.body
        assert (fighter.quickness, fighter.intuition, fighter.agility) == (hero.stats.qu, hero.stats.in_,
                                                                          hero.stats.ag)
        assert fighter.db >= 0 and fighter.db == hero_defence(content, hero, index).total()
        assert fighter.armour_type == content.get("harp", "armours", hero.armour, harp.Armour).type
        # The weapon in hand strikes first, the others follow in the file's order.
        assert fighter.strikes[0].weapon == entry.weapon
        assert sorted(s.weapon or "" for s in fighter.strikes) == sorted(w.weapon for w in hero.weapons)
        for strike in fighter.strikes:
            carried = next(w for w in hero.weapons if w.weapon == strike.weapon)
            weapon = content.get("harp", "weapons", carried.weapon, harp.Weapon)
            assert strike.ob == carried.skill + carried.talents + weapon.ob_mod + carried.bonus
            assert strike.ob_breakdown is not None and strike.ob == strike.ob_breakdown.total
            assert (strike.table, strike.size, strike.fumble) == (weapon.table, weapon.size, weapon.fumble)
        assert 40 <= fighter.strikes[0].ob <= 95


@pytest.mark.parametrize("hero", HEROES, ids=lambda h: h.id)
def test_hero_fights(hero: Hero, content: Content, tables: HarpTables) -> None:
    fighter = combatant_from_hero(content, hero)
    orc = Combatant.from_content(content, "orque")
    world = World(tables, [fighter, orc])
    world.dice(SeededDice(7))
    out = world.strike(0, 1)
    assert out["attacker"] == hero.id and out["ob"] == fighter.strikes[0].ob
    assert (out["table"], out["size"]) == (fighter.strikes[0].table, fighter.strikes[0].size)
    back = world.strike(1, 0)
    assert back["defence"] == fighter.db


def test_two_handed_weapon_ignores_the_shield(content: Content) -> None:
    brundar = content.get("harp", "heroes", "brundar", Hero)
    axe, battle_axe = combatant_from_hero(content, brundar, 0), combatant_from_hero(content, brundar, 1)
    shield = content.get("harp", "shields", "bouclier-rond", harp.Shield)
    assert axe.db - battle_axe.db == shield.db_trained + brundar.shield_bonus
    gandrel = next(h for h in HEROES if h.id == "gandrel")
    great_sword, dagger = combatant_from_hero(content, gandrel, 0), combatant_from_hero(content, gandrel, 1)
    assert dagger.db - great_sword.db == content.get("harp", "shields", "ecu", harp.Shield).db_trained


def test_a_target_leaves_the_bow_its_hands(content: Content) -> None:
    bow = content.get("harp", "weapons", "arc-long", harp.Weapon)
    sword = content.get("harp", "weapons", "epee-a-deux-mains", harp.Weapon)
    target = content.get("harp", "shields", "targe", harp.Shield)
    buckler = content.get("harp", "shields", "rondache", harp.Shield)
    assert shield_usable(target, bow) and not shield_usable(target, sword) and not shield_usable(buckler, bow)
    archer = Hero.model_validate({"id": "archer", "name": {"fr": "Archer", "en": "Archer"}, "level": 1, "hp": 40,
                                  "weapons": [{"weapon": "arc-long", "skill": 40}], "shield": "targe"})
    assert combatant_from_hero(content, archer).db == target.db_untrained


def test_combatant_for(content: Content) -> None:
    assert combatant_for(content, "brundar").strikes[0].weapon == "hache"
    assert combatant_for(content, "dafur").id == "dafur"
    assert combatant_for(content, "orque", 3).hp > combatant_for(content, "orque").hp
    with pytest.raises(UnknownIdError, match="personne"):
        combatant_for(content, "personne")
    with pytest.raises(InputError):
        combatant_for(content, "brundar", 3)
    with pytest.raises(InputError):
        combatant_from_hero(content, content.get("harp", "heroes", "brundar", Hero), 5)


def test_hero_file_errors(tmp_path: Path) -> None:
    path = tmp_path / "heroes.yaml"
    path.write_text("schema_version: 1\nsystem: harp\nkind: heroes\nrecords:\n  - id: x\n    name: {fr: X, en: X}\n"
                    "    level: 1\n    hp: 0\n    weapons: []\n    stats: {in: 5, luck: 3}\n", encoding="utf-8")
    with pytest.raises(ContentError) as info:
        load_file(path)
    found = info.value.problems
    assert any(p.startswith(f"{path}:8: hp: ") for p in found)
    assert any(p.startswith(f"{path}:9: weapons: ") for p in found)
    assert any(p.startswith(f"{path}:10: stats.luck: ") for p in found)
