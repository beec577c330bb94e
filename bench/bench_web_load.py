"""Load test of ``estoc serve``'s server, on loopback only, bounded in count and time, stopping by itself.

A real server (the bounds ``estoc serve`` runs with, :mod:`estoc.web.server`) serves the sample HARP ambush from a
temporary store, in a child process (so that the clients here do not share its interpreter). Measured:

1. the GM's actions while 200 idle half-open connections are held (goal: every action answered under 100 ms), and
   while 1,100 are opened against a server under a 1,024-descriptor limit (the GM still gets in; no EMFILE, no
   traceback on the server's terminal);
2. from a GM action to every viewer's stream with 10, 50 and 200 viewers reading (goal: median under 50 ms with 50);
3. the GM's actions with 50 viewers that never read, against none (goal: unaffected).

Run: ``python bench/bench_web_load.py`` (about a minute; ``--quick`` for a smaller run). The viewers and the GM are
clients of one event loop here: on a small machine the delays measured include their own reading.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import re
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from importlib import resources
from pathlib import Path

import httpx

ACTION_TIMEOUT_S = 10.0
"""The longest wait for one action or one push (a hung server ends the run, never hangs it)."""
RUN_LIMIT_S = 300.0
"""The child server is stopped after this, whatever happens."""
VERSION = re.compile(rb'data-version="(\d+)"')


def serve_child(folder: str, nofile: int | None) -> None:
    """In the child: make the fight, print its port and keys, serve until killed (or :data:`RUN_LIMIT_S`); with
    ``nofile``, under that descriptor limit (soft and hard: as on a machine that allows no more)."""
    import threading

    import uvicorn

    from estoc.content.registry import load_content
    from estoc.play.store import EventStore
    from estoc.play.systems import fight_system, read_encounter
    from estoc.play.tracker import Tracker
    from estoc.web.app import create_app
    from estoc.web.security import Keys
    from estoc.web.server import server_config
    from estoc.web.session import FightSession

    if nofile:
        resource.setrlimit(resource.RLIMIT_NOFILE, (nofile, nofile))
    content = load_content([])
    sample = Path(str(resources.files("estoc.play").joinpath("samples", "embuscade.yaml")))
    loaded = read_encounter(sample, content)
    db = Path(folder) / "load.db"
    with EventStore(db) as store:
        fight_id = Tracker.create(store, fight_system("harp", content), loaded.name,
                                  {"encounter": loaded.setup, "seed": 5}).fight_id
    session = FightSession(db, fight_id, lambda s, f: Tracker(s, f, fight_system("harp", content)))
    keys = Keys()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    server = uvicorn.Server(server_config(create_app(session, keys), "127.0.0.1", port, log_level="warning",
                                          timeout_graceful_shutdown=1))
    threading.Timer(RUN_LIMIT_S, lambda: setattr(server, "should_exit", True)).start()
    print(json.dumps({"port": port, "gm": keys.gm, "players": keys.players}), flush=True)
    server.run()
    os._exit(0)


class Child:
    """The server in its own process, stopped on leaving."""

    def __init__(self, nofile: int | None = None) -> None:
        self.nofile = nofile

    def __enter__(self) -> Child:
        self.folder = tempfile.TemporaryDirectory()
        limit = ["--nofile", str(self.nofile)] if self.nofile else []
        self.process = subprocess.Popen([sys.executable, __file__, "--serve", self.folder.name, *limit],
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert self.process.stdout is not None
        first = json.loads(self.process.stdout.readline())
        self.port, self.gm_key, self.players_key = first["port"], first["gm"], first["players"]
        self.base = f"http://127.0.0.1:{self.port}"
        deadline = time.monotonic() + 20
        while True:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)
        return self

    def __exit__(self, *exc: object) -> None:
        self.process.terminate()
        try:
            _out, self.errors = self.process.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            _out, self.errors = self.process.communicate()
        self.folder.cleanup()
        if "Traceback" in self.errors or "out of system resource" in self.errors:
            print(f"the server's terminal showed errors:\n{self.errors[-3000:]}", file=sys.stderr)
            raise SystemExit(1)


class Gm:
    """The GM's client: signed in, posting commands as the page does."""

    def __init__(self, child: Child) -> None:
        self.client = httpx.AsyncClient(base_url=child.base, timeout=ACTION_TIMEOUT_S)
        self.child = child
        self.version = 0
        self.csrf = ""

    async def sign_in(self) -> None:
        page = await self.client.get(f"/gm?key={self.child.gm_key}", follow_redirects=True)
        assert page.status_code == 200, page.status_code
        found = re.search(r'"X-CSRF-Token": "([\w-]+)"', page.text)
        assert found
        self.csrf = found.group(1)
        live = (await self.client.get("/gm/live")).text
        self.version = int(VERSION.search(live.encode()).group(1))  # type: ignore[union-attr]

    async def act(self, line: str) -> float:
        """One command; its round trip in seconds."""
        start = time.perf_counter()
        answer = await self.client.post("/gm/command", data={"line": line, "version": str(self.version)},
                                        headers={"X-CSRF-Token": self.csrf})
        took = time.perf_counter() - start
        assert answer.status_code == 200, answer.text[:300]
        self.version += 1
        return took

    def lines(self, count: int) -> list[str]:
        """Actions that always change the fight: a few autos, then undo and redo in turn."""
        first = ["auto"] * 4
        return (first + [("undo", "redo")[i % 2] for i in range(count)])[:count]


