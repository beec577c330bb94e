"""The d100 system as the tracker sees it (:class:`estoc.engine.protocol.FightSystem`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from estoc.content.registry import Content
from estoc.engine.protocol import Fight
from estoc.engine.words import tracker_request
from estoc.i18n import _, pick
from estoc.systems.d100 import commands as words
from estoc.systems.d100.encounter import SETUP_PATH, load_d100_encounter
from estoc.systems.d100.exchange import shipped_outcomes
from estoc.systems.d100.fight import D100Fight


class D100Play:
    """The d100 system for play, over one content registry."""

    id = "d100"

    def __init__(self, content: Content) -> None:
        self.content = content
        self.outcomes = shipped_outcomes(content)

    def new_fight(self, setup: Mapping[str, Any]) -> D100Fight:
        """``setup``: ``{"encounter": <an encounter's setup>, "seed": …}``."""
        encounter = load_d100_encounter(dict(setup["encounter"]), SETUP_PATH, self.content)
        fight = D100Fight.start(self.outcomes, [(side, c, encounter.players[cid]) for cid, side, c in
                                                encounter.combatants],
                                settings=encounter.settings, distance=encounter.distance)
        fight.side_names = {side.id: side.name for side in encounter.sides}
        return fight

    def parse(self, line: str, fight: Fight) -> dict[str, Any]:
        request = words.parse(line)
        return tracker_request(request) or {"command": request["command"], "event": words.to_event(request)}

    def commands(self) -> list[tuple[str, str, str]]:
        return [(c.en, c.fr, f"{c.args}  {c.help}".strip()) for c in words.commands()]

    def narrate(self, record: Mapping[str, Any], fight: Fight) -> list[str]:
        from estoc.render.d100_fight import narrate_record

        assert isinstance(fight, D100Fight)
        return narrate_record(record, {c.id: pick(c.name) for c in fight.combatants})

    def status_lines(self, fight: Fight) -> list[str]:
        from estoc.render.d100_fight import status_lines

        return status_lines(fight.view())

    def summary_lines(self, fight: Fight) -> list[str]:
        from estoc.render.d100_fight import summary_lines

        return summary_lines(fight.summary())

    def dice_help(self) -> str:
        return _("dice typed: roll F (attack), def F (parry or dodge), dmg F… (damage), bonus F…, aid F and heal F "
                 "(first aid), ko F (hours unconscious)")
