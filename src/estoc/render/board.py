"""The board: the state of a fight at a glance, one function per system, over the fight's ``view()``.

A board is a small table a GM keeps an eye on, as a combat tracker shows it: the round and whose turn, what to type
in the current phase, then one row per combatant in the order they act (the id the commands take, the name, hit
points or endurance as a bar and as numbers, what the GM decides from: HARP's OB and DB now, d100's DEX and the
distance to the nearest foe, the One Ring's stance and whom each faces; conditions with their rounds left, broken
or dropped gear, task states, the GM's own marks), the GM's notes under their combatant and the timers still to
fire. The facts beyond a fight's ``view()`` come from :func:`estoc.render.board_view.board_view`. The session
shows it after every command that changes the fight; the narration is told elsewhere (``render/*_fight.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from estoc.i18n import _, ngettext, pick
from estoc.render.board_view import board_view
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


def signed(n: int) -> str:
    """A modifier with its sign, a true minus for a negative one (+10, −10)."""
    return f"{n:+d}".replace("-", "−")


def in_order(view: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The rows in the order of action (the round's order; those outside it after, as the view lists them). Before a
    round's order is drawn up, by the rank the board facts give (d100's DEX rank, which movement cuts): the highest
    first."""
    order = {cid: i for i, cid in enumerate(view.get("order") or [])}
    if not order and any("rank" in r for r in view["combatants"]):
        return sorted(view["combatants"], key=lambda r: -int(r.get("rank") or 0))
    return sorted(view["combatants"], key=lambda r: order.get(r["id"], len(order)))


def side_name(view: Mapping[str, Any], side: str) -> str:
    """A side's name, as the encounter names it; the One Ring's two sides, whose names no encounter gives, in
    words; its id otherwise."""
    name = (view.get("side_names") or {}).get(side)
    if isinstance(name, dict):
        return pick(name)
    return {"heroes": _("The heroes"), "adversaries": _("The adversaries")}.get(str(side), str(side))


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
    winner = view.get("winner")
    winner = pick(name) if isinstance(name, dict) else side_name(view, str(winner)) if winner is not None else None
    return _("The fight is over — victory: {side}.").format(side=winner or "—")


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


def harp_ob_db(row: Mapping[str, Any]) -> tuple[str, str]:
    """A HARP combatant's OB and DB as the rules use them now (the sheet's when the view has no board facts)."""
    return str(row.get("ob_now", row["ob"])), str(row.get("db_now", row["db"]))


def harp_board(view: Mapping[str, Any], marks: GmMarks | None = None) -> list[str]:
    """HARP: the round, whose turn, every combatant in initiative order with its OB and DB now, hit points and
    conditions."""
    now = int(view["round"])
    rows = []
    for row in in_order(view):
        pointer = "▶" if row["id"] == view.get("current") else " "
        init = "" if row["initiative"] is None else initiative_text(int(row["initiative"]), short=True)
        ob, db = harp_ob_db(row)
        rows.append((row["id"], [pointer, init, row["id"], _cut(pick(row["name"])),
                                 _cut(side_name(view, str(row["side"])), 14), ob, db,
                                 bar(row["hp"], row["hp_max"]), f"{row['hp']}/{row['hp_max']}"],
                     harp_conditions(row, now) + _gm_marks(marks, row["id"])))
    header = ["", _("Init"), _("Id"), _("Name"), _("Side"), _("OB"), _("DB"), _("HP"), ""]
    situation = harp_situation(view)
    return [_turn(view), *([situation] if situation else []), *_over(view), *_body(header, rows, marks),
            *_footer(marks)]


def harp_situation(view: Mapping[str, Any]) -> str:
    """What the GM set of the fight's situation and may forget: full sun, a side surprised this round (by its
    name), the fight's modifier (empty when none)."""
    parts = []
    if view.get("full_sun"):
        parts.append(_("Full sun."))
    if view.get("surprised"):
        parts.append(_("Surprised this round: {side}.").format(side=side_name(view, str(view["surprised"]))))
    if view.get("fight_mod"):
        parts.append(_("Fight modifier {n} to every attack.").format(n=signed(int(view["fight_mod"]))))
    return " ".join(parts)


def d100_hint(view: Mapping[str, Any]) -> str:
    """What the GM types now in a d100 fight, by phase."""
    phase = view.get("phase")
    if phase == "movement":
        return _("Movement phase: move WHO METRES, intent WHO TEXT; then actions (or any action: attack TARGET…) "
                 "and the DEX ranks act.")
    if phase == "actions" and view.get("current"):
        who = next((pick(r["name"]) for r in view["combatants"] if r["id"] == view["current"]), view["current"])
        return _("{who} acts (DEX rank): attack TARGET, first-aid WHO, reload, pass, or auto.").format(who=who)
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
    if row.get("broken"):
        tail.append(_("broken: {items}").format(items=", ".join(row["broken"])))
    for weapon, ready in row.get("unready", []):
        tail.append(_("{weapon} not loaded").format(weapon=weapon) if ready is None else
                    _("{weapon} ready round {n}").format(weapon=weapon, n=ready))
    if states.get(row["state"], row["state"]):
        tail.append(states.get(row["state"], row["state"]))
    return tail


