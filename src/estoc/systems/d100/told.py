"""What the d100 kernel's log tells, as the narration records play stores and :mod:`estoc.render.d100_fight` renders.

The kernel (:mod:`estoc.systems.d100.kernel`) writes plain rows of numbers while it plays one world in play; this
module turns them into records (rounds, the order of the ranks, moves, exchanges, first aid, reloads, the end of a
round). It reads; it decides nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from estoc.dice.expressions import DiceExpression
from estoc.systems.d100.codes import KernelNames, KernelTable
from estoc.systems.d100.rules import QUALITY_NAMES, RESULT_NAMES
from estoc.systems.d100.sheet import Combatant
from estoc.systems.drawn import Drawn, drawn_before, faces, rolled

LOGS = KernelTable("logs")
"""The kernel's row kinds (``L_*``, « what the log tells » in kernel.py)."""
LOG_NAMES = ("round", "move", "order", "rank", "defending", "skip", "strike", "rolls", "damage", "wound", "aid",
             "reload", "pass", "end", "died", "over", "ready")
DEFENCE_NAMES = KernelNames(KernelTable("defences"))
"""The defences' names by code (the kernel's ``D_*``; ``best`` is no defence tried, only asked for)."""
ITEMS = KernelTable("items")
"""What else than a weapon stops a blow (the kernel's ``ITEM_*``)."""


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
        drawn = drawn_before(rows)
        """The faces drawn before each row (where play tapped its dice): the kernel logs a roll's total only."""
        dice_of: list[tuple[dict[str, Any], list[Drawn]]] = []
        """Each record with the faces drawn for it: those estoc rolled are named where the GM typed some."""
        (ROUND, MOVE, ORDER, RANK, DEFENDING, SKIP, STRIKE, ROLLS, DAMAGE, WOUND, AID, RELOAD, PASS, END, DIED,
         OVER, READY) = (LOGS[name] for name in LOG_NAMES)
        for i, row in enumerate(rows):
            kind, a, b, c, d, e, f, g, h = (int(x) for x in row)
            here = drawn.get(i, [])
            if here and dice_of and kind in (ROLLS, DAMAGE, WOUND):
                dice_of[-1][1].extend(here)
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
                item = "shield" if f == ITEMS["shield"] else "" if f == ITEMS["none"] else f"weapon:{f + 1}"
                damage = use.damage if hasattr(use, "damage") else _bash(use)
                current = {"skill": d, "defence": DEFENCE_NAMES[e], "defence_item": item, "defence_skill": g,
                           "damage_dice": str(damage),
                           "weapon_roll": 0, "bonus": 0, "damage": 0, "stopped_by_item": 0, "stopped_by_armour": 0,
                           "body": 0, "item_worn": False, "kind": "attack", "actor": ids[a], "target": ids[b],
                           "weapon": use.record.id, "round": h, "weapon_name": use.record.name.as_dict(),
                           "damage_max": damage.maximum,
                           "bonus_dice": str(self.combatants[a].damage_bonus),
                           "bonus_share": getattr(use.record, "damage_bonus", "full") if hasattr(use, "damage")
                           else "full"}
                records.append(current)
                dice_of.append((current, []))
            elif kind == ROLLS:
                current.update(attack_roll=a, attack_quality=QUALITY_NAMES[b], defence_roll=c,
                               defence_quality=QUALITY_NAMES[d], result=RESULT_NAMES[e])
            elif kind == DAMAGE:
                current.update(weapon_roll=a, bonus=b, damage=c, stopped_by_item=d, stopped_by_armour=e, body=f,
                               item_worn=bool(g))
                if here:
                    current["damage_parts"] = signed_parts(DiceExpression.parse(current["damage_dice"]),
                                                           faces(here, "damage"))
                    bonus_faces = faces(here, "damage-bonus")
                    if bonus_faces or current["bonus_share"] != "none":
                        current["bonus_parts"] = signed_parts(DiceExpression.parse(current["bonus_dice"]),
                                                              bonus_faces)
                if g:
                    current["broken"] = bool(h)
            elif kind == WOUND:
                current.update(hp=b, unconscious=bool(c), hours=d, dying=bool(e))
            elif kind == AID:
                aid = {"kind": "first-aid", "actor": ids[a], "target": ids[b], "wound": c + 1, "roll": d,
                       "skill": e, "success": bool(f), "healed": g, "hp": h + g, "saved": h <= 0 < h + g}
                if here:
                    aid["heal_faces"] = faces(here, "first-aid-heal")
                records.append(aid)
                dice_of.append((aid, list(here)))
            elif kind == RELOAD:
                records.append({"kind": "reload", "actor": ids[a], "weapon": self.slot(a, b).record.id,
                                "ready": c})
            elif kind == PASS:
                records.append({"kind": "pass", "actor": ids[a]})
            elif kind == READY:
                record = self.slot(a, b).record
                records.append({"kind": "ready", "actor": ids[a], "weapon": record.id,
                                "weapon_name": record.name.as_dict()})
            elif kind == END:
                current = {"kind": "end-round", "round": a, "died": []}
                records.append(current)
            elif kind == DIED:
                current["died"].append(ids[a])
            elif kind == OVER:
                winner = self.side_ids[a] if a >= 0 else None
                records.append({"kind": "over", "winner": winner,
                                "winner_name": self.side_names.get(winner, {}) if winner else None})
        for told, draws in dice_of:
            estoc = rolled(draws)
            if estoc:
                told["rolled"] = estoc
        return records


def signed_parts(expression: DiceExpression, drawn: Sequence[int]) -> list[int]:
    """Each die of ``expression`` as it counts (a subtracted die negative), in written order, then its constant
    (where it has one): ``1D6-1`` rolled 4 → ``[4, -1]``. Faces short (none drawn) give what was drawn."""
    parts: list[int] = []
    left = list(drawn)
    for count, _sides in expression.terms:
        for _k in range(abs(count)):
            if not left:
                break
            face = left.pop(0)
            parts.append(face if count > 0 else -face)
    if expression.constant:
        parts.append(expression.constant)
    return parts


def _bash(shield: Any) -> DiceExpression:
    return DiceExpression.parse(shield.record.damage)
