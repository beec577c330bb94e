"""Balance studies (:mod:`estoc.sim.balance`): on toys whose best plan is known by construction the search finds it,
its races keep the best candidate and its interval covers the truth at the stated rate; a real study depends on the
seed only (not on the workers); Ctrl-C returns what was found; the One Ring's plan space."""

from __future__ import annotations

import ast
import json
from importlib import resources
from pathlib import Path

import numpy as np
import pytest
from tests.encounters import DUO

import estoc
from estoc.content.registry import Content
from estoc.engine.simulation import PlanAxis, PlanVariant, apply_changes
from estoc.i18n import set_language
from estoc.sim.balance import (
    CONFIRM,
    SEARCH,
    Arm,
    Candidate,
    EncounterEvaluator,
    Options,
    Scores,
    Tally,
    search,
)
from estoc.sim.runner import encounter_of, load_any_encounter, play_worlds, scenario
from estoc.systems.base import find_sim_system

SAMPLES = Path(str(resources.files("estoc.play").joinpath("samples")))


# --- toys: the win chance of every plan known ------------------------------------------------------------------------

def _axis(name: str, k: int, current: int = 0) -> PlanAxis:
    return PlanAxis(name, {"en": name}, "heroes",
                    tuple(PlanVariant(f"{name}{v}", lambda v=v: f"{name}{v}") for v in range(k)), current)


EFFECTS = {0: [[0.0, 0.05, 0.10], [0.0, 0.02, -0.03, 0.01]], 1: [[0.0, -0.04, 0.02], [0.0, 0.03, -0.02, 0.01]]}
"""Arm → axis → variant → what it adds to the win chance: the best with is (2, 1), without (2, 1)."""


def truth(c: Candidate) -> float:
    return 0.4 + sum(EFFECTS[c.arm][i][v] for i, v in enumerate(c.plan))


def toy(seed: int, calls: list[int] | None = None, stop_after: int | None = None):  # type: ignore[no-untyped-def]
    """Candidates on common random numbers: world i of a stream has one uniform u_i; a plan wins where u_i < its
    chance. ``stop_after``: Ctrl-C at that call."""

    def evaluate(candidates, stream, first, count):  # type: ignore[no-untyped-def]
        if calls is not None:
            calls.append(len(candidates) * count)
            if stop_after is not None and len(calls) > stop_after:
                raise KeyboardInterrupt
        u = np.random.default_rng([seed, stream, first, count]).random(count)
        zero = np.zeros(len(candidates), dtype=np.int64)
        return Scores(np.array([u < truth(c) for c in candidates]), zero, zero, zero)

    return evaluate


ARMS = (Arm("with", (_axis("a", 3), _axis("b", 4))), Arm("without", (_axis("a", 3), _axis("b", 4))))


def test_the_search_finds_the_best_plan_known_by_construction() -> None:
    study = search(ARMS, toy(1), Options(n=20_000))
    assert study.complete and not study.interrupted
    assert study.best == [(2, 1), (2, 1)]
    assert study.figures[0] is not None and study.figures[0].fresh
    value = truth(Candidate(0, (2, 1))) - truth(Candidate(1, (2, 1)))
    assert study.value is not None and study.value.low <= value <= study.value.high
    assert study.own_value is not None and study.own_value.value == pytest.approx(0.0)
    # Every race kept the best, and said how sure it is.
    for race in study.races:
        best = max(range(len(race.candidates)), key=lambda k: truth(Candidate(race.arm, race.candidates[k])))
        assert best in race.alive or best in race.twins
        assert race.confidence() > 0.9
        rival = race.closest()
        assert rival is not None and rival != race.chosen
        gap = race.gap(race.chosen, rival)
        assert gap.low <= gap.value <= gap.high
        assert all(len(race.outcomes[k]) <= race.tally.n for k in range(len(race.candidates)))


