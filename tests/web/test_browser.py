"""The screens in a real browser: Playwright driving Debian's Chromium, headless, against a running server.

Outside CI a machine without Chromium or Playwright skips these tests, saying so; under ``CI=true`` they fail.
"""

from __future__ import annotations

import os
import re
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.web.conftest import make_session

from estoc.content.registry import Content
from estoc.web.live import CHROMIUM, LiveServer, browser_missing

TIMEOUT_MS = 15_000


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    reason = browser_missing()
    if reason is not None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"browser tests cannot run under CI: {reason}")
        warnings.warn(f"BROWSER TESTS SKIPPED: {reason}", stacklevel=1)
        pytest.skip(f"BROWSER TESTS SKIPPED: {reason}")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True,
                                              args=["--no-sandbox", "--disable-dev-shm-usage"])
        yield chromium
        chromium.close()


@pytest.fixture
def serve(content: Content, tmp_path: Path) -> Iterator[Callable[[str], LiveServer]]:
    servers: list[LiveServer] = []

    def start(system: str) -> LiveServer:
        server = LiveServer(make_session(content, tmp_path / f"{system}.db", system, seed=5))
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.stop()


def _pages(browser: Any, server: LiveServer) -> tuple[Any, Any]:
    """The GM's page and the players' page, each in its own browser context (its own cookies)."""
    from playwright.sync_api import expect

    expect.set_options(timeout=TIMEOUT_MS)
    gm = browser.new_context().new_page()
    gm.goto(server.gm_url)
    players = browser.new_context().new_page()
    players.goto(server.players_url)
    return gm, players


def _close(*pages: Any) -> None:
    for page in pages:
        page.context.close()


def _send(page: Any, line: str) -> None:
    page.fill("#line", line)
    page.press("#line", "Enter")


def test_harp_fight_to_the_end_while_the_players_follow(browser: Any, serve: Callable[[str], LiveServer]) -> None:
    from playwright.sync_api import expect

    server = serve("harp")
    gm, players = _pages(browser, server)
    try:
        assert gm.url.endswith("/gm") and "key=" not in gm.url  # the key left the address bar
        expect(gm.locator("#turn")).to_contain_text("to act")
        expect(players.locator("#turn")).to_have_text(gm.locator("#turn").inner_text())
        first = gm.locator("tr.current .name").inner_text()

        _send(gm, "attack orque-1")  # a typed command, estoc's dice
        expect(gm.locator("#log")).to_contain_text(f"{first} attacks Orc 1")
        expect(players.locator("#log")).to_contain_text(f"{first} attacks Orc 1")  # pushed, no reload
        expect(gm.locator("#line")).to_have_value("")

        gm.click("#undo")  # undo from the page
        expect(gm.locator("#message")).to_contain_text("Undone: attack orque-1")
        expect(players.locator("#log")).not_to_contain_text(f"{first} attacks Orc 1")
        expect(players.locator("#turn")).to_contain_text(first)

        gm.locator("h1").click()
        gm.keyboard.press("r")  # redo by its shortcut
        expect(gm.locator("#message")).to_contain_text("Redone: attack orque-1")
        expect(players.locator("#log")).to_contain_text(f"{first} attacks Orc 1")

        gm.click("#odds-panel summary")  # the exact odds of the exchange being set up
        expect(gm.locator("#odds-result")).to_contain_text("Hit")
        before = gm.locator("#odds-result .odds-head").inner_text()
        gm.locator("#parry").fill("20")
        expect(gm.locator("#odds-result .odds-head")).to_contain_text("parry 20")
        assert gm.locator("#odds-result .odds-head").inner_text() != before

        gm.click("button[data-key='a']")  # auto: the next combatant by the policy
        gm.keyboard.press("t")  # auto all, by its shortcut
        gm.fill("#line", "mark")
        gm.click("#row-orque-2 code")  # an id clicked on the board goes into the command box
        expect(gm.locator("#line")).to_have_value("mark orque-2 ")
        _send(gm, "mark orque-2 silence 2")
        expect(gm.locator("#row-orque-2 .mark")).to_contain_text("silence")
        gm.click("button[data-key='f']")  # auto to the end, heroes too
        expect(gm.locator("#over")).to_contain_text("victory")
        expect(players.locator("#over")).to_contain_text("victory")
        shown = players.locator("#live").inner_text()
        assert "silence" not in shown  # the GM's mark stays on the GM's screen
        assert "/85" not in shown  # no orc's hit points on the players' view
        assert players.locator(".words").count() >= 4
    finally:
        _close(gm, players)


def test_language_switch_and_export(browser: Any, serve: Callable[[str], LiveServer]) -> None:
    from playwright.sync_api import expect

    server = serve("harp")
    gm, players = _pages(browser, server)
    try:
        gm.click("a[lang='fr']")
        expect(gm.locator("section.log h2")).to_have_text("Récit")
        expect(gm.locator("#turn")).to_contain_text("à")
        with gm.expect_download() as download:
            gm.click("a[href='/gm/export.md']")
        text = Path(download.value.path()).read_text(encoding="utf-8")
        assert text.startswith("# Embuscade au gué")
    finally:
        _close(gm, players)


