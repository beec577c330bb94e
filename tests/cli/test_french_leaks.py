"""No English id in French output (issue 28): a whole scripted fight of each system played in French through the
command line (the GM's commands, help, undo, wrong input included), and every command's errors in French, searched
for the code's English ids (conditions, stances, sides, dice purposes, reaches…), pydantic's, YAML's and the
system's English phrases, and the French slips the issue found (a missing elision, a decimal point)."""

from __future__ import annotations

import io
import re
import shutil
from pathlib import Path

import pytest

from cli_helpers import run
from estoc.i18n import set_language
from estoc.systems.d100 import kernel as d100_kernel
from estoc.systems.d100.commands import REACH_WORDS
from estoc.systems.harp import kernel as harp_kernel
from estoc.systems.harp.gm import CONDITIONS
from estoc.systems.tor import kernel as tor_kernel
from estoc.systems.tor.fight import ADVERSARIES, HEROES
from estoc.systems.tor.names import AIMS, HOPE_USES, SPECIALS, STANCES

SAMPLES = Path(__file__).parents[2] / "src" / "estoc" / "play" / "samples"

FRENCH_TOO = {"initiative", "manoeuvre", "perception", "protection", "missile", "long", "auto", "fend", "regain"}
"""Ids that are also French words (or part of a sample's names: Brundar Fend-Roc): not searched for."""

GM_OPS = ("hp", "heal", "wake", "rest", "relieve", "fight-mod", "damage", "wound", "hope", "dying", "weary",
          "reinforce", "cover", "sun", "out", "back", "add", "sheet", "fatal")
"""The GM's override ops as the events store them (« MJ : hp / heal… » was told so), the One Ring's conditions and
the English command words of the GM's controls."""


def english_ids() -> set[str]:
    """Every English id of the code a French reader could meet, from the code itself."""
    words = {*CONDITIONS, *STANCES, HEROES, ADVERSARIES, *HOPE_USES, *AIMS, *SPECIALS, *GM_OPS,
             *REACH_WORDS.values()}
    for kernel in (harp_kernel, d100_kernel, tor_kernel):
        words |= set(kernel.PURPOSES)
    return words - FRENCH_TOO


PHRASES = ("Field required", "Input should", "should have at least", "Extra inputs", "validation error",
           "Value error", "Tuple should", "String should", "List should", "No such file", "Permission denied",
           "Not a directory", "Is a directory", "expected", "but found", "while parsing", "while scanning",
           "could not find", "not allowed here", "Traceback")
"""English phrases of pydantic, ruamel.yaml and the operating system."""

PLACE = re.compile(r"^(?:estoc: )?\S+\.ya?ml(?::\d+)?: (?:[\w.\[\]-]+: )?")
"""The ``file:line: field:`` head of a content error."""

SLIPS = {
    "a missing elision": re.compile(r"\b(?:de|que|le|la|ne|se) (?=[aeiouyéèêAEIOUYÉ])(?!yeux)"),
    "a decimal point": re.compile(r"(?<![\w.'])\d+\.\d+(?![\w.'])"),
    "a tie-breaker shown as an initiative": re.compile(r"(?<![\w/:.-])\d{5,}(?![\w/:.-])"),
}


def leaks(text: str) -> list[str]:
    """What in ``text`` is English or a French slip: each hit with its line."""
    found = []
    pattern = re.compile(r"(?<![\w'’/.-])(" + "|".join(sorted(map(re.escape, english_ids()), key=len, reverse=True))
                         + r")(?![\w'’-])", re.IGNORECASE)
    for line in text.splitlines():
        # A content error's place names the file's own keys (``heroes:``, ``count``): what the user wrote, kept.
        said = PLACE.sub("", line)
        found += [f"{hit.group(1)!r} in: {line.strip()}" for hit in pattern.finditer(said)]
        found += [f"{phrase!r} in: {line.strip()}" for phrase in PHRASES
                  if re.search(r"\b" + re.escape(phrase) + r"\b", said, re.IGNORECASE)]
        found += [f"{why} in: {line.strip()}" for why, slip in SLIPS.items() if slip.search(line)]
    return found


@pytest.fixture(autouse=True)
def french() -> object:
    set_language("fr")
    yield
    set_language(None)


