"""The GM's edits without typing: each form makes the command line the command box takes, and goes the same way
(the CSRF token, the version the page showed, the tracker)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from tests.web.conftest import BASE, Served, Tab, version_of

from estoc.errors import InputError
from estoc.render.board_view import board_view
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
    assert edit_line("harp", {"edit": "fight-mod", "who": "orque-1", "value": "-10"}) == "fight-mod -10"
    assert edit_line("harp", {"edit": "sun", "who": "orque-1", "value": "1"}) == "sun 1"
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
    assert send(served, gm, {"edit": "fight-mod", "who": "orque-1", "value": "-10"}).status_code == 200
    assert send(served, gm, {"edit": "sun", "who": "orque-1", "value": "1"}).status_code == 200
    view = served.call(lambda: served.session.tracker.fight.view())
    assert view["fight_mod"] == -10 and view["full_sun"]
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
    assert 'id="edit-state"' in page
    assert ('name="condition"' in page) == (system == "tor")  # d100 tracks no condition the GM sets
    assert 'id="edit-add"' in page and ('name="stance"' in page) == (system == "tor")  # the One Ring: no side


TOR_PANEL = [({"edit": "endurance", "value": "9"}, lambda row: row["endurance"] == 9),
             ({"edit": "damage", "value": "4"}, lambda row: row["endurance"] == row["endurance_max"] - 4),
             ({"edit": "wound", "value": "2"}, lambda row: row["wounds"] == 2 and row["dying"]),
             ({"edit": "dying", "value": "1"}, lambda row: row["dying"]),
             ({"edit": "hope", "value": "3"}, lambda row: row["hope"] == 3),
             ({"edit": "condition", "condition": "weary", "value": "1"}, lambda row: row["weary"]),
             ({"edit": "out"}, lambda row: not row["standing"])]


@pytest.mark.parametrize(("fields", "holds"), TOR_PANEL)
def test_the_one_ring_panel(served_factory: Callable[..., Served], fields: dict[str, str],
                            holds: Callable[[dict[str, Any]], bool]) -> None:
    """Each One Ring control posted from the panel is stored, changes the hero as said, and is undone."""
    served = served_factory("tor")
    gm = served.tab("gm")
    page = gm.get("/gm").text
    assert f'<option value="{fields["edit"]}">' in page

    def hero() -> dict[str, Any]:
        view = served.call(lambda: served.session.tracker.fight.view())
        return dict(next(r for r in view["combatants"] if r["id"] == "eirik-de-dale"))

    was, before = hero(), served.version()
    answer = send(served, gm, {**fields, "who": "eirik-de-dale"})
    assert answer.status_code == 200, answer.text
    assert served.version() == before + 1 and holds(hero())
    assert served.gm_post(gm, "annuler").status_code == 200
    assert hero() == was


def test_bringing_a_combatant_in_from_the_panel(served_factory: Callable[..., Served]) -> None:
    served = served_factory("d100")
    gm = served.tab("gm")
    page = gm.get("/gm").text
    assert 'name="ref"' in page and '<option value="brigands">' in page
    assert send(served, gm, {"edit": "add", "ref": "gorm", "side": "brigands", "as": "gorm-2"}).status_code == 200
    ids = [r["id"] for r in served.call(lambda: served.session.tracker.fight.view())["combatants"]]
    assert ids[-1] == "gorm-2"
    gm.get("/lang/fr")
    refused = send(served, gm, {"edit": "add", "ref": "gorm", "side": "brigands", "as": "gorm-2"})
    assert refused.status_code == 422 and "déjà un combattant gorm-2" in refused.text
    assert edit_line("harp", {"edit": "add", "ref": "orque", "side": "orques", "as": ""}) == "add orque orques"
    assert edit_line("tor", {"edit": "add", "ref": "orc-soldat", "side": "adversaries", "stance": ""}) == (
        "add orc-soldat")
    with pytest.raises(InputError):
        edit_line("tor", {"edit": "add", "ref": "", "stance": "open"})


def test_the_one_ring_brings_a_hero_in_from_the_panel(served_factory: Callable[..., Served]) -> None:
    """The One Ring's add takes a stance, not a side: posted, the hero stands in it; undone, it is gone."""
    served = served_factory("tor")
    gm = served.tab("gm")
    page = gm.get("/gm").text
    assert '<option value="defensive">' in page and 'name="side"' not in page.split('id="edit-add"')[1][:600]
    before = served.call(lambda: served.session.tracker.fight.view())
    answer = send(served, gm, {"edit": "add", "ref": "maelor-le-rodeur", "stance": "defensive", "as": "maelor-2"})
    assert answer.status_code == 200, answer.text
    rows = served.call(lambda: served.session.tracker.fight.view())["combatants"]
    added = next(r for r in rows if r["id"] == "maelor-2")
    assert added["stance"] == "defensive" and added["side"] == "heroes"
    assert served.gm_post(gm, "undo").status_code == 200
    assert served.call(lambda: served.session.tracker.fight.view()) == before
    gm.get("/lang/fr")
    refused = send(served, gm, {"edit": "add", "ref": "licorne", "stance": "", "as": ""})
    assert refused.status_code == 422 and "licorne" in refused.text and "Traceback" not in refused.text


