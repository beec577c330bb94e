"""The server's doors: secrets, cookies, CSRF, Origin, the players' read-only key, stale tabs, error pages, paths."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.web.conftest import BASE, Served, version_of

from estoc.web.security import Keys

TRACEBACK_WORDS = ("Traceback", 'File "', "estoc/web", "site-packages")


def _no_traceback(text: str) -> None:
    for word in TRACEBACK_WORDS:
        assert word not in text


def test_no_secret_is_refused(served: Served) -> None:
    tab = served.tab(None)
    for url in ("/", "/gm", "/view", "/gm/live", "/view/live", "/gm/events", "/view/events", "/gm/export.md"):
        response = tab.get(url)
        assert response.status_code == 403, url
        assert "orque" not in response.text.lower()
        _no_traceback(response.text)


def test_wrong_secret_is_refused(served: Served) -> None:
    tab = served.tab(None)
    assert tab.get("/gm?key=" + "x" * 43).status_code == 403
    assert tab.get("/view?key=" + served.keys.gm[:-1]).status_code == 403
    assert tab.get("/gm?key=").status_code == 403
    assert not tab.cookies
    tab.cookies = {"estoc_gm": "nope", "estoc_view": "nope"}
    assert tab.get("/gm").status_code == 403
    assert tab.get("/view/live").status_code == 403


def test_first_visit_leaves_a_strict_httponly_cookie_and_drops_the_key(served: Served) -> None:
    tab = served.tab(None)
    response = tab.get("/gm?key=" + served.keys.gm)
    assert response.status_code == 303 and response.headers["location"] == "/gm"
    cookie = response.headers["set-cookie"].lower()
    assert "httponly" in cookie and "samesite=strict" in cookie
    page = tab.get("/gm")
    assert page.status_code == 200
    assert served.keys.gm not in page.text  # the secret is never written into the page
    assert served.keys.players not in page.text
    assert page.headers["referrer-policy"] == "no-referrer"
    assert "frame-ancestors 'none'" in page.headers["content-security-policy"]


def test_players_key_reads_only(served: Served) -> None:
    players = served.tab("players")
    assert players.get("/view").status_code == 200
    assert players.get("/view/live").status_code == 200
    assert players.get("/gm").status_code == 403
    assert players.get("/gm/live").status_code == 403
    assert players.get("/gm/export.md").status_code == 403
    assert players.get("/gm?key=" + served.keys.players).status_code == 403
    before = served.version()
    gm_csrf = served.tab("gm").csrf
    for url, data in (("/gm/command", {"line": "auto", "version": str(before)}), ("/gm/reveal", {"reveal": "1"})):
        response = players.post(url, data=data, headers={"X-CSRF-Token": gm_csrf, "Origin": BASE})
        assert response.status_code == 403
    assert served.version() == before
    assert served.session.reveal is False
    assert gm_csrf not in players.get("/view").text


def test_missing_or_wrong_csrf_token_is_refused(served: Served) -> None:
    gm = served.tab("gm")
    version = version_of(gm.get("/gm/live").text)
    before = served.version()
    for headers in ({"Origin": BASE}, {"Origin": BASE, "X-CSRF-Token": "wrong"},
                    {"Origin": BASE, "X-CSRF-Token": served.tab("gm").csrf}):  # another sign-in's
        response = gm.post("/gm/command", data={"line": "auto", "version": version}, headers=headers)
        assert response.status_code == 403
        _no_traceback(response.text)
    assert served.version() == before


def test_foreign_origin_is_refused(served: Served) -> None:
    gm = served.tab("gm")
    version = version_of(gm.get("/gm/live").text)
    before = served.version()
    for headers in ({"Origin": "http://evil.example"}, {"Origin": "null"},
                    {"Referer": "http://evil.example/page"}, {"Origin": "http://127.0.0.1:8001"}):
        response = gm.post("/gm/command", data={"line": "auto", "version": version},
                           headers={**headers, "X-CSRF-Token": gm.csrf})
        assert response.status_code == 403, headers
    assert served.version() == before
    assert served.gm_post(gm, "auto", version).status_code == 200
    assert served.version() == before + 1


def test_other_host_name_is_refused_on_loopback(served: Served) -> None:
    """A page of another site whose name points at 127.0.0.1 (DNS rebinding) reaches nothing."""
    gm = served.tab("gm")
    response = gm.get("/gm", headers={"host": "evil.example:8000"})
    assert response.status_code == 400


def test_get_never_changes_the_fight(served: Served) -> None:
    gm = served.tab("gm")
    before = served.version()
    assert gm.get("/gm/command?line=auto").status_code == 405
    assert gm.get("/gm/reveal?reveal=1").status_code == 405
    assert served.version() == before


def test_two_gm_tabs_never_diverge(served: Served) -> None:
    first, second = served.tab("gm"), served.tab("gm")
    seen = version_of(second.get("/gm/live").text)
    assert served.gm_post(first, "auto", seen).status_code == 200
    stale = served.gm_post(second, "auto", seen)
    assert stale.status_code == 409
    assert "behind" in stale.text
    assert version_of(stale.text) == str(served.version())  # the stale tab is refreshed
    # Both tabs now show the one stored fight, and it replays to the state served.
    assert first.get("/gm/live").text == second.get("/gm/live").text
    stored = served.call(lambda: served.session.tracker.store.events(served.session.fight_id))
    assert len(stored) == served.version()
    assert served.gm_post(second, "auto", version_of(stale.text)).status_code == 200
    assert served.gm_post(first, "undo", seen).status_code == 409


def test_terminal_writer_makes_the_tab_stale(served: Served, content: object) -> None:
    """A command stored by another writer (the terminal) meanwhile: the tab's command is refused and refreshed."""
    from estoc.play.store import EventStore
    from estoc.play.systems import fight_system
    from estoc.play.tracker import Tracker

    gm = served.tab("gm")
    seen = version_of(gm.get("/gm/live").text)
    with EventStore(served.session.db) as store:
        terminal = Tracker(store, served.session.fight_id, fight_system("harp", content))  # type: ignore[arg-type]
        terminal.command("auto")
        stored = terminal.version
    response = served.gm_post(gm, "auto", seen)
    assert response.status_code == 409
    assert version_of(response.text) == str(stored)


