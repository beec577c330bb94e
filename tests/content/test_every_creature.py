"""Every creature shipped: its stat block derives, and its attacks each way against a reference fighter play in the
kernel."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from estoc.content.models.harp_creatures import Creature
from estoc.content.registry import Content, load_folder, shipped_folder
from estoc.dice import SeededDice
from estoc.systems.harp.creatures import stat_block
from estoc.systems.harp.exchange import Combatant
from estoc.systems.harp.tables import SEVERITY_LETTERS, HarpTables
from estoc.systems.harp.worlds import array
from harp_kernel_helpers import World

CREATURE_IDS = sorted(load_folder(shipped_folder()).kind("harp", "creatures"))
WORLDS = 32


@pytest.mark.parametrize("creature_id", CREATURE_IDS)
def test_creature_fights_both_ways(creature_id: str, content: Content, tables: HarpTables) -> None:
    creature = content.get("harp", "creatures", creature_id, Creature)
    block = stat_block(content, creature)
    assert block.hit_points.total > 0 and block.level >= creature.level
    assert all(a.ob_breakdown is not None and a.ob == a.ob_breakdown.total for a in block.attacks)
    beast = Combatant.from_content(content, creature_id)
    hero = Combatant.from_content(content, "dafur")
    world = World(tables, [beast, hero], worlds=WORLDS)
    world.dice(SeededDice(sum(map(ord, creature_id))))
    lost = np.zeros((WORLDS, 2), dtype=np.int64)  # what each exchange says each side lost
    for w in range(WORLDS):
        for n, s in enumerate(beast.strikes):
            if s.area == "single":
                world.K.py_strike(world.F, w, 0, 1, n, 0)
            else:
                world.K.py_breathe(world.F, w, 0, n, [1])
            (out,) = [r for r in world.told() if r["kind"] == "attack"]
            assert out["attacker"] == creature_id and out["target"] == "dafur"
            assert out["fumble_range"] == s.fumble and out["table"] == s.table
            lost[w] += _lost(out, attacker=0)
        back = world.strike(1, 0, w=w)
        lost[w] += _lost(back, attacker=1)
        # Criticals taken by a large creature are lowered by its size, never raised.
        shown = SEVERITY_LETTERS[int(tables.attack.severity[tables.attack.index(back["table"]), back["row"],
                                                           beast.armour_type - 1])] if back["hit"] else ""
        taken = back["critical"]["severity"] if back["critical"] else ""
        expected = max(SEVERITY_LETTERS.index(shown) - beast.crit_reduction, 0) if shown else 0
        assert SEVERITY_LETTERS.index(taken) == expected
    # What the exchanges told is what the hit points lost: the blows' hits, a venom's, and a fumbler's own.
    assert bool((np.array([beast.hp, hero.hp]) - array(world.F, "hp") == lost).all())


def _lost(exchange: dict[str, Any], attacker: int) -> Any:
    """Hit points an exchange took from each of the two (index 0 the creature, 1 the hero)."""
    out = np.zeros(2, dtype=np.int64)
    out[1 - attacker] += exchange["total_hits"]
    if exchange.get("venom_check"):
        out[1 - attacker] += exchange["venom_check"].get("hits", 0)  # a failed roll against a venom's sting
    if exchange["fumble_result"]:
        out[attacker] += exchange["fumble_result"]["effects"].get("hits", 0)
    return out
