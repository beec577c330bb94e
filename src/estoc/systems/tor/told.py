"""The One Ring kernel's log as narration records (what :mod:`estoc.render.tor_fight` tells).

The kernel writes rows while it plays (:mod:`.kernel`, ``L_*``); :class:`Teller` reads them in order and makes the
records of play: one per attack (with its counter-attack, shield thrust, severity of a wound…), one per task (with
what it did), and the round's beginnings and ends.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from estoc.dice.tor import MODES
from estoc.systems.drawn import Drawn, drawn_before, faces, rolled
from estoc.systems.tor.codes import (
    L_AFTER,
    L_ATTACK,
    L_COUNTER,
    L_EFFECT,
    L_END_ROUND,
    L_OVER,
    L_ROLL,
    L_ROUND,
    L_SEVERITY,
    L_TARGETS,
    L_TASK,
    L_THRUST,
)
from estoc.systems.tor.exchange import Combatant
from estoc.systems.tor.names import SPECIALS, STANCES, TASK_IDS, task

Record = dict[str, Any]


def roll_of(draws: list[Drawn], purpose: str) -> dict[str, Any]:
    """The feat dice (two when favoured or ill-favoured) and the success dice of one roll, as drawn."""
    return {"feat_faces": faces(draws, purpose), "success_faces": faces(draws, purpose + "-success")}


class Teller:
    """Records from the kernel's rows; ``fight`` gives the state read after the event (loads, ids, winner)."""

    def __init__(self, fight: Any) -> None:
        self.fight = fight
        self.people: Sequence[Combatant] = fight.combatants

    def id(self, c: int) -> str:
        return self.people[c].id

    def records(self, rows: list[tuple[int, ...]]) -> list[Record]:
        out: list[Record] = []
        stack: list[Record] = []
        """The task record a nested attack belongs to (two-weapon attack, skirmish)."""
        attack: Record | None = None
        drawn = drawn_before(rows)
        """The faces drawn before each row (where play tapped its dice): the rolls the kernel logs as totals."""
        dice_of: list[tuple[Record, list[Drawn]]] = []
        """Each record with the faces drawn for it: those estoc rolled are named where the GM typed some."""
        for i, (kind, a, b, c, d, e, f, g, h) in enumerate(rows):
            here = drawn.get(i, [])
            if kind == L_ROUND:
                out.append({"kind": "round", "round": a, "regain": [self.id(x) for x in self.fight.regaining()]})
            elif kind == L_END_ROUND:
                out.append({"kind": "end-round", "round": a})
            elif kind == L_OVER:
                out.append({"kind": "over", "winner": self.fight.winner()})
            elif kind == L_ATTACK:
                use = self.people[a].weapons[c]
                attack = {"kind": "attack", "actor": self.id(a), "target": self.id(b),
                          "weapon": use.record.id, "dice": d, "mode": MODES[e], "tn": f,
                          "weapon_name": use.record.name.as_dict(), "injury": use.injury}
                dice_of.append((attack, []))
                if g:
                    attack["weary"] = True
                if h:
                    attack["complication"] = h
                if stack:
                    stack[-1]["attack"] = attack
                else:
                    out.append(attack)
            elif kind == L_ROLL and attack is not None:
                attack.update({"feat": a, "total": b, "success": bool(c), "tengwar": d, "special": SPECIALS[e],
                               "endurance": f, "piercing": bool(g), "wounded": bool(h)})
                if here:
                    attack.update(roll_of(here, "attack"))
                    if g:
                        attack["protection"] = roll_of(here, "protection")
                    dice_of[-1][1].extend(here)
            elif kind == L_SEVERITY and attack is not None:
                attack["severity"] = b
                attack["fatal"] = bool(c)
                if dice_of:
                    dice_of[-1][1].extend(here)
            elif kind == L_THRUST and attack is not None:
                attack.setdefault("shield_thrust", []).append(self.id(a))
            elif kind == L_AFTER and attack is not None:
                if a >= 0:
                    attack["parry"] = a
                if isinstance(attack.get("protection"), dict):
                    attack["protection"]["total"] = f
                if d:
                    attack["protection_weary"] = True
                if e:
                    attack["hope"] = True
                if b:
                    attack["fallen"] = True
                elif c:
                    target = self.fight.index(attack["target"])
                    attack["weary_now"] = {"endurance": self.fight.value("endurance", target),
                                           "load": self.fight.load_of(target)}
                if "shield_thrust" not in attack and attack["special"] == "shield":
                    attack["shield_thrust"] = []
            elif kind == L_COUNTER and attack is not None:
                attack["counter"] = {"endurance": c} if c >= 0 else {"wound": bool(d), "protection": e}
                if here and c < 0:
                    attack["counter"].update(roll_of(here, "protection"))
                    if dice_of:
                        dice_of[-1][1].extend(here)
            elif kind == L_TASK:
                t = task(TASK_IDS[b])
                record: Record = {"kind": "task", "actor": self.id(a), "task": t.id, "success": bool(c),
                                  "tengwar": d, "core": t.core, "task_name": {"fr": t.name_fr, "en": t.name_en}}
                if t.skill is not None and here:
                    rolled_now = roll_of(here, "task")
                    K = self.fight.K  # the total as the kernel counts it (it logs the faces, not the total)
                    record.update(rolled_now, tn=int(self.fight.F.task_tn[a, b]), total=int(K.py_feat_value(h)) + sum(
                        int(K.py_success_value(x, bool(e))) for x in rolled_now["success_faces"]))
                dice_of.append((record, list(here)))
                if e:
                    record["weary"] = True
                if f:
                    record["complication"] = f
                if g:
                    record["hope"] = True
                out.append(record)
                stack = [record]
            elif kind == L_EFFECT and stack:
                self._effect(stack[-1], TASK_IDS[a], b, c, d)
            elif kind == L_TARGETS and stack:
                record = stack[-1]
                if TASK_IDS[a] == "intimider":
                    record.setdefault("intimidated", []).append(self.id(b))
                else:
                    record.setdefault("harassed", {})[self.id(b)] = c
        for told, draws in dice_of:
            estoc = rolled(draws)
            if estoc:
                told["rolled"] = estoc
        return out

    def _effect(self, record: Record, t: str, b: int, c: int, d: int) -> None:
        if t == "defier":
            record["challenged"] = self.id(b)
        elif t == "rallier":
            record.update({"stances": list(STANCES[:b]), "rounds": c})
        elif t == "encourager":
            record["endurance"] = b
        elif t == "attaque-surprise":
            record.update({"engaged": self.id(b), "dice": c})
        elif t == "proteger":
            record.update({"protected": self.id(b), "penalty": c, "attacks": d})
        elif t == "tenir-position":
            record["attacks"] = b
        elif t == "contre-attaque":
            record.update({"attacks": b, "wound": bool(c), "protection_ill": bool(d)})
        elif t in ("mettre-en-joue", "prendre-avantage"):
            record["dice"] = b
            if t == "prendre-avantage":
                record["lasting"] = bool(c)
        elif t == "annuler-complication":
            record["cancelled"] = self.id(b)