@pytest.mark.parametrize("url", ["/static/../app.py", "/static/%2e%2e/app.py", "/static/..%2fapp.py",
                                 "/static/estoc.css/../../app.py", "/static/templates/gm.html",
                                 "/static/%2fetc%2fpasswd", "/../../etc/passwd", "/static/"])
def test_path_traversal_is_refused(served: Served, url: str) -> None:
    tab = served.tab("gm")
    response = tab.get(url)
    assert response.status_code in (400, 404)
    assert "import" not in response.text and "root:" not in response.text
    _no_traceback(response.text)


def test_static_files_are_served(served: Served) -> None:
    tab = served.tab(None)
    assert tab.get("/static/htmx.min.js").status_code == 200
    assert "Zero-Clause BSD" in tab.get("/static/htmx-LICENSE.txt").text


def test_error_pages_show_no_traceback(served: Served, monkeypatch: pytest.MonkeyPatch, tmp_path: object) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    gm = served.tab("gm")

    def broken(line: str) -> str:
        raise RuntimeError("secret internals")

    web = served.app.state.web
    monkeypatch.setattr(web, "_run", broken)
    response = served.gm_post(gm, "auto")
    assert response.status_code == 500
    assert "secret internals" not in response.text
    _no_traceback(response.text)

    def crash(request: object) -> object:
        raise RuntimeError("secret internals")

    monkeypatch.setattr(web, "page", lambda request, role: crash(request))
    response = gm.get("/gm")
    assert response.status_code == 500
    assert "secret internals" not in response.text
    _no_traceback(response.text)
    assert gm.get("/nowhere").status_code == 404
    logs = list((Path(str(tmp_path)) / "estoc" / "logs").glob("crash-*.log"))
    assert len(logs) == 2 and all("secret internals" in log.read_text() for log in logs)  # the details, kept aside


def test_bad_forms_are_refused(served: Served) -> None:
    gm = served.tab("gm")
    headers = {"X-CSRF-Token": gm.csrf, "Origin": BASE}
    big = gm.post("/gm/command", content=b"line=" + b"a" * 20_000, headers={
        **headers, "content-type": "application/x-www-form-urlencoded"})
    assert big.status_code == 413
    other = gm.post("/gm/command", content=b"{}", headers={**headers, "content-type": "application/json"})
    assert other.status_code == 415
    long_line = served.gm_post(gm, "note orque-1 " + "x" * 600)
    assert long_line.status_code == 422


def test_keys_are_long_random_and_distinct() -> None:
    keys = Keys()
    assert len({keys.gm, keys.players, Keys().gm}) == 3
    assert min(len(keys.gm), len(keys.players)) >= 43
    assert keys.role_of_key(keys.gm) == "gm" and keys.role_of_key(keys.players) == "players"
    assert keys.role_of_key(Keys().gm) is None and keys.role_of_key("é" * 43) is None