def test_confidence_is_low_between_near_equals() -> None:
    near = (Arm("with", (_axis("q", 2),)), Arm("without", ()))

    def evaluate(candidates, stream, first, count):  # type: ignore[no-untyped-def]
        rng = np.random.default_rng([stream, first])
        zero = np.zeros(len(candidates), dtype=np.int64)
        return Scores(rng.random((len(candidates), count)) < 0.5, zero, zero, zero)  # independent, equal

    race = search(near, evaluate, Options(n=2_000)).races[0]
    assert race.settled == "budget" and 0.1 < race.confidence() < 0.9


def test_the_interval_covers_the_truth_at_the_stated_rate() -> None:
    """200 small studies on independent dice: the 95 % interval of the plans kept covers their true difference in
    about 95 % of them (binomial: 190 expected, below 180 has a chance under 1 in 1,000), and the races almost never
    drop the best."""
    covered, found = 0, 0
    runs = 200
    for seed in range(runs):
        study = search(ARMS, toy(1000 + seed), Options(n=1_000, passes=1))
        value = truth(Candidate(0, study.best[0])) - truth(Candidate(1, study.best[1]))
        assert study.value is not None
        covered += study.value.low <= value <= study.value.high
        found += study.best == [(2, 1), (2, 1)]
    assert covered >= 180
    assert found >= 0.8 * runs


def test_a_race_keeps_the_best_at_its_risk() -> None:
    """Close candidates (1 point apart): the best is dropped in at most the race's 5 % of races (here, never)."""
    close = (Arm("with", (PlanAxis("x", {"en": "x"}, "heroes", tuple(
        PlanVariant(f"x{v}", lambda: "") for v in range(4))),)), Arm("without", ()))

    def make(seed: int):  # type: ignore[no-untyped-def]
        def evaluate(candidates, stream, first, count):  # type: ignore[no-untyped-def]
            u = np.random.default_rng([seed, stream, first]).random(count)
            zero = np.zeros(len(candidates), dtype=np.int64)
            return Scores(np.array([u < 0.5 + 0.01 * c.plan[0] if c.plan else u < 0.5 for c in candidates]), zero,
                          zero, zero)

        return evaluate

    dropped = 0
    for seed in range(40):
        study = search(close, make(seed), Options(n=4_000, passes=1))
        dropped += 3 not in study.races[0].alive
    assert dropped <= 2


def test_equal_plans_stop_early_and_twins_are_merged() -> None:
    same = (Arm("with", (_axis("s", 3),)), Arm("without", ()))

    def evaluate(candidates, stream, first, count):  # type: ignore[no-untyped-def]
        u = np.random.default_rng([stream, first]).random(count)
        zero = np.zeros(len(candidates), dtype=np.int64)
        return Scores(np.array([u < 0.5 for _c in candidates]), zero, zero, zero)

    study = search(same, evaluate, Options(n=50_000))
    race = study.races[0]
    assert race.alive == [0] and race.twins == {1: 0, 2: 0}
    assert race.tally.n < 50_000  # stopped at the first stage
    assert race.closest() is None and race.confidence() == 1.0


def test_ctrl_c_returns_what_was_found_so_far() -> None:
    calls: list[int] = []
    study = search(ARMS, toy(3, calls, stop_after=6), Options(n=8_000))
    assert study.interrupted and not study.complete
    assert study.races and study.races[-1].settled == "interrupted"
    assert len(study.best) == 2
    first = study.figures[0]
    assert first is not None and not first.fresh
    # Interrupted in the search of the second arm: no figures for it yet, hence no worth.
    assert study.value is None or not study.paired


def test_ctrl_c_during_the_confirmation() -> None:
    calls: list[int] = []
    full = search(ARMS, toy(3, calls), Options(n=4_000))
    searched = len(calls) - 1  # the confirmation is one call (4,000 fights, one chunk)
    calls.clear()
    study = search(ARMS, toy(3, calls, stop_after=searched), Options(n=4_000))
    assert study.interrupted and study.best == full.best
    assert study.figures[0] is not None and study.figures[1] is not None and not study.figures[0].fresh
    assert study.value is not None and not study.paired


