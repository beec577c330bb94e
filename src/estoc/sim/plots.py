"""A run's results as one PNG: how long the fights last, and what becomes of each combatant.

Matplotlib is an optional extra (``estoc[plots]``); it is imported only here, by name, with the Agg backend (no
display needed).
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

from estoc.errors import InputError
from estoc.i18n import _, pick
from estoc.sim.summary import SimSummary

COLOURS = {"standing": "#4c9a2a", "fled": "#9e9e9e", "out": "#e0a030", "dead": "#b22222"}


def require_matplotlib() -> Any:
    """``matplotlib.pyplot`` on the Agg backend; InputError saying what to install when it is missing."""
    try:
        matplotlib: Any = importlib.import_module("matplotlib")
    except ImportError:
        raise InputError(_("drawing a plot needs matplotlib: install estoc[plots]")) from None
    matplotlib.use("Agg")
    return importlib.import_module("matplotlib.pyplot")


def fates(s: SimSummary) -> list[tuple[str, dict[str, float]]]:
    """Each combatant's shares of the fights that left it standing, fled, out of the fight (alive), dead."""
    rows = []
    for c in s.combatants:
        out_alive = c.out.value - c.dead.value
        standing = max(0.0, 1.0 - c.out.value - c.fled.value)
        rows.append((pick(c.name), {"standing": standing, "fled": c.fled.value, "out": out_alive,
                                    "dead": c.dead.value}))
    return rows


def plot_summary(summary: SimSummary, path: Path, other: SimSummary | None = None) -> None:
    """Draw the length distribution and the combatants' fates into ``path`` (a comparison: both runs)."""
    plt = require_matplotlib()
    runs = [("A", summary), ("B", other)] if other is not None else [("", summary)]
    rows: list[tuple[str, dict[str, float]]] = []
    for label, run in runs:
        assert run is not None
        rows.extend((f"{name} ({label})" if label else name, shares) for name, shares in fates(run))
    # Constrained layout keeps the legend below the bars clear of the axis label.
    figure, (left, right) = plt.subplots(1, 2, figsize=(13, max(4.0, 0.4 * len(rows) + 2.0)), layout="constrained")
    try:
        for label, run in runs:
            assert run is not None
            counts = run.length.histogram
            shares = [k / run.n for k in counts]
            last = max((r for r, k in enumerate(counts, start=1) if k), default=1)
            left.step(range(1, last + 1), shares[:last], where="mid", label=label or None)
        left.xaxis.set_major_locator(importlib.import_module("matplotlib.ticker").MaxNLocator(integer=True))
        left.set_title(_("Length of the fights"))
        left.set_xlabel(_("rounds"))
        left.set_ylabel(_("share of the fights"))
        if other is not None:
            left.legend()
        names = {"standing": _("standing"), "fled": _("fled"), "out": _("out of the fight"), "dead": _("dead")}
        y = list(range(len(rows)))
        start = [0.0] * len(rows)
        for key, colour in COLOURS.items():
            widths = [shares[key] for _name, shares in rows]
            right.barh(y, widths, left=start, color=colour, label=names[key])
            start = [a + b for a, b in zip(start, widths, strict=True)]
        right.set_yticks(y, [name for name, _shares in rows])
        right.invert_yaxis()
        right.set_xlim(0, 1)
        right.set_title(_("What becomes of each combatant"))
        right.set_xlabel(_("share of the fights"))
        # Below the axes: inside, it would hide the last combatant's bar.
        right.legend(loc="upper center", bbox_to_anchor=(0.5, -0.12), ncol=len(COLOURS), fontsize="small")
        figure.suptitle(pick(summary.name))
        try:
            figure.savefig(path, dpi=100)
        except (OSError, ValueError) as exc:
            raise InputError(_("cannot write the plot: {error}").format(error=exc)) from exc
    finally:
        plt.close(figure)
