"""Encounter files: who fights whom, and under what conditions.

An encounter is a YAML 1.2 file (see ``docs/formats.md``)::

    schema_version: 1
    system: harp
    kind: encounter
    name: {fr: Embuscade au gué, en: Ambush at the ford}
    sides:
      - id: compagnie
        name: {fr: La compagnie, en: The company}
        members:
          - hero: brundar             # a hero of the content, or a sample fighter
          - file: heroes-extra.yaml   # every hero of a character file beside this one
      - id: orques
        name: {fr: Les orques, en: The orcs}
        members:
          - creature: orque
            count: 4                  # orque-1 … orque-4
    modifiers: {fight: -10}
    surprise: compagnie

Loading checks everything a fight needs (ids known, each combatant named once, two sides at least) and reports
every problem as ``file:line: field: message``. The result carries a *setup*: a JSON-able dict, with the heroes
read from files written inline, from which :func:`encounter_from_setup` rebuilds the same encounter without the
files (the tracker keeps it in its store).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import Field, ValidationError, field_validator, model_validator
from ruamel.yaml.comments import CommentedMap

from estoc.content.loader import (
    LoadedRecord,
    field_name,
    inside,
    line_of,
    load_file,
    plain,
    problem_at,
    read_yaml,
)
from estoc.content.messages import translate_error
from estoc.content.models import harp
from estoc.content.models.common import BONUS_MAX, LEVEL_MAX, METRES_MAX, ContentId, Strict, Text, whole
from estoc.content.models.harp_creatures import Creature
from estoc.content.models.harp_heroes import Hero
from estoc.content.registry import Content
from estoc.engine.members import at_least_two_sides
from estoc.engine.sides import SideInfo
from estoc.errors import ContentError, EstocError
from estoc.i18n import _
from estoc.systems.harp.attack import AttackSettings, BeyondLimit
from estoc.systems.harp.heroes import combatant_from_hero
from estoc.systems.harp.sheet import PARRY_AUTO, Combatant

ENCOUNTER_VERSION = 1
"""The version of the encounter format this estoc writes and reads."""
MAX_COUNT = 200
SETUP_PATH = Path("<setup>")
"""Where the problems of a setup (no file, no lines) say they are."""


class Member(Strict):
    """One entry of a side: a hero, a character file, an inline sheet or a creature, possibly several of it."""

    hero: ContentId | None = Field(default=None, description="a hero of the content, or a sample fighter; beside "
                                   "file: the hero of that file to take")
    file: str | None = Field(default=None, description="a character file (kind heroes), relative to the encounter")
    sheet: Hero | None = Field(default=None, description="a hero's sheet written inline")
    creature: ContentId | None = None
    count: int = whole(default=1, ge=1, le=MAX_COUNT, description="several of the same, numbered id-1, id-2…")
    level: int | None = whole(default=None, ge=0, le=LEVEL_MAX, description="a creature scaled to this level")
    id: ContentId | None = Field(default=None, description="the combatant's id instead of the record's")
    weapon: ContentId | None = Field(default=None, description="the weapon in hand at the start (a hero's)")
    parry: Annotated[int, whole(ge=0, le=BONUS_MAX)] | Literal["auto"] | None = Field(
        default=None, description="OB it keeps to parry each blow, instead of its sheet's (0: none; auto: estoc's "
        "default policy weighs the share at each blow)")
    guard: int | None = whole(default=None, ge=0, le=100, description="its hit points, in percent of its total, at "
                              "or under which it makes a total parry instead of attacking (0: never; by default 50 "
                              "while a companion still fights)")
    guard_with: Literal["parry", "dodge"] | None = Field(default=None, description="what its guard does: a total "
                                                          "parry (the default) or a dodge")
    player: bool | None = Field(default=None, description="played at the table: its player is asked its dice and "
                                "estoc's policy leaves its turns to the table (by default a hero is, a creature is "
                                "not)")

    @model_validator(mode="after")
    def _one_source(self) -> Member:
        sources = [key for key in ("hero", "file", "sheet", "creature") if getattr(self, key) is not None]
        if sources not in (["hero"], ["file"], ["sheet"], ["creature"], ["hero", "file"]):
            raise ValueError(_("a member is one of hero, file, sheet or creature (hero beside file picks one hero "
                               "of the file)"))
        if self.level is not None and self.creature is None:
            raise ValueError(_("level applies to creatures only"))
        if self.weapon is not None and self.creature is not None:
            raise ValueError(_("weapon applies to heroes: a creature fights with its own attacks"))
        if self.file is not None and self.hero is None and (
                self.count != 1 or self.id is not None or self.weapon is not None):
            raise ValueError(_("count, id and weapon apply to one hero: name him with hero beside file"))
        return self


class Side(Strict):
    """A side of the fight and its members, in order."""

    id: ContentId
    name: Text | None = Field(default=None, description="the side's id when none")
    members: tuple[Member, ...]

    @field_validator("members")
    @classmethod
    def _not_empty(cls, members: tuple[Member, ...]) -> tuple[Member, ...]:
        if not members:
            raise ValueError(_("a side needs at least one member"))
        return members


class Modifiers(Strict):
    """Modifiers for the whole fight."""

    fight: int = whole(default=0, ge=-BONUS_MAX, le=BONUS_MAX,
                       description="added to every attack (fog, bad footing, poor light…)")


class Settings(Strict):
    """The GM's choices where the rules leave one."""

    beyond_limit: BeyondLimit = Field(default="cap", description="an open-ended roll past the attack size's "
                                      "limit: cap, uncapped or second-attack")


