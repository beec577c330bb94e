"""Screenshots of the GM's screen and the players' view, saved under docs/ (Playwright driving Debian's Chromium).

Run ``.venv/bin/python tools/screenshots.py`` (Chromium at /usr/bin/chromium, or ESTOC_CHROMIUM): it serves the
sample HARP ambush in a temporary store, plays a few commands from the GM's page and saves ``docs/web-gm.png``,
``docs/web-players.png`` and ``docs/web-players-phone.png``.
"""

from __future__ import annotations

import sys
import tempfile
from importlib import resources
from pathlib import Path

from estoc.content.registry import load_content
from estoc.play.store import EventStore
from estoc.play.systems import fight_system, read_encounter
from estoc.play.tracker import Tracker
from estoc.web.live import CHROMIUM, LiveServer, browser_missing
from estoc.web.session import FightSession

DOCS = Path(__file__).resolve().parents[1] / "docs"
COMMANDS = ["attack orque-1", "auto all", "mark orque-2 silence 2", "note warg afraid of fire", "auto all"]


def main() -> int:
    reason = browser_missing()
    if reason is not None:
        print(f"screenshots: {reason}", file=sys.stderr)
        return 1
    from playwright.sync_api import expect, sync_playwright

    content = load_content([])
    sample = Path(str(resources.files("estoc.play").joinpath("samples", "embuscade.yaml")))
    loaded = read_encounter(sample, content)
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "fights.db"
        with EventStore(db) as store:
            fight_id = Tracker.create(store, fight_system("harp", content), loaded.name,
                                      {"encounter": loaded.setup, "seed": 5}).fight_id
        session = FightSession(db, fight_id, lambda s, f: Tracker(s, f, fight_system("harp", content)))
        server = LiveServer(session)
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True,
                                                     args=["--no-sandbox"])
                gm = browser.new_context(viewport={"width": 1366, "height": 900}).new_page()
                gm.goto(server.gm_url)
                players = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
                players.goto(server.players_url)
                phone = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2,
                                            is_mobile=True).new_page()
                phone.goto(server.players_url)
                for line in COMMANDS:
                    version = gm.locator("#board-part").get_attribute("data-version")
                    gm.fill("#line", line)
                    gm.press("#line", "Enter")
                    expect(gm.locator("#board-part")).not_to_have_attribute("data-version", version or "")
                expect(players.locator("#board-part")).to_have_attribute(
                    "data-version", gm.locator("#board-part").get_attribute("data-version") or "")
                DOCS.mkdir(exist_ok=True)
                gm.screenshot(path=str(DOCS / "web-gm.png"))
                players.screenshot(path=str(DOCS / "web-players.png"))
                phone.screenshot(path=str(DOCS / "web-players-phone.png"))
                browser.close()
        finally:
            server.stop()
    for name in ("web-gm.png", "web-players.png", "web-players-phone.png"):
        print(DOCS / name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