COMMON = ["aide", "situation", "voler tout", "att", "attaqeur personne", "pdv", "xyz 1 2", "journal", "bilan"]
"""Lines every system's session gets: help, the board, unknown, ambiguous and misspelt words, missing arguments."""

REINFORCEMENTS = {
    "embuscade.yaml": "system: harp\nkind: reinforcements\nname: {fr: Renforts, en: Help}\n"
                      "sides:\n  - id: orques\n    members:\n      - {creature: orque, count: 2, id: renfort}\n",
    "pont.yaml": "system: d100\nkind: reinforcements\nname: {fr: Renforts, en: Help}\n"
                 "sides:\n  - id: brigands\n    members:\n      - {character: jacquot, id: jacquot-renfort}\n",
    "gue.yaml": "system: tor\nkind: reinforcements\nname: {fr: Renforts, en: Help}\n"
                "adversaries:\n  - {adversary: orc-soldat, id: renfort}\n",
}
"""A reinforcements' file for each sample fight (``{renforts}`` in its script); ``{ailleurs}`` is another system's,
``{casse}`` not an encounter, ``{absent}`` no file at all."""

SCRIPTS = {
    "embuscade.yaml": [
        *COMMON, "fiche orque-1", "fiche faralinde", "fiche", "fiche personne", "ajouter {renforts}",
        "ajouter {ailleurs}", "ajouter {casse}", "ajouter {absent}", "ajouter {renforts} orques",
        "ajouter orque orques comme orque-9", "ajouter orque orques comme orque-9", "ajouter licorne orques",
        "ajouter orque nulle-part", "ajouter orque orques niveau x", "couvert faralinde demi-couvert-vulnerable",
        "couvert faralinde aucun", "couvert faralinde", "distance faralinde faralinde 3", "distance faralinde x 3",
        "distance faralinde orque-1 -5", "pdv orque-2 abc", "degats personne 3", "surpris elfes", "soleil",
        "etat orque-1 volant 2", "etat orque-1 etourdi 1", "etat orque-1 saignement 2",
        "etat orque-1 a-terre 1", "etat orque-1 desarme 1", "etat orque-1 parade-obligatoire 1",
        "pdv orque-2 50", "degats orque-2 5", "soigner orque-2 3", "soulager orque-1 5", "modif orque-2 10",
        "modif-combat 5", "soleil oui", "soleil peut-etre", "surpris aucun", "surpris personne",
        "retirer orque-3", "revenir orque-3", "distance faralinde orque-1 12", "couvert faralinde mur",
        "attaquer orque-1 jet 101", "attaquer orque-1 jet 0", "passer jet 50 critique 7",
        "attaquer orque-1", "annuler", "refaire", "attaquer personne", "deplacer 7.5", "auto", "annuler",
        "auto tout", "auto fin", "attaquer orque-1", "auto fin tout", "bilan", "journal", "situation", "quitter",
    ],
    "gue.yaml": [
        *COMMON, "fiche eirik-de-dale", "fiche orc-soldat-1", "fiche", "fiche personne", "pdv eirik-de-dale 20",
        "endurance eirik-de-dale 22", "endurance eirik-de-dale beaucoup", "degats eirik-de-dale 3",
        "degats personne 3", "soigner eirik-de-dale 2", "soigner eirik-de-dale -2", "blessure eirik-de-dale 1",
        "blessure eirik-de-dale 1 grave", "blessure eirik-de-dale 0", "blessure grani-barbe-grise 1 fatale",
        "blessure grani-barbe-grise 0", "mourant grani-barbe-grise non", "mourant eirik-de-dale oui",
        "mourant eirik-de-dale non", "mourant eirik-de-dale peut-etre", "espoir eirik-de-dale 3",
        "espoir eirik-de-dale 99", "espoir orc-soldat-1 2", "etat eirik-de-dale las oui", "etat eirik-de-dale las non",
        "etat eirik-de-dale volant oui", "etat eirik-de-dale mourant", "retirer orc-soldat-6", "retirer orc-soldat-6",
        "revenir orc-soldat-6", "revenir orc-soldat-6", "ajouter orc-soldat comme orc-9",
        "ajouter orc-soldat comme orc-9",
        "ajouter licorne", "ajouter maelor-le-rodeur ouverte comme maelor-2", "ajouter maelor-le-rodeur nulle-part",
        "ajouter {renforts}", "ajouter {ailleurs}", "ajouter {casse}", "ajouter {absent}", "annuler",
        "tirer faelwen-de-lindon orc-soldat-1", "tirer faelwen-de-lindon personne", "melee",
        "position eirik-de-dale nulle-part", "position eirik-de-dale avancee", "position grani-barbe-grise arriere",
        "terrain libre", "terrain normal", "engager eirik-de-dale personne", "combattre", "manoeuvre voler",
        "manoeuvre proteger", "attaquer orc-soldat-1 destin 13", "passer maitrise 3 prot 4",
        "complication eirik-de-dale 1", "complication eirik-de-dale 0", "auto", "annuler",
        "refaire", "auto tout", "attaquer orc-soldat-1 puissant espoir", "auto fin", "ceder personne", "auto fin tout",
        "bilan",
        "journal", "situation", "quitter",
    ],
    "pont.yaml": [
        *COMMON, "fiche gorm", "fiche ysolde", "fiche", "fiche personne", "ajouter gorm brigands comme gorm-2",
        "ajouter gorm brigands comme gorm-2", "ajouter licorne brigands", "ajouter gorm nulle-part",
        "ajouter {renforts}", "ajouter {ailleurs}", "ajouter {casse}", "ajouter {absent}", "pdv gorm 10",
        "pdv gorm x", "pdv personne 3", "distance jacquot-1 ysolde 8", "distance jacquot-1 jacquot-1 3",
        "distance jacquot-1 ysolde -4", "distance jacquot-1", "distance jacquot-1 personne 5",
        "deplacer ysolde 7.5", "deplacer ysolde 12", "deplacer ysolde 90", "allonge ysolde partout",
        "allonge odon longue", "intention ysolde frapper le colosse", "genou gaspard", "actions",
        "pv gorm 10", "degats gorm 2", "soigner gorm 1", "reveiller gorm", "repos gorm semaines 2",
        "retirer jacquot-2", "revenir jacquot-2", "attaquer personne", "attaquer jacquot-1 jet 0 deg 99",
        "passer deg 3 bonus 2", "recharger", "degainer arme 9",
        "auto", "annuler", "refaire", "auto tout", "auto fin", "premiers-soins gorm", "auto fin tout", "bilan",
        "journal",
        "situation", "quitter",
    ],
}


