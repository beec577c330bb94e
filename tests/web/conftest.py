"""Fixtures for the web screens: a stored fight of each system, its application, and clients of each role."""

from __future__ import annotations

import re
import warnings
from collections.abc import Callable, Iterator
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from estoc.content.registry import Content
from estoc.play.store import EventStore
from estoc.play.systems import fight_system, read_encounter
from estoc.play.tracker import Tracker
from estoc.web.app import create_app
from estoc.web.security import Keys
from estoc.web.session import FightSession

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

SAMPLES = {"harp": "embuscade.yaml", "d100": "pont.yaml", "tor": "gue.yaml"}
BASE = "http://127.0.0.1:8000"


def sample(system: str) -> Path:
    return Path(str(resources.files("estoc.play").joinpath("samples", SAMPLES[system])))


def make_session(content: Content, db: Path, system: str = "harp", seed: int = 7) -> FightSession:
    """A new fight of ``system`` stored in ``db`` and the session that serves it."""
    loaded = read_encounter(sample(system), content)
    with EventStore(db) as store:
        fight_id = Tracker.create(store, fight_system(loaded.system, content), loaded.name,
                                  {"encounter": loaded.setup, "seed": seed, "beasts_flee": False}).fight_id
    return FightSession(db, fight_id, lambda store, fid: Tracker(store, fid, fight_system(loaded.system, content)))


def version_of(html: str) -> str:
    found = re.search(r'id="version" name="version" value="(\d+)"', html)
    assert found, html[:500]
    return found.group(1)


def csrf_of(html: str) -> str:
    found = re.search(r'"X-CSRF-Token": "([\w-]+)"', html)
    assert found, html[:500]
    return found.group(1)


class Tab:
    """One browser tab (its own cookies) on the one test client of an application (one event loop, as a server)."""

    def __init__(self, client: TestClient) -> None:
        self.client = client
        self.cookies: dict[str, str] = {}
        self.csrf = ""
        """The CSRF token of this tab's GM sign-in (from its page, as the browser's page carries it)."""

    def request(self, method: str, url: str, **kwargs: Any) -> Any:
        headers = dict(kwargs.pop("headers", None) or {})
        if self.cookies:
            headers["cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        self.client.cookies.clear()
        response = self.client.request(method, url, headers=headers, follow_redirects=False, **kwargs)
        for name, value in response.cookies.items():
            self.cookies[name] = value
        self.client.cookies.clear()
        return response

    def get(self, url: str, **kwargs: Any) -> Any:
        return self.request("GET", url, **kwargs)

    def post(self, url: str, **kwargs: Any) -> Any:
        return self.request("POST", url, **kwargs)


class Served:
    """An application with its keys and its one test client; tabs of each role on it."""

    def __init__(self, session: FightSession, keys: Keys) -> None:
        self.session = session
        self.keys = keys
        self.app = create_app(session, keys)
        self.client = TestClient(self.app, base_url=BASE, raise_server_exceptions=False)
        self.client.__enter__()

    def tab(self, role: str | None = "gm") -> Tab:
        tab = Tab(self.client)
        if role is not None:
            key = self.keys.gm if role == "gm" else self.keys.players
            page = "/gm" if role == "gm" else "/view"
            assert tab.get(f"{page}?key={key}").status_code == 303
            if role == "gm":
                tab.csrf = csrf_of(tab.get("/gm").text)
        return tab

    def gm_post(self, tab: Tab, line: str, version: str | None = None) -> Any:
        if version is None:
            version = version_of(tab.get("/gm/live").text)
        return tab.post("/gm/command", data={"line": line, "version": version},
                        headers={"X-CSRF-Token": tab.csrf, "Origin": BASE})

    def call(self, step: Callable[[], Any]) -> Any:
        """Run ``step`` on the server's event loop (the thread its store belongs to)."""
        portal = self.client.portal
        assert portal is not None
        return portal.call(step)

    def version(self) -> int:
        return int(self.call(lambda: self.session.tracker.version))

    def close(self) -> None:
        self.client.__exit__(None, None, None)


@pytest.fixture
def served_factory(content: Content, tmp_path: Path) -> Iterator[Callable[..., Served]]:
    made: list[Served] = []

    def make(system: str = "harp", seed: int = 7) -> Served:
        served = Served(make_session(content, tmp_path / f"{system}-{len(made)}.db", system, seed), Keys())
        made.append(served)
        return served

    yield make
    for served in made:
        served.close()


@pytest.fixture
def served(served_factory: Callable[..., Served]) -> Served:
    return served_factory("harp")
