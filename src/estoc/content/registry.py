"""The content registry: every record by system, kind and id, with user folders laid over the shipped content."""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import TypeVar, cast

from pydantic import BaseModel

from estoc.content.cache import cached_records
from estoc.content.loader import LoadedRecord, content_files, load_file
from estoc.errors import ContentError, InputError, UnknownIdError
from estoc.i18n import _

T = TypeVar("T", bound=BaseModel)

ENV_VAR = "ESTOC_CONTENT"


def shipped_folder() -> Path:
    """The content folder inside the installed package."""
    return Path(str(resources.files("estoc.content").joinpath("data")))


@dataclass
class Content:
    """All records, by ``(system, kind)`` then id. Later folders replace earlier records with the same id."""

    records: dict[tuple[str, str], dict[str, LoadedRecord]] = field(default_factory=dict)
    digests: dict[str, str] = field(default_factory=dict, compare=False, repr=False)
    """Digests of a system's records, by system, kept by whoever computes them (the rules' stamp); emptied by
    :meth:`add`."""

    def add(self, loaded: Iterable[LoadedRecord]) -> None:
        self.digests.clear()
        for item in loaded:
            record_id = str(item.record.id)
            self.records.setdefault((item.system, item.kind), {})[record_id] = item

    def kind(self, system: str, kind: str) -> Mapping[str, LoadedRecord]:
        return self.records.get((system, kind), {})

    def get(self, system: str, kind: str, record_id: str, model: type[T]) -> T:
        """One record; :class:`UnknownIdError` (with the known ids) when there is none."""
        found = self.kind(system, kind).get(record_id)
        if found is None:
            known = ", ".join(sorted(self.kind(system, kind))) or "—"
            raise UnknownIdError(unknown_id_message(kind).format(id=record_id, known=known))
        return cast(T, found.record)

    def all(self, system: str, kind: str, model: type[T]) -> list[T]:
        """Every record of a kind, sorted by id."""
        return [cast(T, item.record) for _, item in sorted(self.kind(system, kind).items())]

    def where(self, system: str, kind: str, record_id: str) -> str:
        item = self.kind(system, kind).get(record_id)
        return f"{item.path}:{item.line}" if item else "?"


def load_folder(folder: Path, content: Content | None = None) -> Content:
    """Load every content file below ``folder`` into ``content`` (a new registry when none).

    Every file is read before anything is added, so a folder with any error changes nothing.
    """
    if not folder.is_dir():
        raise InputError(_("content folder not found: {path}").format(path=folder))
    content = content if content is not None else Content()
    files = list(content_files(folder))

    shipped = folder.resolve() == shipped_folder().resolve()

    def parse() -> list[LoadedRecord]:
        problems: list[str] = []
        loaded: list[LoadedRecord] = []
        for path in files:
            try:
                loaded.extend(load_file(path, shipped=shipped))
            except ContentError as exc:
                problems.extend(exc.problems)
        problems.extend(_ids_given_twice(loaded))
        if problems:
            raise ContentError(problems)
        return loaded

    if shipped:
        content.add(cached_records(files, parse))
    else:
        content.add(parse())
    return content


def _ids_given_twice(loaded: Iterable[LoadedRecord]) -> list[str]:
    """A problem for each record whose id another file of the same folder already gives for the same kind: within
    one folder, the later file would silently win (a user's folder replaces the shipped records on purpose; two
    files of one folder doing so is a slip)."""
    first: dict[tuple[str, str, str], LoadedRecord] = {}
    problems = []
    for item in loaded:
        key = (item.system, item.kind, str(item.record.id))
        seen = first.setdefault(key, item)
        if seen is not item and seen.path != item.path:
            problems.append(f"{item.path}:{item.line or 1}: id: " + _(
                "the id {id!r} is already given in {where}: one record per id in a folder").format(
                    id=key[2], where=f"{seen.path}:{seen.line or 1}"))
    return problems


def load_content(user_folders: Iterable[Path | str] = (), *, use_env: bool = True) -> Content:
    """The shipped content, then ``ESTOC_CONTENT`` (``os.pathsep``-separated), then ``user_folders``."""
    content = load_folder(shipped_folder())
    folders: list[Path] = []
    if use_env and os.environ.get(ENV_VAR):
        folders.extend(Path(p) for p in os.environ[ENV_VAR].split(os.pathsep) if p)
    folders.extend(Path(p) for p in user_folders)
    for folder in folders:
        load_folder(folder, content)
    return content


def unknown_id_message(kind: str) -> str:
    """The sentence for an id that no record of ``kind`` has (one per kind: each reads well in French)."""
    messages = {
        "armours": _("unknown armour {id!r}; known: {known}"),
        "shields": _("unknown shield {id!r}; known: {known}"),
        "weapons": _("unknown weapon {id!r}; known: {known}"),
        "attack-tables": _("unknown attack table {id!r}; known: {known}"),
        "critical-tables": _("unknown critical table {id!r}; known: {known}"),
        "fumble-tables": _("unknown fumble table {id!r}; known: {known}"),
        "manoeuvre-tables": _("unknown manoeuvre table {id!r}; known: {known}"),
        "fighters": _("unknown fighter {id!r}; known: {known}"),
    }
    return messages.get(kind, _("unknown id {id!r}; known: {known}"))
