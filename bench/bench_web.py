"""Benchmark of the web screens: GM actions per second through HTTP, and the time from a GM action to the players'
screen (goal: under 50 ms).

A real server (uvicorn, in a thread of this process) serves the sample HARP ambush from a temporary store. The GM's
client posts commands as the page does (cookie, CSRF token, the version it saw); a players' client holds the
server-sent events stream open, as the players' page does, and notes when each new screen arrives. With Debian's
Chromium and Playwright present, the same is measured in a browser: from the GM's click to the players' page showing
the new screen. Run: ``python bench/bench_web.py``.
"""

from __future__ import annotations

import queue
import re
import tempfile
import threading
import time
from importlib import resources
from pathlib import Path

import httpx

from estoc.content.registry import load_content
from estoc.play.store import EventStore
from estoc.play.systems import fight_system, read_encounter
from estoc.play.tracker import Tracker
from estoc.web.live import CHROMIUM, LiveServer, browser_missing
from estoc.web.session import FightSession

ROUNDS = 60
"""Undo and redo pairs after each fight played to its end (actions that always change the fight)."""
FIGHTS = 3


def serve(db: Path, seed: int) -> LiveServer:
    content = load_content([])
    sample = Path(str(resources.files("estoc.play").joinpath("samples", "embuscade.yaml")))
    loaded = read_encounter(sample, content)
    with EventStore(db) as store:
        fight_id = Tracker.create(store, fight_system("harp", content), loaded.name,
                                  {"encounter": loaded.setup, "seed": seed}).fight_id
    return LiveServer(FightSession(db, fight_id, lambda s, f: Tracker(s, f, fight_system("harp", content))))


def client(server: LiveServer, url: str) -> httpx.Client:
    made = httpx.Client(base_url=server.base, timeout=30, follow_redirects=True)
    assert made.get(url.removeprefix(server.base)).status_code == 200  # follows the key's redirect: the cookie
    return made


def gm_csrf(gm: httpx.Client) -> str:
    """The CSRF token of the GM's sign-in, as its page carries it."""
    found = re.search(r'"X-CSRF-Token": "([\w-]+)"', gm.get("/gm").text)
    assert found
    return found.group(1)


def listen(server: LiveServer, players: httpx.Client, arrivals: queue.Queue[tuple[float, int]],
           stop: threading.Event) -> None:
    """The players' stream: the time each new screen arrives, with its version."""
    try:
        with players.stream("GET", "/view/events", timeout=None) as stream:
            for line in stream.iter_lines():
                if stop.is_set():
                    return
                found = re.match(r'data: <div id="(?:live|board-part)" data-version="(\d+)"', line)
                if found:
                    arrivals.put((time.perf_counter(), int(found.group(1))))
    except httpx.HTTPError:  # (the server stopped)
        return


def measure_http(folder: Path) -> tuple[list[float], list[float], int]:
    """(each action's round trip, each action's delay to the players' stream, actions)."""
    trips: list[float] = []
    pushes: list[float] = []
    actions = 0
    for seed in range(FIGHTS):
        server = serve(folder / f"http-{seed}.db", seed)
        try:
            gm = client(server, server.gm_url)
            csrf = gm_csrf(gm)
            players = client(server, server.players_url)
            arrivals: queue.Queue[tuple[float, int]] = queue.Queue()
            stop = threading.Event()
            thread = threading.Thread(target=listen, args=(server, players, arrivals, stop), daemon=True)
            thread.start()
            arrivals.get(timeout=10)  # the screen as it stands, sent on connecting
            version = int(re.search(r'data-version="(\d+)"', gm.get("/gm/live").text).group(1))  # type: ignore[union-attr]
            lines = ["auto"] * 400
            over = False
            undo_redo = [line for _ in range(ROUNDS) for line in ("undo", "redo")]
            for line in lines + undo_redo:
                if line == "auto" and over:
                    continue
                start = time.perf_counter()
                response = gm.post("/gm/command", data={"line": line, "version": str(version)},
                                   headers={"X-CSRF-Token": csrf})
                trips.append(time.perf_counter() - start)
                assert response.status_code == 200, response.text[:300]
                actions += 1
                version += 1
                while True:
                    arrived, seen = arrivals.get(timeout=10)
                    if seen == version:
                        pushes.append(arrived - start)
                        break
                over = over or 'id="over"' in response.text
            stop.set()
            gm.close()
            players.close()
        finally:
            server.stop()
    return trips, pushes, actions


def measure_browser(folder: Path) -> list[float]:
    """From the GM's click to the players' page showing the new screen, in Chromium (milliseconds apart, by the
    pages' wall clocks: both pages run in one browser on this machine)."""
    if browser_missing() is not None:
        return []
    from playwright.sync_api import sync_playwright

    delays: list[float] = []
    server = serve(folder / "browser.db", 9)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=["--no-sandbox"])
            gm = browser.new_context().new_page()
            gm.goto(server.gm_url)
            players = browser.new_context().new_page()
            players.goto(server.players_url)
            players.evaluate("""() => { window.seen = {}; new MutationObserver(() => {
                const board = document.getElementById('board-part');
                if (board && !(board.dataset.version in window.seen)) window.seen[board.dataset.version] = Date.now();
            }).observe(document.querySelector('main'), {childList: true, subtree: true}); }""")
            for _ in range(40):
                version = int(gm.locator("#board-part").get_attribute("data-version") or 0)
                line = "undo" if version % 2 == 0 else "redo"
                if version < 4:
                    line = "auto"
                selector = f"#{line}" if line != "auto" else "button[data-key='a']"
                clicked = gm.evaluate("(s) => { const t = Date.now(); document.querySelector(s).click(); return t; }",
                                      selector)
                players.wait_for_function(f"() => window.seen['{version + 1}'] !== undefined", timeout=10_000)
                shown = players.evaluate(f"() => window.seen['{version + 1}']")
                delays.append((shown - clicked) / 1000)
            browser.close()
    finally:
        server.stop()
    return delays


def ms(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return 1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        start = time.perf_counter()
        trips, pushes, actions = measure_http(folder)
        elapsed = time.perf_counter() - start
        print(f"HTTP: {actions} GM actions (auto to the end of {FIGHTS} fights, then undo/redo), "
              f"{actions / sum(trips):.0f} actions/s back to back (round trip median {ms(trips, 0.5):.1f} ms, "
              f"p95 {ms(trips, 0.95):.1f} ms; {elapsed:.1f} s with the servers' start)")
        print(f"GM action -> players' stream: median {ms(pushes, 0.5):.1f} ms, p95 {ms(pushes, 0.95):.1f} ms, "
              f"max {ms(pushes, 1.0):.1f} ms (goal < 50 ms)")
        delays = measure_browser(folder)
        if delays:
            print(f"GM's click -> players' page updated (Chromium): median {ms(delays, 0.5):.0f} ms, "
                  f"p95 {ms(delays, 0.95):.0f} ms, max {ms(delays, 1.0):.0f} ms over {len(delays)} actions "
                  f"(goal < 50 ms)")
        else:
            print(f"browser measurement skipped: {browser_missing()}")


if __name__ == "__main__":
    main()