class Distance(Strict):
    """Metres between two combatants at the start (0: in contact), for the range of shots."""

    between: tuple[ContentId, ContentId]
    metres: int = whole(ge=0, le=METRES_MAX)


class Encounter(Strict):
    """An encounter file."""

    schema_version: int = Field(ENCOUNTER_VERSION, strict=True)  # (``true`` is no version)
    system: Literal["harp"]
    kind: Literal["encounter", "reinforcements"] = Field(
        description="encounter: a fight; reinforcements: sides brought into a fight under way (add FILE.yaml)")
    name: Text
    description: Text | None = None
    sides: tuple[Side, ...]
    modifiers: Modifiers = Modifiers()
    full_sun: bool = Field(default=False, description="in full sunlight (creatures that fear it are hampered)")
    surprise: ContentId | None = Field(default=None, description="the side surprised in the first round")
    settings: Settings = Settings()
    distances: tuple[Distance, ...] = Field(default=(), description="metres between combatants at the start")
    cover: dict[ContentId, ContentId] = Field(default_factory=dict, description="combatant id → cover id")
    unexpected: bool = Field(default=False, description="the sides meet unexpectedly: with no side surprised given, "
                             "each side's best perceiver rolls to find whom (« Surprise »)")
    perception: dict[ContentId, int] = Field(default_factory=dict, description="combatant id → its Perception "
                                             "bonus, for surprise (a creature's sheet has none)")
    mounts: dict[ContentId, ContentId] = Field(default_factory=dict, description="rider id → the id of its mount "
                                               "(« Montures prises dans un combat »)")

    _two_sides = field_validator("sides")(at_least_two_sides)


@dataclass(frozen=True)
class LoadedEncounter:
    """An encounter ready to fight: every combatant built, with its side."""

    name: dict[str, str]
    sides: list[SideInfo]
    combatants: list[tuple[str, str, Combatant]]
    """``(combatant id, side id, combatant)`` in the file's order; the combatant's own id is the first item."""
    modifiers: Modifiers
    full_sun: bool
    surprise: str | None
    settings: AttackSettings
    setup: dict[str, Any]
    """Enough to rebuild this encounter without its files (:func:`encounter_from_setup`); JSON-able."""
    description: dict[str, str] | None = None
    system: str = "harp"
    distances: tuple[tuple[str, str, int], ...] = ()
    """(combatant id, combatant id, metres apart at the start)."""
    cover: dict[str, tuple[int, int]] = dataclasses.field(default_factory=dict)
    """Combatant id → what its cover adds to its DB (against melee blows, against shots)."""
    unexpected: bool = False
    """The sides meet unexpectedly: with no side surprised given, the best perceivers roll for it."""
    mounts: tuple[tuple[str, str], ...] = ()
    """(rider id, mount id)."""

    def combatant(self, combatant_id: str) -> Combatant:
        """One combatant by id (``KeyError`` when none)."""
        for cid, _side, combatant in self.combatants:
            if cid == combatant_id:
                return combatant
        raise KeyError(combatant_id)

    def side_of(self, combatant_id: str) -> str:
        """The side of one combatant (``KeyError`` when none)."""
        for cid, side, _combatant in self.combatants:
            if cid == combatant_id:
                return side
        raise KeyError(combatant_id)


