"""Screenshots of the GM's screen and the players' view of each system, saved under docs/ (Playwright driving
Chromium).

Run ``.venv/bin/python tools/screenshots.py`` (Chromium at /usr/bin/chromium, or ESTOC_CHROMIUM): for each sample
encounter (HARP's ambush, d100's bridge, the One Ring's ford) it serves the fight in a temporary store, in French,
plays a few commands from the GM's page (a combatant's sheet, the odds and edit panels open, beside the board) and
saves the GM's screen at 1366×900 (``docs/web-gm[-SYSTEM].png``) and the players' view on a 390-pixel phone
(``docs/web-players-phone[-SYSTEM].png``); HARP's players' view on a laptop as well (``docs/web-players.png``).
HARP's files keep their names without a suffix.
"""

from __future__ import annotations

import sys
import tempfile
from importlib import resources
from pathlib import Path
from typing import Any

from estoc.content.registry import load_content
from estoc.i18n import set_language
from estoc.play.store import EventStore
from estoc.play.systems import fight_system, read_encounter
from estoc.play.tracker import Tracker
from estoc.web.live import CHROMIUM, LiveServer, browser_missing
from estoc.web.session import FightSession

DOCS = Path(__file__).resolve().parents[1] / "docs"
RUNS: dict[str, tuple[str, list[str]]] = {
    # (each command changes the fight; a plain auto plays whoever acts: auto all stops before a hero's turn)
    "harp": ("embuscade.yaml", ["attack orque-1", "auto", "auto", "auto", "mark orque-2 silence 2",
                                "note warg afraid of fire", "auto"]),
    "d100": ("pont.yaml", ["move ysolde 10", "actions", "auto", "auto", "auto", "note gorm guards the bridge"]),
    "tor": ("gue.yaml", ["auto", "auto", "close", "fight", "auto", "auto", "mark chef-orque furieux"]),
}


def suffix(system: str) -> str:
    return "" if system == "harp" else f"-{system}"


def shoot(browser: Any, system: str) -> list[Path]:
    """The screenshots of one system's sample fight."""
    from playwright.sync_api import expect

    sample_name, commands = RUNS[system]
    content = load_content([])
    sample = Path(str(resources.files("estoc.play").joinpath("samples", sample_name)))
    loaded = read_encounter(sample, content)
    saved: list[Path] = []
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "fights.db"
        with EventStore(db) as store:
            fight_id = Tracker.create(store, fight_system(system, content), loaded.name,
                                      {"encounter": loaded.setup, "seed": 5}).fight_id
        session = FightSession(db, fight_id, lambda s, f: Tracker(s, f, fight_system(system, content)))
        server = LiveServer(session, lang="fr")
        try:
            gm = browser.new_context(viewport={"width": 1366, "height": 900}, locale="fr-FR").new_page()
            gm.goto(server.gm_url)
            players = browser.new_context(viewport={"width": 1280, "height": 800}, locale="fr-FR").new_page()
            players.goto(server.players_url)
            phone = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2,
                                        is_mobile=True, locale="fr-FR").new_page()
            phone.goto(server.players_url)
            for line in commands:
                version = gm.locator("#board-part").get_attribute("data-version")
                gm.fill("#line", line)
                gm.press("#line", "Enter")
                expect(gm.locator("#board-part")).not_to_have_attribute("data-version", version or "")
            gm.click(".sheet-link >> nth=0")  # a name clicked: its sheet in the panels' column
            gm.wait_for_selector("#sheet h3")
            gm.click("#edits-panel summary")
            if gm.locator("#odds-panel").count():
                gm.click("#odds-panel summary")
                gm.wait_for_selector("#odds-result *")
            expect(players.locator("#board-part")).to_have_attribute(
                "data-version", gm.locator("#board-part").get_attribute("data-version") or "")
            expect(phone.locator("#board-part")).to_have_attribute(
                "data-version", gm.locator("#board-part").get_attribute("data-version") or "")
            gm.evaluate("window.scrollTo(0, 0)")  # (opening a panel scrolled it into view: the screen's top)
            DOCS.mkdir(exist_ok=True)
            shots = [(gm, f"web-gm{suffix(system)}.png"), (phone, f"web-players-phone{suffix(system)}.png")]
            if system == "harp":
                shots.append((players, "web-players.png"))
            for page, name in shots:
                page.screenshot(path=str(DOCS / name))
                saved.append(DOCS / name)
            for page in (gm, players, phone):
                page.context.close()
        finally:
            server.stop()
    return saved


def main(systems: list[str] | None = None) -> int:
    reason = browser_missing()
    if reason is not None:
        print(f"screenshots: {reason}", file=sys.stderr)
        return 1
    from playwright.sync_api import sync_playwright

    set_language("fr")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=["--no-sandbox"])
        saved = [path for system in (systems or list(RUNS)) for path in shoot(browser, system)]
        browser.close()
    for path in saved:
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:] or None))
