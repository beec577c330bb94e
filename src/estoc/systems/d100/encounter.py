"""Encounter files of the d100 system::

    schema_version: 1
    system: d100
    kind: encounter
    name: {fr: Le pont, en: The bridge}
    sides:
      - id: compagnie
        members:
          - character: ysolde        # a character of the content
            player: true             # played at the table (the default policy never plays it unless asked)
          - sheet: {...}             # a character written inline
      - id: brigands
        members:
          - character: jacquot
            count: 3                 # jacquot-1 … jacquot-3
    distance: 20                     # metres between the sides, for missile weapons (none: within range)
    settings: {fumble_from: 100, dodge_missiles: false, helmet_points: add, parry_wear: break,
               special_rounding: nearest, parried_excess: armour, hp_rounding: up, ready_weapon: free}

Loading checks every id and reports each problem as ``file:line: field: message``; the setup it keeps rebuilds the
encounter without files.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, field_validator, model_validator

from estoc.content.loader import field_name, line_of, problem_at
from estoc.content.models import d100
from estoc.content.models.common import METRES_MAX, ContentId, Strict, Text, whole
from estoc.content.registry import Content
from estoc.engine.members import at_least_two_sides, problem, record_of, validate
from estoc.engine.sides import SideInfo
from estoc.errors import ContentError, EstocError
from estoc.i18n import _
from estoc.systems.d100.rules import Outcomes
from estoc.systems.d100.sheet import Combatant, Settings, shipped_outcomes

ENCOUNTER_VERSION = 1
SETUP_PATH = Path("<setup>")
"""Where the problems of a setup (no file, no lines) say they are."""
MAX_COUNT = 200


Defence = Literal["best", "parry", "dodge", "none"]
"""A member's preferred defence (5.6 « Parade », 5.7 « Esquive »), as the kernel's policy honours it."""


class Member(Strict):
    character: ContentId | None = None
    sheet: d100.Character | None = None
    count: int = whole(default=1, ge=1, le=MAX_COUNT)
    id: ContentId | None = None
    player: bool = Field(default=False, description="played at the table: estoc's policy leaves it to the players")
    defence: Defence | None = Field(default=None, description="the defence estoc's policy opposes to a blow: best "
                                    "(a parry where allowed, else a dodge; the default), parry, dodge (each where "
                                    "the rules allow it, else the best) or none")

    @model_validator(mode="after")
    def _one_source(self) -> Member:
        if (self.character is None) == (self.sheet is None):
            raise ValueError(_("a member is a character (an id of the content) or a sheet written inline"))
        return self


class Side(Strict):
    id: ContentId
    name: Text | None = None
    members: tuple[Member, ...] = Field(min_length=1)


class EncounterSettings(Strict):
    fumble_from: int = whole(default=100, ge=90, le=101)
    dodge_missiles: bool = False
    helmet_points: Literal["add", "ignore"] = "add"
    parry_wear: Literal["break", "one-point"] = "break"
    special_rounding: Literal["nearest", "down", "up"] = "nearest"
    parried_excess: Literal["armour", "body"] = "armour"
    hp_rounding: Literal["up", "down"] = "up"
    ready_weapon: Literal["free", "action"] = "free"


class Encounter(Strict):
    schema_version: int = Field(ENCOUNTER_VERSION, strict=True)  # (``true`` is no version)
    system: Literal["d100"]
    kind: Literal["encounter", "reinforcements"] = Field(
        description="encounter: a fight; reinforcements: sides brought into a fight under way (add FILE.yaml)")
    name: Text
    description: Text | None = None
    sides: tuple[Side, ...]
    distance: int | None = whole(default=None, ge=0, le=METRES_MAX, description="metres between the sides")
    settings: EncounterSettings = EncounterSettings()

    _two_sides = field_validator("sides")(at_least_two_sides)


@dataclass(frozen=True)
class LoadedD100Encounter:
    name: dict[str, str]
    sides: list[SideInfo]
    combatants: list[tuple[str, str, Combatant]]
    """``(id, side, combatant)`` in the file's order."""
    players: dict[str, bool]
    """Combatants played at the table, by id."""
    settings: Settings
    distance: int | None
    setup: dict[str, Any]
    outcomes: Outcomes
    """The attacks and defences table of the content it was loaded with."""
    system: str = "d100"
    defends: dict[str, str] = dataclasses.field(default_factory=dict)
    """The defence estoc's policy opposes to a blow, by combatant id, where the encounter sets one (else ``best``)."""


def load_d100_encounter(data: Any, path: Path, content: Content) -> LoadedD100Encounter:
    """Validate and build a d100 encounter (``data``: the file's YAML, or a setup)."""
    encounter = validate(Encounter, data, path)
    problems: list[str] = []
    combatants: list[tuple[str, str, Combatant]] = []
    players: dict[str, bool] = {}
    defends: dict[str, str] = {}
    sides: list[SideInfo] = []
    seen: set[str] = set()
    for i, side in enumerate(encounter.sides):
        info = SideInfo(side.id, side.name.as_dict() if side.name else {"fr": side.id, "en": side.id}, [])
        sides.append(info)
        for j, member in enumerate(side.members):
            loc: list[str | int] = ["sides", i, "members", j]
            try:
                base = Combatant.from_character(content, record_of(
                    content, "d100", "characters", d100.Character, member.character, member.sheet, _("character")),
                    encounter.settings.hp_rounding)
            except EstocError as exc:
                problems.append(problem(data, path, loc, "character" if member.character else "sheet", exc.message))
                continue
            first = member.id or base.id
            names = [(first, None)] if member.count == 1 else [(f"{first}-{n}", n)
                                                                  for n in range(1, member.count + 1)]
            for cid, n in names:
                if cid in seen:
                    problems.append(problem_at(path, line_of(data, loc), field_name(loc), _(
                        "a combatant is already called {id!r}: give this one an id").format(id=cid)))
                    continue
                seen.add(cid)
                name = base.name if n is None else {k: f"{v} {n}" for k, v in base.name.items()}
                combatants.append((cid, side.id, dataclasses.replace(base, id=cid, name=name)))
                players[cid] = member.player
                if member.defence is not None:
                    defends[cid] = member.defence
                info.members.append(cid)
    if problems:
        raise ContentError(problems)
    s = encounter.settings
    return LoadedD100Encounter(
        name=encounter.name.as_dict(), sides=sides, combatants=combatants, players=players,
        settings=Settings(fumble_from=s.fumble_from, dodge_missiles=s.dodge_missiles, helmet_points=s.helmet_points,
                          parry_wear=s.parry_wear, special_rounding=s.special_rounding,
                          parried_excess=s.parried_excess, hp_rounding=s.hp_rounding,
                          ready_weapon=s.ready_weapon),
        distance=encounter.distance, setup=encounter.model_dump(mode="json", by_alias=True, exclude_none=True),
        outcomes=shipped_outcomes(content), defends=defends)
