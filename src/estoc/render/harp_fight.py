"""A HARP fight told as the GM tells it: rounds, turns, actions, overrides; the state at a glance; the summary."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from estoc.i18n import _, pick
from estoc.render.harp import fumble_lines, narrate_attack, venom_lines


def narrate_record(record: Mapping[str, Any], names: Mapping[str, str], tables: Mapping[str, str]) -> list[str]:
    """One narration record as lines."""
    kind = record.get("kind")

    def who(key: str) -> str:
        value = str(record.get(key) or "")
        return names.get(value, value)

    if kind == "round":
        order = ", ".join(f"{names.get(i, i)} {total}" for i, total, _auto in record["order"])
        return ["", _("— Round {n} — initiative: {order}").format(n=record["round"], order=order)]
    if kind == "turn":
        lines = [_("{who}'s turn.").format(who=who("actor"))]
        if record.get("bled"):
            lines.append("  " + _("{who} bleeds: {n} HP lost.").format(who=who("actor"), n=record["bled"]))
        if record.get("regenerated"):
            lines.append("  " + _("{who} regenerates: {n} HP back.").format(who=who("actor"), n=record["regenerated"]))
        check = record.get("stun_check")
        if check:
            verdict = _("shakes off the stun") if check["resisted"] else _("is still stunned")
            lines.append("  " + _("Body resistance {total} against {difficulty}: {who} {verdict}.").format(
                total=check["total"], difficulty=check["difficulty"], who=who("actor"), verdict=verdict))
        if record.get("died"):
            lines.append("  " + _("{who} is now passing away: out of the fight for good.").format(who=who("actor")))
        skipped = record.get("skipped")
        if skipped == "down":
            lines.append("  " + _("{who} is out of the fight.").format(who=who("actor")))
        elif skipped == "lost":
            lines.append("  " + _("{who} has lost this round's action.").format(who=who("actor")))
        return lines
    if kind == "attack":
        if record.get("stray"):
            head = _("The missed shot of {who} flies on toward {target}:")
        elif record.get("counter"):
            head = _("{who} strikes back at {target}:")
        else:
            head = _("{who} attacks {target}:")
        head = head.format(who=who("attacker"), target=who("target"))
        lines = ["  " + head]
        lines += ["    " + line for line in narrate_attack(dict(record), dict(tables))]
        if record.get("knocked_down"):
            lines.append("    " + _("{target} is knocked down.").format(target=who("target")))
        if record.get("target_dead"):
            lines.append("    " + _("{target} is dead.").format(target=who("target")))
        elif record.get("downed_now"):
            lines.append("    " + _("{target} falls.").format(target=who("target")))
        return lines
    if kind == "venom":
        return ["  " + who("victim") + " — " + line for line in venom_lines(dict(record))]
    if kind == "disengaged":
        return ["  " + _("{who} has broken off from {foe}: first to act, free to move away.").format(
            who=who("actor"), foe=who("target"))]
    if kind == "total-parry":
        if record["fumbled"]:
            text = _("{who}'s total parry against {target} fumbles ({roll}): no parry this round.")
        elif record["counter"]:
            text = _("{who} parries {target} with everything and the roll opens ({roll}): a counter-blow!")
        else:
            text = _("{who} parries {target} with everything: +{bonus} to the DB ({roll}).")
        lines = ["  " + text.format(who=who("actor"), target=who("target"), roll=record["roll"],
                                    bonus=record["bonus"])]
        if record.get("fumble_result"):
            lines += ["    " + line for line in fumble_lines(record["fumble_result"])]
        return lines
    if kind == "dodge":
        text = (_("{who} dodges by instinct: +{bonus} to the DB (manoeuvre {total}).") if record["instinctive"]
                else _("{who} dodges: +{bonus} to the DB (manoeuvre {total})."))
        lines = ["  " + text.format(who=who("actor"), bonus=record["bonus"], total=record["total"])]
        if record.get("cost") == "next_round":
            lines.append("  " + _("It costs next round's action."))
        return lines
    simple = {
        "move": _("{who} moves {distance} m."),
        "stand": _("{who} gets back on their feet."),
        "take-weapon": _("{who} takes up their weapon again."),
        "pass": _("{who} waits and does nothing."),
        "flee": _("{who} flees the fight."),
        "braced": _("{who} sets their weapon against the charge of {target} and strikes first!"),
        "disengage": _("{who} breaks off from {target}, parrying with {bonus}."),
        "wait": _("{who} waits for {other}."),
        "intercept": _("{who} lies in wait for {other}'s action."),
    }
    if kind == "pass" and record.get("waited_in_vain"):
        return ["  " + _("{who} waited in vain: first to act next round.").format(who=who("actor"))]
    if kind in simple:
        return ["  " + simple[str(kind)].format(who=who("actor"), target=who("target"),
                                                distance=record.get("distance", ""), bonus=record.get("bonus", ""),
                                                other=names.get(str(record.get("for", "")), record.get("for", "")))]
    if kind == "gm":
        return ["  " + _("GM: {what}").format(what=_gm_text(record, who("target")))]
    if kind == "tracker":
        verb = record.get("verb")
        if verb == "undo":
            return [_("Undone.") if record.get("done") else _("Nothing to undo.")]
        if verb == "redo":
            return [_("Redone.") if record.get("done") else _("Nothing to redo.")]
    return []


def _gm_text(record: Mapping[str, Any], target: str) -> str:
    op, value = record.get("op"), record.get("value")
    condition_names = {"stun": _("stunned"), "bleed": _("bleeding"), "penalty": _("penalty"),
                       "must-parry": _("must parry"), "no-parry": _("cannot parry"), "shaken": _("shaken"),
                       "prone": _("on the ground"), "disarmed": _("disarmed"), "down": _("unconscious"),
                       "dead": _("dead")}
    texts = {
        "hp": _("{who} now has {n} HP."),
        "damage": _("{who} takes {n} HP of damage."),
        "heal": _("{who} gets back {n} HP."),
        "relieve": _("{who}'s penalties lessen by {n}."),
        "mod": _("{who}'s next attack at {n:+d}."),
        "fight-mod": _("every attack of the fight at {n:+d}."),
        "add": _("{who} joins the fight."),
        "out": _("{who} is taken out of the fight."),
        "back": _("{who} is back in the fight."),
        "init": _("{who}'s initiative set to {n}."),
        "distance": _("{ids}: {n} m apart."),
        "cover": _("{who} takes cover: {cover}."),
        "order": _("new order: {ids}."),
    }
    if op == "condition":
        return _("{who}: {condition} set to {n}.").format(
            who=target, condition=condition_names.get(str(record.get("name")), str(record.get("name"))), n=value)
    text = texts.get(str(op))
    if text is None:
        return str(op)
    return text.format(who=target, n=value if isinstance(value, int) else 0, cover=record.get("cover", ""),
                       ids=", ".join(str(i) for i in record.get("ids", [])))


def summary_lines(summary: Mapping[str, Any]) -> list[str]:
    """The fight's summary, one line per combatant."""
    lines = [_("Summary after {n} rounds:").format(n=summary["rounds"])]
    fates = {"dead": _("dead"), "passing": _("passing away"), "dying": _("unconscious, mortally wounded"),
             "unconscious": _("unconscious"), "out": _("out of the fight"), "standing": _("standing")}
    def crits(counts: Mapping[str, int]) -> str:
        return " ".join(f"{k}×{v}" for k, v in counts.items()) or "—"

    for row in summary["combatants"]:
        lines.append("  " + _("{id}: dealt {dealt} hits (criticals {cd}), took {taken} (criticals {ct}), downed "
                              "{downed}, {rounds} rounds, {fate}").format(
            id=row["id"], dealt=row["hits_dealt"], cd=crits(row["crits_dealt"]), taken=row["hits_taken"],
            ct=crits(row["crits_taken"]), downed=row["downed"], rounds=row["rounds"], fate=fates[row["state"]]))
    if summary.get("winner_name"):
        lines.append(_("Victory: {side}.").format(side=pick(summary["winner_name"])))
    return lines
