"""One exchange between two combatants: OB and defence from their sheets and conditions, the attack kernel, and
its outcome applied to both (hits and criticals on the target, a fumble on the attacker)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from estoc.content.models import harp
from estoc.content.models.harp_creatures import Creature
from estoc.content.registry import Content
from estoc.dice import DiceSource, OpenEndedRoll
from estoc.errors import InputError, RulesError, UnknownIdError
from estoc.i18n import _, pick
from estoc.systems.harp.attack import DEFAULT_SETTINGS, AttackInputs, AttackOutcome, AttackSettings
from estoc.systems.harp.conditions import HarpState, StunCheck
from estoc.systems.harp.creatures import stat_block
from estoc.systems.harp.report import attack_dict, stun_dict
from estoc.systems.harp.roster import BatchExchange, Roster, breath_batch, strike_batch, strike_row
from estoc.systems.harp.stats import Defence, Offence, armour_manoeuvre_penalty
from estoc.systems.harp.strike import Strike
from estoc.systems.harp.tables import SIZE_INDEX, HarpTables


@dataclass(frozen=True)
class Combatant:
    """What the rules need of a fighter or a creature, derived from its sheet or stat block."""

    id: str
    name: dict[str, str]
    hp: int
    db: int
    armour_type: int
    body_rr: int
    strikes: tuple[Strike, ...]
    quickness: int = 0
    intuition: int = 0
    agility: int = 0
    base_movement: int = 20
    size: str = "medium"
    size_rank: int = 2
    crit_reduction: int = 0
    beast: bool = False
    """Only natural weapons: it never parries."""
    stun_immune: bool = False
    bleed_immune: bool = False
    devastating: bool = False
    """Force Dévastatrice: the table's hits are doubled (not the criticals')."""
    sunlight_sensitive: bool = False
    parry: int = 0
    """OB it usually moves to its DB against its opponent (the default policy's choice)."""
    kind: str = "fighter"
    """``fighter`` or ``hero`` (played by a player), ``creature`` (played by the GM or its policy)."""
    shield_db: int = 0
    """What its shield adds to ``db`` (counted against the first ``shield_covers`` attacks of each round only)."""
    shield_covers: int = 0
    armour_penalty: int = 0
    """The worn armour's manoeuvre penalty (0 or less): dodges and other manoeuvres of Agility or Quickness."""

    @classmethod
    def from_content(cls, content: Content, combatant_id: str, level: int | None = None) -> Combatant:
        """A sample fighter or a creature (at ``level``) by id."""
        if combatant_id in content.kind("harp", "fighters"):
            if level is not None:
                raise InputError(_("--level applies to creatures, not to the fighter {id}").format(id=combatant_id))
            return cls.from_fighter(content, content.get("harp", "fighters", combatant_id, harp.Fighter))
        if combatant_id in content.kind("harp", "creatures"):
            return cls.from_creature(content, content.get("harp", "creatures", combatant_id, Creature), level)
        known = sorted([*content.kind("harp", "fighters"), *content.kind("harp", "creatures")])
        raise UnknownIdError(_("unknown fighter or creature {id!r}; known: {known}").format(
            id=combatant_id, known=", ".join(known)))

    @classmethod
    def from_fighter(cls, content: Content, sheet: harp.Fighter) -> Combatant:
        weapon = content.get("harp", "weapons", sheet.weapon, harp.Weapon)
        armour = content.get("harp", "armours", sheet.armour, harp.Armour)
        shield = content.get("harp", "shields", sheet.shield, harp.Shield) if sheet.shield else None
        ob = Offence(skill=sheet.skill, talents=sheet.talents_ob, weapon_mod=weapon.ob_mod,
                     weapon_bonus=sheet.weapon_bonus).total()
        defence = Defence(armour=armour, quickness_bonus=sheet.quickness, armour_skill=sheet.armour_skill,
                          fitted=sheet.armour_fitted, armour_bonus=sheet.armour_bonus, shield=shield,
                          shield_trained=sheet.shield_trained, shield_bonus=sheet.shield_bonus,
                          talents=sheet.talents_db)
        db = defence.total()
        strike = Strike(name=weapon.name.as_dict(), kind="weapon", table=weapon.table, size=weapon.size,
                        fumble=weapon.fumble, ob=ob, critical=weapon.critical, additional=weapon.additional_critical,
                        weapon=weapon.id, braced=weapon.braced_vs_charge, missile=weapon.missile is not None)
        return cls(id=sheet.id, name=sheet.name.as_dict(), hp=sheet.hp, db=db, armour_type=armour.type,
                   body_rr=sheet.body_rr, strikes=(strike,), quickness=sheet.quickness, intuition=sheet.intuition,
                   agility=sheet.agility, base_movement=sheet.base_movement, parry=sheet.parry,
                   shield_db=defence.shield_db(), shield_covers=shield.attacks_covered if shield else 0,
                   armour_penalty=armour_manoeuvre_penalty(armour, sheet.armour_skill, fitted=sheet.armour_fitted))

    @classmethod
    def from_creature(cls, content: Content, creature: Creature, level: int | None = None) -> Combatant:
        block = stat_block(content, creature, level)
        strikes = block.attacks
        return cls(id=creature.id, name=creature.name.as_dict(), hp=block.hit_points.total, db=block.db.total,
                   armour_type=block.armour_type, body_rr=block.resistances["body"].total, strikes=strikes,
                   quickness=creature.stats.qu, intuition=creature.stats.in_, agility=creature.stats.ag,
                   base_movement=creature.base_movement, size=creature.size, size_rank=block.size_rule.rank,
                   crit_reduction=block.size_rule.critical_reduction, beast=block.beast,
                   stun_immune=block.has("immunite-etourdissement"), bleed_immune=block.has("immunite-saignement"),
                   devastating=block.has("force-devastatrice"), sunlight_sensitive=block.has("sensibilite-soleil"),
                   kind="creature", shield_db=block.db.part("shield") + block.db.part("shield_bonus"),
                   shield_covers=block.shield_covers, armour_penalty=block.manoeuvre_penalty)

    def ob(self, strike: int = 0) -> int:
        """The OB of one of its attacks (the signature attack by default)."""
        return self.strikes[strike].ob


def strike_inputs(tables: HarpTables, s: Strike, target: Combatant, worlds: int, ob: Any, defence: Any, *,
                  counter: bool = False, devastating: bool = False) -> AttackInputs:
    """The attack kernel's inputs for ``s`` against ``target``: its table, size, fumble range and criticals, the
    target's armour type and size reduction, Force Dévastatrice."""
    row = strike_row(tables, s)
    return AttackInputs.broadcast(
        worlds, ob=ob, defence=defence, table=row["table"], armour_type=target.armour_type, size=row["size"],
        fumble=0 if counter else row["fumble"], critical=row["critical"], extra_table=row["extra_table"],
        extra_severity=row["extra_severity"], crit_reduction=target.crit_reduction,
        hits_factor=2 if devastating else 1)


def area_attack(dice: DiceSource, tables: HarpTables, state: HarpState, combatants: list[Combatant],
                attacker: int, targets: list[int], now: int, *, strike: int = 0,
                uses_left: np.typing.NDArray[np.int64] | None = None, ob_modifier: int = 0,
                defence_modifiers: list[int] | None = None, settings: AttackSettings = DEFAULT_SETTINGS,
                full_sun: bool = False) -> list[Exchange]:
    """A breath (or any area attack): one open-ended roll, compared with the defence of each creature in the cone
    or along the line; a fumble stops it before it reaches anyone.

    ``uses_left`` (one count per world) limits breaths: worlds with none left do not breathe, the others spend one.
    """
    s = combatants[attacker].strikes[strike]
    if s.area == "single":
        raise RulesError(_("{attack} is no area attack").format(attack=pick(s.name)))
    worlds = state.hp.shape[0]
    can = np.ones(worlds, dtype=np.bool_) if uses_left is None else uses_left > 0
    if not bool(can.any()):
        raise RulesError(_("{attack} has no use left").format(attack=pick(s.name)))
    if uses_left is not None:
        uses_left[can] -= 1
    roster = Roster.build(tables, list(combatants), [str(i) for i in range(len(combatants))])
    mods = defence_modifiers or [0] * len(targets)
    hits = breath_batch(dice, tables, state, roster, np.full(worlds, attacker, dtype=np.int64),
                        np.tile(np.asarray(targets, dtype=np.int64), (worlds, 1)), now,
                        strike=np.full(worlds, strike, dtype=np.int64), mask=can,
                        defence_modifier=np.tile(np.asarray(mods, dtype=np.int64), (worlds, 1)),
                        ob_modifier=ob_modifier, settings=settings, full_sun=full_sun)
    return [_told(tables, state, combatants[attacker], combatants[target], target, s, hit.exchange, False)
            for target, hit in zip(targets, hits, strict=True)]


@dataclass(frozen=True)
class Exchange:
    """An attack resolved between two combatants in every world, after it was applied."""

    outcome: AttackOutcome
    stun: StunCheck
    """Resistance rolls against stun, one per world with a critical (``outcome.effects()[0]``)."""
    ob: np.typing.NDArray[np.int64]
    defence: np.typing.NDArray[np.int64]
    event: dict[str, Any]
    """World 0 as an event."""


def attack(dice: DiceSource, tables: HarpTables, state: HarpState, combatants: list[Combatant], attacker: int,
           target: int, now: int, *, strike: int = 0, ob_modifier: int | np.typing.NDArray[np.int64] = 0,
           defence_modifier: int | np.typing.NDArray[np.int64] = 0,
           settings: AttackSettings = DEFAULT_SETTINGS, roll: OpenEndedRoll | None = None,
           counter: bool = False, active: np.typing.NDArray[np.bool_] | None = None,
           full_sun: bool = False) -> Exchange:
    """``attacker`` strikes ``target`` in every world where it can attack, in round ``now``.

    The OB takes the attacker's critical penalties (« special penalties ») and ``ob_modifier`` (posture, position,
    fight); the defence takes the target's DB and ``defence_modifier`` (its parry against the attacker, dodge,
    cover). The DB never suffers penalties.

    ``full_sun``: a creature that fears the sun attacks at −20 (every manoeuvre of it is).

    ``counter``: the attack is a total parry's open-ended roll (``roll``) turned against the opponent; its total
    alone is the attack (the whole OB went into the parry) and it cannot fumble.
    """
    a, t = combatants[attacker], combatants[target]
    if not 0 <= strike < len(a.strikes):
        raise RulesError(_("{who} has no attack number {n}").format(who=a.id, n=strike + 1))
    s = a.strikes[strike]
    worlds = state.hp.shape[0]
    roster = Roster.build(tables, list(combatants), [str(i) for i in range(len(combatants))])
    batch = strike_batch(dice, tables, state, roster, np.full(worlds, attacker, dtype=np.int64),
                         np.full(worlds, target, dtype=np.int64), now, strike=strike, ob_modifier=ob_modifier,
                         defence_modifier=defence_modifier, settings=settings, roll=roll, counter=counter,
                         active=active, full_sun=full_sun)
    return _told(tables, state, a, t, target, s, batch, counter)


def _told(tables: HarpTables, state: HarpState, a: Combatant, t: Combatant, target: int, s: Strike,
          batch: BatchExchange, counter: bool) -> Exchange:
    """An exchange applied in a batch, with world 0 as an event."""
    outcome, stun, ob, defence = batch.outcome, batch.stun, batch.ob, batch.defence
    table = int(batch.inputs.table[0])
    struck, _effects = outcome.effects()
    event = attack_dict(tables, outcome, ob=int(ob[0]), defence=int(defence[0]), table=table,
                        armour_type=t.armour_type, size=s.size, fumble_range=s.fumble,
                        limit=int(tables.attack.limits[table, SIZE_INDEX[s.size]]))
    first = np.flatnonzero(struck == 0)
    event.update(counter=counter, attacker=a.id, target=t.id, strike=s.name, knocked_down=bool(batch.knocked[0]),
                 stun_check=stun_dict(stun, int(first[0])) if first.size else None,
                 target_hp=int(state.hp[0, target]), target_down=bool(state.down[0, target]),
                 target_dead=bool(state.dead[0, target]))
    return Exchange(outcome=outcome, stun=stun, ob=ob, defence=defence, event=event)
