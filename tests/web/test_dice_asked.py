"""The players' dice asked in the browser: the question on the GM's screen, and on its character's own link."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.web.conftest import BASE, Served, Tab, sample, version_of

from estoc.content.registry import Content
from estoc.play.store import EventStore
from estoc.play.systems import fight_system, read_encounter
from estoc.play.tracker import Tracker
from estoc.web.security import Keys
from estoc.web.session import FightSession

HARP_HIT = "attaquer orque-1 jet 90"
"""Faralinde's first blow, its attack typed: it hits hard enough for a critical, her player's die."""
D100_AUTOS = 4
"""`auto` four times in the bridge fight (seed 7): Jacquot 2 attacks Ysolde, whose parry or dodge is asked."""


def asking_session(content: Content, db: Path, system: str, seed: int = 7) -> FightSession:
    """A fight of ``system`` begun (estoc rolled the first round), served with the players' dice asked."""
    loaded = read_encounter(sample(system), content)
    with EventStore(db) as store:
        fight_id = Tracker.create(store, fight_system(loaded.system, content), loaded.name,
                                  {"encounter": loaded.setup, "seed": seed, "beasts_flee": False}).fight_id
    return FightSession(db, fight_id, lambda store, fid: Tracker(store, fid, fight_system(loaded.system, content)),
                        asking=True)


@pytest.fixture
def asked(content: Content, tmp_path: Path) -> Iterator[Callable[[str], Served]]:
    made: list[Served] = []

    def make(system: str = "harp") -> Served:
        served = Served(asking_session(content, tmp_path / f"{system}-{len(made)}.db", system), Keys())
        made.append(served)
        return served

    yield make
    for served in made:
        served.close()


def character_tab(served: Served, who: str) -> Tab:
    """A phone signed in with the character ``who``'s own link (its CSRF token read from its page)."""
    key = served.call(lambda: served.app.state.web.character_keys()[who])
    tab = Tab(served.client)
    assert tab.get(f"/view?key={key}").status_code == 303
    page = tab.get("/view").text
    found = re.search(r'"X-CSRF-Token": "([\w-]+)"', page)
    assert found, page[:400]
    tab.csrf = found.group(1)
    return tab


def number_of(html: str) -> str:
    found = re.search(r'id="question" data-number="(\d+)" data-who="([\w-]+)"', html)
    assert found, html[:600]
    return found.group(1)


def gm_answer(served: Served, tab: Tab, fields: dict[str, str]) -> Any:
    live = tab.get("/gm/live").text
    data = {"version": version_of(live), "number": number_of(live), **fields}
    return tab.post("/gm/answer", data=data, headers={"X-CSRF-Token": tab.csrf, "Origin": BASE})


def phone_answer(tab: Tab, number: str, fields: dict[str, str]) -> Any:
    return tab.post("/view/answer", data={"number": number, **fields},
                    headers={"X-CSRF-Token": tab.csrf, "Origin": BASE})


def pending(served: Served) -> Any:
    return served.call(lambda: served.session.tracker.pending)


def test_the_gm_sees_the_question_and_gives_a_face(asked: Callable[[str], Served]) -> None:
    served = asked("harp")
    gm = served.tab("gm")
    assert served.gm_post(gm, HARP_HIT).status_code == 200
    live = gm.get("/gm/live").text
    assert 'id="question"' in live and "Faralinde" in live and "critical roll (d100)" in live
    assert "estoc rolls" in live and 'value="cancel"' in live
    before = served.version()
    answered = gm_answer(served, gm, {"do": "face", "face": "77"})
    assert answered.status_code == 200
    assert pending(served) is None and served.version() == before + 1
    assert 'id="question"' not in gm.get("/gm/live").text
    event = served.call(lambda: served.session.tracker.events[-1])
    assert "77" in str(event)


def test_estoc_rolls_and_cancel(asked: Callable[[str], Served]) -> None:
    served = asked("harp")
    gm = served.tab("gm")
    before = served.version()
    served.gm_post(gm, HARP_HIT)
    cancelled = gm_answer(served, gm, {"do": "cancel"})
    assert cancelled.status_code == 200 and "Cancelled, nothing stored" in cancelled.text
    assert pending(served) is None and served.version() == before
    served.gm_post(gm, HARP_HIT)
    assert gm_answer(served, gm, {"do": "estoc"}).status_code == 200
    assert pending(served) is None and served.version() == before + 1


@pytest.mark.parametrize("face", ["0", "101", "banana", ""])
def test_a_face_off_the_die_is_refused_and_the_question_stays(asked: Callable[[str], Served], face: str) -> None:
    served = asked("harp")
    gm = served.tab("gm")
    before = served.version()
    served.gm_post(gm, HARP_HIT)
    number = pending(served).number
    refused = gm_answer(served, gm, {"do": "face", "face": face})
    assert refused.status_code == 422
    assert 'class="msg error"' in refused.text and "Traceback" not in refused.text
    assert pending(served).number == number and served.version() == before


