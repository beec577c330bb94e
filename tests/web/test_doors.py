"""The server's doors under hostile clients: a real server (uvicorn, in a thread) on a free loopback port, and raw
sockets that open connections and never finish them, read nothing, or go away mid-request."""

from __future__ import annotations

import contextlib
import http.client
import resource
import socket
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest
from tests.web.conftest import make_session

from estoc.content.registry import Content
from estoc.web.live import LiveServer
from estoc.web.server import DESCRIPTOR_MARGIN, HEAD_LIMIT, Limits

QUICK = Limits(head_s=0.6, body_s=0.6, keep_alive_s=1, write_stall_s=0.6, per_client=12, total=40,
               requests_per_connection=3)


@pytest.fixture
def live(content: Content, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[..., LiveServer]]:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    made: list[LiveServer] = []

    def make(limits: Limits = QUICK) -> LiveServer:
        server = LiveServer(make_session(content, tmp_path / f"live-{len(made)}.db"), limits=limits)
        made.append(server)
        return server

    yield make
    for server in made:
        server.stop()


def crash_logs(tmp_path: Path) -> list[Path]:
    return list((tmp_path / "state").rglob("crash-*.log"))


def connect(server: LiveServer, send: bytes = b"") -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=5)
    if send:
        sock.sendall(send)
    return sock


def closed_within(sock: socket.socket, seconds: float) -> bool:
    """Whether the server closes ``sock`` within ``seconds`` (whatever it sent first is read and dropped)."""
    sock.settimeout(0.1)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if not sock.recv(65536):
                return True
        except TimeoutError:
            continue
        except ConnectionError:
            return True
    return False


def gm_client(server: LiveServer) -> httpx.Client:
    client = httpx.Client(base_url=server.base, timeout=5)
    assert client.get(server.gm_url.removeprefix(server.base), follow_redirects=True).status_code == 200
    return client


def cookie_header(client: httpx.Client) -> bytes:
    return ("; ".join(f"{k}={v}" for k, v in client.cookies.items())).encode()


