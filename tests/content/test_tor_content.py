"""Every record of the shipped One Ring content: references that resolve, and the house text's facts (Fend off and
Pierce by kind of weapon, shield bashes that hit for their parry bonus with injury 12, TN 20 minus the rating)."""

from __future__ import annotations

from typing import Any

import pytest

from estoc.content import load_folder, shipped_folder
from estoc.content.models import tor
from estoc.content.models.common import Record
from estoc.content.registry import Content

CONTENT = load_folder(shipped_folder())
SYSTEM = "tor"
KINDS = ("weapons", "armours", "shields", "heroes", "adversaries")


def records(kind: str) -> dict[str, Any]:
    return {record_id: item.record for record_id, item in CONTENT.kind(SYSTEM, kind).items()}


WEAPONS: dict[str, tor.Weapon] = records("weapons")
ARMOURS: dict[str, tor.Armour] = records("armours")
SHIELDS: dict[str, tor.Shield] = records("shields")
HEROES: dict[str, tor.Hero] = records("heroes")
ADVERSARIES: dict[str, tor.Adversary] = records("adversaries")
EVERY = [(kind, record) for kind in KINDS for record in records(kind).values()]

# The house text: "repositionnement" +1 with an axe or an improvised weapon, +2 a sword, +3 a spear;
# "perforation" +1 a sword, +2 a bow, +3 a spear. Every other kind gets nothing.
FEND_OFF = {"axe": 1, "improvised": 1, "sword": 2, "spear": 3}
PIERCE = {"sword": 1, "bow": 2, "spear": 3}
PROFICIENCY = {"sword": "epees", "axe": "haches", "spear": "lances", "bow": "arcs", "dagger": "bagarre",
               "club": "bagarre", "mace": "bagarre", "improvised": "bagarre", "shield": "bagarre"}
SHIELD_BASH_INJURY = 12
BASH_SUFFIX = "-coup"
TWO_HANDS_SUFFIX = "-a-deux-mains"
# Culture bases of starting heroes: endurance over Corps, hope over Cœur, parry over Esprit.
ENDURANCE_BASES, HOPE_BASES, PARRY_BASES = {18, 20, 22}, {6, 8, 10}, {10, 12, 14}


def bashed_shield(weapon: tor.Weapon) -> tor.Shield:
    """The shield a bash record is named after (``bouclier-coup`` → ``bouclier``)."""
    assert weapon.id.endswith(BASH_SUFFIX), weapon.id
    return SHIELDS[weapon.id.removesuffix(BASH_SUFFIX)]


def check_weapon(weapon: tor.Weapon) -> None:
    assert weapon.fend_off == FEND_OFF.get(weapon.kind, 0)
    assert weapon.pierce == PIERCE.get(weapon.kind, 0)
    assert weapon.proficiency == PROFICIENCY[weapon.kind]
    assert weapon.ranged == (weapon.kind == "bow")
    assert 1 <= weapon.damage <= 8 and 12 <= weapon.injury <= 20 and 0 <= weapon.load <= 4
    if weapon.kind == "shield":
        # The house text: a shield used as a weapon deals its parry bonus in damage, with an injury of 12.
        assert weapon.injury == SHIELD_BASH_INJURY
        assert weapon.damage == bashed_shield(weapon).parry
        assert not weapon.two_handed and weapon.load == 0
    if weapon.id.endswith(TWO_HANDS_SUFFIX):
        one_hand = WEAPONS[weapon.id.removesuffix(TWO_HANDS_SUFFIX)]
        assert weapon.two_handed and not one_hand.two_handed
        assert (weapon.kind, weapon.proficiency, weapon.damage, weapon.load) == (
            one_hand.kind, one_hand.proficiency, one_hand.damage, one_hand.load)
        assert weapon.injury > one_hand.injury


def check_armour(armour: tor.Armour) -> None:
    if armour.slot == "head":
        assert armour.protection == 1
    else:
        assert 1 <= armour.protection <= 4 and armour.load == 3 * armour.protection


def check_shield(shield: tor.Shield) -> None:
    assert 1 <= shield.parry <= 3 and shield.load == 2 * shield.parry
    bash = WEAPONS[shield.id + BASH_SUFFIX]
    assert bash.kind == "shield" and bash.damage == shield.parry