def test_a_stale_answer_is_refused_politely(asked: Callable[[str], Served]) -> None:
    served = asked("harp")
    gm = served.tab("gm")
    phone = character_tab(served, "faralinde")
    served.gm_post(gm, HARP_HIT)
    number = str(pending(served).number)
    gm_answer(served, gm, {"do": "face", "face": "50"})
    after = served.version()
    late = phone_answer(phone, number, {"do": "face", "face": "90"})
    assert late.status_code == 409 and "already given" in late.text
    assert served.version() == after


def test_a_characters_link_answers_its_own_die(asked: Callable[[str], Served]) -> None:
    served = asked("harp")
    gm = served.tab("gm")
    phone = character_tab(served, "faralinde")
    other = character_tab(served, "brundar")
    view = served.tab("players")
    served.gm_post(gm, HARP_HIT)
    mine = phone.get("/view/live").text
    assert "Your die, Faralinde" in mine and 'hx-post="/view/answer"' in mine and 'value="cancel"' not in mine
    theirs = other.get("/view/live").text
    assert "Waiting for Faralinde" in theirs and "/view/answer" not in theirs
    assert "Waiting for Faralinde" in view.get("/view/live").text
    number = number_of(mine)
    before = served.version()
    refused = phone_answer(other, number, {"do": "face", "face": "12"})
    assert refused.status_code == 403 and "not yours" in refused.text
    assert pending(served) is not None and served.version() == before
    assert phone_answer(phone, number, {"do": "cancel"}).status_code == 403
    assert pending(served) is not None
    given = phone_answer(phone, number, {"do": "face", "face": "88"})
    assert given.status_code == 200 and pending(served) is None and served.version() == before + 1


def test_a_characters_link_is_no_gm(asked: Callable[[str], Served]) -> None:
    served = asked("harp")
    phone = character_tab(served, "faralinde")
    before = served.version()
    assert phone.get("/gm").status_code == 403
    for path, data in (("/gm/command", {"line": "auto", "version": str(before)}),
                       ("/gm/answer", {"do": "estoc", "number": "1", "version": str(before)}),
                       ("/gm/reveal", {"reveal": "1"})):
        assert phone.post(path, data=data, headers={"X-CSRF-Token": phone.csrf, "Origin": BASE}).status_code == 403
    assert served.version() == before
    shared = served.tab("players")
    served.gm_post(served.tab("gm"), HARP_HIT)
    refused = shared.post("/view/answer", data={"number": "1", "do": "estoc"}, headers={"Origin": BASE})
    assert refused.status_code == 403 and pending(served) is not None


def test_a_phone_answer_needs_its_token_and_origin(asked: Callable[[str], Served]) -> None:
    served = asked("harp")
    phone = character_tab(served, "faralinde")
    served.gm_post(served.tab("gm"), HARP_HIT)
    number = str(pending(served).number)
    assert phone.post("/view/answer", data={"number": number, "do": "estoc"},
                      headers={"Origin": BASE}).status_code == 403
    assert phone.post("/view/answer", data={"number": number, "do": "estoc"},
                      headers={"X-CSRF-Token": phone.csrf, "Origin": "http://evil.example"}).status_code == 403
    assert pending(served) is not None


def test_the_gm_sees_each_players_link_with_its_code(asked: Callable[[str], Served]) -> None:
    served = asked("d100")
    page = served.tab("gm").get("/gm").text
    keys = served.call(lambda: served.app.state.web.character_keys())
    assert set(keys) == {"ysolde", "odon", "gaspard"}
    for who, key in keys.items():
        assert f'id="link-{who}"' in page and f"/view?key={key}" in page
    assert page.count("<svg") >= 3 and "http://" not in page.split('class="qr"')[1].split("</svg>")[0].replace(
        "http://www.w3.org", "")


def test_d100_defence_asked_of_the_defender(asked: Callable[[str], Served]) -> None:
    served = asked("d100")
    gm = served.tab("gm")
    for _turn in range(D100_AUTOS):
        assert served.gm_post(gm, "auto").status_code == 200
    question = pending(served)
    assert question is not None and question.who == "ysolde" and question.purpose == "defence"
    phone = character_tab(served, "ysolde")
    other = character_tab(served, "odon")
    number = str(question.number)
    assert phone_answer(other, number, {"do": "face", "face": "5"}).status_code == 403
    assert phone_answer(phone, number, {"do": "face", "face": "5"}).status_code == 200
    assert pending(served) is None or pending(served).number != question.number


