"""HARP events told the way a GM says them, in the user's language."""

from __future__ import annotations

from typing import Any

from estoc.i18n import _, ngettext, pick
from estoc.render.veil import NO_VEIL, health_words


def size_name(size: str) -> str:
    return {"tiny": _("tiny"), "small": _("small"), "medium": _("medium"), "large": _("large")}.get(size, size)


def signed(value: int) -> str:
    return f"+{value}" if value >= 0 else str(value)


def effects_text(effects: dict[str, Any]) -> str:
    """The effects of a critical or fumble as one phrase."""
    parts: list[str] = []
    if effects.get("hits"):
        parts.append(ngettext("{n} extra hit", "{n} extra hits", effects["hits"]).format(n=effects["hits"]))
    if effects.get("bleed"):
        parts.append(_("bleeding {n} HP a round").format(n=effects["bleed"]))
    if effects.get("stun"):
        parts.append(ngettext("stun {n} round", "stun {n} rounds", effects["stun"]).format(n=effects["stun"]))
    if effects.get("penalty"):
        parts.append(_("penalty {n}").format(n=effects["penalty"]))
    if effects.get("shaken"):
        parts.append(_("the Shaken state"))
    if effects.get("must_parry"):
        parts.append(ngettext("must parry {n} round", "must parry {n} rounds", effects["must_parry"]).format(
            n=effects["must_parry"]))
    if effects.get("no_parry"):
        parts.append(ngettext("cannot parry {n} round", "cannot parry {n} rounds", effects["no_parry"]).format(
            n=effects["no_parry"]))
    if effects.get("knockdown"):
        parts.append(_("thrown to the ground"))
    if effects.get("drop_weapon"):
        parts.append(_("drops their weapon"))
    if "death" in effects:
        death = effects["death"]
        parts.append(_("death on the spot") if death == 0 else ngettext(
            "loses consciousness and passes away in {n} round", "loses consciousness and passes away in {n} rounds",
            death).format(n=death))
    if effects.get("lost_rounds"):
        parts.append(ngettext("loses {n} round of action", "loses {n} rounds of action",
                              effects["lost_rounds"]).format(n=effects["lost_rounds"]))
    return ", ".join(parts) if parts else _("no further effect")


def ob_part_name(name: str) -> str:
    """The name of one part of an OB (the kernel's parts, :func:`estoc.systems.harp.told._ob_parts`)."""
    return {"strike": _("attack"), "penalty": _("penalties"), "parry": _("kept to parry"),
            "fight": _("fight modifier"), "next": _("modifier to this attack"), "gm": _("GM's modifier"),
            "position": _("position bonuses"), "charge": _("charge"), "moving": _("moving"), "sun": _("full sun"),
            "prone": _("target on the ground"), "range": _("range"), "hampered": _("attacked in contact"),
            "other": _("other modifiers")}.get(name, name)


def ob_text(event: dict[str, Any]) -> str:
    """An attack's OB, and when more than the attack's own makes it up, each part: « +65 (attack +45, position
    bonuses +40, penalties −20) »."""
    total = signed(int(event["ob"]))
    parts = event.get("ob_parts") or []
    if len(parts) <= 1:
        return total
    return total + " (" + ", ".join(f"{ob_part_name(str(name))} {signed(int(value))}" for name, value in parts) + ")"


def _critical_lines(crit: dict[str, Any], table_name: str, additional: bool = False) -> list[str]:
    head = (_("Additional critical {severity} ({table}), roll {roll}:") if additional
            else _("Critical {severity} ({table}), roll {roll}:"))
    if crit.get("table_severity"):
        table_name = _("{table}; {severity} on the table, lowered by the target's size").format(
            table=table_name, severity=crit["table_severity"])
    return [head.format(severity=crit["severity"], table=table_name, roll=crit["roll"]),
            "  " + pick(crit["text"]),
            "  " + _("Effects: {effects}.").format(effects=effects_text(crit["effects"]))]


def fumble_lines(fumble: dict[str, Any]) -> list[str]:
    """A fumble's roll, its text and its effects; a natural weapon is never dropped: its owner stumbles."""
    if fumble.get("stumbled") and not fumble.get("creature_text"):
        text = _("no weapon to drop: claws, fangs or breath, the creature stumbles and loses its poise.")
    else:
        text = pick(fumble["text"])
    effects = dict(fumble["effects"], lost_rounds=fumble["lost_rounds"])
    return [_("Fumble roll {roll}: {text}").format(roll=fumble["roll"], text=text),
            "  " + _("Effects: {effects}.").format(effects=effects_text(effects))]


def stun_line(check: dict[str, Any]) -> str:
    """A Body resistance roll against a stun, every number named."""
    verdict = _("resisted, the stun ends") if check["resisted"] else _("failed, the stun holds")
    return _("Body resistance roll against the stun: total {total}, difficulty {difficulty}: {verdict}.").format(
        total=check["total"], difficulty=check["difficulty"], verdict=verdict)


