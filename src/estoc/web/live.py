"""A server in a thread, on a free port of this machine: for the browser tests, the screenshots and the bench."""

from __future__ import annotations

import os
import socket
import threading
import time
from pathlib import Path

import uvicorn

from estoc.web.app import create_app
from estoc.web.security import Keys
from estoc.web.server import Limits, server_config
from estoc.web.session import FightSession

CHROMIUM = Path(os.environ.get("ESTOC_CHROMIUM", "/usr/bin/chromium"))


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class LiveServer:
    """``session`` served at ``base`` until :meth:`stop`."""

    def __init__(self, session: FightSession, lang: str = "en", limits: Limits | None = None) -> None:
        self.keys = Keys()
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.session = session
        app = create_app(session, self.keys, "127.0.0.1", lang)
        config = server_config(app, "127.0.0.1", self.port, limits, log_level="warning",
                               timeout_graceful_shutdown=1, lifespan="on")
        self.doors = config.doors  # type: ignore[attr-defined]
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)

    @property
    def gm_url(self) -> str:
        return f"{self.base}/gm?key={self.keys.gm}"

    @property
    def players_url(self) -> str:
        return f"{self.base}/view?key={self.keys.players}"

    def stop(self) -> None:
        self.session.stop_streams()
        self.server.should_exit = True
        self.thread.join(15)


def browser_missing() -> str | None:
    """Why the browser tests cannot run here (``None`` when they can)."""
    try:
        # lazy: an optional dependency (the browser tests'); its absence is the answer.
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the Python package playwright is not installed (pip install -e '.[test]')"
    if not CHROMIUM.exists():
        return f"Debian's Chromium is not at {CHROMIUM} (apt-get install -y chromium)"
    return None
