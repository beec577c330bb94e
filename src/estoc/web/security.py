"""Who may do what on the server: the printed keys, the sign-ins they open, the CSRF tokens, the names and origins.

Each key is long and random (``secrets.token_urlsafe``), compared in constant time. The first visit brings it in
the address (``?key=…``); the server opens a sign-in for that browser — a token of its own in a cookie (HttpOnly,
SameSite=Strict), never the key, with a CSRF token of its own — and sends it to the same page without the key, so
that the key leaves the address bar and the history. Sign-ins are revocable (:mod:`.access`). Wrong keys and
unknown sign-ins are limited per client address (:class:`Throttle`). A request is answered only when its Host names
this server: a loopback name, or the public address the GM gave (``--public-url``); a state-changing request needs
the GM's sign-in, its CSRF token, and, when the browser names one, an Origin that is this server. A player
character's own link (``pc:ID``) signs in as a players' view that may also answer that character's dice, with the
same CSRF and Origin checks, and nothing else.
"""

from __future__ import annotations

import ipaddress
import re
import secrets
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from starlette.requests import Request

from estoc.web.access import add_signin, digest, drop_signins, find_signin

GM = "gm"
PLAYERS = "players"
CHARACTER = "pc:"
"""The role of a player character's own link: ``pc:`` and the combatant's id (the players' view, and that
character's dice to answer)."""
COOKIES = {GM: "estoc_gm", PLAYERS: "estoc_view"}
LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1", "[::1]"})
WILDCARDS = frozenset({"0.0.0.0", "::", ""})
RECHECK_S = 5.0
"""How long a sign-in found is trusted before the store is read again (another server may have signed it out)."""
TOKEN_LIMIT = 100
"""The longest key or sign-in token looked at (ours are 43 characters)."""

_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
_HOST = rf"(?P<host>{_LABEL}(?:\.{_LABEL})*|\[[0-9A-Fa-f:.]{{2,45}}\])(?::(?P<port>[0-9]{{1,5}}))?"
HOST = re.compile(_HOST)
ORIGIN = re.compile(rf"(?P<scheme>https?)://{_HOST}")
DEFAULT_PORTS = {"http": 80, "https": 443}


def owner_of(role: str) -> str | None:
    """The player character a role answers for (``pc:ID``), or ``None`` (the GM, the players' shared view)."""
    return role[len(CHARACTER):] if role.startswith(CHARACTER) else None


def cookie_of(role: str) -> str:
    """The cookie of a role's sign-in: a player character's link signs in as a players' view."""
    return COOKIES[GM] if role == GM else COOKIES[PLAYERS]


def character_of_key(keys: dict[str, str], key: str | None) -> str | None:
    """The player character whose own key ``key`` is, or ``None``; every key is compared, in constant time."""
    if not key or len(key) > TOKEN_LIMIT:
        return None
    given = key.encode("utf-8", "replace")
    found = None
    for who, known in keys.items():
        if secrets.compare_digest(given, known.encode()):
            found = who
    return found


def _token() -> str:
    return secrets.token_urlsafe(32)  # 256 bits


@dataclass(frozen=True)
class Keys:
    """A server's printed keys: the GM's and the players' (read only)."""

    gm: str = field(default_factory=_token)
    players: str = field(default_factory=_token)

    def role_of_key(self, key: str | None) -> str | None:
        """Whose key ``key`` is (``GM``, ``PLAYERS``), or ``None``; each comparison takes constant time."""
        if not key or len(key) > TOKEN_LIMIT:
            return None
        given = key.encode("utf-8", "replace")
        is_gm = secrets.compare_digest(given, self.gm.encode())
        is_players = secrets.compare_digest(given, self.players.encode())
        return GM if is_gm else PLAYERS if is_players else None


@dataclass(frozen=True)
class SignIn:
    """One browser signed in: its role and its CSRF token."""

    role: str
    csrf: str
    digest: str


class SignIns:
    """The browsers signed in to one fight: kept in its store, and in memory for :data:`RECHECK_S`."""

    def __init__(self, db: Path, fight_id: str) -> None:
        self.db = db
        self.fight_id = fight_id
        self._known: dict[str, tuple[SignIn, float]] = {}

    def open(self, role: str) -> tuple[str, SignIn]:
        """A new sign-in for ``role``: the token for the browser's cookie, and the sign-in."""
        token = _token()
        signin = SignIn(role, _token(), digest(token))
        add_signin(self.db, self.fight_id, signin.digest, role, signin.csrf)
        self._known[signin.digest] = (signin, time.monotonic())
        return token, signin

    def find(self, token: str | None) -> SignIn | None:
        if not token or len(token) > TOKEN_LIMIT:
            return None
        key = digest(token)
        kept = self._known.get(key)
        if kept is not None and time.monotonic() - kept[1] < RECHECK_S:
            return kept[0]
        found = find_signin(self.db, self.fight_id, key)
        if found is None:
            self._known.pop(key, None)
            return None
        signin = SignIn(found[0], found[1], key)
        if len(self._known) > 10_000:
            self._known.clear()
        self._known[key] = (signin, time.monotonic())
        return signin

    def drop_all(self) -> None:
        """Sign everyone out (the store first: a failure leaves every sign-in as it was)."""
        drop_signins(self.db, self.fight_id)
        self._known.clear()


