"""A creature's stat block as a GM reads it, with the breakdown of every derived number."""

from __future__ import annotations

from typing import Any

from estoc.i18n import _, ngettext, pick


def size_name(size: str) -> str:
    return {"tiny": _("Very small"), "small": _("Small"), "medium": _("Medium"), "large": _("Large"),
            "huge": _("Huge")}.get(size, size)


def attack_size_name(size: str) -> str:
    return {"tiny": _("very small"), "small": _("small"), "medium": _("medium"), "large": _("large")}.get(size, size)


def part_name(key: str) -> str:
    return {
        "ranks": _("ranks"), "strength": _("Strength"), "agility": _("Agility"), "constitution": _("Constitution"),
        "self_discipline": _("Self-discipline"), "intuition": _("Intuition"), "quickness": _("Quickness × 2"),
        "warrior": _("warrior bonuses"), "talents": _("talents"), "weapon_mod": _("weapon"),
        "weapon_bonus": _("weapon bonus"), "armour": _("armour"), "armour_bonus": _("armour bonus"),
        "survival_instinct": _("Survival Instinct"), "innate_dodge": _("innate dodge"), "shield": _("shield"),
        "shield_bonus": _("shield bonus"), "endurance_ranks": _("Endurance ranks"), "size": _("size"),
        "racial": _("racial"), "level": _("level"),
    }.get(key, key)


def attitude_name(key: str) -> str:
    return {"agressif": _("Aggressive"), "distant": _("Aloof"), "belliqueux": _("Belligerent"),
            "berserk": _("Berserk"), "cruel": _("Cruel"), "dominant": _("Domineering"), "cupide": _("Greedy"),
            "hostile": _("Hostile"), "affame": _("Hungry"), "protecteur": _("Protective")}.get(key, key)


def treasure_name(key: str) -> str:
    return {"aucun": _("none"), "pauvre": _("poor"), "normal": _("normal"), "riche": _("rich"),
            "fabuleux": _("fabulous")}.get(key, key)


def ability_name(key: str) -> str:
    return {
        "force-devastatrice": _("Devastating Strength (table hits doubled)"),
        "immunite-etourdissement": _("Immune to stun"),
        "immunite-saignement": _("Immune to bleeding"),
        "instinct-de-survie": _("Survival Instinct"),
        "regeneration": _("Regeneration (2 HP a minute, not from magic or fire)"),
        "sensibilite-soleil": _("Sunlight sensitivity (−20 to manoeuvres in full sun)"),
        "vol": _("Flight (twice its base movement)"),
        "aquatique": _("Aquatic (+2 m in water per 5 ranks of Swimming)"),
        "infravision": _("Infravision (15 m in darkness)"),
        "detection-creatures": _("Sense creatures (15 m)"),
        "capacites-portage": _("Beast of burden (three times the load)"),
        "vision-nocturne": _("Night vision"),
        "odorat-aiguise": _("Keen smell"),
    }.get(key, key)


def breakdown(parts: dict[str, int]) -> str:
    return ", ".join(f"{part_name(k)} {v:+d}" for k, v in parts.items())


