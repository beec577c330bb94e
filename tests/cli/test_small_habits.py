"""Issue 28's small habits: short command words, suggestions, how to resume on leaving, the fights' list (state,
round, local time, scripted runs hidden) and deleting a fight."""

from __future__ import annotations

import io
import os
import re
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from cli_helpers import run
from estoc.engine.words import Command, find
from estoc.errors import InputError
from estoc.i18n import set_language
from estoc.play.store import EventStore

SAMPLES = Path(__file__).parents[2] / "src" / "estoc" / "play" / "samples"

COMMANDS = [Command("attack", "attack", "attaquer", "", ""), Command("wait", "wait", "attendre", "", ""),
            Command("status", "status", "situation", "", ""), Command("pass", "pass", "passer", "", ""),
            Command("charge", "charge", "charger", "", "")]


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    set_language("en")
    yield
    set_language(None)


def test_a_unique_prefix_names_its_command() -> None:
    assert find("atta", COMMANDS).name == "attack"  # attaquer and attack: one command
    assert find("situ", COMMANDS).name == "status"
    assert find("Stat", COMMANDS).name == "status"  # case and accents are ignored
    assert find("pas", COMMANDS).name == "pass"
    assert find("charge", COMMANDS).name == "charge"  # a whole word wins over the longer charger


def test_an_ambiguous_prefix_lists_the_commands_it_may_be() -> None:
    with pytest.raises(InputError, match=r"'att' may be attack or wait: type more of the word"):
        find("att", COMMANDS)
    set_language("fr")
    with pytest.raises(InputError, match=r"'att' peut être attaquer ou attendre : tapez davantage du mot"):
        find("att", COMMANDS)


def test_an_unknown_word_offers_the_closest_ones() -> None:
    with pytest.raises(InputError, match=r"unknown command 'atack': did you mean attack\?"):
        find("atack", COMMANDS)
    set_language("fr")
    with pytest.raises(InputError, match=r"commande inconnue : 'attaqeur' ; vouliez-vous dire attaquer ou attendre \?"):
        find("attaqeur", COMMANDS)
    with pytest.raises(InputError, match=r"^commande inconnue : 'zzz' ; tapez aide$"):  # nothing near: no guess
        find("zzz", COMMANDS)


