"""Encounter files: the sample, numbering, heroes from files, the setup's round trip, and every error told as
``file:line: field: message``."""

from __future__ import annotations

import json
import shutil
import textwrap
from importlib import resources
from pathlib import Path

import pytest

from estoc.content.registry import Content
from estoc.errors import ContentError
from estoc.i18n import _, set_language
from estoc.systems.harp.encounter import encounter_from_setup, load_encounter

SAMPLES = Path(str(resources.files("estoc.play").joinpath("samples")))
SAMPLE = SAMPLES / "embuscade.yaml"

HEAD = """\
schema_version: 1
system: harp
kind: encounter
name: {fr: Essai, en: Test}
"""

ORCS = """\
  - id: orques
    name: {fr: Les orques, en: The orcs}
    members:
      - creature: orque
"""

HERO_FILE = """\
schema_version: 1
system: harp
kind: heroes
records:
  - id: eorl
    name: {fr: Eorl, en: Eorl}
    level: 2
    hp: 50
    weapons:
      - {weapon: epee, skill: 50}
  - id: brego
    name: {fr: Brego, en: Brego}
    level: 2
    hp: 55
    weapons:
      - {weapon: lance, skill: 45}
"""


def write(folder: Path, body: str, name: str = "enc.yaml") -> Path:
    path = folder / name
    path.write_text(textwrap.dedent(body), encoding="utf-8")
    return path


def problems(path: Path, content: Content) -> list[str]:
    with pytest.raises(ContentError) as info:
        load_encounter(path, content)
    return info.value.problems


