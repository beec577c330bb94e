"""The hostile corpus of the server: raw requests to a real server (each answered with a plain refusal or closed within
its bound, no traceback, no crash log, and the GM still served after it), and fuzzers of the names, origins, keys
and sign-ins a request can carry (never a server error, never a door opened by chance)."""

from __future__ import annotations

import re
import socket
import time
from collections.abc import Callable
from pathlib import Path

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.web.conftest import BASE, Served, version_of
from tests.web.test_doors import QUICK, closed_within, connect, cookie_header, crash_logs, gm_client, live  # noqa: F401

from estoc.web.live import LiveServer
from estoc.web.security import Throttle, is_loopback, parse_host

HEAD = b"GET /gm/live HTTP/1.1\r\nHost: 127.0.0.1\r\n"
POST = (b"POST /gm/command HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n")
CORPUS: dict[str, tuple[bytes, set[int]]] = {
    # name: (what is sent, with COOKIE and ORIGIN filled in; the statuses allowed, 0 for a close without answer)
    "nothing at all": (b"", {0}),
    "a head never ended": (b"GET /gm HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: aaaa", {0}),
    "a body never sent": (POST + b"Content-Length: 400\r\nCookie: COOKIE\r\n\r\nline=au", {0}),
    "a head of 40 KB": (b"GET /gm HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + b"a" * 40_000 + b"\r\n\r\n",
                       {0, 400, 403, 431}),
    "an address of 20 KB": (b"GET /" + b"a" * 20_000 + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
                             {0, 400, 404, 414, 431}),
    "a user in the host": (b"GET /gm/live HTTP/1.1\r\nHost: localhost:8000@evil.example\r\nCookie: COOKIE\r\n\r\n",
                           {400}),
    "another site's name": (b"GET /gm/live HTTP/1.1\r\nHost: evil.example\r\nCookie: COOKIE\r\n\r\n", {400}),
    "two hosts": (b"GET /gm/live HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\nCookie: COOKIE\r\n\r\n",
                  {400}),
    "no host": (b"GET /gm/live HTTP/1.0\r\nCookie: COOKIE\r\n\r\n", {400}),
    "a path in the host": (b"GET /gm/live HTTP/1.1\r\nHost: 127.0.0.1/gm\r\nCookie: COOKIE\r\n\r\n", {400}),
    "bytes out of ASCII": (b"GET /gm/live HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Name: \xff\xfe\x00\r\n\r\n", {0, 400}),
    "a NUL in the path": (b"GET /gm\x00/live HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", {0, 400}),
    "an encoded NUL": (b"GET /static/%00estoc.css HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", {404}),
    "broken chunks": (POST + b"Transfer-Encoding: chunked\r\nCookie: COOKIE\r\nOrigin: ORIGIN\r\n\r\nzz\r\nline\r\n",
                      {0, 400}),
    "a body longer than said": (POST + b"Content-Length: 3\r\nCookie: COOKIE\r\nOrigin: ORIGIN\r\n\r\nline=auto",
                                {0, 400, 403}),
    "the key as a cookie": (HEAD + b"Cookie: estoc_gm=GMKEY\r\n\r\n", {403}),
    "a null origin": (POST + b"Content-Length: 9\r\nCookie: COOKIE\r\nOrigin: null\r\n\r\nline=auto", {403}),
    "no CSRF token": (POST + b"Content-Length: 9\r\nCookie: COOKIE\r\nOrigin: ORIGIN\r\n\r\nline=auto", {403}),
    "a foreign referer": (POST + b"Content-Length: 9\r\nCookie: COOKIE\r\nReferer: http://evil.example/x\r\n\r\n"
                                 b"line=auto", {403}),
    "a method not taken": (b"DELETE /gm/command HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: COOKIE\r\n\r\n", {405}),
    "TRACE": (b"TRACE / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", {403, 405}),
    "a websocket upgrade": (b"GET /gm/events HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade"
                            b"\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n",
                            {0, 400, 403}),
    "pipelined requests": (HEAD + b"Cookie: COOKIE\r\n\r\n" + HEAD + b"Cookie: COOKIE\r\n\r\n", {200}),
    "a stream opened and never read": (b"GET /gm/events HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: COOKIE\r\n\r\n",
                                       {200}),
    "a client gone mid-POST": (POST + b"Content-Length: 900\r\nCookie: COOKIE\r\nOrigin: ORIGIN\r\n\r\nline=au",
                               {0}),
}


def answer_status(sock: socket.socket, seconds: float) -> int:
    """The status of the first answer on ``sock`` (0: closed without one), reading at most ``seconds``."""
    sock.settimeout(0.1)
    data = b""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and b"\r\n" not in data:
        try:
            chunk = sock.recv(4096)
        except TimeoutError:
            continue
        except ConnectionError:
            break
        if not chunk:
            break
        data += chunk
    found = re.match(rb"HTTP/1\.[01] (\d{3})", data)
    return int(found.group(1)) if found else 0