@pytest.mark.parametrize(("system", "lines", "heading"), [
    ("d100", ["actions"], "Round 1, actions"),
    ("tor", ["close", "fight"], "Round 1, resolution"),
])
def test_other_systems_start_and_play_a_turn(browser: Any, serve: Callable[[str], LiveServer], system: str,
                                             lines: list[str], heading: str) -> None:
    from playwright.sync_api import expect

    server = serve(system)
    gm, players = _pages(browser, server)
    try:
        for line in lines:
            _send(gm, line)
            expect(gm.locator("#line")).to_have_value("")
        expect(gm.locator("#turn")).to_have_text(heading)
        before = players.locator("#log p").count()
        gm.click("button[data-key='a']")
        expect(gm.locator("#message")).to_be_empty()
        expect(players.locator("#turn")).to_have_text(heading)
        # a new narration line on the players' page (a locator, not a page function: the page's CSP forbids eval)
        expect(players.locator("#log p").nth(before)).to_be_attached(timeout=TIMEOUT_MS)
        # waited for, as every check of a page here: the board's push may come a moment after the message
        expect(gm.locator("#board-part")).to_have_attribute("data-version", str(len(lines) + 2))
    finally:
        _close(gm, players)


def test_a_stale_gm_tab_is_told_and_refreshed(browser: Any, serve: Callable[[str], LiveServer]) -> None:
    """Two GM tabs: the one whose screen is behind (its push not yet come) has its command refused, is told so,
    and shows the fight as stored; the two then show the same fight."""
    from playwright.sync_api import expect

    server = serve("harp")
    first, players = _pages(browser, server)
    second = browser.new_context().new_page()
    second.goto(server.gm_url)
    try:
        seen = second.locator("#board-part").get_attribute("data-version")
        first.click("button[data-key='a']")
        expect(second.locator("#board-part")).not_to_have_attribute("data-version", seen or "")
        # The second tab decides on the version it showed before (as if the push had not reached it yet).
        second.evaluate("(v) => { document.getElementById('version').value = v; }", seen)
        second.click("button[data-key='a']")
        expect(second.locator("#message")).to_contain_text("This screen was behind")
        version = first.locator("#board-part").get_attribute("data-version")
        expect(second.locator("#board-part")).to_have_attribute("data-version", version or "")
        assert first.locator("#log").inner_text() == second.locator("#log").inner_text()
    finally:
        _close(first, players, second)


def test_gm_edits_by_keyboard(browser: Any, serve: Callable[[str], LiveServer]) -> None:
    """The edits' forms are reached and sent with the keyboard alone; the players see no GM-only edit."""
    from playwright.sync_api import expect

    server = serve("harp")
    gm, players = _pages(browser, server)
    try:
        gm.focus("#edits-panel summary")
        gm.keyboard.press("Enter")  # opens the panel
        expect(gm.locator("#edit-note input[name=text]")).to_be_visible()
        gm.focus("#edit-note select[name=who]")
        gm.keyboard.press("Tab")
        gm.keyboard.type("owes a debt")
        gm.keyboard.press("Enter")
        expect(gm.locator("#log")).to_contain_text("owes a debt")
        expect(gm.locator("#edit-note input[name=text]")).to_have_value("")
        gm.focus("#edit-state select[name=edit]")
        gm.keyboard.press("Tab")  # the combatant
        gm.keyboard.press("Tab")  # the condition
        gm.keyboard.press("Tab")  # the second combatant (a distance's)
        gm.keyboard.press("Tab")  # N
        gm.keyboard.press("Control+a")
        gm.keyboard.type("9")
        gm.keyboard.press("Enter")
        expect(gm.locator("#log")).to_contain_text("GM: ")
        expect(players.locator("#log")).not_to_contain_text("owes a debt")
    finally:
        _close(gm, players)


def test_signing_everyone_out_in_the_browser(browser: Any, serve: Callable[[str], LiveServer]) -> None:
    """The GM's button, confirmed, signs every browser out: the players' page goes offline and, reloaded, is refused;
    the printed address signs the GM in again."""
    from playwright.sync_api import expect

    server = serve("harp")
    gm, players = _pages(browser, server)
    try:
        gm.on("dialog", lambda dialog: dialog.accept())
        gm.click("#signout")
        expect(gm.locator("#message")).to_contain_text("signed out")
        expect(players.locator("body")).to_have_class(re.compile(r"\boffline\b"))
        assert players.reload().status == 403
        assert gm.reload().status == 403
        assert gm.goto(server.gm_url).status == 200
        expect(gm.locator("#board-part")).to_be_visible()
    finally:
        _close(gm, players)