def test_a_combatant_s_sheet_for_the_screen(served_factory: Callable[..., Served]) -> None:
    for system, who, words in (("harp", "faralinde", "OB"), ("d100", "gaspard", "Pavise"),
                               ("tor", "eirik-de-dale", "Hope")):
        served = served_factory(system)
        gm = served.tab("gm")
        fight = served.session.fight_id
        answer = gm.get(f"/fight/{fight}/sheet/{who}")
        assert answer.status_code == 200 and words in answer.text and "<h3>" in answer.text
        assert "<section" not in answer.text and 'class="sheet"' not in answer.text  # the page's #sheet holds it
        assert gm.get(f"/fight/{fight}/sheet/nobody").status_code == 404
        assert gm.get(f"/fight/other/sheet/{who}").status_code == 404
        assert served.tab("players").get(f"/fight/{fight}/sheet/{who}").status_code == 403  # the GM's only
        assert served.tab(None).get(f"/fight/{fight}/sheet/{who}").status_code == 403
    gm.get("/lang/fr")
    assert "Fiche : " in gm.get(f"/fight/{fight}/sheet/eirik-de-dale").text
    before = served.version()
    typed = served.gm_post(gm, "fiche eirik-de-dale")  # the command box answers it too, storing nothing
    assert typed.status_code == 200 and "Fiche : Eirik" in typed.text and served.version() == before


def test_edits_in_french(served: Served) -> None:
    gm = served.tab("gm")
    gm.get("/lang/fr")
    page = gm.get("/gm").text
    assert "Modifications et marques" in page and ">étourdi</option>" in page and "fixer les points de vie" in page
    answer = send(served, gm, {"edit": "hp", "who": "orque-1", "value": "x"})
    assert "n'est pas un nombre entier" in answer.text or "nombre" in answer.text


def board(served: Served) -> dict[str, Any]:
    return served.call(lambda: board_view(served.session.tracker.fight))


def row_of(view: dict[str, Any], who: str) -> dict[str, Any]:
    return dict(next(r for r in view["combatants"] if r["id"] == who))


