"""Sign-ins distinct from the printed keys and revocable, CSRF per sign-in, wrong keys limited, strict Host and Origin
(loopback, and a public address off loopback), every page at the store's latest version, one rendering a change for
every screen alike, and the Markdown export escaped."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

import pytest
from tests.web.conftest import BASE, Served, Tab, TestClient, csrf_of, version_of

from estoc.content.registry import Content
from estoc.play.store import EventStore
from estoc.play.systems import fight_system
from estoc.play.tracker import Tracker
from estoc.web.app import create_app
from estoc.web.security import Keys, Throttle, parse_host, parse_origin, public_origin
from estoc.web.session import FightSession, Screen


def test_the_cookie_is_a_sign_in_not_the_key(served: Served) -> None:
    gm, players = served.tab("gm"), served.tab("players")
    values = {*gm.cookies.values(), *players.cookies.values()}
    assert len(values) == 2 and not values & {served.keys.gm, served.keys.players}
    keyed = served.tab(None)
    keyed.cookies = {"estoc_gm": served.keys.gm, "estoc_view": served.keys.players}
    assert keyed.get("/gm").status_code == 403  # the key itself is no cookie
    assert keyed.get("/view").status_code == 403
    other = served.tab("gm")
    assert other.cookies["estoc_gm"] != gm.cookies["estoc_gm"] and other.csrf != gm.csrf  # one per browser


def test_csrf_tokens_belong_to_their_sign_in(served: Served) -> None:
    first, second = served.tab("gm"), served.tab("gm")
    version = version_of(first.get("/gm/live").text)
    crossed = first.post("/gm/command", data={"line": "auto", "version": version},
                         headers={"X-CSRF-Token": second.csrf, "Origin": BASE})
    assert crossed.status_code == 403
    assert served.gm_post(first, "auto", version).status_code == 200


def test_signing_everyone_out(served: Served) -> None:
    gm, players = served.tab("gm"), served.tab("players")
    screen = Screen("players", "en")

    def listen() -> None:
        screen.queue = asyncio.Queue()
        served.session.screens.add(screen)

    served.call(listen)
    refused = players.post("/gm/signout", headers={"X-CSRF-Token": gm.csrf, "Origin": BASE})
    assert refused.status_code == 403 and players.get("/view").status_code == 200
    assert gm.post("/gm/signout", headers={"Origin": BASE}).status_code == 403  # no CSRF token: refused
    answer = gm.post("/gm/signout", headers={"X-CSRF-Token": gm.csrf, "Origin": BASE})
    assert answer.status_code == 200 and "signed out" in answer.text
    assert served.call(screen.queue.get_nowait) == b""  # the open streams end
    for tab, url in ((gm, "/gm"), (players, "/view/events")):
        refused = tab.get(url)
        assert refused.status_code == 403, url
        assert "max-age=0" in refused.headers["set-cookie"].lower()  # the stale cookie is deleted
    for tab, url in ((gm, "/gm/live"), (players, "/view")):
        assert tab.get(url).status_code == 403, url
    assert served.tab("gm").get("/gm").status_code == 200  # the printed address signs in again


def test_a_sign_in_outlives_the_server(served: Served, served_factory: Callable[..., Served]) -> None:
    gm = served.tab("gm")
    again = Served(FightSession(served.session.db, served.session.fight_id, served.session._make), served.keys)
    try:
        tab = Tab(again.client)
        tab.cookies = dict(gm.cookies)
        page = tab.get("/gm")
        assert page.status_code == 200 and csrf_of(page.text) == gm.csrf  # a page reconnecting to the next server
    finally:
        again.close()


def test_wrong_keys_are_limited(served: Served, monkeypatch: pytest.MonkeyPatch) -> None:
    from types import SimpleNamespace

    from estoc.web import security

    clock = [1000.0]  # (the limit's clock, moved by hand: the test does not depend on the machine's speed)
    monkeypatch.setattr(security, "time", SimpleNamespace(monotonic=lambda: clock[0]))
    web = served.app.state.web
    web.throttle = Throttle(burst=3, every_s=1.0)
    tab = served.tab(None)
    codes = [tab.get("/gm?key=" + "x" * 43).status_code for _ in range(5)]
    assert codes == [403, 403, 403, 429, 429]
    assert tab.get("/gm?key=" + served.keys.gm).status_code == 429  # not even looked at meanwhile
    tab.cookies = {"estoc_gm": "guess"}
    limited = tab.get("/gm")
    assert limited.status_code == 429 and "wait 1 s" in limited.text  # nor are sign-ins guessed
    clock[0] += 1.0  # one try more, a second later
    tab.cookies = {}
    assert tab.get("/gm?key=" + served.keys.gm).status_code == 303
    assert tab.get("/gm").status_code == 200  # a right sign-in counts nothing against the address
    assert tab.get("/gm?key=" + "y" * 43).status_code == 403
    assert tab.get("/gm?key=" + "y" * 43).status_code == 429
    clock[0] += 60.0
    assert [tab.get("/view?key=bad").status_code for _ in range(4)] == [403, 403, 403, 429]  # the burst, again


def test_a_signed_in_screen_is_not_held_back_by_wrong_keys_from_its_address(
        served: Served, monkeypatch: pytest.MonkeyPatch) -> None:
    from types import SimpleNamespace

    from estoc.web import security

    clock = [1000.0]
    monkeypatch.setattr(security, "time", SimpleNamespace(monotonic=lambda: clock[0]))
    served.app.state.web.throttle = Throttle(burst=3, every_s=1.0)
    gm = served.tab("gm")  # signed in before the guesses
    guesser = served.tab(None)  # the same address (a player's typo, someone behind the same router)
    assert [guesser.get("/view?key=" + "z" * 43).status_code for _ in range(4)] == [403, 403, 403, 429]
    assert gm.get("/gm").status_code == 200 and gm.get("/gm/live").status_code == 200
    guesser.cookies = {"estoc_gm": "a" * 43}
    assert guesser.get("/gm").status_code == 429  # an unknown sign-in is still refused unread


@pytest.mark.parametrize("host", ["localhost:8000@evil.example", "evil.example:8000", "127.0.0.1:8000/x",
                                  "127.0.0.1:8000 x", "127.0.0.1:99999", "127.0.0.1:", "[::1", "[zz::1]:8000",
                                  "127.0.0.1.evil.example", "", "localhost:8000\\@evil", "user@localhost:8000"])
def test_a_host_is_parsed_strictly(served: Served, host: str) -> None:
    gm = served.tab("gm")
    assert gm.get("/gm/live", headers={"host": host}).status_code == 400


@pytest.mark.parametrize("host", ["127.0.0.1:8000", "localhost:8000", "LOCALHOST:8000", "[::1]:8000", "127.0.0.1"])
def test_loopback_names_are_answered(served: Served, host: str) -> None:
    assert served.tab("gm").get("/gm/live", headers={"host": host}).status_code == 200


def test_the_parsers() -> None:
    assert parse_host("Table.Local:8123") == ("table.local", 8123)
    assert parse_host("[::1]") == ("[::1]", None)
    assert parse_host("a@b") is None and parse_host("a b") is None and parse_host("a:1:2") is None
    assert parse_origin("https://table.local") == ("https", "table.local", 443)
    assert parse_origin("http://table.local:80/") is None and parse_origin("null") is None
    assert public_origin("http://table.local:8123/") == ("http", "table.local", 8123)
    assert public_origin("http://table.local/estoc") is None and public_origin("http://u:p@table.local") is None


def test_off_loopback_only_the_public_address_is_answered(content: Content, tmp_path: Path) -> None:
    from tests.web.conftest import make_session

    session = make_session(content, tmp_path / "public.db")
    keys = Keys()
    app = create_app(session, keys, "0.0.0.0", "en", ["http://table.local:8123"])
    client = TestClient(app, base_url="http://table.local:8123", raise_server_exceptions=False)
    with client:
        assert client.get("/gm?key=" + keys.gm, follow_redirects=False).status_code == 303
        page = client.get("/gm")
        assert page.status_code == 200
        csrf, version = csrf_of(page.text), version_of(page.text)
        for host in ("evil.example:8123", "table.local:8124", "table.local", "10.0.0.5:8123"):
            assert client.get("/gm/live", headers={"host": host}).status_code == 400, host
        for origin in ("http://evil.example", "http://table.local:8124", "https://table.local:8123", "null"):
            refused = client.post("/gm/command", data={"line": "auto", "version": version},
                                  headers={"Origin": origin, "X-CSRF-Token": csrf})
            assert refused.status_code == 403, origin
        # the attacker's own name as both Host and Origin: refused at the Host already
        assert client.post("/gm/command", data={"line": "auto", "version": version}, headers={
            "host": "evil.example", "Origin": "http://evil.example", "X-CSRF-Token": csrf}).status_code == 400
        done = client.post("/gm/command", data={"line": "auto", "version": version},
                           headers={"Origin": "http://table.local:8123", "X-CSRF-Token": csrf})
        assert done.status_code == 200
    session.close()


def test_every_page_shows_the_stores_latest_version(served: Served, content: Content) -> None:
    gm, players = served.tab("gm"), served.tab("players")
    before = served.version()
    with EventStore(served.session.db) as store:  # another writer (a terminal), no stream open
        terminal = Tracker(store, served.session.fight_id, fight_system("harp", content))
        terminal.command("auto")
        stored = terminal.version
    assert stored > before
    assert version_of(gm.get("/gm/live").text) == str(stored)
    assert version_of(gm.get("/gm").text) == str(stored)
    assert f'data-version="{stored}"' in players.get("/view/live").text
    assert f'data-version="{stored}"' in players.get("/view").text
    with EventStore(served.session.db) as store:
        terminal = Tracker(store, served.session.fight_id, fight_system("harp", content))
        terminal.command("note orque-1 from-the-terminal")
    assert "from-the-terminal" in gm.get("/gm/export.md").text


def test_one_rendering_for_every_screen_alike(served: Served, monkeypatch: pytest.MonkeyPatch) -> None:
    screens = [Screen("players", "en") for _ in range(5)] + [Screen("players", "fr"), Screen("gm", "en")]

    def listen() -> None:
        for screen in screens:
            screen.queue = asyncio.Queue()
            screen.seen(served.session.tracker.records)
            served.session.screens.add(screen)

    served.call(listen)
    render = served.session.render
    assert render is not None
    calls: list[Screen] = []

    def counted(screen: Screen) -> bytes:
        calls.append(screen)
        return render(screen)

    monkeypatch.setattr(served.session, "render", counted)
    gm = served.tab("gm")
    assert served.gm_post(gm, "auto").status_code == 200
    pushed = [served.call(screen.queue.get_nowait) for screen in screens]
    assert len(calls) == 3  # the English players', the French players', the GM's
    assert all(data is pushed[0] for data in pushed[:5])  # the same bytes, not equal copies
    assert pushed[5] != pushed[0] and pushed[6] != pushed[0]


def test_the_markdown_export_escapes_names_and_notes(content: Content, tmp_path: Path) -> None:
    from tests.web.conftest import sample

    from estoc.play.systems import read_encounter

    loaded = read_encounter(sample("harp"), content)
    db = tmp_path / "named.db"
    with EventStore(db) as store:
        fight_id = Tracker.create(store, fight_system("harp", content), "<b>Ambush</b> <script>x()</script>",
                                  {"encounter": loaded.setup, "seed": 3, "beasts_flee": False}).fight_id
    served = Served(FightSession(db, fight_id, lambda s, f: Tracker(s, f, fight_system("harp", content))), Keys())
    gm = served.tab("gm")
    assert served.gm_post(gm, "note orque-1 <script>alert(1)</script>&<img src=x onerror=alert(2)>").status_code == 200
    text = gm.get("/gm/export.md").text
    assert "<script>" not in text and "<img" not in text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;&amp;&lt;img" in text
    assert text.startswith("# &lt;b&gt;Ambush&lt;/b&gt; &lt;script&gt;x()&lt;/script&gt;")
    served.close()