def load_encounter(path: Path, content: Content) -> LoadedEncounter:
    """Read, validate and build an encounter file. Raises :class:`ContentError` listing every problem found."""
    return _build(read_yaml(path), path, path.parent, content)


def read_data(data: Any, path: Path, content: Content) -> LoadedEncounter:
    """An encounter file's data, read from ``path``, built (a character file is read beside it)."""
    return _build(data, path, path.parent, content)


def encounter_from_setup(setup: dict[str, Any], content: Content) -> LoadedEncounter:
    """The encounter a setup describes (``LoadedEncounter.setup``), checked like a file."""
    return _build(setup, SETUP_PATH, None, content)


# --- building -----------------------------------------------------------------------------------------------------

class _Problem(Exception):
    """A problem with one key of a member."""

    def __init__(self, key: str, message: str) -> None:
        super().__init__(message)
        self.key = key
        self.message = message


@dataclass(frozen=True)
class _Resolved:
    """One record a member brings: its id, its combatant, the member that rebuilds it in a setup."""

    record_id: str
    combatant: Combatant
    setup: dict[str, Any]


def _check_version(data: Any, path: Path) -> None:
    version = data.get("schema_version", ENCOUNTER_VERSION)
    line = line_of(data, ["schema_version"])
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise ContentError([problem_at(path, line, "schema_version", _("must be a whole number from 1"))])
    if version > ENCOUNTER_VERSION:
        raise ContentError([problem_at(path, line, "schema_version", _(
            "this file was written for a newer estoc (format {found}; this one reads up to {supported})").format(
            found=version, supported=ENCOUNTER_VERSION))])


def _validate(data: Any, path: Path) -> Encounter:
    if not isinstance(data, dict):
        raise ContentError([problem_at(path, 1, "", _("an encounter file is a mapping with system, kind, name and "
                                                    "sides"))])
    _check_version(data, path)
    try:
        return Encounter.model_validate(plain(data))
    except ValidationError as exc:
        problems = []
        for error in exc.errors():
            loc = list(error["loc"])
            problems.append(problem_at(path, line_of(data, loc) or (1 if isinstance(data, CommentedMap) else None),
                                     field_name(loc), translate_error(error)))
        raise ContentError(problems) from exc


