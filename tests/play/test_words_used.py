"""A command uses every word of its line (issue 27): a word left over is refused, named, in the user's language, and
nothing is stored; a line is one command (a line break inside it refuses it whole). Over the three systems' sample
fights, every command each system declares."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from estoc.content.registry import Content, load_folder, shipped_folder
from estoc.engine.words import Words, all_used
from estoc.errors import InputError, KernelError
from estoc.i18n import set_language
from estoc.play.store import EventStore
from estoc.play.systems import fight_system, read_encounter
from estoc.play.tracker import Tracker, checked_line

SAMPLES = Path(__file__).parents[2] / "src" / "estoc" / "play" / "samples"
SYSTEMS = {"harp": "embuscade", "d100": "pont", "tor": "gue"}
EXTRA = "banane"

FREE = None
"""A command whose words are all its own, however many (a text, a list of ids): no word is ever left over."""
TRACKER = {"auto": "auto", "undo": "undo", "redo": "redo", "status": "status", "log": "log", "summary": "summary",
           "help": "help", "quit": "quit", "sheet": "sheet {hero}", "mark": FREE, "note": FREE, "timer": FREE,
           "clear": FREE, "dice": "des {hero} estoc"}
"""The tracker's own commands, the same in every system (``{hero}``: a combatant of the sample; ``clear`` takes a
mark's name of many words, and a timer's round: :func:`test_a_timer_cleared_takes_one_round`)."""
LINES: dict[str, dict[str, str | None]] = {
    "harp": {"attack": "attack orque-1 strike 1 parry 10 vs orque-1 mod 5 flank roll 50",
             "move-attack": "move-attack orque-1 5", "total-parry": "total-parry orque-1", "dodge": "dodge",
             "instinctive-dodge": "instinctive-dodge brundar", "charge": "charge orque-1 10 unseen",
             "move": "move 5", "disengage": "disengage orque-1 parry 20", "breathe": FREE,
             "shove": "shove orque-1 10", "stand": "stand", "take-weapon": "take-weapon", "pass": "pass",
             "flee": "flee", "wait": "wait orque-1 with", "intercept": "intercept orque-1", "hp": "hp orque-1 10",
             "damage": "damage orque-1 3", "heal": "heal orque-1 3", "condition": "condition orque-1 stun 2",
             "relieve": "relieve orque-1 5", "mod": "mod orque-1 10", "fight-mod": "fight-mod 5",
             "add": "add orque orques level 2 as orque-9", "out": "out orque-1", "back": "back orque-1",
             "order": FREE, "init": FREE, "distance": "distance brundar orque-1 5", "cover": "cover brundar none",
             "sun": "sun on", "surprise": "surprise orques", "declare": "declare brundar none"},
    "d100": {"attack": "attack jacquot-1 weapon 1 parry with 1 distance 5 difficult mod 10 roll 40",
             "ready": "ready weapon 1", "first-aid": "first-aid ysolde wound 1", "reload": "reload", "pass": "pass",
             "move": "move ysolde 5", "kneel": "kneel ysolde", "intent": FREE, "reach": "reach ysolde long weapon 1",
             "actions": "actions", "end-round": "end-round", "hp": "hp jacquot-1 5", "damage": "damage jacquot-1 5",
             "heal": "heal jacquot-1 5", "wake": "wake jacquot-1", "rest": "rest jacquot-1 weeks 2 ideal",
             "add": "add brigand brigands as brigand-9", "distance": "distance ysolde jacquot-1 5",
             "out": "out jacquot-1", "back": "back jacquot-1"},
    "tor": {"shoot": "shoot faelwen-de-lindon orc-soldat-1", "close": "close",
            "stance": "stance eirik-de-dale open", "engage": "engage eirik-de-dale orc-soldat-1", "assign": FREE,
            "order": FREE, "rear": "rear orc-soldat-1", "ground": "ground free", "fight": "fight",
            "attack": "attack orc-soldat-1 weapon 1 heavy hope feat 5", "task": "task intimider orc-soldat-1",
            "yield": "yield eirik-de-dale", "continue": "continue", "regain": "regain", "pass": "pass",
            "drop": "drop helm", "pickup": "pickup weapon 1", "complication": "complication eirik-de-dale 1",
            "endurance": "endurance orc-soldat-1 5", "damage": "damage orc-soldat-1 2",
            "heal": "heal orc-soldat-1 2", "wound": "wound eirik-de-dale 1 fatal", "dying": "dying eirik-de-dale on",
            "hope": "hope eirik-de-dale 2", "condition": "condition eirik-de-dale weary on",
            "add": "add eirik-de-dale open as eirik-2", "out": "out orc-soldat-1", "back": "back orc-soldat-1"},
}
"""A line each command reads to its last word (its keywords and options included), per system."""
HEROES = {"harp": "brundar", "d100": "ysolde", "tor": "eirik-de-dale"}
OWN_REFUSAL = {("tor", "drop"), ("tor", "pickup")}
"""Commands whose words are all items: a word more is refused as no item (« 'banane' n'est pas un objet… »)."""
REFUSED = {"fr": "mot en trop : {words}", "en": "word not used: {words}"}
REFUSED_MANY = {"fr": "mots en trop : {words}", "en": "words not used: {words}"}


@pytest.fixture(scope="module")
def shipped() -> Content:
    return load_folder(shipped_folder())


@pytest.fixture
def tracker_of(shipped: Content) -> Iterator[dict[str, Tracker]]:
    with tempfile.TemporaryDirectory() as folder:
        trackers: dict[str, Tracker] = {}
        stores = []
        for system_id, sample in SYSTEMS.items():
            loaded = read_encounter(SAMPLES / f"{sample}.yaml", shipped)
            store = EventStore(Path(folder) / f"{system_id}.db")
            stores.append(store)
            try:
                trackers[system_id] = Tracker.create(store, fight_system(loaded.system, shipped), system_id,
                                                     {"encounter": loaded.setup, "seed": 5})
            except KernelError as exc:  # a kernel rebuilt elsewhere: nothing of the words to check here
                pytest.skip(exc.message)
        yield trackers
        for store in stores:
            store.close()
    set_language("en")


def refused(tracker: Tracker, line: str) -> str:
    """The message refusing ``line``; the fight's version and state as they were."""
    before, version, records = tracker.fight.view(), tracker.version, len(tracker.records)
    with pytest.raises(InputError) as caught:
        tracker.command(line)
    assert (tracker.version, len(tracker.records)) == (version, records)
    assert tracker.fight.view() == before
    return caught.value.message


def cases() -> list[tuple[str, str, str | None]]:
    return [(system_id, name, line) for system_id, table in LINES.items()
            for name, line in {**table, **TRACKER}.items()]


def test_every_command_declared_has_its_line(shipped: Content) -> None:
    for system_id in SYSTEMS:
        declared = {en for en, _fr, _text in fight_system(system_id, shipped).commands()}
        assert declared == {*LINES[system_id], *TRACKER}, system_id


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize(("system_id", "name", "line"), [case for case in cases() if case[2] is not FREE])
def test_a_word_more_is_refused_and_named(tracker_of: dict[str, Tracker], system_id: str, name: str,
                                         line: str, lang: str) -> None:
    set_language(lang)
    tracker = tracker_of[system_id]
    typed = line.format(hero=HEROES[system_id])
    tracker.request(typed)  # (the line itself is read whole: nothing in it is left over)
    message = refused(tracker, f"{typed} {EXTRA}")
    if (system_id, name) in OWN_REFUSAL:
        assert EXTRA in message
    else:
        assert message == REFUSED[lang].format(words=EXTRA)


@pytest.mark.parametrize(("system_id", "line", "left"), [
    ("harp", "attack orque-1 orque-2", "orque-2"),
    ("harp", "pdv orque-1 40 orque-2", "orque-2"),
    ("harp", "annuler annuler", "annuler"),
    ("harp", "passer maintenant vite", "maintenant, vite"),
    ("d100", "hp jacquot-1 5 banana", "banana"),
    ("d100", "attaquer jacquot-1 jacquot-2", "jacquot-2"),
    ("d100", "recharger arbalete", "arbalete"),
    ("tor", "attaquer orc-soldat-1 orc-soldat-2", "orc-soldat-2"),
    ("tor", "manoeuvre intimider orc-soldat-1 orc-soldat-2", "orc-soldat-2"),
    ("tor", "pdv orc-soldat-1 5 6 7", "6, 7"),
])
def test_the_issue_s_lines_are_refused(tracker_of: dict[str, Tracker], system_id: str, line: str, left: str) -> None:
    set_language("fr")
    many = "," in left
    assert refused(tracker_of[system_id], line) == (REFUSED_MANY if many else REFUSED)["fr"].format(words=left)


WHOLE = {"harp": ["breathe orque-1 orque-2 orque-3", "order orque-1 orque-2 warg", "init 12 15 8 20 9",
                  "init brundar 12 faralinde 15"],
         "d100": ["intent ysolde je tiens le pont coute que coute"],
         "tor": ["assign eirik-de-dale orc-soldat-1 orc-soldat-2 orc-soldat-3",
                 "order eirik-de-dale grani-barbe-grise"]}
"""The lines of the commands that take many words: every word is theirs."""


@pytest.mark.parametrize(("system_id", "line"), [(s, line) for s, lines in WHOLE.items() for line in lines])
def test_a_command_of_many_words_takes_them_all(tracker_of: dict[str, Tracker], system_id: str, line: str) -> None:
    request = tracker_of[system_id].request(line)
    assert request["event"]  # (read whole: no word refused as left over)
    for free in ("note {hero} a b c", "mark {hero} ralenti par la boue 2", "timer +2 a b", "clear {hero} a b"):
        assert tracker_of[system_id].request(free.format(hero=HEROES[system_id]))["args"]


def test_many_words_left_are_cut_short(tracker_of: dict[str, Tracker]) -> None:
    set_language("en")
    message = refused(tracker_of["harp"], "attack orque-1 " + " ".join(f"w{i}" for i in range(9)))
    assert message == "words not used: w0, w1, w2, w3, w4, …"


@pytest.mark.parametrize("breaking", ["\n", "\r", "\r\n", "\v", "\f", "\x1c", "\x85", "\u2028", "\u2029"])
def test_a_line_break_refuses_the_line_whole(tracker_of: dict[str, Tracker], breaking: str) -> None:
    for lang, words in (("fr", "une commande par ligne"), ("en", "one command per line")):
        set_language(lang)
        for tracker in tracker_of.values():
            assert words in refused(tracker, f"auto{breaking}undo{breaking}undo")
    with pytest.raises(InputError):
        checked_line(f"pass{breaking}")


def test_a_timer_cleared_takes_one_round(tracker_of: dict[str, Tracker]) -> None:
    set_language("fr")
    tracker = tracker_of["harp"]
    tracker.command("minuteur +3 renforts")
    at = tracker.marks.timers[0][0]
    assert refused(tracker, f"effacer minuteur {at} banane") == "mot en trop : banane"
    tracker.command(f"effacer minuteur {at}")
    assert not tracker.marks.timers


def test_the_words_read_are_those_used() -> None:
    set_language("en")
    args = Words(["a", "b", "c", "d", "e"])
    assert args.unused() == ["a", "b", "c", "d", "e"]
    assert args[1:3] == ["b", "c"] and args[-1] == "e" and len(args) == 5 and "a" in args
    assert args.unused() == ["a", "d"]
    with pytest.raises(InputError, match=r"^words not used: a, d$"):
        all_used({"args": args})
    first, *_rest = args
    assert first == "a" and args.unused() == []
    all_used({"args": args})
    all_used({"args": ["plain", "list"]})  # (a request not parsed here: nothing known of its words)
