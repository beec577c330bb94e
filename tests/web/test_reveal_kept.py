"""The GM's « show the numbers » outlives the server: kept in the store beside the fight, never in its events (undo,
redo and replay see nothing of it)."""

from __future__ import annotations

from collections.abc import Callable

from tests.web.conftest import BASE, Served, Tab

from estoc.play.store import EventStore
from estoc.web.choices import stored_reveal
from estoc.web.security import Keys
from estoc.web.session import FightSession


def _reveal(served: Served, gm: Tab, on: bool) -> None:
    answer = gm.post("/gm/reveal", data={"reveal": "1"} if on else {},
                     headers={"X-CSRF-Token": gm.csrf, "Origin": BASE})
    assert answer.status_code == 200


def test_show_numbers_survives_a_restart(served_factory: Callable[..., Served]) -> None:
    served = served_factory("harp")
    gm = served.tab("gm")
    assert served.gm_post(gm, "hp orque-2 10").status_code == 200
    assert served.gm_post(gm, "attack orque-1").status_code == 200
    events_before = served.call(lambda: len(served.session.tracker.store.events(served.session.fight_id)))
    version = served.version()
    _reveal(served, gm, True)
    assert "10/85" in served.tab("players").get("/view/live").text
    assert served.version() == version  # no event: the fight's version is the same
    assert served.call(lambda: len(served.session.tracker.store.events(served.session.fight_id))) == events_before
    # Undo still takes back the last command of the fight, not the choice.
    assert "Undone: attack orque-1" in served.gm_post(gm, "undo").text
    assert "Redone: attack orque-1" in served.gm_post(gm, "redo").text
    session = served.session
    db, fight_id, make = session.db, session.fight_id, session._make
    served.close()  # the server stops

    again = Served(FightSession(db, fight_id, make), Keys())  # a new server over the same store
    try:
        assert again.call(lambda: again.session.reveal) is True
        view = again.tab("players").get("/view/live").text
        assert "10/85" in view and "at " in view  # the numbers, in the board and the narration
        assert 'id="reveal" checked' in again.tab("gm").get("/gm").text
        replayed = again.call(lambda: (again.session.tracker.version, len(again.session.tracker.records)))
        assert replayed[0] == version + 2  # the undo and the redo, nothing else
        _reveal(again, again.tab("gm"), False)
    finally:
        again.close()
    assert stored_reveal(db, fight_id) is False
    third = Served(FightSession(db, fight_id, make), Keys())
    try:
        assert "10/85" not in third.tab("players").get("/view/live").text
    finally:
        third.close()


def test_a_choice_is_the_fights_own(served_factory: Callable[..., Served]) -> None:
    served = served_factory("harp")
    _reveal(served, served.tab("gm"), True)
    db = served.session.db
    with EventStore(db) as store:
        other = store.create_fight("another", "harp", {})
        assert stored_reveal(db, other) is False
        assert stored_reveal(db, served.session.fight_id) is True
        store.check()  # the store stays sound with the choice's table
