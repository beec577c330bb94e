"""The GM's screen and the players' view through HTTP: the board, the log, commands of every system, the players'
words, the GM's reveal, the export, the languages, the pushes to open screens."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from typing import Any

import pytest
from tests.web.conftest import Served, version_of

from estoc.i18n import _, ngettext, pick, set_language
from estoc.render.veil import health_words
from estoc.web.session import Screen


def _texts(html: str, cls: str) -> list[str]:
    return re.findall(rf'<span class="{cls}">(.*?)</span>', html)


def test_gm_page_shows_the_board_and_the_log(served: Served) -> None:
    page = served.tab("gm").get("/gm").text
    for cid in ("brundar", "orque-1", "warg"):
        assert f'id="row-{cid}"' in page
    assert "Round 1 — Faralinde Quickblade to act" in page
    assert "105/105" in page  # Brundar's hit points
    assert re.search(r"initiative: Faralinde Quickblade \d+", page)  # the narration, every number shown
    assert '<option value="attaquer">' in page and '<option value="orque-1">' in page
    assert 'data-key="u"' in page


def test_harp_fight_played_to_the_end_with_undo(served: Served) -> None:
    gm = served.tab("gm")
    first = served.gm_post(gm, "attack orque-1")
    assert first.status_code == 200
    assert "Faralinde Quickblade attacks Orc 1" in first.text
    undone = served.gm_post(gm, "undo")
    assert undone.status_code == 200 and "Undone: attack orque-1" in undone.text
    assert "Faralinde Quickblade attacks Orc 1" not in undone.text
    redone = served.gm_post(gm, "redo")
    assert "Redone: attack orque-1" in redone.text
    refused = served.gm_post(gm, "attack nobody")
    assert refused.status_code == 422 and 'class="msg error"' in refused.text
    end = served.gm_post(gm, "auto end all")
    assert end.status_code == 200
    assert "The fight is over — victory:" in end.text
    export = gm.get("/gm/export.md")
    assert export.status_code == 200 and export.text.startswith("# Ambush at the ford")
    assert "## Summary" in export.text
    assert "attachment" in export.headers["content-disposition"]


def test_players_see_adversaries_in_words(served: Served) -> None:
    gm, players = served.tab("gm"), served.tab("players")
    served.gm_post(gm, "mark orque-1 silence 3")
    served.gm_post(gm, "note warg secretly-afraid of fire")
    served.gm_post(gm, "hp orque-2 10")
    view = players.get("/view").text
    assert "105/105" in view  # a hero's numbers
    assert "/85" not in view and "10/" not in view  # no orc's
    assert "badly wounded" in _texts(view, "words")
    assert "unhurt" in _texts(view, "words")
    assert "silence" not in view and "secretly-afraid" not in view  # the GM's marks and notes
    assert "now has 10 HP" not in view  # the GM's edits
    assert "<code>orque-1</code>" not in view  # no ids to type: the players do not command
    assert 'name="line"' not in view and "X-CSRF-Token" not in view
    assert served.tab(None).post("/gm/reveal", data={"reveal": "1"}, headers={
        "X-CSRF-Token": gm.csrf}).status_code == 403  # a fresh tab without the GM's cookie
    shown = gm.post("/gm/reveal", data={"reveal": "1"}, headers={"X-CSRF-Token": gm.csrf})
    assert shown.status_code == 200
    assert "10/85" in players.get("/view/live").text
    gm.post("/gm/reveal", data={}, headers={"X-CSRF-Token": gm.csrf})
    assert "10/85" not in players.get("/view/live").text


def _played(served: Served, *lines: str) -> tuple[Any, frozenset[str]]:
    """The tracker of a fight played on the GM's screen, and its adversaries' ids."""
    gm = served.tab("gm")
    for line in lines:
        assert served.gm_post(gm, line).status_code == 200, line
    tracker = served.call(lambda: served.session.tracker)
    view = served.call(lambda: tracker.fight.view())
    return tracker, frozenset(str(r["id"]) for r in view["combatants"] if not r.get("player"))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_players_narration_hides_adversaries_hit_points(served: Served, lang: str) -> None:
    """HARP: a blow on an adversary tells the GM its total and the hit points left, the players how hurt it is."""
    tracker, foes = _played(served, "auto end all")
    fight = tracker.fight
    maxima = {c.id: int(c.hp) for c in fight.combatants}
    blows = [r for r in tracker.records if r.get("kind") == "attack" and "target_hp" in r and r.get("total_hits")]
    on_foes = [r for r in blows if r["target"] in foes]
    on_heroes = [r for r in blows if r["target"] not in foes]
    assert on_foes and on_heroes
    set_language(lang)
    names = {c.id: pick(c.name) for c in fight.combatants}
    try:
        for record in on_foes:
            gm = served.call(lambda r=record: tracker.system.narrate(r, fight))
            players = served.call(lambda r=record: tracker.system.narrate(r, fight, veiled=foes))
            total = ngettext("Total: {n} hit; {target} at {hp} of {max} HP.",
                             "Total: {n} hits; {target} at {hp} of {max} HP.", record["total_hits"]).format(
                n=record["total_hits"], target=names[record["target"]], hp=record["target_hp"],
                max=maxima[record["target"]])
            hit = _("{target} is hit ({state}).").format(
                target=names[record["target"]],
                state=health_words(int(record["target_hp"]), maxima[record["target"]], False))
            assert "    " + total in gm and "    " + hit in players
            assert "    " + total not in players
        for record in on_heroes:
            assert served.call(lambda r=record: tracker.system.narrate(r, fight, veiled=foes)) == served.call(
                lambda r=record: tracker.system.narrate(r, fight))
    finally:
        set_language("en")


def test_french_screen(served: Served) -> None:
    gm = served.tab("gm")
    response = gm.get("/lang/fr?to=gm")
    assert response.status_code == 303 and response.headers["location"] == "/gm"
    page = gm.get("/gm").text
    assert 'lang="fr"' in page and "Écran du MJ" in page and "Récit" in page
    assert "Ordre d'action" in page or "Ordre d&#39;action" in page
    assert gm.get("/lang/de").status_code == 404
    answer = served.gm_post(gm, "attaquer orque-1")
    assert "attaque" in answer.text


@pytest.mark.parametrize(("system", "lines", "heading"), [
    ("d100", ["actions", "auto"], "Round 1, actions"),
    ("tor", ["close", "fight", "auto"], "Round 1, resolution"),
])
def test_other_systems_start_and_play_a_turn(served_factory: Callable[..., Served], system: str, lines: list[str],
                                             heading: str) -> None:
    served = served_factory(system)
    gm = served.tab("gm")
    for line in lines:
        assert served.gm_post(gm, line).status_code == 200, line
    live = gm.get("/gm/live").text
    assert f'<h2 id="turn">{heading}</h2>' in live
    assert version_of(live) == str(len(lines) + 1)
    view = served.tab("players").get("/view").text
    assert "unhurt" in view or "wounded" in view
    if system == "tor":
        assert "Hope 13/13" in live and "forward" in live  # a hero's hope and stance


def test_every_change_is_pushed_to_every_screen(served: Served) -> None:
    """Each open screen (GM's or players', each in its language) gets the fight again after a command."""
    screens = [Screen("gm", "en"), Screen("players", "fr")]

    def listen() -> None:
        for screen in screens:
            screen.queue = asyncio.Queue()
            served.session.screens.add(screen)

    served.call(listen)
    gm = served.tab("gm")
    served.gm_post(gm, "auto")
    pushed = [served.call(screen.queue.get_nowait).decode() for screen in screens]
    assert 'data-version="2"' in pushed[0] and 'data-version="2"' in pushed[1]
    assert "<code>orque-1</code>" in pushed[0]
    assert "Récit" in pushed[1] and "<code>" not in pushed[1]
    served.gm_post(gm, "help")  # a command that changes nothing pushes nothing
    assert all(served.call(screen.queue.empty) for screen in screens)


def test_a_page_gets_only_the_new_lines(served: Served) -> None:
    """A page that shows the whole log gets the board and the new lines; after an undo, the whole screen."""
    gm = served.tab("gm")
    live = gm.get("/gm/live").text
    count = int(re.search(r'id="log" data-count="(\d+)"', live).group(1))  # type: ignore[union-attr]
    headers = {"X-CSRF-Token": gm.csrf}
    answer = gm.post("/gm/command", data={"line": "attack orque-1", "version": version_of(live), "told": str(count)},
                     headers=headers)
    assert answer.status_code == 200
    assert f'id="news" hx-swap-oob="true" hidden data-from="{count}"' in answer.text
    assert 'id="board-part" hx-swap-oob="true"' in answer.text and 'id="live"' not in answer.text
    assert "attacks Orc 1" in answer.text and "initiative:" not in answer.text  # only the new lines
    grown = int(re.search(r'data-to="(\d+)"', answer.text).group(1))  # type: ignore[union-attr]
    undone = gm.post("/gm/command", data={"line": "undo", "version": version_of(answer.text), "told": str(grown)},
                     headers=headers)
    assert 'id="live" hx-swap-oob="true"' in undone.text and "attacks Orc 1" not in undone.text
    wrong = gm.post("/gm/command", data={"line": "auto", "version": version_of(undone.text), "told": "999"},
                    headers=headers)
    assert 'id="live" hx-swap-oob="true"' in wrong.text  # a page that claims more than there is gets it all


def test_following_screens_get_new_lines_then_the_whole_after_an_undo(served: Served) -> None:
    screen = Screen("players", "en")

    def listen() -> None:
        screen.queue = asyncio.Queue()
        screen.seen(served.session.tracker.records)
        served.session.screens.add(screen)

    served.call(listen)
    gm = served.tab("gm")
    served.gm_post(gm, "auto")
    pushed = served.call(screen.queue.get_nowait).decode()
    assert pushed.startswith("event: board\n") and "\nevent: append\n" in pushed and "event: live" not in pushed
    served.gm_post(gm, "undo")
    pushed = served.call(screen.queue.get_nowait).decode()
    assert pushed.startswith("event: live\n")


def test_odds_of_the_exchange(served: Served, tables: object) -> None:
    """The panel's odds are the odds module's for the numbers the blow would meet now: the strike's OB less the
    parry kept, with the fight's modifier (the sample's fog: −10), against the orc's DB."""
    from fractions import Fraction

    from estoc.odds.attack import ExchangeSpec, exchange_odds
    from estoc.systems.harp.exchange import strike_inputs

    gm = served.tab("gm")
    page = gm.get("/gm").text
    assert 'id="odds"' in page and 'name="parry"' in page
    free = gm.get("/gm/odds?attacker=brundar&target=orque-1&parry=0&mod=0").text
    parried = gm.get("/gm/odds?attacker=brundar&target=orque-1&parry=40&mod=0").text

    def hit(html: str) -> float:
        return float(re.search(r"Hit</th><td class=\"p\">([\d.]+) %", html).group(1))  # type: ignore[union-attr]

    def mean(html: str) -> float:
        return float(re.search(r"Expected hits: ([\d.]+)", html).group(1))  # type: ignore[union-attr]

    assert mean(parried) < mean(free) and hit(parried) <= hit(free)

    def expected() -> Fraction:
        fight = served.session.tracker.fight
        sheets = {c.id: c for c in fight.combatants}
        striker, target = sheets["brundar"], sheets["orque-1"]
        chosen = striker.strikes[0]
        fog = int(fight.F.fight_mod[0])
        assert fog == -10
        # the OB as the kernel makes it: the parry's 40 and the fog off, and the position bonuses of the target's
        # state (on the ground, stunned, disarmed: « Bonus de position ») on
        situation = fight.exchange_numbers(fight.ids().index("brundar"), fight.ids().index("orque-1"), 0)[0] - (
            chosen.ob + fog + fight.value("penalty", fight.ids().index("brundar")))
        ob = chosen.ob - 40 + fog + situation
        inputs = strike_inputs(fight.tables, chosen, target, 1, ob, target.db)
        spec = ExchangeSpec(ob=ob, defence=target.db, table=int(inputs.table[0]),
                            armour_type=target.armour_type, size=int(inputs.size[0]), fumble=int(inputs.fumble[0]),
                            critical=int(inputs.critical[0]), extra_table=int(inputs.extra_table[0]),
                            extra_severity=int(inputs.extra_severity[0]), crit_reduction=target.crit_reduction,
                            target_hp=target.hp, body_rr=target.body_rr, stun_immune=target.stun_immune)
        return exchange_odds(fight.tables, spec, fight.settings).hit

    assert hit(parried) == round(100 * float(served.call(expected)), 1)
    assert "not a whole number" in gm.get("/gm/odds?parry=x").text
    assert "from -300 to 300" in gm.get("/gm/odds?mod=100000").text
    assert served.tab("players").get("/gm/odds").status_code == 403


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_players_narration_hides_d100_hit_points_left(served_factory: Callable[..., Served], lang: str) -> None:
    """d100: a blow on an adversary tells the GM the hit points it loses and has left, the players how hurt it is;
    what got through its armour is left out."""
    served = served_factory("d100")
    tracker, foes = _played(served, "actions", "auto end all")
    fight = tracker.fight
    maxima = {c.id: int(c.hp) for c in fight.combatants}
    blows = [r for r in tracker.records if r.get("kind") == "attack" and r.get("body") and "hp" in r]
    assert any(r["target"] in foes for r in blows) and any(r["target"] not in foes for r in blows)
    set_language(lang)
    names = {c.id: pick(c.name) for c in fight.combatants}
    try:
        for record in blows:
            gm = served.call(lambda r=record: tracker.system.narrate(r, fight))
            players = served.call(lambda r=record: tracker.system.narrate(r, fight, veiled=foes))
            who, body, hp = names[record["target"]], int(record["body"]), int(record["hp"])
            lost = ngettext("{defender} loses {n} hit point, down to {hp}.",
                            "{defender} loses {n} hit points, down to {hp}.", body).format(defender=who, n=body, hp=hp)
            assert "  " + lost in gm
            if record["target"] not in foes:
                assert players == gm
                continue
            hurt = _("{defender} is hurt ({state}).").format(
                defender=who, state=health_words(hp, maxima[record["target"]], False))
            assert "  " + hurt in players and "  " + lost not in players
            of_the = _("Of the {total}: {stops}; {through}.").partition(":")[0].format(total=record["damage"])
            assert not any(line.strip().startswith(of_the) for line in players)
    finally:
        set_language("en")