def test_a_connection_that_never_finishes_its_head_is_closed(live: Callable[..., LiveServer]) -> None:
    server = live()
    silent = connect(server)
    partial = connect(server, b"GET /gm HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
    start = time.monotonic()
    assert closed_within(silent, 3) and closed_within(partial, 3)
    assert time.monotonic() - start < 3
    assert server.doors.count == 0


def _answer(sock: socket.socket) -> bytes:
    sock.settimeout(5)
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            break
        data += chunk
    return data


@pytest.mark.parametrize("pieces", [1, 40])
def test_a_head_over_the_limit_is_refused_however_it_arrives(live: Callable[..., LiveServer], pieces: int) -> None:
    """One packet (h11 alone would read it at any size) or many (h11's own bound): 431, then the connection goes."""
    server = live()
    gm = gm_client(server)
    head = (b"GET /gm/live HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: " + cookie_header(gm) + b"\r\nX-Pad: "
            + b"a" * (HEAD_LIMIT + 100) + b"\r\n\r\n")
    sock = connect(server)
    step = -(-len(head) // pieces)
    with contextlib.suppress(ConnectionError):
        for at in range(0, len(head), step):
            sock.sendall(head[at:at + step])
    answer = _answer(sock)
    assert answer.split(b"\r\n", 1)[0] in (b"HTTP/1.1 431 Request Header Fields Too Large", b"HTTP/1.1 400 Bad Request")
    if pieces == 1:
        assert answer.startswith(b"HTTP/1.1 431")
    assert closed_within(sock, 3)
    small = connect(server, b"GET /gm/live HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: " + cookie_header(gm)
                    + b"\r\nX-Pad: " + b"a" * (HEAD_LIMIT // 2) + b"\r\n\r\n")
    assert _answer(small).startswith(b"HTTP/1.1 200")  # a large head within the limit is read as ever


def test_a_body_that_never_comes_is_closed_and_logs_nothing(live: Callable[..., LiveServer], tmp_path: Path) -> None:
    server = live()
    gm = gm_client(server)
    slow = connect(server, b"POST /gm/command HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: "
                           b"application/x-www-form-urlencoded\r\nContent-Length: 500\r\nCookie: "
                           + cookie_header(gm) + b"\r\n\r\nline=au")
    assert closed_within(slow, 3)
    assert not crash_logs(tmp_path)
    assert gm.get("/gm/live").status_code == 200


def test_a_client_going_away_mid_post_logs_nothing(live: Callable[..., LiveServer], tmp_path: Path) -> None:
    server = live()
    gm = gm_client(server)
    for _ in range(3):
        sock = connect(server, b"POST /gm/command HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: "
                               b"application/x-www-form-urlencoded\r\nContent-Length: 900\r\nOrigin: " +
                       server.base.encode() + b"\r\nCookie: " + cookie_header(gm) + b"\r\n\r\nline=auto&ver")
        time.sleep(0.1)
        sock.close()
    time.sleep(0.4)
    assert not crash_logs(tmp_path)
    assert gm.get("/gm/live").status_code == 200


def test_the_gm_gets_in_past_a_crowd_of_half_open_connections(live: Callable[..., LiveServer]) -> None:
    server = live(Limits(head_s=30, per_client=12, total=40))
    crowd = [connect(server) for _ in range(60)]
    time.sleep(0.3)
    assert server.doors.count <= 12
    for _ in range(5):
        gm = gm_client(server)  # every time a fresh connection: it takes the place of the oldest half-open one
        started = time.perf_counter()
        assert gm.get("/gm/live").status_code == 200
        assert time.perf_counter() - started < 1.0
        gm.close()
    assert server.doors.evicted >= 48
    assert sum(closed_within(sock, 0.05) for sock in crowd) >= 48  # the oldest were closed
    for sock in crowd:
        sock.close()


def test_the_total_bound_stays_under_the_descriptor_limit() -> None:
    soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    capped = Limits(total=10**7, per_client=10**7).capped()
    now = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    assert capped.total <= now - DESCRIPTOR_MARGIN and capped.per_client <= capped.total
    assert now >= soft  # raised toward the hard limit, never lowered
    assert Limits(total=100).capped().total == 100


def test_one_connection_serves_a_bounded_number_of_requests(live: Callable[..., LiveServer]) -> None:
    server = live()
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
    closes = []
    for _ in range(QUICK.requests_per_connection):
        conn.request("GET", "/static/estoc.css")
        response = conn.getresponse()
        response.read()
        closes.append(response.getheader("connection"))
    assert closes[:-1] == [None] * (QUICK.requests_per_connection - 1) and closes[-1] == "close"
    conn.close()


def test_an_idle_kept_alive_connection_is_closed(live: Callable[..., LiveServer]) -> None:
    server = live()
    sock = connect(server, b"GET /static/estoc.css HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    assert closed_within(sock, 4)


def test_a_viewer_that_never_reads_is_dropped_and_the_gm_is_not_slowed(live: Callable[..., LiveServer],
                                                                         tmp_path: Path) -> None:
    server = live(Limits(write_stall_s=0.5, send_buffer=8192))
    players = httpx.Client(base_url=server.base, timeout=5)
    assert players.get(server.players_url.removeprefix(server.base), follow_redirects=True).status_code == 200
    deaf = socket.socket()
    deaf.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    deaf.connect(("127.0.0.1", server.port))
    deaf.sendall(b"GET /view/events HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: " + cookie_header(players) + b"\r\n\r\n")
    gm = gm_client(server)
    time.sleep(0.2)
    assert len(server.session.screens) == 1
    trips = []
    version = int(gm.get("/gm/live").text.split('data-version="')[1].split('"')[0])
    csrf = gm.get("/gm").text.split('"X-CSRF-Token": "')[1].split('"')[0]
    for line in ["auto"] * 6 + ["undo", "redo"] * 60:
        started = time.perf_counter()
        answer = gm.post("/gm/command", data={"line": line, "version": str(version)},
                         headers={"X-CSRF-Token": csrf})
        trips.append(time.perf_counter() - started)
        assert answer.status_code == 200, answer.text[:200]
        version += 1
    time.sleep(1.0)
    assert not server.session.screens  # dropped: its queue was full, or its connection stalled
    assert closed_within(deaf, 3)
    assert sorted(trips)[len(trips) // 2] < 0.25
    assert not crash_logs(tmp_path)


class FakeConn:
    """A connection as the doors see it: its client's address, and whether it was closed."""

    def __init__(self, peer: str) -> None:
        self.peer = peer
        self.admitted = False
        self.dropped = False

    def drop(self) -> None:
        self.dropped = True


def test_the_doors_make_room_by_the_oldest_waiting_connection() -> None:
    from estoc.web.server import Doors

    doors = Doors(Limits(per_client=3, total=5))
    first = [FakeConn("10.0.0.1") for _ in range(3)]
    for conn in first:
        assert doors.admit(conn)  # type: ignore[arg-type]
        conn.admitted = True
    doors.busy(first[0])  # type: ignore[arg-type]  (a request in flight: never evicted)
    extra = FakeConn("10.0.0.1")
    assert doors.admit(extra)  # type: ignore[arg-type]  (over the client's bound: its oldest waiting one goes)
    assert not first[0].dropped and first[1].dropped and not first[2].dropped
    others = [FakeConn("10.0.0.2") for _ in range(3)]
    for conn in others:
        assert doors.admit(conn)  # type: ignore[arg-type]
    assert first[2].dropped and doors.count == 5  # over the total: the oldest waiting of anyone
    for conn in (extra, *others):
        doors.busy(conn)  # type: ignore[arg-type]
    assert not doors.admit(FakeConn("10.0.0.3"))  # type: ignore[arg-type]  (every one busy: refused)
    assert doors.refused == 1 and doors.evicted == 2
    doors.forget(first[0])  # type: ignore[arg-type]
    assert doors.admit(FakeConn("10.0.0.3"))  # type: ignore[arg-type]
