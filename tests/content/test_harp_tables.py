"""Properties of the shipped HARP content: consistent attack tables, complete critical tables, sound references,
and a bestiary whose every creature points at records that exist."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterator
from itertools import pairwise
from typing import Any

import pytest
from pydantic import BaseModel

from estoc.content import load_folder, shipped_folder
from estoc.content.models import harp
from estoc.content.models import harp_creatures as beasts
from estoc.content.models.common import Text

CONTENT = load_folder(shipped_folder())
SYSTEM = "harp"


def records(kind: str) -> dict[str, Any]:
    return {record_id: item.record for record_id, item in CONTENT.kind(SYSTEM, kind).items()}


ARMOURS: dict[str, harp.Armour] = records("armours")
SHIELDS: dict[str, harp.Shield] = records("shields")
WEAPONS: dict[str, harp.Weapon] = records("weapons")
ATTACK: dict[str, harp.AttackTable] = records("attack-tables")
CRITICAL: dict[str, harp.CriticalTable] = records("critical-tables")
NATURAL: dict[str, beasts.NaturalArmour] = records("natural-armours")
SIZES: dict[str, beasts.CreatureSizeRule] = records("creature-sizes")
CREATURES: dict[str, beasts.Creature] = records("creatures")
RANK = {None: 0, "A": 1, "B": 2, "C": 3, "D": 4, "E": 5}
MONSTER_TABLES = {"becs-et-pinces", "belier-et-poussee", "broyage-et-chute", "cornes-et-defenses", "griffes",
                  "morsures", "pietinement", "piqures"}
MAGIC_TABLES = {"magie-chaleur", "magie-froid", "magie-electricite", "magie-impact"}
GRAPPLING_TABLES = {"filets-lasso", "lutte"}
"""A creature that wraps or seizes its prey reads a grappling table."""
WEAPON_TABLES = set(ATTACK) - MONSTER_TABLES - MAGIC_TABLES

REQUIRED = {
    "armours": {"tissu", "plates"},
    "shields": {"pavois", "ecu", "bouclier-rond", "rondache", "targe"},
    "weapons": {"dague", "epee-courte", "epee", "epee-a-deux-mains", "hache", "hache-de-bataille", "masse",
                "lance", "hallebarde", "arc-court", "arc-long", "arbalete-legere", "fronde"},
    "attack-tables": {"masses-1m", "arcs", "arbaletes", "filets-lasso", "lames-2m", "lames-1m", "pointes", "hast",
                      "lames-courtes", "masses-2m", "am-coups", "am-balayages", "lutte", *MONSTER_TABLES,
                      *MAGIC_TABLES},
    "critical-tables": {"tranchant", "contondant", "perforant", "lutte-saisie", "arts-martiaux", "froid",
                        "chaleur", "electricite", "impact", "tueur", "poison"},
    "fumble-tables": {"maladresses"},
    "manoeuvre-tables": {"manoeuvres"},
    "cover": {"demi-couvert-vulnerable", "demi-couvert-resistant", "couvert-total-vulnerable",
              "couvert-total-resistant"},
    "natural-armours": {"peau-mince", "fourrure", "peau-epaisse", "cuir-naturel", "ecailles-legeres", "carapace"},
    "creature-sizes": {"tres-petite", "petite", "moyenne", "grande", "enorme"},
    "creatures": {"orque", "uruk", "chef-orque", "gobelin", "troll-des-collines", "troll-de-pierre", "loup", "warg",
                  "ours-noir", "sanglier", "grand-felin", "araignee-geante", "scarabee-geant", "aigle",
                  "cheval-leger", "cheval-de-guerre", "poney", "chien-de-selle", "mule", "squelette",
                  "etre-des-tertres", "jeune-dragon", "geant-des-collines", "chauve-souris-geante", "crocodile"},
}
DEFAULT_CRITICAL = {
    "lames-1m": "tranchant", "lames-2m": "tranchant", "lames-courtes": "tranchant",
    "masses-1m": "contondant", "masses-2m": "contondant",
    "arcs": "perforant", "arbaletes": "perforant", "pointes": "perforant", "hast": "perforant",
    "filets-lasso": "lutte-saisie", "lutte": "lutte-saisie",
    "am-coups": "arts-martiaux", "am-balayages": "arts-martiaux",
    "becs-et-pinces": "perforant", "belier-et-poussee": "contondant", "broyage-et-chute": "contondant",
    "cornes-et-defenses": "perforant", "griffes": "tranchant", "morsures": "perforant", "pietinement": "contondant",
    "piqures": "perforant",
    "magie-chaleur": "chaleur", "magie-froid": "froid", "magie-electricite": "electricite", "magie-impact": "impact",
}


# --- ids -----------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("kind", sorted(REQUIRED))
def test_required_ids(kind: str) -> None:
    assert REQUIRED[kind] <= set(records(kind))


def test_ten_armour_types_rising() -> None:
    by_type = sorted(ARMOURS.values(), key=lambda a: a.type)
    assert [a.type for a in by_type] == list(range(1, 11))
    assert by_type[0].id == "tissu" and by_type[-1].id == "plates"
    for lighter, heavier in pairwise(by_type):
        assert heavier.db >= lighter.db
        assert heavier.manoeuvre_penalty_max <= lighter.manoeuvre_penalty_max
        assert heavier.manoeuvre_penalty_min <= lighter.manoeuvre_penalty_min
        assert heavier.casting_penalty <= lighter.casting_penalty
    assert by_type[-1].db > by_type[0].db


def test_armour_facts_of_the_bestiary() -> None:
    # an orc in mail defends at Type 8 with +25; a Type 10 hide is worth +35, as is any Type 10 armour
    assert (ARMOURS["cotte-de-mailles"].type, ARMOURS["cotte-de-mailles"].db) == (8, 25)
    assert ARMOURS["plates"].db == 35


def test_shield_facts() -> None:
    facts = {"pavois": (3, "front-side", "empty", True), "ecu": (2, "front-side", "empty", False),
             "bouclier-rond": (2, "front-side", "empty", False), "rondache": (2, "front", "object", False),
             "targe": (1, "front", "missile", False)}
    for shield_id, (attacks, arc, hand, grounded) in facts.items():
        shield = SHIELDS[shield_id]
        assert (shield.attacks_covered, shield.arc, shield.hand, shield.cover_when_grounded) == (
            attacks, arc, hand, grounded)
        assert shield.db_untrained < shield.db_trained


# --- attack tables -------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("table_id", sorted(ATTACK))
def test_attack_table_shape(table_id: str) -> None:
    table = ATTACK[table_id]
    assert len(table.rows) == harp.TABLE_ROWS
    assert all(len(row) == harp.ARMOUR_TYPES for row in table.rows)
    assert table.limits.large == harp.TABLE_ROWS
    assert table.limits.tiny < table.limits.small < table.limits.medium < table.limits.large
    assert all(cell.hits > 0 for row in table.rows for cell in row if cell.severity is not None)


@pytest.mark.parametrize("table_id", sorted(ATTACK))
def test_columns_never_fall(table_id: str) -> None:
    rows = ATTACK[table_id].rows
    for t in range(harp.ARMOUR_TYPES):
        for above, below in pairwise(rows):
            assert below[t].hits >= above[t].hits
            assert RANK[below[t].severity] >= RANK[above[t].severity]


@pytest.mark.parametrize("table_id", sorted(ATTACK))
def test_heavier_armour_never_worse(table_id: str) -> None:
    for row in ATTACK[table_id].rows:
        for lighter, heavier in pairwise(row):
            assert heavier.hits <= lighter.hits
            assert RANK[heavier.severity] <= RANK[lighter.severity]


@pytest.mark.parametrize("table_id", sorted(ATTACK))
def test_heavier_armour_criticals_later(table_id: str) -> None:
    rows = ATTACK[table_id].rows
    first = [next((r for r, row in enumerate(rows) if row[t].severity), 999) for t in range(harp.ARMOUR_TYPES)]
    assert first == sorted(first)
    assert first[0] < first[-1]
    assert rows[-1][0].severity is not None


def test_tables_differ_in_character() -> None:
    def hits(table_id: str, result: int, armour_type: int) -> int:
        return ATTACK[table_id].rows[result - 1][armour_type - 1].hits

    def first_crit(table_id: str, armour_type: int) -> int:
        rows = ATTACK[table_id].rows
        return next(r for r, row in enumerate(rows, start=1) if row[armour_type - 1].severity)

    assert first_crit("lames-courtes", 1) < first_crit("masses-1m", 1)
    assert first_crit("masses-1m", 10) < first_crit("lames-1m", 10)
    assert hits("masses-1m", 150, 10) > hits("lames-1m", 150, 10)
    assert hits("lutte", 150, 1) < hits("lames-1m", 150, 1) / 2
    assert hits("filets-lasso", 150, 1) < hits("arcs", 150, 1) / 2
    assert first_crit("filets-lasso", 1) < first_crit("arcs", 1)
    # monsters: crushing and trampling bodies hurt through any armour, stings hurt little but strike true
    assert hits("broyage-et-chute", 150, 10) > hits("griffes", 150, 10)
    assert hits("pietinement", 150, 10) > hits("morsures", 150, 10)
    assert hits("piqures", 150, 1) < hits("broyage-et-chute", 150, 1) / 2
    assert first_crit("piqures", 1) < first_crit("pietinement", 1)
    assert first_crit("griffes", 1) < first_crit("belier-et-poussee", 1)
    assert first_crit("belier-et-poussee", 10) < first_crit("griffes", 10)
    # electricity cares least about armour
    spread = {t: first_crit(t, 10) - first_crit(t, 1) for t in MAGIC_TABLES}
    assert min(spread, key=lambda t: spread[t]) == "magie-electricite"


def test_default_criticals() -> None:
    assert {table_id: table.critical for table_id, table in ATTACK.items()} == DEFAULT_CRITICAL
    assert all(table.critical in CRITICAL for table in ATTACK.values())


# --- weapons -------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("weapon_id", sorted(WEAPONS))
def test_weapon_references(weapon_id: str) -> None:
    weapon = WEAPONS[weapon_id]
    assert weapon.table in ATTACK
    assert ATTACK[weapon.table].critical in CRITICAL
    if weapon.critical:
        assert weapon.critical in CRITICAL
    if weapon.additional_critical:
        assert weapon.additional_critical.table in CRITICAL
    assert 0 <= weapon.fumble <= 10
    if weapon.missile:
        assert weapon.missile.range_increment * 10 == weapon.missile.max_range
        assert weapon.missile.point_blank_range <= weapon.missile.max_range


def test_every_weapon_table_has_a_weapon() -> None:
    assert {w.table for w in WEAPONS.values()} == WEAPON_TABLES
    assert not {w.table for w in WEAPONS.values()} & (MONSTER_TABLES | MAGIC_TABLES)


def test_monster_tables_limits() -> None:
    for table_id in MONSTER_TABLES | MAGIC_TABLES:
        limits = ATTACK[table_id].limits
        assert limits.large == harp.TABLE_ROWS
        assert limits.tiny < limits.small < limits.medium < limits.large


def test_spears_and_polearms_braced() -> None:
    assert {w.id for w in WEAPONS.values() if w.braced_vs_charge} >= {"lance", "hallebarde"}
    assert all(WEAPONS[w].kind == "missile" for w in ("arc-court", "arc-long", "arbalete-legere", "fronde"))
    assert WEAPONS["epee-a-deux-mains"].hands == 2


# --- critical tables -----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("table_id", sorted(CRITICAL))
def test_critical_columns_cover_each_roll_once(table_id: str) -> None:
    entries = CRITICAL[table_id].entries
    for severity in harp.SEVERITIES:
        covered = [0] * 101
        for entry in entries:
            if entry.severity == severity:
                covered[entry.roll_min:entry.roll_max + 1] = [c + 1 for c in covered[entry.roll_min:entry.roll_max + 1]]
        assert covered[1:] == [1] * 100, severity
        assert 15 <= sum(1 for e in entries if e.severity == severity) <= 20


def _entry(table_id: str, severity: str, roll: int) -> harp.CriticalEntry:
    return next(e for e in CRITICAL[table_id].entries
                if e.severity == severity and e.roll_min <= roll <= e.roll_max)


@pytest.mark.parametrize("table_id", sorted(CRITICAL))
def test_critical_effects_grow(table_id: str) -> None:
    entries = CRITICAL[table_id].entries
    mean_hits = [sum(e.effects.hits for e in entries if e.severity == s) for s in harp.SEVERITIES]
    assert mean_hits == sorted(mean_hits) and mean_hits[0] < mean_hits[-1]
    mild = _entry(table_id, "A", 1).effects
    assert mild.death is None and mild.stun == 0 and mild.bleed == 0 and mild.no_parry == 0
    assert _entry(table_id, "E", 100).effects.death is not None
    for entry in entries:
        if entry.effects.death is not None:
            assert entry.roll_min >= 91 and entry.severity in "CDE"
    for severity in harp.SEVERITIES:
        column = sorted((e for e in entries if e.severity == severity), key=lambda e: e.roll_min)
        hits = [e.effects.hits for e in column]
        assert hits == sorted(hits)


def test_critical_kinds() -> None:
    normal = {"tranchant", "contondant", "perforant", "lutte-saisie", "arts-martiaux"}
    assert {t.id for t in CRITICAL.values() if t.kind == "normal"} == normal
    assert {t.id for t in CRITICAL.values() if t.kind == "additional"} == set(CRITICAL) - normal


def test_critical_flavours() -> None:
    def all_effects(table_id: str) -> list[harp.Effects]:
        return [e.effects for e in CRITICAL[table_id].entries]

    assert not any(fx.bleed for fx in all_effects("lutte-saisie"))
    assert sum(fx.must_parry > 0 for fx in all_effects("lutte-saisie")) > 50
    assert sum(fx.bleed > 0 for fx in all_effects("tranchant")) > sum(fx.bleed > 0 for fx in all_effects("contondant"))
    assert sum(fx.stun > 0 for fx in all_effects("contondant")) > sum(fx.stun > 0 for fx in all_effects("tranchant"))
    assert sum(fx.knockdown for fx in all_effects("contondant")) > sum(fx.knockdown for fx in all_effects("tranchant"))
    assert sum(fx.penalty for fx in all_effects("perforant")) < sum(fx.penalty for fx in all_effects("tranchant"))


@pytest.mark.parametrize("table_id", ["tranchant", "perforant", "tueur"])
def test_bleeding_entries_say_so(table_id: str) -> None:
    for entry in CRITICAL[table_id].entries:
        if entry.effects.bleed and entry.effects.death is None:
            assert "sang" in entry.text.fr or "saign" in entry.text.fr, entry.text.fr
            assert "blood" in entry.text.en or "bleed" in entry.text.en, entry.text.en


@pytest.mark.parametrize("table_id", sorted(CRITICAL))
def test_death_entries_read_fatal(table_id: str) -> None:
    for entry in CRITICAL[table_id].entries:
        if entry.effects.death is not None:
            assert "mort" in entry.text.fr or "meurt" in entry.text.fr, entry.text.fr
            assert any(word in entry.text.en for word in ("dies", "death", "fatal", "mortally")), entry.text.en


# --- fumbles, manoeuvres, modifiers, cover -------------------------------------------------------------------------

def test_fumbles_cover_each_roll_once() -> None:
    table: harp.FumbleTable = records("fumble-tables")["maladresses"]
    covered = [r for e in table.entries for r in range(e.roll_min, e.roll_max + 1)]
    assert covered == list(range(1, 101))
    first, last = table.entries[0], table.entries[-1]
    assert first.effects.hits == 0 and first.lost_rounds == 0
    assert last.effects.hits > 0 and last.lost_rounds > 0


def test_manoeuvre_bands_contiguous() -> None:
    rows = records("manoeuvre-tables")["manoeuvres"].rows
    assert rows[0].min_total is None and rows[-1].max_total is None
    for before, after in pairwise(rows):
        assert before.max_total is not None and after.min_total == before.max_total + 1
        assert after.percent >= before.percent and after.bonus >= before.bonus
    for row in rows[1:-1]:
        assert row.min_total is not None and row.max_total is not None and row.min_total <= row.max_total
    assert rows[0].bonus < 0 and rows[-1].bonus > 0 and rows[-1].percent >= 100


def test_position_exclusive_pairs() -> None:
    groups: dict[str, list[str]] = defaultdict(list)
    for bonus in records("position-bonuses").values():
        if bonus.exclusive:
            groups[bonus.exclusive].append(bonus.id)
    assert len(groups) == 2
    assert all(len(ids) == 2 for ids in groups.values())
    assert len(records("position-bonuses")) >= 6
    assert len(records("initiative-modifiers")) >= 8


def test_cover_ordering() -> None:
    cover = {(c.extent, c.material): c for c in records("cover").values()}
    for extent in ("half", "full"):
        assert cover[extent, "resistant"].melee > cover[extent, "vulnerable"].melee
        assert cover[extent, "resistant"].missile > cover[extent, "vulnerable"].missile
    for material in ("vulnerable", "resistant"):
        assert cover["full", material].melee > cover["half", material].melee
        assert cover["full", material].missile > cover["half", material].missile


# --- natural armours, creature sizes -----------------------------------------------------------------------------

def test_natural_armours_match_worn_armours() -> None:
    worn_db = {a.type: a.db for a in ARMOURS.values()}
    assert {n.type for n in NATURAL.values()} == set(range(1, harp.ARMOUR_TYPES + 1))
    for natural in NATURAL.values():
        assert natural.db == worn_db[natural.type], natural.id
    by_type = sorted(NATURAL.values(), key=lambda n: n.type)
    assert all(lighter.db <= heavier.db for lighter, heavier in pairwise(by_type))


def test_natural_armour_facts() -> None:
    facts = {"peau-mince": (1, 0), "fourrure": (2, 5), "peau-epaisse": (3, 10)}
    for armour_id, (armour_type, db) in facts.items():
        assert (NATURAL[armour_id].type, NATURAL[armour_id].db) == (armour_type, db)
    assert any((n.type, n.db) == (10, 35) for n in NATURAL.values())


def test_creature_sizes() -> None:
    rules = sorted(SIZES.values(), key=lambda r: r.rank)
    assert [r.size for r in rules] == list(beasts.CREATURE_SIZES)
    assert [r.rank for r in rules] == list(range(len(beasts.CREATURE_SIZES)))
    assert [r.critical_reduction for r in rules] == [0, 0, 0, 1, 2]
    assert SIZES["grande"].size == "large" and SIZES["grande"].endurance_bonus == 60
    assert SIZES["enorme"].size == "huge"
    bonuses = [r.endurance_bonus for r in rules]
    assert bonuses == sorted(bonuses) and len(set(bonuses)) == len(bonuses)


# --- creatures -----------------------------------------------------------------------------------------------------

def _size_index(size: beasts.CreatureSize) -> int:
    return beasts.CREATURE_SIZES.index(size)


@pytest.mark.parametrize("creature_id", sorted(CREATURES))
def test_creature_references(creature_id: str) -> None:
    creature = CREATURES[creature_id]
    assert creature.natural_armour in NATURAL
    assert creature.armour is None or creature.armour in ARMOURS
    assert creature.shield is None or creature.shield in SHIELDS
    assert creature.size in {rule.size for rule in SIZES.values()}
    for attack in creature.attacks:
        if attack.kind == "weapon":
            assert attack.weapon in WEAPONS, attack.weapon
            table = WEAPONS[str(attack.weapon)].table
        else:
            assert attack.table in ATTACK, attack.table
            table = str(attack.table)
        assert ATTACK[table].critical in CRITICAL
        if attack.additional_critical:
            assert attack.additional_critical.table in CRITICAL
            assert CRITICAL[attack.additional_critical.table].kind == "additional"


@pytest.mark.parametrize("creature_id", sorted(CREATURES))
def test_creature_attacks_read_the_right_tables(creature_id: str) -> None:
    for attack in CREATURES[creature_id].attacks:
        if attack.kind == "natural":
            assert attack.table in MONSTER_TABLES | GRAPPLING_TABLES, attack.table
        elif attack.kind == "breath":
            assert attack.table in MAGIC_TABLES and attack.uses is not None
        elif attack.kind == "web":
            assert attack.table == "filets-lasso"
        if attack.kind != "breath":
            assert attack.area == "single"


@pytest.mark.parametrize("creature_id", sorted(CREATURES))
def test_natural_attacks_no_larger_than_the_creature(creature_id: str) -> None:
    creature = CREATURES[creature_id]
    for attack in creature.attacks:
        if attack.kind != "weapon":
            assert attack.size in harp.ATTACK_SIZES
            assert harp.ATTACK_SIZES.index(attack.size) <= _size_index(creature.size), attack.name.en


@pytest.mark.parametrize("creature_id", sorted(CREATURES))
def test_creature_texts_and_ranges(creature_id: str) -> None:
    creature = CREATURES[creature_id]
    assert creature.name.fr.strip() and creature.name.en.strip()
    assert creature.description is not None
    assert creature.description.fr.strip() and creature.description.en.strip()
    assert creature.description.fr != creature.description.en
    assert 1 <= creature.level <= 20
    stats = creature.stats.model_dump().values()
    assert all(-30 <= value <= 50 for value in stats)
    assert re.fullmatch(r"\d+(-\d+)?", creature.number_encountered)
    specials = [a.id for a in creature.special_abilities]
    assert len(set(specials)) == len(specials)
    assert not set(specials) & set(creature.abilities)
    assert len(set(creature.abilities)) == len(creature.abilities)
    if creature.innate_powers:
        assert 1 <= sum(p.signature for p in creature.innate_powers) <= 3


def test_creature_facts_of_the_text() -> None:
    bear = CREATURES["ours-noir"]
    assert (bear.level, bear.size, bear.stats.st, bear.stats.ag) == (5, "large", 15, 10)
    assert bear.attacks[0].table == "griffes" and "morsures" in {a.table for a in bear.attacks}
    horse = CREATURES["cheval-leger"]
    assert (horse.level, horse.size, horse.stats.co, horse.stats.sd) == (4, "large", 7, 5)
    assert {a.table for a in horse.attacks} == {"pietinement", "belier-et-poussee"}
    troll = NATURAL[CREATURES["troll-de-pierre"].natural_armour]
    assert (troll.type, troll.db) == (10, 35)
    assert "sensibilite-soleil" in CREATURES["troll-de-pierre"].abilities
    assert NATURAL[CREATURES["orque"].natural_armour].type == 1
    assert CREATURES["troll-des-collines"].size == "large" and CREATURES["troll-de-pierre"].size == "large"


def test_mounts() -> None:
    for mount_id in ("cheval-leger", "cheval-de-guerre", "poney", "mule"):
        mount = CREATURES[mount_id]
        assert mount.natural_armour == "peau-epaisse" and "instinct-de-survie" in mount.abilities
        assert {a.table for a in mount.attacks} >= {"pietinement", "belier-et-poussee"}
    assert CREATURES["poney"].size == "medium"
    dog = CREATURES["chien-de-selle"]
    assert (dog.natural_armour, dog.innate_dodge, dog.size) == ("fourrure", "minor", "medium")
    assert dog.attacks[0].table == "morsures" and "instinct-de-survie" in dog.abilities


def test_creatures_cover_the_rules() -> None:
    used = {ability for c in CREATURES.values() for ability in c.abilities}
    assert used >= {"vol", "aquatique", "regeneration", "force-devastatrice", "instinct-de-survie",
                    "sensibilite-soleil", "immunite-etourdissement", "capacites-portage", "detection-creatures"}
    tables = {a.table for c in CREATURES.values() for a in c.attacks if a.table}
    assert tables >= MONSTER_TABLES
    assert {c.size for c in CREATURES.values()} == set(beasts.CREATURE_SIZES)
    assert {c.innate_dodge for c in CREATURES.values()} >= {"none", "minor", "major"}
    assert "force-devastatrice" in CREATURES["geant-des-collines"].abilities
    assert CREATURES["grand-felin"].innate_dodge == "major"
    beetle = CREATURES["scarabee-geant"]
    assert beetle.innate_dodge == "none" and "instinct-de-survie" not in beetle.abilities
    assert NATURAL[beetle.natural_armour].type >= 7
    assert "vol" in CREATURES["aigle"].abilities and "vol" in CREATURES["chauve-souris-geante"].abilities
    assert CREATURES["chauve-souris-geante"].size == "small"
    assert "aquatique" in CREATURES["crocodile"].abilities


def test_dragon_and_venom() -> None:
    dragon = CREATURES["jeune-dragon"]
    assert dragon.size == "huge" and dragon.innate_powers
    breath = next(a for a in dragon.attacks if a.kind == "breath")
    assert (breath.table, breath.area, breath.uses) == ("magie-chaleur", "cone", 3)
    assert {"griffes", "morsures"} <= {a.table for a in dragon.attacks}
    spider = CREATURES["araignee-geante"]
    bite = next(a for a in spider.attacks if a.table == "morsures")
    assert bite.additional_critical is not None and bite.additional_critical.table == "poison"
    assert any(a.kind == "web" for a in spider.attacks)


def test_undead() -> None:
    undead = {c.id: c for c in CREATURES.values() if c.undead_class is not None}
    assert {"squelette", "etre-des-tertres"} <= set(undead)
    assert undead["squelette"].undead_class == 1
    assert undead["squelette"].attacks[0].kind == "weapon"
    for creature in undead.values():
        assert "immunite-etourdissement" in creature.abilities


# --- every record --------------------------------------------------------------------------------------------------

def _texts(value: Any) -> Iterator[Text]:
    if isinstance(value, Text):
        yield value
    elif isinstance(value, BaseModel):
        for name in type(value).model_fields:
            yield from _texts(getattr(value, name))
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _texts(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _texts(item)


ALL = sorted(((f"{system}/{kind}/{record_id}", item.record)
              for (system, kind), items in CONTENT.records.items() for record_id, item in items.items()),
             key=lambda pair: pair[0])


@pytest.mark.parametrize(("key", "record"), ALL, ids=[key for key, _ in ALL])
def test_record_validates_in_both_languages(key: str, record: BaseModel) -> None:
    again = type(record).model_validate(record.model_dump(by_alias=True))  # Stats spells Intuition "in"
    assert again == record
    name = getattr(record, "name", None)
    assert isinstance(name, Text) and name.fr.strip() and name.en.strip()
    texts = list(_texts(record))
    assert texts
    assert all(t.fr.strip() and t.en.strip() for t in texts)
