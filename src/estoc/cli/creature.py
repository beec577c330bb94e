"""``estoc creature``: list the bestiary, show a stat block at any level."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from estoc.cli.app import content_folders
from estoc.cli.common import console, print_json
from estoc.content.models.harp_creatures import Creature
from estoc.content.registry import load_content
from estoc.i18n import _, pick
from estoc.render.harp_creature import size_name, stat_block_lines
from estoc.systems.harp.creatures import stat_block


def register(app: typer.Typer) -> None:
    group = typer.Typer(help=_("The HARP bestiary: list creatures, show a stat block at any level."),
                        no_args_is_help=True)
    app.add_typer(group, name="creature")

    @group.command("list", help=_("List the creatures."))
    def list_creatures(ctx: typer.Context,
                       as_json: Annotated[bool, typer.Option("--json", help=_("Print JSON."))] = False) -> None:
        content = load_content(content_folders(ctx))
        rows: list[dict[str, Any]] = []
        for creature in content.all("harp", "creatures", Creature):
            block = stat_block(content, creature)
            rows.append({"id": creature.id, "name": creature.name.as_dict(), "level": block.level,
                         "size": creature.size, "hit_points": block.hit_points.total, "db": block.db.total,
                         "ob": block.attacks[0].ob})
        if as_json:
            print_json(rows)
            return
        out = console()
        for row in rows:
            out.print(_("{id}: {name} (level {level}, {size}, {hp} HP, DB {db}, OB {ob})").format(
                id=row["id"], name=pick(row["name"]), level=row["level"], size=size_name(str(row["size"])),
                hp=row["hit_points"], db=row["db"], ob=row["ob"]), markup=False)

    @group.command("show", help=_("Show a creature's stat block, recomputed at --level if given."))
    def show(ctx: typer.Context,
             creature_id: Annotated[str, typer.Argument(metavar="ID", help=_("Creature id."))],
             level: Annotated[int | None, typer.Option("--level", help=_("Level to scale it to."))] = None,
             as_json: Annotated[bool, typer.Option("--json", help=_("Print JSON."))] = False) -> None:
        content = load_content(content_folders(ctx))
        creature = content.get("harp", "creatures", creature_id, Creature)
        block = stat_block(content, creature, level).as_dict()
        if as_json:
            print_json(block)
            return
        names = {k: pick(v.record.name.as_dict()) for kind in ("attack-tables", "critical-tables")
                 for k, v in content.kind("harp", kind).items()}
        out = console()
        for line in stat_block_lines(block, names):
            out.print(line, markup=False)
