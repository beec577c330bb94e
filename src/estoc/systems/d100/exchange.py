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
from typing import Any

from estoc.dice import DiceSource
from estoc.errors import EstocError, RulesError
from estoc.i18n import _, pick
from estoc.systems.d100.refusals import REASONS, WORDS
from estoc.systems.d100.rules import Outcomes
from estoc.systems.d100.sheet import (
    BEST,
    BONUS_SHARE,
    DEFAULT_SETTINGS,
    DEFENCE_CODES,
    DEFENCES,
    ITEM_SHIELD,
    Combatant,
    Defence,
    Settings,
    ShieldUse,
    WeaponUse,
    shipped_outcomes,
    slot_record,
)
from estoc.systems.d100.told import Teller
from estoc.systems.d100.worlds import array, build, kernel_of, kernel_settings

__all__ = ["BEST", "BONUS_SHARE", "DEFAULT_SETTINGS", "DEFENCES", "DEFENCE_CODES", "ITEM_SHIELD", "Combatant",
           "Defence", "Exchange", "Settings", "ShieldUse", "WeaponUse", "no_defence", "out_of_reach", "prepare",
           "shipped_outcomes", "slot_record", "strike"]


def no_defence(F: Any, combatants: list[Combatant], actor: int, s: int, target: int, wanted: str,
               parry_slot: int = -1) -> str:
    """Why the rules forbid the defence ``wanted`` of ``target`` against ``actor``'s slot ``s`` (world 0 of ``F``),
    in the GM's words: the kernel's reason (:func:`~estoc.systems.d100.kernel.defence`, the one the blow is played
    on), worded by :mod:`estoc.systems.d100.refusals`."""
    code = int(kernel_of(F).py_defence_refused(F, 0, actor, s, target, DEFENCE_CODES.get(wanted, BEST), parry_slot))
    facts = {"who": combatants[actor].id, "target": combatants[target].id,
             "weapon": pick(slot_record(combatants[actor], s).name.as_dict()), "limit": 0, "wound": 0,
             "held": held_name(F, combatants, target)}
    defender = combatants[target]
    if 0 <= parry_slot < len(defender.weapons) + (defender.shield is not None):
        facts["named"] = pick(slot_record(defender, parry_slot).name.as_dict())
    return WORDS.get(REASONS.name(code), WORDS["unknown"])(facts)


def held_name(F: Any, combatants: list[Combatant], c: int) -> str:
    """The name of what ``c`` holds now (world 0 of ``F``): the weapon it last used, or its shield."""
    return pick(slot_record(combatants[c], int(array(F, "wielded")[0, c])).name.as_dict())


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
    attacker.weapon(weapon)
    s = weapon - 1
    F = build(outcomes, [attacker, defender], [0, 1], 1, settings=kernel_settings(settings, None), dice=dice)
    K = kernel_of(F)
    F.logging = 1
    array(F, "rnd")[0] = 1
    array(F, "kneeling")[0, 1] = int(kneeling)
    if parry_weapon is not None:  # out of any fight, the weapon named to parry is the one the defender holds
        defender.weapon(parry_weapon)
        array(F, "wielded")[0, 1] = parry_weapon - 1
    metres = distance if distance is not None and attacker.weapons[s].missile else -1
    p = int(K.py_chance(F, 0, 0, s, 1, metres, difficult, modifier))
    if p < 0:
        raise RulesError(out_of_reach(F, [attacker, defender], 0, s, metres))
    code = BEST if wanted is None else DEFENCE_CODES[wanted]
    parry_slot = -1 if parry_weapon is None else parry_weapon - 1
    found = K.py_defence(F, 0, 0, s, 1, code, parry_slot)
    if found is None:
        raise RulesError(no_defence(F, [attacker, defender], 0, s, 1, str(wanted), parry_slot))
    return Exchange(F=F, attacker=attacker, defender=defender, slot=s, chance=p if chance is None else chance,
                    wanted=code, parry_slot=parry_slot, defence=tuple(int(x) for x in found))  # type: ignore[arg-type]


def strike(exchange: Exchange) -> dict[str, Any]:
    """The kernel plays the attack of ``exchange`` once, its dice drawn from the source it was prepared with; the
    record play's log tells (the rolls, the result, the damage, what the item and the armour stopped, the wound)."""
    F = exchange.F
    F.log = []
    kernel_of(F).py_exchange(F, 0, 0, 1, exchange.slot, exchange.chance, exchange.wanted, exchange.parry_slot)
    if F.error is not None:
        error = F.error
        raise error if isinstance(error, EstocError) else RulesError(str(error))
    teller = Teller([exchange.attacker, exchange.defender], ["a", "b"], {}, lambda c: True)
    return next(r for r in teller.tell(F.log) if r.get("kind") == "attack")
