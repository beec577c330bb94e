"""A simulation chunk's worlds, built once per process and shape, refreshed for each chunk.

A run plays its chunks one after another in each process, and every chunk of one run has the same encounter, the
same settings and (but the last) the same size: building the kernel's worlds again for each (the sheets, the tables,
the slots, the outputs) cost a tenth of a duel run. The worlds are kept here and, for the next chunk, only what
depends on the chunk is set again: the index of its first world, the run's key (the dice) and the outputs. The
state of the slots needs nothing: a thread already plays its worlds one after another in its slot, each begun by the
kernel's ``fresh``, so a chunk played in worlds that served before is a chunk played in a longer run.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from typing import Any

import numpy as np

from estoc.engine.compiled import give_dice

__all__ = ["KEPT", "ChunkWorlds"]

KEPT = 8
"""How many shapes of worlds a process keeps (a comparison uses two; a balance study one per plan it plays)."""


class ChunkWorlds:
    """The worlds of a system's chunks in this process, by what they were built from.

    Args:
        outputs: the names of the kernel's outputs (``out_*``) a chunk writes; refilled before each chunk, ``-1``
            for ``out_winner`` (no winner), ``0`` for the others, as the worlds' builders fill them.
    """

    def __init__(self, outputs: Sequence[str]) -> None:
        self.outputs = tuple(outputs)
        self._kept: OrderedDict[tuple[Hashable, ...], tuple[tuple[object, ...], Any]] = OrderedDict()

    def get(self, sources: tuple[object, ...], shape: tuple[Hashable, ...], build: Callable[[], Any],
            purposes: Sequence[str], seed: Any, first: int) -> Any:
        """The worlds for a chunk: built by ``build()`` the first time, else those kept, refreshed.

        Args:
            sources: the objects the worlds are built from (an encounter, tables): the same objects (by identity,
                kept alive with the worlds so that no other object takes their id) give the same worlds.
            shape: everything else the build depends on (the number of worlds, threads, settings), hashable.
            build: builds the worlds for this chunk.
            purposes: the kernel's dice purposes (``PURPOSES``).
            seed: the run's key.
            first: the index in the run of the chunk's first world.
        """
        key = (*(id(source) for source in sources), *shape)
        kept = self._kept.get(key)
        if kept is None:
            worlds = build()
            self._kept[key] = (sources, worlds)
            while len(self._kept) > KEPT:
                self._kept.popitem(last=False)
            return worlds
        self._kept.move_to_end(key)
        worlds = kept[1]
        worlds.first_world = first
        for name in self.outputs:
            np.asarray(getattr(worlds, name))[...] = -1 if name == "out_winner" else 0
        give_dice(worlds, purposes, np.asarray(worlds.counters).shape[0], seed, None)
        return worlds

    def clear(self) -> None:
        """Forget every kept world (tests; a process that changes its content)."""
        self._kept.clear()
