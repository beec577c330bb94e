"""Who may do what on the server: the GM's secret, the players' read-only secret, the CSRF token, the origin.

Each secret is long and random (``secrets.token_urlsafe``), compared in constant time. The first visit brings it in
the address (``?key=…``); the server answers with a cookie (HttpOnly, SameSite=Strict) and sends the browser to the
same page without it, so that the secret leaves the address bar and the history. A state-changing request needs the
GM's cookie, the CSRF token the GM's page carries, and, when the browser names one, an Origin that is this server.
"""

from __future__ import annotations

import ipaddress
import secrets
from dataclasses import dataclass, field

from starlette.requests import Request

GM = "gm"
PLAYERS = "players"
COOKIES = {GM: "estoc_gm", PLAYERS: "estoc_view"}
LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1", "[::1]"})


def _token() -> str:
    return secrets.token_urlsafe(32)  # 256 bits


@dataclass(frozen=True)
class Keys:
    """A server's secrets: the GM's, the players', and the CSRF token of the GM's pages."""

    gm: str = field(default_factory=_token)
    players: str = field(default_factory=_token)
    csrf: str = field(default_factory=_token)

    def role_of_key(self, key: str | None) -> str | None:
        """Whose secret ``key`` is (``GM``, ``PLAYERS``), or ``None``; each comparison takes constant time."""
        if not key:
            return None
        given = key.encode("utf-8", "replace")
        is_gm = secrets.compare_digest(given, self.gm.encode())
        is_players = secrets.compare_digest(given, self.players.encode())
        return GM if is_gm else PLAYERS if is_players else None

    def role(self, request: Request) -> str | None:
        """The role a request's cookies carry: the GM's cookie counts for the GM only, the players' for reading."""
        if self.role_of_key(request.cookies.get(COOKIES[GM])) == GM:
            return GM
        if self.role_of_key(request.cookies.get(COOKIES[PLAYERS])) == PLAYERS:
            return PLAYERS
        return None

    def csrf_ok(self, request: Request, form_token: str | None) -> bool:
        token = request.headers.get("x-csrf-token") or form_token or ""
        return secrets.compare_digest(token.encode("utf-8", "replace"), self.csrf.encode())


def same_origin(request: Request) -> bool:
    """Whether the browser's Origin (or, without one, its Referer) is this server; a request that names neither
    (a program, not a page) passes, since it must still carry the GM's cookie and the CSRF token."""
    origin = request.headers.get("origin")
    if origin is None:
        referer = request.headers.get("referer")
        if referer is None:
            return True
        origin = "/".join(referer.split("/")[:3])
    host = request.headers.get("host", "")
    return origin in (f"http://{host}", f"https://{host}")


def is_loopback(host: str) -> bool:
    if host in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def host_allowed(request: Request, bound: str) -> bool:
    """A server bound to loopback answers only requests addressed to a loopback name (a page of another site that
    points its own name at 127.0.0.1, « DNS rebinding », is refused); one bound to a network answers any."""
    if not is_loopback(bound):
        return True
    host = request.headers.get("host", "")
    name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
    return is_loopback(name)