def d100_rank(row: Mapping[str, Any]) -> str:
    """A d100 combatant's DEX rank this round, its DEX beside when its movement cut it (« 8 (15) »)."""
    dex = row.get("dex", "")
    rank = row.get("rank", dex)
    return str(dex) if rank == dex else f"{rank} ({dex})"


def d100_nearest(row: Mapping[str, Any]) -> str:
    """The metres to a d100 combatant's nearest standing foe (empty without distances or foes)."""
    distances = row.get("distances") or {}
    return _("{n} m").format(n=min(distances.values())) if distances and row["state"] == "ok" else ""


def d100_distances(view: Mapping[str, Any]) -> str:
    """How far the combatant acting now stands from each standing foe (empty when none acts or no distance is
    set): what a move, a charge or a shot depends on."""
    current = next((r for r in view["combatants"] if r["id"] == view.get("current")), None)
    if current is None or not current.get("distances"):
        return ""
    return _("Distances from {who}: {list}.").format(who=current["id"], list=", ".join(
        _("{who} {n} m").format(who=who, n=metres) for who, metres in current["distances"].items()))


def d100_board(view: Mapping[str, Any], marks: GmMarks | None = None) -> list[str]:
    """d100: the round and its phase with what to type, who acts and how far it stands from each foe, every
    combatant by DEX rank with hit points, the nearest foe's distance, wounds and broken gear."""
    head = d100_heading(view)
    rows = []
    for row in in_order(view):
        pointer = "▶" if row["id"] == view.get("current") else " "
        rows.append((row["id"], [pointer, d100_rank(row), row["id"], _cut(pick(row["name"])),
                                 _cut(side_name(view, str(row["side"])), 14),
                                 bar(row["hp"], row["hp_max"]), f"{row['hp']}/{row['hp_max']}", d100_nearest(row)],
                     d100_conditions(row) + _gm_marks(marks, row["id"])))
    header = ["", _("DEX"), _("Id"), _("Name"), _("Side"), _("Hit points"), "", _("Foe at")]
    lines = [line for line in (d100_hint(view), d100_distances(view)) if line]
    return [head, *lines, *_over(view), *_body(header, rows, marks), *_footer(marks)]


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
    tail += tor_tasks(row)
    if row.get("opponents") and row["standing"]:
        tail.append(_("against {names}").format(names=", ".join(row.get("opponent_names") or row["opponents"])))
    if row["dying"]:
        tail.append(_("dying"))
    elif not row["standing"]:
        tail.append(_("out of the fight"))
    return tail


def tor_tasks(row: Mapping[str, Any]) -> list[str]:
    """What combat tasks left on a One Ring combatant (:func:`estoc.render.board_view.board_view`'s ``tasks``)."""
    words = {"challenge": lambda n, who: _("in a challenge with {who}").format(who=who),
             "protected": lambda n, who: _("protected by {who} (−{n}d)").format(who=who, n=n),
             "bonus": lambda n, who: _("+{n}d to its next attack").format(n=n),
             "lasting": lambda n, who: _("+{n}d to each attack").format(n=n),
             "hold": lambda n, who: (_("holds its position (next attack on it ill-favoured)") if n == 1 else
                                     _("holds its position (next {n} attacks on it ill-favoured)").format(n=n)),
             "counter": lambda n, who: ngettext("{n} counter-attack left", "{n} counter-attacks left", n).format(n=n),
             "regain": lambda n, who: _("regaining its position")}
    return [words[kind](int(n), str(who)) for kind, n, who in row.get("tasks", []) if kind in words]


def tor_situation(view: Mapping[str, Any]) -> str:
    """The stances a rally lifts this round (empty when none)."""
    rallied = view.get("rally") or []
    if not rallied:
        return ""
    return _("Rallied this round: +1d to the {stances} stances.").format(stances=", ".join(map(_stance, rallied)))


def tor_board(view: Mapping[str, Any], marks: GmMarks | None = None) -> list[str]:
    """The One Ring: the round and its phase with what to type, who acts, every combatant in the order of action
    with stance, endurance, wounds, hope, weariness, task states and whom it faces."""
    head = tor_heading(view)
    rows = []
    for row in in_order(view):
        tail = tor_conditions(row)
        pointer = "▶" if row["id"] == view.get("current") else " "
        stance = _stance(row["stance"]) if row["stance"] else _("adversary")
        rows.append((row["id"], [pointer, row["id"], _cut(pick(row["name"])), stance,
                                 bar(row["endurance"], row["endurance_max"]),
                                 f"{row['endurance']}/{row['endurance_max']}"],
                     tail + _gm_marks(marks, row["id"])))
    header = ["", _("Id"), _("Name"), _("Stance"), _("Endurance"), ""]
    lines = [line for line in (tor_hint(view), tor_situation(view)) if line]
    return [head, *lines, *_over(view), *_body(header, rows, marks), *_footer(marks)]


Board = Callable[[Mapping[str, Any], GmMarks | None], list[str]]
"""A system's board: its lines from a fight's view and the GM's marks (a declaration's ``board`` entry)."""


def board_lines(system: str, fight: Any, marks: GmMarks | None = None) -> list[str] | None:
    """The board of a fight of ``system`` with the GM's marks, or ``None`` for a system without one here."""
    declared = next((s for s in SYSTEMS if s.id == system and s.board), None)
    if declared is None:
        return None
    shape: Board = declared.entry("board")
    return shape(board_view(fight), marks)
