"""The d100 system as the tracker sees it (:class:`estoc.engine.protocol.FightSystem`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from estoc.content.registry import Content
from estoc.engine.command_play import CommandPlay
from estoc.engine.protocol import Fight
from estoc.i18n import _, pick
from estoc.play.reinforce import reinforcement
from estoc.render import d100_fight as render_module
from estoc.render.board import d100_board
from estoc.render.board_view import board_view
from estoc.render.veil import NO_VEIL
from estoc.systems.d100 import commands as commands_module
from estoc.systems.d100.encounter import SETUP_PATH, load_d100_encounter
from estoc.systems.d100.fight import D100Fight
from estoc.systems.d100.sheet import shipped_outcomes


class D100Play(CommandPlay):
    """The d100 system for play, over one content registry."""

    id = "d100"
    words = commands_module
    render = render_module

    def __init__(self, content: Content) -> None:
        self.content = content
        self.outcomes = shipped_outcomes(content)

    def new_fight(self, setup: Mapping[str, Any]) -> D100Fight:
        """``setup``: ``{"encounter": <an encounter's setup>, "seed": …}``."""
        encounter = load_d100_encounter(dict(setup["encounter"]), SETUP_PATH, self.content)
        fight = D100Fight.start(self.outcomes, [(side, c, encounter.players[cid]) for cid, side, c in
                                                     encounter.combatants],
                                     settings=encounter.settings, distance=encounter.distance,
                                     defends=[encounter.defends.get(cid, "best") for cid, _s, _c in
                                              encounter.combatants])
        fight.side_names = {side.id: side.name for side in encounter.sides}
        fight.content = self.content
        return fight

    def parse(self, line: str, fight: Fight) -> dict[str, Any]:
        """A command line as the tracker reads it; ``add FILE.yaml`` reads the reinforcements' file now."""
        event = reinforcement(self.words.parse(line), self.content, self.id)
        return {"command": "add", "event": event} if event is not None else super().parse(line, fight)

    def dice_help(self) -> str:
        return _("dice typed: roll F (attack), def F (parry or dodge), dmg F… (damage), bonus F…, aid F and heal F "
                 "(first aid), ko F (hours unconscious)")

    def status_lines(self, fight: Fight) -> list[str]:
        return d100_board(board_view(fight))

    def narrate(self, record: Mapping[str, Any], fight: Fight, veiled: frozenset[str] = NO_VEIL) -> list[str]:
        assert isinstance(fight, D100Fight)
        names = {c.id: pick(c.name) for c in fight.combatants}
        return render_module.narrate_record(record, names, veiled, {c.id: int(c.hp) for c in fight.combatants})


def play_system(content: Content) -> D100Play:
    """This system as the tracker plays it, on ``content`` (its declaration's ``play`` entry)."""
    return D100Play(content)
