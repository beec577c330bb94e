"""HARP's and d100's plans for balance studies: each variant changes the one field it names, the encounter's own
plan replays the encounter's fights, a changed plan plays other fights; the per-member override a plan writes is
checked like the rest of an encounter file, in both languages."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from estoc.content.registry import Content
from estoc.engine.simulation import PlanAxis, apply_changes
from estoc.errors import ContentError
from estoc.i18n import set_language
from estoc.sim.runner import encounter_of, load_any_encounter, play_worlds
from estoc.systems.base import find_sim_system
from estoc.systems.harp.sheet import PARRY_AUTO

SAMPLES = Path(str(resources.files("estoc.play").joinpath("samples")))


def _setup(encounter: Any) -> dict[str, Any]:
    return json.loads(json.dumps(encounter.setup))


def _own_plans_replay(encounter: Any, axes: tuple[PlanAxis, ...], content: Content) -> None:
    setup = _setup(encounter)
    for axis in axes:
        apply_changes(setup, axis.variants[axis.current].changes)
    rewritten = encounter_of(setup, content)
    seed = np.random.SeedSequence(5)
    a, b = play_worlds(encounter, content, 300, seed), play_worlds(rewritten, content, 300, seed)
    assert (a.winner == b.winner).all() and (a.rounds == b.rounds).all()
    assert (a.hits_dealt == b.hits_dealt).all() and (a.hits_taken == b.hits_taken).all()


def _changes_only_its_field(encounter: Any, axes: tuple[PlanAxis, ...]) -> None:
    """Each variant writes its values at their places (``None``: the key removed, the default), and the setup is
    otherwise the encounter's."""
    for axis in axes:
        for variant in axis.variants:
            assert variant.changes
            before, after = _setup(encounter), _setup(encounter)
            apply_changes(after, variant.changes)
            for (*parents, last), value in variant.changes:
                node_before: Any = before
                node_after: Any = after
                for part in parents:
                    node_before, node_after = node_before[part], node_after[part]
                if value is None:
                    assert last not in node_after
                else:
                    assert node_after[last] == value
                node_before.pop(last, None)
                node_after.pop(last, None)
            assert after == before


# --- HARP: the parry share -------------------------------------------------------------------------------------------

def test_harp_plan_space(content: Content) -> None:
    encounter = load_any_encounter(SAMPLES / "embuscade.yaml", content)
    axes = find_sim_system("harp").plan_space(encounter)
    by_id = {a.id: a for a in axes}
    # Every hero, the orcs (one member counted three times: one axis); the warg is a beast and never parries.
    heroes = [cid for cid, side, _c in encounter.combatants if side == "compagnie"]
    assert list(by_id) == [*heroes, "orque-1,orque-2,orque-3"]
    assert by_id["orque-1,orque-2,orque-3"].side == "orques"
    for axis in axes:
        ids = [v.id for v in axis.variants]
        assert len(ids) == len(set(ids)) and "parry:0" in ids
    brundar = encounter.combatant("brundar")
    ob = brundar.strikes[0].ob
    # no share on his sheet: his own plan is the share weighed at each blow (parry:auto)
    assert brundar.parry == PARRY_AUTO
    shares = {"parry:0", f"parry:{ob // 4}", f"parry:{ob // 2}", "parry:auto"}
    assert {v.id for v in by_id["brundar"].variants} == (shares | {f"{p},guard:auto" for p in shares}
                                                         | {f"{p},guard:50" for p in shares}
                                                         | {f"{p},guard:50,dodge" for p in shares})
    # The encounter writes no guard: its own plan is estoc's default guard (at half, while a companion fights).
    assert by_id["brundar"].variants[by_id["brundar"].current].id == "parry:auto,guard:auto"
    _changes_only_its_field(encounter, axes)


def test_harp_own_plan_plays_the_encounters_fights(content: Content) -> None:
    encounter = load_any_encounter(SAMPLES / "embuscade.yaml", content)
    _own_plans_replay(encounter, find_sim_system("harp").plan_space(encounter), content)


def test_harp_a_parry_share_changes_the_fights(content: Content) -> None:
    encounter = load_any_encounter(SAMPLES / "embuscade.yaml", content)
    axis = find_sim_system("harp").plan_space(encounter)[0]
    half = max((v for v in axis.variants if "guard" not in v.id and "auto" not in v.id),
               key=lambda v: int(v.id.split(":")[1]))
    setup = _setup(encounter)
    apply_changes(setup, half.changes)
    changed = encounter_of(setup, content)
    assert changed.combatant(axis.id).parry == int(half.id.split(":")[1])
    seed = np.random.SeedSequence(5)
    a, b = play_worlds(encounter, content, 300, seed), play_worlds(changed, content, 300, seed)
    assert (a.hits_dealt != b.hits_dealt).any()


