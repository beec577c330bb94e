"""Every creature shipped: its stat block derives, and one exchange each way against a reference fighter works."""

from __future__ import annotations

import pytest

from estoc.content.models.harp_creatures import Creature
from estoc.content.registry import Content, load_folder, shipped_folder
from estoc.dice import SeededDice
from estoc.systems.harp.conditions import HarpState
from estoc.systems.harp.creatures import stat_block
from estoc.systems.harp.exchange import Combatant, area_attack, attack
from estoc.systems.harp.tables import HarpTables

CREATURE_IDS = sorted(load_folder(shipped_folder()).kind("harp", "creatures"))


@pytest.mark.parametrize("creature_id", CREATURE_IDS)
def test_creature_fights_both_ways(creature_id: str, content: Content, tables: HarpTables) -> None:
    creature = content.get("harp", "creatures", creature_id, Creature)
    block = stat_block(content, creature)
    assert block.hit_points.total > 0 and block.level >= creature.level
    assert all(a.ob_breakdown is not None and a.ob == a.ob_breakdown.total for a in block.attacks)
    beast = Combatant.from_content(content, creature_id)
    hero = Combatant.from_content(content, "dafur")
    worlds = 64
    state = HarpState.new(worlds, [beast.hp, hero.hp], [beast.body_rr, hero.body_rr],
                          stun_immune=[beast.stun_immune, False], bleed_immune=[beast.bleed_immune, False])
    dice = SeededDice(hash(creature_id) % 2**32)
    for n, s in enumerate(beast.strikes):
        if s.area == "single":
            out = attack(dice, tables, state, [beast, hero], 0, 1, 1, strike=n)
        else:
            out = area_attack(dice, tables, state, [beast, hero], 0, [1], 1, strike=n)[0]
        assert out.event["attacker"] == creature_id and out.event["target"] == "dafur"
        assert out.event["fumble_range"] == s.fumble
    back = attack(dice, tables, state, [beast, hero], 1, 0, 1)
    # Criticals taken by a large creature are lowered by its size, never raised.
    assert bool((back.outcome.severity <= back.outcome.table_severity).all())
    assert bool((back.outcome.table_severity - back.outcome.severity <= beast.crit_reduction).all())
    # What the tally of hits says is what the hit points lost.
    assert bool((state.hp_max - state.hp == state.hits_taken).all())
