"""A HARP fight told as the GM tells it: rounds, turns, actions, overrides; the state at a glance; the summary."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from estoc.dice.sources import purpose_label
from estoc.i18n import _, decimal, ngettext, pick
from estoc.render.harp import fumble_lines, narrate_attack, stun_line, venom_lines
from estoc.render.veil import NO_VEIL, veiled_standing
from estoc.systems.harp.codes import rule


def narrate_record(record: Mapping[str, Any], names: Mapping[str, str], tables: Mapping[str, str],
                   hp_max: Mapping[str, int] | None = None, veiled: frozenset[str] = NO_VEIL) -> list[str]:
    """One narration record as lines (``hp_max``: id → hit points, to say where a wounded combatant stands).

    ``veiled``: the ids of the combatants whose hit points the players do not see: their blows taken, bleeding and
    regeneration are told in words (:mod:`estoc.render.veil`); none by default, as the GM reads it.

    A turn of a combatant out of the fight (unconscious, passing away) is told only when something happens to it:
    one line when it bleeds or regenerates, one when it passes away; otherwise nothing at all.
    """
    lines = _record_lines(record, names, tables, hp_max or {}, veiled)
    rolled = record.get("rolled")
    if rolled:
        # (the words of the d100 and One Ring narrations, so that the three systems say it alike)
        dice = _("; ").join(f"{purpose_label(str(purpose))} {', '.join(map(str, values))}"
                            for purpose, values in rolled.items())
        lines.append("  " + _("Rolled by estoc (not typed): {dice}.").format(dice=dice))
    return lines


def _standing_at(who: str, hp: int, hp_max: Mapping[str, int], key: str, veiled: frozenset[str] = NO_VEIL) -> str:
    """« Faralinde at 12 of 70 HP », or without a maximum « Faralinde at 12 HP »; « Orc 1 (wounded) » when ``key``
    is veiled."""
    if key in veiled:
        return veiled_standing(who, hp, hp_max.get(key))
    if key in hp_max:
        return _("{who} at {hp} of {max} HP").format(who=who, hp=hp, max=hp_max[key])
    return _("{who} at {hp} HP").format(who=who, hp=hp)


def _turn_lines(record: Mapping[str, Any], who: str, hp_max: Mapping[str, int], veiled: frozenset[str]) -> list[str]:
    key = str(record.get("actor") or "")
    hidden = key in veiled  # (the players' view: what it bled or got back is not told, where it stands in words)
    bled, back = int(record.get("bled") or 0), int(record.get("regenerated") or 0)
    hp = record.get("hp_after")
    down = record.get("skipped") == "down"
    fell = down and hp is not None and hp <= 0 < hp + bled - back

    def now() -> str:
        return _standing_at(_("now"), int(hp), hp_max, key, veiled) if hp is not None else "—"

    lines: list[str] = []
    if down and not fell:
        # Out of the fight before this turn: no turn to tell, only what happens to it.
        if bled:
            lines.append((_("{who}, out of the fight, bleeds: {state}.") if hidden
                          else _("{who}, out of the fight, bleeds {n} HP: {state}.")).format(
                who=who, n=bled, state=now()))
        if back:
            lines.append((_("{who} regenerates.") if hidden else _("{who} regenerates {n} HP.")).format(
                who=who, n=back))
        if record.get("died"):
            lines.append(_("{who} is now passing away: out of the fight for good.").format(who=who))
        return lines
    lines.append(_("{who}'s turn.").format(who=who))
    if bled:
        if hp is None:
            text = _("{who} bleeds.") if hidden else _("{who} bleeds: {n} HP lost.")
        elif fell:
            text = (_("{who} bleeds and loses consciousness: {state}.") if hidden
                    else _("{who} bleeds {n} HP and loses consciousness: {state}."))
        else:
            text = _("{who} bleeds: {state}.") if hidden else _("{who} bleeds {n} HP: {state}.")
        lines.append("  " + text.format(who=who, n=bled, state=now()))
    if back:
        lines.append("  " + (_("{who} regenerates.") if hidden else _("{who} regenerates: {n} HP back.")).format(
            who=who, n=back))
    check = record.get("stun_check")
    if check:
        lines.append("  " + who + " — " + stun_line(dict(check)))
    if record.get("died"):
        lines.append("  " + _("{who} is now passing away: out of the fight for good.").format(who=who))
    if record.get("skipped") == "lost":
        lines.append("  " + _("{who} has lost this round's action.").format(who=who))
    return lines


def initiative_text(total: int, *, short: bool = False) -> str:
    """An initiative total as the GM reads it: an automatic initiative (a clean disengagement, a vain wait) is the
    kernel's total past ``AUTOMATIC`` (it acts before every rolled total); told as its roll and the word, never as
    « 10022 »."""
    automatic = rule("AUTOMATIC")
    if total < automatic // 2:
        return str(total)
    return (_("{n} auto") if short else _("{n} (automatic)")).format(n=total - automatic)


def _round_lines(record: Mapping[str, Any], names: Mapping[str, str]) -> list[str]:
    out = set(record.get("out_of_fight") or ())
    order = ", ".join(f"{names.get(i, i)} {initiative_text(int(total))}" for i, total, _auto in record["order"]
                      if i not in out)
    lines = ["", _("— Round {n} — initiative: {order}").format(n=record["round"], order=order)]
    situational = [(i, value) for i, value in record.get("situational") or () if i not in out]
    if situational:
        lines.append("  " + _("Initiative modifiers of the situation: {list}.").format(
            list=", ".join(f"{names.get(i, i)} {int(value):+d}" for i, value in situational)))
    surprised = [names.get(i, i) for i in record.get("surprised") or () if i not in out]
    if surprised:
        lines.append("  " + _("Surprised, −20 to initiative: {list}.").format(list=", ".join(surprised)))
    to_roll = record.get("to_roll")
    if to_roll:
        players = ", ".join(_("{id} (d10 {bonus})").format(id=i, bonus=f"{bonus:+d}") for i, bonus in to_roll)
        lines.append("  " + _("Players' initiative from their own d10s: type « init » and the totals in this "
                              "order: {players}.").format(players=players))
    return lines


def _record_lines(record: Mapping[str, Any], names: Mapping[str, str], tables: Mapping[str, str],
                  hp_max: Mapping[str, int], veiled: frozenset[str]) -> list[str]:
    kind = record.get("kind")

    def who(key: str) -> str:
        value = str(record.get(key) or "")
        return names.get(value, value)

    if kind == "round":
        return _round_lines(record, names)
    if kind == "turn":
        return _turn_lines(record, who("actor"), hp_max, veiled)
    if kind == "attack":
        if record.get("stray"):
            head = _("The missed shot of {who} flies on toward {target}:")
        elif record.get("counter"):
            head = _("{who} strikes back at {target}:")
        elif record.get("area"):
            head = _("The breath of {who} reaches {target}:")
        else:
            head = _("{who} attacks {target}:")
        head = head.format(who=who("attacker"), target=who("target"))
        lines = ["  " + head]
        lines += ["    " + line for line in narrate_attack(dict(record), dict(tables), dict(hp_max), dict(names),
                                                              veiled)]
        if record.get("knocked_down"):
            lines.append("    " + _("{target} is thrown to the ground.").format(target=who("target")))
        if record.get("target_dead"):
            lines.append("    " + _("{target} dies.").format(target=who("target")))
        elif record.get("downed_now"):
            lines.append("    " + _("{target} loses consciousness: {state}.").format(
                target=who("target"), state=_standing_at(_("now"), int(record.get("target_hp", 0)), hp_max,
                                                         str(record.get("target")), veiled)))
        return lines
    if kind == "venom":
        return ["  " + who("victim") + " — " + line for line in venom_lines(dict(record))]
    if kind == "surprise":
        rolls = ", ".join(_("{who} ({side}) {total}").format(who=names.get(i, i), side=side, total=total)
                          for i, side, _roll, total in record.get("rolls") or ())
        if record.get("side"):
            return ["  " + _("Surprise, the best perceivers roll: {rolls}. Side {side} is surprised.").format(
                rolls=rolls, side=record["side"])]
        return ["  " + _("Surprise, the best perceivers roll: {rolls}. No one is surprised.").format(rolls=rolls)]
    if kind == "disengaged":
        return ["  " + _("{who} has broken off from {foe}: first to act, free to move away.").format(
            who=who("actor"), foe=who("target"))]
    if kind == "total-parry":
        if record["fumbled"]:
            text = _("{who}'s total parry against {target} fumbles (parry roll {roll}): no parry this round.")
        elif record["counter"]:
            text = _("{who} parries {target} with everything and the roll opens (parry roll {roll}): a "
                     "counter-blow!")
        else:
            text = _("{who} parries {target} with everything: +{bonus} to the DB (parry roll {roll}).")
        lines = ["  " + text.format(who=who("actor"), target=who("target"), roll=record["roll"],
                                    bonus=record["bonus"])]
        if record.get("fumble_result"):
            lines += ["    " + line for line in fumble_lines(record["fumble_result"])]
        return lines
    if kind == "dodge":
        text = (_("{who} dodges by instinct: +{bonus} to the DB (manoeuvre total {total}).")
                if record["instinctive"] else _("{who} dodges: +{bonus} to the DB (manoeuvre total {total})."))
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
        "disengage": _("{who} breaks off from {target}, parrying with +{bonus} to the DB."),
        "shove": _("{who} shoves {target} aside: {bonus} to its next shot."),
        "wait": _("{who} waits for {other}."),
        "intercept": _("{who} lies in wait for {other}'s action."),
    }
    if kind == "pass" and record.get("waited_in_vain"):
        return ["  " + _("{who} waited in vain: first to act next round.").format(who=who("actor"))]
    if kind in simple:
        return ["  " + simple[str(kind)].format(who=who("actor"), target=who("target"),
                                                distance=decimal(record.get("distance", "")),
                                                bonus=record.get("bonus", record.get("penalty", "")),
                                                other=names.get(str(record.get("for", "")), record.get("for", "")))]
    if kind == "gm":
        return ["  " + _("GM: {what}").format(what=_gm_text(record, who("target"), names))]
    if kind == "tracker":
        verb = record.get("verb")
        if verb == "undo":
            return [_("Undone.") if record.get("done") else _("Nothing to undo.")]
        if verb == "redo":
            return [_("Redone.") if record.get("done") else _("Nothing to redo.")]
    return []


def _gm_text(record: Mapping[str, Any], target: str, names: Mapping[str, str] | None = None) -> str:
    op, value = record.get("op"), record.get("value")
    n = value if isinstance(value, int) else 0
    texts = {
        "hp": _("{who} now has {n} HP."),
        "damage": _("{who} takes {n} HP of damage."),
        "heal": _("{who} gets back {n} HP."),
        "relieve": _("{who}'s penalties lessen by {n}."),
        "mod": _("{who}: {n:+d} to the OB of the next attack."),
        "fight-mod": _("{n:+d} to the OB of every attack of the fight."),
        "add": _("{who} joins the fight."),
        "out": _("{who} is taken out of the fight."),
        "back": _("{who} is back in the fight."),
        "init": _("{who}'s initiative total set to {n}."),
        "order": _("new order: {ids}."),
    }
    named = ", ".join(str((names or {}).get(str(i), i)) for i in record.get("ids", []))
    if op == "distance":
        a, b = ((names or {}).get(str(i), str(i)) for i in [*record.get("ids", []), "?", "?"][:2])
        if n < 0:
            return _("the distance between {a} and {b} is no longer known.").format(a=a, b=b)
        if n == 0:
            return _("{a} and {b} are in contact.").format(a=a, b=b)
        return _("{a} and {b} stand {n} m apart.").format(a=a, b=b, n=n)
    if op == "cover":
        cover = record.get("cover_name")
        if not isinstance(cover, dict):
            return _("{who} is no longer behind cover.").format(who=target)
        return _("{who} takes cover: {cover}.").format(who=target, cover=pick(cover))
    if op == "reinforce":
        return _("reinforcements join the fight (from the next round): {ids}.").format(ids=named)
    if op == "condition":
        return _condition_text(str(record.get("name")), target, n)
    if op == "sun":
        return _("full sunlight from now on.") if n else _("no longer in full sunlight.")
    if op == "surprise":
        if record.get("side") is None:
            return _("no side is surprised any longer.")
        side = str(record["side"])
        return _("side {side} is surprised in round {n}.").format(side=(names or {}).get(f"side:{side}", side),
                                                                  n=record.get("round", 1))
    if op == "declare":
        if not record.get("ids"):
            return _("{who} announces nothing that changes its initiative.").format(who=target)
        return _("{who} announces, for its next initiative: {ids}.").format(
            who=target, ids=", ".join(str(i) for i in record["ids"]))
    if op == "init" and record.get("values"):
        return _("initiative totals set: {totals}.").format(
            totals=", ".join(f"{who} {total}" for who, total in record["values"]))
    text = texts.get(str(op))
    if text is None:
        return str(op)
    return text.format(who=target, n=n, ids=named)


def _condition_text(name: str, who: str, n: int) -> str:
    """A condition the GM set, its number said for what it is (rounds, hit points a round, a penalty)."""
    if not n:
        ended = {"stun": _("{who}: the stun ends."), "bleed": _("{who}: the bleeding stops."),
                 "penalty": _("{who}: no more penalty."), "must-parry": _("{who}: no longer made to parry."),
                 "no-parry": _("{who}: may parry again."), "shaken": _("{who}: the Shaken state ends."),
                 "prone": _("{who}: back on their feet."), "disarmed": _("{who}: weapon in hand again."),
                 "down": _("{who}: conscious again."), "dead": _("{who}: no longer dead (the GM's word).")}
        return ended.get(name, "{who}: " + name + " 0").format(who=who)
    if name in ("stun", "must-parry", "no-parry"):
        rounds = {"stun": ngettext("{who}: stun for {n} round.", "{who}: stun for {n} rounds.", n),
                  "must-parry": ngettext("{who}: must parry for {n} round.", "{who}: must parry for {n} rounds.", n),
                  "no-parry": ngettext("{who}: cannot parry for {n} round.", "{who}: cannot parry for {n} rounds.",
                                       n)}
        return rounds[name].format(who=who, n=n)
    if name == "bleed":
        return _("{who}: bleeding {n} HP a round.").format(who=who, n=n)
    if name == "penalty":
        return _("{who}: penalty {n}.").format(who=who, n=-abs(n))
    flags = {"shaken": _("{who} is put in the Shaken state."), "prone": _("{who} is on the ground."),
             "disarmed": _("{who} has lost their weapon."), "down": _("{who} loses consciousness."),
             "dead": _("{who} dies.")}
    return flags.get(name, "{who}: " + name).format(who=who)


def summary_lines(summary: Mapping[str, Any], hp_max: Mapping[str, int] | None = None) -> list[str]:
    """The fight's summary, one line per combatant, ending with where it stands (``hp_max``: id → hit points).

    Hit points at 0 or below leave a combatant unconscious, however far below: the texts hold no death by hit points
    (their chapter « Blessures, soins & mort » is not among them), so a combatant dies only of a critical's
    « Mort »; the line says how far below 0 it is, for the GM to judge (see docs/harp.md).
    """
    hp_max = hp_max or {}
    rounds = int(summary["rounds"])
    lines = [ngettext("Summary after {n} round:", "Summary after {n} rounds:", rounds).format(n=rounds)]

    def crits(counts: Mapping[str, int]) -> str:
        return " " + _("(criticals {list})").format(list=" ".join(f"{k}×{v}" for k, v in counts.items())) \
            if counts else ""

    for row in summary["combatants"]:
        parts = [ngettext("dealt {n} hit", "dealt {n} hits", row["hits_dealt"]).format(n=row["hits_dealt"])
                 + crits(row["crits_dealt"]),
                 ngettext("took {n} hit", "took {n} hits", row["hits_taken"]).format(n=row["hits_taken"])
                 + crits(row["crits_taken"]),
                 ngettext("downed {n} foe", "downed {n} foes", row["downed"]).format(n=row["downed"]),
                 ngettext("acted {n} round", "acted {n} rounds", row["rounds"]).format(n=row["rounds"])]
        lines.append("  " + _("{id}: {parts} — {fate}").format(id=row["id"], parts=", ".join(parts),
                                                                fate=fate_text(row, hp_max)))
    if summary.get("winner_name"):
        lines.append(_("Victory: {side}.").format(side=pick(summary["winner_name"])))
    return lines


def fate_text(row: Mapping[str, Any], hp_max: Mapping[str, int]) -> str:
    """Where a combatant stands at the end, with its hit points: « unconscious at −82 of 85 HP »."""
    state, hp = str(row["state"]), int(row.get("hp", 0))
    at = (_("at {hp} of {max} HP").format(hp=hp, max=hp_max[row["id"]]) if row["id"] in hp_max
          else _("at {hp} HP").format(hp=hp))
    if state == "dead":
        return _("killed")
    if state == "passing":
        return _("passing away")
    if state == "dying":
        return _("unconscious, mortally wounded, {at}").format(at=at)
    if state == "unconscious":
        return _("unconscious {at}").format(at=at)
    if state == "out":
        return _("out of the fight {at}").format(at=at)
    return _("standing {at}").format(at=at)
