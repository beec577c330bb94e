"""The GM's board in the browser (issue 28): hit points or endurance edited in one click, the edit and odds panels
beside the board at 1366×900 (stacked under it on a phone), the odds panel on whoever acts, a place for a sheet."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from tests.web.conftest import BASE, Served, version_of
from tests.web.test_browser import TIMEOUT_MS, _close, _send, browser, serve  # noqa: F401 (fixtures)

from estoc.web.live import LiveServer


@pytest.mark.parametrize(("system", "word", "who"), [("harp", "pdv", "orque-1"), ("d100", "pdv", "jacquot-1"),
                                                     ("tor", "endurance", "orc-soldat-1")])
def test_the_board_offers_its_numbers_to_edit_and_a_sheet(served_factory: Callable[..., Served], system: str,
                                                          word: str, who: str) -> None:
    served = served_factory(system)
    gm = served.tab("gm")
    page = gm.get("/gm").text
    form = re.search(rf'<form class="hp-edit" id="hp-{who}"[^>]*>', page)
    assert form and f'data-edit="{word}"' in form.group(0) and f'data-who="{who}"' in form.group(0)
    assert 'hx-post="/gm/command"' in form.group(0)
    assert f'data-form="hp-{who}"' in page
    assert 'id="sheet"' in page and f'hx-get="/fight/{served.session.fight_id}/sheet/{who}"' in page
    assert 'hx-target="#sheet"' in page
    # the panels come after the live part (the board), in their own column
    assert page.index('id="live"') < page.index('id="panels"') < page.index('id="edits-panel"')
    players = served.tab("players").get("/view").text
    assert "hp-edit" not in players and "sheet-link" not in players


@pytest.mark.parametrize(("system", "line", "who", "key"), [("harp", "pdv orque-1 12", "orque-1", "hp"),
                                                            ("d100", "pdv jacquot-1 5", "jacquot-1", "hp"),
                                                            ("tor", "endurance orc-soldat-1 4", "orc-soldat-1",
                                                             "endurance")])
def test_the_line_the_board_posts_sets_the_numbers_and_is_undone(served_factory: Callable[..., Served], system: str,
                                                                 line: str, who: str, key: str) -> None:
    served = served_factory(system)
    gm = served.tab("gm")
    version = version_of(gm.get("/gm/live").text)
    answer = gm.post("/gm/command", data={"line": line, "version": version},
                     headers={"X-CSRF-Token": gm.csrf, "Origin": BASE})
    assert answer.status_code == 200
    value = int(line.split()[-1])
    shown = served.call(lambda: served.session.tracker.fight.view())
    assert next(r for r in shown["combatants"] if r["id"] == who)[key] == value
    assert f">{value}/" in gm.get("/gm/live").text
    assert served.gm_post(gm, "undo").status_code == 200
    shown = served.call(lambda: served.session.tracker.fight.view())
    assert next(r for r in shown["combatants"] if r["id"] == who)[key] != value


def test_ob_and_db_are_the_gms_and_the_heroes(served_factory: Callable[..., Served]) -> None:
    served = served_factory("harp")
    gm = served.tab("gm").get("/gm/live").text
    assert ">OB<" in gm and ">DB<" in gm
    players = served.tab("players").get("/view/live").text
    foe = re.search(r'<tr id="row-orque-1".*?</tr>', players, re.S)
    assert foe is not None
    assert re.findall(r'<td class="num"[^>]*>([^<]*)</td>', foe.group(0)) == ["", ""]  # an adversary's numbers veiled
    hero = re.search(r'<tr id="row-brundar".*?</tr>', players, re.S)
    assert hero is not None and len(re.findall(r'<td class="num"[^>]*>(\d+)</td>', hero.group(0))) == 2


def _box(page: Any, selector: str) -> dict[str, float]:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return box  # type: ignore[no-any-return]


@pytest.mark.parametrize("system", ["harp", "d100", "tor"])
def test_panels_beside_the_board_at_1366_and_under_it_on_a_phone(browser: Any,  # noqa: F811
                                                                   serve: Callable[[str], LiveServer],  # noqa: F811
                                                                   system: str) -> None:
    from playwright.sync_api import expect

    expect.set_options(timeout=TIMEOUT_MS)
    server = serve(system)
    gm = browser.new_context(viewport={"width": 1366, "height": 900}).new_page()
    gm.goto(server.gm_url)
    gm.click("#edits-panel summary")
    if gm.locator("#odds-panel").count():
        gm.click("#odds-panel summary")
    board, edits = _box(gm, "#board-part .board"), _box(gm, "#edits-panel")
    assert board["y"] < 300, board  # the board's top in the first screen, under the command box
    assert edits["x"] >= board["x"] + board["width"] - 1  # beside it, not above it
    assert edits["y"] < 900 and _box(gm, "#board-part tbody tr")["y"] < 900
    assert gm.evaluate("document.documentElement.scrollWidth") <= 1366  # an open panel never widens the page
    if gm.locator("#odds-panel").count():
        odds = _box(gm, "#odds-panel")
        assert odds["x"] >= board["x"] + board["width"] - 1 and odds["y"] < 900
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True).new_page()
    phone.goto(server.gm_url)
    assert _box(phone, "#edits-panel")["y"] > _box(phone, "#board-part .board")["y"]  # stacked under it
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 390 + 1, width
    _close(gm, phone)


def test_one_click_edits_hit_points_and_the_odds_follow_the_turn(browser: Any,  # noqa: F811
                                                                 serve: Callable[[str], LiveServer]) -> None:  # noqa: F811
    from playwright.sync_api import expect

    expect.set_options(timeout=TIMEOUT_MS)
    server = serve("harp")
    gm = browser.new_context(viewport={"width": 1366, "height": 900}).new_page()
    gm.goto(server.gm_url)
    _send(gm, "auto")
    expect(gm.locator("#board-part")).not_to_have_attribute("data-current", "")
    # the odds panel's attacker is whoever acts on the board, once both have been drawn (read together: the board
    # may move on to the next turn between two separate reads on a loaded machine)
    gm.wait_for_function("""() => {
        const board = document.querySelector('#board-part');
        const attacker = document.querySelector('#odds select[name=attacker]');
        return board && attacker && board.dataset.current && attacker.value === board.dataset.current;
    }""", timeout=TIMEOUT_MS)
    gm.click('button[data-form="hp-orque-1"]')
    box = gm.locator("#hp-orque-1 input")
    expect(box).to_be_focused()
    box.fill("9")
    box.press("Enter")
    expect(gm.locator("#row-orque-1 .numbers")).to_contain_text("9/")
    assert "orque-1" in gm.locator("#message").inner_text() or gm.locator("#log").inner_text()
    _close(gm)


@pytest.mark.parametrize(("system", "who"), [("harp", "orque-1"), ("d100", "gorm"), ("tor", "eirik-de-dale")])
def test_a_clicked_name_shows_its_sheet_beside_the_board(browser: Any,  # noqa: F811
                                                         serve: Callable[[str], LiveServer],  # noqa: F811
                                                         system: str, who: str) -> None:
    """At 1366×900 the sheet opens in the panels' column, beside the board, in one container (no .sheet in it)."""
    from playwright.sync_api import expect

    expect.set_options(timeout=TIMEOUT_MS)
    server = serve(system)
    gm = browser.new_context(viewport={"width": 1366, "height": 900}).new_page()
    gm.goto(server.gm_url)
    assert not gm.locator("#sheet").is_visible()  # empty: hidden until a name is clicked
    gm.click(f'.sheet-link[data-who="{who}"]')
    expect(gm.locator("#sheet h3")).to_contain_text(f"({who})")
    assert gm.locator(".sheet").count() == 1 and gm.locator("#sheet .sheet, #sheet section").count() == 0
    board, sheet = _box(gm, "#board-part .board"), _box(gm, "#sheet")
    assert sheet["x"] >= board["x"] + board["width"] - 1 and sheet["y"] < 300  # beside it, at the top
    assert sheet["height"] <= 900 * 0.45 + 2  # held to its share of the screen
    gm.click("#edits-panel summary")
    assert gm.evaluate("document.documentElement.scrollWidth") <= 1366  # nor the edits beside it
    _close(gm)
