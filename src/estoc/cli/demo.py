"""``estoc demo``: a sample HARP fight, a small company against orcs and a warg, played by the default policies
with a fixed seed and told round by round, ending with the summary; ``--interactive`` lets you play the heroes."""

from __future__ import annotations

import sys
import tempfile
from importlib import resources
from pathlib import Path
from typing import Annotated, Any

import typer

from estoc.cli.fight import FightShell, new_tracker, open_store, tell
from estoc.cli.guard import EscapedWriter
from estoc.i18n import _
from estoc.play.harp import hit_points
from estoc.render.board import harp_board
from estoc.render.harp_fight import summary_lines
from estoc.systems.harp.fight import HarpFight


def sample_encounter() -> Path:
    return Path(str(resources.files("estoc.play").joinpath("samples", "embuscade.yaml")))


def _no_hint(record: dict[str, Any]) -> dict[str, Any]:
    """A record without the initiative hint for players (``to_roll``)."""
    return {k: v for k, v in record.items() if k != "to_roll"}


def register(app: typer.Typer) -> None:
    @app.command("demo", help=_("A sample HARP fight (a company against orcs and a warg), played by estoc and told "
                                "round by round; --interactive to play the heroes."))
    def demo(ctx: typer.Context,
             seed: Annotated[int, typer.Option("--seed", help=_("Seed of the dice."))] = 7,
             encounter: Annotated[Path | None, typer.Option("--encounter", help=_(
                 "Another encounter file to play."))] = None,
             interactive: Annotated[bool, typer.Option("--interactive", help=_("Play the heroes yourself."))
                                    ] = False,
             db: Annotated[Path | None, typer.Option("--db", help=_(
                 "Keep the fight in this store (default: a temporary one)."))] = None) -> None:
        with tempfile.TemporaryDirectory() as folder:
            store = open_store(db or Path(folder) / "demo.db")
            tracker = new_tracker(ctx, store, encounter or sample_encounter(), seed, beasts_flee=False)
            out: Any = EscapedWriter(sys.stdout)
            if interactive:
                FightShell(tracker, creatures_auto=True).cmdloop()
            else:
                # estoc plays everyone: no player rolls initiative at this table, so the hint is left out.
                tell(tracker, [_no_hint(r) for r in tracker.records], out)
                tell(tracker, [_no_hint(r) for r in tracker.auto_to_end()], out)
            fight = tracker.fight
            if isinstance(fight, HarpFight):
                end = [*harp_board(fight.view()), "", *summary_lines(fight.summary(), hit_points(fight))]
            else:  # another system's encounter: its own board and summary
                end = [*tracker.system.status_lines(fight), "", *tracker.system.summary_lines(fight)]
            out.write("\n".join(["", *end]) + "\n")
            store.close()
