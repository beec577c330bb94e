"""The typer application. Built at run time, after the language is chosen, so that help texts are translated."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from estoc.i18n import _


def build_app() -> Any:
    """The ``estoc`` command with its subcommands."""
    from estoc.cli import attack, content_cmd, creature, demo, fight, odds, simulate

    app = typer.Typer(name="estoc", help=_("Combat engine and game-master assistant for tabletop role-playing "
                                           "games (HARP · TdM, d100, The One Ring house rules)."),
                      no_args_is_help=True, add_completion=False, rich_markup_mode=None,
                      pretty_exceptions_enable=False)

    @app.callback()
    def root(ctx: typer.Context,
             lang: Annotated[str | None, typer.Option("--lang", help=_(
                 "Language of everything printed: fr or en (default: ESTOC_LANG, then the locale)."))] = None,
             content: Annotated[list[Path] | None, typer.Option("--content", help=_(
                 "A folder of your own content, laid over the shipped one (repeatable; also ESTOC_CONTENT)."))
             ] = None) -> None:
        ctx.obj = {"content": list(content or [])}

    attack.register(app)
    demo.register(app)
    fight.register(app)
    odds.register(app)
    content_cmd.register(app)
    creature.register(app)
    simulate.register(app)
    return typer.main.get_command(app)


def content_folders(ctx: typer.Context) -> list[Path]:
    obj: dict[str, Any] = ctx.find_root().obj or {}
    return list(obj.get("content", []))
