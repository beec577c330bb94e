"""Dice: sources (seeded, scripted), roll kinds (plain dice, open-ended d100) and dice expressions (1D6+1)."""

from estoc.dice.expressions import DiceExpression
from estoc.dice.rolls import OPEN_ENDED_FROM, OpenEndedRoll, d10, d100, dice, open_ended
from estoc.dice.sources import ANY, DiceSource, DieRecord, KeyedDice, ScriptedDice, SeededDice

__all__ = [
    "ANY",
    "OPEN_ENDED_FROM",
    "DiceExpression",
    "DiceSource",
    "DieRecord",
    "KeyedDice",
    "OpenEndedRoll",
    "ScriptedDice",
    "SeededDice",
    "d10",
    "d100",
    "dice",
    "open_ended",
]