@pytest.mark.parametrize("name", list(CORPUS))
def test_the_hostile_corpus(live: Callable[..., LiveServer], tmp_path: Path, name: str) -> None:  # noqa: F811
    server = live()
    gm = gm_client(server)
    sent, allowed = CORPUS[name]
    sent = (sent.replace(b"COOKIE", cookie_header(gm)).replace(b"ORIGIN", server.base.encode())
            .replace(b"GMKEY", server.keys.gm.encode()))
    sock = connect(server, sent) if sent else connect(server)
    if name == "a client gone mid-POST":
        time.sleep(0.1)
        sock.close()
        status = 0
    else:
        status = answer_status(sock, 3)
    assert status in allowed, (name, status)
    if status == 0:
        assert name == "a client gone mid-POST" or closed_within(sock, 3)  # closed within its bound
    sock.close()
    time.sleep(0.2)
    again = gm.get("/gm/live")
    assert again.status_code == 200 and "Traceback" not in again.text
    assert not crash_logs(tmp_path), name


def test_key_guesses_are_limited_on_one_connection(live: Callable[..., LiveServer]) -> None:  # noqa: F811
    server = live()
    started = time.monotonic()
    with httpx.Client(base_url=server.base, timeout=5) as guesser:
        codes = [guesser.get(f"/gm?key={i:043d}").status_code for i in range(40)]
    took = time.monotonic() - started
    assert set(codes) == {403, 429}
    assert codes.count(403) <= 10 + took + 1  # a burst of 10, then one a second at most


HOSTS = st.one_of(st.text(max_size=40), st.from_regex(r"\A(localhost|127\.0\.0\.1|\[::1\])(:[0-9]{0,6})?.{0,8}\Z"),
                  st.sampled_from(["localhost:8000@evil.example", "127.0.0.1:8000#", "127.0.0.1:8000?",
                                   "[::1]:8000", "LocalHost:1", "127.0.0.2:8000", "0x7f.1:8000"]))


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(host=HOSTS)
def test_any_host_is_refused_unless_a_loopback_name(served: Served, host: str) -> None:
    if any(c in host for c in "\r\n\x00") or not host.isascii() or not host.isprintable():
        return  # (not a header a client can send: httpx refuses it itself)
    tab = served.tab("gm")
    status = tab.get("/gm/live", headers={"host": host}).status_code
    parsed = parse_host(host)
    assert status == (200 if parsed is not None and is_loopback(parsed[0]) else 400), (host, status)


ORIGINS = st.one_of(st.text(max_size=40), st.sampled_from([
    BASE, BASE + "/", "http://127.0.0.1:8000@evil.example", "http://127.0.0.1:80001", "https://127.0.0.1:8000",
    "http://localhost:8000", "http://127.0.0.1", "null", "http://127.0.0.1:8000.evil.example", "HTTP://127.0.0.1:8000"]))


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(origin=ORIGINS, referer=st.booleans())
def test_any_origin_but_this_server_is_refused(served: Served, origin: str, referer: bool) -> None:
    if any(c in origin for c in "\r\n\x00") or not origin.isascii() or not origin.isprintable():
        return
    tab = served.tab("gm")
    version = version_of(tab.get("/gm/live").text)
    header = {"Referer": origin + "/page"} if referer else {"Origin": origin}
    answer = tab.post("/gm/command", data={"line": "status", "version": version},
                      headers={**header, "X-CSRF-Token": tab.csrf})
    same = origin == BASE or (referer and origin in (BASE, BASE + "/"))
    assert answer.status_code == (200 if same else 403), (origin, referer, answer.status_code)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(key=st.text(max_size=60), cookie=st.text(alphabet=st.characters(min_codepoint=33, max_codepoint=126,
                                                                       exclude_characters=";,\"\\"), max_size=60))
def test_no_guessed_key_or_sign_in_opens_a_door(served: Served, key: str, cookie: str) -> None:
    served.app.state.web.throttle = Throttle(burst=10**9)  # (the limit has its own tests: here, every guess is read)
    tab = served.tab(None)
    entered = tab.get("/gm", params={"key": key})
    assert entered.status_code == (303 if key == served.keys.gm else 403)
    tab.cookies = {"estoc_gm": cookie, "estoc_view": cookie}
    assert tab.get("/gm/live").status_code == 403 and tab.get("/view/live").status_code == 403


KINDS = st.sampled_from(["application/x-www-form-urlencoded", "application/x-www-form-urlencoded; charset=latin-1",
                         "", "multipart/form-data; boundary=x", "text/plain", "application/json"])


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=st.binary(max_size=300), kind=KINDS, versioned=st.booleans())
def test_any_form_body_is_answered_without_a_server_error(served: Served, body: bytes, kind: str,
                                                         versioned: bool) -> None:
    tab = served.tab("gm")
    if versioned:  # (past the version check: into the command's own refusals)
        body = b"version=" + version_of(tab.get("/gm/live").text).encode() + b"&line=" + body
    answer = tab.post("/gm/command", content=body, headers={"content-type": kind, "X-CSRF-Token": tab.csrf,
                                                            "Origin": BASE})
    assert answer.status_code in {200, 400, 409, 413, 415, 422}, (body, kind, answer.status_code)
    assert "Traceback" not in answer.text and "site-packages" not in answer.text