@pytest.mark.parametrize("sample", sorted(SCRIPTS))
def test_a_whole_fight_in_french_has_no_english(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch, sample: str) -> None:
    files = {"renforts": REINFORCEMENTS[sample], "ailleurs": REINFORCEMENTS[
        "pont.yaml" if sample != "pont.yaml" else "gue.yaml"], "casse": "ce n'est pas une rencontre\n"}
    paths = {"absent": str(tmp_path / "absent.yaml")}
    for name, text in files.items():
        (tmp_path / f"{name}.yaml").write_text("schema_version: 1\n" + text, encoding="utf-8")
        paths[name] = str(tmp_path / f"{name}.yaml")
    script = [line.format(**paths) for line in SCRIPTS[sample]]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(script) + "\n"))
    code, out, err = run(capsys, "--lang", "fr", "fight", str(SAMPLES / sample), "--no-ask", "--db",
                         str(tmp_path / "f.db"),
                         "--seed", "4")
    assert code == 0, err
    assert "Le combat est terminé" in out  # (the whole fight was played)
    assert out.count("estoc: ") >= 8  # (the wrong lines were answered, one line each)
    assert "Fiche : " in out  # (a sheet was shown)
    assert leaks(out + err) == []


def _content_errors(tmp_path: Path) -> list[list[str]]:
    """Command lines that fail on bad files: missing, a folder, bad YAML, invalid records, unknown ids."""
    bad_yaml = tmp_path / "bad.yaml"
    bad_yaml.write_text("schema_version: 1\nsystem: harp\nkind: encounter\nname: x\nsides: [\n", encoding="utf-8")
    tabs = tmp_path / "tabs.yaml"
    tabs.write_text("schema_version: 1\nsystem: harp\n\tkind: encounter\n", encoding="utf-8")
    invalid_tor = tmp_path / "tor.yaml"
    invalid_tor.write_text("schema_version: 1\nsystem: tor\nkind: encounter\nname: x\nheroes: []\nadversaries:\n"
                           "  - {adversary: orc-soldat, count: deux, taille: 1}\n", encoding="utf-8")
    invalid_harp = tmp_path / "harp.yaml"
    invalid_harp.write_text("schema_version: 1\nsystem: harp\nkind: encounter\nname: {fr: x, en: x}\nsides:\n"
                            "  - id: a\n    name: {fr: A, en: A}\n    members: []\n"
                            "  - id: b\n    name: {fr: B, en: B}\n    members:\n      - creature: licorne\n",
                            encoding="utf-8")
    invalid_d100 = tmp_path / "d100.yaml"
    invalid_d100.write_text("schema_version: 1\nsystem: d100\nkind: encounter\nname: {fr: x, en: x}\nsides:\n"
                            "  - id: a\n    members: [{character: gorm, hp: -3}]\n  - id: b\n    members: []\n",
                            encoding="utf-8")
    wrong_kind = tmp_path / "kind.yaml"
    wrong_kind.write_text("schema_version: 1\nsystem: harp\nkind: weapons\nrecords: [{id: Epee, name: 3}]\n",
                          encoding="utf-8")
    folder = tmp_path / "folder"
    folder.mkdir()
    (folder / "x.yaml").write_text("system: harp\nkind: [weapons\n", encoding="utf-8")
    weapons = tmp_path / "weapons"
    weapons.mkdir()
    (weapons / "d100.yaml").write_text(
        "schema_version: 1\nsystem: d100\nkind: weapons\nrecords:\n  - id: fourche\n    name: {fr: Fourche, en: Fork}\n"
        "    skill: 30\n    damage: 1D6\n    hp: 10\n    reach: long\n    other_reaches: [missile]\n"
        "    kind: arme\n", encoding="utf-8")
    (weapons / "dup.yaml").write_text("schema_version: 1\nsystem: harp\nsystem: harp\n", encoding="utf-8")
    script = tmp_path / "s.txt"
    script.write_text("auto\nattaquer personne\n", encoding="utf-8")
    db = str(tmp_path / "f.db")
    missing = str(tmp_path / "nowhere.yaml")
    lines = []
    for path in (missing, str(folder), str(bad_yaml), str(tabs), str(invalid_tor), str(invalid_harp),
                 str(invalid_d100), str(wrong_kind), str(bad_yaml / "x.yaml")):
        lines += [["fight", path, "--db", db], ["simulate", path, "-n", "10"], ["serve", path, "--db", db]]
    lines += [
        ["run", str(SAMPLES / "embuscade.yaml"), "--no-ask", "--script", str(tmp_path / "none.txt"), "--db", db],
        ["run", str(SAMPLES / "embuscade.yaml"), "--no-ask", "--script", str(script), "--db", db],
        ["run", missing, "--no-ask", "--script", str(script), "--db", db],
        ["fight", "--resume", "99", "--no-ask", "--db", db], ["fight", "delete", "99", "--db", db], ["fight", "delete"],
        ["fight", "--db", db], ["log", "export", "42", "--db", db], ["fight", "list", "--db", str(folder)],
        ["content", "validate", str(folder)], ["content", "validate", missing], ["--content", missing, "demo"],
        ["content", "list", "harp/licornes"], ["content", "schema", "nulle"],
        ["creature", "show", "licorne"], ["creature", "show", "orque", "--level", "-4"],
        ["attack", "--weapon", "baton-magique"], ["attack", "--attacker", "licorne"], ["attack", "--foo"],
        ["attack", "--system", "gurps"], ["attack", "--roll", "abc"], ["attack", "--size", "enorme"],
        ["attack", "--system", "d100", "--attacker", "licorne"], ["attack", "--system", "tor", "--weapon", "x"],
        ["odds", "attack", "--weapon", "nulle"], ["odds", "attack", "--system", "tor", "--attacker", "x"],
        ["simulate", str(SAMPLES / "gue.yaml"), "--set", "rien=1", "-n", "10"],
        ["simulate", str(SAMPLES / "gue.yaml"), "-n", "zero"],
        ["balance", str(SAMPLES / "gue.yaml"), "--task", "voler"],
        ["balance", str(SAMPLES / "gue.yaml")], ["balance", missing, "--task", "proteger"],
        ["demo", "--encounter", missing], ["content", "validate", str(weapons)],
        ["attack", "--system", "tor", "--attacker", "eirik-de-dale", "--defender", "orc-soldat", "--stance", "nulle"],
        ["attack", "--system", "tor", "--attacker", "eirik-de-dale", "--defender", "orc-soldat", "--special", "x"],
        ["odds", "attack", "--system", "d100", "--attacker", "gorm", "--defender", "ysolde", "--weapon", "x"],
        ["odds", "attack", "--system", "d100", "--attacker", "gorm", "--defender", "ysolde", "--defence", "x"],
        ["serve", "--resume", "99", "--db", db], ["fight", "backup", "--db", str(tmp_path / "none.db")],
        ["log", "export", "1", "--db", db, "--out", str(tmp_path / "no" / "x.md")],
        ["simulate", str(SAMPLES / "pont.yaml"), "--vs", missing, "-n", "5"],
        ["simulate", str(SAMPLES / "pont.yaml"), "-n", "5", "--plot", str(tmp_path / "x.txt")],
        ["fight", "--resume", "1", "--no-ask", "--db", str(bad_yaml)], ["creature", "show", "orque", "--level", "abc"],
        ["content", "list"], ["run"], ["attack", "--weapon", "hache", "--size", "enorme"],
    ]
    return lines


