"""The One Ring narration at the table (issue 16): names instead of ids, every die of a roll (feat dice, success
dice, the protection roll) labelled, the Gandalf rune and the Eye, the faces estoc rolled named where the GM typed
some (the same after a reload), plural forms, a verdict right for any side's name, undo said."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from tests.play_helpers import played, told

from estoc.content.registry import Content
from estoc.i18n import set_language
from estoc.play.store import EventStore
from estoc.play.tor import TorPlay
from estoc.play.tracker import Tracker


@pytest.fixture(scope="module")
def tor(content: Content) -> TorPlay:
    return TorPlay(content)


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    set_language("en")
    yield
    set_language("en")


def duel(**extra: Any) -> dict[str, Any]:
    """Eirik of Dale (a sword, forward) against one orc soldier (TN 16 to hit it, its protection against injury
    16), no volleys."""
    return {"encounter": {"schema_version": 1, "system": "tor", "kind": "encounter", "name": {"fr": "E", "en": "T"},
                          "heroes": [{"hero": "eirik-de-dale", "stance": "forward"}],
                          "adversaries": [{"adversary": "orc-soldat"}], "volleys": False, **extra}, "seed": 3}


def session(store: EventStore, system: TorPlay, *lines: str, data: dict[str, Any] | None = None
            ) -> tuple[Tracker, str]:
    """The lines typed in a session (the duel by default), and what it printed."""
    return played(store, system, data or duel(), *lines)


def test_an_attack_names_the_weapon_and_shows_every_die(store: EventStore, tor: TorPlay) -> None:
    _tracker, out = session(store, tor, "fight", "attack orc-soldat feat 10 dice 4 3 2 5 prot 3 protdice 2 1")
    assert "(epee" not in out and "3d" not in out
    # Eirik's sword: 3 success dice and 1 more for the forward stance; 10 + 14 = 24 against TN 16.
    assert ("Eirik of Dale attacks Orc soldier (Sword): feat die 10, success dice 4, 3, 2, 5; total 24 against "
            "TN 16: hit.") in out
    # A 10 on the feat die pierces: the orc's protection roll, 3 + 2 + 1 = 6, against the sword's injury 16.
    assert ("A piercing blow: protection roll, feat die 3, success dice 2, 1; total 6 against injury 16: Orc "
            "soldier is wounded.") in out
    assert "Rolled by estoc" not in out  # every face typed


def test_the_protection_roll_is_shown_and_estocs_faces_named(store: EventStore, tor: TorPlay) -> None:
    tracker, out = session(store, tor, "fight", "attack orc-soldat feat 12 dice 1 1 1")
    lines = out.splitlines()
    head = next(line for line in lines if "attacks Orc soldier" in line)
    # The rune hits whatever the total, and the text says so; the fourth success die was rolled by estoc.
    assert "feat die Gandalf rune, success dice 1, 1, 1, " in head and head.endswith(
        "against TN 16: hit: the Gandalf rune always hits.")
    protection = next(line for line in lines if "protection roll" in line)
    assert protection.strip().startswith("A piercing blow: protection roll, feat die ")
    assert "against injury 16:" in protection
    rolled = next(line for line in lines if "Rolled by estoc" in line)
    record = next(r for r in tracker.records if r.get("kind") == "attack")
    extra = record["success_faces"][3]
    prot = record["protection"]
    assert rolled.strip() == (
        f"Rolled by estoc (not typed): success die {extra}; protection feat die {prot['feat_faces'][0]}; "
        f"protection success dice {', '.join(map(str, prot['success_faces']))}.")
    # The record's numbers are the faces drawn: the total is the sum, the stored event holds them.
    assert record["total"] == 3 + extra and prot["total"] == prot["feat_faces"][0] + sum(prot["success_faces"])
    stored = next(e for e in tracker.events if e.get("type") == "attack")
    assert stored["dice"]["attack-success"] == [1, 1, 1, extra] and stored["typed"]["attack-success"] == [1, 1, 1]


def test_a_reloaded_fight_tells_the_same(store: EventStore, tor: TorPlay) -> None:
    tracker, _out = session(store, tor, "fight", "attack orc-soldat feat 12 dice 1 1 1")
    again = Tracker(store, tracker.fight_id, tor)
    assert told(again) == told(tracker)
    assert any("Rolled by estoc" in line for line in told(again))


def test_nothing_typed_nothing_named(store: EventStore, tor: TorPlay) -> None:
    _tracker, out = session(store, tor, "fight", "auto end all")
    assert "Rolled by estoc" not in out and "feat die" in out


def test_a_task_by_its_name_with_its_roll(store: EventStore, tor: TorPlay) -> None:
    _tracker, out = session(store, tor, "fight", "task intimider skill 11 skilldice 6 5")
    assert "intimider" not in out
    # The Eye counts nothing: 6 + 5 = 11 against Eirik's TN 14.
    assert ("Eirik of Dale tries “Intimidate foes” (core task): feat die Eye, success dice 6, 5; total 11 against "
            "TN 14: nothing comes of it.") in out


def test_favoured_feat_dice_both_shown(store: EventStore, tor: TorPlay) -> None:
    _tracker, out = session(store, tor, "fight", "task defier orc-soldat skill 10 skilldice 6 6",
                            "attack orc-soldat feat 3 8 dice 1 1 1 1")
    # Challenged, Eirik's attacks on the orc are favoured: the better feat die is kept.
    assert "feat dice 3 and 8 (favoured, the die kept: 8), success dice 1, 1, 1, 1; total 12 against TN 16: miss." \
        in out


def test_plural_forms_and_the_verdict(store: EventStore, tor: TorPlay) -> None:
    tracker, out = session(store, tor, "fight", "attack orc-soldat feat 12 dice 6 6 6 6 prot 1 protdice 1 1",
                           "summary")
    assert "4 tengwar runes: a heavy blow." in out
    assert "The fight is over. Victory: the heroes." in out
    assert "After 1 round:" in out
    assert "Eirik of Dale: dealt " in out and "endurance and 1 wound; took 0 endurance; felled 1 foe; " \
        "0 combat tasks" in out
    set_language("fr")
    french = "\n".join(told(tracker) + tor.summary_lines(tracker.fight))
    assert "4 runes tengwar : un coup puissant." in french
    assert "Le combat est terminé. Victoire : les héros." in french
    assert "Après 1 round :" in french and "infligé 1 blessure ; a perdu 0 en endurance ; a abattu 1 adversaire ; " \
        "0 manœuvre" in french


def test_french_dice_and_names(store: EventStore, tor: TorPlay) -> None:
    set_language("fr")
    _tracker, out = session(store, tor, "fight", "task intimider skill 11 skilldice 6")
    assert ("Eirik de Dale tente « Intimider » (manœuvre de base) : dé du destin Œil, dés de maîtrise 6, ") in out
    assert "Lancés par estoc (non saisis) : dé de maîtrise de la manœuvre " in out


def test_undo_says_what_it_undid(store: EventStore, tor: TorPlay) -> None:
    _tracker, out = session(store, tor, "fight", "attack orc-soldat feat 2 dice 1 1 1 1", "undo")
    assert "Undone: attack orc-soldat feat 2 dice 1 1 1 1." in out
    assert "Now round 1, Eirik of Dale's turn." in out
