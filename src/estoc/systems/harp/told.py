"""What the HARP kernel's log tells, as the narration records play stores and renders.

The kernel (:mod:`estoc.systems.harp.kernel`) writes plain rows of numbers while it plays one world in play; this
module turns them into the records of :mod:`estoc.render.harp_fight` (rounds, turns, attacks, total parries,
dodges), with the tables' texts in both languages. It reads; it decides nothing.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from estoc.systems.harp.codes import codes
from estoc.systems.harp.sheet import Combatant
from estoc.systems.harp.tables import EFFECT_FIELDS, NO_DEATH, SEVERITY_LETTERS, HarpTables

LOG_NAMES = ("round", "init", "turn", "stun", "face", "strike", "result", "crit", "second", "done", "parry", "dodge",
             "braced", "disengaged", "venom", "shove", "perceive", "surprise", "ob", "mod")
"""The kernel's row kinds this teller reads (their codes are the kernel's, ``py_codes()["logs"]``: « what the log
tells » in kernel.py)."""
SKIPPED = {0: None, 1: "down", 2: "lost"}


def effects_dict(values: Sequence[int]) -> dict[str, Any]:
    """One row of effects (:data:`EFFECT_FIELDS`), only those that do something."""
    out: dict[str, Any] = {}
    for name, value in zip(EFFECT_FIELDS, (int(v) for v in values), strict=True):
        if name == "death":
            if value != NO_DEATH:
                out["death"] = value
        elif name in ("shaken", "knockdown", "drop_weapon"):
            if value:
                out[name] = True
        elif value:
            out[name] = value
    return out


def critical_dict(tables: HarpTables, table: int, severity: int, roll: int) -> dict[str, Any]:
    """A critical as a record: its letter, table, roll, the entry's text and its effects."""
    crit = tables.critical
    entry = crit.entries[int(crit.entry[table, roll, severity - 1])]
    return {"severity": SEVERITY_LETTERS[severity], "table": crit.ids[table], "roll": roll,
            "text": entry.text.as_dict(), "effects": effects_dict(crit.effects.values[table, roll, severity - 1])}


def fumble_dict(tables: HarpTables, roll: int, natural: bool) -> dict[str, Any]:
    """A fumble as a record; a creature fumbling with its natural weapons or its breath (``natural``) fumbles as a
    beast (bestiary, « Maladresses »): the entry's creature text (a misstep, a loss of balance, never a weapon in
    the hand), and a weapon it would drop becomes a stumble (shaken)."""
    fumble = tables.fumble
    entry = fumble.entries[int(fumble.entry[roll])]
    effects = effects_dict(fumble.effects.values[roll])
    stumbled = natural and effects.pop("drop_weapon", False)
    if stumbled:
        effects["shaken"] = True
    told_as_creature = natural and entry.creature_text is not None
    text = entry.creature_text if told_as_creature and entry.creature_text is not None else entry.text
    record: dict[str, Any] = {"roll": roll, "text": text.as_dict(), "effects": effects,
                              "lost_rounds": int(fumble.lost_rounds[roll])}
    if natural:
        record["natural"] = True
    if told_as_creature:
        record["creature_text"] = True
    if stumbled:
        record["stumbled"] = True
    return record


