"""The board as data for the web page: one row per combatant, over a fight's ``view()``, for each system.

The terminal's board (:mod:`estoc.render.board`) lays the same facts out as text; here they are cells and lists that
the templates lay out as a table, and the players' view words an adversary's state instead of its numbers.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from estoc.i18n import _, pick
from estoc.render.board import (
    GmMarks,
    d100_conditions,
    d100_distances,
    d100_heading,
    d100_hint,
    d100_nearest,
    d100_rank,
    harp_conditions,
    harp_ob_db,
    harp_situation,
    in_order,
    over_line,
    rds,
    side_name,
    tor_conditions,
    tor_heading,
    tor_hint,
    tor_situation,
)
from estoc.render.board_view import board_view
from estoc.render.harp_fight import initiative_text
from estoc.render.tor_fight import _stance
from estoc.render.veil import health_words
from estoc.systems.base import find_system


@dataclass
class Row:
    """One combatant on the board."""

    id: str
    name: str
    side: str
    player: bool
    value: int
    maximum: int
    current: bool
    out: bool
    initiative: str = ""
    stance: str = ""
    ob: str = ""
    db: str = ""
    distance: str = ""
    conditions: list[str] = field(default_factory=list)
    marks: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def percent(self) -> int:
        """The bar's width, 0 to 100 (one at least while any is left)."""
        if self.maximum <= 0 or self.value <= 0:
            return 0
        return max(1, min(100, round(100 * self.value / self.maximum)))

    @property
    def health(self) -> str:
        """An adversary's state in words, as the players see it."""
        return health_words(self.value, self.maximum, self.out)


@dataclass
class Board:
    """The fight at a glance."""

    system: str
    round: int
    heading: str
    hint: str
    over: str
    current: str
    order: list[str]
    rows: list[Row]
    measure: str
    timers: list[str]
    situation: str = ""
    """What the GM set or the round holds for everyone (full sun, a side surprised, a rally), shown to all."""
    edit: str = ""
    """The GM's command word that sets a combatant's hit points or endurance (``pdv``, ``endurance``): the board's
    click-to-edit types ``WORD ID N``."""


def _name(view: Mapping[str, Any], cid: str | None) -> str:
    if not cid:
        return ""
    return next((pick(r["name"]) for r in view["combatants"] if r["id"] == cid), cid)


def _marked(row: Row, marks: GmMarks | None) -> Row:
    for name, left in (marks or {}).get("conditions", {}).get(row.id, []):
        row.marks.append(name if left is None else f"{name} {rds(left)}")
    row.notes = list((marks or {}).get("notes", {}).get(row.id, []))
    return row


def harp_screen(view: dict[str, Any], marks: GmMarks | None) -> Board:
    now = int(view["round"])
    rows = []
    for r in in_order(view):
        out = bool(r["dead"] or r["down"] or r["removed"])
        ob, db = harp_ob_db(r)
        rows.append(_marked(Row(
            id=r["id"], name=pick(r["name"]), side=side_name(view, str(r["side"])), player=bool(r.get("player")),
            value=int(r["hp"]), maximum=int(r["hp_max"]), current=r["id"] == view.get("current"), out=out,
            initiative="" if r["initiative"] is None else initiative_text(int(r["initiative"]), short=True),
            ob=ob, db=db, conditions=harp_conditions(r, now)), marks))
    current = view.get("current")
    heading = (_("Round {n} — {who} to act").format(n=now, who=_name(view, current)) if current
               else _("Round {n}").format(n=now))
    return Board("harp", now, heading, "", over_line(view), str(current or ""), list(view["order"]),
                 rows, _("HP"), _timers(marks), situation=harp_situation(view), edit="pdv")


def d100_screen(view: dict[str, Any], marks: GmMarks | None) -> Board:
    rows = [_marked(Row(
        id=r["id"], name=pick(r["name"]), side=side_name(view, str(r["side"])), player=bool(r.get("player")),
        value=int(r["hp"]), maximum=int(r["hp_max"]), current=r["id"] == view.get("current"), out=r["state"] != "ok",
        initiative=d100_rank(r), distance=d100_nearest(r), conditions=d100_conditions(r)), marks)
        for r in in_order(view)]
    hint = " ".join(line for line in (d100_hint(view), d100_distances(view)) if line)
    return Board("d100", int(view["round"]), d100_heading(view), hint, over_line(view),
                 str(view.get("current") or ""), list(view.get("order") or []), rows, _("Hit points"), _timers(marks),
                 edit="pdv")


def tor_screen(view: dict[str, Any], marks: GmMarks | None) -> Board:
    rows = [_marked(Row(
        id=r["id"], name=pick(r["name"]), side=side_name(view, str(r["side"])), player=bool(r.get("player")),
        value=int(r["endurance"]), maximum=int(r["endurance_max"]), current=r["id"] == view.get("current"),
        out=not r["standing"], stance=_stance(r["stance"]) if r["stance"] else _("adversary"),
        conditions=tor_conditions(r)), marks) for r in in_order(view)]
    return Board("tor", int(view["round"]), tor_heading(view), tor_hint(view), over_line(view),
                 str(view.get("current") or ""), list(view.get("order") or []), rows, _("Endurance"), _timers(marks),
                 situation=tor_situation(view), edit="endurance")


def _timers(marks: GmMarks | None) -> list[str]:
    return [_("round {round}: {text}").format(round=at, text=text) for at, text in (marks or {}).get("timers", [])]


def board_of(system: str, fight: Any, marks: GmMarks | None = None) -> Board:
    """The board of a fight of ``system`` (an id) with the GM's marks."""
    return board_from_view(system, board_view(fight), marks)


def board_from_view(system: str, view: dict[str, Any], marks: GmMarks | None = None) -> Board:
    """:func:`board_of` over a view already taken, best a :func:`~estoc.render.board_view.board_view` (the
    system's declaration's ``screen_board`` entry).

    Raises:
        InputError: a system without a board on the GM's screen.
    """
    shape: Callable[[dict[str, Any], GmMarks | None], Board] = find_system(system).entry("screen_board")
    return shape(view, marks)
