"""A process builds a run's worlds once and reuses them chunk after chunk: the same counts as worlds built afresh
for every chunk, in each system, for a run, a second run on another seed and a comparison."""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from estoc.content.registry import Content
from estoc.engine.reuse import ChunkWorlds
from estoc.sim import compare, simulate
from estoc.sim.runner import load_any_encounter

SAMPLES = {system: Path(str(resources.files("estoc.play").joinpath("samples", name)))
           for system, name in (("harp", "embuscade.yaml"), ("d100", "pont.yaml"), ("tor", "gue.yaml"))}


def _same(a: Any, b: Any) -> bool:
    return all(np.array_equal(getattr(a, f), getattr(b, f)) for f in vars(a))


@pytest.fixture
def builds(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the worlds built (each call of the builder a chunk's worlds are asked for)."""
    built: list[int] = []
    get = ChunkWorlds.get

    def counted(self: ChunkWorlds, sources: Any, shape: Any, build: Any, *args: Any) -> Any:
        def counting() -> Any:
            built.append(1)
            return build()
        return get(self, sources, shape, counting, *args)

    monkeypatch.setattr(ChunkWorlds, "get", counted)
    return built


def _afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every chunk's worlds built again (what estoc did before it kept them)."""
    monkeypatch.setattr(ChunkWorlds, "get", lambda self, sources, shape, build, *args: build())


@pytest.mark.parametrize("system", sorted(SAMPLES))
def test_kept_worlds_play_as_fresh_ones(content: Content, system: str, builds: list[int],
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    encounter = load_any_encounter(SAMPLES[system], content)
    kept = simulate(encounter, content, 1000, seed=4, chunk=150)
    other_seed = simulate(encounter, content, 1000, seed=5, chunk=150)
    # Six chunks of 150 and one of 100: two shapes, each built once (the second run builds nothing).
    assert len(builds) == 2
    _afresh(monkeypatch)
    assert _same(kept.counts, simulate(encounter, content, 1000, seed=4, chunk=150).counts)
    assert _same(other_seed.counts, simulate(encounter, content, 1000, seed=5, chunk=150).counts)
    assert not _same(kept.counts, other_seed.counts)  # the seed reached the kept worlds' dice


def test_a_comparison_keeps_each_scenarios_worlds(content: Content, builds: list[int],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    encounter = load_any_encounter(SAMPLES["harp"], content)
    kept = compare(encounter, encounter, content, 600, seed=2, chunk=200, settings_b={"fight_mod": 20})
    _afresh(monkeypatch)
    fresh = compare(encounter, encounter, content, 600, seed=2, chunk=200, settings_b={"fight_mod": 20})
    assert _same(kept.a.counts, fresh.a.counts) and _same(kept.b.counts, fresh.b.counts)