def _build(data: Any, path: Path, base: Path | None, content: Content) -> LoadedEncounter:
    encounter = _validate(data, path)
    problems: list[str] = []
    files: dict[Path, list[LoadedRecord]] = {}
    sides: list[SideInfo] = []
    combatants: list[tuple[str, str, Combatant]] = []
    setup_sides: list[dict[str, Any]] = []
    seen_sides: set[str] = set()
    seen_ids: dict[str, str] = {}
    for i, side in enumerate(encounter.sides):
        if side.id in seen_sides:
            problems.append(problem_at(path, line_of(data, ["sides", i, "id"]), f"sides.{i}.id", _(
                "the side {id!r} is already used in this encounter").format(id=side.id)))
        seen_sides.add(side.id)
        name = side.name.as_dict() if side.name else {"fr": side.id, "en": side.id}
        info = SideInfo(id=side.id, name=name, members=[])
        setup_members: list[dict[str, Any]] = []
        for j, member in enumerate(side.members):
            loc: list[str | int] = ["sides", i, "members", j]
            try:
                resolved = _with_parry(member, _resolve(member, content, base, files))
            except _Problem as problem:
                where = line_of(data, [*loc, problem.key]) or line_of(data, loc)
                problems.append(problem_at(path, where, field_name([*loc, problem.key]), problem.message))
                continue
            except ContentError as exc:
                problems.extend(exc.problems)
                continue
            for item in resolved:
                setup_members.append(item.setup)
                first = member.id or item.record_id
                numbered = [(first, None)] if member.count == 1 else [
                    (f"{first}-{n}", n) for n in range(1, member.count + 1)]
                for cid, n in numbered:
                    if cid in seen_ids:
                        problems.append(problem_at(path, line_of(data, loc), field_name(loc), _(
                            "a combatant is already called {id!r} (at {other}): give this one an id").format(
                            id=cid, other=seen_ids[cid])))
                        continue
                    seen_ids[cid] = field_name(loc)
                    name_of = item.combatant.name if n is None else {
                        lang: f"{text} {n}" for lang, text in item.combatant.name.items()}
                    combatants.append((cid, side.id, dataclasses.replace(item.combatant, id=cid, name=name_of)))
                    info.members.append(cid)
        sides.append(info)
        setup_sides.append({"id": side.id, "name": name, "members": setup_members})
    if encounter.surprise is not None and encounter.surprise not in seen_sides:
        problems.append(problem_at(path, line_of(data, ["surprise"]), "surprise", _(
            "no side {id!r}; sides: {known}").format(id=encounter.surprise, known=", ".join(sorted(seen_sides)))))
    for k, distance in enumerate(encounter.distances):
        for cid in distance.between:
            if cid not in seen_ids:
                problems.append(problem_at(path, line_of(data, ["distances", k, "between"]), f"distances.{k}.between",
                                         _("no combatant {id!r}").format(id=cid)))
    covers: dict[str, tuple[int, int]] = {}
    for cid, cover_id in encounter.cover.items():
        if cid not in seen_ids:
            problems.append(problem_at(path, line_of(data, ["cover", cid]), f"cover.{cid}",
                                     _("no combatant {id!r}").format(id=cid)))
        elif cover_id not in content.kind("harp", "cover"):
            problems.append(problem_at(path, line_of(data, ["cover", cid]), f"cover.{cid}", _(
                "no cover {id!r}; known: {known}").format(id=cover_id, known=", ".join(sorted(
                    content.kind("harp", "cover"))))))
        else:
            cover = content.get("harp", "cover", cover_id, harp.Cover)
            covers[cid] = (cover.melee, cover.missile)
    for cid, bonus in encounter.perception.items():
        if cid not in seen_ids:
            problems.append(problem_at(path, line_of(data, ["perception", cid]), f"perception.{cid}",
                                       _("no combatant {id!r}").format(id=cid)))
        elif not -BONUS_MAX <= bonus <= BONUS_MAX:
            problems.append(problem_at(path, line_of(data, ["perception", cid]), f"perception.{cid}",
                                       _("a bonus from {low} to {high}").format(low=-BONUS_MAX, high=BONUS_MAX)))
    side_of = {cid: side for cid, side, _c in combatants}
    for rider, mount in encounter.mounts.items():
        line = line_of(data, ["mounts", rider])
        for cid in (rider, mount):
            if cid not in seen_ids:
                problems.append(problem_at(path, line, f"mounts.{rider}", _("no combatant {id!r}").format(id=cid)))
        if rider in side_of and mount in side_of and (rider == mount or side_of[rider] != side_of[mount]):
            problems.append(problem_at(path, line, f"mounts.{rider}",
                                       _("a rider and its mount are two combatants of one side")))
    ridden = list(encounter.mounts.values())
    for mount in sorted({m for m in ridden if ridden.count(m) > 1 or m in encounter.mounts}):
        problems.append(problem_at(path, line_of(data, ["mounts"]), "mounts",
                                   _("{id} carries one rider and rides nothing").format(id=mount)))
    if problems:
        raise ContentError(problems)
    combatants = [(cid, side, dataclasses.replace(c, perception=encounter.perception[cid])
                   if cid in encounter.perception else c) for cid, side, c in combatants]
    setup: dict[str, Any] = {
        "schema_version": ENCOUNTER_VERSION, "system": encounter.system, "kind": encounter.kind,
        "name": encounter.name.as_dict(), "sides": setup_sides,
        "modifiers": encounter.modifiers.model_dump(mode="json"), "full_sun": encounter.full_sun,
        "surprise": encounter.surprise, "settings": encounter.settings.model_dump(mode="json"),
    }
    if encounter.description is not None:
        setup["description"] = encounter.description.as_dict()
    if encounter.distances:
        setup["distances"] = [d.model_dump(mode="json") for d in encounter.distances]
    if encounter.cover:
        setup["cover"] = dict(encounter.cover)
    for key in ("unexpected", "perception", "mounts"):
        if getattr(encounter, key):
            setup[key] = getattr(encounter, key)
    return LoadedEncounter(
        name=encounter.name.as_dict(), sides=sides, combatants=combatants, modifiers=encounter.modifiers,
        full_sun=encounter.full_sun, surprise=encounter.surprise,
        settings=AttackSettings(beyond_limit=encounter.settings.beyond_limit), setup=setup,
        description=encounter.description.as_dict() if encounter.description else None,
        distances=tuple((d.between[0], d.between[1], d.metres) for d in encounter.distances), cover=covers,
        unexpected=encounter.unexpected, mounts=tuple(encounter.mounts.items()))


