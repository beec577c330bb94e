"""Stored fights record the rules they were played under; a fight loaded under other rules says so, and names the
first command whose replayed state differs from the stored one."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from estoc.content.registry import Content, load_content
from estoc.errors import StoreError
from estoc.i18n import set_language
from estoc.play.harp import HarpPlay
from estoc.play.stamp import RULES_KEY, STATE_KEY, rules_stamp, state_digest
from estoc.play.store import EventStore
from estoc.play.tracker import Tracker
from estoc.systems.harp.tables import HarpTables


def _played(store: EventStore, system: HarpPlay, setup: dict[str, Any], turns: int = 8) -> Tracker:
    tracker = Tracker.create(store, system, "essai", setup)
    for _turn in range(turns):
        if tracker.fight.is_over():
            break
        tracker.command("auto")
    return tracker


def _rewrite(path: Path, fight_id: str, change: Any) -> None:
    """Change every stored event of a fight in place, as an older estoc (or a hand) would have written it."""
    with sqlite3.connect(path) as db:
        rows = db.execute("SELECT seq, event FROM events WHERE fight_id = ?", (fight_id,)).fetchall()
        for seq, text in rows:
            event = json.loads(text)
            change(int(seq), event)
            db.execute("UPDATE events SET event = ? WHERE fight_id = ? AND seq = ?",
                       (json.dumps(event), fight_id, seq))


def test_every_command_is_stored_with_its_rules_and_state(store: EventStore, system: HarpPlay,
                                                          sample_setup: dict[str, Any]) -> None:
    tracker = _played(store, system, sample_setup)
    stored = store.events(tracker.fight_id)
    assert len(stored) > 3
    assert {event[RULES_KEY] for event in stored} == {tracker.rules}
    # The state after each command, as undo keeps it, is the one stored with it.
    assert [event[STATE_KEY] for event in stored] == [state_digest(fight) for fight, _told in tracker.history]
    again = Tracker(store, tracker.fight_id, system)
    assert again.rules_check.same and again.rules_check.message() is None


def test_the_stamp_names_the_version_and_changes_with_the_content(content: Content, tables: HarpTables,
                                                                  tmp_path: Path) -> None:
    from estoc import __version__

    stamp = rules_stamp("harp", content)
    version, _plus, digest = stamp.partition("+")
    assert version == __version__ and len(digest) == 12
    assert rules_stamp("harp", load_content(use_env=False)) == stamp  # the same records: the same rules
    assert rules_stamp("d100", content) != stamp
    changed = _stronger_scimitar(tmp_path)
    assert rules_stamp("harp", changed) != stamp
    # The d100 rules do not depend on a HARP weapon.
    assert rules_stamp("d100", changed) == rules_stamp("d100", content)


def _stronger_scimitar(folder: Path) -> Content:
    """The shipped content with the orcs' scimitar at +60 OB (a user's folder that replaces one record)."""
    record = load_content(use_env=False).kind("harp", "weapons")["cimeterre"].record.model_dump(mode="json")
    record["ob_mod"] = 60
    text = json.dumps({"schema_version": 1, "system": "harp", "kind": "weapons", "records": [record]})
    (folder / "weapons.yaml").write_text(text, encoding="utf-8")
    return load_content([folder], use_env=False)


def test_other_rules_that_replay_to_the_same_states_are_said(store: EventStore, system: HarpPlay,
                                                             sample_setup: dict[str, Any]) -> None:
    tracker = _played(store, system, sample_setup)
    _rewrite(store.path, tracker.fight_id, lambda _seq, event: event.update({RULES_KEY: "0.0.1+0123456789ab"}))
    set_language("en")
    check = Tracker(store, tracker.fight_id, system).rules_check
    assert check.others == ["0.0.1+0123456789ab"] and check.differs_at is None
    message = check.message()
    assert message is not None and "0.0.1+0123456789ab" in message and "every stored state" in message


def _renamed_orcs(folder: Path) -> Content:
    """The shipped content with the orcs renamed: other records, the same dice (only what the board shows moves)."""
    orc = load_content(use_env=False).kind("harp", "creatures")["orque"].record
    record = orc.model_dump(mode="json", by_alias=True)
    record["name"] = {"fr": "Orque noir", "en": "Black orc"}
    text = json.dumps({"schema_version": 1, "system": "harp", "kind": "creatures", "records": [record]})
    (folder / "creatures.yaml").write_text(text, encoding="utf-8")
    return load_content([folder], use_env=False)


def test_other_rules_name_the_first_command_that_differs(store: EventStore, content: Content, tables: HarpTables,
                                                         sample_setup: dict[str, Any], tmp_path: Path) -> None:
    before = _played(store, HarpPlay(content, tables), sample_setup, turns=6)
    after = Tracker(store, before.fight_id, HarpPlay(_renamed_orcs(tmp_path), tables))
    check = after.rules_check
    assert check.others == [before.rules] and check.current == after.rules != before.rules
    # Found independently: the first command after which the two replays' states part.
    old = [state_digest(fight) for fight, _told in before.history]
    new = [state_digest(fight) for fight, _told in after.history]
    parted = next(i for i, (a, b) in enumerate(zip(old, new, strict=True)) if a != b)
    assert check.differs_at == store.events(before.fight_id)[parted]["seq"]
    set_language("fr")
    message = check.message()
    assert message is not None and f"commande {check.differs_at}" in message and before.rules in message
    set_language("en")


def test_a_fight_that_no_longer_replays_under_other_rules_says_which(
        store: EventStore, content: Content, tables: HarpTables, sample_setup: dict[str, Any],
        tmp_path: Path) -> None:
    before = _played(store, HarpPlay(content, tables), sample_setup, turns=20)
    stronger = HarpPlay(_stronger_scimitar(tmp_path), tables)
    set_language("en")
    with pytest.raises(StoreError) as refused:
        Tracker(store, before.fight_id, stronger)
    assert before.rules in refused.value.message and "no longer replays from command" in refused.value.message
    # The same fight under its own rules replays as ever.
    assert Tracker(store, before.fight_id, HarpPlay(content, tables)).rules_check.same


def test_a_fight_stored_before_stamps_is_said_unchecked(store: EventStore, system: HarpPlay,
                                                        sample_setup: dict[str, Any]) -> None:
    tracker = _played(store, system, sample_setup, turns=3)
    count = len(store.events(tracker.fight_id))

    def strip(_seq: int, event: dict[str, Any]) -> None:
        event.pop(RULES_KEY)
        event.pop(STATE_KEY)

    _rewrite(store.path, tracker.fight_id, strip)
    set_language("en")
    check = Tracker(store, tracker.fight_id, system).rules_check
    assert check.unstamped == count and not check.others
    message = check.message()
    assert message is not None and "did not record its rules" in message and str(count) in message


@pytest.mark.parametrize("lang, words", [("fr", "autres règles"), ("en", "other rules")])
def test_resuming_at_the_terminal_says_so(tmp_path: Path, lang: str, words: str, store: EventStore,
                                          system: HarpPlay, sample_setup: dict[str, Any],
                                          capsys: pytest.CaptureFixture[str],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.cli_helpers import run

    tracker = _played(store, system, sample_setup, turns=3)
    _rewrite(store.path, tracker.fight_id, lambda _seq, event: event.update({RULES_KEY: "0.0.1+0123456789ab"}))
    store.close()
    code, out, _err = run(capsys, "--lang", lang, "log", "export", tracker.fight_id, "--db", str(store.path))
    assert code == 0 and words in out and "0.0.1+0123456789ab" in out
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO("quit\n"))
    code, out, _err = run(capsys, "--lang", lang, "fight", "--resume", tracker.fight_id, "--db", str(store.path))
    assert code == 0 and words in out
