"""One d100 exchange: an attack, the defence its target chooses, and the damage, over a batch of worlds.

A :class:`Combatant` gathers what the rules need of a character (its skills with each weapon, its shield, armour,
Dodge, hit points). :func:`defence_options` says which defences the rules allow against a given attack, at which
chance; :func:`resolve_exchange` plays the attack in every world: the attack roll, the defence roll where the attack
succeeded, the attacks and defences table, the damage through the parrying item and the armour.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

import numpy as np

from estoc.content.models import d100
from estoc.content.registry import Content
from estoc.dice import DiceSource
from estoc.dice.expressions import DiceExpression
from estoc.errors import RulesError
from estoc.i18n import _, pick
from estoc.systems.d100.rules import (
    DEFAULT_FUMBLE_FROM,
    FUMBLE,
    HIT,
    I64,
    MISS,
    NONE,
    SPECIAL_HIT,
    STOPPED,
    SUCCESS,
    Absorbed,
    B,
    Outcomes,
    absorb,
    armour_penalty,
    divide_up,
    hit_points,
    quality,
    range_divisor,
    roll_damage,
)

Defence = Literal["none", "parry", "dodge"]
DEFENCES: tuple[Defence, ...] = ("none", "parry", "dodge")
BONUS_SHARE = {"full": 2, "half": 1, "none": 0}


@dataclass(frozen=True)
class Settings:
    """The GM's choices the text leaves open.

    Attributes:
        fumble_from: a roll this high or higher fumbles (100: only « 00 »; 101: never).
        dodge_missiles: arrows and thrown weapons may be dodged, at half the skill (the text: at the GM's word).
        helmet_points: a helmet's armour points add to the body armour's (``add``) or are left out (``ignore``):
            without hit locations, every blow meets the whole protection.
        parry_wear: a parried blow beyond the parrying item's hit points breaks it (``break``, the text, 5.6), or
            costs it one hit point like any blow beyond its protection (``one-point``, estoc's earlier reading).
    """

    fumble_from: int = DEFAULT_FUMBLE_FROM
    dodge_missiles: bool = False
    helmet_points: Literal["add", "ignore"] = "add"
    parry_wear: Literal["break", "one-point"] = "break"


DEFAULT_SETTINGS = Settings()


@dataclass(frozen=True)
class WeaponUse:
    """A weapon in a combatant's hands: the record, its skill (base plus points) and its damage."""

    record: d100.Weapon
    skill: int
    damage: DiceExpression

    @property
    def missile(self) -> bool:
        return self.record.reach == "missile"


@dataclass(frozen=True)
class ShieldUse:
    record: d100.Shield
    skill: int


@dataclass(frozen=True)
class Combatant:
    """What the d100 rules need of a character."""

    id: str
    name: dict[str, str]
    dex: int
    hp: int
    damage_bonus: DiceExpression
    weapons: tuple[WeaponUse, ...]
    shield: ShieldUse | None
    armour_points: int
    helmet_points: int
    physical_penalty: int
    perception_penalty: int
    dodge_skill: int
    """Dodge before the armour's penalty."""
    first_aid: int

    @classmethod
    def from_character(cls, content: Content, character: d100.Character) -> Combatant:
        weapons = []
        for use in character.weapons:
            record = content.get("d100", "weapons", use.weapon, d100.Weapon)
            weapons.append(WeaponUse(record, record.base + use.points, DiceExpression.parse(record.damage)))
        shield = None
        if character.shield is not None:
            record_s = content.get("d100", "shields", character.shield.shield, d100.Shield)
            shield = ShieldUse(record_s, record_s.base + character.shield.points)
        armour = content.get("d100", "armours", character.armour, d100.Armour) if character.armour else None
        helmet = content.get("d100", "armours", character.helmet, d100.Armour) if character.helmet else None
        c = character.characteristics
        return cls(
            id=character.id, name=character.name.as_dict(), dex=c.dex, hp=int(hit_points(c.con, c.siz)),
            damage_bonus=DiceExpression.parse(character.damage_bonus), weapons=tuple(weapons), shield=shield,
            armour_points=armour.points if armour else 0, helmet_points=helmet.points if helmet else 0,
            physical_penalty=(armour.physical_penalty if armour else 0) + (helmet.physical_penalty if helmet else 0),
            perception_penalty=(armour.perception_penalty if armour else 0)
            + (helmet.perception_penalty if helmet else 0),
            dodge_skill=character.dodge, first_aid=character.first_aid)

    @classmethod
    def from_content(cls, content: Content, character_id: str) -> Combatant:
        return cls.from_character(content, content.get("d100", "characters", character_id, d100.Character))

    def armour(self, settings: Settings = DEFAULT_SETTINGS) -> int:
        """The points every blow loses on this combatant's armour."""
        return self.armour_points + (self.helmet_points if settings.helmet_points == "add" else 0)

    def penalty(self, skill: str) -> int:
        """What the armour worn takes from ``skill`` (see :func:`~estoc.systems.d100.rules.armour_penalty`)."""
        return armour_penalty(skill, self.physical_penalty, self.perception_penalty)

    def dodge(self) -> int:
        """Dodge, lowered by the armour's penalty to physical skills (never below 0)."""
        return max(self.dodge_skill + self.penalty("esquive"), 0)

    def weapon(self, index: int) -> WeaponUse:
        """The weapon numbered ``index`` from 1."""
        if not 1 <= index <= len(self.weapons):
            raise RulesError(_("{name} has {count} weapon(s): choose 1 to {count}, not {index}").format(
                name=pick(self.name), count=len(self.weapons), index=index))
        return self.weapons[index - 1]


@dataclass(frozen=True)
class DefenceOption:
    """A defence the rules allow against an attack: its chance and, for a parry, the parrying item's protection."""

    kind: Defence
    skill: int
    protection: int = 0
    item: str = ""
    """``shield``, or ``weapon:N`` (N from 1) for a parry."""


def attack_skill(use: WeaponUse, *, distance: int | None = None, difficult: bool = False, modifier: int = 0,
                 physical_penalty: int = 0) -> int:
    """The attacker's chance: the skill plus ``modifier`` (a thrown weapon's skill, Throw, is a physical one: the
    armour's ``physical_penalty`` lowers it), halved for a related specialty used as Difficult, cut by range for a
    missile weapon (half up to twice its range, a quarter up to three times). Out of reach: a
    :class:`RulesError`."""
    skill = max(use.skill + modifier + (physical_penalty if use.record.thrown else 0), 0)
    if difficult:
        skill = int(divide_up(skill, 2))
    if use.missile and distance is not None:
        divisor = int(range_divisor(distance, use.record.range or 0))
        if divisor == 0:
            raise RulesError(_("{weapon} reaches {limit} m at most (three times its range), not {distance} m").format(
                weapon=pick(use.record.name.as_dict()), limit=3 * (use.record.range or 0), distance=distance))
        skill = int(divide_up(skill, divisor))
    return skill


def defence_options(use: WeaponUse, defender: Combatant, settings: Settings = DEFAULT_SETTINGS, *,
                    kneeling: bool = False, parry_weapon: int | None = None) -> dict[Defence, DefenceOption]:
    """The defences ``defender`` may oppose to an attack with ``use``: always ``none``; a parry with the shield or a
    weapon that parries (``parry_weapon`` chooses the weapon, from 1); a dodge. A firearm or energy weapon allows
    neither; a missile is parried with a shield only, at the shield's own chance against missiles, and dodged only
    where the GM allows it, at half the skill."""
    options: dict[Defence, DefenceOption] = {"none": DefenceOption("none", 0)}
    weapon = use.record
    if weapon.high_velocity:
        return options
    shield = defender.shield
    if use.missile:
        if shield is not None:
            chance = shield.record.missile_parry
            if kneeling and shield.record.missile_parry_kneeling is not None:
                chance = shield.record.missile_parry_kneeling
            options["parry"] = DefenceOption("parry", chance, shield.record.points, "shield")
        if settings.dodge_missiles and weapon.dodgeable_missile:
            options["dodge"] = DefenceOption("dodge", int(divide_up(defender.dodge(), 2)))
        return options
    parries = [(i, w) for i, w in enumerate(defender.weapons, start=1) if w.record.hp is not None and not w.missile]
    if parry_weapon is not None:
        parries = [(i, w) for i, w in parries if i == parry_weapon]
    if shield is not None and parry_weapon is None:
        options["parry"] = DefenceOption("parry", shield.skill, shield.record.points, "shield")
    elif parries:
        i, w = parries[0]
        options["parry"] = DefenceOption("parry", w.skill, w.record.hp or 0, f"weapon:{i}")
    options["dodge"] = DefenceOption("dodge", defender.dodge())
    return options


def choose_defence(options: dict[Defence, DefenceOption], wanted: Defence, attacker_weapon: WeaponUse) -> DefenceOption:
    """The defence asked for, or a :class:`RulesError` that says why the rules forbid it."""
    if wanted in options:
        return options[wanted]
    name = pick(attacker_weapon.record.name.as_dict())
    if attacker_weapon.record.high_velocity:
        raise RulesError(_("{weapon} is a firearm or energy weapon: it can be neither parried nor dodged").format(
            weapon=name))
    if wanted == "parry":
        if attacker_weapon.missile:
            raise RulesError(_("a missile ({weapon}) can only be parried with a shield").format(weapon=name))
        raise RulesError(_("nothing to parry with: no shield and no weapon that parries"))
    raise RulesError(_("{weapon} cannot be dodged unless the GM allows dodging missiles (setting dodge_missiles)")
                     .format(weapon=name))


@dataclass(frozen=True)
class ExchangeSpec:
    """Everything one attack needs, whatever the worlds."""

    damage: DiceExpression
    damage_bonus: DiceExpression
    bonus_share: int
    """2: the whole damage bonus; 1: half, rounded up; 0: none."""
    skill: int
    defence: DefenceOption
    armour: int
    fumble_from: int = DEFAULT_FUMBLE_FROM


def exchange_spec(attacker: Combatant, weapon: int, defender: Combatant, defence: Defence = "parry",
                  settings: Settings = DEFAULT_SETTINGS, *, distance: int | None = None, difficult: bool = False,
                  modifier: int = 0, kneeling: bool = False, parry_weapon: int | None = None) -> ExchangeSpec:
    """The spec of ``attacker``'s attack with its weapon ``weapon`` (from 1) on ``defender``, who opposes
    ``defence`` (a :class:`RulesError` where the rules forbid it)."""
    use = attacker.weapon(weapon)
    options = defence_options(use, defender, settings, kneeling=kneeling, parry_weapon=parry_weapon)
    return ExchangeSpec(
        damage=use.damage, damage_bonus=attacker.damage_bonus, bonus_share=BONUS_SHARE[use.record.damage_bonus],
        skill=attack_skill(use, distance=distance, difficult=difficult, modifier=modifier,
                           physical_penalty=attacker.penalty("lancer")),
        defence=choose_defence(options, defence, use), armour=defender.armour(settings),
        fumble_from=settings.fumble_from)


@dataclass(frozen=True)
class ExchangeOutcome:
    """One attack in each world (arrays ``(W,)``)."""

    attack_roll: I64
    attack_quality: I64
    defence_roll: I64
    """0 where no defence was rolled (a failed attack, or no defence chosen)."""
    defence_quality: I64
    result: I64
    weapon_roll: I64
    bonus: I64
    damage: I64
    """The blow's damage before any protection (0 where none was rolled)."""
    absorbed: Absorbed

    @property
    def body(self) -> I64:
        """What the defender's hit points lose."""
        return self.absorbed.body


DEFENCE_CODES = {"none": 0, "parry": 1, "dodge": 2}


@dataclass(frozen=True)
class Defences:
    """The defence each world's target opposes (arrays ``(W,)``): its kind (:data:`DEFENCE_CODES`), its chance, a
    parry's protection, and the target's armour."""

    kind: I64
    skill: I64
    protection: I64
    armour: I64

    @classmethod
    def of(cls, option: DefenceOption, armour: int, worlds: int) -> Defences:
        def full(value: int) -> I64:
            return np.full(worlds, value, dtype=np.int64)

        return cls(full(DEFENCE_CODES[option.kind]), full(option.skill), full(option.protection), full(armour))


def resolve_exchange(dice: DiceSource, outcomes: Outcomes, spec: ExchangeSpec, worlds: int,
                     active: B | None = None) -> ExchangeOutcome:
    """Play the attack of ``spec`` in every world (outside ``active`` nothing happens): :func:`resolve_attacks`
    with the same attack and defence everywhere."""
    return resolve_attacks(dice, outcomes, spec.damage, spec.damage_bonus, spec.bonus_share,
                           np.full(worlds, spec.skill, dtype=np.int64), Defences.of(spec.defence, spec.armour, worlds),
                           spec.fumble_from, active)


def resolve_attacks(dice: DiceSource, outcomes: Outcomes, damage: DiceExpression, damage_bonus: DiceExpression,
                    bonus_share: int, skill: I64, defences: Defences, fumble_from: int = DEFAULT_FUMBLE_FROM,
                    active: B | None = None) -> ExchangeOutcome:
    """Attacks with one weapon (its ``damage``, the wielder's ``damage_bonus`` and ``bonus_share``) in every world,
    each at its own chance ``skill[w]`` against its own defence (outside ``active`` nothing happens).

    Dice, in order: the attack (purpose ``attack``); where it succeeded and a defence is chosen, the defence
    (``defence``, a parry or a dodge); where the blow lands or meets a parry, the damage (``damage``, then
    ``damage-bonus``).
    """
    worlds = skill.shape[0]
    rolling = np.arange(worlds) if active is None else np.flatnonzero(active)
    attack_roll = np.zeros(worlds, dtype=np.int64)
    attack_roll[rolling] = dice.draw(100, rolling.size, "attack", rolling)
    attack_q = np.full(worlds, FUMBLE, dtype=np.int64)
    attack_q[rolling] = quality(attack_roll[rolling], skill[rolling], fumble_from)
    defends = np.flatnonzero((attack_q <= SUCCESS) & (defences.kind > 0))
    defence_roll = np.zeros(worlds, dtype=np.int64)
    defence_q = np.full(worlds, NONE, dtype=np.int64)
    if defends.size:
        defence_roll[defends] = dice.draw(100, defends.size, "defence", defends)
        defence_q[defends] = quality(defence_roll[defends], defences.skill[defends], fumble_from)
    result = outcomes.read(attack_q, defence_q)
    if active is not None:
        result[~active] = MISS
    parried = (result == STOPPED) & (defences.kind == DEFENCE_CODES["parry"])
    struck = np.flatnonzero((result == HIT) | (result == SPECIAL_HIT) | parried)
    weapon_roll = np.zeros(worlds, dtype=np.int64)
    bonus = np.zeros(worlds, dtype=np.int64)
    total = np.zeros(worlds, dtype=np.int64)
    if struck.size:
        w, b, t = roll_damage(dice, damage, damage_bonus, bonus_share, result[struck] == SPECIAL_HIT, struck)
        weapon_roll[struck], bonus[struck], total[struck] = w, b, np.maximum(t, 0)
    protection = np.where(parried, defences.protection, 0)
    return ExchangeOutcome(attack_roll=attack_roll, attack_quality=attack_q, defence_roll=defence_roll,
                           defence_quality=defence_q, result=result, weapon_roll=weapon_roll, bonus=bonus,
                           damage=total, absorbed=absorb(total, protection, defences.armour))


def with_wear(person: Combatant, shield_hp: int, shield_points: int, weapon_hp: list[int]) -> Combatant:
    """The combatant as its worn shield and weapons leave it: a broken item cannot parry, and a worn shield stops
    fewer points."""
    shield = person.shield
    if shield is not None:
        if shield_hp <= 0:
            shield = None
        else:
            shield = ShieldUse(shield.record.model_copy(update={"points": shield_points}), shield.skill)
    weapons = tuple(w if w.record.hp is None else WeaponUse(
        w.record.model_copy(update={"hp": weapon_hp[s] or None}), w.skill, w.damage)
        for s, w in enumerate(person.weapons))
    return replace(person, shield=shield, weapons=weapons)


def shipped_outcomes(content: Content, table_id: str = "attaques-et-defenses") -> Outcomes:
    """The attacks and defences table ``table_id`` of the content, as an array."""
    record = content.get("d100", "outcome-tables", table_id, d100.OutcomeTable)
    return Outcomes.from_rows({row.attack: {q: getattr(row, q) for q in ("special", "success", "failure", "fumble",
                                                                          "none")} for row in record.rows})
