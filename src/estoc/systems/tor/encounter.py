"""Encounter files of the One Ring house rules::

    schema_version: 1
    system: tor
    kind: encounter
    name: {fr: Au gué de la Carroc, en: At the Carrock ford}
    heroes:
      - hero: eirik-de-dale
        stance: forward            # the stance of the first round (default open)
        tasks: [intimider]         # the combat tasks estoc uses for it when it decides (default: the hero's own)
        complication: 1            # dice its rolls lose to the ground until the complication is cancelled
        spend_hope: turning        # when estoc spends its Hope: never, finishing, turning (default), attacks, all
        aim: weakest               # whom estoc has it attack and aim its tasks at: weakest (default), dangerous
      - sheet: {...}               # a hero written inline
    adversaries:
      - adversary: orc-soldat
        count: 4                   # orc-soldat-1 … orc-soldat-4
    volleys: true                  # opening volleys before close combat
    settings:
      tasks: {contre-attaque: false}   # each combat task on (default) or off
      load: true                       # a hero whose endurance falls to its load is weary (default on)
      fatal_wounds: true               # a hero's first wound is fatal on the Eye (default on)
      rear_free: false                 # the ground lets heroes stay at the rear whatever the numbers (default off)
      hope: true                       # heroes may spend Hope, +1 success die a point (default on)

Loading checks every id and reports each problem as ``file:line: field: message``.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, ValidationInfo, field_validator, model_validator

from estoc.content.loader import field_name, line_of, problem_at
from estoc.content.models import tor
from estoc.content.models.common import ContentId, Strict, Text, whole
from estoc.content.registry import Content
from estoc.engine.members import REINFORCEMENTS, problem, record_of, validate
from estoc.engine.sides import SideInfo
from estoc.errors import ContentError, EstocError
from estoc.i18n import _
from estoc.systems.tor.exchange import Combatant
from estoc.systems.tor.names import TASK_IDS, Aim, HopeUse, Stance

ENCOUNTER_VERSION = 1
SETUP_PATH = Path("<setup>")
MAX_COUNT = 200


class HeroMember(Strict):
    hero: ContentId | None = None
    sheet: tor.Hero | None = None
    stance: Stance = "open"
    tasks: tuple[str, ...] | None = Field(default=None, description="the combat tasks estoc uses for this hero when "
                                          "it decides, by preference (default: the hero's own)")
    complication: int = whole(default=0, ge=0, le=6, description="dice the hero's rolls lose to a complication")
    player: bool = Field(default=True, description="played at the table: its player is asked its dice and estoc's "
                         "policy leaves its turns to the table (false: a hero the GM lets estoc play)")
    spend_hope: HopeUse = Field(
        default="turning", description="when estoc spends the hero's Hope when it decides: never, finishing (a blow "
        "that would fell its foe, while it keeps half its Hope), turning (when the die it buys likely turns a miss "
        "into a hit, while it keeps half), attacks (every attack while it keeps half), all (every attack and task "
        "roll, to the last)")
    aim: Aim = Field(default="weakest", description="whom estoc has the hero attack and aim its tasks at when it "
                     "decides: weakest (the least endurance) or dangerous (the foe rolling the most dice)")

    @model_validator(mode="after")
    def _one_source(self) -> HeroMember:
        if (self.hero is None) == (self.sheet is None):
            raise ValueError(_("a hero is named (hero: an id of the content) or written inline (sheet:)"))
        return self

    @field_validator("tasks")
    @classmethod
    def _known(cls, tasks: tuple[str, ...] | None) -> tuple[str, ...] | None:
        unknown = sorted(set(tasks or ()) - set(TASK_IDS))
        if unknown:
            raise ValueError(_("unknown combat task {id!r}; known: {known}").format(
                id=unknown[0], known=", ".join(TASK_IDS)))
        return tasks


class AdversaryMember(Strict):
    adversary: ContentId
    count: int = whole(default=1, ge=1, le=MAX_COUNT)
    id: ContentId | None = None


class EncounterSettings(Strict):
    tasks: dict[str, bool] = Field(default_factory=dict, description="combat tasks switched on or off")
    load: bool = Field(default=True, description="a hero whose endurance falls to its load is weary")
    fatal_wounds: bool = Field(default=True, description="a hero's first wound rolls the feat die for its "
                               "severity, the Eye leaving it dying (off: only a second wound is fatal)")
    rear_free: bool = Field(default=False, description="the ground lets heroes stay at the rear whatever the "
                            "numbers (a cliff, the GM's word); off: at most twice as many enemies as heroes, and "
                            "two heroes in close combat for each one at the rear")
    hope: bool = Field(default=True, description="heroes may spend 1 Hope for one more success die on an attack or "
                       "a task roll (the 2nd edition's rule; the house text says nothing of Hope)")

    @field_validator("tasks")
    @classmethod
    def _known_tasks(cls, tasks: dict[str, bool]) -> dict[str, bool]:
        unknown = sorted(set(tasks) - set(TASK_IDS))
        if unknown:
            raise ValueError(_("unknown combat task {id!r}; known: {known}").format(
                id=unknown[0], known=", ".join(TASK_IDS)))
        return tasks


class Encounter(Strict):
    schema_version: int = Field(ENCOUNTER_VERSION, strict=True)  # (``true`` is no version)
    system: Literal["tor"]
    kind: Literal["encounter", "reinforcements"] = Field(
        description="encounter: a fight; reinforcements: heroes or adversaries brought into a fight under way (add "
        "FILE.yaml)")
    name: Text
    description: Text | None = None
    heroes: tuple[HeroMember, ...] = ()
    adversaries: tuple[AdversaryMember, ...] = ()
    volleys: bool = True
    settings: EncounterSettings = EncounterSettings()

    @field_validator("heroes", "adversaries")
    @classmethod
    def _someone(cls, members: tuple[Any, ...], info: ValidationInfo) -> tuple[Any, ...]:
        """A fight has a hero and an adversary at least; reinforcements bring either."""
        if not members and info.data.get("kind") != REINFORCEMENTS:
            raise ValueError(_("an encounter needs at least one hero and one adversary"))
        return members


@dataclass(frozen=True)
class LoadedTorEncounter:
    name: dict[str, str]
    heroes: list[tuple[str, Combatant, Stance]]
    adversaries: list[tuple[str, Combatant]]
    volleys: bool
    tasks: dict[str, bool]
    """Every combat task, on or off."""
    setup: dict[str, Any]
    plans: dict[str, tuple[str, ...]] = dataclasses.field(default_factory=dict)
    """Hero id → the combat tasks estoc uses for it when it decides, by preference (the encounter's, else the
    hero's own)."""
    complications: dict[str, int] = dataclasses.field(default_factory=dict)
    """Hero id → dice its rolls lose to a complication at the start."""
    hope_use: dict[str, HopeUse] = dataclasses.field(default_factory=dict)
    """Hero id → when estoc's policy spends its Hope."""
    players: dict[str, bool] = dataclasses.field(default_factory=dict)
    """Hero id → played at the table (its ``player``, by default yes)."""
    aims: dict[str, Aim] = dataclasses.field(default_factory=dict)
    """Hero id → whom estoc's policy has it attack and aim its tasks at."""
    load: bool = True
    """Whether a hero whose endurance falls to its load is weary."""
    fatal: bool = True
    """Whether a hero's first wound may be fatal (the feat die's Eye for its severity)."""
    rear_free: bool = False
    """Whether the ground lets heroes stay at the rear whatever the numbers."""
    hope: bool = True
    """Whether heroes may spend Hope."""
    system: str = "tor"

    @property
    def combatants(self) -> list[tuple[str, str, Combatant]]:
        """``(id, side, combatant)``: the heroes (side ``heroes``), then the adversaries (``adversaries``)."""
        return ([(cid, "heroes", c) for cid, c, _s in self.heroes]
                + [(cid, "adversaries", c) for cid, c in self.adversaries])

    @property
    def sides(self) -> list[SideInfo]:
        return [SideInfo("heroes", {"fr": "Les héros", "en": "The heroes"}, [cid for cid, _c, _s in self.heroes]),
                SideInfo("adversaries", {"fr": "Les adversaires", "en": "The adversaries"},
                         [cid for cid, _c in self.adversaries])]


def load_tor_encounter(data: Any, path: Path, content: Content) -> LoadedTorEncounter:
    """Validate and build a tor encounter (``data``: the file's YAML, or a setup)."""
    encounter = validate(Encounter, data, path)
    problems: list[str] = []
    seen: set[str] = set()

    def unique(cid: str, loc: list[str | int]) -> bool:
        if cid in seen:
            problems.append(problem_at(path, line_of(data, loc), field_name(loc), _(
                "a combatant is already called {id!r}: give this one an id").format(id=cid)))
            return False
        seen.add(cid)
        return True

    heroes: list[tuple[str, Combatant, Stance]] = []
    plans: dict[str, tuple[str, ...]] = {}
    complications: dict[str, int] = {}
    hope_use: dict[str, HopeUse] = {}
    aims: dict[str, Aim] = {}
    players: dict[str, bool] = {}
    for i, member in enumerate(encounter.heroes):
        loc: list[str | int] = ["heroes", i]
        try:
            record = record_of(content, "tor", "heroes", tor.Hero, member.hero, member.sheet, _("hero"))
            person = Combatant.from_hero(content, record)
        except EstocError as exc:
            problems.append(problem(data, path, loc, "hero" if member.hero else "sheet", exc.message))
            continue
        if unique(person.id, loc):
            heroes.append((person.id, person, member.stance))
            plans[person.id] = record.tasks if member.tasks is None else member.tasks
            complications[person.id] = member.complication
            hope_use[person.id] = member.spend_hope
            aims[person.id] = member.aim
            players[person.id] = member.player
    adversaries: list[tuple[str, Combatant]] = []
    for i, foe in enumerate(encounter.adversaries):
        loc = ["adversaries", i]
        try:
            base = Combatant.from_adversary(content, record_of(content, "tor", "adversaries", tor.Adversary,
                                                               foe.adversary, None, _("adversary")))
        except EstocError as exc:
            problems.append(problem(data, path, loc, "adversary", exc.message))
            continue
        first = foe.id or base.id
        for n in range(1, foe.count + 1):
            cid = first if foe.count == 1 else f"{first}-{n}"
            name = base.name if foe.count == 1 else {k: f"{v} {n}" for k, v in base.name.items()}
            if unique(cid, loc):
                adversaries.append((cid, dataclasses.replace(base, id=cid, name=name)))
    if problems:
        raise ContentError(problems)
    tasks = {task_id: encounter.settings.tasks.get(task_id, True) for task_id in TASK_IDS}
    return LoadedTorEncounter(name=encounter.name.as_dict(), heroes=heroes, adversaries=adversaries,
                              volleys=encounter.volleys, tasks=tasks,
                              setup=encounter.model_dump(mode="json", by_alias=True, exclude_none=True),
                              plans=plans, complications=complications, hope_use=hope_use, aims=aims,
                              players=players,
                              load=encounter.settings.load,
                              fatal=encounter.settings.fatal_wounds, rear_free=encounter.settings.rear_free,
                              hope=encounter.settings.hope)
