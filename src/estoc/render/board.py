"""The board: the state of a fight at a glance, one function per system, over the fight's ``view()``.

The session shows it on ``status`` (``situation``); the narration is told elsewhere (``render/*_fight.py``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from estoc.i18n import _, ngettext, pick
from estoc.render.tor_fight import _item, _stance


def harp_board(view: Mapping[str, Any]) -> list[str]:
    """HARP: the round, whose turn, every combatant in initiative order with hit points and conditions."""
    lines = [_("Round {n}").format(n=view["round"]) + (" — " + _("current: {who}").format(
        who=next((pick(r["name"]) for r in view["combatants"] if r["id"] == view["current"]), ""))
        if view.get("current") else "")]
    if view.get("over"):
        name = view.get("winner_name")
        lines.append(_("The fight is over — victory: {side}.").format(side=pick(name) if name else "—"))
    order = {cid: i for i, cid in enumerate(view["order"])}
    for row in sorted(view["combatants"], key=lambda r: order.get(r["id"], 999)):
        marks = []
        if row["bleed"]:
            marks.append(_("bleeds {n}").format(n=row["bleed"]))
        if row["stunned"]:
            marks.append(ngettext("stunned {n} rd", "stunned {n} rds", row["stunned"]).format(n=row["stunned"]))
        if row["penalty"]:
            marks.append(_("penalty {n}").format(n=row["penalty"]))
        if row["must_parry"]:
            marks.append(_("must parry {n} rd").format(n=row["must_parry"]))
        if row["no_parry"]:
            marks.append(_("no parry {n} rd").format(n=row["no_parry"]))
        if row["lost"]:
            marks.append(_("no action {n} rd").format(n=row["lost"]))
        for flag, text in (("shaken", _("shaken")), ("prone", _("on the ground")), ("disarmed", _("disarmed"))):
            if row[flag]:
                marks.append(text)
        if row["parry"]:
            marks.append(_("parries {who} +{n}").format(who=row["parry"]["against"], n=row["parry"]["bonus"]))
        if row["dodge"]:
            marks.append(_("dodge +{n}").format(n=row["dodge"]))
        if row.get("cover"):
            marks.append(_("cover +{melee} (shots +{missile})").format(melee=row["cover"][0],
                                                                        missile=row["cover"][1]))
        if row["dead"]:
            marks.append(_("passing away") if row.get("passing") else _("dead"))
        elif row["dying_in"]:
            marks.append(_("unconscious, passing away in {n} rd").format(n=row["dying_in"]))
        elif row["down"]:
            marks.append(_("unconscious"))
        if row["removed"]:
            marks.append(_("out of the fight"))
        pointer = "▶" if row["id"] == view.get("current") else " "
        init = "" if row["initiative"] is None else f"[{row['initiative']}] "
        lines.append(f"{pointer} {init}{row['id']} ({pick(row['name'])}, {row['side']}): "
                     + _("{hp}/{max} HP").format(hp=row["hp"], max=row["hp_max"])
                     + (" — " + ", ".join(marks) if marks else ""))
    return lines


def d100_board(view: Mapping[str, Any]) -> list[str]:
    """d100: the round and its phase, who acts, every combatant with hit points and wounds."""
    phases = {"movement": _("movement"), "actions": _("actions"), "over": _("over")}
    lines = [_("Round {n}, {phase}; acting: {current}").format(
        n=view["round"], phase=phases.get(view["phase"], view["phase"]), current=view["current"] or "—")]
    states = {"ok": "", "unconscious": _("unconscious"), "dying": _("dying"), "dead": _("dead"),
              "out": _("out of the fight")}
    for row in view["combatants"]:
        wounds = ", ".join(map(str, row["wounds"])) or "—"
        state = states.get(row["state"], row["state"])
        lines.append(_("  {id} ({name}, {side}): {hp}/{max} HP, wounds {wounds}").format(
            id=row["id"], name=pick(row["name"]), side=row["side"], hp=row["hp"], max=row["hp_max"],
            wounds=wounds) + (f" — {state}" if state else ""))
    return lines


def tor_board(view: Mapping[str, Any]) -> list[str]:
    """The One Ring: the round and its phase, who acts, every combatant with stance, endurance, wounds, hope."""
    lines = [_("Round {n}, {phase}; acting: {current}").format(n=view["round"], phase=view["phase"],
                                                               current=view["current"] or "—")]
    for row in view["combatants"]:
        state = _("dying") if row["dying"] else "" if row["standing"] else _("out of the fight")
        line = _("  {id} ({name}, {stance}): endurance {e}/{max}, wounds {w}").format(
            id=row["id"], name=pick(row["name"]), stance=_stance(row["stance"]) if row["stance"] else _("adversary"),
            e=row["endurance"], max=row["endurance_max"], w=row["wounds"]) + (f" — {state}" if state else "")
        more = [_("load {n}").format(n=row["load"])] if row.get("load") is not None else []
        if row.get("hope_max"):
            more.append(_("Hope {n}/{max}").format(n=row["hope"], max=row["hope_max"]))
        if row.get("weary"):
            more.append(_("weary"))
        if row.get("complication"):
            more.append(_("complication −{n}d").format(n=row["complication"]))
        if row.get("dropped"):
            more.append(_("on the ground: {items}").format(items=", ".join(_item(i) for i in row["dropped"])))
        lines.append(_("{row}; {more}").format(row=line, more=", ".join(more)) if more else line)
    return lines