def line_of(path: Path, text: str) -> int:
    """The 1-based line of the first line of ``path`` holding ``text``."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if text in line:
            return number
    raise AssertionError(text)


def assert_problem(found: list[str], path: Path, line: int | None, field: str) -> None:
    where = f"{path}:{line}: {field}: " if line is not None else f"{path}: {field}: "
    assert any(p.startswith(where) for p in found), (where, found)


# --- the sample --------------------------------------------------------------------------------------------------

def test_sample_loads(content: Content) -> None:
    enc = load_encounter(SAMPLE, content)
    assert enc.name == {"fr": "Embuscade au gué", "en": "Ambush at the ford"}
    assert [s.id for s in enc.sides] == ["compagnie", "orques"]
    ids = [cid for cid, _side, _c in enc.combatants]
    assert ids == ["brundar", "halvard", "faralinde", "tamlin", "gandrel", "orque-1", "orque-2", "orque-3", "warg"]
    assert enc.sides[1].members == ["orque-1", "orque-2", "orque-3", "warg"]
    assert all(c.id == cid for cid, _side, c in enc.combatants)
    assert enc.side_of("gandrel") == "compagnie" and enc.side_of("warg") == "orques"
    assert enc.combatant("orque-2").name["en"] == "Orc 2"
    assert enc.modifiers.fight == -10 and enc.full_sun is False and enc.surprise == "orques"
    assert enc.settings.beyond_limit == "cap"


def test_sample_choices(content: Content) -> None:
    enc = load_encounter(SAMPLE, content)
    # Halvard starts with his sword in hand: it is his default strike, the bow follows.
    assert [s.weapon for s in enc.combatant("halvard").strikes] == ["epee", "arc-long"]
    # The warg is scaled to level 3: weaker than the bestiary's level-5 warg.
    plain = encounter_from_setup(
        {**enc.setup, "sides": [enc.setup["sides"][0], {"id": "orques", "members": [{"creature": "warg"}]}]},
        content)
    assert enc.combatant("warg").strikes[0].ob < plain.combatant("warg").strikes[0].ob
    assert plain.sides[1].name == {"fr": "orques", "en": "orques"}


def test_hero_from_file(content: Content) -> None:
    enc = load_encounter(SAMPLE, content)
    gandrel = enc.combatant("gandrel")
    assert gandrel.hp == 100 and gandrel.strikes[0].weapon == "epee-a-deux-mains"
    assert "gandrel" not in content.kind("harp", "heroes")


def test_setup_round_trip(content: Content, tmp_path: Path) -> None:
    for name in ("embuscade.yaml", "heroes-extra.yaml"):
        shutil.copy(SAMPLES / name, tmp_path / name)
    enc = load_encounter(tmp_path / "embuscade.yaml", content)
    (tmp_path / "heroes-extra.yaml").unlink()
    (tmp_path / "embuscade.yaml").unlink()
    setup = json.loads(json.dumps(enc.setup))
    assert "file" not in json.dumps(setup)
    again = encounter_from_setup(setup, content)
    assert again.combatants == enc.combatants
    assert again.sides == enc.sides and again.name == enc.name
    assert (again.modifiers, again.full_sun, again.surprise, again.settings) == (
        enc.modifiers, enc.full_sun, enc.surprise, enc.settings)
    assert again.setup == enc.setup


def test_setup_errors_name_no_line(content: Content) -> None:
    setup = load_encounter(SAMPLE, content).setup
    broken = {**setup, "sides": [setup["sides"][0], {"id": "orques", "members": [{"file": "x.yaml"}]}]}
    with pytest.raises(ContentError) as info:
        encounter_from_setup(broken, content)
    assert info.value.problems[0].startswith("<setup>: sides.1.members.0.file: ")


def test_ids_numbers_files_and_sheets(content: Content, tmp_path: Path) -> None:
    write(tmp_path, HERO_FILE, "riders.yaml")
    path = write(tmp_path, HEAD + textwrap.dedent("""\
        sides:
          - id: cavaliers
            members:
              - file: riders.yaml
                hero: brego
                id: brego-le-jeune
              - sheet:
                  id: hama
                  name: {fr: Háma, en: Háma}
                  level: 3
                  hp: 70
                  stats: {qu: 5, in: 10}
                  weapons: [{weapon: epee, skill: 60}]
              - hero: dafur
          - id: orques
            members:
              - creature: orque
                id: eclaireur
                count: 2
              - creature: orque
        """))
    enc = load_encounter(path, content)
    ids = [cid for cid, _side, _c in enc.combatants]
    assert ids == ["brego-le-jeune", "hama", "dafur", "eclaireur-1", "eclaireur-2", "orque"]
    assert enc.combatant("hama").intuition == 10
    again = encounter_from_setup(json.loads(json.dumps(enc.setup)), content)
    assert again.combatants == enc.combatants
    whole = write(tmp_path, HEAD + "sides:\n  - id: cavaliers\n    members:\n      - file: riders.yaml\n" + ORCS,
                  "whole.yaml")
    assert [cid for cid, _side, _c in load_encounter(whole, content).combatants] == ["eorl", "brego", "orque"]


# --- errors ------------------------------------------------------------------------------------------------------

def test_unknown_creature(content: Content, tmp_path: Path) -> None:
    path = write(tmp_path, HEAD + "sides:\n  - id: a\n    members:\n      - hero: dafur\n"
                 "  - id: b\n    members:\n      - creature: orque-x\n        count: 2\n")
    found = problems(path, content)
    assert_problem(found, path, line_of(path, "orque-x"), "sides.1.members.0.creature")
    assert "orque-x" in found[0]


def test_unknown_hero_and_weapon(content: Content, tmp_path: Path) -> None:
    path = write(tmp_path, HEAD + "sides:\n  - id: a\n    members:\n      - hero: personne\n"
                 "      - hero: brundar\n        weapon: arc-long\n" + ORCS)
    found = problems(path, content)
    assert_problem(found, path, line_of(path, "personne"), "sides.0.members.0.hero")
    assert_problem(found, path, line_of(path, "arc-long"), "sides.0.members.1.weapon")


def test_duplicate_ids(content: Content, tmp_path: Path) -> None:
    path = write(tmp_path, HEAD + "sides:\n  - id: a\n    members:\n      - hero: dafur\n      - hero: dafur\n"
                 "  - id: a\n    members:\n      - creature: orque\n        count: 2\n      - creature: orque\n"
                 "        id: orque-2\n")
    found = problems(path, content)
    assert_problem(found, path, 9, "sides.0.members.1")
    assert_problem(found, path, 10, "sides.1.id")
    assert_problem(found, path, 14, "sides.1.members.1")


def test_fewer_than_two_sides(content: Content, tmp_path: Path) -> None:
    path = write(tmp_path, HEAD + "sides:\n" + ORCS)
    assert_problem(problems(path, content), path, line_of(path, "sides:"), "sides")


def test_side_without_member(content: Content, tmp_path: Path) -> None:
    path = write(tmp_path, HEAD + "sides:\n  - id: a\n    members: []\n" + ORCS)
    assert_problem(problems(path, content), path, 7, "sides.0.members")


def test_bad_members(content: Content, tmp_path: Path) -> None:
    path = write(tmp_path, HEAD + textwrap.dedent("""\
        sides:
          - id: a
            members:
              - hero: dafur
                creature: orque
              - hero: dafur
                level: 3
              - file: heroes.yaml
                count: 2
              - creature: orque
                count: 0
              - creature: orque
                weapon: epee
              - {}
        """) + ORCS)
    found = problems(path, content)
    for j, line in enumerate((8, 10, 12, 15, 16, 18)):
        assert_problem(found, path, line, f"sides.0.members.{j}" + (".count" if j == 3 else ""))


def test_surprise_and_fields(content: Content, tmp_path: Path) -> None:
    path = write(tmp_path, HEAD + "sides:\n  - id: a\n    members:\n      - hero: dafur\n" + ORCS
                 + "surprise: personne\n")
    assert_problem(problems(path, content), path, line_of(path, "surprise"), "surprise")
    path = write(tmp_path, HEAD + "sides:\n  - id: a\n    members:\n      - hero: dafur\n" + ORCS
                 + "modifiers: {fog: -10}\nsettings: {beyond_limit: never}\nfull_sun: maybe\nweather: rain\n")
    found = problems(path, content)
    assert_problem(found, path, line_of(path, "fog"), "modifiers.fog")
    assert_problem(found, path, line_of(path, "never"), "settings.beyond_limit")
    assert_problem(found, path, line_of(path, "maybe"), "full_sun")
    assert_problem(found, path, line_of(path, "weather"), "weather")


def test_file_members(content: Content, tmp_path: Path) -> None:
    write(tmp_path, HERO_FILE.replace("weapon: lance", "weapon: lance-x"), "bad-ref.yaml")
    write(tmp_path, HERO_FILE.replace("hp: 55", "hp: 0"), "bad-value.yaml")
    write(tmp_path, "schema_version: 1\nsystem: harp\nkind: fighters\nrecords: []\n", "fighters.yaml")
    write(tmp_path, HERO_FILE, "riders.yaml")
    path = write(tmp_path, HEAD + textwrap.dedent("""\
        sides:
          - id: a
            members:
              - file: missing.yaml
              - file: fighters.yaml
              - file: riders.yaml
                hero: theoden
              - file: bad-ref.yaml
              - file: bad-value.yaml
        """) + ORCS)
    found = problems(path, content)
    assert_problem(found, path, 8, "sides.0.members.0.file")
    assert_problem(found, path, 9, "sides.0.members.1.file")
    assert_problem(found, path, 11, "sides.0.members.2.hero")
    # Faults inside a character file are told where they are.
    bad_ref = tmp_path / "bad-ref.yaml"
    assert any(p.startswith(f"{bad_ref}:{line_of(bad_ref, 'id: brego')}: ") and "lance-x" in p for p in found)
    bad_value = tmp_path / "bad-value.yaml"
    assert_problem(found, bad_value, line_of(bad_value, "hp: 0"), "hp")


def test_file_level_errors(content: Content, tmp_path: Path) -> None:
    path = write(tmp_path, "schema_version: 9\n" + HEAD.split("\n", 1)[1] + "sides: []\n")
    assert_problem(problems(path, content), path, 1, "schema_version")
    path = write(tmp_path, "sides: [a\n")
    assert problems(path, content)[0].startswith(f"{path}:")
    path = write(tmp_path, "- a list\n")
    assert problems(path, content)[0].startswith(f"{path}:1: ")
    path = write(tmp_path, "schema_version: 1\nsystem: harp\nkind: heroes\nname: {fr: a, en: a}\nsides: []\n")
    assert_problem(problems(path, content), path, 3, "kind")
    assert problems(tmp_path / "nowhere.yaml", content)[0].startswith(f"{tmp_path / 'nowhere.yaml'}: ")


def test_french(content: Content, tmp_path: Path) -> None:
    set_language("fr")
    path = write(tmp_path, "schema_version: 1\nsystem: harp\nkind: encounter\nsides:\n  - id: a\n    members:\n"
                 "      - creature: orque-x\n")
    found = problems(path, content)
    assert_problem(found, path, 1, "name")
    assert f"{path}:1: name: {_('this field is required')}" in found
    assert _("this field is required") != "this field is required"
    assert_problem(found, path, 4, "sides")
