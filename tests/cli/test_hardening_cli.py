"""The last guard and the files: the session outlives a failing command and Ctrl-C, main logs an unexpected error to
a file it names, log export refuses each bad place in one line and never overwrites or follows a link, the reading
commands open the store read-only, backups, two terminals, names from files shown escaped."""

from __future__ import annotations

import builtins
import errno
import io
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.cli_helpers import run

from estoc.cli.fight import FightShell
from estoc.cli.guard import printable
from estoc.content.registry import Content
from estoc.play.store import EventStore
from estoc.play.systems import fight_system, read_encounter
from estoc.play.tracker import Tracker

SAMPLE = Path(__file__).parents[2] / "src" / "estoc" / "play" / "samples" / "embuscade.yaml"


@pytest.fixture
def state(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "state"
    monkeypatch.setenv("XDG_STATE_HOME", str(folder))
    return folder


@pytest.fixture
def stored(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> Path:
    """A store holding one fight played to its end (fight 1)."""
    script = tmp_path / "end.txt"
    script.write_text("auto end all\n", encoding="utf-8")
    db = tmp_path / "f.db"
    assert run(capsys, "run", str(SAMPLE), "--no-ask", "--script", str(script), "--db", str(db), "--seed", "4")[0] == 0
    return db


def tracker_on(db: Path, content: Content) -> Tracker:
    loaded = read_encounter(SAMPLE, content)
    store = EventStore(db)
    return Tracker.create(store, fight_system(loaded.system, content), "t", {"encounter": loaded.setup, "seed": 2})


# ------------------------------------------------------------------------------------------------ the last guard

def test_the_session_outlives_an_unexpected_error(tmp_path: Path, content: Content, state: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    tracker = tracker_on(tmp_path / "f.db", content)
    real = Tracker.command

    def flaky(self: Tracker, line: str, **kw: Any) -> Any:
        if line == "hp orque-1 1":
            raise ZeroDivisionError("a bug")
        return real(self, line, **kw)

    monkeypatch.setattr(Tracker, "command", flaky)
    out = io.StringIO()
    FightShell(tracker, stdin=io.StringIO("hp orque-1 1\nhp orque-1 4\nstatus\nquit\n"), stdout=out).cmdloop()
    text = out.getvalue()
    [line] = [line for line in text.splitlines() if "unexpected error" in line]
    assert "ZeroDivisionError: a bug" in line and "Traceback" not in text
    logs = list((state / "estoc" / "logs").glob("crash-*.log"))
    assert len(logs) == 1 and str(logs[0]) in line
    assert "Traceback" in logs[0].read_text(encoding="utf-8")
    assert "HP of damage" in text or "now has 4 HP" in text  # the next command ran


def test_ctrl_c_cancels_the_line_not_the_session(tmp_path: Path, content: Content,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    tracker = tracker_on(tmp_path / "f.db", content)
    typed: Iterator[str | BaseException] = iter([KeyboardInterrupt(), "hp orque-1 9", KeyboardInterrupt(), "quit"])

    def fake_input(prompt: str = "") -> str:
        item = next(typed)
        if isinstance(item, BaseException):
            raise item
        return item

    monkeypatch.setattr(builtins, "input", fake_input)
    out = io.StringIO()
    shell = FightShell(tracker, stdout=out)
    shell.use_rawinput = True
    shell.completekey = ""
    shell.cmdloop()
    rows = {r["id"]: r for r in tracker.fight.view()["combatants"]}
    assert rows["orque-1"]["hp"] == 9 and out.getvalue().count("^C") == 2


def test_ctrl_c_during_a_command_stores_nothing(tmp_path: Path, content: Content,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    tracker = tracker_on(tmp_path / "f.db", content)
    before = tracker.fight.view()

    def interrupted(self: Any) -> Any:
        raise KeyboardInterrupt

    monkeypatch.setattr(type(tracker.fight), "auto_event", interrupted)
    out = io.StringIO()
    FightShell(tracker, stdin=io.StringIO("auto end all\nstatus\n"), stdout=out).cmdloop()  # ends on end of input
    assert "interrupted; the fight is as stored" in out.getvalue()
    assert tracker.fight.view() == before and len(tracker.store.events(tracker.fight_id)) == 1


def test_main_logs_an_unexpected_error(capsys: pytest.CaptureFixture[str], state: Path,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    def broken() -> Any:
        raise RuntimeError("bug\x1b[2J")

    monkeypatch.setattr("estoc.cli.app.build_app", broken)
    code, out, err = run(capsys, "demo")
    assert code == 1 and len(err.strip().splitlines()) == 1 and "Traceback" not in err + out
    assert "RuntimeError: bug\\x1b[2J" in err and "\x1b" not in err
    [log] = (state / "estoc" / "logs").glob("*.log")
    assert str(log) in err and 'raise RuntimeError("bug' in log.read_text(encoding="utf-8")


def test_main_says_so_when_the_log_cannot_be_written(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv("XDG_STATE_HOME", str(blocker))  # a file where a folder should be
    monkeypatch.setattr("estoc.cli.app.build_app", lambda: 1 / 0)
    code, _, err = run(capsys, "demo")
    assert code == 1 and "could not be written" in err and len(err.strip().splitlines()) == 1


def test_two_terminals_on_one_fight(tmp_path: Path, content: Content) -> None:
    first = tracker_on(tmp_path / "f.db", content)
    second = Tracker(EventStore(tmp_path / "f.db"), first.fight_id, first.system)
    first.command("hp orque-1 3")
    out = io.StringIO()
    FightShell(second, stdin=io.StringIO("hp orque-1 8\nhp orque-1 7\n"), stdout=out).cmdloop()
    assert "changed elsewhere" in out.getvalue()
    rows = {r["id"]: r for r in Tracker(first.store, first.fight_id, first.system).fight.view()["combatants"]}
    assert rows["orque-1"]["hp"] == 7  # the refused line changed nothing; the next one, decided anew, is stored


# ------------------------------------------------------------------------------------------------------- files

def test_export_writes_and_says_where(capsys: pytest.CaptureFixture[str], stored: Path, tmp_path: Path) -> None:
    target = tmp_path / "log.md"
    code, out, _ = run(capsys, "log", "export", "1", "--db", str(stored), "--out", str(target))
    assert code == 0 and str(target) in out and target.read_text(encoding="utf-8").startswith("# ")
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".estoc-")] == []
    code, _, err = run(capsys, "log", "export", "1", "--db", str(stored), "--out", str(target))
    assert code == 2 and "already exists" in err and "--force" in err
    target.write_text("mine", encoding="utf-8")
    code, _, err = run(capsys, "--lang", "fr", "log", "export", "1", "--db", str(stored), "--out", str(target))
    assert code == 2 and "existe déjà" in err and target.read_text(encoding="utf-8") == "mine"
    code, _, _ = run(capsys, "log", "export", "1", "--db", str(stored), "--out", str(target), "--force")
    assert code == 0 and target.read_text(encoding="utf-8").startswith("# ")


def test_export_never_writes_through_a_link(capsys: pytest.CaptureFixture[str], stored: Path,
                                            tmp_path: Path) -> None:
    precious = tmp_path / "precious.txt"
    precious.write_text("keep me", encoding="utf-8")
    link = tmp_path / "log.md"
    link.symlink_to(precious)
    code, _, err = run(capsys, "log", "export", "1", "--db", str(stored), "--out", str(link))
    assert code == 2 and "already exists" in err
    code, _, _ = run(capsys, "log", "export", "1", "--db", str(stored), "--out", str(link), "--force")
    assert code == 0 and precious.read_text(encoding="utf-8") == "keep me"
    assert not link.is_symlink() and link.read_text(encoding="utf-8").startswith("# ")


def _enospc(*args: Any) -> None:
    raise OSError(errno.ENOSPC, "No space left on device")


def _eacces(*args: Any, **kw: Any) -> Any:
    raise PermissionError(errno.EACCES, "Permission denied")


@pytest.mark.parametrize(("where", "patch", "expected"), [
    ("folder", None, "it is a folder"),
    ("missing/log.md", None, "does not exist"),
    ("x" * 300 + ".md", None, "the name is too long"),
    ("full.md", ("estoc.cli.fight.os.fsync", _enospc), "the disk is full"),
    ("readonly.md", ("estoc.cli.fight.tempfile.mkstemp", _eacces), "read-only"),
])
def test_export_to_a_bad_place_is_one_line(capsys: pytest.CaptureFixture[str], stored: Path, tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch, where: str,
                                           patch: tuple[str, Any] | None, expected: str) -> None:
    (tmp_path / "folder").mkdir()
    if patch:
        monkeypatch.setattr(*patch)
    before = sorted(p.name for p in tmp_path.iterdir())
    code, _, err = run(capsys, "log", "export", "1", "--db", str(stored), "--out", str(tmp_path / where))
    assert code == 2 and len(err.strip().splitlines()) == 1 and expected in err and "Traceback" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == before  # no temporary file left behind


def test_reading_commands_open_the_store_read_only(capsys: pytest.CaptureFixture[str], stored: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[str] = []
    connect = sqlite3.connect

    def spy(database: Any, *args: Any, **kw: Any) -> sqlite3.Connection:
        opened.append(str(database))
        return connect(database, *args, **kw)

    monkeypatch.setattr(sqlite3, "connect", spy)
    for args in (["fight", "list"], ["log", "export", "1"]):
        opened.clear()
        code, out, _ = run(capsys, *args, "--db", str(stored))
        assert code == 0 and out and opened and all(uri.endswith("?mode=ro") for uri in opened), opened
    opened.clear()
    monkeypatch.setattr("sys.stdin", io.StringIO("status\nlog\nquit\n"))
    code, out, _ = run(capsys, "fight", "--resume", "1", "--no-ask", "--db", str(stored))
    assert code == 0 and opened and all(uri.endswith("?mode=ro") for uri in opened)


def test_a_read_only_store_refuses_writes_in_one_line(stored: Path) -> None:
    from estoc.errors import StoreError

    with EventStore(stored, read_only=True) as store:
        assert store.fights()[0].id == "1"
        with pytest.raises(StoreError, match="read-only"):
            store.append("1", {"type": "x"})


def test_backup_and_the_damage_message(capsys: pytest.CaptureFixture[str], stored: Path) -> None:
    code, out, _ = run(capsys, "fight", "backup", "--db", str(stored))
    assert code == 0 and "copied to" in out
    [copy] = (stored.parent / "backups").glob("*.db")
    assert str(copy) in out
    with EventStore(copy, read_only=True) as store, EventStore(stored, read_only=True) as original:
        assert store.events("1") == original.events("1")
    with sqlite3.connect(stored) as db:
        db.execute("DROP TABLE events")
    code, _, err = run(capsys, "fight", "list", "--db", str(stored))
    assert code == 2 and "damaged" in err and str(copy) in err


def test_a_migration_is_preceded_by_a_backup(stored: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from estoc.play import store as store_module

    latest = max(store_module.MIGRATIONS)
    monkeypatch.setitem(store_module.MIGRATIONS, latest + 1, lambda db: None)
    with EventStore(stored) as store:
        assert store.settings()["schema_version"] == latest + 1
    [copy] = (stored.parent / "backups").glob("*-upgrade.db")
    with sqlite3.connect(copy) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == latest


def test_names_with_control_characters_are_refused_and_stored_ones_shown_escaped(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    hostile = tmp_path / "hostile.yaml"
    text = SAMPLE.read_text(encoding="utf-8").replace(
        "name: {fr: Embuscade au gué, en: Ambush at the ford}", 'name: {fr: "Pi\\e]0;pwn\\a\\e[2J", en: "Pi\\e[31m"}')
    assert text != SAMPLE.read_text(encoding="utf-8")
    hostile.write_text(text, encoding="utf-8")
    (tmp_path / "heroes-extra.yaml").write_bytes((SAMPLE.parent / "heroes-extra.yaml").read_bytes())
    script = tmp_path / "s.txt"
    script.write_text("auto\n", encoding="utf-8")
    db = tmp_path / "f.db"
    code, _, err = run(capsys, "--lang", "en", "run", str(hostile), "--no-ask", "--script", str(script), "--db",
                       str(db))
    assert code == 2 and "control characters" in err and "\x1b" not in err
    # A store written elsewhere (by hand, by an older estoc) may still hold such a name: it is shown escaped.
    assert run(capsys, "run", str(SAMPLE), "--no-ask", "--script", str(script), "--db", str(db))[0] == 0
    import sqlite3

    with sqlite3.connect(db) as store:
        store.execute("UPDATE fights SET name = ?", ("Pi\x1b]0;pwn\x07\x1b[31m",))
    for args in (["fight", "list", "--all"], ["log", "export", "1"]):
        code, out, _ = run(capsys, *args, "--db", str(db))
        shown = "Pi\\x1b]0;pwn\\x07\\x1b[31m" if args[0] == "fight" else "Pi\\x1b\\]0;pwn\\x07\\x1b\\[31m"
        assert code == 0 and shown in out and "\x1b" not in out  # (Markdown's brackets escaped in the export)


def test_printable() -> None:
    assert printable("Orque\n\tgris") == "Orque\n\tgris"
    assert printable("a\x1b[2Jb\rc\x9bd\u202ee") == "a\\x1b[2Jb\\x0dc\\x9bd\\u202ee"
    assert printable("Gûr-les-Bains é") == "Gûr-les-Bains é"


def test_simulate_refuses_names_with_control_characters(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    hostile = tmp_path / "hostile.yaml"
    text = SAMPLE.read_text(encoding="utf-8").replace(
        "name: {fr: Embuscade au gué, en: Ambush at the ford}", 'name: {fr: "Pi\\e[2J", en: "Pi\\e[31m[bold]x"}')
    assert text != SAMPLE.read_text(encoding="utf-8")
    hostile.write_text(text, encoding="utf-8")
    (tmp_path / "heroes-extra.yaml").write_bytes((SAMPLE.parent / "heroes-extra.yaml").read_bytes())
    code, out, err = run(capsys, "--lang", "fr", "simulate", str(hostile), "-n", "20", "--seed", "1")
    assert code == 2 and "caractères de contrôle" in err and "\x1b" not in out + err
