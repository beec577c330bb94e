"""The board a GM decides from (issue 28): rows in the order of action, HARP's OB and DB now, d100's DEX ranks,
distances and broken gear, the One Ring's engagements by name and task states; the fight's own view untouched."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest

from estoc.content.registry import Content
from estoc.i18n import set_language
from estoc.play.store import EventStore
from estoc.play.systems import fight_system, read_encounter
from estoc.play.tracker import Tracker
from estoc.render.board import d100_board, harp_board, in_order, tor_board
from estoc.render.board_view import board_view
from estoc.web.board import board_of


@pytest.fixture(autouse=True)
def english() -> object:
    set_language("en")
    yield None
    set_language(None)


def tracker_of(tmp_path: Path, content: Content, sample: str, seed: int = 5) -> Tracker:
    loaded = read_encounter(Path(str(resources.files("estoc.play").joinpath("samples", sample))), content)
    store = EventStore(tmp_path / "f.db")
    fight_id = Tracker.create(store, fight_system(loaded.system, content), loaded.name,
                              {"encounter": loaded.setup, "seed": seed}).fight_id
    return Tracker(store, fight_id, fight_system(loaded.system, content))


def row(view: dict, cid: str) -> dict:
    return next(r for r in view["combatants"] if r["id"] == cid)


def test_the_view_itself_is_left_as_the_golden_logs_record_it(tmp_path: Path, content: Content) -> None:
    for sample in ("embuscade.yaml", "pont.yaml", "gue.yaml"):
        tracker = tracker_of(tmp_path / sample, content, sample)
        before = tracker.fight.view()
        shown = board_view(tracker.fight)
        assert tracker.fight.view() == before
        assert set(shown) - set(before) >= {"side_names"}
        assert "ob_now" not in str(before) and "distances" not in str(before) and "tasks" not in str(before)


def test_harp_ob_and_db_as_the_rules_use_them_now(tmp_path: Path, content: Content) -> None:
    tracker = tracker_of(tmp_path, content, "embuscade.yaml")
    tracker.command("auto")
    view = board_view(tracker.fight)
    mod = int(view["fight_mod"])
    assert mod != 0  # the ambush sets one: it is part of every attack's OB
    orc = row(view, "orque-1")
    assert orc["ob_now"] == orc["ob"] + mod + orc["penalty"] and orc["db_now"] == orc["db"] + orc["dodge"]
    tracker.command("condition orque-1 penalty -20")
    orc = row(board_view(tracker.fight), "orque-1")
    assert orc["ob_now"] == orc["ob"] + mod - 20
    lines = harp_board(board_view(tracker.fight))
    assert lines[2].split()[:7] == ["Init", "Id", "Name", "Side", "OB", "DB", "HP"]
    line = next(line for line in lines if " orque-1 " in line)
    assert f" {orc['ob_now']} " in line and "The orcs" in line  # the side by its name
    assert "Surprised this round: The orcs." in lines[1] and "Fight modifier −10" in lines[1]
    # rows in initiative order
    order = list(view["order"])
    assert [r["id"] for r in in_order(view)][:len(order)] == order


def test_d100_by_dex_rank_with_distances(tmp_path: Path, content: Content) -> None:
    tracker = tracker_of(tmp_path, content, "pont.yaml")
    view = board_view(tracker.fight)
    dex = [int(r["dex"]) for r in in_order(view)]
    assert dex == sorted(dex, reverse=True)  # before the order of the round is drawn up: DEX ranks
    assert row(view, "ysolde")["distances"] == {"jacquot-1": 20, "jacquot-2": 20, "mathis": 20, "gorm": 20}
    tracker.command("move ysolde 5")
    view = board_view(tracker.fight)
    assert row(view, "ysolde")["distances"]["jacquot-2"] == 15
    assert row(view, "jacquot-2")["distances"] == {"ysolde": 15, "odon": 20, "gaspard": 20}
    lines = d100_board(view)
    assert lines[2].split() == ["DEX", "Id", "Name", "Side", "Hit", "points", "Foe", "at"]
    assert "15 m" in next(line for line in lines if " ysolde " in line)
    tracker.command("actions")
    view = board_view(tracker.fight)
    assert [r["id"] for r in in_order(view)][:len(view["order"])] == view["order"]
    current = view["current"]
    assert any(line.startswith(f"Distances from {current}: ") for line in d100_board(view))


def test_d100_broken_and_unready_gear(tmp_path: Path, content: Content) -> None:
    from estoc.systems.d100.worlds import array

    tracker = tracker_of(tmp_path, content, "pont.yaml")
    fight = tracker.fight
    c = next(i for i, p in enumerate(fight.combatants) if p.shield is not None)
    array(fight.F, "shield_hp")[0, c] = 0  # (as a parried blow beyond its hit points leaves it)
    shown = row(board_view(fight), fight.combatants[c].id)
    assert shown["broken"] and "broken: " in ", ".join(d100_board(board_view(fight)))
    screen = board_of("d100", fight)
    assert any(text.startswith("broken: ") for r in screen.rows for text in r.conditions)
    assert not row(board_view(fight), "mathis")["unready"]  # the bridge's heavy crossbow starts loaded
    m = next(i for i, p in enumerate(fight.combatants) if p.id == "mathis")
    slot = next(k for k, w in enumerate(fight.combatants[m].weapons) if w.record.id == "arbalete-lourde")
    array(fight.F, "loaded")[0, m, slot] = 0  # (as its shot leaves it)
    mathis = row(board_view(fight), "mathis")
    assert mathis["unready"] == [["Heavy crossbow", None]]
    assert "Heavy crossbow not loaded" in next(line for line in d100_board(board_view(fight)) if " mathis " in line)
    assert not row(board_view(fight), "ysolde")["unready"]  # a sword needs no loading


def test_tor_engagements_by_name_and_task_states(tmp_path: Path, content: Content) -> None:
    from estoc.systems.tor.worlds import array

    tracker = tracker_of(tmp_path, content, "gue.yaml")
    tracker.command("close")
    tracker.command("fight")
    fight = tracker.fight
    view = board_view(fight)
    assert [r["id"] for r in in_order(view)][:len(view["order"])] == view["order"]
    eirik = row(view, "eirik-de-dale")
    assert eirik["opponent_names"] and all(" " in name for name in eirik["opponent_names"])
    line = next(line for line in tor_board(view) if " eirik-de-dale " in line)
    assert "against Orc soldier" in line and "against orc-soldat" not in line
    ids = [c.id for c in fight.combatants]
    e, o = ids.index("eirik-de-dale"), ids.index(view["combatants"][ids.index("eirik-de-dale")]["opponents"][0])
    array(fight.F, "challenge")[0, e] = o
    array(fight.F, "next_dice")[0, e] = 2
    array(fight.F, "held")[0, e] = 1
    tasks = row(board_view(fight), "eirik-de-dale")["tasks"]
    assert ["challenge", 0, fight.combatants[o].name["en"]] in tasks and ["bonus", 2, ""] in tasks
    line = next(line for line in tor_board(board_view(fight)) if " eirik-de-dale " in line)
    assert "in a challenge with Orc soldier" in line and "+2d to its next attack" in line
    assert "holds its position (next attack on it ill-favoured)" in line
    set_language("fr")
    line = next(line for line in tor_board(board_view(fight)) if " eirik-de-dale " in line)
    assert "en défi avec Orque soldat" in line and "tient bon" in line and "face à Orque soldat" in line
