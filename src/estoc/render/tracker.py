"""What the tracker itself answers (undo, redo), told the same way whatever the rule system."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from estoc.i18n import _


def tracker_lines(record: Mapping[str, Any]) -> list[str]:
    """Lines for a ``{"kind": "tracker", …}`` record: what an undo took back or a redo brought back, and where the
    fight now stands."""
    verb = record.get("verb")
    if verb not in ("undo", "redo"):
        return []
    if not record.get("done"):
        return [_("Nothing to undo.") if verb == "undo" else _("Nothing to redo.")]
    what = str(record.get("line") or record.get("type") or "?")
    steps = record.get("steps")
    if verb == "undo":
        line = (_("Undone: {what} ({n} turns).") if steps else _("Undone: {what}.")).format(what=what, n=steps)
    else:
        line = (_("Redone: {what} ({n} turns).") if steps else _("Redone: {what}.")).format(what=what, n=steps)
    lines = [line]
    if record.get("round") is not None:
        current = record.get("current")
        lines.append(_("Now round {round}, {current}'s turn.").format(round=record["round"], current=current)
                     if current else _("Now round {round}.").format(round=record["round"]))
    return lines