def test_every_command_errs_in_french(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    shutil.copy(SAMPLES / "heroes-extra.yaml", tmp_path / "heroes-extra.yaml")
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    found = []
    for args in _content_errors(tmp_path):
        code, out, err = run(capsys, "--lang", "fr", *args)
        assert code != 0, args
        assert err.strip() or out.strip(), args
        found += [f"{' '.join(args[:2])}: {hit}" for hit in leaks(out + err)]
    assert found == []


def test_the_leak_list_is_built_from_the_code() -> None:
    """The list holds the ids the issue found in French output, and the search finds them in a line."""
    for word in ("bleed", "dead", "disarmed", "forward", "adversaries", "heroes", "damage", "attack-success",
                 "critical", "protection-success", "medium", "weakest", "hp", "heal", "wake", "rest"):
        assert word in english_ids(), word
    assert leaks("états connus : bleed, dead") and leaks("victoire : adversaries") and leaks("Tuple should x")
    assert leaks("au tour de orc-soldat-1") and leaks("à 8 m de Ysolde") and leaks("se déplace de 30.0 m")
    assert leaks("initiative 10022")
    assert not leaks("au tour d'orc-soldat-1 ; Brundar Fend-Roc se déplace de 7,5 m ; le 04/12/2026 à 13:05")


@pytest.mark.parametrize("args", [["gue.yaml", "--task", "proteger"], ["pont.yaml", "--set", "ready_weapon=action"]])
def test_a_balance_study_in_french_names_plans_in_words(capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    """The search's details once read ``defensive:ceder-terrain`` and ``hope=all,aim=weakest``: now its plans'
    words, and the task by its name."""
    code, out, err = run(capsys, "--lang", "fr", "balance", str(SAMPLES / args[0]), *args[1:], "-n", "200",
                         "--passes", "1", "--seed", "1")
    assert code == 0, err
    assert "Ce dont la recherche est sûre" in out
    assert leaks(out) == []
    assert ":ceder-terrain" not in out and "hope=" not in out and "defence:" not in out


def test_a_task_of_another_stance_is_refused_in_french_words(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """« manœuvre de la position forward » was told: the stance in words now."""
    monkeypatch.setattr("sys.stdin", io.StringIO("melee\ncombattre\nmanoeuvre proteger\nmanoeuvre rallier\nquitter\n"))
    code, out, _ = run(capsys, "--lang", "fr", "fight", str(SAMPLES / "gue.yaml"), "--no-ask", "--db",
                       str(tmp_path / "f.db"),
                       "--seed", "1")
    assert code == 0 and "estoc: proteger est une manœuvre de la position défensive" in out
    assert "estoc: rallier est une manœuvre de la position exposée" in out and leaks(out) == []
