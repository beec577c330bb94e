"""estoc: a combat engine and game-master assistant for French tabletop role-playing games.

The public surface is re-exported here, loaded when first used (so that ``estoc`` on the command line starts without
importing what its command does not need); everything else is reachable through its module.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from estoc.content import Content, load_content, load_folder, shipped_folder
    from estoc.dice import DiceSource, ScriptedDice, SeededDice, open_ended
    from estoc.errors import ContentError, DiceError, EstocError, InputError, RulesError, UnknownIdError
    from estoc.i18n import set_language
    from estoc.systems.base import D100, HARP, TOR, RuleSystem, find_system

__version__ = "0.1.0"

_HOMES = {
    "Content": "estoc.content", "load_content": "estoc.content", "load_folder": "estoc.content",
    "shipped_folder": "estoc.content", "DiceSource": "estoc.dice", "ScriptedDice": "estoc.dice",
    "SeededDice": "estoc.dice", "open_ended": "estoc.dice", "ContentError": "estoc.errors",
    "DiceError": "estoc.errors", "EstocError": "estoc.errors", "InputError": "estoc.errors",
    "RulesError": "estoc.errors", "UnknownIdError": "estoc.errors", "set_language": "estoc.i18n",
    "RuleSystem": "estoc.systems.base", "find_system": "estoc.systems.base", "D100": "estoc.systems.base",
    "HARP": "estoc.systems.base", "TOR": "estoc.systems.base",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'estoc' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


__all__ = [
    "D100",
    "HARP",
    "TOR",
    "Content",
    "ContentError",
    "DiceError",
    "DiceSource",
    "EstocError",
    "InputError",
    "RuleSystem",
    "RulesError",
    "ScriptedDice",
    "SeededDice",
    "UnknownIdError",
    "__version__",
    "find_system",
    "load_content",
    "load_folder",
    "open_ended",
    "set_language",
    "shipped_folder",
]
