"""The One Ring house rules as the tracker sees them (:class:`estoc.engine.protocol.FightSystem`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from estoc.content.registry import Content
from estoc.engine.command_play import CommandPlay
from estoc.engine.protocol import Fight
from estoc.errors import InputError
from estoc.i18n import _, pick
from estoc.play.reinforce import reinforcement
from estoc.render import tor_fight as render_module
from estoc.render.board import tor_board
from estoc.render.board_view import board_view
from estoc.systems.tor import commands as commands_module
from estoc.systems.tor.encounter import SETUP_PATH, load_tor_encounter
from estoc.systems.tor.fight import TorFight
from estoc.systems.tor.names import TASKS


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
        fight.content = self.content
        return fight

    def parse(self, line: str, fight: Fight) -> dict[str, Any]:
        """A command line as the tracker reads it; ``task`` (``manoeuvre``) typed alone is answered with the tasks
        the hero whose turn it is may take (nothing is played)."""
        request = self.words.parse(line)
        if request["command"] == "task" and not request["args"] and isinstance(fight, TorFight):
            raise InputError(stance_tasks(fight))
        reinforcements = reinforcement(request, self.content, self.id)
        if reinforcements is not None:
            return {"command": "add", "event": reinforcements}
        return super().parse(line, fight)

    batch_rolls_missing = True
    """In a batch (``estoc run``), a favoured or ill-favoured attack with one feat face typed rolls the other."""

    def ask_missing(self, purpose: str, sides: int, given: int) -> str | None:
        """The words asking for an attack's second feat die (a favoured or ill-favoured roll throws two) when the GM
        typed one; ``None``: the tracker's own words."""
        if purpose != "attack" or given != 1:
            return None
        return _("this attack is favoured or ill-favoured: it throws two feat dice, and one was typed; type both "
                 "(feat F F), or neither to let estoc roll them")

    def dice_help(self) -> str:
        return _("dice typed: feat F… (feat die), dice F… (success dice), prot F and protdice F… (the protection "
                 "roll's feat die and success dice), skill F and skilldice F… (a task's roll), severity F (the feat "
                 "die of a wound's severity, gravite in French)")

    def status_lines(self, fight: Fight) -> list[str]:
        return tor_board(board_view(fight))


def _stance_word(stance: str) -> str:
    return {"forward": _("forward"), "open": _("open"), "defensive": _("defensive"), "rearward": _("rearward")}[stance]


def _tasks_of(fight: TorFight, stance: str) -> str:
    """The switched-on tasks of ``stance`` (``other``: of any stance), each as its id and its name."""
    shown = [f"{t.id} ({pick({'fr': t.name_fr, 'en': t.name_en})}"
             + (_(", secondary") if t.action == "secondary" else "") + ")"
             for t in TASKS if t.stance == stance and fight.tasks.get(t.id, True)]
    return ", ".join(shown) or _("none switched on")


def stance_tasks(fight: TorFight) -> str:
    """The combat tasks the hero whose turn it is may take: those of its stance, then those of any stance (before
    the resolution, those of each standing hero's stance)."""
    c = fight.current()
    any_stance = _("in any stance: {tasks}").format(tasks=_tasks_of(fight, "other"))
    usage = _("Type task ID [TARGET].")
    if c is not None and not fight.hero(c):
        return _("{who} is an adversary: adversaries use no combat task").format(who=fight.combatants[c].id)
    if c is not None:
        stance = fight.stance(c) or "open"
        return _("{who} ({stance} stance) may take: {tasks}; {others}. {usage}").format(
            who=fight.combatants[c].id, stance=_stance_word(stance), tasks=_tasks_of(fight, stance),
            others=any_stance, usage=usage)
    heroes = [h for h in range(len(fight.combatants)) if fight.hero(h) and fight.standing(h)]
    each = "; ".join(_("{who} ({stance}): {tasks}").format(
        who=fight.combatants[h].id, stance=_stance_word(fight.stance(h) or "open"),
        tasks=_tasks_of(fight, fight.stance(h) or "open")) for h in heroes)
    return _("no one is acting yet; the tasks of each hero's stance: {each}; {others}. {usage}").format(
        each=each, others=any_stance, usage=usage)


def play_system(content: Content) -> TorPlay:
    """This system as the tracker plays it, on ``content`` (its declaration's ``play`` entry)."""
    return TorPlay(content)
