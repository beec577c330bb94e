"""The board: the state of a fight at a glance, one function per system, over the fight's ``view()``.

A board is a small table a GM keeps an eye on, as a combat tracker shows it: the round and whose turn, what to type
in the current phase, then one row per combatant (the id the commands take, the name, hit points or endurance as a
bar and as numbers, conditions with their rounds left, the GM's own marks), the GM's notes under their combatant and
the timers still to fire. The session shows it after every command that changes the fight; the narration is told
elsewhere (``render/*_fight.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from estoc.i18n import _, ngettext, pick
from estoc.render.harp_fight import initiative_text
from estoc.render.tor_fight import _item, _stance
from estoc.systems.base import SYSTEMS

BAR = 10
"""Cells of a bar of hit points or endurance."""
NAME_WIDTH = 22
"""A longer name is cut (with …) to keep the rows on one line."""

GmMarks = Mapping[str, Any]
"""What the GM marked, as :meth:`estoc.play.marks.Marks.board` gives it: ``conditions[id]`` as (name, rounds left
or ``None``), ``notes[id]``, pending ``timers`` as (round, text)."""


def bar(value: int, maximum: int, width: int = BAR) -> str:
    """``value`` out of ``maximum`` as a bar of full and empty cells; a combatant with any left shows one cell at
    least, one at zero or below none."""
    if maximum <= 0:
        return "░" * width
    full = 0 if value <= 0 else max(1, min(width, round(width * value / maximum)))
    return "█" * full + "░" * (width - full)


def rds(n: int) -> str:
    """A number of rounds, abbreviated (the board's one abbreviation: 1 rd, 2 rds)."""
    return ngettext("{n} rd", "{n} rds", n).format(n=n)


def _cut(text: str, width: int = NAME_WIDTH) -> str:
    return text if len(text) <= width else text[:width - 1] + "…"


def _table(header: Sequence[str], rows: Sequence[Sequence[str]], tails: Sequence[str]) -> list[str]:
    """Rows in aligned columns under a header; each row's tail (its conditions) follows unaligned."""
    widths = [max(len(cell) for cell in column) for column in zip(header, *rows, strict=True)]

    def line(cells: Sequence[str], tail: str) -> str:
        text = "  ".join(cell.ljust(width) for cell, width in zip(cells, widths, strict=True))
        return (text + ("  " + tail if tail else "")).rstrip()

    return [line(header, ""), *(line(row, tail) for row, tail in zip(rows, tails, strict=True))]


def _gm_marks(marks: GmMarks | None, cid: str) -> list[str]:
    rows = (marks or {}).get("conditions", {}).get(cid, [])
    return [name if left is None else f"{name} {rds(left)}" for name, left in rows]


def _notes(marks: GmMarks | None, cid: str) -> list[str]:
    return ["      ✎ " + text for text in (marks or {}).get("notes", {}).get(cid, [])]


def _footer(marks: GmMarks | None) -> list[str]:
    timers = (marks or {}).get("timers", [])
    if not timers:
        return []
    return [_("Timers: {timers}").format(timers="; ".join(
        _("round {round}: {text}").format(round=at, text=text) for at, text in timers))]


def _body(header: Sequence[str], rows: Sequence[tuple[str, list[str], list[str]]], marks: GmMarks | None
          ) -> list[str]:
    """The table, each row followed by the notes on its combatant."""
    table = _table(header, [cells for _cid, cells, _tail in rows], [", ".join(tail) for _cid, _cells, tail in rows])
    lines = [table[0]]
    for (cid, _cells, _tail), line in zip(rows, table[1:], strict=True):
        lines += [line, *_notes(marks, cid)]
    return lines


def _turn(view: Mapping[str, Any]) -> str:
    current = view.get("current")
    name = next((pick(r["name"]) for r in view["combatants"] if r["id"] == current), current)
    return _("Round {n} — {who} to act").format(n=view["round"], who=name) if current else _("Round {n}").format(
        n=view["round"])


def over_line(view: Mapping[str, Any]) -> str:
    """The verdict once the fight is over (empty before)."""
    if not view.get("over"):
        return ""
    name = view.get("winner_name")
    winner = pick(name) if isinstance(name, dict) else side_name(view.get("winner"))
    return _("The fight is over — victory: {side}.").format(side=winner or "—")


def side_name(side: object) -> str | None:
    """A side named by its id alone (the One Ring's two sides, whose names no encounter gives) in words."""
    if side is None:
        return None
    return {"heroes": _("The heroes"), "adversaries": _("The adversaries")}.get(str(side), str(side))


def _over(view: Mapping[str, Any]) -> list[str]:
    line = over_line(view)
    return [line] if line else []


def _pinned(row: Mapping[str, Any], left_key: str, until_key: str, now: int) -> int | None:
    """Rounds left of a HARP pinned duration (0: in force until the combatant's turn begins), ``None`` when none.

    The view's count (``stunned``…) is the pinned round minus the round: 0 both for « none » and for « ends when
    its turn begins » (the kernel lifts it then), so the pinned round itself (``stun_until``…) decides."""
    left = int(row.get(left_key) or 0)
    if left > 0:
        return left
    until = row.get(until_key)
    return 0 if until and int(until) >= now else None


PINNED = (("stunned", "stun_until"), ("must_parry", "must_parry_until"), ("no_parry", "no_parry_until"),
          ("lost", "lost_until"))


def _harp_pinned_text(key: str, left: int) -> str:
    label = {"stunned": _("stunned"), "must_parry": _("must parry"), "no_parry": _("no parry"),
             "lost": _("no action")}[key]
    when = rds(left) if left else _("until its turn")
    return f"{label} {when}"


def harp_conditions(row: Mapping[str, Any], now: int) -> list[str]:
    """A HARP combatant's conditions, as the board shows them (every one still in force, with its rounds left)."""
    marks = []
    if row["bleed"]:
        marks.append(_("bleeds {n}").format(n=row["bleed"]))
    for key, until_key in PINNED:
        left = _pinned(row, key, until_key, now)
        if left is not None:
            marks.append(_harp_pinned_text(key, left))
    if row["penalty"]:
        marks.append(_("penalty {n}").format(n=row["penalty"]))
    for flag, text in (("shaken", _("shaken")), ("prone", _("on the ground")), ("disarmed", _("disarmed"))):
        if row[flag]:
            marks.append(text)
    if row["parry"]:
        marks.append(_("parries {who} +{n}").format(who=row["parry"]["against"], n=row["parry"]["bonus"]))
    if row["dodge"]:
        marks.append(_("dodge +{n}").format(n=row["dodge"]))
    if row.get("cover"):
        marks.append(_("cover +{melee} (shots +{missile})").format(melee=row["cover"][0], missile=row["cover"][1]))
    if row["dead"]:
        marks.append(_("passing away") if row.get("passing") else _("dead"))
    elif row["dying_in"]:
        marks.append(_("unconscious, passing away in {duration}").format(duration=rds(row["dying_in"])))
    elif row["down"]:
        marks.append(_("unconscious"))
    if row["removed"]:
        marks.append(_("out of the fight"))
    return marks


def harp_board(view: Mapping[str, Any], marks: GmMarks | None = None) -> list[str]:
    """HARP: the round, whose turn, every combatant in initiative order with hit points and conditions."""
    now = int(view["round"])
    order = {cid: i for i, cid in enumerate(view["order"])}
    rows = []
    for row in sorted(view["combatants"], key=lambda r: order.get(r["id"], len(order))):
        pointer = "▶" if row["id"] == view.get("current") else " "
        init = "" if row["initiative"] is None else initiative_text(int(row["initiative"]), short=True)
        rows.append((row["id"], [pointer, init, row["id"], _cut(pick(row["name"])), str(row["side"]),
                                 bar(row["hp"], row["hp_max"]), f"{row['hp']}/{row['hp_max']}"],
                     harp_conditions(row, now) + _gm_marks(marks, row["id"])))
    header = ["", _("Init"), _("Id"), _("Name"), _("Side"), _("HP"), ""]
    situation = harp_situation(view)
    return [_turn(view), *([situation] if situation else []), *_over(view), *_body(header, rows, marks),
            *_footer(marks)]


def harp_situation(view: Mapping[str, Any]) -> str:
    """What the GM set of the fight's situation and may forget: full sun, a side surprised this round (empty
    when neither)."""
    parts = []
    if view.get("full_sun"):
        parts.append(_("Full sun."))
    if view.get("surprised"):
        parts.append(_("Side {side} surprised this round.").format(side=view["surprised"]))
    return " ".join(parts)


def d100_hint(view: Mapping[str, Any]) -> str:
    """What the GM types now in a d100 fight, by phase."""
    phase = view.get("phase")
    if phase == "movement":
        return _("Movement phase: move WHO METRES, intent WHO TEXT; then actions (or any action: attack TARGET…) "
                 "and the DEX ranks act.")
    if phase == "actions" and view.get("current"):
        return _("{who} acts (DEX rank): attack TARGET, first-aid WHO, reload, pass, or auto.").format(
            who=view["current"])
    return ""


def d100_heading(view: Mapping[str, Any]) -> str:
    """« Round N, phase » of a d100 fight."""
    phases = {"movement": _("movement"), "actions": _("actions"), "over": _("over")}
    return _("Round {n}, {phase}").format(n=view["round"], phase=phases.get(view["phase"], view["phase"]))


def d100_conditions(row: Mapping[str, Any]) -> list[str]:
    """A d100 combatant's wounds, kneeling and state, as the boards show them."""
    states = {"ok": "", "unconscious": _("unconscious"), "dying": _("dying"), "dead": _("dead"),
              "out": _("out of the fight")}
    tail = []
    if row["wounds"]:
        tail.append(ngettext("wound {list}", "wounds {list}", len(row["wounds"])).format(
            list=", ".join(map(str, row["wounds"]))))
    if row.get("kneeling"):
        tail.append(_("kneeling"))
    if states.get(row["state"], row["state"]):
        tail.append(states.get(row["state"], row["state"]))
    return tail


def d100_board(view: Mapping[str, Any], marks: GmMarks | None = None) -> list[str]:
    """d100: the round and its phase with what to type, who acts, every combatant with hit points and wounds."""
    head = d100_heading(view)
    rows = []
    for row in view["combatants"]:
        pointer = "▶" if row["id"] == view.get("current") else " "
        rows.append((row["id"], [pointer, row["id"], _cut(pick(row["name"])), str(row["side"]),
                                 bar(row["hp"], row["hp_max"]), f"{row['hp']}/{row['hp_max']}"],
                     d100_conditions(row) + _gm_marks(marks, row["id"])))
    header = ["", _("Id"), _("Name"), _("Side"), _("Hit points"), ""]
    hint = d100_hint(view)
    return [head, *([hint] if hint else []), *_over(view), *_body(header, rows, marks), *_footer(marks)]


def tor_hint(view: Mapping[str, Any]) -> str:
    """What the GM types now in a One Ring fight, by phase."""
    phase = view.get("phase")
    if phase == "volleys":
        return _("Opening volleys: shoot WHO TARGET for each bow; close to begin close combat.")
    if phase == "stances":
        return _("Stances: stance HERO forward|open|defensive|rearward; then engage HERO ADVERSARY, or fight.")
    if phase == "engagement":
        return _("Engagement: engage HERO ADVERSARY (assign, rear); fight to begin the resolution.")
    if phase == "resolution" and view.get("current"):
        who = next((pick(r["name"]) if isinstance(r["name"], dict) else r["name"] for r in view["combatants"]
                    if r["id"] == view["current"]), view["current"])
        return _("{who} acts: attack TARGET, task ID, pass, or auto.").format(who=who)
    return ""


def tor_heading(view: Mapping[str, Any]) -> str:
    """« Round N, phase » of a One Ring fight."""
    phases = {"volleys": _("opening volleys"), "stances": _("stances"), "engagement": _("engagement"),
              "resolution": _("resolution"), "over": _("over")}
    return _("Round {n}, {phase}").format(n=view["round"], phase=phases.get(view["phase"], view["phase"]))


def tor_conditions(row: Mapping[str, Any]) -> list[str]:
    """A One Ring combatant's wounds, hope, load, weariness, complication, what lies on the ground, whom it faces
    and its state, as the boards show them."""
    tail = []
    if row["wounds"]:
        tail.append(ngettext("{n} wound", "{n} wounds", row["wounds"]).format(n=row["wounds"]))
    if row.get("hope_max"):
        tail.append(_("Hope {n}/{max}").format(n=row["hope"], max=row["hope_max"]))
    if row.get("load") is not None:
        tail.append(_("load {n}").format(n=row["load"]))
    if row.get("weary"):
        tail.append(_("weary"))
    if row.get("complication"):
        tail.append(_("complication −{n}d").format(n=row["complication"]))
    if row.get("dropped"):
        tail.append(_("on the ground: {items}").format(items=", ".join(_item(i) for i in row["dropped"])))
    if row.get("opponents") and row["standing"]:
        tail.append(_("against {ids}").format(ids=", ".join(row["opponents"])))
    if row["dying"]:
        tail.append(_("dying"))
    elif not row["standing"]:
        tail.append(_("out of the fight"))
    return tail


def tor_board(view: Mapping[str, Any], marks: GmMarks | None = None) -> list[str]:
    """The One Ring: the round and its phase with what to type, who acts, every combatant with stance, endurance,
    wounds, hope."""
    head = tor_heading(view)
    rows = []
    for row in view["combatants"]:
        tail = tor_conditions(row)
        pointer = "▶" if row["id"] == view.get("current") else " "
        stance = _stance(row["stance"]) if row["stance"] else _("adversary")
        rows.append((row["id"], [pointer, row["id"], _cut(pick(row["name"])), stance,
                                 bar(row["endurance"], row["endurance_max"]),
                                 f"{row['endurance']}/{row['endurance_max']}"],
                     tail + _gm_marks(marks, row["id"])))
    header = ["", _("Id"), _("Name"), _("Stance"), _("Endurance"), ""]
    hint = tor_hint(view)
    return [head, *([hint] if hint else []), *_over(view), *_body(header, rows, marks), *_footer(marks)]


Board = Callable[[Mapping[str, Any], GmMarks | None], list[str]]
"""A system's board: its lines from a fight's view and the GM's marks (a declaration's ``board`` entry)."""


def board_lines(system: str, fight: Any, marks: GmMarks | None = None) -> list[str] | None:
    """The board of a fight of ``system`` with the GM's marks, or ``None`` for a system without one here."""
    declared = next((s for s in SYSTEMS if s.id == system and s.board), None)
    if declared is None:
        return None
    shape: Board = declared.entry("board")
    return shape(fight.view(), marks)
