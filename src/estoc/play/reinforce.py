"""Reinforcements: ``ajouter FICHIER.yaml`` (``add FILE.yaml``) brings every combatant of an encounter file into the
fight, each onto the side the file names. The file is read when the command is typed, and its setup (every
combatant's sheet, no path) goes into the stored event: a replay never reads the file again."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from estoc.content.registry import Content
from estoc.engine.words import fold
from estoc.errors import InputError
from estoc.i18n import _
from estoc.systems.encounters import read_encounter

SUFFIXES = (".yaml", ".yml")


def reinforcement(request: dict[str, Any], content: Content, system: str) -> dict[str, Any] | None:
    """The event of an ``add`` naming an encounter file (``None``: any other line).

    Raises:
        InputError: the file is of another system, or more words follow it.
        ContentError: the file cannot be read or is not a valid encounter (every problem listed).
    """
    args = request.get("args") or []
    if request.get("command") != "add" or not args or not fold(str(args[0])).endswith(SUFFIXES):
        return None
    if len(args) > 1:
        raise InputError(_("reinforcements come from one encounter file, each onto the side it names: add FILE.yaml"))
    loaded = read_encounter(Path(str(args[0])).expanduser(), content, kind="reinforcements")
    if loaded.system != system:
        raise InputError(_("{file} is an encounter of another system ({system})").format(file=args[0],
                                                                                         system=loaded.system))
    return {"type": "gm", "op": "reinforce", "file": Path(str(args[0])).name, "setup": loaded.setup}
