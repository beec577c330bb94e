"""``estoc serve``: a new or a stored fight, the two addresses, the warning off loopback (the server itself is not
started here: its ``run_server`` is replaced by a probe that records what it is given)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from estoc.cli import main

SAMPLE = Path(__file__).parents[2] / "src" / "estoc" / "play" / "samples" / "embuscade.yaml"


def _serve(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *args: str
           ) -> tuple[int, str, str, dict[str, Any]]:
    seen: dict[str, Any] = {}

    def probe(app: Any, session: Any, host: str, port: int) -> None:
        seen.update(app=app, host=host, port=port)

    monkeypatch.setattr("estoc.cli.serve.run_server", probe)
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err, seen


def test_serve_prints_both_addresses(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                     tmp_path: Path) -> None:
    db = tmp_path / "f.db"
    code, out, _err, seen = _serve(monkeypatch, capsys, "serve", str(SAMPLE), "--db", str(db), "--seed", "4")
    assert code == 0
    gm = re.search(r"http://127\.0\.0\.1:8000/gm\?key=([\w-]{43})", out)
    players = re.search(r"http://127\.0\.0\.1:8000/view\?key=([\w-]{43})", out)
    assert gm and players and gm.group(1) != players.group(1)
    assert "Warning" not in out
    assert seen["host"] == "127.0.0.1" and seen["port"] == 8000
    code, out, err, seen = _serve(monkeypatch, capsys, "--lang", "fr", "serve", "--resume", "1", "--db", str(db),
                                  "--host", "0.0.0.0", "--port", "8123")
    assert code == 2 and "--public-url" in err and "Traceback" not in err and not seen  # off loopback: the address
    code, out, _err, seen = _serve(monkeypatch, capsys, "--lang", "fr", "serve", "--resume", "1", "--db", str(db),
                                   "--host", "0.0.0.0", "--port", "8123", "--public-url", "http://table.local:8123/")
    assert code == 0 and "Combat 1" in out and "http://table.local:8123/view?key=" in out
    assert "Attention" in out and "quiconque sur ce réseau" in out
    assert seen["host"] == "0.0.0.0" and seen["port"] == 8123
    web = seen["app"].state.web
    assert web.origins.public == [("http", "table.local", 8123)]
    assert (web.keys.gm, web.keys.players) == (gm.group(1), players.group(1))  # the fight's keys are kept


def test_new_keys_sign_everyone_out(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                    tmp_path: Path) -> None:
    from estoc.web.access import add_signin, find_signin

    db = tmp_path / "f.db"
    assert _serve(monkeypatch, capsys, "serve", str(SAMPLE), "--db", str(db))[0] == 0
    code, out, _err, seen = _serve(monkeypatch, capsys, "serve", "--resume", "1", "--db", str(db))
    kept = seen["app"].state.web.keys
    add_signin(db, "1", "d" * 64, "gm", "c" * 43)
    assert find_signin(db, "1", "d" * 64) == ("gm", "c" * 43)
    code, out, _err, seen = _serve(monkeypatch, capsys, "serve", "--resume", "1", "--db", str(db), "--new-keys")
    fresh = seen["app"].state.web.keys
    assert code == 0 and fresh.gm != kept.gm and fresh.players != kept.players and fresh.gm in out
    assert find_signin(db, "1", "d" * 64) is None


@pytest.mark.parametrize("url", ["table.local:8000", "ftp://table.local", "http://user@table.local",
                                 "http://table.local/path", "http://table.local:99999", "http://"])
def test_a_bad_public_url_is_one_line(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                      tmp_path: Path, url: str) -> None:
    code, _out, err, seen = _serve(monkeypatch, capsys, "serve", str(SAMPLE), "--db", str(tmp_path / "f.db"),
                                   "--host", "0.0.0.0", "--public-url", url)
    assert code == 2 and "--public-url" in err and "Traceback" not in err and not seen


def test_serve_refusals(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _out, err, seen = _serve(monkeypatch, capsys, "serve", "--db", str(tmp_path / "f.db"))
    assert code == 2 and "--resume" in err and not seen
    code, _out, err, seen = _serve(monkeypatch, capsys, "serve", "--resume", "9", "--db", str(tmp_path / "f.db"))
    assert code != 0 and "Traceback" not in err and not seen