def narrate_attack(event: dict[str, Any], names: dict[str, str] | None = None,
                   hp_max: dict[str, int] | None = None, who: dict[str, str] | None = None,
                   veiled: frozenset[str] = NO_VEIL) -> list[str]:
    """Lines telling one attack: dice, totals, result, table cell, criticals, effects; with ``hp_max`` (id →
    hit points) and ``who`` (id → name), where the target stands after it: in words when the target is among
    ``veiled`` (the players' view: :mod:`estoc.render.veil`)."""
    names = names or {}
    who = who or {}

    def name(key: str) -> str:
        return names.get(key, key)

    lines: list[str] = []
    rolls = event["rolls"]
    if event["open_ended"]:
        lines.append(_("Attack roll, open-ended: {faces} = {total}.").format(
            faces=" + ".join(map(str, rolls)), total=event["roll_total"]))
    if event["fumble"]:
        fumble = event["fumble_result"]
        fumble_words = (_("Fumble! The roll {first} is within the attack's fumble range (1–{range}): the attack "
                          "stops.") if fumble.get("natural")
                        else _("Fumble! The roll {first} is within the weapon's fumble range (1–{range}): the attack "
                               "stops."))
        lines.append(fumble_words.format(first=rolls[0], range=event["fumble_range"]))
        lines.extend(fumble_lines(fumble))
        return lines
    lines.append(_("Attack: roll {roll}, OB {ob}: total {total}; defence {defence}: result {result}.").format(
        roll=event["roll_total"], ob=ob_text(event), total=event["attack_total"], defence=event["defence"],
        result=event["result"]))
    if not event["hit"]:
        lines.append(_("Missed."))
        return lines
    if event["row"] < event["result"]:
        lines.append(_("A {size} attack reads the table no higher than row {row}.").format(
            size=size_name(event["size"]), row=event["row"]))
    letter = event.get("table_severity") or (event["critical"]["severity"] if event["critical"] else "")
    cell = f"{event['hits']}{letter}"
    if cell == "0":
        lines.append(_("Hit, but the armour takes it all: table {table}, armour type {armour}, row {row}: no "
                       "damage.").format(table=name(event["table"]), armour=event["armour_type"], row=event["row"]))
        return lines
    meaning = ngettext("{n} hit", "{n} hits", event["hits"]).format(n=event["hits"])
    if event.get("devastating"):
        meaning += " " + _("(doubled: Devastating Strength)")
    if event["critical"]:
        meaning += ", " + _("critical {severity}").format(severity=event["critical"]["severity"])
    elif letter:
        meaning += ", " + _("no critical against a target of this size")
    lines.append(_("Hit! Table {table}, armour type {armour}, row {row}: {cell} ({meaning}).").format(
        table=name(event["table"]), armour=event["armour_type"], row=event["row"], cell=cell, meaning=meaning))
    if event["critical"]:
        lines.extend(_critical_lines(event["critical"], name(event["critical"]["table"])))
    if event["additional_critical"]:
        lines.extend(_critical_lines(event["additional_critical"], name(event["additional_critical"]["table"]),
                                     additional=True))
    second = event.get("second_attack")
    if second:
        lines.append(ngettext("The excess strikes again: row {row}, {n} hit.",
                              "The excess strikes again: row {row}, {n} hits.", second["hits"]).format(
            row=second["row"], n=second["hits"]))
        if second["critical"]:
            lines.extend(_critical_lines(second["critical"], name(second["critical"]["table"])))
    target = event.get("target")
    if hp_max and target in hp_max and "target_hp" in event and str(target) in veiled:
        lines.append(_("{target} is hit ({state}).").format(
            target=who.get(str(target), target), state=health_words(int(event["target_hp"]), hp_max[str(target)],
                                                                    False)))
    elif hp_max and target in hp_max and "target_hp" in event:
        lines.append(ngettext("Total: {n} hit; {target} at {hp} of {max} HP.",
                              "Total: {n} hits; {target} at {hp} of {max} HP.", event["total_hits"]).format(
            n=event["total_hits"], target=who.get(str(target), target), hp=event["target_hp"],
            max=hp_max[str(target)]))
    else:
        lines.append(ngettext("Total: {n} hit.", "Total: {n} hits.", event["total_hits"]).format(
            n=event["total_hits"]))
    stun = event.get("stun_check")
    if stun:
        lines.append(stun_line(stun))
    if event.get("venom_check"):
        lines.extend(venom_lines(event["venom_check"]))
    return lines


def venom_lines(check: dict[str, Any]) -> list[str]:
    """A Body resistance roll against a venom, and, when it failed, what the venom does (its own text)."""
    if check["resisted"]:
        verdict = _("resisted")
    elif check["left"]:
        verdict = ngettext("failed; another roll at the next turn ({n} roll left)",
                           "failed; another roll at the next turn ({n} rolls left)", check["left"]).format(
            n=check["left"])
    else:
        verdict = _("failed")
    lines = [_("Body resistance roll against the venom: total {total}, difficulty {difficulty}: {verdict}.").format(
        total=check["total"], difficulty=check["difficulty"], verdict=verdict)]
    if not check["resisted"] and check.get("text"):
        lines.append("  " + pick(check["text"]))
    if check.get("hits") or check.get("penalty"):
        costs = []
        if check.get("hits"):
            costs.append(ngettext("{n} hit", "{n} hits", int(check["hits"])).format(n=check["hits"]))
        if check.get("penalty"):
            costs.append(_("penalty {n}").format(n=check["penalty"]))
        line = _("The venom costs {costs}.").format(costs=_(" and ").join(costs))
        if "hp_after" in check:
            line += " " + _("Now at {hp} HP.").format(hp=check["hp_after"])
        lines.append("  " + line)
    return lines
