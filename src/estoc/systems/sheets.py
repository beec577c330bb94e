"""A combatant's sheet as the rules use it now, for each system: numbers, ids and names in both languages, never
words (:mod:`estoc.render.sheet` words them). Each reads its fight's kernel world, so what it shows is what the next
roll would use: the GM's overrides, penalties, broken or dropped gear included."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from estoc.systems.d100 import worlds as d100_worlds
from estoc.systems.harp import worlds as harp_worlds

if TYPE_CHECKING:
    from estoc.systems.d100.fight import D100Fight
    from estoc.systems.harp.fight import HarpFight
    from estoc.systems.tor.fight import TorFight


def harp_sheet(fight: HarpFight, c: int) -> dict[str, Any]:
    """HARP: hit points, each attack's OB with its parts (the sheet's, the penalties, the GM's modifiers), its
    table, size, fumble range and critical, the DB with its shield and cover, the conditions with their rounds."""
    array = harp_worlds.array
    person = fight.combatants[c]
    row = next(r for r in fight.view()["combatants"] if r["id"] == person.id)
    penalty, next_mod, fight_mod = fight.value("penalty", c), fight.value("next_mod", c), int(fight.F.fight_mod[0])
    strikes = []
    for s, strike in enumerate(person.strikes):
        parts = dict(strike.ob_breakdown.as_dict()["parts"]) if strike.ob_breakdown is not None else {}
        now = strike.ob + penalty + next_mod + fight_mod
        entry: dict[str, Any] = {"number": s + 1, "name": strike.name, "kind": strike.kind, "table": strike.table,
                                 "size": strike.size, "fumble": strike.fumble, "critical": strike.critical,
                                 "ob": strike.ob, "parts": parts, "ob_now": now, "missile": strike.missile}
        for key, kind in (("table", "attack-tables"), ("critical", "critical-tables")):
            found = fight.content.kind("harp", kind).get(str(entry[key]))  # its name, for the words of the sheet
            if found is not None:
                entry[f"{key}_name"] = found.record.name.as_dict()
        if strike.reach is not None:
            entry["range"] = list(strike.reach[:2])
        if strike.uses is not None:
            entry["uses"] = strike.uses
        strikes.append(entry)
    cover = [fight.value("cover_melee", c), fight.value("cover_missile", c)]
    return {"system": "harp", "layout": "strikes", "id": person.id, "name": person.name, "side": fight.sides[c],
            "hp": fight.value("hp", c), "hp_max": person.hp, "strikes": strikes,
            "modifiers": {"penalty": penalty, "next": next_mod, "fight": fight_mod},
            "db": {"total": person.db, "shield": person.shield_db, "shield_covers": person.shield_covers,
                   "offhand": person.offhand_db, "cover": cover, "dodge": row["dodge"], "parry": row["parry"]},
            "armour_type": person.armour_type, "armour_penalty": person.armour_penalty, "body_rr": person.body_rr,
            "movement": person.base_movement, "size": person.size, "initiative": row["initiative"],
            "conditions": {key: row[key] for key in ("stunned", "must_parry", "no_parry", "lost", "bleed", "shaken",
                                                     "prone", "disarmed", "down", "dead", "dying_in", "removed")},
            "distance": {fight.combatants[o].id: int(array(fight.F, "distance")[0, c, o])
                         for o in range(len(fight.combatants)) if o != c and array(fight.F, "distance")[0, c, o] >= 0}}


def d100_sheet(fight: D100Fight, c: int) -> dict[str, Any]:
    """d100: hit points and wounds (first aid given or not), DEX and its rank now, each weapon's skill as the armour
    leaves it, damage, reach, hit points when parrying (broken at 0) and shots loaded, the shield, armour, dodge."""
    array, kernel_of = d100_worlds.array, d100_worlds.kernel_of
    F, person = fight.F, fight.combatants[c]
    K = kernel_of(F)
    held = fight.value("wielded", c)
    weapons = []
    for s, use in enumerate(person.weapons):
        record = use.record
        parries = record.hp is not None
        whp = int(array(F, "whp")[0, c, s])
        weapons.append({"number": s + 1, "name": record.name.as_dict(), "skill": int(F.skill[c, s]),
                        "damage": str(use.damage), "reach": record.reach, "hands": record.hands,
                        "hp": whp if parries else None, "hp_max": record.hp, "broken": parries and whp <= 0,
                        "in_hand": s == held, "range": record.range, "loaded": int(array(F, "loaded")[0, c, s])
                        if record.reach == "missile" else None,
                        "reload_until": int(array(F, "reload_until")[0, c, s]) if record.reload_rounds else None})
    shield = None
    if person.shield is not None:
        s = len(person.weapons)
        hp_now = fight.value("shield_hp", c)
        shield = {"name": person.shield.record.name.as_dict(), "skill": int(F.skill[c, s]), "hp": hp_now,
                  "hp_max": int(F.shield_hp0[c]), "broken": hp_now <= 0, "in_hand": s == held}
    wounds = array(F, "wounds")[0, c, :fight.value("wound_count", c)]
    treated = array(F, "treated")[0, c, :fight.value("wound_count", c)]
    return {"system": "d100", "layout": "percentile", "id": person.id, "name": person.name, "side": fight.sides[c],
            "hp": fight.value("hp", c), "hp_max": person.hp, "state": fight.fate(c),
            "wounds": [[int(w), bool(t)] for w, t in zip(wounds, treated, strict=True)],
            "dex": person.dex, "dex_rank": int(K.py_dex_rank(F, 0, c)) if fight.round else None,
            "armour": int(F.armour[c]), "dodge": int(F.dodge[c]), "first_aid": int(F.aid_skill[c]),
            "damage_bonus": str(person.damage_bonus), "weapons": weapons, "shield": shield,
            "kneeling": bool(fight.value("kneeling", c)), "moved": fight.value("moved", c),
            "unconscious_hours": fight.value("hours", c) if fight.value("unconscious", c) else 0,
            "distance": {fight.combatants[o].id: int(K.py_distance(F, 0, c, o)) for o in range(len(fight.combatants))
                         if fight.sides[o] != fight.sides[c] and int(K.py_distance(F, 0, c, o)) >= 0}}


def tor_sheet(fight: TorFight, c: int) -> dict[str, Any]:
    """The One Ring: endurance, Hope, wounds and dying, stance, load and weariness, parry and protection as the
    gear on the ground leaves them, each weapon's rating, damage and injury, complications, who it is engaged with."""
    person = fight.combatants[c]
    now = fight.gear(c)
    dropped = fight.dropped.get(c, set())
    weapons = [{"number": s + 1, "name": use.record.name.as_dict(), "rating": use.rating, "damage": use.damage,
                "injury": use.injury, "ranged": use.record.ranged, "two_handed": use.record.two_handed,
                "load": use.record.load, "dropped": f"weapon:{s + 1}" in dropped}
               for s, use in enumerate(person.weapons)]
    gear = []
    if person.helm is not None:
        gear.append({"item": "helm", "name": person.helm_name, "protection": person.helm_protection,
                     "load": person.helm_load, "dropped": "helm" in dropped})
    if person.shield_id is not None:
        gear.append({"item": "shield", "name": person.shield_name, "parry": person.shield_parry,
                     "load": person.shield_load, "dropped": "shield" in dropped})
    sheet: dict[str, Any] = {
        "system": "tor", "layout": "endurance", "id": person.id, "name": person.name, "side": fight.sides[c],
        "hero": fight.hero(c),
        "endurance": fight.value("endurance", c), "endurance_max": person.endurance,
        "wounds": fight.value("wounds", c), "might": person.might, "dying": fight.dying(c),
        "standing": fight.standing(c), "corps": person.corps, "parry": now.parry, "protection": now.protection,
        "weapons": weapons, "gear": gear, "complication": fight.value("complication", c),
        "weary": fight.weary(c), "intimidated": bool(fight.value("weary", c)),
        "opponents": [fight.combatants[o].id for o in fight.opponents(c)],
        "opponent_names": [dict(fight.combatants[o].name) for o in fight.opponents(c)]}
    if fight.hero(c):
        sheet.update({"hope": fight.value("hope", c), "hope_max": person.hope, "stance": fight.stance(c),
                      "load": fight.load_of(c), "load_on": fight.load, "corps_tn": person.corps_tn,
                      "valour": person.valour, "regain": bool(fight.value("regain", c)),
                      "skills": dict(sorted(person.skills.items()))})
    return sheet
