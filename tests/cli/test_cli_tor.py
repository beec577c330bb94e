"""``--system tor`` on the command line: an attack with typed dice, its exact odds, bad input."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import pytest
from tests.cli_helpers import run

GUE = Path(str(resources.files("estoc.play").joinpath("samples", "gue.yaml")))


def test_a_typed_piercing_blow_with_a_spear(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "attack", "--system", "tor", "--attacker", "maelor-le-rodeur", "--defender",
                       "orc-soldat", "--roll", "8", "--success-roll", "6", "--success-roll", "4",
                       "--success-roll", "2", "--special", "pierce", "--protection-roll", "3",
                       "--protection-roll", "1", "--protection-roll", "2", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["success"] and data["tengwar"] == 1 and data["special"] == "pierce"
    assert data["piercing"] and data["wounded"]  # 3 + 1 + 2 = 6 never reaches the spear's injury
    assert [r["purpose"] for r in data["rolls"]] == ["attack", "attack-success", "protection",
                                                      "protection-success"]


def test_narrated_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--lang", "fr", "attack", "--system", "tor", "--attacker", "orc-soldat",
                       "--defender", "eirik-de-dale", "--roll", "12", "--success-roll", "1", "--success-roll", "1",
                       "--protection-roll", "11", "--protection-roll", "1", "--protection-roll", "1",
                       "--protection-roll", "1", "--protection-roll", "1")
    assert code == 0 and "rune de Gandalf" in out and "endurance" in out


def test_odds_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "odds", "attack", "--system", "tor", "--attacker", "grani-barbe-grise",
                       "--defender", "troll-des-cavernes", "--favoured", "--json")
    data = json.loads(out)
    assert code == 0 and data["attack"]["mode"] == "favoured"
    assert sum(data["endurance"].values()) == pytest.approx(1)
    assert sum(data["by_tengwar"].values()) == pytest.approx(data["success"])


@pytest.mark.parametrize(("args", "needle"), [
    (["--attacker", "eirik-de-dale"], "--defender"),
    (["--attacker", "eirik-de-dale", "--defender", "faelwen-de-lindon"], "adversary"),
    (["--attacker", "eirik-de-dale", "--defender", "orc-soldat", "--special", "magie"], "--special"),
    (["--attacker", "eirik-de-dale", "--defender", "orc-soldat", "--ob", "40"], "--ob"),
    (["--attacker", "eirik-de-dale", "--defender", "orc-soldat", "--skill", "40"], "--skill"),
    (["--attacker", "eirik-de-dale", "--defender", "personne"], "personne"),
    (["--attacker", "eirik-de-dale", "--defender", "orc-soldat", "--parry-bonus", "12"], "--parry-bonus"),
])
def test_bad_input(capsys: pytest.CaptureFixture[str], args: list[str], needle: str) -> None:
    for command in (["attack"], ["odds", "attack"]):
        code, out, err = run(capsys, *command, "--system", "tor", *args)
        assert code == 2 and out == "" and needle in err and "Traceback" not in err


def test_a_tor_fight_from_a_script(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    script = tmp_path / "combat.txt"
    script.write_text("auto\nmelee\nposition grani-barbe-grise defensive\ncombattre\nauto fin tout\n",
                      encoding="utf-8")
    code, out, _ = run(capsys, "--lang", "fr", "run", str(GUE), "--no-ask", "--script", str(script), "--db",
                       str(tmp_path / "f.db"), "--seed", "5")
    assert code == 0 and "Volées initiales" in out and "Engagés" in out and "Après" in out


@pytest.mark.parametrize(("lang", "script", "back", "wrong"), [
    ("en", "auto end all\nundo\n", "Now the opening volleys, before round 1.", "Now round 0"),
    ("fr", "auto fin tout\nannuler\n", "Maintenant les volées d'ouverture, avant le round 1.", "Maintenant round 0"),
])
def test_undoing_auto_end_goes_back_to_the_opening_volleys(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                           lang: str, script: str, back: str, wrong: str) -> None:
    """The whole of « auto end all » taken back: the fight is at its opening volleys (round 0 in its state), which the
    undo says; no rule book has a round 0."""
    path = tmp_path / "s.txt"
    path.write_text(script, encoding="utf-8")
    code, out, _ = run(capsys, "--lang", lang, "run", str(GUE), "--no-ask", "--script", str(path), "--db",
                       str(tmp_path / "f.db"),
                       "--seed", "5")
    assert code == 0 and back in out and wrong not in out


def test_a_bad_tor_encounter_writes_nothing(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(GUE.read_text(encoding="utf-8").replace("chef-orque", "balrog"), encoding="utf-8")
    script = tmp_path / "s.txt"
    script.write_text("auto fin\n", encoding="utf-8")
    code, out, err = run(capsys, "run", str(bad), "--no-ask", "--script", str(script), "--db", str(tmp_path / "f.db"))
    line = 1 + GUE.read_text(encoding="utf-8").splitlines().index("  - adversary: chef-orque")
    assert code == 2 and out == "" and "balrog" in err and f"bad.yaml:{line}" in err
    code, out, _ = run(capsys, "fight", "list", "--db", str(tmp_path / "f.db"))
    assert code == 0 and "No fight stored yet" in out


BARD = """\
schema_version: 1
system: tor
kind: encounter
name: {fr: Au gué, en: At the ford}
heroes:
  - stance: forward
    complication: 1
    sheet:
      id: bard
      name: {fr: Bard, en: Bard}
      attributes: {corps: 6, coeur: 5, esprit: 3}
      endurance: 26
      parry: 15
      weapons: [{weapon: epee, rating: 3}, {weapon: lance, rating: 1}]
      armour: chemise-de-mailles
      helm: casque
      shield: bouclier
      skills: {art-de-la-guerre: 1}
