"""One d100 exchange out of any fight (``estoc attack``, ``estoc odds attack``), on the kernel.

A :class:`Combatant` gathers what the rules need of a character (its skills with each weapon, its shield, armour,
Dodge, hit points). :func:`prepare` puts the attacker and the defender in a world of two of the kernel
(:mod:`estoc.systems.d100.kernel`) and asks it the attacker's chance and the defence the rules allow, saying why in
the GM's language when they forbid it (play's checks say it with the same words: :func:`no_defence`,
:func:`out_of_reach`); :func:`strike` has the kernel play the attack there (the attack roll, the defence roll, the
table, the damage through the parrying item and the armour) and tells it as play's log does. The exact odds
(:mod:`estoc.odds.d100`) read the same world.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from estoc.content.models import d100
from estoc.content.registry import Content
from estoc.dice import DiceSource
from estoc.dice.expressions import DiceExpression
from estoc.errors import EstocError, RulesError
from estoc.i18n import _, pick
from estoc.systems.d100.codes import KernelTable
from estoc.systems.d100.rules import DEFAULT_FUMBLE_FROM, Outcomes, armour_penalty, hit_points

Defence = Literal["none", "parry", "dodge"]
DEFENCES: tuple[Defence, ...] = ("none", "parry", "dodge")
DEFENCE_CODES = KernelTable("defences", without=("best",))
"""The kernel's codes of the defences (``D_*``)."""
BEST = -1
"""The kernel's default defence (``D_BEST``): a parry where allowed, else a dodge, else none."""
ITEM_SHIELD = -1
"""The kernel's parrying item for a shield (``ITEM_SHIELD``); a weapon is its slot."""
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
            id=character.id, name=character.name.as_dict(), dex=c.dex, hp=hit_points(c.con, c.siz),
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


def slot_record(person: Combatant, s: int) -> Any:
    """The record of ``person``'s slot ``s`` in the kernel: a weapon, or its shield (the bash)."""
    return person.weapons[s].record if s < len(person.weapons) else person.shield.record  # type: ignore[union-attr]


def no_defence(F: Any, combatants: list[Combatant], actor: int, s: int, target: int, wanted: str) -> str:
    """Why the rules forbid the defence ``wanted`` of ``target`` against ``actor``'s slot ``s`` (world 0 of ``F``,
    after the kernel refused it)."""
    from estoc.systems.d100.worlds import array

    name = pick(slot_record(combatants[actor], s).name.as_dict())
    who = combatants[target]
    if int(array(F, "busy")[0, target]) == int(array(F, "rnd")[0]):
        return _("{target} is giving first aid this round: no parry, no dodge").format(target=who.id)
    if int(F.high_velocity[actor, s]):
        return _("{weapon} is a firearm or energy weapon: it can be neither parried nor dodged").format(weapon=name)
    if wanted == "parry":
        if who.shield is not None and int(array(F, "shield_hp")[0, target]) > 0 and int(
                F.hands[target, int(array(F, "wielded")[0, target])]) == 2:
            return _("{target} holds a two-handed weapon: no hand is free for the shield").format(target=who.id)
        if int(F.missile[actor, s]):
            return _("a missile ({weapon}) can only be parried with a shield").format(weapon=name)
        return _("nothing to parry with: no shield and no weapon that parries")
    return _("{weapon} cannot be dodged unless the GM allows dodging missiles (setting dodge_missiles)").format(
        weapon=name)


def out_of_reach(F: Any, combatants: list[Combatant], actor: int, s: int, metres: int) -> str:
    """What the GM reads when ``actor``'s missile ``s`` does not reach ``metres`` (the kernel's chance was −1)."""
    return _("{weapon} reaches {limit} m at most (three times its range), not {distance} m").format(
        weapon=pick(slot_record(combatants[actor], s).name.as_dict()), limit=3 * int(F.rng[actor, s]),
        distance=metres)


