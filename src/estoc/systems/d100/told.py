"""What the d100 kernel's log tells, as the narration records play stores and :mod:`estoc.render.d100_fight` renders.

The kernel (:mod:`estoc.systems.d100.kernel`) writes plain rows of numbers while it plays one world in play; this
module turns them into records (rounds, the order of the ranks, moves, exchanges, first aid, reloads, the end of a
round). It reads; it decides nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from estoc.systems.d100.exchange import Combatant
from estoc.systems.d100.rules import QUALITY_NAMES, RESULT_NAMES

(ROUND, MOVE, ORDER, RANK, DEFENDING, SKIP, STRIKE, ROLLS, DAMAGE, WOUND, AID, RELOAD, PASS, END, DIED,
 OVER) = range(1, 17)
DEFENCE_NAMES = ("none", "parry", "dodge")
ITEM_SHIELD, ITEM_NONE = -1, -2


class Teller:
    """Turns the kernel's rows into records, for one fight (its combatants, its sides' ids and names)."""

    def __init__(self, combatants: Sequence[Combatant], side_ids: Sequence[str],
                 side_names: dict[str, dict[str, str]], standing: Callable[[int], bool]) -> None:
        self.combatants, self.side_ids, self.side_names, self.standing = combatants, side_ids, side_names, standing

    def slot(self, c: int, s: int) -> Any:
        """The record of slot ``s`` of ``c``: a weapon, or its shield (the bash)."""
        person = self.combatants[c]
        if s < len(person.weapons):
            return person.weapons[s]
        return person.shield

    def round_record(self, number: int) -> dict[str, Any]:
        """A new round: who states intentions first (the highest DEX first, 5.2)."""
        by_dex = sorted((c for c in range(len(self.combatants)) if self.standing(c)),
                        key=lambda c: (-self.combatants[c].dex, c))
        return {"kind": "round", "round": number, "intent_order": [self.combatants[c].id for c in by_dex]}

    def tell(self, rows: Sequence[tuple[int, ...]]) -> list[dict[str, Any]]:
        records: list[dict[str, Any]] = []
        ids = [c.id for c in self.combatants]
        current: dict[str, Any] = {}
        for row in rows:
            kind, a, b, c, d, e, f, g, h = (int(x) for x in row)
            if kind == ROUND:
                records.append(self.round_record(a))
            elif kind == MOVE:
                records.append({"kind": "move", "actor": ids[a], "metres": b, "rank": c})
            elif kind == ORDER:
                current = {"kind": "order", "round": a, "order": [], "defending_only": []}
                records.append(current)
            elif kind == RANK:
                current["order"].append([ids[a], b, c])
            elif kind == DEFENDING:
                current["defending_only"].append(ids[a])
            elif kind == SKIP:
                records.append({"kind": "skip", "actor": ids[a]})
            elif kind == STRIKE:
                use = self.slot(a, c)
                item = "shield" if f == ITEM_SHIELD else "" if f == ITEM_NONE else f"weapon:{f + 1}"
                current = {"skill": d, "defence": DEFENCE_NAMES[e], "defence_item": item, "defence_skill": g,
                           "damage_dice": str(use.damage if hasattr(use, "damage") else _bash(use)),
                           "weapon_roll": 0, "bonus": 0, "damage": 0, "stopped_by_item": 0, "stopped_by_armour": 0,
                           "body": 0, "item_worn": False, "kind": "attack", "actor": ids[a], "target": ids[b],
                           "weapon": use.record.id, "round": h}
                records.append(current)
            elif kind == ROLLS:
                current.update(attack_roll=a, attack_quality=QUALITY_NAMES[b], defence_roll=c,
                               defence_quality=QUALITY_NAMES[d], result=RESULT_NAMES[e])
            elif kind == DAMAGE:
                current.update(weapon_roll=a, bonus=b, damage=c, stopped_by_item=d, stopped_by_armour=e, body=f,
                               item_worn=bool(g))
                if g:
                    current["broken"] = bool(h)
            elif kind == WOUND:
                current.update(hp=b, unconscious=bool(c), hours=d, dying=bool(e))
            elif kind == AID:
                records.append({"kind": "first-aid", "actor": ids[a], "target": ids[b], "wound": c + 1, "roll": d,
                                "skill": e, "success": bool(f), "healed": g, "hp": h + g, "saved": h <= 0 < h + g})
            elif kind == RELOAD:
                records.append({"kind": "reload", "actor": ids[a], "weapon": self.slot(a, b).record.id,
                                "ready": c})
            elif kind == PASS:
                records.append({"kind": "pass", "actor": ids[a]})
            elif kind == END:
                current = {"kind": "end-round", "round": a, "died": []}
                records.append(current)
            elif kind == DIED:
                current["died"].append(ids[a])
            elif kind == OVER:
                winner = self.side_ids[a] if a >= 0 else None
                records.append({"kind": "over", "winner": winner,
                                "winner_name": self.side_names.get(winner, {}) if winner else None})
        return records


def _bash(shield: Any) -> str:
    from estoc.dice.expressions import DiceExpression

    return str(DiceExpression.parse(shield.record.damage))
