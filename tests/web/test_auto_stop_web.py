"""The GM's screen says where ``auto all`` stopped and why (the message, in the page's language), and its third
button plays to the end only as ``auto end all``."""

from __future__ import annotations

from collections.abc import Callable

from tests.web.conftest import Served


def test_auto_all_on_a_heros_turn_says_why_and_plays_nothing(served: Served) -> None:
    gm = served.tab("gm")
    before = served.call(lambda: served.session.tracker.version)
    stopped = served.gm_post(gm, "auto all")
    assert stopped.status_code == 200
    assert "Stopped before the turn of Faralinde Quickblade (faralinde): its player decides." in stopped.text
    assert served.call(lambda: served.session.tracker.version) == before  # nothing stored
    page = gm.get("/gm").text
    assert '"line": "auto end all"' in page and '"line": "auto end"}' not in page


def test_the_d100_movement_phase_stop_in_french(served_factory: Callable[..., Served]) -> None:
    served = served_factory("d100")
    gm = served.tab("gm")
    assert gm.get("/lang/fr?to=gm").status_code in (200, 303)
    stopped = served.gm_post(gm, "auto fin")
    assert stopped.status_code == 200
    assert "Arrêt à la phase de mouvement" in stopped.text and "puis actions." in stopped.text