HARP_DUEL = """\
schema_version: 1
system: harp
kind: encounter
name: Duel
sides:
  - id: nain
    members: [{{hero: dafur{hero}}}]
  - id: betes
    members: [{{creature: {creature}}}]
"""


@pytest.mark.parametrize(("hero", "creature", "english", "french"), [
    (", parry: -5", "orque", "must be at least 0", "doit valoir au moins 0"),
    (", parry: 10.5", "orque", "must be a whole number", "doit être un nombre entier"),
    (", parry: 501", "orque", "must be at most", "doit valoir au plus"),
    (", parry: 80", "orque", "can keep at most", "peut garder au plus"),
    ("", "warg, parry: 5", "never parries", "ne pare jamais"),
    ("", "warg, guard: 50", "never parries", "ne pare jamais"),
    (", guard: 101", "orque", "must be at most 100", "doit valoir au plus 100"),
    (", guard: 50, guard_with: esquive", "orque", "guard_with", "guard_with"),
])
def test_harp_bad_parry_is_refused_in_both_languages(content: Content, tmp_path: Path, hero: str, creature: str,
                                                     english: str, french: str) -> None:
    path = tmp_path / "duel.yaml"
    path.write_text(HARP_DUEL.format(hero=hero, creature=creature), encoding="utf-8")
    try:
        for language, words in (("en", english), ("fr", french)):
            set_language(language)
            with pytest.raises(ContentError) as caught:
                load_any_encounter(path, content)
            assert words in str(caught.value) and ("parry" in str(caught.value) or "guard" in str(caught.value))
    finally:
        set_language("en")


def test_harp_guard_is_honoured(content: Content, tmp_path: Path) -> None:
    """Alone, Dafur's default guard never holds (no companion strikes while he keeps to his defence): he fights as
    with guard: 0; guard: 100 (always hurt enough) makes him total-parry every time he could attack: the orc is hurt
    far less (only by the counters of a 96+)."""
    seed = np.random.SeedSequence(3)
    played = {}
    for guard in ("", ", guard: 0", ", guard: 100"):
        path = tmp_path / "duel.yaml"
        path.write_text(HARP_DUEL.format(hero=guard, creature="orque"), encoding="utf-8")
        played[guard] = play_worlds(load_any_encounter(path, content), content, 300, seed)
    default, zero, always = played[""], played[", guard: 0"], played[", guard: 100"]
    assert (default.winner == zero.winner).all() and (default.hits_dealt == zero.hits_dealt).all()
    assert always.hits_dealt[:, 0].mean() < default.hits_dealt[:, 0].mean() / 2


def test_harp_parry_override(content: Content, tmp_path: Path) -> None:
    path = tmp_path / "duel.yaml"
    path.write_text(HARP_DUEL.format(hero=", parry: 12, guard: 40", creature="orque, parry: 7"), encoding="utf-8")
    encounter = load_any_encounter(path, content)
    again = encounter_of(_setup(encounter), content)
    for loaded in (encounter, again):
        assert loaded.combatant("dafur").parry == 12 and loaded.combatant("orque").parry == 7
        assert loaded.combatant("dafur").guard == 40 and not loaded.combatant("dafur").guard_company
        # the orc's guard is estoc's default: half its hit points, while a companion still fights
        assert loaded.combatant("orque").guard == 50 and loaded.combatant("orque").guard_company


# --- d100: the defence opposed to a blow -----------------------------------------------------------------------------

D100_DUEL = """\
schema_version: 1
system: d100
kind: encounter
name: Duel
sides:
  - id: voyageurs
    members: [{{character: ysolde{ysolde}}}]
  - id: brigands
    members: [{{character: gorm{gorm}}}]
"""


def test_d100_plan_space(content: Content) -> None:
    encounter = load_any_encounter(SAMPLES / "pont.yaml", content)
    axes = find_sim_system("d100").plan_space(encounter)
    assert [a.id for a in axes] == ["ysolde", "odon", "gaspard", "jacquot-1,jacquot-2", "mathis", "gorm"]
    for axis in axes:
        assert [v.id for v in axis.variants] == ["defence:best", "defence:dodge"] and axis.current == 0
    _changes_only_its_field(encounter, axes)


