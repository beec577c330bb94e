"""World 0 of a kernel's result as plain data (an event): what the tracker stores, what renderers narrate and
what ``--json`` prints. Texts are kept in both languages; renderers pick one."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from estoc.systems.harp.attack import AttackOutcome, CriticalRoll
from estoc.systems.harp.conditions import StunCheck
from estoc.systems.harp.tables import NO_DEATH, SEVERITY_LETTERS, EffectArrays, HarpTables


def effects_dict(effects: EffectArrays, i: int = 0) -> dict[str, Any]:
    """The effects at index ``i``, only those that do something."""
    out: dict[str, Any] = {}
    for f in fields(effects):
        value = getattr(effects, f.name)[i]
        if f.name == "death":
            if int(value) != NO_DEATH:
                out["death"] = int(value)
        elif f.name in ("shaken", "knockdown", "drop_weapon"):
            if bool(value):
                out[f.name] = True
        elif int(value):
            out[f.name] = int(value)
    return out


def critical_dict(tables: HarpTables, crit: CriticalRoll, i: int = 0) -> dict[str, Any] | None:
    """A critical rolled in world ``i``, or ``None``."""
    severity = int(crit.severity[i])
    if severity == 0:
        return None
    table = int(crit.table[i])
    entry = tables.critical.entries[int(crit.entry[i])]
    return {
        "severity": SEVERITY_LETTERS[severity],
        "table": tables.critical.ids[table],
        "roll": int(crit.roll[i]),
        "text": entry.text.as_dict(),
        "effects": effects_dict(crit.effects, i),
    }


def stun_dict(check: StunCheck, i: int = 0) -> dict[str, Any] | None:
    if not bool(check.tried[i]):
        return None
    return {"roll": int(check.roll[i]), "total": int(check.total[i]), "difficulty": int(check.difficulty[i]),
            "resisted": bool(check.resisted[i])}


def attack_dict(tables: HarpTables, outcome: AttackOutcome, *, ob: int, defence: int, table: int,
                armour_type: int, size: str, fumble_range: int, limit: int, i: int = 0) -> dict[str, Any]:
    """One attack of world ``i`` as an event."""
    fumbled = bool(outcome.fumble[i])
    fumble: dict[str, Any] | None = None
    if fumbled:
        roll = int(outcome.fumble_roll[i])
        entry = tables.fumble.entries[int(tables.fumble.entry[roll])]
        fumble = {"roll": roll, "text": entry.text.as_dict(), "effects": effects_dict(tables.fumble.effects, roll),
                  "lost_rounds": int(tables.fumble.lost_rounds[roll])}
    second = None
    if int(outcome.second_row[i]):
        second = {"row": int(outcome.second_row[i]), "hits": int(outcome.second_hits[i]),
                  "critical": critical_dict(tables, outcome.second_critical, i)}
    critical = critical_dict(tables, outcome.critical, i)
    return {
        "table": tables.attack.ids[table],
        "armour_type": armour_type,
        "size": size,
        "ob": ob,
        "defence": defence,
        "fumble_range": fumble_range,
        "rolls": [int(f) for f in outcome.faces[i] if f > 0],
        "roll_total": int(outcome.roll_total[i]),
        "open_ended": len([f for f in outcome.faces[i] if f > 0]) > 1,
        "fumble": fumbled,
        "fumble_result": fumble,
        "attack_total": int(outcome.attack_total[i]),
        "result": int(outcome.result[i]),
        "hit": bool(outcome.hit[i]),
        "limit": limit,
        "row": int(outcome.row[i]),
        "hits": int(outcome.hits[i]),
        "critical": critical,
        "additional_critical": critical_dict(tables, outcome.extra, i),
        "second_attack": second,
        "total_hits": int(outcome.total_hits()[i]),
    }
