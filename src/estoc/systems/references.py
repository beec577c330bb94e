"""Every reference a hero, a fighter or a creature makes (weapons, armour, shields, tables, sizes…) checked by
building it, as a fight would: ``estoc content validate`` reports the records that could not take the field.

A record is valid on its own (its model) but names other records by id; only building the combatant shows that a
weapon it carries does not exist. The builders are each system's own, so the check can never disagree with a fight.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from estoc.content.registry import Content
from estoc.errors import EstocError
from estoc.systems.d100.exchange import Combatant as D100Combatant
from estoc.systems.harp.creatures import stat_block
from estoc.systems.harp.exchange import Combatant as HarpCombatant
from estoc.systems.harp.heroes import combatant_from_hero
from estoc.systems.tor.exchange import Combatant as TorCombatant

__all__ = ["BUILDERS", "reference_problems"]


def _harp_hero(content: Content, hero: Any) -> None:
    for weapon in range(len(hero.weapons)):  # each weapon in hand in turn: its strike and the shield it leaves
        combatant_from_hero(content, hero, weapon)


BUILDERS: dict[tuple[str, str], Callable[[Content, Any], object]] = {
    ("harp", "heroes"): _harp_hero,
    ("harp", "creatures"): stat_block,
    ("harp", "fighters"): lambda content, fighter: HarpCombatant.from_content(content, str(fighter.id)),
    ("d100", "characters"): D100Combatant.from_character,
    ("tor", "heroes"): TorCombatant.from_hero,
    ("tor", "adversaries"): TorCombatant.from_adversary,
}
"""How each kind of combatant record is built into the sheet a fight uses."""


def reference_problems(content: Content, folder: Path | None = None) -> list[str]:
    """``file:line: message`` for each combatant record (of ``folder`` only, when given) that does not build."""
    base = folder.resolve() if folder is not None else None
    problems = []
    for (system, kind), build in BUILDERS.items():
        for item in content.kind(system, kind).values():
            if base is not None and base not in item.path.resolve().parents:
                continue
            try:
                build(content, item.record)
            except EstocError as exc:
                problems.append(f"{item.path}:{item.line or 1}: {exc.message}")
    return problems
