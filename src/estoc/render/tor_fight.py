"""A fight of the One Ring house rules told as the GM tells it; the state at a glance; the summary."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from estoc.i18n import _, ngettext, pick


def _stance(name: str | None) -> str:
    return {"forward": _("forward"), "open": _("open"), "defensive": _("defensive"), "rearward": _("rearward")}.get(
        name or "", name or "—")


def _feat(face: int) -> str:
    return _("the Gandalf rune") if face == 12 else _("the Eye") if face == 11 else str(face)


def _gear(name: Mapping[str, str]) -> str:
    """An item's name inside a sentence: « Grand arc » → « grand arc »."""
    text = pick(dict(name))
    return text[:1].lower() + text[1:]


def _item(item: str) -> str:
    """An item on the ground, as the state shows it."""
    if item == "helm":
        return _("helm")
    if item == "shield":
        return _("shield")
    return _("weapon {n}").format(n=item.partition(":")[2])


def hampered_lines(record: Mapping[str, Any], who: str) -> list[str]:
    """What weighs on a roll: weariness, a complication."""
    lines = []
    if record.get("weary"):
        lines.append("    " + _("{who} is weary: success dice showing 1 to 3 count for nothing.").format(who=who))
    if record.get("complication"):
        n = record["complication"]
        lines.append("    " + ngettext("{who} is hampered by a complication: {n} die fewer.",
                                       "{who} is hampered by a complication: {n} dice fewer.", n).format(who=who, n=n))
    return lines


def weary_lines(record: Mapping[str, Any], who: str) -> list[str]:
    """A hero who has just become weary from its load, or who no longer is."""
    if record.get("weary_now"):
        now = record["weary_now"]
        return ["    " + _("{who} is now weary: endurance {e}, at or below their load of {load}.").format(
            who=who, e=now["endurance"], load=now["load"])]
    if record.get("weary_over"):
        return ["    " + _("{who} is no longer weary.").format(who=who)]
    return []


def complication_line(record: Mapping[str, Any], who: str) -> str:
    dice, was = record["dice"], record["was"]
    if record.get("start"):
        return ngettext("{who} begins the fight under a complication: {n} die fewer on attack and task rolls.",
                        "{who} begins the fight under a complication: {n} dice fewer on attack and task rolls.",
                        dice).format(who=who, n=dice)
    if not dice:
        return _("{who} no longer faces a complication.").format(who=who)
    if was:
        return ngettext("The complication now costs {who} {n} die.", "The complication now costs {who} {n} dice.",
                        dice).format(who=who, n=dice)
    return ngettext("{who} faces a complication: {n} die fewer on attack and task rolls until it is cancelled.",
                    "{who} faces a complication: {n} dice fewer on attack and task rolls until it is cancelled.",
                    dice).format(who=who, n=dice)


def attack_lines(record: Mapping[str, Any], who: Any) -> list[str]:
    lines = ["  " + _("{a} attacks {d} ({weapon}, {dice}d): feat die {feat}, {total} against TN {tn} — {verdict}.")
             .format(a=who(record["actor"]), d=who(record["target"]), weapon=record["weapon"], dice=record["dice"],
                     feat=_feat(record["feat"]), total=record["total"], tn=record["tn"],
                     verdict=_("hit") if record["success"] else _("miss"))]
    lines += hampered_lines(record, who(record["actor"]))
    if record["success"]:
        if record["tengwar"]:
            lines.append("    " + _("{n} tengwar: {special}.").format(n=record["tengwar"], special={
                "heavy": _("a heavy blow"), "fend": _("fending off"), "pierce": _("a pierce"),
                "shield": _("a shield thrust"), "none": _("nothing")}[record["special"]]))
        lines.append("    " + _("{d} loses {n} endurance.").format(d=who(record["target"]), n=record["endurance"]))
    if record.get("protection_weary"):
        lines.append("    " + _("{d} is weary: their protection dice showing 1 to 3 count for nothing.").format(
            d=who(record["target"])))
    if record.get("hope"):
        lines.append("    " + _("{a} spends 1 Hope: one success die more.").format(a=who(record["actor"])))
    if record["piercing"]:
        lines.append("    " + (_("A piercing blow: {d} is wounded.") if record["wounded"] else
                               _("A piercing blow, but the armour holds.")).format(d=who(record["target"])))
    if "severity" in record:
        lines.append("    " + (_("The wound's severity: the Eye. {d} is dying.") if record.get("fatal") else
                               _("The wound's severity: {feat}; {d} lives.")).format(
            d=who(record["target"]), feat=_feat(record["severity"])))
    if record.get("fallen"):
        lines.append("    " + _("{d} falls.").format(d=who(record["target"])))
    lines += weary_lines(record, who(record["target"]))
    if record.get("counter"):
        c = record["counter"]
        text = (_("Counter-attack: {d} loses {n} endurance.").format(d=who(record["actor"]), n=c["endurance"])
                if "endurance" in c else
                (_("Counter-attack: {d} is wounded.") if c["wound"] else _("Counter-attack: the armour holds."))
                .format(d=who(record["actor"])))
        lines.append("    " + text)
    return lines


