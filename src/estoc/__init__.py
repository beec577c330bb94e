"""estoc: a combat engine and game-master assistant for French tabletop role-playing games.

The public surface is re-exported here; everything else is reachable through its module.
"""

from estoc.content import Content, load_content, load_folder, shipped_folder
from estoc.dice import DiceSource, ScriptedDice, SeededDice, open_ended
from estoc.errors import ContentError, DiceError, EstocError, InputError, RulesError, UnknownIdError
from estoc.i18n import set_language
from estoc.systems.base import RuleSystem, find_system
from estoc.systems.d100 import D100
from estoc.systems.harp import HARP
from estoc.systems.tor import TOR

__version__ = "0.1.0"

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