def _numbers(member: Member) -> dict[str, Any]:
    """The member's keys other than its source, as a setup keeps them."""
    kept = {"count": member.count if member.count != 1 else None, "level": member.level, "id": member.id,
            "weapon": member.weapon, "parry": member.parry, "guard": member.guard, "guard_with": member.guard_with,
            "player": member.player}
    return {key: value for key, value in kept.items() if value is not None}


DEFAULT_GUARD = 50
"""The default policy's guard when the encounter sets none: at half its hit points or fewer, a fighter that can parry
makes total parries while a companion of its side, less hurt, still fights (measured by ``bench/bench_policy.py``:
fighting on to the last blow lost the ambush sample a quarter of its victories)."""


AUTO = "auto"
"""A member's ``parry: auto``: whatever its sheet writes, the default policy weighs the share."""


def _with_parry(member: Member, resolved: list[_Resolved]) -> list[_Resolved]:
    """The member's combatants with its ``parry`` instead of their sheets' (« Parade »: OB kept to parry each blow,
    less than the whole OB) and its ``guard`` (when it makes a « Parade Totale » instead of attacking); a beast never
    parries."""
    kept = []
    for item in resolved:
        who = item.combatant.id
        for key in ("parry", "guard"):
            if getattr(member, key) not in (None, 0, AUTO) and item.combatant.beast:
                raise _Problem(key, _("{who} fights with natural weapons only: it never parries").format(who=who))
        combatant = item.combatant
        if member.parry == AUTO:
            combatant = dataclasses.replace(combatant, parry=PARRY_AUTO)
        elif isinstance(member.parry, int):
            most = max((s.ob for s in combatant.strikes if not s.missile), default=0) - 1
            if most < 0 and member.parry > 0:
                raise _Problem("parry", _("{who} has no melee attack to parry with").format(who=who))
            if member.parry > max(most, 0):
                raise _Problem("parry", _("{who} can keep at most {most} of its OB to parry (keeping it all is a "
                                          "total parry), not {parry}").format(who=who, most=most,
                                                                              parry=member.parry))
            combatant = dataclasses.replace(combatant, parry=member.parry)
        if member.player is not None:
            combatant = dataclasses.replace(combatant, player=member.player)
        if member.guard is not None:
            combatant = dataclasses.replace(combatant, guard=member.guard)
        elif not combatant.beast:
            # estoc's default guard: a hurt fighter keeps to its defence while a companion still strikes
            combatant = dataclasses.replace(combatant, guard=DEFAULT_GUARD, guard_company=True)
        if member.guard_with is not None:
            combatant = dataclasses.replace(combatant, guard_dodge=member.guard_with == "dodge")
        kept.append(dataclasses.replace(item, combatant=combatant))
    return kept


