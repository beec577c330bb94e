"""The odds panels of d100 and The One Ring: the panel's figures are the odds modules' for the same inputs, read
from the fight as it stands."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from fractions import Fraction

from tests.web.conftest import Served


def percent(html: str, label: str) -> float:
    found = re.search(r"<th scope=\"row\">" + re.escape(label) + r"</th><td class=\"p\">([\d.]+) %", html)
    assert found, html
    return float(found.group(1))


def test_d100_odds_of_the_exchange(served_factory: Callable[..., Served]) -> None:
    from estoc.odds.d100 import exchange_odds
    from estoc.systems.d100.exchange import prepare
    from estoc.systems.d100.worlds import kernel_of

    served = served_factory("d100")
    gm = served.tab("gm")
    page = gm.get("/gm").text
    assert 'id="odds"' in page and 'name="defence"' in page and 'name="strike"' not in page
    fight = served.call(lambda: served.session.tracker.fight)
    rows = served.call(lambda: fight.view()["combatants"])
    a, t = rows[0]["id"], next(r["id"] for r in rows if r["side"] != rows[0]["side"])
    # The sample's foes stand 20 m apart: a melee blow is refused as the fight would refuse it.
    far = gm.get(f"/gm/odds?attacker={a}&target={t}&weapon=1").text
    assert "m away" in far and "move first" in far
    served.gm_post(gm, f"move {a} 20")
    served.gm_post(gm, f"move {t} 0")
    served.gm_post(gm, "actions")
    html = gm.get(f"/gm/odds?attacker={a}&target={t}&weapon=1&defence=best&mod=-20").text
    assert "error" not in html, html

    def expected() -> tuple[Fraction, Fraction]:
        F = fight.F
        K = kernel_of(F)
        i, j = fight.index(a), fight.index(t)
        chance = int(K.py_chance(F, 0, i, 0, j, int(K.py_distance(F, 0, i, j)), False, -20))
        found = K.py_defence(F, 0, i, 0, j, -1, -1)
        exchange = dataclasses.replace(
            prepare(fight.outcomes, fight.combatants[i], 1, fight.combatants[j], "none", fight.settings,
                    chance=chance), defence=tuple(int(x) for x in found))
        odds = exchange_odds(exchange, int(fight.view()["combatants"][j]["hp"]))
        return odds.result["hit"], odds.attack["success"]

    hit, success = served.call(expected)
    assert percent(html, "hits") == round(100 * float(hit), 1)
    assert percent(html, "success") == round(100 * float(success), 1)
    easier = gm.get(f"/gm/odds?attacker={a}&target={t}&weapon=1&defence=none&mod=20").text
    assert percent(easier, "success") >= percent(html, "success")
    assert "no defence" in easier
    assert "a defence is none, parry or dodge" in gm.get("/gm/odds?defence=x").text
    assert "weapon(s)" in gm.get(f"/gm/odds?attacker={a}&weapon=9").text
    assert served.tab("players").get("/gm/odds").status_code == 403


def test_tor_odds_of_the_exchange(served_factory: Callable[..., Served]) -> None:
    from tests.tor_oracle import brute

    from estoc.systems.tor.blow import special_code

    served = served_factory("tor")
    gm = served.tab("gm")
    page = gm.get("/gm").text
    assert 'id="odds"' in page and 'name="special"' in page and 'name="extra"' in page
    fight = served.call(lambda: served.session.tracker.fight)
    rows = served.call(lambda: fight.view()["combatants"])
    hero = next(r["id"] for r in rows if r["player"])
    foe = next(r["id"] for r in rows if r["side"] != next(x["side"] for x in rows if x["player"]))
    html = gm.get(f"/gm/odds?attacker={hero}&target={foe}&weapon=1&extra=1&mode=favoured&parry_bonus=2").text
    assert "error" not in html, html

    def expected(extra: int, bonus: int, mode: str | None, hope: bool) -> Fraction:
        """The kernel's own attack struck on every face, on a copy of the fight's world (the GM's extra dice and
        parry bonus written into it, a favoured roll as a challenge between the two)."""
        i, j = fight.index(hero), fight.index(foe)
        world = fight.copy().F
        if mode == "favoured":
            world.challenge[i], world.challenge[j] = j, i
        return brute(world, i, j, 0, special_code("auto"), hope=hope, extra=extra, bonus=bonus).success

    assert percent(html, "Hit") == round(100 * float(served.call(lambda: expected(1, 2, "favoured", False))), 1)
    plain = gm.get(f"/gm/odds?attacker={hero}&target={foe}").text
    assert percent(plain, "Hit") == round(100 * float(served.call(lambda: expected(0, 0, None, False))), 1)
    assert "Counted from the fight" in plain and "the roll is normal" in plain
    hoping = gm.get(f"/gm/odds?attacker={hero}&target={foe}&hope=1").text
    assert "One Hope spent: +1d." in hoping
    assert percent(hoping, "Hit") == round(100 * float(served.call(lambda: expected(0, 0, None, True))), 1)
    assert percent(hoping, "Hit") > percent(plain, "Hit")
    assert "Only a hero spends Hope." in gm.get(f"/gm/odds?attacker={foe}&target={hero}&hope=1").text
    assert "for the blow as it would be struck now" in plain
    assert "special damage is" in gm.get("/gm/odds?special=x").text
    assert "−6 to +6" in gm.get("/gm/odds?extra=9").text
    assert "a roll is normal, favoured or ill" in gm.get("/gm/odds?mode=lucky").text


def test_tor_odds_follow_the_fight(served_factory: Callable[..., Served]) -> None:
    """What the fight adds to a blow reaches the panel: the attacker's stance changed by the GM moves its dice."""
    served = served_factory("tor")
    gm = served.tab("gm")
    fight = served.call(lambda: served.session.tracker.fight)
    if served.call(lambda: fight.phase) == "volleys":
        served.gm_post(gm, "close")
    hero, foe = "eirik-de-dale", served.call(lambda: fight.combatants[fight.opponents(0)[0]].id
                                             if fight.opponents(0) else fight.combatants[-1].id)

    def shown() -> tuple[int, str]:
        html = gm.get(f"/gm/odds?attacker={hero}&target={foe}").text
        found = re.search(r"(\d+)d against TN", html)
        assert found, html
        return int(found.group(1)), html

    forward, html = shown()
    assert "Counted from the fight: +1d" in html  # the sample's forward stance
    served.gm_post(gm, f"stance {hero} defensive")
    defensive, html = shown()
    assert defensive == forward - 2 and "Counted from the fight: -1d" in html