def test_short_words_at_the_table(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """The One Ring's volleys: ``tir`` is ``tirer``, ``mel`` is ``melee``, ``situ`` the board."""
    monkeypatch.setattr("sys.stdin", io.StringIO("tir faelwen-de-lindon orc-soldat-1\nmel\nsitu\nquit\n"))
    code, out, _ = run(capsys, "--lang", "fr", "fight", str(SAMPLES / "gue.yaml"), "--no-ask", "--db",
                       str(tmp_path / "f.db"),
                       "--seed", "1")
    assert code == 0 and "Faelwen de Lindon attaque Orque soldat 1" in out and "— Round 1 — positions" in out
    assert "estoc:" not in out


def test_quit_says_how_to_resume(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "my fights.db"
    monkeypatch.setattr("sys.stdin", io.StringIO("auto\nquitter\n"))
    code, out, _ = run(capsys, "--lang", "fr", "fight", str(SAMPLES / "pont.yaml"), "--no-ask", "--db", str(db))
    command = f"estoc fight --resume 1 --db '{db}'"
    assert code == 0 and out.rstrip().endswith(f"Le combat 1 est enregistré ; pour le reprendre : {command}")
    monkeypatch.setattr("sys.stdin", io.StringIO("status\n"))  # end of input leaves the same way
    code, out, _ = run(capsys, "fight", "--resume", "1", "--no-ask", "--db", str(db))
    assert code == 0 and out.rstrip().endswith(f"Fight 1 is saved; to take it up again: {command}")


def test_quit_on_the_default_store_needs_no_db(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    code, out, _ = run(capsys, "fight", str(SAMPLES / "pont.yaml"), "--no-ask")
    assert code == 0 and out.rstrip().endswith("to take it up again: estoc fight --resume 1")


def _play(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, db: Path, sample: str,
          lines: str) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(lines))
    assert run(capsys, "fight", str(SAMPLES / sample), "--no-ask", "--db", str(db), "--seed", "2")[0] == 0


def test_the_list_shows_state_and_round_and_hides_scripts(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "f.db"
    _play(capsys, monkeypatch, db, "embuscade.yaml", "auto end all\nquit\n")   # 1: finished
    _play(capsys, monkeypatch, db, "pont.yaml", "actions\nauto all\nquit\n")  # 2: ongoing
    script = tmp_path / "s.txt"
    script.write_text("auto end all\n", encoding="utf-8")
    assert run(capsys, "run", str(SAMPLES / "gue.yaml"), "--no-ask", "--script", str(script), "--db",
               str(db))[0] == 0  # 3
    code, out, _ = run(capsys, "fight", "list", "--db", str(db))
    lines = out.splitlines()
    assert code == 0 and len(lines) == 3
    assert re.match(r"2: The brigands' bridge \(d100\), ongoing, round [1-9]\d*, \d+ events; last played ", lines[0])
    assert re.match(r"1: Ambush at the ford \(harp\), finished, round [1-9]\d*, \d+ events; last played ", lines[1])
    assert lines[2] == "(1 fight played from a script is not shown: add --all to see it.)"
    code, out, _ = run(capsys, "--lang", "fr", "fight", "list", "--tout", "--db", str(db))
    assert code == 0 and out.startswith("3 : Au gué des orques (tor), terminé, round ") and "en cours" in out


def test_the_list_replays_a_fight_it_has_no_note_of(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """A fight played on elsewhere (the browser, a crash before leaving): its state comes from its replay."""
    db = tmp_path / "f.db"
    _play(capsys, monkeypatch, db, "embuscade.yaml", "quit\n")
    _play(capsys, monkeypatch, db, "embuscade.yaml", "auto end all\nquit\n")
    with sqlite3.connect(db) as raw:
        raw.execute("DELETE FROM progress")  # (as in a store written before progress was noted)
    code, out, _ = run(capsys, "fight", "list", "--db", str(db))
    assert code == 0 and "2: Ambush at the ford (harp), finished, round " in out
    assert "1: Ambush at the ford (harp), ongoing, round 1, " in out


def test_the_list_tells_local_time(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "f.db"
    with EventStore(db) as store:
        store.create_fight("Night", "harp", {})
    with sqlite3.connect(db) as raw:
        raw.execute("UPDATE fights SET updated = '2026-12-04T23:30:00.000000+00:00'")
    monkeypatch.setenv("TZ", "Europe/Paris")
    time.tzset()
    try:
        code, out, _ = run(capsys, "--lang", "fr", "fight", "list", "--db", str(db))
        assert code == 0 and "joué pour la dernière fois le 05/12/2026 00:30" in out and "UTC" not in out
        code, out, _ = run(capsys, "fight", "list", "--db", str(db))
        assert code == 0 and "last played 12/5/26, 12:30" in out
    finally:
        monkeypatch.delenv("TZ")
        time.tzset()


def test_delete_asks_first(capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                           ) -> None:
    db = tmp_path / "f.db"
    _play(capsys, monkeypatch, db, "pont.yaml", "auto\nquit\n")
    _play(capsys, monkeypatch, db, "gue.yaml", "quit\n")
    monkeypatch.setattr("sys.stdin", io.StringIO("n\n"))
    code, out, _ = run(capsys, "--lang", "fr", "fight", "delete", "1", "--db", str(db))
    assert code == 0 and "Supprimer le combat 1, Le pont aux brigands" in out and "Rien n'a été supprimé." in out
    with EventStore(db, read_only=True) as store:
        assert [info.id for info in store.fights()] == ["2", "1"]
    monkeypatch.setattr("sys.stdin", io.StringIO("oui\n"))
    code, out, _ = run(capsys, "--lang", "fr", "fight", "delete", "1", "--db", str(db))
    assert code == 0 and out.rstrip().endswith("Le combat 1, Le pont aux brigands, a été supprimé.")
    with EventStore(db, read_only=True) as store:
        assert [info.id for info in store.fights()] == ["2"] and store.events("2")
    with sqlite3.connect(db) as raw:
        assert raw.execute("SELECT COUNT(*) FROM events WHERE fight_id = '1'").fetchone()[0] == 0
        assert raw.execute("SELECT COUNT(*) FROM progress WHERE fight_id = '1'").fetchone()[0] == 0


def test_delete_with_yes_and_refusals(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "f.db"
    _play(capsys, monkeypatch, db, "gue.yaml", "quit\n")
    code, _out, err = run(capsys, "fight", "delete", "7", "--yes", "--db", str(db))
    assert code == 2 and err.strip() == f"estoc: no fight with id 7 in {db}"
    code, _out, err = run(capsys, "--lang", "fr", "fight", "delete", "--db", str(db))
    assert code == 2 and "nommez le combat à supprimer : estoc fight delete ID" in err
    code, _out, err = run(capsys, "fight", "delete", "1", "--db", str(tmp_path / "none.db"))
    assert code == 2 and "there is no fights' store" in err and not (tmp_path / "none.db").exists()
    monkeypatch.setattr("sys.stdin", io.StringIO(""))  # no answer: nothing deleted
    assert run(capsys, "fight", "delete", "1", "--db", str(db))[0] == 0
    with EventStore(db, read_only=True) as store:
        assert [info.id for info in store.fights()] == ["1"]
    code, out, _ = run(capsys, "fight", "delete", "1", "--oui", "--db", str(db))
    assert code == 0 and "Fight 1, The orcs' ford, was deleted." in out
    code, out, _ = run(capsys, "fight", "list", "--db", str(db))
    assert code == 0 and "No fight stored yet" in out
    assert os.path.exists(db)
