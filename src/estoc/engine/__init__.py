"""The fight engine: the protocol every rule system's fight follows, and the dice plumbing of play."""

from estoc.engine.protocol import Fight, FightSystem, events_dice, recorded_dice

__all__ = ["Fight", "FightSystem", "events_dice", "recorded_dice"]