def test_odds_panel_in_french(served_factory: Callable[..., Served]) -> None:
    served = served_factory("d100")
    gm = served.tab("gm")
    gm.get("/lang/fr")
    page = gm.get("/gm").text
    assert ">la meilleure permise</option>" in page and "Défense" in page
    assert "le contact" in gm.get("/gm/odds").text


def test_the_odds_panels_write_numbers_in_french(served_factory: Callable[..., Served]) -> None:
    """Percentages and expectations with a decimal comma in French (« 54,2 % »), a point in English; the same
    figures either way."""
    for system, query in (("harp", "attacker=brundar&target=orque-1&parry=0&mod=0"),
                          ("d100", "attacker=ysolde&target=jacquot-1&weapon=1"),
                          ("tor", "attacker=eirik-de-dale&target=orc-soldat-1&weapon=1")):
        served = served_factory(system)
        gm = served.tab("gm")
        if system == "d100":  # (into contact, the actions phase: a blow the panel can weigh)
            for line in ("move ysolde 20", "move jacquot-1 0", "actions"):
                assert served.gm_post(gm, line).status_code == 200
        gm.get("/lang/en")
        english = gm.get(f"/gm/odds?{query}").text
        gm.get("/lang/fr")
        french = gm.get(f"/gm/odds?{query}").text
        assert 'class="error"' not in english + french, (system, english)
        shown = re.findall(r'<td class="p">([\d.,]+) %', english)
        told = re.findall(r'<td class="p">([\d.,]+) %', french)
        assert shown and len(told) == len(shown), (system, french)
        assert all("." in p and "," not in p for p in shown) and all("," in p and "." not in p for p in told), (
            shown, told)
        assert told == [p.replace(".", ",") for p in shown]
        assert not re.search(r"(?<![\w.])\d+\.\d+(?![\w.])", re.sub(r"<[^>]+>", " ", french)), (system, french)
        expected = re.search(r"(?:Expected|en moyenne)[^<]*?(\d+[.,]\d+)", french)
        assert expected is None or "," in expected.group(1)