SETTINGS_PANEL = [
    ("harp", {"edit": "distance", "who": "orque-1", "other": "brundar", "value": "12"},
     lambda view: row_of(view, "orque-1")["distances"] == {"brundar": 12}
     and row_of(view, "brundar")["distances"] == {"orque-1": 12}),
    ("harp", {"edit": "cover", "who": "orque-1", "cover": "demi-couvert-vulnerable"},
     lambda view: row_of(view, "orque-1").get("cover") == [10, 20]),
    ("harp", {"edit": "surprise", "side": "none"}, lambda view: view["surprised"] is None),
    ("harp", {"edit": "surprise", "side": "compagnie"}, lambda view: view["surprised"] == "compagnie"),
    ("d100", {"edit": "distance", "who": "jacquot-1", "other": "ysolde", "value": "8"},
     lambda view: row_of(view, "ysolde")["distances"]["jacquot-1"] == 8
     and row_of(view, "jacquot-1")["distances"]["ysolde"] == 8),
    ("tor", {"edit": "ground", "ground": "free"}, lambda view: view["rear_free"]),
]


@pytest.mark.parametrize(("system", "fields", "holds"), SETTINGS_PANEL)
def test_distances_cover_surprise_and_ground_from_the_panel(
        served_factory: Callable[..., Served], system: str, fields: dict[str, str],
        holds: Callable[[dict[str, Any]], bool]) -> None:
    """The panel's distance (two combatants), HARP's cover and surprise and the One Ring's ground: each posted is
    one stored command, seen on the board's view, and undone."""
    served = served_factory(system)
    gm = served.tab("gm")
    page = gm.get("/gm").text
    verb = fields["edit"]
    assert (f'<option value="{verb}">' in page) if verb == "distance" else f'id="edit-{verb}"' in page
    if verb == "distance":
        assert 'name="other"' in page
    was, before = board(served), served.version()
    assert not holds(was)
    answer = send(served, gm, fields)
    assert answer.status_code == 200, answer.text
    assert served.version() == before + 1 and holds(board(served))
    assert served.gm_post(gm, "undo").status_code == 200
    assert board(served) == was


def test_the_settings_forms_offer_the_fight_s_choices(served_factory: Callable[..., Served]) -> None:
    harp = served_factory("harp").tab("gm")
    harp.get("/lang/fr")
    page = harp.get("/gm").text
    assert '<option value="demi-couvert-vulnerable">Demi-couvert fragile</option>' in page
    assert '<option value="none">aucun couvert</option>' in page
    assert '<option value="orques">Les orques</option>' in page
    assert "Deuxième combattant (une distance)" in page and "ajouter FICHIER.yaml" in page
    tor = served_factory("tor").tab("gm").get("/gm").text
    assert '<option value="free">' in tor and '<option value="normal">' in tor and 'name="other"' not in tor
    assert 'id="edit-cover"' not in tor and 'id="edit-ground"' not in served_factory("d100").tab("gm").get("/gm").text
    assert edit_line("harp", {"edit": "distance", "who": "a", "other": "b", "value": "-1"}) == "distance a b -1"
    assert edit_line("harp", {"edit": "surprise", "side": "none", "who": "a"}) == "surprise none"
    assert edit_line("tor", {"edit": "ground", "ground": "free"}) == "ground free"
    assert edit_line("d100", {"edit": "rest", "who": "gorm", "value": "3"}) == "rest gorm weeks 3"
    for system, fields in [("harp", {"edit": "distance", "who": "a", "value": "3"}),
                           ("d100", {"edit": "cover", "who": "a", "cover": "none"}),
                           ("harp", {"edit": "ground", "ground": "free"}),
                           ("harp", {"edit": "cover", "who": "a", "cover": "two words"})]:
        with pytest.raises(InputError):
            edit_line(system, fields)


def test_a_wrong_choice_is_refused_and_changes_nothing(served: Served) -> None:
    gm = served.tab("gm")
    gm.get("/lang/fr")
    before = served.version()
    for fields in ({"edit": "cover", "who": "orque-1", "cover": "rocher"}, {"edit": "surprise", "side": "elfes"},
                   {"edit": "distance", "who": "orque-1", "other": "orque-1", "value": "3"}):
        answer = send(served, gm, fields)
        assert answer.status_code == 422, answer.text
        assert "Traceback" not in answer.text
    assert served.version() == before