@dataclass(frozen=True)
class Exchange:
    """One attack ready to be played: a world of two of the kernel (the attacker 0, the defender 1), the slot, the
    attacker's chance, and the defence the kernel found (its kind, chance, protection and item, in its codes)."""

    F: Any
    attacker: Combatant
    defender: Combatant
    slot: int
    chance: int
    wanted: int
    parry_slot: int
    defence: tuple[int, int, int, int]

    @property
    def defence_kind(self) -> Defence:
        return DEFENCES[self.defence[0]]

    @property
    def defence_item(self) -> str:
        """``shield``, ``weapon:N`` (N from 1) for a parry, or empty."""
        kind, _chance, _protection, item = self.defence
        if kind != DEFENCE_CODES["parry"]:
            return ""
        return "shield" if item == ITEM_SHIELD else f"weapon:{item + 1}"

    @property
    def armour(self) -> int:
        """The points every blow loses on the defender's armour (as the kernel counts them)."""
        return int(self.F.armour[1])


def prepare(outcomes: Outcomes, attacker: Combatant, weapon: int, defender: Combatant, wanted: Defence | None = None,
            settings: Settings = DEFAULT_SETTINGS, *, distance: int | None = None, difficult: bool = False,
            modifier: int = 0, kneeling: bool = False, parry_weapon: int | None = None, chance: int | None = None,
            dice: DiceSource | None = None) -> Exchange:
    """``attacker``'s attack with its weapon ``weapon`` (from 1) on ``defender``, who opposes ``wanted`` (``None``:
    the best the rules allow), put in a world of two of the kernel. ``distance`` counts for a missile weapon's range;
    ``chance`` replaces the attacker's (the GM's number). A :class:`RulesError` says why the rules forbid it."""
    from estoc.systems.d100.worlds import array, build, kernel_of, kernel_settings

    attacker.weapon(weapon)
    s = weapon - 1
    F = build(outcomes, [attacker, defender], [0, 1], 1, settings=kernel_settings(settings, None), dice=dice)
    K = kernel_of(F)
    F.logging = 1
    array(F, "rnd")[0] = 1
    array(F, "kneeling")[0, 1] = int(kneeling)
    metres = distance if distance is not None and attacker.weapons[s].missile else -1
    p = int(K.py_chance(F, 0, 0, s, 1, metres, difficult, modifier))
    if p < 0:
        raise RulesError(out_of_reach(F, [attacker, defender], 0, s, metres))
    code = BEST if wanted is None else DEFENCE_CODES[wanted]
    parry_slot = -1 if parry_weapon is None else parry_weapon - 1
    found = K.py_defence(F, 0, 0, s, 1, code, parry_slot)
    if found is None:
        raise RulesError(no_defence(F, [attacker, defender], 0, s, 1, str(wanted)))
    return Exchange(F=F, attacker=attacker, defender=defender, slot=s, chance=p if chance is None else chance,
                    wanted=code, parry_slot=parry_slot, defence=tuple(int(x) for x in found))  # type: ignore[arg-type]


def strike(exchange: Exchange) -> dict[str, Any]:
    """The kernel plays the attack of ``exchange`` once, its dice drawn from the source it was prepared with; the
    record play's log tells (the rolls, the result, the damage, what the item and the armour stopped, the wound)."""
    from estoc.systems.d100.told import Teller
    from estoc.systems.d100.worlds import kernel_of

    F = exchange.F
    F.log = []
    kernel_of(F).py_exchange(F, 0, 0, 1, exchange.slot, exchange.chance, exchange.wanted, exchange.parry_slot)
    if F.error is not None:
        error = F.error
        raise error if isinstance(error, EstocError) else RulesError(str(error))
    teller = Teller([exchange.attacker, exchange.defender], ["a", "b"], {}, lambda c: True)
    return next(r for r in teller.tell(F.log) if r.get("kind") == "attack")


def shipped_outcomes(content: Content, table_id: str = "attaques-et-defenses") -> Outcomes:
    """The attacks and defences table ``table_id`` of the content, as an array."""
    record = content.get("d100", "outcome-tables", table_id, d100.OutcomeTable)
    return Outcomes.from_rows({row.attack: {q: getattr(row, q) for q in ("special", "success", "failure", "fumble",
                                                                          "none")} for row in record.rows})
