"""World 0 of a kernel's result as plain data (an event): what the tracker stores, what renderers narrate and
what ``--json`` prints. Texts are kept in both languages; renderers pick one."""

from __future__ import annotations

from typing import Any

from estoc.systems.harp.attack import AttackOutcome, CriticalRoll
from estoc.systems.harp.conditions import StunCheck
from estoc.systems.harp.tables import EFFECT_FIELDS, NO_DEATH, SEVERITY_LETTERS, EffectArrays, HarpTables


def effects_dict(effects: EffectArrays, i: int = 0) -> dict[str, Any]:
    """The effects at index ``i``, only those that do something."""
    out: dict[str, Any] = {}
    for name in EFFECT_FIELDS:
        value = int(getattr(effects, name)[i])
        if name == "death":
            if value != NO_DEATH:
                out["death"] = value
        elif name in ("shaken", "knockdown", "drop_weapon"):
            if value:
                out[name] = True
        elif value:
            out[name] = value
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
        "effects": effects_dict(effects, 0) if (effects := crit.effects_of(i)) is not None else {},
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
        "rolls": outcome.roll.chain(i),
        "roll_total": int(outcome.roll_total[i]),
        "open_ended": len(outcome.roll.chain(i)) > 1,
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
