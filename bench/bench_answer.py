"""Benchmark of a player's answer: from the phone's POST of a die to the GM's screen and another player's phone
receiving the fight without the question, on their server-sent events streams (goal: under 50 ms median).

A real server (uvicorn, in a thread of this process) serves the sample HARP ambush with the players' dice asked.
Each round, the GM's client posts Faralinde's blow with its attack typed (it asks her critical), her phone answers
the critical with a face (measured), and the GM undoes the blow for the next round. The GM's stream and Brundar's
phone's stream note when the screen after the answer arrives. Run: ``python bench/bench_answer.py [-n ANSWERS]``.
"""

from __future__ import annotations

import argparse
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
from estoc.web.live import LiveServer
from estoc.web.session import FightSession

BLOW = "attaquer orque-1 jet 90"
"""Faralinde's first blow (seed 7): its attack typed, it asks her player's critical."""
VERSION = re.compile(r'data: <div id="(?:live|board-part)" data-version="(\d+)"')


def serve(db: Path) -> LiveServer:
    content = load_content([])
    sample = Path(str(resources.files("estoc.play").joinpath("samples", "embuscade.yaml")))
    loaded = read_encounter(sample, content)
    with EventStore(db) as store:
        fight_id = Tracker.create(store, fight_system("harp", content), loaded.name,
                                  {"encounter": loaded.setup, "seed": 7, "beasts_flee": False}).fight_id
    return LiveServer(FightSession(db, fight_id, lambda s, f: Tracker(s, f, fight_system("harp", content)),
                                   asking=True))


def signed(server: LiveServer, url: str) -> httpx.Client:
    made = httpx.Client(base_url=server.base, timeout=30, follow_redirects=True)
    assert made.get(url.removeprefix(server.base)).status_code == 200  # follows the key's redirect: the cookie
    return made


def token(page: str) -> str:
    found = re.search(r'"X-CSRF-Token": "([\w-]+)"', page)
    assert found, page[:300]
    return found.group(1)


def listen(client: httpx.Client, path: str, arrivals: queue.Queue[tuple[float, int]], stop: threading.Event) -> None:
    """A screen's stream: the time each screen arrives, with its version."""
    try:
        with client.stream("GET", path, timeout=None) as stream:
            for line in stream.iter_lines():
                if stop.is_set():
                    return
                found = VERSION.match(line)
                if found:
                    arrivals.put((time.perf_counter(), int(found.group(1))))
    except httpx.HTTPError:  # (the server stopped)
        return


def arrival(arrivals: queue.Queue[tuple[float, int]], version: int) -> float:
    while True:
        when, seen = arrivals.get(timeout=10)
        if seen == version:
            return when


def measure(folder: Path, answers: int) -> tuple[list[float], list[float], list[float]]:
    """(each answer's round trip, its delay to the GM's stream, its delay to the other phone's stream)."""
    trips: list[float] = []
    to_gm: list[float] = []
    to_phone: list[float] = []
    server = serve(folder / "answer.db")
    stop = threading.Event()
    try:
        gm = signed(server, server.gm_url)
        page = gm.get("/gm").text
        csrf = token(page)
        links = dict(re.findall(r'id="link-([\w-]+)">.*?<code class="url">([^<]+)</code>', page, re.S))
        phone = signed(server, links["faralinde"])
        phone_csrf = token(phone.get("/view").text)
        other = signed(server, links["brundar"])
        streams: list[queue.Queue[tuple[float, int]]] = [queue.Queue(), queue.Queue()]
        for client, path, arrivals in ((gm, "/gm/events", streams[0]), (other, "/view/events", streams[1])):
            threading.Thread(target=listen, args=(client, path, arrivals, stop), daemon=True).start()
            arrivals.get(timeout=10)  # the screen as it stands, sent on connecting
        version = int(re.search(r'data-version="(\d+)"', gm.get("/gm/live").text).group(1))  # type: ignore[union-attr]
        for face in range(answers):
            asked = gm.post("/gm/command", data={"line": BLOW, "version": str(version)},
                            headers={"X-CSRF-Token": csrf})
            number = re.search(r'id="question" data-number="(\d+)"', asked.text)
            assert asked.status_code == 200 and number, asked.text[:300]
            start = time.perf_counter()
            given = phone.post("/view/answer", data={"number": number.group(1), "do": "face",
                                                     "face": str(1 + face % 100)},
                               headers={"X-CSRF-Token": phone_csrf})
            trips.append(time.perf_counter() - start)
            assert given.status_code == 200, given.text[:300]
            version += 1
            to_gm.append(arrival(streams[0], version) - start)
            to_phone.append(arrival(streams[1], version) - start)
            undone = gm.post("/gm/command", data={"line": "undo", "version": str(version)},
                             headers={"X-CSRF-Token": csrf})
            assert undone.status_code == 200, undone.text[:300]
            version += 1
        for client in (gm, phone, other):
            client.close()
    finally:
        stop.set()
        server.stop()
    return trips, to_gm, to_phone


def ms(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return 1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", "--answers", type=int, default=200, help="answers measured (default 200)")
    count = max(1, parser.parse_args().answers)
    with tempfile.TemporaryDirectory() as name:
        trips, to_gm, to_phone = measure(Path(name), count)
    print(f"{count} players' answers (a HARP critical, from the phone):")
    print(f"  answer's round trip: median {ms(trips, 0.5):.1f} ms, p95 {ms(trips, 0.95):.1f} ms")
    print(f"  answer -> GM's stream: median {ms(to_gm, 0.5):.1f} ms, p95 {ms(to_gm, 0.95):.1f} ms (goal < 50 ms)")
    print(f"  answer -> other phone's stream: median {ms(to_phone, 0.5):.1f} ms, p95 {ms(to_phone, 0.95):.1f} ms "
          f"(goal < 50 ms)")


if __name__ == "__main__":
    main()
