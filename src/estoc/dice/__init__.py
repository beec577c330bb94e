"""Dice: sources (seeded, scripted) and roll kinds (plain dice, open-ended d100)."""

from estoc.dice.rolls import OPEN_ENDED_FROM, OpenEndedRoll, d10, d100, dice, open_ended
from estoc.dice.sources import ANY, DiceSource, DieRecord, KeyedDice, ScriptedDice, SeededDice

__all__ = [
    "ANY",
    "OPEN_ENDED_FROM",
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
