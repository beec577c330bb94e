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
from estoc.render.board import harp_board
from estoc.render.harp_fight import summary_lines


def sample_encounter() -> Path:
    return Path(str(resources.files("estoc.play").joinpath("samples", "embuscade.yaml")))


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
                tell(tracker, tracker.records, out)
                tell(tracker, tracker.auto_to_end(), out)
            out.write("\n".join(["", *harp_board(tracker.fight.view()), "",
                                 *summary_lines(tracker.fight.summary())]) + "\n")
            store.close()