class Teller:
    """Turns the kernel's rows into records, for one fight (its combatants and tables)."""

    def __init__(self, tables: HarpTables, combatants: Sequence[Combatant], F: Any, *,
                 hp: Sequence[int] | None = None, out: Collection[str] = (), sides: Sequence[str] = ()) -> None:
        """``hp``: everyone's hit points before the rows to tell, ``out``: the ids of those down or dead then; with
        them the teller follows both through the rows (a turn's bleeding, a blow's damage, a fumble's hits), to
        say where a bleeding combatant stands and who is out of the fight when a round begins; ``sides``: the side
        ids in the kernel's order (a surprise names its side)."""
        self.tables, self.combatants, self.F = tables, combatants, F
        self.sides = list(sides)
        self.last_chain: list[int] = []
        self.venom_text: dict[str, Any] = {}
        self.hp: list[int] | None = list(hp) if hp is not None else None
        self.out: set[str] = set(out)
        self.mods: dict[int, list[list[Any]]] = {}
        """Each attacker's modifiers told for its coming strike (the kernel's L_MOD rows), then its last strike's:
        a breath's other targets and a stray shot take the same."""

    def tell(self, rows: Sequence[tuple[int, ...]]) -> list[dict[str, Any]]:
        """The records of ``rows``, in order."""
        records: list[dict[str, Any]] = []
        pending: list[int] = []
        exchange: dict[str, Any] | None = None
        waiting_stun: dict[str, Any] | None = None
        ids = [c.id for c in self.combatants]
        logs = codes()["logs"]
        (ROUND, INIT, TURN, STUN, FACE, STRIKE, RESULT, CRIT, SECOND, DONE, PARRY, DODGE, BRACED, DISENGAGED, VENOM,
         SHOVE, PERCEIVE, SURPRISE, OB, MOD) = (logs[name] for name in LOG_NAMES)
        surprise: dict[str, Any] | None = None
        mod_names = {value: name for name, value in codes()["mods"].items()}
        fresh: dict[int, list[list[Any]]] = {}
        ob_parts: list[int] | None = None
        area_run = -1
        for row in rows:
            kind, a, b, c, d, e, f, g, h = (int(x) for x in row)
            if kind == FACE:
                pending.append(a)
            elif kind == MOD:
                fresh.setdefault(a, []).append([mod_names.get(b, "other"), c])
            elif kind == OB:
                ob_parts = [a, b, c, d, e, f, g]
            elif kind == ROUND:
                area_run = -1
                records.append({"kind": "round", "round": a, "order": []})
                if self.out:
                    records[-1]["out_of_fight"] = [i for i in ids if i in self.out]
            elif kind == INIT:
                begun = next(r for r in reversed(records) if r["kind"] == "round")
                begun["order"].append([ids[a], b, bool(c)])
                if d:
                    begun.setdefault("situational", []).append([ids[a], d])
                if e:
                    surprised = begun.setdefault("surprised", [])
                    if ids[a] not in surprised:
                        surprised.append(ids[a])
            elif kind == PERCEIVE:
                pending = []
                if surprise is None:
                    surprise = {"kind": "surprise", "rolls": [], "side": None}
                    records.append(surprise)
                surprise["rolls"].append([ids[a], self._side(b), c, d])
            elif kind == SURPRISE:
                if surprise is None:
                    surprise = {"kind": "surprise", "rolls": [], "side": None}
                    records.append(surprise)
                surprise["side"] = self._side(a) if a >= 0 else None
            elif kind == TURN:
                area_run = -1
                record = {"kind": "turn", "actor": ids[a], "round": f, "bled": b,
                          "stun_check": None, "died": bool(c), "skipped": SKIPPED[d]}
                if g:
                    record["regenerated"] = g
                if self.hp is not None:
                    self.hp[a] += g - b
                    if b or g:
                        record["hp_after"] = self.hp[a]
                if d == 1 or c:
                    self.out.add(ids[a])
                else:
                    self.out.discard(ids[a])  # up again (a regeneration, the GM's healing)
                records.append(record)
                waiting_stun = record if e > 0 else None
            elif kind == STUN:
                check = {"roll": a, "total": b, "difficulty": c, "resisted": bool(d)}
                pending = []
                if exchange is not None:
                    exchange["stun_check"] = check
                elif waiting_stun is not None:
                    waiting_stun["stun_check"] = check
                    waiting_stun = None
            elif kind == STRIKE:
                exchange = self._strike(a, b, c, d, e, bool(f))
                if g:
                    exchange["stray"] = True
                if not f and ob_parts is not None:
                    # a stray shot, a breath's next target: the same strike's modifiers as the first blow
                    again = bool(g) or (bool(exchange.get("area")) and area_run == a)
                    if a in fresh or not again:
                        self.mods[a] = fresh.pop(a, [])
                    exchange["ob_parts"] = _ob_parts(ob_parts, self.mods.get(a, []))
                ob_parts = None
                area_run = a if exchange.get("area") else -1
            elif kind == RESULT and exchange is not None:
                chain = pending or self.last_chain
                self.last_chain, pending = chain, []
                fumble_range = exchange.pop("_fumble")
                attacker, strike = exchange.pop("_attacker"), exchange.pop("_strike")
                exchange.update(
                    fumble_range=fumble_range, rolls=list(chain), roll_total=a, open_ended=len(chain) > 1,
                    fumble=bool(b), attack_total=d, result=e, hit=bool(f), row=g, hits=h,
                    fumble_result=(fumble_dict(self.tables, c, bool(self.F.natural[attacker, strike])) if b
                                   else None))
                if b:
                    self._fumbled(attacker, exchange["fumble_result"])
            elif kind == CRIT and exchange is not None:
                crit = critical_dict(self.tables, b, c, d)
                if e and e != c:
                    crit["table_severity"] = SEVERITY_LETTERS[e]  # lowered by the target's size
                if a == 0:
                    exchange["critical"] = crit
                elif a == 1:
                    exchange["additional_critical"] = crit
                elif exchange["second_attack"] is not None:
                    exchange["second_attack"]["critical"] = crit
            elif kind == SECOND and exchange is not None:
                exchange["second_attack"] = {"row": a, "hits": b, "critical": None}
            elif kind == DONE and exchange is not None:
                exchange.update(total_hits=a, knocked_down=bool(b), target_hp=e, target_down=bool(f),
                                target_dead=bool(g), downed_now=not c and (bool(f) or bool(g)),
                                table_severity=SEVERITY_LETTERS[h] if h else None)
                if self.hp is not None:
                    self.hp[ids.index(exchange["target"])] = e
                if f or g:
                    self.out.add(exchange["target"])
                records.append(exchange)
                exchange = None
            elif kind == PARRY:
                chain, pending = pending, []
                self.last_chain = chain
                parry = {"kind": "total-parry", "actor": ids[a], "target": ids[b], "roll": c, "fumbled": bool(d),
                         "counter": bool(e), "bonus": f}
                if d and g:
                    fumbled = fumble_dict(self.tables, g, bool(self.F.natural[a, 0]))
                    parry["fumble_result"] = fumbled
                    self._fumbled(a, fumbled)
                records.append(parry)
            elif kind == DODGE:
                pending = []
                records.append({"kind": "dodge", "actor": ids[a], "instinctive": bool(b), "total": c, "bonus": d,
                                "cost": "this_round"})
            elif kind == BRACED:
                records.append({"kind": "braced", "actor": ids[a], "target": ids[b]})
            elif kind == SHOVE:
                pending = []
                records.append({"kind": "shove", "actor": ids[a], "target": ids[b], "total": c, "penalty": d})
            elif kind == VENOM:
                pending = []
                if exchange is not None:
                    self.venom_text[ids[a]] = self._venom_of(exchange)
                venom: dict[str, Any] = {"victim": ids[a], "roll": b, "total": c, "difficulty": d,
                                         "resisted": bool(e), "left": f, "text": self.venom_text.get(ids[a])}
                if g or h:
                    venom.update(hits=g, penalty=h)
                if g and self.hp is not None:
                    self.hp[a] -= g
                    venom["hp_after"] = self.hp[a]
                    if self.hp[a] <= 0:
                        self.out.add(ids[a])
                if exchange is not None:
                    exchange["venom_check"] = venom
                else:
                    records.append({"kind": "venom", **venom})
            elif kind == DISENGAGED:
                records.append({"kind": "disengaged", "actor": ids[a], "target": ids[b]})
        return records

    def _side(self, index: int) -> str:
        """A side's id by the kernel's index."""
        return self.sides[index] if 0 <= index < len(self.sides) else str(index)

    def _fumbled(self, c: int, fumble: dict[str, Any]) -> None:
        """A fumble's hits fall on the fumbler."""
        if self.hp is not None:
            self.hp[c] -= int(fumble["effects"].get("hits", 0))
            if self.hp[c] <= 0:
                self.out.add(self.combatants[c].id)

    def _venom_of(self, exchange: dict[str, Any]) -> Any:
        """The text of the venom the exchange's strike carries."""
        attacker = next(c for c in self.combatants if c.id == exchange["attacker"])
        strike = next((s for s in attacker.strikes if s.name == exchange["strike"]), None)
        return strike.poison.get("text") if strike is not None and strike.poison else None

    def _strike(self, a: int, t: int, s: int, ob: int, defence: int, counter: bool) -> dict[str, Any]:
        attacker, target = self.combatants[a], self.combatants[t]
        strike = attacker.strikes[s]
        table = int(self.F.table[a, s])
        limit = int(self.tables.attack.limits[table, int(self.F.size[a, s])])
        record: dict[str, Any] = {}
        if strike.area != "single":
            record["area"] = strike.area  # a breath (a cone, a line), told as one
        if int(self.F.hits_factor[a]) > 1:
            record["devastating"] = True  # « Force Dévastatrice »: the table's hits doubled
        return {**record, "kind": "attack", "table": self.tables.attack.ids[table], "armour_type": target.armour_type,
                "limit": limit,
                "size": strike.size, "ob": ob, "defence": defence, "critical": None, "additional_critical": None,
                "second_attack": None, "counter": counter, "attacker": attacker.id, "target": target.id,
                "strike": strike.name, "stun_check": None, "_fumble": strike.fumble, "_attacker": a, "_strike": s}




OB_PARTS = ("strike", "penalty", "round", "sun", "position", "range", "hampered")
"""The parts of a strike's OB as the kernel tells them (its L_OB row)."""


def _ob_parts(parts: Sequence[int], mods: Sequence[Sequence[Any]]) -> list[list[Any]]:
    """A strike's OB as its named parts, in order, those that are not 0 (the strike's own always): the round's
    modifiers itemised as the kernel told them (a parry kept, a charge, the GM's…), whatever they do not explain
    as ``other``."""
    named = dict(zip(OB_PARTS, parts, strict=True))
    out: list[list[Any]] = [["strike", named["strike"]]]
    if named["penalty"]:
        out.append(["penalty", named["penalty"]])
    told = 0
    for name, value in mods:
        out.append([name, int(value)])
        told += int(value)
    if named["round"] != told:
        out.append(["other", named["round"] - told])
    for name in OB_PARTS[3:]:
        if named[name]:
            out.append([name, named[name]])
    return out