def stat_block_lines(block: dict[str, Any], table_names: dict[str, str]) -> list[str]:
    """Lines of a stat block (from :meth:`StatBlock.as_dict`)."""
    lines = [_("{name} — level {level}, {size}").format(name=pick(block["name"]), level=block["level"],
                                                       size=size_name(block["size"]))]
    if block["warrior_levels"]:
        lines.append("  " + ngettext("(level {base} + {extra} warrior level)",
                                     "(level {base} + {extra} warrior levels)",
                                     block["warrior_levels"]).format(base=block["base_level"],
                                                                     extra=block["warrior_levels"]))
    if block.get("description"):
        lines.append("  " + pick(block["description"]))
    moves = [_("{n} m a round").format(n=block["movement"]["walk"])]
    if "flight" in block["movement"]:
        moves.append(_("flying {n} m").format(n=block["movement"]["flight"]))
    if "swim" in block["movement"]:
        moves.append(_("swimming {n} m").format(n=block["movement"]["swim"]))
    lines.append(_("Movement: {moves}").format(moves=", ".join(moves)))
    lines.append(_("Initiative: {n:+d}").format(n=block["initiative"]))
    armour = block["armour"]
    lines.append(_("Armour: {name} (Type {type})").format(name=pick(armour["name"]), type=armour["type"])
                 + (" — " + _("manoeuvre penalty {n}").format(n=armour["manoeuvre_penalty"])
                    if armour["manoeuvre_penalty"] else ""))
    lines.append(_("DB: {n:+d} ({parts})").format(n=block["db"], parts=breakdown(block["db_breakdown"])))
    lines.append(_("Hit points: {n} ({parts})").format(n=block["hit_points"],
                                                       parts=breakdown(block["hit_points_breakdown"])))
    lines.append(_("Attacks (the first is its signature):"))
    for attack in block["attacks"]:
        extra = []
        if attack["additional_critical"]:
            extra.append(_("additional critical {table}").format(
                table=table_names.get(attack["additional_critical"]["table"], attack["additional_critical"]["table"])))
        if attack["area"] != "single":
            extra.append({"cone": _("cone"), "line": _("line")}[attack["area"]])
        if attack["uses"]:
            extra.append(ngettext("{n} use", "{n} uses", attack["uses"]).format(n=attack["uses"]))
        if attack["poison"]:
            extra.append(_("venom: resistance roll ({kind}, level {level})").format(
                kind=_("simple") if attack["poison"]["rr"] == "simple" else _("cascading"),
                level=attack["poison"]["level"]))
        lines.append("  " + _("{name}: OB {ob:+d} on {table}, {size} attack, fumble 01–{fumble:02d}{extra}").format(
            name=pick(attack["name"]), ob=attack["ob"], table=table_names.get(attack["table"], attack["table"]),
            size=attack_size_name(attack["size"]), fumble=attack["fumble"],
            extra=("; " + "; ".join(extra)) if extra else ""))
        lines.append("    " + breakdown(attack["ob_breakdown"]))
    rr = block["resistances"]
    lines.append(_("Resistance rolls: Body {body:+d}, Mind {mind:+d}, Magic {magic:+d}").format(**rr))
    treasure = block["treasure"]
    lines.append(_("Number met: {n} · Attitude: {attitude}").format(n=block["number_encountered"],
                                                                   attitude=attitude_name(block["attitude"])))
    lines.append(_("Treasure: coins {coins}, items {items}, magic {magic} ({where})").format(
        coins=treasure_name(treasure["coins"]), items=treasure_name(treasure["items"]),
        magic=treasure_name(treasure["magic"]),
        where=_("on the creature") if treasure["where"] == "creature" else _("in its lair")))
    abilities = [ability_name(a) for a in block["abilities"]]
    abilities += [pick(a["name"]) + " — " + pick(a["text"]) for a in block["special_abilities"]]
    if abilities:
        lines.append(_("Abilities:"))
        lines.extend("  " + a for a in abilities)
    if block["undead_class"]:
        lines.append(_("Undead class {n}").format(n=["I", "II", "III", "IV", "V"][block["undead_class"] - 1]))
    if block["powers"]:
        lines.append(ngettext("Innate powers ({pp} power point):", "Innate powers ({pp} power points):",
                              block["power_points"]).format(pp=block["power_points"]))
        for power in block["powers"]:
            lines.append("  " + ngettext("{name}: {ranks} rank, casting {bonus:+d}{signature}",
                                         "{name}: {ranks} ranks, casting {bonus:+d}{signature}",
                                         power["ranks"]).format(
                name=pick(power["name"]), ranks=power["ranks"], bonus=power["casting_bonus"],
                signature=" (" + _("signature") + ")" if power["signature"] else ""))
    if block["critical_reduction"]:
        lines.append(ngettext("Takes its criticals {n} severity level lower (its size).",
                              "Takes its criticals {n} severity levels lower (its size).",
                              block["critical_reduction"]).format(n=block["critical_reduction"]))
    if block["beast"]:
        lines.append(_("A beast: it does not parry (it may dodge)."))
    return lines