def _resolve(member: Member, content: Content, base: Path | None, files: dict[Path, list[LoadedRecord]]
             ) -> list[_Resolved]:
    """The records a member brings, as combatants (before numbering)."""
    if member.creature is not None:
        creatures = content.kind("harp", "creatures")
        if member.creature not in creatures:
            raise _Problem("creature", _("no creature {id!r}; known: {known}").format(
                id=member.creature, known=", ".join(sorted(creatures))))
        creature = content.get("harp", "creatures", member.creature, Creature)
        combatant = _guarded("creature", lambda: Combatant.from_creature(content, creature, member.level))
        return [_Resolved(creature.id, combatant, {"creature": creature.id, **_numbers(member)})]
    if member.sheet is not None:
        return [_hero(content, member, member.sheet, "sheet", None)]
    if member.file is not None:
        return _from_file(member, content, base, files)
    assert member.hero is not None  # the model checked one source is set
    heroes = content.kind("harp", "heroes")
    if member.hero in heroes:
        hero = content.get("harp", "heroes", member.hero, Hero)
        resolved = _hero(content, member, hero, "hero", None)
        return [dataclasses.replace(resolved, setup={"hero": hero.id, **_numbers(member)})]
    fighters = content.kind("harp", "fighters")
    if member.hero in fighters:
        fighter = content.get("harp", "fighters", member.hero, harp.Fighter)
        if member.weapon is not None and member.weapon != fighter.weapon:
            raise _Problem("weapon", _("{who} carries no {weapon}; his weapons: {known}").format(
                who=fighter.id, weapon=member.weapon, known=fighter.weapon))
        combatant = _guarded("hero", lambda: Combatant.from_fighter(content, fighter))
        return [_Resolved(fighter.id, combatant, {"hero": fighter.id, **_numbers(member)})]
    raise _Problem("hero", _("no hero or fighter {id!r}; known: {known}").format(
        id=member.hero, known=", ".join(sorted({*heroes, *fighters})) or "—"))


def _from_file(member: Member, content: Content, base: Path | None, files: dict[Path, list[LoadedRecord]]
               ) -> list[_Resolved]:
    assert member.file is not None
    if base is None:
        raise _Problem("file", _("a setup names no files: its heroes are written inline (sheet)"))
    try:
        path = inside(base, member.file)
    except ValueError as exc:
        raise _Problem("file", str(exc)) from None
    if path not in files:
        if not path.is_file():
            raise _Problem("file", _("no such file: {path} (a character file is read beside its encounter: copy "
                                     "{name} with the encounter, or write its heroes in it as sheets)").format(
                path=path, name=member.file))
        files[path] = load_file(path)
    records = files[path]
    kinds = {f"{r.system}/{r.kind}" for r in records}
    if kinds - {"harp/heroes"}:
        raise _Problem("file", _("{path} holds {kinds}, not harp heroes").format(
            path=path, kinds=", ".join(sorted(kinds))))
    if member.hero is not None:
        records = [r for r in records if r.record.id == member.hero]
        if not records:
            raise _Problem("hero", _("no hero {id!r} in {path}; there: {known}").format(
                id=member.hero, path=path, known=", ".join(r.record.id for r in files[path]) or "—"))
    if not records:
        raise _Problem("file", _("{path} holds no hero").format(path=path))
    return [_hero(content, member, record.record, "file", record) for record in records
            if isinstance(record.record, Hero)]


def _hero(content: Content, member: Member, hero: Hero, key: str, record: LoadedRecord | None) -> _Resolved:
    """A hero member; a sheet's faults are told where the sheet is (its file and line, when it has one)."""
    index = 0
    if member.weapon is not None:
        carried = [w.weapon for w in hero.weapons]
        if member.weapon not in carried:
            raise _Problem("weapon", _("{who} carries no {weapon}; his weapons: {known}").format(
                who=hero.id, weapon=member.weapon, known=", ".join(carried)))
        index = carried.index(member.weapon)
    try:
        combatant = combatant_from_hero(content, hero, index)
    except EstocError as exc:
        if record is None:
            raise _Problem(key, exc.message) from exc
        raise ContentError([problem_at(record.path, record.line, "", exc.message)]) from exc
    sheet = hero.model_dump(mode="json", by_alias=True, exclude_none=True)
    return _Resolved(hero.id, combatant, {"sheet": sheet, **_numbers(member)})


def _guarded(key: str, build: Callable[[], Combatant]) -> Combatant:
    """``build()``, its estoc errors told as a problem of the member's ``key``."""
    try:
        return build()
    except EstocError as exc:
        raise _Problem(key, exc.message) from exc