async def players_cookie(child: Child) -> str:
    async with httpx.AsyncClient(base_url=child.base, timeout=ACTION_TIMEOUT_S) as client:
        assert (await client.get(f"/view?key={child.players_key}")).status_code == 303
        return "; ".join(f"{k}={v}" for k, v in client.cookies.items())


class Viewer:
    """A players' screen: the event stream read as it comes, the time each version arrives."""

    def __init__(self) -> None:
        self.seen: dict[int, float] = {}
        self.ready = asyncio.Event()
        self.task: asyncio.Task[None] | None = None

    async def follow(self, port: int, cookie: str, read: bool = True) -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(f"GET /view/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nCookie: {cookie}\r\n\r\n".encode())
        await writer.drain()
        tail = b""
        try:
            if not read:
                self.ready.set()
                await asyncio.sleep(RUN_LIMIT_S)
            while True:
                chunk = await reader.read(262_144)
                if not chunk:
                    return
                now = time.perf_counter()
                text = tail + chunk
                for found in VERSION.finditer(text):
                    self.seen.setdefault(int(found.group(1)), now)
                self.ready.set()
                tail = text[-64:]
        finally:
            writer.close()


def ms(values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return (f"median {1000 * statistics.median(ordered):.1f} ms, p95 {1000 * p95:.1f} ms, "
            f"max {1000 * ordered[-1]:.1f} ms")


async def half_open(child: Child, count: int, actions: int) -> str:
    socks = []
    for _ in range(count):
        sock = socket.socket()
        sock.setblocking(False)
        with contextlib.suppress(BlockingIOError):
            sock.connect(("127.0.0.1", child.port))
        socks.append(sock)
    await asyncio.sleep(0.5)
    for sock in socks:
        with contextlib.suppress(OSError):
            sock.send(b"GET /gm HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # a head begun, never ended
    try:
        gm = Gm(child)
        await gm.sign_in()  # a fresh connection past them
        trips = [await asyncio.wait_for(gm.act(line), ACTION_TIMEOUT_S) for line in gm.lines(actions)]
        await gm.client.aclose()
        over = sum(t >= 0.1 for t in trips)
        return (f"{count} half-open connections held: {len(trips)} GM actions, {ms(trips)}; "
                f"{over} answered in 100 ms or more (goal: none)")
    finally:
        for sock in socks:
            sock.close()


async def fan_out(child: Child, viewers: int, actions: int, read: bool = True) -> tuple[list[float], list[float]]:
    """(every viewer's delay for every action, the GM's round trips) with ``viewers`` players' screens open."""
    cookie = await players_cookie(child)
    screens = [Viewer() for _ in range(viewers)]
    for screen in screens:
        screen.task = asyncio.create_task(screen.follow(child.port, cookie, read))
    await asyncio.wait_for(asyncio.gather(*(s.ready.wait() for s in screens)), ACTION_TIMEOUT_S)
    gm = Gm(child)
    await gm.sign_in()
    delays: list[float] = []
    trips: list[float] = []
    try:
        for line in gm.lines(actions):
            start = time.perf_counter()
            trips.append(await asyncio.wait_for(gm.act(line), ACTION_TIMEOUT_S))
            if read:
                deadline = time.monotonic() + ACTION_TIMEOUT_S
                while any(gm.version not in s.seen for s in screens):
                    if time.monotonic() > deadline:
                        raise TimeoutError(f"a viewer never got version {gm.version}")
                    await asyncio.sleep(0.001)
                delays += [s.seen[gm.version] - start for s in screens]
    finally:
        await gm.client.aclose()
        for screen in screens:
            assert screen.task is not None
            screen.task.cancel()
        await asyncio.gather(*(s.task for s in screens if s.task), return_exceptions=True)
    return delays, trips


async def run(quick: bool) -> None:
    actions = 20 if quick else 60
    with Child() as child:
        print(await half_open(child, 20 if quick else 200, actions))
    nofile, crowd = (400, 600) if quick else (1024, 1100)
    with Child(nofile) as child:
        print(f"under a {nofile}-descriptor limit: " + await half_open(child, crowd, 20))
    print("the server's terminal: no traceback, no EMFILE")
    for viewers in ((5,) if quick else (10, 50, 200)):
        with Child() as child:
            delays, trips = await fan_out(child, viewers, actions)
        print(f"{viewers} viewers reading: GM action -> every viewer's stream {ms(delays)} (goal < 50 ms median "
              f"with 50); GM round trip {ms(trips)}")
    with Child() as child:
        _d, alone = await fan_out(child, 0, actions, read=False)
    with Child() as child:
        _d, deaf = await fan_out(child, 5 if quick else 50, actions, read=False)
    print(f"GM round trip with no viewer {ms(alone)}; with {5 if quick else 50} viewers that never read {ms(deaf)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a smaller run (a few seconds)")
    parser.add_argument("--serve", metavar="FOLDER", help=argparse.SUPPRESS)
    parser.add_argument("--nofile", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve_child(args.serve, args.nofile)
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < 4096 <= hard or (hard == resource.RLIM_INFINITY and soft < 4096):
        resource.setrlimit(resource.RLIMIT_NOFILE, (4096, hard))  # (the clients' own sockets)
    asyncio.run(asyncio.wait_for(run(args.quick), RUN_LIMIT_S))


if __name__ == "__main__":
    main()
