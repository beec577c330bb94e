"""One exchange between two combatants: OB and defence from their sheets and conditions, the attack kernel, and
its outcome applied to both (hits and criticals on the target, a fumble on the attacker)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from estoc.content.models import harp
from estoc.content.registry import Content
from estoc.dice import DiceSource, OpenEndedRoll
from estoc.errors import RulesError
from estoc.i18n import _
from estoc.systems.harp.attack import DEFAULT_SETTINGS, AttackInputs, AttackOutcome, AttackSettings, resolve_attack
from estoc.systems.harp.conditions import HarpState, StunCheck, apply_effects, apply_lost_rounds, take_hits
from estoc.systems.harp.report import attack_dict, stun_dict
from estoc.systems.harp.stats import Defence, Offence
from estoc.systems.harp.tables import SIZE_INDEX, HarpTables


@dataclass(frozen=True)
class Combatant:
    """A fighter with its equipment resolved from content."""

    sheet: harp.Fighter
    weapon: harp.Weapon
    armour: harp.Armour
    shield: harp.Shield | None

    @classmethod
    def from_content(cls, content: Content, fighter_id: str) -> Combatant:
        sheet = content.get("harp", "fighters", fighter_id, harp.Fighter)
        return cls.from_sheet(content, sheet)

    @classmethod
    def from_sheet(cls, content: Content, sheet: harp.Fighter) -> Combatant:
        weapon = content.get("harp", "weapons", sheet.weapon, harp.Weapon)
        armour = content.get("harp", "armours", sheet.armour, harp.Armour)
        shield = content.get("harp", "shields", sheet.shield, harp.Shield) if sheet.shield else None
        return cls(sheet, weapon, armour, shield)

    def ob(self) -> int:
        """The OB with its weapon, before the round's posture and conditions."""
        return Offence(skill=self.sheet.skill, talents=self.sheet.talents_ob, weapon_mod=self.weapon.ob_mod,
                       weapon_bonus=self.sheet.weapon_bonus).total()

    def db(self) -> int:
        return Defence(armour=self.armour, quickness_bonus=self.sheet.quickness, armour_skill=self.sheet.armour_skill,
                       fitted=self.sheet.armour_fitted, armour_bonus=self.sheet.armour_bonus, shield=self.shield,
                       shield_trained=self.sheet.shield_trained, shield_bonus=self.sheet.shield_bonus,
                       talents=self.sheet.talents_db).total()


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
           target: int, now: int, *, ob_modifier: int | np.typing.NDArray[np.int64] = 0,
           defence_modifier: int | np.typing.NDArray[np.int64] = 0,
           settings: AttackSettings = DEFAULT_SETTINGS, roll: OpenEndedRoll | None = None,
           counter: bool = False) -> Exchange:
    """``attacker`` strikes ``target`` in every world where it can attack, in round ``now``.

    The OB takes the attacker's critical penalties (« special penalties ») and ``ob_modifier`` (posture, position,
    fight); the defence takes the target's DB and ``defence_modifier`` (its parry against the attacker, dodge,
    cover). The DB never suffers penalties.

    ``counter``: the attack is a total parry's open-ended roll (``roll``) turned against the opponent; its total
    alone is the attack (the whole OB went into the parry) and it cannot fumble.
    """
    a, t = combatants[attacker], combatants[target]
    if a.weapon.kind != "melee" and a.weapon.missile is None:
        raise RulesError(_("this weapon cannot attack"))
    worlds = state.hp.shape[0]
    ob = (a.ob() + state.penalty[:, attacker] + np.asarray(ob_modifier)).astype(np.int64)
    if counter:
        ob = np.zeros(worlds, dtype=np.int64)
    defence = np.broadcast_to(np.asarray(t.db() + np.asarray(defence_modifier), dtype=np.int64), (worlds,))
    table = tables.attack.index(a.weapon.table)
    critical = tables.critical.index(a.weapon.critical) if a.weapon.critical else int(tables.attack.critical[table])
    extra = a.weapon.additional_critical
    inputs = AttackInputs.broadcast(
        worlds, ob=ob, defence=defence, table=table, armour_type=t.armour.type,
        size=SIZE_INDEX[a.weapon.size], fumble=0 if counter else a.weapon.fumble, critical=critical,
        extra_table=tables.critical.index(extra.table) if extra else -1,
        extra_severity=" ABCDE".index(extra.severity) if extra and extra.severity else 0)
    outcome = resolve_attack(dice, tables, inputs, settings, roll=roll)
    w = np.arange(worlds, dtype=np.int64)
    hit = outcome.hit
    target_idx = np.full(worlds, target, dtype=np.int64)
    take_hits(state, w[hit], target_idx[hit], outcome.total_hits()[hit])
    struck, effects = outcome.effects()
    stun = apply_effects(state, struck, target_idx[struck], effects, now, dice)
    fumbled = outcome.fumble
    if fumbled.any():
        attacker_idx = np.full(int(fumbled.sum()), attacker, dtype=np.int64)
        own = tables.fumble.effects.take(outcome.fumble_roll[fumbled])
        take_hits(state, w[fumbled], attacker_idx, own.hits.astype(np.int64))
        apply_effects(state, w[fumbled], attacker_idx, own, now, dice, resist_stun=False)
        apply_lost_rounds(state, w[fumbled], attacker_idx,
                          tables.fumble.lost_rounds[outcome.fumble_roll[fumbled]].astype(np.int64), now)
    event = attack_dict(tables, outcome, ob=int(ob[0]), defence=int(defence[0]), table=table,
                        armour_type=t.armour.type, size=a.weapon.size, fumble_range=a.weapon.fumble,
                        limit=int(tables.attack.limits[table, SIZE_INDEX[a.weapon.size]]))
    first = np.flatnonzero(struck == 0)
    event.update(counter=counter, attacker=a.sheet.id, target=t.sheet.id, weapon=a.weapon.id,
                 stun_check=stun_dict(stun, int(first[0])) if first.size else None,
                 target_hp=int(state.hp[0, target]), target_down=bool(state.down[0, target]),
                 target_dead=bool(state.dead[0, target]))
    return Exchange(outcome=outcome, stun=stun, ob=ob, defence=defence, event=event)
