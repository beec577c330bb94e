"""HARP as the tracker sees it (:class:`estoc.engine.protocol.FightSystem`): fights from encounter setups, the
command words, the narration."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from estoc.content.registry import Content
from estoc.engine.protocol import Fight
from estoc.engine.words import all_used, tracker_request
from estoc.i18n import _, pick
from estoc.play.reinforce import reinforcement
from estoc.render.board import harp_board
from estoc.render.board_view import board_view
from estoc.render.harp_fight import narrate_record, summary_lines
from estoc.render.veil import NO_VEIL
from estoc.systems.harp import commands as words
from estoc.systems.harp.encounter import encounter_from_setup
from estoc.systems.harp.fight import HarpFight
from estoc.systems.harp.tables import HarpTables, compile_tables


class HarpPlay:
    """The HARP system for play, over one content registry."""

    id = "harp"

    def __init__(self, content: Content, tables: HarpTables) -> None:
        self.content = content
        self.tables = tables

    def new_fight(self, setup: Mapping[str, Any]) -> HarpFight:
        """``setup``: ``{"encounter": <an encounter's setup>, "seed": …, "beasts_flee": …}``."""
        encounter = encounter_from_setup(dict(setup["encounter"]), self.content)
        fight = HarpFight.start(
            self.tables, self.content, [(side, combatant) for _id, side, combatant in encounter.combatants],
            settings=encounter.settings, fight_mod=encounter.modifiers.fight, full_sun=encounter.full_sun,
            surprised=encounter.surprise, beasts_flee=bool(setup.get("beasts_flee", False)),
            distances=encounter.distances, covers=encounter.cover, unexpected=encounter.unexpected,
            mounts=encounter.mounts)
        fight.side_names = {side.id: side.name for side in encounter.sides}
        return fight

    def parse(self, line: str, fight: Fight) -> dict[str, Any]:
        request = words.parse(line)
        verb = tracker_request(request)
        if verb is not None:
            return verb
        reinforcements = reinforcement(request, self.content, self.id)
        if reinforcements is not None:
            return {"command": "add", "event": reinforcements}
        event = words.to_event(request, fight.view().get("current"))
        all_used(request)  # (a word the command did not read is refused, not dropped)
        if isinstance(fight, HarpFight) and "entries" in event:
            for who, _total in event["entries"]:
                if who is not None:
                    fight.index(str(who))  # an unknown id is refused first, naming those there are
            event = words.resolve_initiatives(event, [fight.combatants[c].id for c in fight.players_to_roll()])
        return {"command": request["command"], "event": event}

    def commands(self) -> list[tuple[str, str, str]]:
        return [(c.en, c.fr, f"{c.args}  {c.help}".strip()) for c in words.commands()]

    def status_lines(self, fight: Fight) -> list[str]:
        return harp_board(board_view(fight))

    def summary_lines(self, fight: Fight) -> list[str]:
        assert isinstance(fight, HarpFight)
        return summary_lines(fight.summary(), hit_points(fight))

    def dice_help(self) -> str:
        return _("dice typed: roll F… crit F extra F fumble F rr F init F… manoeuvre F perception F… (or jet, "
                 "critique…)")

    def narrate(self, record: Mapping[str, Any], fight: Fight, veiled: frozenset[str] = NO_VEIL) -> list[str]:
        assert isinstance(fight, HarpFight)
        names = {c.id: pick(c.name) for c in fight.combatants}
        names |= {f"side:{side}": pick(name) for side, name in fight.side_names.items()}  # (a side by its name)
        table_names = {k: pick(v.record.name.as_dict()) for kind in ("attack-tables", "critical-tables")
                       for k, v in self.content.kind("harp", kind).items()}
        return narrate_record(record, names, table_names, hit_points(fight), veiled)


def hit_points(fight: HarpFight) -> dict[str, int]:
    """Each combatant's full hit points, by id: the narration says where a wounded one stands against them."""
    return {c.id: int(c.hp) for c in fight.combatants}


def play_system(content: Content) -> HarpPlay:
    """This system as the tracker plays it, on ``content`` (its declaration's ``play`` entry)."""
    return HarpPlay(content, compile_tables(content))
