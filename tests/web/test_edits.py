"""The GM's edits without typing: each form makes the command line the command box takes, and goes the same way
(the CSRF token, the version the page showed, the tracker)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from tests.web.conftest import BASE, Served, Tab, version_of

from estoc.errors import InputError
from estoc.web.edits import edit_line


def send(served: Served, tab: Tab, fields: dict[str, str], version: str | None = None,
         csrf: str | None = None) -> Any:
    if version is None:
        version = version_of(tab.get("/gm/live").text)
    return tab.post("/gm/command", data={**fields, "version": version},
                    headers={"X-CSRF-Token": tab.csrf if csrf is None else csrf, "Origin": BASE})


def test_the_forms_make_the_command_lines() -> None:
    assert edit_line("harp", {"edit": "hp", "who": "orque-1", "value": "12"}) == "hp orque-1 12"
    assert edit_line("harp", {"edit": "condition", "who": "orque-1", "condition": "stun", "value": "2",
                              "text": "ignored"}) == "condition orque-1 stun 2"
    assert edit_line("d100", {"edit": "wake", "who": "ysolde"}) == "wake ysolde"
    assert edit_line("tor", {"edit": "complication", "who": "bard", "value": "1"}) == "complication bard 1"
    assert edit_line("tor", {"edit": "mark", "who": "bard", "name": "blessed", "rounds": ""}) == "mark bard blessed"
    assert edit_line("d100", {"edit": "timer", "at": "+2", "text": "the bridge  falls"}) == "timer +2 the bridge falls"
    for system, fields in [("tor", {"edit": "hp", "who": "a", "value": "1"}), ("harp", {"edit": "attack"}),
                           ("harp", {"edit": "hp", "who": "orque-1"}),
                           ("harp", {"edit": "hp", "who": "orque-1 roll", "value": "1"}),
                           ("harp", {"edit": "hp", "who": "orque-1", "value": "x"})]:
        with pytest.raises(InputError):
            edit_line(system, fields)


def test_harp_edits_from_the_page(served: Served) -> None:
    gm = served.tab("gm")
    page = gm.get("/gm").text
    assert 'id="edit-state"' in page and 'id="edit-mark"' in page and 'value="must-parry"' in page
    assert send(served, gm, {"edit": "hp", "who": "orque-1", "value": "7"}).status_code == 200
    assert send(served, gm, {"edit": "condition", "who": "orque-1", "condition": "stun", "value": "2"}
                ).status_code == 200
    assert send(served, gm, {"edit": "mark", "who": "orque-1", "name": "silence", "rounds": "3"}).status_code == 200
    assert send(served, gm, {"edit": "note", "who": "brundar", "text": "owes a debt"}).status_code == 200
    assert send(served, gm, {"edit": "timer", "at": "+2", "text": "reinforcements"}).status_code == 200
    live = gm.get("/gm/live").text
    assert "silence" in live and "owes a debt" in live and "reinforcements" in live
    row = next(r for r in served.call(lambda: served.session.tracker.fight.view())["combatants"]
               if r["id"] == "orque-1")
    assert row["hp"] == 7
    assert send(served, gm, {"edit": "clear", "who": "orque-1", "name": "silence"}).status_code == 200
    assert "Cleared on Orc 1 (orque-1): silence." in gm.get("/gm/live").text
    # The same authority as the command box: a wrong token, a stale version, a bad field are refused.
    before = served.version()
    assert send(served, gm, {"edit": "hp", "who": "orque-1", "value": "1"}, csrf="nope").status_code == 403
    assert send(served, gm, {"edit": "hp", "who": "orque-1", "value": "1"}, version="1").status_code == 409
    assert send(served, gm, {"edit": "hp", "who": "orque-1", "value": "x"}).status_code == 422
    assert served.version() == before
    assert served.gm_post(gm, "undo").status_code == 200


@pytest.mark.parametrize(("system", "fields"), [
    ("d100", {"edit": "damage", "who": "", "value": "3"}),
    ("tor", {"edit": "complication", "who": "", "value": "1"}),
])
def test_other_systems_edits(served_factory: Callable[..., Served], system: str, fields: dict[str, str]) -> None:
    served = served_factory(system)
    gm = served.tab("gm")
    rows = served.call(lambda: served.session.tracker.fight.view())["combatants"]
    fields["who"] = next(r["id"] for r in rows if r["player"])
    before = served.version()
    answer = send(served, gm, fields)
    assert answer.status_code == 200, answer.text
    assert served.version() == before + 1
    page = gm.get("/gm").text
    assert 'id="edit-state"' in page and 'name="condition"' not in page


def test_edits_in_french(served: Served) -> None:
    gm = served.tab("gm")
    gm.get("/lang/fr")
    page = gm.get("/gm").text
    assert "Modifications et marques" in page and ">etourdi</option>" in page and "fixer les points de vie" in page
    answer = send(served, gm, {"edit": "hp", "who": "orque-1", "value": "x"})
    assert "n'est pas un nombre entier" in answer.text or "nombre" in answer.text
