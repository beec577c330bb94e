"""``estoc content``: validate content folders, export JSON Schemas, list records."""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path
from typing import Annotated

import typer

from estoc.cli.app import content_folders
from estoc.cli.common import console, print_json
from estoc.content.loader import KINDS, content_files
from estoc.content.registry import load_content, load_folder, shipped_folder
from estoc.content.schema import all_schemas, kind_schema
from estoc.errors import ContentError, InputError
from estoc.i18n import _, ngettext, pick
from estoc.systems.harp.tables import compile_tables
from estoc.systems.references import reference_problems


def register(app: typer.Typer) -> None:
    group = typer.Typer(help=_("Check, describe and list content (weapons, tables, armour…)."),
                        no_args_is_help=True)
    app.add_typer(group, name="content")

    @group.command("validate", help=_("Check every content file of a folder (default: the shipped content), "
                                      "and the ids they refer to."))
    def validate(ctx: typer.Context,
                 folder: Annotated[Path | None, typer.Argument(help=_("Folder to check."))] = None) -> None:
        target = folder or shipped_folder()
        content = load_folder(shipped_folder())
        for extra in content_folders(ctx):
            load_folder(extra, content)
        if folder is not None:
            load_folder(folder, content)
        compile_tables(content)
        problems = reference_problems(content, target)
        if problems:
            raise ContentError(problems)
        files = len(content_files(target))
        records = sum(1 for items in content.records.values() for item in items.values()
                      if target.resolve() in item.path.resolve().parents)
        console().print(ngettext("{n} file", "{n} files", files).format(n=files) + ", "
                        + ngettext("{n} record", "{n} records", records).format(n=records) + ": "
                        + _("all valid."), markup=False)

    @group.command("schema", help=_("Print the JSON Schema of a kind of content file (all kinds without KIND), "
                                    "or write one file per kind into --out."))
    def schema(kind: Annotated[str | None, typer.Argument(help=_("system/kind, e.g. harp/weapons."))] = None,
               out: Annotated[Path | None, typer.Option("--out", help=_("Folder to write the schemas into."))
                              ] = None) -> None:
        if kind is not None:
            system, _sep, name = kind.partition("/")
            if (system, name) not in KINDS:
                raise InputError(_("unknown kind {kind!r}; known: {known}").format(
                    kind=kind, known=", ".join(f"{s}/{k}" for s, k in sorted(KINDS))))
            schemas = {kind: kind_schema(system, name)}
        else:
            schemas = all_schemas()
        if out is None:
            print_json(schemas[kind] if kind is not None else schemas)
            return
        out.mkdir(parents=True, exist_ok=True)
        for key, value in schemas.items():
            (out / (key.replace("/", "-") + ".schema.json")).write_text(
                json.dumps(value, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
        console().print(_("{n} schemas written to {path}.").format(n=len(schemas), path=out), markup=False)

    @group.command("list", help=_("List the records of a kind (e.g. harp/weapons), or of every kind of a system "
                                  "(e.g. tor); with NAME, only those whose id or name holds it (accents and case "
                                  "aside)."))
    def list_records(ctx: typer.Context,
                     kind: Annotated[str, typer.Argument(help=_("system/kind, e.g. harp/weapons, or a system."))],
                     name: Annotated[str | None, typer.Argument(help=_("Part of an id or a name to look for."))
                                     ] = None) -> None:
        system, _sep, part = kind.partition("/")
        kinds = [(system, part)] if part else [k for k in sorted(KINDS) if k[0] == system]
        if not kinds or any(k not in KINDS for k in kinds):
            raise InputError(_("unknown kind {kind!r}; known: {known}").format(
                kind=kind, known=", ".join(f"{s}/{k}" for s, k in sorted(KINDS))))
        content = load_content(content_folders(ctx))
        out = console()
        wanted = _folded(name or "")
        found = 0
        for one_system, one_kind in kinds:
            rows = []
            for record_id, item in sorted(content.kind(one_system, one_kind).items()):
                label = getattr(item.record, "name", None)
                names = label.as_dict() if label is not None else {}
                if wanted and not any(wanted in _folded(text) for text in (record_id, *names.values())):
                    continue
                rows.append(f"{record_id}\t{pick(names) if names else ''}")
            if len(kinds) > 1 and rows:
                out.print(f"# {one_system}/{one_kind}", markup=False)
            for row in rows:
                out.print(row, markup=False)
            found += len(rows)
        if wanted and not found:
            raise InputError(_("nothing in {kind} holds {name!r}").format(kind=kind, name=name))


def _folded(text: str) -> str:
    """``text`` without accents nor case, to compare names as a reader types them (« epee » finds « Épée »)."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c)).replace("œ", "oe")
