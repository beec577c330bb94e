"""Helpers shared by the commands: loading content, printing."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from typing import Any, TypeVar

import typer
from rich.console import Console
from typer.core import TyperCommand

from estoc.errors import InputError
from estoc.i18n import _, pick
from estoc.systems.base import SYSTEMS

T = TypeVar("T")


def console() -> Console:
    return Console(highlight=False, soft_wrap=True)


def print_json(data: Any) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=2))


def system_options() -> dict[str, tuple[str, ...]]:
    """Options that belong to one rule system only (``estoc attack``, ``estoc odds attack``), by system id, as each
    system declares them."""
    return {system.id: system.options for system in SYSTEMS}


def given_options(ctx: typer.Context, names: tuple[str, ...]) -> list[str]:
    """Which of these options the user typed on the command line (a default typed by hand counts too)."""
    typed: set[str] = set()
    for param in ctx.command.params:
        source = ctx.get_parameter_source(param.name) if param.name else None
        if source is not None and source.name == "COMMANDLINE":
            typed.update(getattr(param, "opts", []))
    return [name for name in names if name in typed]


def refuse_foreign_options(ctx: typer.Context, system: str) -> None:
    """Options of another rule system make no sense to this one: say so rather than ignore them."""
    options = system_options()
    own = options.get(system, ())
    for other, names in options.items():
        given = given_options(ctx, tuple(n for n in names if n not in own)) if other != system else []
        if given:
            raise InputError(_("{options}: options of the {other} system, not of {system}; choose it with "
                               "--system {other}").format(options=", ".join(given), other=other, system=system))


def options_of(cls: type[T], values: dict[str, Any]) -> T:
    """The fields of the dataclass ``cls`` taken from a command's parameters (``locals()``)."""
    return cls(**{f.name: values[f.name] for f in dataclasses.fields(cls)})  # type: ignore[arg-type]


def weapon_number(owner: dict[str, str], carried: Sequence[str], weapon: str | None) -> int:
    """The weapon a command names among those ``owner`` carries, by its id or its number from 1 (default: 1)."""
    if weapon is None:
        return 1
    if weapon.isdigit():
        if not 1 <= int(weapon) <= len(carried):
            raise InputError(_("{name} has {count} weapon(s): choose 1 to {count}, not {index}").format(
                name=pick(owner), count=len(carried), index=weapon))
        return int(weapon)
    if weapon in carried:
        return carried.index(weapon) + 1
    raise InputError(_("{name} carries no {weapon}; their weapons: {known}").format(
        name=pick(owner), weapon=weapon, known=", ".join(carried)))


def _grouped_command_class() -> type:
    class SystemGroupedCommand(TyperCommand):
        """A command whose help lists the options shared by every rule system first, then each system's own under
        its name (``estoc attack --help``): a HARP user need not read past the d100 and One Ring options."""

        def format_options(self, ctx: Any, formatter: Any) -> None:
            titles = {"": _("Options"), **{system.id: system.options_title() for system in SYSTEMS}}
            arguments: list[tuple[str, str]] = []
            groups: dict[str, list[tuple[str, str]]] = {key: [] for key in titles}
            for param in self.get_params(ctx):
                record = param.get_help_record(ctx)
                if record is None:
                    continue
                if param.param_type_name == "argument":
                    arguments.append(record)
                    continue
                systems = [system for system, names in system_options().items() if set(param.opts) & set(names)]
                groups[systems[0] if len(systems) == 1 else ""].append(record)
            if arguments:
                with formatter.section(_("Arguments")):
                    formatter.write_dl(arguments)
            for key, records in groups.items():
                if records:
                    with formatter.section(titles[key]):
                        formatter.write_dl(records)

    return SystemGroupedCommand


GROUPED: dict[str, Any] = {}
"""``cls=`` for a command whose options belong to several rule systems (see :func:`grouped`)."""


def grouped() -> dict[str, Any]:
    """The ``@app.command`` keyword that groups a command's help by rule system."""
    if not GROUPED:
        GROUPED["cls"] = _grouped_command_class()
    return GROUPED