def test_tally_pairs_exactly() -> None:
    x = np.array([[1, 0, 1, 1], [0, 0, 1, 0]], dtype=np.bool_)
    zero = np.zeros(2, dtype=np.int64)
    t = Tally.empty(3).add(Tally.of(Scores(x, zero, zero, zero)), [0, 2])
    assert t.n == 4 and list(t.wins) == [3, 0, 1]
    mean, var = t.diff(0, 2)
    d = x[0].astype(int) - x[1].astype(int)
    assert mean == pytest.approx(d.mean()) and var == pytest.approx(d.var(ddof=1))


def test_the_engine_names_no_system() -> None:
    path = Path(estoc.__file__).parent / "sim" / "balance.py"
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
    assert {n for n in names if n.startswith("estoc.systems.") and n != "estoc.systems.base"} == set()


# --- the One Ring's plans and a real study ----------------------------------------------------------------------------

@pytest.fixture
def duo(tmp_path: Path, content: Content):  # type: ignore[no-untyped-def]
    path = tmp_path / "duo.yaml"
    path.write_text(DUO, encoding="utf-8")
    return load_any_encounter(path, content)


def test_tor_plan_space(content: Content) -> None:
    encounter = load_any_encounter(SAMPLES / "gue.yaml", content)
    system = find_sim_system("tor")
    axes = system.plan_space(encounter)
    heroes = [cid for cid, side, _c in encounter.combatants if side == "heroes"]
    assert [a.id for a in axes] == [x for h in heroes for x in (h, f"{h}/moments")]
    by_id = {a.id: a for a in axes}
    # The moments: when Hope is spent × whom the hero aims at; the encounter's own is the default policy.
    moments = by_id["eirik-de-dale/moments"]
    assert len(moments.variants) == 10 and moments.variants[moments.current].id == "hope=turning,aim=weakest"
    assert moments.name["en"] == "Eirik of Dale (Hope, aim)"
    own = moments.variants[moments.current]
    assert own.label() == ("Hope when the die likely turns a miss into a hit, while half is kept; "
                           "aims at the weakest foe")
    set_language("fr")
    try:
        assert own.label() == ("l'Espoir quand le dé de plus change sans doute un échec en coup au but, tant que la "
                               "moitié en reste ; vise l'ennemi le plus faible")
    finally:
        set_language("en")
    # The rear only for a hero with a ranged weapon; every variant unique; the encounter's own plan among them.
    assert not any(v.id.startswith("rearward") for v in by_id["aldric-de-bree"].variants)
    assert any(v.id.startswith("rearward") for v in by_id["faelwen-de-lindon"].variants)
    for axis in axes:
        ids = [v.id for v in axis.variants]
        assert len(ids) == len(set(ids))
    assert by_id["aldric-de-bree"].variants[by_id["aldric-de-bree"].current].id == \
        "defensive:contre-attaque,ceder-terrain"
    # A task switched off is in no plan.
    off = scenario(encounter, content, {"tor.tasks.contre-attaque": False}).encounter
    assert not any("contre-attaque" in v.id for a in system.plan_space(off) for v in a.variants)


def test_the_encounters_own_plan_plays_the_encounters_fights(content: Content) -> None:
    """Grani's tasks are listed secondary first; its own variant lists them main first: the same fights."""
    encounter = load_any_encounter(SAMPLES / "gue.yaml", content)
    setup = json.loads(json.dumps(encounter.setup))
    for axis in find_sim_system("tor").plan_space(encounter):
        apply_changes(setup, axis.variants[axis.current].changes)
    rewritten = encounter_of(setup, content)
    seed = np.random.SeedSequence(5)
    a, b = play_worlds(encounter, content, 300, seed), play_worlds(rewritten, content, 300, seed)
    assert (a.winner == b.winner).all() and (a.rounds == b.rounds).all()


