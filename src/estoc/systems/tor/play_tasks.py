"""The combat tasks at the table: checking that a hero may take one now, rolling it, and doing what its tengwar buy
(a part of :class:`~estoc.systems.tor.fight.TorFight`, whose module states the fight's rules; the scaling of each task
is :mod:`estoc.systems.tor.round`'s, shared with the batch).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from estoc.dice import DiceSource
from estoc.errors import RulesError
from estoc.i18n import _
from estoc.systems.tor.round import (
    advantage,
    check_task,
    counter_attack,
    encourage_endurance,
    harass_penalty,
    hold_position_attacks,
    intimidate_might,
    protect,
    rally_stances,
    roll_task,
    sneak_attack_dice,
    take_aim_dice,
)

if TYPE_CHECKING:
    from estoc.systems.tor.fight import TorFight


def take(fight: TorFight, c: int, event: Mapping[str, Any], dice: DiceSource, records: list[dict[str, Any]]) -> bool:
    """Apply a combat task; True when it was the main action."""
    if not fight.hero(c):
        raise RulesError(_("adversaries use no combat task"))
    task = check_task(str(event["task"]), fight.stance[c], fight.tasks)
    if task.action == "secondary" and c in fight.now.secondary:
        raise RulesError(_("{who} has already taken a secondary action this round").format(
            who=fight.combatants[c].id))
    me = fight.gear(c)
    target = fight.index(str(event["target"])) if event.get("target") else None
    if task.id == "encourager" and fight.songs.get(c, 0) <= 0:
        raise RulesError(_("{who} has no war song left to sing").format(who=me.id))
    if task.id == "attaque-surprise" and fight.opponents(c):
        raise RulesError(_("a sneak attack needs to start the round unengaged"))
    if task.id == "deux-armes" and len(me.in_hand()) < 2 and not me.shield:
        raise RulesError(_("a two-weapon attack needs a second weapon or a shield"))
    if task.id == "contre-attaque" and not me.in_hand():
        raise RulesError(_("{who} has no weapon in hand to counter-attack with").format(who=me.id))
    if task.id == "prendre-avantage" and fight.complication.get(c, 0):
        raise RulesError(_("{who} faces a complication: cancel it before gaining the advantage").format(
            who=me.id))
    record: dict[str, Any] = {"kind": "task", "actor": me.id, "task": task.id}
    if task.id == "annuler-complication":
        target = fight._complicated_target(c, target)
        record["target"] = fight.combatants[target].id
    item = fight._droppable(c, event) if task.id == "reduire-charge" else None
    if task.skill == "weapon" or task.skill is None:
        ok, tengwar = True, 0  # the task's roll is the attack it makes (or there is none)
    else:
        lost, weary = fight.complication.get(c, 0), fight.weary(c)
        roll = roll_task(dice, task, me.skills.get(task.skill, 0) - lost, attribute_tn(fight, c, task.attribute),
                         weary=weary)
        ok, tengwar = bool(roll.success[0]), int(roll.tengwar[0])
        if weary:
            record["weary"] = True
        if lost:
            record["complication"] = lost
    record.update({"success": ok, "tengwar": tengwar, "core": task.core})
    if item is not None:
        record.update(fight._drop(c, item))
    fight.tally[c].tasks += 1
    if task.action == "secondary":
        fight.now.secondary.add(c)
    if ok:
        record.update(effect(fight, c, task.id, tengwar, target, event, dice))
    records.append(record)
    return task.action == "main"


def attribute_tn(fight: TorFight, c: int, attribute: str | None) -> int:
    """The hero's target number for a task's attribute."""
    tns = fight.combatants[c].tns
    return int(getattr(tns, attribute or "corps")) if tns is not None else 0


def effect(fight: TorFight, c: int, task: str, tengwar: int, target: int | None, event: Mapping[str, Any],
           dice: DiceSource) -> dict[str, Any]:
    """What task ``task`` does when its roll succeeded with ``tengwar``."""
    heroes = [h for h in range(len(fight.combatants)) if fight.hero(h) and fight.standing(h)]
    foes = [a for a in range(len(fight.combatants)) if not fight.hero(a) and fight.standing(a)]
    if task == "intimider":
        might = intimidate_might(tengwar)
        weary = [a for a in foes if fight.combatants[a].might <= might]
        fight.now.weary.update(weary)
        return {"weary": [fight.combatants[a].id for a in weary]}
    if task == "defier":
        foe = need_target(fight, target, foes)
        if foe in fight.challenge.values() or c in fight.challenge:
            raise RulesError(_("a challenge is one hero against one adversary"))
        fight.challenge[c], fight.challenge[foe] = foe, c
        return {"challenged": fight.combatants[foe].id}
    if task == "deux-armes":
        foe = need_target(fight, target, fight.opponents(c))
        fight.now.two_weapons.add(c)
        if len(fight.combatants[c].weapons) < 2:
            fight.now.parry[c] = fight.now.parry.get(c, 0) - 1  # the shield strikes: it parries less
        number = 2 if len(fight.combatants[c].weapons) > 1 else 1
        return {"attack": fight._attack(c, foe, number, event, dice)}
    if task == "rallier":
        stances, rounds = rally_stances(tengwar)
        for s in stances:
            fight.rally_next[s] = max(fight.rally_next.get(s, 0), rounds)
        return {"stances": list(stances), "rounds": rounds}
    if task == "encourager":
        fight.songs[c] -= 1
        gain = encourage_endurance(fight.combatants[c].valour, tengwar)
        for h in heroes:
            fight.endurance[h] = min(fight.endurance[h] + gain, fight.combatants[h].endurance)
        return {"endurance": gain}
    if task == "attaque-surprise":
        foe = need_target(fight, target, foes)
        fight.engaged.add((c, foe))
        fight.next_dice[c] = fight.next_dice.get(c, 0) + sneak_attack_dice(tengwar)
        return {"engaged": fight.combatants[foe].id, "dice": sneak_attack_dice(tengwar)}
    if task == "proteger":
        ally = need_target(fight, target, [h for h in heroes if h != c])
        penalty, attacks = protect(tengwar, bool(event.get("more")))
        fight.now.protected[ally] = [penalty] * attacks
        return {"protected": fight.combatants[ally].id, "penalty": penalty, "attacks": attacks}
    if task == "tenir-position":
        fight.now.held[c] = fight.now.held.get(c, 0) + hold_position_attacks(tengwar)
        fight.now.holding.add(c)
        return {"attacks": fight.now.held[c]}
    if task == "contre-attaque":
        effect = counter_attack(tengwar)
        fight.now.counter[c] = [effect] * effect.attacks
        return {"attacks": effect.attacks, "wound": effect.wound, "protection_ill": effect.protection_ill}
    if task == "mettre-en-joue":
        fight.next_dice[c] = fight.next_dice.get(c, 0) + take_aim_dice(tengwar)
        return {"dice": take_aim_dice(tengwar)}
    if task == "harceler":
        penalties = harass_penalty(tengwar, bool(event.get("spread")))
        chosen = [need_target(fight, target, foes), *[a for a in foes if a != target][:len(penalties) - 1]]
        for a, n in zip(chosen, penalties, strict=False):
            fight.now.dice[a] = fight.now.dice.get(a, 0) - n
        return {"harassed": {fight.combatants[a].id: n for a, n in zip(chosen, penalties, strict=False)}}
    if task == "escarmouche":
        bow = fight._ranged(c)
        if bow is None:
            raise RulesError(_("{who} has no bow to shoot with").format(who=fight.combatants[c].id))
        foe = need_target(fight, target, foes)
        fight.now.skirmish.add(c)
        fight.now.dice[c] = fight.now.dice.get(c, 0) - 1
        return {"attack": fight._attack(c, foe, bow, event, dice)}
    if task == "prendre-avantage":
        extra, lasting = advantage(tengwar)
        if lasting:
            fight.lasting_dice[c] = max(fight.lasting_dice.get(c, 0), extra)
        else:
            fight.next_dice[c] = fight.next_dice.get(c, 0) + extra
        return {"dice": extra, "lasting": lasting}
    if task == "annuler-complication" and target is not None:
        fight.complication.pop(target, None)
        return {"cancelled": fight.combatants[target].id}
    return {}  # reduce load (see _drop), yield ground (see yield)


def need_target(fight: TorFight, target: int | None, allowed: list[int]) -> int:
    """The task's target, if it is one of ``allowed``."""
    if target is None or target not in allowed:
        raise RulesError(_("this task needs a target among: {known}").format(
            known=", ".join(fight.combatants[a].id for a in allowed) or "—"))
    return target
