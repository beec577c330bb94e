"""The One Ring house rules as the tracker sees them (:class:`estoc.engine.protocol.FightSystem`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from estoc.content.registry import Content
from estoc.engine.protocol import Fight
from estoc.engine.words import tracker_request
from estoc.i18n import _, pick
from estoc.systems.tor import commands as words
from estoc.systems.tor.encounter import SETUP_PATH, load_tor_encounter
from estoc.systems.tor.fight import TorFight


class TorPlay:
    id = "tor"

    def __init__(self, content: Content) -> None:
        self.content = content

    def new_fight(self, setup: Mapping[str, Any]) -> TorFight:
        encounter = load_tor_encounter(dict(setup["encounter"]), SETUP_PATH, self.content)
        fight = TorFight.start([(h, s, True) for _i, h, s in encounter.heroes], [a for _i, a in encounter.adversaries],
                               tasks=encounter.tasks, volleys=encounter.volleys)
        fight.side_names = {"heroes": {"fr": "les héros", "en": "the heroes"},
                            "adversaries": {"fr": "les adversaires", "en": "the adversaries"}}
        return fight

    def parse(self, line: str, fight: Fight) -> dict[str, Any]:
        request = words.parse(line)
        return tracker_request(request) or {"command": request["command"], "event": words.to_event(request)}

    def commands(self) -> list[tuple[str, str, str]]:
        return [(c.en, c.fr, f"{c.args}  {c.help}".strip()) for c in words.commands()]

    def narrate(self, record: Mapping[str, Any], fight: Fight) -> list[str]:
        from estoc.render.tor_fight import narrate_record

        assert isinstance(fight, TorFight)
        return narrate_record(record, {c.id: pick(c.name) for c in fight.combatants})

    def status_lines(self, fight: Fight) -> list[str]:
        from estoc.render.tor_fight import status_lines

        return status_lines(fight.view())

    def summary_lines(self, fight: Fight) -> list[str]:
        from estoc.render.tor_fight import summary_lines

        return summary_lines(fight.summary())

    def dice_help(self) -> str:
        return _("dice typed: feat F… (feat die), dice F… (success dice), prot F… (protection: feat then success), "
                 "skill F and skilldice F… (a task's roll)")
