"""Numbers out of range in a session's commands (issue 15): each is refused with one line, nothing changes, nothing
is stored, and the session goes on; over the three systems' sample fights."""

from __future__ import annotations

import io
import tempfile
from pathlib import Path

import pytest

from estoc.cli.fight import handle
from estoc.content.registry import load_folder, shipped_folder
from estoc.engine.numbers import TYPED_LIMIT, bounded, bounded_real, event_whole
from estoc.errors import InputError, KernelError
from estoc.play.store import EventStore
from estoc.play.systems import fight_system, read_encounter
from estoc.play.tracker import Tracker

SAMPLES = Path(__file__).parents[2] / "src" / "estoc" / "play" / "samples"
HUGE = "99999999999"

CASES = {
    "embuscade": [f"pdv orque-1 {HUGE}", "pdv orque-1 10001", f"degats orque-1 {HUGE}", f"soigner orque-1 {HUGE}",
                  f"modif orque-1 {HUGE}", f"modif-combat {'9' * 400}", f"init orque-1 {HUGE}",
                  f"etat orque-1 etourdi {HUGE}", f"distance brundar orque-1 {HUGE}",
                  f"attaquer orque-1 modif {HUGE}", f"attaquer orque-1 parade {HUGE}",
                  f"attaquer orque-1 arme {HUGE}", "ajouter orque orques niveau 1000000000", "deplacer 1e400",
                  "deplacer nan", f"deplacer {HUGE}", f"charger orque-1 {HUGE}", f"jet {HUGE}"],
    "pont": [f"pv jacquot-1 {HUGE}", f"degats jacquot-1 {HUGE}", f"deplacer ysolde {HUGE}",
             f"attaquer jacquot-1 modif {HUGE}", f"attaquer jacquot-1 distance {HUGE}", f"jet {HUGE}"],
    "gue": [f"complication eirik-de-dale {HUGE}", f"attaquer orc-soldat-1 arme {HUGE}", f"destin {HUGE}"],
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_numbers_out_of_range_are_refused_and_the_session_goes_on(name: str) -> None:
    content = load_folder(shipped_folder())
    loaded = read_encounter(SAMPLES / f"{name}.yaml", content)
    system = fight_system(loaded.system, content)
    with tempfile.TemporaryDirectory() as folder:
        store = EventStore(Path(folder) / "f.db")
        try:
            tracker = Tracker.create(store, system, "bounds", {"encounter": loaded.setup, "seed": 5})
        except KernelError as exc:  # a kernel rebuilt elsewhere: nothing of the commands to check here
            pytest.skip(exc.message)
        for line in CASES[name]:
            before, version = tracker.fight.view(), tracker.version
            with pytest.raises(InputError) as caught:
                handle(tracker, line, io.StringIO())
            assert caught.value.message and "\n" not in caught.value.message and len(caught.value.message) < 200
            assert tracker.fight.view() == before and tracker.version == version, line
            assert len(store.events(tracker.fight_id)) == version
        handle(tracker, "auto", io.StringIO())  # the session goes on
        assert tracker.version == version + 1


def test_the_one_helper() -> None:
    assert bounded("12", "n") == 12 and bounded(" -3 ", "n") == -3 and bounded(7, "n", 0, 7) == 7
    for bad in ("true", True, 2.5, "2.5", "\u0661", "1_000", "", None, "9" * 5000):
        with pytest.raises(InputError, match=r"whole number|from"):
            bounded(bad, "n")
    with pytest.raises(InputError, match=f"n must be from {-TYPED_LIMIT:,} to {TYPED_LIMIT:,}"):
        bounded(TYPED_LIMIT + 1, "n")
    with pytest.raises(InputError, match="value must be from 0 to 5"):
        event_whole({"value": 6}, "value", 0, 0, 5)
    assert bounded_real("2,5", "d") == 2.5
    for word in ("inf", "nan", "1e400", "x" * 100):
        with pytest.raises(InputError):
            bounded_real(word, "d")