adversaries:
  - adversary: orc-soldat
volleys: false
"""
"""Bard carries a load of 22: mail shirt 9, helm 4, shield 4, sword 2, spear 3."""


def play_bard(capsys: pytest.CaptureFixture[str], tmp_path: Path, lines: list[str],
              *options: str) -> tuple[int, str, str, Path]:
    encounter, script, db = tmp_path / "bard.yaml", tmp_path / "bard.txt", tmp_path / "f.db"
    encounter.write_text(BARD, encoding="utf-8")
    script.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, err = run(capsys, *options, "run", str(encounter), "--no-ask", "--script", str(script), "--db", str(db))
    return code, out, err, db


@pytest.mark.parametrize(("lang", "lines", "phrases"), [
    ("en", ["fight", "drop helm", "complication bard 2", "task annuler-complication skill 12",
            "attack bard feat 1 dice 1 1 1", "fight", "pickup helm", "pass", "fight", "task reduire-charge weapon 2",
            "pass", "status"],
     ["Bard begins the fight under a complication: 1 die fewer", "Bard drops their helm: load 18.",
      "The complication now costs Bard 2 dice.", "Bard no longer faces a complication.",
      "Bard picks up their helm: load 22.", "Bard drops their spear: load 19.", "on the ground: weapon 2"]),
    ("fr", ["combattre", "lacher casque", "complication bard 2", "manoeuvre annuler-complication comp 12",
            "attaquer bard destin 1 maitrise 1 1 1", "combattre", "ramasser casque", "passer", "combattre",
            "manoeuvre reduire-charge arme 2", "passer", "situation"],
     ["Bard commence le combat avec une complication : 1 dé de moins",
      "Bard se déleste (casque au sol) : charge 18.", "La complication coûte désormais 2 dés à Bard.",
      "Bard n'a plus de complication.", "Bard ramasse son équipement (casque) : charge 22.",
      "Bard se déleste (lance au sol) : charge 19.", "au sol : arme 2"]),
])
def test_gear_and_complications_at_the_table(capsys: pytest.CaptureFixture[str], tmp_path: Path, lang: str,
                                             lines: list[str], phrases: list[str]) -> None:
    code, out, err, _db = play_bard(capsys, tmp_path, lines, "--lang", lang)
    assert code == 0, err
    for phrase in phrases:
        assert phrase in out, (phrase, out)


def test_drop_is_reduce_load_and_a_shield_by_either_word(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err, _db = play_bard(capsys, tmp_path, ["fight", "task reduire-charge bouclier", "pass", "pass",
                                                       "fight", "pickup shield", "pass", "fight",
                                                       "manoeuvre reduire-charge casque"], "--lang", "en")
    assert code == 0, err
    assert "Bard drops their shield: load 18." in out and "Bard picks up their shield: load 22." in out
    assert "Bard drops their helm: load 18." in out


@pytest.mark.parametrize(("line", "needle"), [
    ("drop cloak", "'cloak' is no item"),
    ("drop weapon", "weapon N"),
    ("drop helm shield", "one item at a time"),
    ("drop", "name an item"),
    ("drop weapon 7", "choose 1 to 2, not 7"),
    ("task reduire-charge", "name an item"),
    ("task reduire-charge casque puissant", "name an item"),
    ("pickup helm", "nothing to pick up"),
    ("pickup shield", "nothing to pick up"),
    ("complication bard -1", "0 to 6"),
    ("complication bard 9", "0 to 6"),
    ("complication bard deux", "whole number"),
    ("complication bard", "missing arguments"),
    ("complication bard 1", "already faces a complication of 1d"),
    ("complication orc-soldat 1", "adversary"),
    ("task prendre-avantage", "cancel it before gaining the advantage"),
    ("task annuler-complication orc-soldat", "companion"),
])
def test_bad_gear_and_complication_lines_write_nothing(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                       line: str, needle: str) -> None:
    from estoc.play.store import EventStore

    code, _out, err, db = play_bard(capsys, tmp_path, ["fight", line])
    assert code == 2 and ":2:" in err and needle in err and "Traceback" not in err, err
    assert len(err.strip().splitlines()) == 1
    with EventStore(db) as store:
        assert [e["type"] for e in store.events("1")] == ["begin", "fight"]


def test_a_face_typed_ahead_and_not_needed_is_said_and_dropped(capsys: pytest.CaptureFixture[str],
                                                                tmp_path: Path) -> None:
    """A die typed « just in case » that the command did not need no longer refuses it: told, and dropped."""
    from estoc.play.store import EventStore

    code, out, err, db = play_bard(capsys, tmp_path, ["fight", "drop helm skill 5"], "--lang", "en")
    assert code == 0, err
    assert "Not needed, dropped: task roll: 5." in out and "Bard drops their helm" in out
    with EventStore(db) as store:
        stored = store.events("1")[-1]
    assert stored["type"] == "task" and "typed" not in stored  # (the face dropped is not kept as typed)


@pytest.mark.parametrize(("change", "needle"), [
    (("complication: 1", "complication: 9"), "complication"),
    (("complication: 1", "complication: deux"), "complication"),
    (("volleys: false", "volleys: false\nsettings: {load: peut-etre}"), "load"),
])
def test_a_bad_complication_or_load_setting_writes_nothing(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                           change: tuple[str, str], needle: str) -> None:
    bad, script, db = tmp_path / "bad.yaml", tmp_path / "s.txt", tmp_path / "f.db"
    bad.write_text(BARD.replace(*change), encoding="utf-8")
    script.write_text("fight\n", encoding="utf-8")
    code, out, err = run(capsys, "run", str(bad), "--no-ask", "--script", str(script), "--db", str(db))
    assert code == 2 and out == "" and needle in err and "bad.yaml:" in err and "Traceback" not in err
    code, out, _ = run(capsys, "fight", "list", "--db", str(db))
    assert code == 0 and "No fight stored yet" in out
