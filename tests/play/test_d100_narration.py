"""The d100 narration at the table (issue 16): the damage arithmetic part by part (weapon dice and their faces, the
damage bonus whole or halved, the special success's maximum, what the parry and the armour stop, what gets
through), every roll labelled, the faces estoc rolled named where the GM typed some (the same after a reload),
plural forms, a verdict right for any side's name, undo said."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from tests.play_helpers import played, told

from estoc.content.registry import Content
from estoc.i18n import set_language
from estoc.play.d100 import D100Play
from estoc.play.store import EventStore
from estoc.play.tracker import Tracker


@pytest.fixture(scope="module")
def d100(content: Content) -> D100Play:
    return D100Play(content)


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    set_language("en")
    yield
    set_language("en")


def duel() -> dict[str, Any]:
    """Jacquot the Sly (bonus 1D4; a throwing dagger 1D4 that adds half of it) against Ysolde the Bold (a broadsword
    1D8+1, bonus 1D4; a shield; 13 hit points), in contact; Ysolde acts first."""
    return {"encounter": {"schema_version": 1, "system": "d100", "kind": "encounter",
                          "name": {"fr": "Essai", "en": "Trial"},
                          "sides": [{"id": "brigands", "name": {"fr": "Les brigands", "en": "The brigands"},
                                     "members": [{"character": "jacquot"}]},
                                    {"id": "voyageurs", "name": {"fr": "Les voyageurs", "en": "The travellers"},
                                     "members": [{"character": "ysolde"}]}]}, "seed": 5}


def session(store: EventStore, system: D100Play, *lines: str, data: dict[str, Any] | None = None
            ) -> tuple[Tracker, str]:
    """The lines typed in a session (the duel by default), and what it printed."""
    return played(store, system, data or duel(), *lines)


def test_the_damage_arithmetic_part_by_part(store: EventStore, d100: D100Play) -> None:
    _tracker, out = session(store, d100, "actions", "attack jacquot roll 2 def 80 dmg 5 bonus 4 ko 2")
    assert "Ysolde the Bold attacks Jacquot the Sly (Broadsword): roll 2 against 70 % — special success." in out
    assert "Parry with a weapon: roll 80 against 55 % — failure." in out
    # 5 + 1 on the broadsword, 4 of the bonus, and its maximum 9 for the special success; leather stops 2.
    assert ("Damage: weapon 1D8+1: 5 + 1 = 6; damage bonus 1D4: 4; special success: the weapon's maximum, 9; "
            "19 in all.") in out
    assert "Of the 19: the armour absorbs 2; 17 points get through." in out
    assert "Jacquot the Sly loses 17 hit points, down to -5." in out
    assert "Rolled by estoc" not in out


def test_half_the_damage_bonus_and_nothing_through(store: EventStore, d100: D100Play) -> None:
    _tracker, out = session(store, d100, "actions", "pass", "attack ysolde weapon 3 roll 10 def 99 dmg 3 bonus 3")
    assert "Jacquot the Sly attacks Ysolde the Bold (Throwing dagger): roll 10 against 35 % — success." in out
    assert ("Damage: weapon 1D4: 3; half the damage bonus 1D4: 3, halved and rounded up: 2; 5 in all.") in out
    assert "Of the 5: the armour absorbs 5; nothing gets through." in out
    assert "Ysolde the Bold loses no hit points." in out


def test_a_parry_stops_part(store: EventStore, d100: D100Play) -> None:
    _tracker, out = session(store, d100, "actions", "attack jacquot roll 30 def 20 dmg 8 bonus 4")
    assert "Jacquot the Sly parries." in out
    # 8 + 1 + 4 = 13 against the dagger's protection; what passes meets the leather.
    line = next(x for x in out.splitlines() if x.strip().startswith("Of the 13: the parry stops "))
    assert "the armour absorbs" in line or "nothing gets through" in line


def test_the_faces_estoc_rolled_are_named(store: EventStore, d100: D100Play) -> None:
    tracker, out = session(store, d100, "actions", "attack jacquot roll 40")
    record = next(r for r in tracker.records if r.get("kind") == "attack")
    stored = next(e for e in tracker.events if e.get("type") == "attack")
    assert stored["typed"] == {"attack": [40]}
    parts = [f"defence roll {record['defence_roll']}"] if record["defence_roll"] else []
    damage = stored["dice"].get("damage", [])
    if damage:
        parts.append(("damage die " if len(damage) == 1 else "damage dice ") + ", ".join(map(str, damage)))
    bonus = stored["dice"].get("damage-bonus", [])
    if bonus:
        parts.append(("damage bonus die " if len(bonus) == 1 else "damage bonus dice ") + ", ".join(map(str, bonus)))
    assert parts and f"  Rolled by estoc (not typed): {'; '.join(parts)}." in out.splitlines()
    assert "roll 40 against 70 %" in out
    again = Tracker(store, tracker.fight_id, d100)
    assert told(again) == told(tracker)


def test_nothing_typed_nothing_named(store: EventStore, d100: D100Play) -> None:
    _tracker, out = session(store, d100, "auto end all")
    assert "Rolled by estoc" not in out and "Damage: weapon " in out


def test_first_aid_labelled_and_plural(store: EventStore, d100: D100Play) -> None:
    data = duel()
    data["encounter"]["sides"][1]["members"].append({"character": "odon"})
    _tracker, out = session(store, d100, "damage ysolde 13", "actions", "first-aid ysolde aid 5 heal 1", data=data)
    line = next(x for x in out.splitlines() if "gives first aid to Ysolde the Bold" in x)
    assert line.endswith("gives first aid to Ysolde the Bold (roll 5 against 30 %): 1 hit point back, now 1.")


def test_verdict_summary_and_french(store: EventStore, d100: D100Play) -> None:
    tracker, out = session(store, d100, "actions", "attack jacquot roll 2 def 80 dmg 5 bonus 4 ko 2", "summary")
    assert "The fight is over. Victory: The travellers." in out
    assert "After 1 round:" in out
    assert "Ysolde the Bold: dealt 17 hit points in 1 blow (1 special success); took 0 hit points; felled 1 foe" in out
    assert "Jacquot the Sly: dealt 0 hit points in 0 blows (0 special successes); took 17 hit points; felled 0 " \
        "foes" in out
    set_language("fr")
    french = "\n".join(told(tracker) + d100.summary_lines(tracker.fight))
    assert "Le combat est terminé. Victoire : Les voyageurs." in french
    assert ("Dégâts : arme 1D8+1 : 5 + 1 = 6 ; bonus aux dégâts 1D4 : 4 ; réussite spéciale : le maximum de l'arme, "
            "9 ; 19 au total.") in french
    assert "Sur ces 19 : l'armure absorbe 2 ; 17 points passent." in french
    assert "Après 1 round :" in french
    assert "Ysolde la Hardie : a infligé 17 points de vie en 1 coup (1 réussite spéciale) ; a perdu 0 point de vie ; " \
        "a abattu 1 adversaire" in french


def test_a_blow_parried_or_dodged_whole_is_no_blow_landed(store: EventStore, d100: D100Play) -> None:
    """The summary counts the blows that landed: one dodged, one the parry stopped whole, then one that lands."""
    _tracker, out = session(store, d100, "actions", "attack jacquot dodge roll 30 def 5", "pass",
                            "attack jacquot parry roll 30 def 20 dmg 8 bonus 4", "pass",
                            "attack jacquot none roll 30 dmg 2 bonus 1", "summary")
    assert "Jacquot the Sly dodges the blow." in out
    assert "Of the 13: the parry stops 13; nothing gets through." in out
    assert "Of the 4: the armour absorbs 2; 2 points get through." in out
    assert "Ysolde the Bold: dealt 2 hit points in 1 blow (0 special successes)" in out


def test_undo_says_what_it_undid(store: EventStore, d100: D100Play) -> None:
    _tracker, out = session(store, d100, "actions", "attack jacquot roll 99", "undo")
    assert "Undone: attack jacquot roll 99." in out
    assert "Now round 1, Ysolde the Bold's turn." in out
