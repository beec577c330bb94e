"""The HTTP server's doors: uvicorn, with the bounds a server on a table's network needs against hostile clients.

Uvicorn (h11) times out an idle keep-alive connection, but not a connection that never finishes its request's head
or body, and it counts no connection per client: a hundred half-open connections stay open for ever, and at the
process's descriptor limit the GM is locked out. Its HTTP protocol is a class the configuration takes
(``uvicorn.Config(http=…)``, a documented hook), so the bounds are added to it here rather than by a second server:

- the head of every request must arrive within ``head_s`` of the connection (or of the previous answer), its body
  within ``body_s`` of its head; an idle keep-alive connection closes after ``keep_alive_s`` (uvicorn's own), and
  one connection serves ``requests_per_connection`` requests at most;
- at most ``per_client`` connections from one address and ``total`` in all (``total`` kept under the descriptor
  limit, so that ``accept`` never fails). A connection over a bound takes the place of the oldest connection that
  is waiting for a head (half-open, or idle between requests) — the GM's browser, which sends its request at once,
  always gets in — and is refused only when every other one is busy;
- a client that reads nothing while answers pile up (its buffers full) is dropped after ``write_stall_s``.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import resource
import socket
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any, cast

import h11
import uvicorn
from uvicorn.protocols.http.flow_control import CLOSE_HEADER
from uvicorn.protocols.http.h11_impl import H11Protocol

HEAD_LIMIT = 16_384
"""The largest request head read, in bytes (h11's own default, named)."""
BACKLOG = 100
"""Connections the kernel queues before they are accepted (asyncio's own default). Asyncio accepts up to as many in
one turn of its loop, before the doors see any of them; a connection the doors close is closed at the next turn."""
DESCRIPTOR_MARGIN = 64 + 2 * BACKLOG
"""Descriptors left below the connections' bound: a burst being accepted and one being closed, the store, the logs,
the rest of the process (``accept`` then never fails for want of a descriptor: no EMFILE, whatever clients do)."""


@dataclass(frozen=True)
class Limits:
    """The server's bounds (seconds and counts); the defaults are what ``estoc serve`` runs with."""

    head_s: float = 10.0
    body_s: float = 10.0
    keep_alive_s: float = 5.0
    write_stall_s: float = 10.0
    per_client: int = 256
    total: int = 1000
    requests_per_connection: int = 1000
    send_buffer: int = 131_072
    """The kernel's send buffer of each connection, in bytes (a client that reads nothing holds no more)."""

    def capped(self) -> Limits:
        """These limits with ``total`` under the process's descriptor limit (raised to its hard limit first)."""
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        wanted = self.total + DESCRIPTOR_MARGIN
        if soft != resource.RLIM_INFINITY and soft < wanted:
            with contextlib.suppress(ValueError, OSError):
                raised = wanted if hard == resource.RLIM_INFINITY else min(hard, wanted)
                resource.setrlimit(resource.RLIMIT_NOFILE, (raised, hard))
                soft = raised
        if soft == resource.RLIM_INFINITY:
            return self
        total = max(8, min(self.total, soft - DESCRIPTOR_MARGIN))
        return dataclasses.replace(self, per_client=min(self.per_client, total), total=total)


class Doors:
    """Every open connection of one server, in the order they last began to wait, and what each is doing."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.waiting: OrderedDict[BoundedProtocol, None] = OrderedDict()
        """Connections waiting for a request's head (half-open, or idle between requests): oldest first."""
        self.open: dict[str, set[BoundedProtocol]] = {}
        self.count = 0
        self.refused = 0
        self.evicted = 0

    def admit(self, conn: BoundedProtocol) -> bool:
        """Let ``conn`` in, making room by closing the oldest waiting connection (of its client, when that bound is
        the one reached); False when there is no room (every other connection is busy)."""
        mine = self.open.get(conn.peer, set())
        if (len(mine) >= self.limits.per_client and not self._evict(mine)) or (
                self.count >= self.limits.total and not self._evict(None)):
            self.refused += 1
            return False
        self.open.setdefault(conn.peer, mine).add(conn)
        self.count += 1
        self.waiting[conn] = None
        return True

    def _evict(self, among: set[BoundedProtocol] | None) -> bool:
        for conn in self.waiting:
            if among is None or conn in among:
                self.evicted += 1
                self.forget(conn)  # (counted out now: its close comes at the loop's next turn)
                conn.admitted = False
                conn.drop()
                return True
        return False

    def wait(self, conn: BoundedProtocol) -> None:
        if conn.admitted:
            self.waiting[conn] = None
            self.waiting.move_to_end(conn)

    def busy(self, conn: BoundedProtocol) -> None:
        self.waiting.pop(conn, None)

    def forget(self, conn: BoundedProtocol) -> None:
        self.waiting.pop(conn, None)
        mine = self.open.get(conn.peer)
        if mine is not None and conn in mine:
            mine.discard(conn)
            self.count -= 1
            if not mine:
                del self.open[conn.peer]


class BoundedProtocol(H11Protocol):
    """Uvicorn's h11 protocol with the timeouts and bounds of :class:`Doors` (one subclass per server)."""

    doors: Doors

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.peer = ""
        self.admitted = False
        self.served = 0
        self._timer: asyncio.TimerHandle | None = None
        self._stall: asyncio.TimerHandle | None = None
        self._timing = ""
        """What the running timer bounds: ``head``, ``body`` or nothing."""
        self._head_bytes = 0
        """The bytes of the request head read so far (without its end)."""

    # -------------------------------------------------------------------------------------------------- timers

    def _arm(self, seconds: float) -> None:
        self._disarm()
        self._timer = self.loop.call_later(seconds, self.drop)

    def _disarm(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def drop(self) -> None:
        """Close this connection now (a timeout, a bound, a client that does not read)."""
        self._disarm()
        if self._stall is not None:
            self._stall.cancel()
            self._stall = None
        if not self.transport.is_closing():
            self.transport.abort()

    # ----------------------------------------------------------------------------------------- the protocol

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self.peer = str(self.client[0]) if self.client else ""
        if not self.doors.admit(self):
            self.connections.discard(self)
            transport.abort()
            return
        self.admitted = True
        sock = transport.get_extra_info("socket")
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, self.doors.limits.send_buffer)
        self._timing = "head"
        self._arm(self.doors.limits.head_s)

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        if self._stall is not None:
            self._stall.cancel()
            self._stall = None
        self.doors.forget(self)
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        idle = self.conn.their_state is h11.IDLE and self._timer is None
        if self.conn.their_state is h11.IDLE and self._head_too_large(data):
            return
        super().data_received(data)
        if idle and self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            self._timing = "head"
            self._arm(self.doors.limits.head_s)  # (a head begun on a kept-alive connection: it has head_s too)

    def _head_too_large(self, data: bytes) -> bool:
        """Refuse a request head longer than :data:`HEAD_LIMIT`, however it arrives: h11 bounds only a head still
        incomplete, so one sent whole in a single packet would be read at any size."""
        end = data.find(b"\r\n\r\n")
        size = self._head_bytes + (len(data) if end < 0 else end + 4)
        if size <= HEAD_LIMIT:
            self._head_bytes = self._head_bytes + len(data) if end < 0 else 0
            return False
        self._head_bytes = 0
        if not self.transport.is_closing():
            self.transport.write(b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-length: 0\r\n"
                                 b"connection: close\r\n\r\n")
            self.transport.close()
        self._disarm()
        return True

    def handle_events(self) -> None:
        super().handle_events()
        state = self.conn.their_state
        if state is not h11.IDLE:
            self._head_bytes = 0  # (a head read whole: the next one counts from nothing)
        if state is not h11.IDLE and self.cycle is not None and (
                self.served + 1 >= self.doors.limits.requests_per_connection):
            self.cycle.keep_alive = False  # (the last request this connection serves: its answer says so)
            if CLOSE_HEADER not in self.scope["headers"]:
                self.scope["headers"] = [*self.scope["headers"], CLOSE_HEADER]
        if state is h11.SEND_BODY and self.cycle is not None and self.cycle.more_body:
            self.doors.busy(self)
            if self._timer is None or self._timing != "body":
                self._arm(self.doors.limits.body_s)
                self._timing = "body"
        elif state is not h11.IDLE:
            self.doors.busy(self)
            self._disarm()
            self._timing = ""

    def on_response_complete(self) -> None:
        self.served += 1
        super().on_response_complete()
        if not self.transport.is_closing() and self.conn.their_state is h11.IDLE:
            self.doors.wait(self)
            self._timing = "head"
            self._arm(self.doors.limits.head_s)

    def pause_writing(self) -> None:
        super().pause_writing()
        if self._stall is None:
            self._stall = self.loop.call_later(self.doors.limits.write_stall_s, self.drop)

    def resume_writing(self) -> None:
        super().resume_writing()
        if self._stall is not None:
            self._stall.cancel()
            self._stall = None


def bounded_protocol(doors: Doors) -> type[BoundedProtocol]:
    """A protocol class bound to one server's :class:`Doors`."""
    return cast(type[BoundedProtocol], type("ServerProtocol", (BoundedProtocol,), {"doors": doors}))


def server_config(app: Any, host: str, port: int, limits: Limits | None = None, **options: Any) -> uvicorn.Config:
    """Uvicorn's configuration for ``app`` with these bounds (the ``Doors`` are ``config.doors``)."""
    chosen = (limits or Limits()).capped()
    doors = Doors(chosen)
    config = uvicorn.Config(app, host=host, port=port, http=bounded_protocol(doors), ws="none", backlog=BACKLOG,
                            timeout_keep_alive=int(max(1, chosen.keep_alive_s)),
                            h11_max_incomplete_event_size=HEAD_LIMIT, server_header=False, proxy_headers=False,
                            **options)
    config.doors = doors  # type: ignore[attr-defined]
    return config
