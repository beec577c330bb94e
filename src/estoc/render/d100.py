"""A d100 exchange told in the user's language, from its record (the kernel's log as
:class:`estoc.systems.d100.told.Teller` tells it)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from estoc.i18n import _


def quality_word(name: str) -> str:
    return {"special": _("special success"), "success": _("success"), "failure": _("failure"),
            "fumble": _("fumble"), "none": _("none")}[name]


def defence_word(kind: str, item: str) -> str:
    if kind == "dodge":
        return _("Dodge")
    if item == "shield":
        return _("Parry with the shield")
    return _("Parry with a weapon")


def narrate_exchange(record: Mapping[str, Any], attacker: str, defender: str) -> list[str]:
    """The lines a GM reads for one exchange."""
    lines = [_("{attacker} attacks {defender}: {roll} against {skill} % — {quality}.").format(
        attacker=attacker, defender=defender, roll=record["attack_roll"], skill=record["skill"],
        quality=quality_word(record["attack_quality"]))]
    if record["defence_roll"]:
        lines.append(_("{defence}: {roll} against {skill} % — {quality}.").format(
            defence=defence_word(record["defence"], record["defence_item"]), roll=record["defence_roll"],
            skill=record["defence_skill"], quality=quality_word(record["defence_quality"])))
    result = record["result"]
    if result == "miss":
        lines.append(_("The attack misses."))
        return lines
    if result == "stopped" and record["defence"] == "dodge":
        lines.append(_("{defender} dodges the blow.").format(defender=defender))
        return lines
    if result == "stopped":
        lines.append(_("{defender} parries.").format(defender=defender))
    elif result == "special":
        lines.append(_("A special success: the weapon's maximum is added to its damage."))
    else:
        lines.append(_("The blow lands."))
    lines.append(_("Damage {dice}: {roll}, damage bonus {bonus}, {total} in all.").format(
        dice=record["damage_dice"], roll=record["weapon_roll"], bonus=record["bonus"], total=record["damage"]))
    stops = []
    if record["stopped_by_item"]:
        stops.append(_("the parry stops {n}").format(n=record["stopped_by_item"]))
    if record["stopped_by_armour"]:
        stops.append(_("the armour stops {n}").format(n=record["stopped_by_armour"]))
    if stops:
        lines.append(", ".join(stops).capitalize() + ".")
    lines.append(_("{defender} loses {n} hit points.").format(defender=defender, n=record["body"]))
    if record["item_worn"]:
        lines.append(_("The blow was too strong for the parry: the parrying item loses a hit point."))
    return lines
