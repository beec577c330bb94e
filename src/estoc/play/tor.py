"""The One Ring house rules as the tracker sees them (:class:`estoc.engine.protocol.FightSystem`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from estoc.content.registry import Content
from estoc.engine.command_play import CommandPlay
from estoc.engine.protocol import Fight
from estoc.i18n import _
from estoc.render import tor_fight as render_module
from estoc.render.board import tor_board
from estoc.systems.tor import commands as commands_module
from estoc.systems.tor.encounter import SETUP_PATH, load_tor_encounter
from estoc.systems.tor.fight import TorFight


class TorPlay(CommandPlay):
    id = "tor"
    words = commands_module
    render = render_module

    def __init__(self, content: Content) -> None:
        self.content = content

    def new_fight(self, setup: Mapping[str, Any]) -> TorFight:
        encounter = load_tor_encounter(dict(setup["encounter"]), SETUP_PATH, self.content)
        fight = TorFight.of_encounter(encounter)
        fight.side_names = {"heroes": {"fr": "les héros", "en": "the heroes"},
                            "adversaries": {"fr": "les adversaires", "en": "the adversaries"}}
        return fight

    def dice_help(self) -> str:
        return _("dice typed: feat F… (feat die), dice F… (success dice), prot F and protdice F… (the protection "
                 "roll's feat die and success dice), skill F and skilldice F… (a task's roll)")

    def status_lines(self, fight: Fight) -> list[str]:
        return tor_board(fight.view())


def play_system(content: Content) -> TorPlay:
    """This system as the tracker plays it, on ``content`` (its declaration's ``play`` entry)."""
    return TorPlay(content)