def test_d100_rest_from_the_panel(served_factory: Callable[..., Served]) -> None:
    """``rest WHO weeks N`` from the panel's N: two weeks give back 2 to 6 hit points (1D3 a week); undone."""
    served = served_factory("d100")
    gm = served.tab("gm")
    assert '<option value="rest">' in gm.get("/gm").text
    assert served.gm_post(gm, "pdv ysolde 5").status_code == 200
    before = served.version()
    answer = send(served, gm, {"edit": "rest", "who": "ysolde", "value": "2"})
    assert answer.status_code == 200, answer.text
    assert served.version() == before + 1 and 7 <= row_of(board(served), "ysolde")["hp"] <= 11
    assert served.gm_post(gm, "undo").status_code == 200
    assert row_of(board(served), "ysolde")["hp"] == 5


def test_harp_round_forms_from_the_page(served: Served) -> None:
    """HARP's initiative total, the order of those still to act and what a combatant announces are set from forms
    of their own, stored, and undone."""
    gm = served.tab("gm")
    page = gm.get("/gm").text
    assert 'id="edit-order"' in page and 'id="edit-declare"' in page and '<option value="init">' in page
    assert edit_line("harp", {"edit": "declare", "who": "orque-1", "actions": "course, arme-au-fourreau"}) == (
        "declare orque-1 course,arme-au-fourreau")
    assert edit_line("harp", {"edit": "order", "ids": "a,b  c"}) == "order a b c"

    def fight_value(name: str) -> int:
        fight = served.session.tracker.fight
        return int(served.call(lambda: fight.value(name, fight.index("orque-1"))))

    before = served.version()
    answer = send(served, gm, {"edit": "declare", "who": "orque-1", "actions": "course"})
    assert answer.status_code == 200, answer.text
    assert served.version() == before + 1 and fight_value("init_declared") != 0
    assert served.gm_post(gm, "annuler").status_code == 200
    assert fight_value("init_declared") == 0
    view = served.call(lambda: served.session.tracker.fight.view())
    order = view["order"]
    rest = order[order.index(view["current"]) + 1:]
    answer = send(served, gm, {"edit": "order", "ids": " ".join(reversed(rest))})
    assert answer.status_code == 200, answer.text
    assert served.call(lambda: served.session.tracker.fight.view())["order"][-len(rest):] == rest[::-1]
    for wrong in ("personne", " ".join(rest[1:])):  # an unknown id; one still to act left out
        assert send(served, gm, {"edit": "order", "ids": wrong}).status_code == 422
    assert served.version() == before + 3


def test_the_one_ring_fatal_wound_from_the_panel(served_factory: Callable[..., Served]) -> None:
    """A hero's first wound ticked fatal leaves it dying; unticked it does not; both undone."""
    served = served_factory("tor")
    gm = served.tab("gm")
    assert 'name="fatal"' in gm.get("/gm").text
    assert edit_line("tor", {"edit": "wound", "who": "eirik", "value": "1", "fatal": "1"}) == "wound eirik 1 fatal"
    assert edit_line("tor", {"edit": "endurance", "who": "eirik", "value": "3", "fatal": "1"}) == "endurance eirik 3"

    def hero() -> dict[str, Any]:
        view = served.call(lambda: served.session.tracker.fight.view())
        return dict(next(r for r in view["combatants"] if r["id"] == "eirik-de-dale"))

    was = hero()
    assert send(served, gm, {"edit": "wound", "who": "eirik-de-dale", "value": "1"}).status_code == 200
    assert hero()["wounds"] == 1 and not hero()["dying"]
    assert send(served, gm, {"edit": "wound", "who": "eirik-de-dale", "value": "1", "fatal": "1"}).status_code == 200
    assert hero()["wounds"] == 1 and hero()["dying"]
    assert served.gm_post(gm, "annuler").status_code == 200 and served.gm_post(gm, "annuler").status_code == 200
    assert hero() == was