def check_hero(hero: tor.Hero) -> None:
    a = hero.attributes
    assert all(2 <= v <= 7 for v in (a.corps, a.coeur, a.esprit))
    tn = hero.target_numbers()
    assert (tn.corps, tn.coeur, tn.esprit) == (20 - a.corps, 20 - a.coeur, 20 - a.esprit)
    assert hero.endurance - a.corps in ENDURANCE_BASES
    assert hero.hope is not None and hero.hope - a.coeur in HOPE_BASES
    assert hero.parry - a.esprit in PARRY_BASES
    assert 1 <= hero.valour <= 3 and 0 <= hero.war_songs <= 2
    assert set(hero.skills) <= set(tor.TASK_SKILLS) and all(1 <= v <= 4 for v in hero.skills.values())
    if hero.skills.get("chant"):
        # Encourager needs an unsung war song.
        assert hero.war_songs >= 1
    assert len({w.weapon for w in hero.weapons}) == len(hero.weapons)
    by_proficiency: dict[str, set[int]] = {}
    for carried in hero.weapons:
        weapon = WEAPONS[carried.weapon]
        assert 1 <= carried.rating <= 4
        by_proficiency.setdefault(weapon.proficiency, set()).add(carried.rating)
        if weapon.kind == "shield":
            assert hero.shield == weapon.id.removesuffix(BASH_SUFFIX), (hero.id, weapon.id)
        if weapon.ranged:
            # A hero with a bow can take aim (Inspection) from the rearward stance.
            assert hero.skills.get("inspection", 0) >= 1
    # A rating belongs to the proficiency: every weapon of one proficiency shares it.
    assert all(len(ratings) == 1 for ratings in by_proficiency.values()), by_proficiency
    assert any(not WEAPONS[w.weapon].ranged for w in hero.weapons)
    if hero.armour is not None:
        assert ARMOURS[hero.armour].slot == "body"
    if hero.helm is not None:
        assert ARMOURS[hero.helm].slot == "head"
    if hero.shield is not None:
        assert hero.shield in SHIELDS
        # A shield leaves one hand: some weapon must fit in the other.
        assert any(not WEAPONS[w.weapon].two_handed and WEAPONS[w.weapon].kind != "shield" for w in hero.weapons)


def check_adversary(adversary: tor.Adversary) -> None:
    assert 1 <= adversary.attribute_level <= 10 and 1 <= adversary.might <= 3
    assert 0 <= adversary.parry <= 4 and 0 <= adversary.armour <= 4
    assert adversary.endurance >= 2 * adversary.attribute_level
    for carried in adversary.weapons:
        weapon = WEAPONS[carried.weapon]
        assert 1 <= carried.rating <= 4
        assert (carried.damage if carried.damage is not None else weapon.damage) >= 1
        assert 12 <= (carried.injury if carried.injury is not None else weapon.injury) <= 20
    assert len({w.weapon for w in adversary.weapons}) == len(adversary.weapons)
    assert any(not WEAPONS[w.weapon].ranged for w in adversary.weapons)


CHECKS: dict[str, Any] = {"weapons": check_weapon, "armours": check_armour, "shields": check_shield,
                          "heroes": check_hero, "adversaries": check_adversary}


@pytest.mark.parametrize(("kind", "record"), EVERY, ids=[f"{kind}:{record.id}" for kind, record in EVERY])
def test_every_record(kind: str, record: Record) -> None:
    assert record.id.isascii() and record.name.fr and record.name.en
    CHECKS[kind](record)


def test_every_kind_is_shipped(content: Content) -> None:
    counts = {kind: len(content.kind(SYSTEM, kind)) for kind in KINDS}
    assert counts["weapons"] >= 20 and counts["armours"] == 5 and counts["shields"] == 3
    assert counts["heroes"] >= 5 and counts["adversaries"] >= 6
    assert content.get(SYSTEM, "heroes", "eirik-de-dale", tor.Hero).shield == "bouclier"
    assert {"orc-soldat", "orc-archer", "chef-orque", "loup-sauvage", "troll-des-cavernes", "gobelin",
            "brigand"} <= set(ADVERSARIES)


def test_every_kind_of_weapon_is_covered() -> None:
    assert {w.kind for w in WEAPONS.values()} >= {"sword", "axe", "spear", "bow", "dagger", "club", "improvised",
                                                  "shield"}
    assert {"epees", "haches", "lances", "arcs", "bagarre"} == {w.proficiency for w in WEAPONS.values()}
    assert {WEAPONS[s + BASH_SUFFIX].damage for s in SHIELDS} == {1, 2, 3}


def test_the_games_facts() -> None:
    def stats(weapon_id: str) -> tuple[int, int]:
        return WEAPONS[weapon_id].damage, WEAPONS[weapon_id].injury

    assert stats("dague") == (2, 12) and stats("gourdin") == (3, 12) and stats("epee") == (4, 16)
    assert stats("hache") == (5, 18) and stats("grande-hache") == (7, 20) and stats("arc") == (3, 14)
    assert [ARMOURS[a].protection for a in ("manteau-de-cuir", "corselet-de-cuir", "chemise-de-mailles",
                                            "cotte-de-mailles")] == [1, 2, 3, 4]
    assert [SHIELDS[s].parry for s in ("rondache", "bouclier", "grand-bouclier")] == [1, 2, 3]
    assert ADVERSARIES["chef-orque"].might == 2 and ADVERSARIES["troll-des-cavernes"].might == 3
    troll_damage = max(w.damage or WEAPONS[w.weapon].damage for w in ADVERSARIES["troll-des-cavernes"].weapons)
    assert troll_damage > max(w.damage for w in WEAPONS.values())


def test_every_task_skill_is_somebodys() -> None:
    """The sample heroes between them can attempt every combat task of the house text."""
    assert {skill for hero in HEROES.values() for skill, rating in hero.skills.items() if rating} == set(
        tor.TASK_SKILLS)
