"""A d100 fight told as the GM tells it: rounds, ranks, actions; the state at a glance; the summary."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from estoc.i18n import _, decimal, ngettext, pick
from estoc.render.d100 import narrate_exchange, rolled_lines
from estoc.render.veil import NO_VEIL, health_words


def narrate_record(record: Mapping[str, Any], names: Mapping[str, str], veiled: frozenset[str] = NO_VEIL,
                   hp_max: Mapping[str, int] | None = None) -> list[str]:
    """One narration record as lines.

    ``veiled``: the ids of the combatants whose hit points the players do not see: what a blow takes from them and
    where they stand are told in words (``hp_max``: id → full hit points, to say how hurt; :mod:`estoc.render.veil`).
    """
    kind = record.get("kind")

    def who(key: str) -> str:
        value = str(record.get(key) or "")
        return names.get(value, value)

    if kind == "round":
        lines = ["", _("— Round {n} — movement phase").format(n=record["round"])]
        if record.get("intent_order"):
            lines.append(_("Statements of intent, highest DEX first: {who}").format(
                who=", ".join(names.get(i, i) for i in record["intent_order"])))
        return lines
    if kind == "intent":
        return ["  " + _("{who} intends: {text}").format(who=who("actor"), text=record["text"])]
    if kind == "reach":
        if record["reach"] == "missile":
            text = _("{who} will act with {weapon}, as a missile weapon.")
        else:
            text = _("{who} will act with {weapon}, at {reach} reach.")
        weapon = pick(record["weapon_name"]) if record.get("weapon_name") else record.get("weapon", "")
        return ["  " + text.format(who=who("actor"), weapon=weapon, reach={
            "long": _("long"), "medium": _("medium"), "short": _("short")}.get(record["reach"], record["reach"]))]
    if kind == "ready":
        return ["  " + _("{who} takes {weapon} in hand.").format(who=who("actor"), weapon=pick(record["weapon_name"]))]
    if kind == "order":
        ranks = ", ".join(f"{names.get(i, i)} ({rank})" for i, rank, _group in record["order"])
        lines = [_("Actions by DEX rank: {ranks}").format(ranks=ranks or "—")]
        groups = [g for _i, _r, g in record["order"]]
        for group in sorted({g for g in groups if groups.count(g) > 1}):
            together = [names.get(i, i) for i, _r, g in record["order"] if g == group]
            lines.append("  " + _("Simultaneous: {who}").format(who=", ".join(together)))
        if record.get("defending_only"):
            lines.append("  " + _("Only defending this round (moved 30 m, the most a round allows): {who}").format(
                who=", ".join(names.get(i, i) for i in record["defending_only"])))
        return lines
    if kind == "move":
        return ["  " + _("{who} moves {m} m: DEX rank {rank}.").format(who=who("actor"), m=decimal(record["metres"]),
                                                                        rank=record["rank"])]
    if kind == "kneel":
        text = _("{who} kneels behind the shield.") if record["kneeling"] else _("{who} stands up.")
        return ["  " + text.format(who=who("actor"))]
    if kind == "skip":
        return ["  " + _("{who} cannot act.").format(who=who("actor"))]
    if kind == "pass":
        return ["  " + _("{who} waits.").format(who=who("actor"))]
    if kind == "attack":
        hidden = str(record.get("target")) in veiled
        lines = ["  " + line for line in narrate_exchange(record, who("actor"), who("target"), hidden,
                                                           (hp_max or {}).get(str(record.get("target"))))]
        if record.get("dying") and hidden:
            lines.append("    " + _("{target} is dying: dead at the end of the round unless first aid brings them "
                                    "back to 1.").format(target=who("target")))
        elif record.get("dying"):
            lines.append("    " + ngettext("{target} is at {hp} hit point: dead at the end of the round unless first "
                                           "aid brings them back to 1.",
                                           "{target} is at {hp} hit points: dead at the end of the round unless first "
                                           "aid brings them back to 1.", abs(int(record["hp"]))).format(
                target=who("target"), hp=record["hp"]))
        elif record.get("unconscious"):
            lines.append("    " + ngettext("{target} falls unconscious for {n} hour.",
                                           "{target} falls unconscious for {n} hours.", record["hours"]).format(
                target=who("target"), n=record["hours"]))
        return lines
    if kind == "first-aid":
        if not record["success"]:
            return ["  " + _("{who} gives first aid to {target} (roll {roll} against {skill} %): it fails, but "
                             "the wound is dressed.").format(who=who("actor"), target=who("target"),
                                                         roll=record["roll"], skill=record["skill"])]
        healed = int(record["healed"])
        target = str(record.get("target"))
        if target in veiled:  # the players learn that it worked and how the patient stands, not its hit points
            hp = int(record["hp"])
            lines = ["  " + _("{who} gives first aid to {target} (roll {roll} against {skill} %): it works, {target} "
                              "is {state}.").format(who=who("actor"), target=who("target"), roll=record["roll"],
                                                    skill=record["skill"],
                                                    state=health_words(hp, (hp_max or {}).get(target, hp + 1), False))]
        else:
            lines = ["  " + ngettext("{who} gives first aid to {target} (roll {roll} against {skill} %): {n} hit "
                                     "point back, now {hp}.",
                                     "{who} gives first aid to {target} (roll {roll} against {skill} %): {n} hit "
                                     "points back, now {hp}.", healed).format(
                who=who("actor"), target=who("target"), roll=record["roll"], skill=record["skill"], n=healed,
                hp=record["hp"])]
        lines += ["    " + line for line in rolled_lines(record)]
        if record.get("saved"):
            lines.append("    " + _("{target} will live.").format(target=who("target")))
        return lines
    if kind == "reload":
        ready = _("{who} reloads: the weapon is ready in round {n}.")
        return ["  " + ready.format(who=who("actor"), n=record["ready"])]
    if kind == "end-round":
        lines = [_("End of round {n}.").format(n=record["round"])]
        lines += ["  " + _("{who} dies.").format(who=names.get(i, i)) for i in record["died"]]
        return lines
    if kind == "over":
        winner = pick(record["winner_name"]) if record.get("winner_name") else record.get("winner")
        return [_("The fight is over. Victory: {side}.").format(side=winner) if winner else
                _("The fight is over: no one is left standing.")]
    if kind == "gm" and record["op"] == "reinforce":
        return ["  " + _("GM: reinforcements join the fight (from the next round): {who}.").format(
            who=", ".join(names.get(i, i) for i in record["ids"]))]
    if kind == "gm" and record["op"] == "distance":
        a, b = record["ids"]
        return ["  " + _("GM: {a} stands {n} m from {b}.").format(a=names.get(a, a), b=names.get(b, b),
                                                                  n=record["value"])]
    if kind == "gm":
        return ["  " + gm_line(record, who("target"), record.get("target") in veiled)]
    return []


def gm_line(record: Mapping[str, Any], who: str, veiled: bool = False) -> str:
    """A GM override told in words (its hit points after it kept from the players when ``veiled``)."""
    n = int(record.get("value") or 0)
    said = {"hp": _("GM: {who}'s hit points set to {n}."),
            "damage": ngettext("GM: {who} takes a wound of {n} hit point.",
                               "GM: {who} takes a wound of {n} hit points.", n),
            "heal": ngettext("GM: {who} gets back {n} hit point.", "GM: {who} gets back {n} hit points.", n),
            "wake": _("GM: {who} wakes up."),
            "rest": ngettext("GM: {who} rests {n} week.", "GM: {who} rests {n} weeks.", n),
            "out": _("GM: {who} is taken out of the fight."),
            "back": _("GM: {who} is back in the fight."),
            "add": _("GM: {who} joins the fight (from the next round).")}
    line = said.get(str(record["op"]), _("GM: {who}.")).format(who=who, n=record.get("value"))
    if veiled:
        return line
    return line + " " + ngettext("(now {n} hit point)", "(now {n} hit points)", int(record["hp"])).format(
        n=record["hp"])


def summary_lines(summary: Mapping[str, Any]) -> list[str]:
    rounds = int(summary["rounds"])
    lines = [ngettext("After {n} round:", "After {n} rounds:", rounds).format(n=rounds)]
    for row in summary["combatants"]:
        hits, specials, downed = int(row["hits"]), int(row["specials"]), int(row["downed"])
        dealt = ngettext("dealt {n} hit point", "dealt {n} hit points", int(row["damage_dealt"])).format(
            n=row["damage_dealt"])
        blows = ngettext("{n} blow", "{n} blows", hits).format(n=hits)
        special = ngettext("{n} special success", "{n} special successes", specials).format(n=specials)
        parts = [_("{dealt} in {blows} ({special})").format(dealt=dealt, blows=blows, special=special),
                 ngettext("took {n} hit point", "took {n} hit points", int(row["damage_taken"])).format(
                     n=row["damage_taken"]),
                 ngettext("felled {n} foe", "felled {n} foes", downed).format(n=downed)]
        lines.append("  " + _("{name}: {parts}").format(name=pick(row["name"]), parts=_("; ").join(parts)))
    return lines
