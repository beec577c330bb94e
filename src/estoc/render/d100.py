"""A d100 exchange told in the user's language, from its record (the kernel's log as
:class:`estoc.systems.d100.told.Teller` tells it)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from estoc.i18n import _, ngettext, pick
from estoc.render.veil import health_words


def quality_word(name: str) -> str:
    return {"special": _("special success"), "success": _("success"), "failure": _("failure"),
            "fumble": _("fumble"), "none": _("none")}[name]


def defence_word(kind: str, item: str) -> str:
    if kind == "dodge":
        return _("Dodge")
    if item == "shield":
        return _("Parry with the shield")
    return _("Parry with a weapon")


def _sum(parts: list[int], total: int) -> str:
    """Dice and a constant added up: « 4 + 3 + 2 = 9 », « 4 − 1 = 3 », or the one number there is."""
    if len(parts) < 2:
        return str(total)
    text = str(parts[0])
    for part in parts[1:]:
        text += f" − {-part}" if part < 0 else f" + {part}"
    return f"{text} = {total}"


def _purpose(purpose: str, n: int) -> str:
    """What a die was rolled for, as the narration names it (``n``: how many faces follow)."""
    return {"attack": _("attack roll"), "defence": _("defence roll"),
            "damage": ngettext("damage die", "damage dice", n),
            "damage-bonus": ngettext("damage bonus die", "damage bonus dice", n), "unconscious": _("hours unconscious"),
            "first-aid": _("first aid roll"), "first-aid-heal": _("hit points healed"),
            "healing": _("healing")}.get(purpose, purpose)


def rolled_lines(record: Mapping[str, Any]) -> list[str]:
    """Where the GM typed some faces of a command: the ones estoc rolled for this record."""
    parts = [f"{_purpose(r['purpose'], len(r['faces']))} {', '.join(str(f) for f in r['faces'])}"
             for r in record.get("rolled") or []]
    return [_("Rolled by estoc (not typed): {dice}.").format(dice=_("; ").join(parts))] if parts else []


def damage_lines(record: Mapping[str, Any], defender: str, veiled: bool = False, hp_max: int | None = None
                 ) -> list[str]:
    """The damage of a blow part by part, what the parry and the armour stop, what gets through.

    ``veiled``: the defender's hit points are not the players' to see (:mod:`estoc.render.veil`): what gets through
    its armour is left out, what it loses is told in words (``hp_max``: its full hit points, to say how hurt).
    """
    roll, bonus, total = int(record["weapon_roll"]), int(record["bonus"]), int(record["damage"])
    parts = [_("weapon {dice}: {sum}").format(dice=record["damage_dice"],
                                                sum=_sum(list(record.get("damage_parts") or []), roll))]
    bonus_dice = str(record.get("bonus_dice", ""))
    share = record.get("bonus_share", "full")
    if "bonus_dice" not in record:
        parts.append(_("damage bonus {n}").format(n=bonus))
    elif bonus_dice != "0" and share == "none":
        parts.append(_("no damage bonus with this weapon"))
    elif bonus_dice != "0":
        bonus_parts = list(record.get("bonus_parts") or [])
        if share == "half":
            raw = sum(bonus_parts) if bonus_parts else None
            parts.append(_("half the damage bonus {dice}: {sum}, halved and rounded up: {n}").format(
                dice=bonus_dice, sum=_sum(bonus_parts, raw) if raw is not None else "?", n=bonus))
        else:
            parts.append(_("damage bonus {dice}: {sum}").format(dice=bonus_dice, sum=_sum(bonus_parts, bonus)))
    if record["result"] == "special":
        parts.append(_("special success: the weapon's maximum, {n}").format(
            n=record.get("damage_max", total - roll - bonus)))
    lines = [_("Damage: {parts}; {total} in all.").format(parts=_("; ").join(parts), total=total)]
    stops = []
    if record["stopped_by_item"]:
        stops.append(_("the parry stops {n}").format(n=record["stopped_by_item"]))
    if record["stopped_by_armour"]:
        stops.append(_("the armour absorbs {n}").format(n=record["stopped_by_armour"]))
    body = int(record["body"])
    if stops and not veiled:
        through = (ngettext("{n} point gets through", "{n} points get through", body).format(n=body) if body
                   else _("nothing gets through"))
        lines.append(_("Of the {total}: {stops}; {through}.").format(total=total, stops=", ".join(stops),
                                                                     through=through))
    if body and veiled and "hp" in record:
        hp = int(record["hp"])
        lines.append(_("{defender} is hurt ({state}).").format(
            defender=defender, state=health_words(hp, hp_max if hp_max is not None else hp + 1, False)))
    elif body and veiled:
        lines.append(_("{defender} is hurt.").format(defender=defender))
    elif body and "hp" in record:
        lines.append(ngettext("{defender} loses {n} hit point, down to {hp}.",
                              "{defender} loses {n} hit points, down to {hp}.", body).format(
            defender=defender, n=body, hp=record["hp"]))
    elif body:
        lines.append(ngettext("{defender} loses {n} hit point.", "{defender} loses {n} hit points.", body).format(
            defender=defender, n=body))
    else:
        lines.append(_("{defender} loses no hit points.").format(defender=defender))
    return lines


def narrate_exchange(record: Mapping[str, Any], attacker: str, defender: str, veiled: bool = False,
                     hp_max: int | None = None) -> list[str]:
    """The lines a GM reads for one exchange; ``veiled``, ``hp_max``: as :func:`damage_lines`."""
    weapon = pick(dict(record["weapon_name"])) if record.get("weapon_name") else record.get("weapon", "")
    lines = [_("{attacker} attacks {defender} ({weapon}): roll {roll} against {skill} % — {quality}.").format(
        attacker=attacker, defender=defender, weapon=weapon, roll=record["attack_roll"], skill=record["skill"],
        quality=quality_word(record["attack_quality"]))]
    if record["defence_roll"]:
        lines.append(_("{defence}: roll {roll} against {skill} % — {quality}.").format(
            defence=defence_word(record["defence"], record["defence_item"]), roll=record["defence_roll"],
            skill=record["defence_skill"], quality=quality_word(record["defence_quality"])))
    result = record["result"]
    if result == "miss":
        lines.append(_("The attack misses."))
        return lines + rolled_lines(record)
    if result == "stopped" and record["defence"] == "dodge":
        lines.append(_("{defender} dodges the blow.").format(defender=defender))
        return lines + rolled_lines(record)
    if result == "stopped":
        lines.append(_("{defender} parries.").format(defender=defender))
    elif result == "special":
        lines.append(_("A special success: the weapon's maximum is added to its damage."))
    else:
        lines.append(_("The blow lands."))
    lines += damage_lines(record, defender, veiled, hp_max)
    if record.get("broken"):  # told once, as a break (the kernel's wear: beyond its hit points, or its last one)
        lines.append(_("The blow was too strong for the parry: the parrying item breaks."))
    elif record["item_worn"]:
        lines.append(_("The blow was too strong for the parry: the parrying item loses a hit point."))
    return lines + rolled_lines(record)
