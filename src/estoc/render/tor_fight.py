"""A fight of the One Ring house rules told as the GM tells it; the state at a glance; the summary."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from estoc.i18n import _, ngettext, pick
from estoc.render.veil import NO_VEIL
from estoc.systems.tor.codes import EYE, RUNE


def _stance(name: str | None) -> str:
    return {"forward": _("forward"), "open": _("open"), "defensive": _("defensive"), "rearward": _("rearward")}.get(
        name or "", name or "—")


def _feat(face: int) -> str:
    return _("the Gandalf rune") if face == RUNE else _("the Eye") if face == EYE else str(face)


def _face(face: int) -> str:
    """A feat die's face in a list of dice: its number, or the rune's name (« feat die Eye »)."""
    return _("Gandalf rune") if face == RUNE else _("Eye") if face == EYE else str(face)


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


def _faces(values: Any) -> str:
    return ", ".join(str(int(v)) for v in values)


ROLL_PURPOSES = ("attack", "attack-success", "protection", "protection-success", "task", "task-success", "wound")


def _purpose(purpose: str, n: int) -> str:
    """What a die was rolled for, as the narration names it (``n``: how many faces follow)."""
    return {"attack": ngettext("feat die", "feat dice", n),
            "attack-success": ngettext("success die", "success dice", n),
            "protection": ngettext("protection feat die", "protection feat dice", n),
            "protection-success": ngettext("protection success die", "protection success dice", n),
            "task": ngettext("task feat die", "task feat dice", n),
            "task-success": ngettext("task success die", "task success dice", n),
            "wound": _("severity die")}.get(purpose, purpose)


def rolled_line(record: Mapping[str, Any]) -> list[str]:
    """Where the GM typed some faces of a command: the ones estoc rolled for this record."""
    parts = [f"{_purpose(r['purpose'], len(r['faces']))} {_faces(r['faces'])}" for r in record.get("rolled") or []]
    return ["    " + _("Rolled by estoc (not typed): {dice}.").format(dice=_("; ").join(parts))] if parts else []


def roll_text(record: Mapping[str, Any], dice: int | None = None) -> str:
    """A feat die and success dice, each face shown where play kept them: « feat die 7, success dice 3, 6 »."""
    feats = [int(f) for f in record.get("feat_faces") or []]
    if len(feats) == 2:
        mode = record.get("mode")
        feat = _("feat dice {a} and {b} ({mode}, the die kept: {kept})").format(
            a=_face(feats[0]), b=_face(feats[1]), kept=_face(int(record.get("feat", feats[0]))),
            mode=_("favoured") if mode == "favoured" else _("ill-favoured"))
    else:
        feat = _("feat die {face}").format(face=_face(feats[0] if feats else int(record.get("feat", 0))))
    if "success_faces" in record:
        shown = list(record["success_faces"])
        success = (ngettext("success die {faces}", "success dice {faces}", len(shown)).format(faces=_faces(shown))
                   if shown else _("no success die"))
    else:
        n = int(dice if dice is not None else record.get("dice", 0))
        success = ngettext("{n} success die", "{n} success dice", n).format(n=n) if n else _("no success die")
    return _("{feat}, {success}").format(feat=feat, success=success)


def protection_line(record: Mapping[str, Any], who: str) -> str:
    """A piercing blow's protection roll against the weapon's injury."""
    roll = record["protection"]
    verdict = (_("{d} is wounded") if record["wounded"] else _("the armour holds")).format(d=who)
    if not record["wounded"] and _rune(roll) and int(roll.get("total", 0)) < int(record.get("injury", 0)):
        verdict = _("the armour holds: the Gandalf rune always succeeds")
    if "total" not in roll:
        return _("A piercing blow: protection roll, {roll}: {verdict}.").format(roll=roll_text(roll), verdict=verdict)
    return _("A piercing blow: protection roll, {roll}; total {total} against injury {injury}: {verdict}.").format(
        roll=roll_text(roll), total=roll["total"], injury=record.get("injury", "?"), verdict=verdict)


def _rune(roll: Mapping[str, Any]) -> bool:
    """Whether a roll kept the Gandalf rune (which succeeds whatever the total)."""
    feats = list(roll.get("feat_faces") or [])
    return int(roll.get("feat", feats[-1] if len(feats) == 1 else 0)) == RUNE


def _verdict(record: Mapping[str, Any]) -> str:
    if not record["success"]:
        return _("miss")
    if int(record["feat"]) == RUNE and int(record["total"]) < int(record["tn"]):
        return _("hit: the Gandalf rune always hits")
    return _("hit")


def attack_lines(record: Mapping[str, Any], who: Any, veiled: frozenset[str] = NO_VEIL) -> list[str]:
    """An attack, its roll and what it does; the endurance lost by a combatant among ``veiled`` (ids) is not
    told (:mod:`estoc.render.veil`)."""
    weapon = pick(dict(record["weapon_name"])) if record.get("weapon_name") else record["weapon"]
    lines = ["  " + _("{a} attacks {d} ({weapon}): {roll}; total {total} against TN {tn}: {verdict}.").format(
        a=who(record["actor"]), d=who(record["target"]), weapon=weapon, roll=roll_text(record),
        total=record["total"], tn=record["tn"], verdict=_verdict(record))]
    lines += hampered_lines(record, who(record["actor"]))
    if record.get("hope"):
        lines.append("    " + _("{a} spends 1 Hope: one success die more.").format(a=who(record["actor"])))
    if record["success"]:
        if record["tengwar"]:
            lines.append("    " + ngettext("{n} tengwar rune: {special}.", "{n} tengwar runes: {special}.",
                                           record["tengwar"]).format(n=record["tengwar"], special={
                "heavy": _("a heavy blow"), "fend": _("fending off"), "pierce": _("a pierce"),
                "shield": _("a shield thrust"), "none": _("nothing")}[record["special"]]))
        lost = _("{d} loses endurance.") if record["target"] in veiled else _("{d} loses {n} endurance.")
        lines.append("    " + lost.format(d=who(record["target"]), n=record["endurance"]))
    if record.get("protection_weary"):
        lines.append("    " + _("{d} is weary: their protection dice showing 1 to 3 count for nothing.").format(
            d=who(record["target"])))
    if record["piercing"] and isinstance(record.get("protection"), Mapping):
        lines.append("    " + protection_line(record, who(record["target"])))
    elif record["piercing"]:
        lines.append("    " + (_("A piercing blow: {d} is wounded.") if record["wounded"] else
                               _("A piercing blow, but the armour holds.")).format(d=who(record["target"])))
    if "severity" in record:
        lines.append("    " + (_("The wound's severity (feat die): the Eye. {d} is dying.") if record.get("fatal")
                               else _("The wound's severity (feat die): {feat}; {d} lives.")).format(
            d=who(record["target"]), feat=_feat(record["severity"])))
    if record.get("fallen"):
        lines.append("    " + _("{d} falls.").format(d=who(record["target"])))
    lines += weary_lines(record, who(record["target"]))
    if record.get("counter"):
        c = record["counter"]
        if "endurance" in c:
            text = (_("Counter-attack: {d} loses endurance.") if record["actor"] in veiled
                    else _("Counter-attack: {d} loses {n} endurance.")).format(d=who(record["actor"]), n=c["endurance"])
        elif "feat_faces" in c:
            text = _("Counter-attack: {d}'s protection roll, {roll}; total {total}: {verdict}.").format(
                d=who(record["actor"]), roll=roll_text(c), total=c["protection"],
                verdict=(_("{d} is wounded") if c["wound"] else _("the armour holds")).format(d=who(record["actor"])))
        else:
            text = (_("Counter-attack: {d} is wounded.") if c["wound"] else _("Counter-attack: the armour holds.")
                    ).format(d=who(record["actor"]))
        lines.append("    " + text)
    lines += rolled_line(record)
    return lines


def task_head(record: Mapping[str, Any], who: str) -> str:
    """A combat task tried: its name, whether the 2nd edition has it, its roll (where one was made), the outcome."""
    name = pick(dict(record["task_name"])) if record.get("task_name") else record["task"]
    origin = _("core task") if record["core"] else _("house-rule task")
    verdict = _("it works") if record["success"] else _("nothing comes of it")
    if record["success"] and "tn" in record and _rune(record) and int(record["total"]) < int(record["tn"]):
        verdict = _("it works: the Gandalf rune always succeeds")
    if "tn" in record:
        return _("{who} tries “{task}” ({origin}): {roll}; total {total} against TN {tn}: {verdict}.").format(
            who=who, task=name, origin=origin, roll=roll_text(record), total=record["total"], tn=record["tn"],
            verdict=verdict)
    return _("{who} tries “{task}” ({origin}): {verdict}.").format(who=who, task=name, origin=origin,
                                                                    verdict=verdict)


def narrate_record(record: Mapping[str, Any], names: Mapping[str, str], veiled: frozenset[str] = NO_VEIL
                   ) -> list[str]:
    """One narration record as lines; ``veiled``: the ids of the combatants whose endurance the players do not see
    (:mod:`estoc.render.veil`)."""
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
        lines = [_("Stances: {all}").format(all=", ".join(f"{who(k)} ({_stance(v)})"
                                                           for k, v in record["stances"].items()))]
        if record["outnumbered"]:
            lines.append("  " + _("The adversaries outnumber the heroes: the GM assigns them."))
        return lines
    if kind in ("engage", "assign"):
        targets = record.get("targets") or [record["target"]]
        return ["  " + _("{who} engages {foes}.").format(who=who(record["actor"]),
                                                          foes=", ".join(who(t) for t in targets))]
    if kind == "engagement":
        return [_("Engaged: {pairs}").format(pairs=_("; ").join(f"{who(h)} — {who(a)}" for h, a in record["pairs"])),
                _("Order: {order}").format(order=", ".join(who(c) for c in record["order"]))]
    if kind == "attack":
        return attack_lines(record, who, veiled)
    if kind == "task":
        lines = ["  " + task_head(record, who(record["actor"])), *hampered_lines(record, who(record["actor"]))]
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
        lines += rolled_line(record)
        if record.get("attack"):
            lines += attack_lines(record["attack"], who, veiled)
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
    if kind == "ground":
        return ["  " + (_("The ground lets the heroes stay at the rear whatever the numbers.") if record["free"] else
                        _("The ground no longer shelters the rear: the numbers decide who may stay there."))]
    if kind == "yield":
        return ["  " + _("{who} yields ground: {n} endurance saved ({left} endurance left).").format(
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
    if kind == "gm" and record["op"] == "reinforce":
        return ["  " + _("GM: reinforcements join the fight: {who}.").format(
            who=", ".join(who(i) for i in record["ids"]))]
    if kind == "gm" and record["op"] == "add":
        return ["  " + _("GM: {who} joins the fight.").format(who=who(record["target"]))]
    if kind == "gm":
        return ["  " + gm_line(record, who(record["target"]), record["target"] in veiled)]
    if kind == "over":
        side = {"heroes": _("the heroes"), "adversaries": _("the adversaries")}.get(str(record.get("winner")))
        return [_("The fight is over. Victory: {side}.").format(side=side) if side else
                _("The fight is over: no one is left standing.")]
    return []


def summary_lines(summary: Mapping[str, Any]) -> list[str]:
    rounds = int(summary["rounds"])
    lines = [ngettext("After {n} round:", "After {n} rounds:", rounds).format(n=rounds)]
    for row in summary["combatants"]:
        wounds, downed, tasks = int(row["wounds_dealt"]), int(row["downed"]), int(row["tasks"])
        parts = [ngettext("dealt {e} endurance and {n} wound", "dealt {e} endurance and {n} wounds", wounds).format(
                     e=row["endurance_dealt"], n=wounds),
                 _("took {n} endurance").format(n=row["endurance_taken"]),
                 ngettext("felled {n} foe", "felled {n} foes", downed).format(n=downed),
                 ngettext("{n} combat task", "{n} combat tasks", tasks).format(n=tasks)]
        lines.append("  " + _("{name}: {parts}").format(name=pick(row["name"]), parts=_("; ").join(parts)))
    return lines


def gm_line(record: Mapping[str, Any], who: str, veiled: bool = False) -> str:
    """A GM override told: what the GM set, then where the combatant stands (its numbers kept from the players
    when ``veiled``)."""
    op = record["op"]
    n = int(record.get("value") or 0)
    said = {
        "endurance": _("GM: {who}'s endurance set to {n}."),
        "damage": ngettext("GM: {who} loses {n} point of endurance.", "GM: {who} loses {n} points of endurance.", n),
        "heal": ngettext("GM: {who} gets back {n} point of endurance.", "GM: {who} gets back {n} points of endurance.",
                         n),
        "hope": _("GM: {who}'s Hope set to {n}."),
        "out": _("GM: {who} is taken out of the fight."),
        "back": _("GM: {who} is back in the fight."),
    }
    if op == "wound":
        text = ngettext("GM: {who} now carries {n} wound.", "GM: {who} now carries {n} wounds.",
                        int(record.get("value") or 0))
    elif op == "dying":
        text = _("GM: {who} is dying.") if record["value"] else _("GM: {who} is no longer dying.")
    elif op == "condition":
        names = {"weary": _("weary this round"), "regain": _("must regain position"), "dying": _("dying")}
        ended = {"weary": _("GM: {who} is no longer weary."),
                 "regain": _("GM: {who} no longer has to regain position."),
                 "dying": _("GM: {who} is no longer dying.")}
        name = str(record.get("name"))
        text = (_("GM: {who} — {condition}.").format(who="{who}", condition=names.get(name, name))
                if record["value"] else ended.get(name, _("GM: {who}.")))
    else:
        text = said.get(str(op), _("GM: {who}."))
    line = text.format(who=who, n=record.get("value"))
    if op == "wound" and record.get("fatal"):
        line += " " + _("The wound is fatal.")
    if veiled:
        return line
    state = _("endurance {e}, wounds {w}").format(e=record["endurance"], w=record["wounds"])
    if "hope" in record:
        state += ", " + _("Hope {h}").format(h=record["hope"])
    if record.get("dying"):
        state += ", " + _("dying")
    elif not record.get("standing"):
        state += ", " + _("out of the fight")
    return line + " " + _("({state})").format(state=state)