def test_serve_prints_each_characters_link(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                           tmp_path: Path) -> None:
    from tests.web.test_serve_cli import SAMPLE, _serve

    db = tmp_path / "f.db"
    code, out, _err, seen = _serve(monkeypatch, capsys, "serve", str(SAMPLE), "--db", str(db), "--seed", "4")
    links = dict(re.findall(r"(\w[\w ]*?)'s own link .*?(http://127\.0\.0\.1:8000/view\?key=[\w-]{43})", out))
    assert code == 0 and len(links) == 5 and len(set(links.values())) == 5, out
    web = seen["app"].state.web
    assert web.session.asking is True
    code, again, _err, seen = _serve(monkeypatch, capsys, "--lang", "fr", "serve", "--resume", "1", "--db", str(db),
                                     "--no-ask")
    assert code == 0 and all(url in again for url in links.values())  # the links are kept between servers
    assert "Lien personnel de" in again and seen["app"].state.web.session.asking is False
    code, fresh, _err, _seen = _serve(monkeypatch, capsys, "serve", "--resume", "1", "--db", str(db), "--new-keys")
    assert code == 0 and not any(url in fresh for url in links.values())  # new keys: new links


def test_the_answer_bench_runs_and_reports() -> None:
    import subprocess
    import sys

    bench = Path(__file__).parents[2] / "bench" / "bench_answer.py"
    done = subprocess.run([sys.executable, str(bench), "-n", "3"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert re.search(r"answer -> GM's stream: median [\d.]+ ms, p95 [\d.]+ ms", done.stdout), done.stdout
    assert re.search(r"answer -> other phone's stream: median [\d.]+ ms", done.stdout), done.stdout


def test_the_command_box_answers_the_die_awaited(asked: Callable[[str], Served]) -> None:
    served = asked("harp")
    gm = served.tab("gm")
    before = served.version()
    served.gm_post(gm, HARP_HIT)
    refused = served.gm_post(gm, "auto")
    assert refused.status_code == 422 and "1 to 100" in refused.text and pending(served) is not None
    assert served.gm_post(gm, "64").status_code == 200
    assert pending(served) is None and served.version() == before + 1
    assert "64" in str(served.call(lambda: served.session.tracker.events[-1]))


def test_a_phone_cannot_cancel_by_typing_the_word(asked: Callable[[str], Served]) -> None:
    served = asked("harp")
    phone = character_tab(served, "faralinde")
    served.gm_post(served.tab("gm"), HARP_HIT)
    number = str(pending(served).number)
    for fields in ({"do": "face", "face": "annuler"}, {"do": "face", "face": "cancel"}, {"do": "accept"}):
        refused = phone_answer(phone, number, fields)
        assert refused.status_code == 403 and "Only the GM" in refused.text
        assert pending(served) is not None and pending(served).number == int(number)


def post_hold(served: Served, tab: Tab, hold: bool) -> Any:
    return tab.post("/gm/hold", data={"hold": "1" if hold else ""}, headers={"X-CSRF-Token": tab.csrf, "Origin": BASE})


def test_players_answers_wait_for_the_gms_ok(asked: Callable[[str], Served]) -> None:
    served = asked("harp")
    gm = served.tab("gm")
    phone = character_tab(served, "faralinde")
    assert phone.post("/gm/hold", data={"hold": "1"},
                      headers={"X-CSRF-Token": phone.csrf, "Origin": BASE}).status_code == 403
    assert post_hold(served, gm, True).status_code == 200
    assert 'id="hold" checked' in gm.get("/gm").text
    before = served.version()
    served.gm_post(gm, HARP_HIT)
    number = str(pending(served).number)
    waits = phone_answer(phone, number, {"do": "face", "face": "33"})
    assert waits.status_code == 200 and "waits for the GM" in waits.text
    assert served.version() == before and pending(served) is not None
    assert "waits for the GM" in phone.get("/view/live").text
    live = gm.get("/gm/live").text
    assert "player answered: 33" in live and 'value="accept"' in live
    assert gm_answer(served, gm, {"do": "accept"}).status_code == 200
    assert pending(served) is None and served.version() == before + 1
    assert "33" in str(served.call(lambda: served.session.tracker.events[-1]))
    late = gm.post("/gm/answer", data={"do": "accept", "number": number, "version": str(served.version())},
                   headers={"X-CSRF-Token": gm.csrf, "Origin": BASE})
    assert late.status_code == 409 and "No player&#39;s answer waits" in late.text  # nothing waits now
    assert post_hold(served, gm, False).status_code == 200
    assert served.call(lambda: served.session.hold) is False


def test_a_characters_key_never_opens_the_gms_screen(asked: Callable[[str], Served]) -> None:
    served = asked("harp")
    key = served.call(lambda: served.app.state.web.character_keys()["faralinde"])
    tab = Tab(served.client)
    assert tab.get(f"/gm?key={key}").status_code == 403 and not tab.cookies
    assert tab.get(f"/view?key={key}x").status_code == 403 and not tab.cookies
    assert tab.get(f"/view?key={key}").status_code == 303 and set(tab.cookies) == {"estoc_view"}
    assert tab.get("/gm/live").status_code == 403 and tab.get("/gm/export.md").status_code == 403
    page = tab.get("/view").text
    assert "view — Faralinde" in page and "links-panel" not in page and "/view?key=" not in page