def test_d100_own_plan_is_among_the_variants(content: Content, tmp_path: Path) -> None:
    path = tmp_path / "duel.yaml"
    path.write_text(D100_DUEL.format(ysolde=", defence: none", gorm=", defence: dodge"), encoding="utf-8")
    encounter = load_any_encounter(path, content)
    assert encounter.defends == {"ysolde": "none", "gorm": "dodge"}
    axes = find_sim_system("d100").plan_space(encounter)
    assert [[v.id for v in a.variants] for a in axes] == [["defence:best", "defence:dodge", "defence:none"],
                                                          ["defence:best", "defence:dodge"]]
    assert [a.variants[a.current].id for a in axes] == ["defence:none", "defence:dodge"]
    _own_plans_replay(encounter, axes, content)
    _changes_only_its_field(encounter, axes)


def test_d100_own_plan_plays_the_encounters_fights(content: Content) -> None:
    encounter = load_any_encounter(SAMPLES / "pont.yaml", content)
    _own_plans_replay(encounter, find_sim_system("d100").plan_space(encounter), content)


def test_d100_a_preferred_defence_is_honoured(content: Content, tmp_path: Path) -> None:
    """Gorm dodging instead of parrying, or not defending at all, plays other fights; parry first is the default."""
    seed = np.random.SeedSequence(7)
    played = {}
    for defence in ("", ", defence: best", ", defence: parry", ", defence: dodge", ", defence: none"):
        path = tmp_path / "duel.yaml"
        path.write_text(D100_DUEL.format(ysolde="", gorm=defence), encoding="utf-8")
        played[defence] = play_worlds(load_any_encounter(path, content), content, 400, seed)
    default = played[""]
    for same in (", defence: best", ", defence: parry"):
        assert (played[same].winner == default.winner).all() and (played[same].rounds == default.rounds).all()
    for other in (", defence: dodge", ", defence: none"):
        assert (played[other].hits_taken != default.hits_taken).any()
    # no defence at all: Gorm takes more than when he parries
    assert played[", defence: none"].hits_taken[:, 1].mean() > default.hits_taken[:, 1].mean()


@pytest.mark.parametrize(("value", "english", "french"), [("block", "best", "best"), ("3", "best", "best")])
def test_d100_bad_defence_is_refused_in_both_languages(content: Content, tmp_path: Path, value: str, english: str,
                                                       french: str) -> None:
    path = tmp_path / "duel.yaml"
    path.write_text(D100_DUEL.format(ysolde=f", defence: {value}", gorm=""), encoding="utf-8")
    messages = {}
    try:
        for language in ("en", "fr"):
            set_language(language)
            with pytest.raises(ContentError) as caught:
                load_any_encounter(path, content)
            messages[language] = str(caught.value)
    finally:
        set_language("en")
    assert "defence" in messages["en"] and english in messages["en"] and "dodge" in messages["en"]
    assert "defence" in messages["fr"] and french in messages["fr"] and messages["fr"] != messages["en"]


# --- The One Ring: the moments of the policy (hope:, aim:) ---------------------------------------------------------

def test_tor_moments_change_their_fields_and_play_other_fights(content: Content) -> None:
    encounter = load_any_encounter(SAMPLES / "gue.yaml", content)
    axes = tuple(a for a in find_sim_system("tor").plan_space(encounter) if a.id.endswith("/moments"))
    _changes_only_its_field(encounter, axes)
    _own_plans_replay(encounter, axes, content)
    # Every hero spending Hope on everything and aiming at the most dangerous foe: other fights.
    setup = _setup(encounter)
    for axis in axes:
        apply_changes(setup, next(v for v in axis.variants if v.id == "hope=all,aim=dangerous").changes)
    seed = np.random.SeedSequence(5)
    a, b = play_worlds(encounter, content, 300, seed), play_worlds(encounter_of(setup, content), content, 300, seed)
    assert not ((a.winner == b.winner).all() and (a.rounds == b.rounds).all())


def test_tor_moments_are_checked_like_the_rest_of_an_encounter(content: Content) -> None:
    setup = _setup(load_any_encounter(SAMPLES / "gue.yaml", content))
    setup["heroes"][0]["spend_hope"] = "sometimes"
    setup["heroes"][1]["aim"] = "tallest"
    for language, words in (("en", ("heroes.0.spend_hope", "heroes.1.aim",
                                    "'never', 'finishing', 'attacks', 'all', or 'turning'")),
                            ("fr", ("heroes.0.spend_hope", "heroes.1.aim", "'weakest' ou 'dangerous'"))):
        set_language(language)
        try:
            with pytest.raises(ContentError) as caught:
                encounter_of(setup, content)
        finally:
            set_language("en")
        text = str(caught.value)
        assert all(w in text for w in words), text

