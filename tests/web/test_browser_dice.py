"""The players' dice asked in a real browser: the GM's screen and two players' phones (390 px wide), each signed in
with its character's own link read off the GM's screen (Playwright driving Debian's Chromium, headless)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.web.test_browser import TIMEOUT_MS, browser  # noqa: F401  (the module's Chromium, shared)
from tests.web.test_dice_asked import D100_AUTOS, HARP_HIT, asking_session

from estoc.content.registry import Content
from estoc.web.live import LiveServer

PHONE = {"width": 390, "height": 844}


@pytest.fixture
def serve(content: Content, tmp_path: Path) -> Iterator[Callable[[str], LiveServer]]:
    servers: list[LiveServer] = []

    def start(system: str) -> LiveServer:
        server = LiveServer(asking_session(content, tmp_path / f"{system}.db", system))
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.stop()


def _table(browser: Any, server: LiveServer, *characters: str) -> tuple[Any, list[Any]]:  # noqa: F811
    """The GM's page, and a phone for each character, opened on the link the GM's screen shows for it."""
    from playwright.sync_api import expect

    expect.set_options(timeout=TIMEOUT_MS)
    gm = browser.new_context().new_page()
    gm.goto(server.gm_url)
    phones = []
    for who in characters:
        url = gm.locator(f"#link-{who} .url").text_content()
        assert url and url.startswith(f"{server.base}/view?key=")
        assert gm.locator(f"#link-{who} .qr svg").count() == 1
        phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
        phone.goto(url)
        expect(phone.locator("#live")).to_be_visible()
        phones.append(phone)
    return gm, phones


def _send(page: Any, line: str) -> None:
    page.fill("#line", line)
    page.press("#line", "Enter")


def _forged(phone: Any, number: str) -> int:
    """A phone posting an answer to a die not its own, with its own sign-in and token (as a crafted page would)."""
    status: int = phone.evaluate("""async (number) => {
        const token = JSON.parse(document.body.getAttribute("hx-headers"))["X-CSRF-Token"];
        const answer = await fetch("/view/answer", {method: "POST", headers: {"X-CSRF-Token": token,
            "Content-Type": "application/x-www-form-urlencoded"}, body: "number=" + number + "&do=face&face=3"});
        return answer.status; }""", number)
    return status


def test_a_harp_critical_is_asked_on_its_players_phone(browser: Any, serve: Callable[[str], LiveServer]) -> None:  # noqa: F811
    from playwright.sync_api import expect

    server = serve("harp")
    gm, (faralinde, brundar) = _table(browser, server, "faralinde", "brundar")
    _send(gm, HARP_HIT)
    expect(gm.locator("#question h2")).to_contain_text("Faralinde")
    expect(faralinde.locator("#question h2")).to_contain_text("critical")
    expect(faralinde.locator("#question #face")).to_be_visible()
    expect(faralinde.locator("#cancel-command")).to_have_count(0)
    expect(brundar.locator("#question .waiting")).to_contain_text("Faralinde")
    expect(brundar.locator("#question form")).to_have_count(0)
    number = faralinde.locator("#question").get_attribute("data-number")
    assert number and _forged(brundar, number) == 403
    box = faralinde.locator("#face").bounding_box()
    assert box and box["x"] + box["width"] <= PHONE["width"]  # the field fits the phone
    faralinde.fill("#face", "200")
    faralinde.click("#give")
    expect(faralinde.locator("#answer-message")).to_contain_text("1 to 100")
    expect(faralinde.locator("#question #face")).to_be_visible()
    faralinde.fill("#face", "77")
    faralinde.click("#give")
    expect(faralinde.locator("#answer-message")).to_contain_text("your die is given")
    for page in (gm, faralinde, brundar):
        expect(page.locator("#question")).to_have_count(0)
    expect(gm.locator("#log")).to_contain_text("77")
    for page in (gm, faralinde, brundar):
        page.context.close()


def test_a_d100_defence_is_asked_of_the_defender(browser: Any, serve: Callable[[str], LiveServer]) -> None:  # noqa: F811
    from playwright.sync_api import expect

    server = serve("d100")
    gm, (ysolde, odon) = _table(browser, server, "ysolde", "odon")
    for _turn in range(D100_AUTOS):
        shown = gm.locator("#log").inner_text()
        gm.click("button[data-key=a]")
        expect(gm.locator("#log")).not_to_have_text(shown)
    expect(gm.locator("#question h2")).to_contain_text("Ysolde")
    expect(ysolde.locator("#question h2")).to_contain_text("Ysolde")
    expect(odon.locator("#question form")).to_have_count(0)
    number = ysolde.locator("#question").get_attribute("data-number")
    assert number and _forged(odon, number) == 403
    expect(ysolde.locator("#question")).to_have_count(1)
    ysolde.click("#estoc-rolls")
    for page in (gm, ysolde, odon):
        expect(page.locator(f'#question[data-number="{number}"]')).to_have_count(0)
    for page in (gm, ysolde, odon):
        page.context.close()


def test_the_gm_answers_on_the_board(browser: Any, serve: Callable[[str], LiveServer]) -> None:  # noqa: F811
    from playwright.sync_api import expect

    server = serve("harp")
    gm, (faralinde,) = _table(browser, server, "faralinde")
    _send(gm, HARP_HIT)
    expect(faralinde.locator("#question #face")).to_be_visible()
    gm.fill("#question #face", "500")
    gm.click("#question #give")
    expect(gm.locator("#message")).to_contain_text("1 to 100")
    expect(gm.locator("#question")).to_have_count(1)
    gm.click("#cancel-command")
    expect(gm.locator("#message")).to_contain_text("Cancelled, nothing stored")
    for page in (gm, faralinde):
        expect(page.locator("#question")).to_have_count(0)
    _send(gm, HARP_HIT)
    expect(faralinde.locator("#question #face")).to_be_visible()
    gm.click("#estoc-rolls")
    for page in (gm, faralinde):
        expect(page.locator("#question")).to_have_count(0)
    expect(gm.locator("#board-part")).to_have_attribute("data-version", str(int(
        faralinde.locator("#board-part").get_attribute("data-version") or 0)))
    for page in (gm, faralinde):
        page.context.close()
