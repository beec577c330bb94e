"""A screen's server-sent events: the bytes its session queues for it, sent as they are."""

from __future__ import annotations

import asyncio
import contextlib

from starlette.types import Receive, Scope, Send

from estoc.web.session import FightSession, Screen

HEARTBEAT_S = 15.0
"""A comment is sent after this long without a change (proxies and browsers keep the stream open)."""


class EventStream:
    """A screen's server-sent events, as a bare ASGI answer: the bytes the session queues for it, as they are
    (one rendering for every screen alike; no per-screen task group nor encoding), a comment every
    :data:`HEARTBEAT_S`. It ends when the client goes, the session ends it (the server stops, everyone is signed
    out) or drops it (it read nothing: its queue is full; the server's doors then close a connection whose buffers
    stay full, :mod:`.server`)."""

    def __init__(self, session: FightSession, screen: Screen, first: bytes) -> None:
        self.session = session
        self.screen = screen
        self.first = first

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        screen = self.screen

        async def watch() -> None:
            while (await receive())["type"] != "http.disconnect":
                pass
            screen.ended = True
            with contextlib.suppress(asyncio.QueueFull):
                screen.queue.put_nowait(b"")

        watcher = asyncio.create_task(watch())
        try:
            await send({"type": "http.response.start", "status": 200, "headers": [
                (b"content-type", b"text/event-stream; charset=utf-8"), (b"cache-control", b"no-store"),
                (b"x-accel-buffering", b"no")]})
            data = self.first
            while data and not screen.ended:
                await send({"type": "http.response.body", "body": data, "more_body": True})
                try:
                    async with asyncio.timeout(HEARTBEAT_S):
                        data = await screen.queue.get()
                except TimeoutError:
                    data = b": still here\n\n"
            await send({"type": "http.response.body", "body": b"", "more_body": False})  # (a no-op once gone)
        finally:
            self.session.screens.discard(screen)
            watcher.cancel()