def _study(duo, content: Content, workers: int):  # type: ignore[no-untyped-def]
    system = find_sim_system("tor")
    scenarios = (scenario(duo, content, {"tor.tasks.contre-attaque": True}),
                 scenario(duo, content, {"tor.tasks.contre-attaque": False}))
    arms = (Arm("with", system.plan_space(scenarios[0].encounter)),
            Arm("without", system.plan_space(scenarios[1].encounter)))
    evaluator = EncounterEvaluator(scenarios, arms, content, (), "heroes", 11, workers=workers, chunk=150)
    with evaluator.running():
        return search(arms, evaluator, Options(n=300, passes=1))


def test_a_real_study_depends_on_the_seed_only(duo, content: Content) -> None:  # type: ignore[no-untyped-def]
    here = _study(duo, content, 1)
    pooled = _study(duo, content, 2)
    assert here.complete and here.best == pooled.best
    assert here.value == pooled.value and here.fights == pooled.fights
    for x, y in zip(here.races, pooled.races, strict=True):
        assert (x.tally.wins == y.tally.wins).all() and (x.tally.both == y.tally.both).all()


def test_on_a_dask_cluster(duo, content: Content) -> None:  # type: ignore[no-untyped-def]
    distributed = pytest.importorskip("dask.distributed")
    system = find_sim_system("tor")
    scenarios = (scenario(duo, content, {"tor.tasks.contre-attaque": True}),
                 scenario(duo, content, {"tor.tasks.contre-attaque": False}))
    arms = (Arm("with", system.plan_space(scenarios[0].encounter)),
            Arm("without", system.plan_space(scenarios[1].encounter)))
    with distributed.LocalCluster(processes=False, n_workers=1, threads_per_worker=1,
                                  dashboard_address=None) as cluster:
        evaluator = EncounterEvaluator(scenarios, arms, content, (), "heroes", 11, chunk=150,
                                       scheduler=cluster.scheduler_address)
        with evaluator.running():
            there = search(arms, evaluator, Options(n=300, passes=1))
    here = _study(duo, content, 1)
    assert there.best == here.best and there.value == here.value


def test_search_and_confirmation_dice_differ(duo, content: Content) -> None:  # type: ignore[no-untyped-def]
    system = find_sim_system("tor")
    scenarios = (scenario(duo, content), scenario(duo, content))
    arms = (Arm("a", system.plan_space(duo)), Arm("b", system.plan_space(duo)))
    evaluator = EncounterEvaluator(scenarios, arms, content, (), "heroes", 2)
    own = Candidate(0, arms[0].own)
    first, fresh = evaluator([own], SEARCH, 0, 200), evaluator([own], CONFIRM, 0, 200)
    again = evaluator([own], SEARCH, 0, 200)
    assert (first.win == again.win).all() and (first.win != fresh.win).any()


def test_a_second_start_from_the_other_sides_best_plan() -> None:
    """With the rule, the ascent from (0, 0) is stuck (either change alone loses); without it, it starts from (1, 0)
    and finds (1, 1), which the rule's side then takes up."""
    chance = [{(0, 0): 0.5, (1, 1): 0.7, (1, 0): 0.45, (0, 1): 0.45},
              {(0, 0): 0.5, (1, 1): 0.7, (1, 0): 0.55, (0, 1): 0.45}]
    arms = (Arm("with", (_axis("a", 2, 0), _axis("b", 2, 0))), Arm("without", (_axis("a", 2, 1), _axis("b", 2, 0))))

    def evaluate(candidates, stream, first, count):  # type: ignore[no-untyped-def]
        u = np.random.default_rng([stream, first]).random(count)
        zero = np.zeros(len(candidates), dtype=np.int64)
        return Scores(np.array([u < chance[c.arm][c.plan] for c in candidates]), zero, zero, zero)

    study = search(arms, evaluate, Options(n=4_000))
    assert study.best == [(1, 1), (1, 1)]
    crossed = [race for race in study.races if race.axis < 0]
    assert len(crossed) == 1 and crossed[0].arm == 0 and crossed[0].chosen == 1
