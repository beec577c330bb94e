"""A new user's first minutes (issue 16): --version, shell completion, help without Python types, the attack's
options grouped by rule system, one language enough in names, an unknown language refused alike from ESTOC_LANG and
--lang, a copied sample that says what to copy with it, fight list on an empty store."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from tests.cli_helpers import run

from estoc.cli import main
from estoc.content.models.common import Text

SAMPLES = Path(__file__).parents[2] / "src" / "estoc" / "play" / "samples"


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--version")
    assert code == 0 and re.fullmatch(r"estoc \S+\n", out)


@pytest.mark.parametrize(("shell", "needle"), [("bash", "-F _estoc_completion estoc"),
                                               ("zsh", "#compdef estoc"), ("fish", "complete --command estoc")])
def test_show_completion(capsys: pytest.CaptureFixture[str], shell: str, needle: str) -> None:
    code, out, _ = run(capsys, "--show-completion", shell)
    assert code == 0 and needle in out and "_ESTOC_COMPLETE" in out


def test_completion_answers_the_shell(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("_ESTOC_COMPLETE", "complete_bash")
    monkeypatch.setenv("COMP_WORDS", "estoc attack --arm")
    monkeypatch.setenv("COMP_CWORD", "2")
    with pytest.raises(SystemExit) as stop:
        main(["attack", "--arm"])
    assert stop.value.code == 0
    assert capsys.readouterr().out.split() == ["--armor-type", "--armour-type"]


def test_install_completion_and_unknown_shells(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    code, out, _ = run(capsys, "--install-completion", "bash")
    assert code == 0 and "bash" in out and (tmp_path / ".bashrc").exists()
    code, out, err = run(capsys, "--show-completion", "tcsh")
    assert code == 2 and not out and "completion is for bash, zsh, fish, not tcsh" in err
    code, _, err = run(capsys, "--lang", "fr", "--show-completion", "tcsh")
    assert code == 2 and "la complétion existe pour bash, zsh, fish, pas pour tcsh" in err
    monkeypatch.setenv("SHELL", "/bin/zsh")
    monkeypatch.setattr("typer._completion_shared._get_shell_name", lambda: None)
    code, out, _ = run(capsys, "--show-completion")
    assert code == 0 and "#compdef estoc" in out


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("command", [["--help"], ["attack", "--help"], ["odds", "attack", "--help"],
                                     ["simulate", "--help"], ["fight", "--help"]])
def test_help_shows_no_python_types(capsys: pytest.CaptureFixture[str], lang: str, command: list[str]) -> None:
    code, out, _ = run(capsys, "--lang", lang, *command)
    assert code == 0 and not re.search(r"<(list|str|Path|dict)\b|\[(int|str)\]", out)
    # The help texts stay in one column after the value kinds are named.
    columns = {len(m.group(1)) for m in re.finditer(r"^(  -\S.*?  +)\S", out, flags=re.MULTILINE)}
    assert len(columns) <= 4


def test_attack_help_groups_options_by_system(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "attack", "--help")
    assert code == 0
    heads = [line for line in out.splitlines() if line.endswith(":") and not line.startswith(" ")]
    assert heads == ["Options:", "HARP options:", "d100 options (--system d100):",
                     "The One Ring options (--system tor):"]
    harp, d100, tor = (out.split(head)[1] for head in heads[1:])
    assert "--crit-roll" in harp and "--crit-roll" not in d100
    assert "--damage-roll" in d100 and "--damage-roll" not in tor and "--success-roll" in tor
    code, out, _ = run(capsys, "--lang", "fr", "odds", "attack", "--help")
    assert code == 0 and "Options de HARP" in out and "Options de L'Anneau Unique (--system tor)" in out


def test_one_language_is_enough_in_a_name() -> None:
    assert Text.model_validate("Embuscade").as_dict() == {"fr": "Embuscade", "en": "Embuscade"}
    assert Text.model_validate({"fr": "Embuscade"}).as_dict() == {"fr": "Embuscade", "en": "Embuscade"}
    assert Text.model_validate({"en": "Ambush"}).as_dict() == {"fr": "Ambush", "en": "Ambush"}
    assert Text.model_validate({"fr": "A", "en": "B"}).as_dict() == {"fr": "A", "en": "B"}


@pytest.mark.parametrize("name", ["name: Test du pont", "name: {fr: Test du pont}"])
def test_an_encounter_named_in_one_language(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                            name: str) -> None:
    text = (SAMPLES / "embuscade.yaml").read_text(encoding="utf-8")
    text = re.sub(r"^name: .*$", name, text, count=1, flags=re.MULTILINE)
    shutil.copy(SAMPLES / "heroes-extra.yaml", tmp_path / "heroes-extra.yaml")
    (tmp_path / "mine.yaml").write_text(text, encoding="utf-8")
    script = tmp_path / "s.txt"
    script.write_text("auto\n", encoding="utf-8")
    for lang in ("en", "fr"):
        code, _out, err = run(capsys, "--lang", lang, "run", str(tmp_path / "mine.yaml"), "--no-ask", "--script",
                              str(script),
                              "--db", str(tmp_path / "f.db"))
        assert code == 0, err
    code, out, _ = run(capsys, "fight", "list", "--all", "--db", str(tmp_path / "f.db"))
    assert code == 0 and out.count("Test du pont") == 2


def test_a_copied_sample_says_what_to_copy_with_it(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    shutil.copy(SAMPLES / "embuscade.yaml", tmp_path / "mine.yaml")
    code, out, err = run(capsys, "fight", str(tmp_path / "mine.yaml"), "--no-ask", "--db", str(tmp_path / "f.db"))
    assert code == 2 and not out
    assert "mine.yaml:15:" in err and "copy heroes-extra.yaml with the encounter" in err
    code, _, err = run(capsys, "--lang", "fr", "fight", str(tmp_path / "mine.yaml"), "--no-ask", "--db",
                       str(tmp_path / "f.db"))
    assert code == 2 and "copiez heroes-extra.yaml avec la rencontre" in err


def test_an_unknown_language_is_refused_alike(capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = run(capsys, "--lang", "de", "creature", "list")
    assert code == 2 and not out and "unknown language 'de'" in err
    monkeypatch.setenv("ESTOC_LANG", "de")
    code, out, err = run(capsys, "creature", "list")
    assert code == 2 and not out and "unknown language 'de' in ESTOC_LANG" in err
    code, out, _ = run(capsys, "--lang", "fr", "creature", "list")
    assert code == 0 and "niveau" in out
    monkeypatch.setenv("ESTOC_LANG", "fr_FR.UTF-8")
    code, out, _ = run(capsys, "creature", "list")
    assert code == 0 and "niveau" in out


def test_fight_list_on_an_empty_store(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, "fight", "list", "--db", str(tmp_path / "none.db"))
    assert code == 0 and "No fight stored yet" in out
    code, out, _ = run(capsys, "--lang", "fr", "fight", "list", "--db", str(tmp_path / "none.db"))
    assert code == 0 and "Aucun combat enregistré" in out