class Throttle:
    """Wrong keys and unknown sign-ins, per client address: ``burst`` at once, then one every ``every_s``."""

    def __init__(self, burst: int = 10, every_s: float = 1.0) -> None:
        self.burst = burst
        self.every_s = every_s
        self._left: dict[str, tuple[float, float]] = {}

    def _now_left(self, client: str) -> float:
        left, when = self._left.get(client, (float(self.burst), time.monotonic()))
        return min(float(self.burst), left + (time.monotonic() - when) / self.every_s)

    def wait_s(self, client: str) -> float:
        """How long ``client`` must wait before its next try (0: it may try now)."""
        left = self._now_left(client)
        return 0.0 if left >= 1.0 else (1.0 - left) * self.every_s

    def failed(self, client: str) -> None:
        if len(self._left) > 10_000:
            self._left = {k: v for k, v in self._left.items() if self._now_left(k) < self.burst}
        self._left[client] = (max(0.0, self._now_left(client) - 1.0), time.monotonic())


def parse_host(value: str) -> tuple[str, int | None] | None:
    """A Host header's (name, port), strictly (no user, path or stray character), or ``None``."""
    found = HOST.fullmatch(value)
    if found is None:
        return None
    port = int(found["port"]) if found["port"] is not None else None
    if port is not None and not 0 < port < 65536:
        return None
    name = found["host"].lower()
    if name.startswith("["):
        try:
            ipaddress.IPv6Address(name[1:-1])
        except ValueError:
            return None
    return name, port


def parse_origin(value: str) -> tuple[str, str, int] | None:
    """An origin's (scheme, name, port), strictly (``scheme://name[:port]`` and nothing else), or ``None``."""
    found = ORIGIN.fullmatch(value)
    if found is None:
        return None
    host = parse_host(value.split("://", 1)[1])
    if host is None:
        return None
    scheme = found["scheme"]
    return scheme, host[0], host[1] if host[1] is not None else DEFAULT_PORTS[scheme]


def public_origin(url: str) -> tuple[str, str, int] | None:
    """The origin a ``--public-url`` names (``http[s]://name[:port]``, a final ``/`` allowed), or ``None``."""
    return parse_origin(url[:-1] if url.endswith("/") else url)


def is_loopback(host: str) -> bool:
    if host in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


class Origins:
    """The names this server answers to and the origins its pages come from: the loopback names, and the public
    addresses given (required by ``estoc serve`` on any other address)."""

    def __init__(self, bound: str, public_urls: Sequence[str] = ()) -> None:
        self.bound = bound
        self.public = [found for found in map(public_origin, public_urls) if found is not None]

    def _host(self, request: Request) -> tuple[str, int | None] | None:
        values = request.headers.getlist("host")
        return parse_host(values[0]) if len(values) == 1 else None

    def host_allowed(self, request: Request) -> bool:
        """Whether the request's one Host header names this server: a loopback name (a page of another site that
        points its own name at this machine, « DNS rebinding », names itself), or a public address given."""
        found = self._host(request)
        if found is None:
            return False
        name, port = found
        if is_loopback(name):
            return True
        return any(name == host and (port == at or (port is None and at == DEFAULT_PORTS[scheme]))
                   for scheme, host, at in self.public)

    def same_origin(self, request: Request) -> bool:
        """Whether the browser's Origin (or, without one, its Referer) is this server: a public address given, or
        the loopback name and port the request itself is addressed to. A request that names neither (a program,
        not a page) passes: it must still carry the GM's sign-in and its CSRF token."""
        origin = request.headers.get("origin")
        if origin is None:
            referer = request.headers.get("referer")
            if referer is None:
                return True
            origin = "/".join(referer.split("/")[:3])
        found = parse_origin(origin)
        if found is None:
            return False
        if found in self.public:
            return True
        scheme, name, port = found
        host = self._host(request)
        return (host is not None and is_loopback(name) and host[0] == name and scheme == request.url.scheme
                and (host[1] if host[1] is not None else DEFAULT_PORTS[scheme]) == port)