def narrate_record(record: Mapping[str, Any], names: Mapping[str, str]) -> list[str]:
    kind = record.get("kind")

    def who(value: str) -> str:
        return names.get(value, value)

    if kind == "volleys":
        return ["", _("— Opening volleys —")]
    if kind == "round":
        lines = ["", _("— Round {n} — stances").format(n=record["round"])]
        if record.get("regain"):
            lines.append(_("Regaining their position this round: {who}").format(
                who=", ".join(who(i) for i in record["regain"])))
        return lines
    if kind == "stance":
        return ["  " + _("{who}: {stance} stance.").format(who=who(record["actor"]), stance=_stance(record["stance"]))]
    if kind == "stances":
        lines = [_("Stances: {all}").format(all=", ".join(f"{who(k)} {_stance(v)}"
                                                           for k, v in record["stances"].items()))]
        if record["outnumbered"]:
            lines.append("  " + _("The adversaries outnumber the heroes: the GM assigns them."))
        return lines
    if kind in ("engage", "assign"):
        targets = record.get("targets") or [record["target"]]
        return ["  " + _("{who} engages {foes}.").format(who=who(record["actor"]),
                                                          foes=", ".join(who(t) for t in targets))]
    if kind == "engagement":
        return [_("Engaged: {pairs}").format(pairs="; ".join(f"{who(h)} — {who(a)}" for h, a in record["pairs"])),
                _("Order: {order}").format(order=", ".join(who(c) for c in record["order"]))]
    if kind == "attack":
        return attack_lines(record, who)
    if kind == "task":
        head = _("{who} tries {task} ({origin}): {verdict}.").format(
            who=who(record["actor"]), task=record["task"], origin=_("core") if record["core"] else _("house rule"),
            verdict=_("it works") if record["success"] else _("nothing comes of it"))
        lines = ["  " + head, *hampered_lines(record, who(record["actor"]))]
        if record.get("hope"):
            lines.append("    " + _("{a} spends 1 Hope: one success die more.").format(a=who(record["actor"])))
        if record.get("intimidated"):
            lines.append("    " + _("Weary this round: {foes}.").format(
                foes=", ".join(who(x) for x in record["intimidated"])))
        if record.get("dropped"):
            lines.append("    " + _("{who} drops their {gear}: load {load}.").format(
                who=who(record["actor"]), gear=_gear(record["gear"]), load=record["load"]))
            lines += weary_lines(record, who(record["actor"]))
        if record.get("cancelled"):
            lines.append("    " + _("{who} no longer faces a complication.").format(who=who(record["cancelled"])))
        elif record["task"] == "annuler-complication" and record.get("target"):
            lines.append("    " + _("{who} still faces the complication.").format(who=who(record["target"])))
        if record.get("attack"):
            lines += attack_lines(record["attack"], who)
        return lines
    if kind == "pickup":
        return ["  " + _("{who} picks up their {gear}: load {load}.").format(
            who=who(record["actor"]), gear=_gear(record["gear"]), load=record["load"]),
                *weary_lines(record, who(record["actor"]))]
    if kind == "complication":
        return ["  " + complication_line(record, who(record["actor"]))]
    if kind == "order":
        return ["  " + _("The order from now on: {order}.").format(order=", ".join(who(x) for x in record["order"]))]
    if kind == "rear":
        return ["  " + _("{who} stays at the rear.").format(who=who(record["actor"]))]
    if kind == "yield":
        return ["  " + _("{who} yields ground: {n} endurance saved ({left} left).").format(
            who=who(record["actor"]), n=record["saved"], left=record["endurance"])]
    if kind == "may-yield":
        return ["  " + _("{who} is down, unless they yield ground now (yield {id}); continue goes on without.").format(
            who=who(record["actor"]), id=record["actor"])]
    if kind == "no-yield":
        return ["  " + _("No ground yielded.")]
    if kind == "regain":
        return ["  " + _("{who} regains their position.").format(who=who(record["actor"]))]
    if kind == "pass":
        return ["  " + _("{who} waits.").format(who=who(record["actor"]))]
    if kind == "end-round":
        return [_("End of round {n}.").format(n=record["round"])]
    if kind == "over":
        return [_("The fight is over: {side} wins.").format(side=record["winner"]) if record.get("winner") else
                _("The fight is over: no one is left standing.")]
    return []


def summary_lines(summary: Mapping[str, Any]) -> list[str]:
    lines = [_("After {n} rounds:").format(n=summary["rounds"])]
    for row in summary["combatants"]:
        lines.append(_("  {name}: dealt {dealt} endurance and {wounds} wounds, took {taken}, downed {downed}, "
                       "{tasks} tasks").format(name=pick(row["name"]), dealt=row["endurance_dealt"],
                                               wounds=row["wounds_dealt"], taken=row["endurance_taken"],
                                               downed=row["downed"], tasks=row["tasks"]))
    return lines
