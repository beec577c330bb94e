"""The typer application. Built at run time, after the language is chosen, so that help texts are translated."""

from __future__ import annotations

import importlib
from collections.abc import Iterator, MutableMapping
from pathlib import Path
from typing import Annotated, Any

import typer

from estoc.cli.completion import options
from estoc.i18n import _

COMMANDS = {"attack": "attack", "demo": "demo", "fight": "fight", "run": "fight", "log": "fight", "odds": "odds",
            "content": "content_cmd", "creature": "creature", "simulate": "simulate",
            "serve": "serve", "balance": "balance"}
"""Each subcommand of ``estoc`` and the module of :mod:`estoc.cli` that defines it (its ``register``)."""
SETTINGS: dict[str, Any] = {"no_args_is_help": True, "add_completion": False, "rich_markup_mode": None,
                            "pretty_exceptions_enable": False}


class LazyCommands(MutableMapping[str, Any]):
    """The subcommands, each module imported only when its command is asked for: ``estoc attack`` does not pay for
    the simulation's or the fight's imports (start-up is most of a short command's time). Listing the help imports
    them all."""

    def __init__(self, modules: dict[str, str]) -> None:
        self._modules = dict(modules)
        self._loaded: dict[str, Any] = {}

    def _load(self, name: str) -> Any:
        if name not in self._loaded:
            module = importlib.import_module(f"estoc.cli.{self._modules[name]}")
            holder = typer.Typer(**SETTINGS)
            holder.callback()(_nothing)
            module.register(holder)
            # lazy: pydantic (the content's bounds) loads once a command is built, not for --version or completion.
            from estoc.cli.bounds import bound_numbers

            commands = typer.main.get_command(holder).commands  # type: ignore[attr-defined]
            self._loaded.update({key: bound_numbers(command) for key, command in commands.items()})
        return self._loaded[name]

    def __getitem__(self, name: str) -> Any:
        if name in self._loaded or not self._modules.get(name):
            return self._loaded[name]  # a KeyError for a name no module defines
        return self._load(name)

    def __setitem__(self, name: str, command: Any) -> None:
        self._loaded[name] = command
        self._modules.setdefault(name, "")

    def __delitem__(self, name: str) -> None:
        self._modules.pop(name, None)
        self._loaded.pop(name, None)

    def __iter__(self) -> Iterator[str]:
        return iter(self._modules)

    def __len__(self) -> int:
        return len(self._modules)


def _nothing() -> None:
    """(A callback, so that a module's commands are built as a group's commands.)"""


def build_app() -> Any:
    """The ``estoc`` command; its subcommands are built when asked for (:class:`LazyCommands`)."""
    app = typer.Typer(name="estoc", help=_("Combat engine and game-master assistant for tabletop role-playing "
                                           "games (HARP · TdM, d100, The One Ring house rules)."), **SETTINGS)

    extra = options()

    @app.callback()
    def root(ctx: typer.Context,
             _version: bool = extra["version"],
             _show: str | None = extra["show"],
             _install: str | None = extra["install"],
             lang: Annotated[str | None, typer.Option("--lang", help=_(
                 "Language of everything printed: fr or en (default: ESTOC_LANG, then the locale)."))] = None,
             content: Annotated[list[Path] | None, typer.Option("--content", help=_(
                 "A folder of your own content, laid over the shipped one (repeatable; also ESTOC_CONTENT)."))
             ] = None) -> None:
        ctx.obj = {"content": list(content or [])}

    command = typer.main.get_command(app)
    command.commands = LazyCommands(COMMANDS)  # type: ignore[attr-defined]
    return command


def content_folders(ctx: typer.Context) -> list[Path]:
    obj: dict[str, Any] = ctx.find_root().obj or {}
    return list(obj.get("content", []))
