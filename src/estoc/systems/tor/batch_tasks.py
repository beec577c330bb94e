"""The combat tasks in the batch (:class:`~estoc.systems.tor.batch.BatchFight`): when the default policy has a hero
use each task of its plan (:func:`moment`), and what the task does, world by world, with play's scaling
(:func:`try_task`). Play's policy asks the same questions one fight at a time (:mod:`estoc.systems.tor.policy`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np

from estoc.dice import DiceSource
from estoc.systems.tor.exchange import Combatant
from estoc.systems.tor.round import (
    STANCES,
    advantage,
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
    task,
)

if TYPE_CHECKING:
    from estoc.systems.tor.batch import I64, B, BatchFight

NONE = -1
"""No one (a target, a challenge)."""
STANCE_CODE: dict[str, int] = {s: i for i, s in enumerate(STANCES)}
"""A hero's stance as the batch keeps it (an adversary's: −1)."""
REAR = STANCE_CODE["rearward"]


def each(scale: Callable[[int], int], tengwar: I64) -> I64:
    """A task's scaling (play's function of one roll's tengwar) for each world's tengwar."""
    table = {int(t): scale(int(t)) for t in np.unique(tengwar)}
    return np.array([table[int(t)] for t in tengwar], dtype=np.int64)


def harass_order(adversaries: list[Combatant]) -> list[int]:
    """The adversaries in the order the policy harasses them: the most dice with the first weapon first."""
    return sorted(range(len(adversaries)), key=lambda a: (-adversaries[a].weapons[0].rating, a))


def moment(fight: BatchFight, c: int, t: str) -> B:
    """The worlds where the policy has hero ``c`` use task ``t`` now (see the module; a task of another stance
    never)."""
    s, up = fight.state, fight.up()
    stance = task(t).stance
    right = np.ones(fight.w, np.bool_) if stance == "other" else s.stance[:, c] == STANCE_CODE[stance]
    close = fight.opponents(c, up)
    engaged = close.any(axis=1)
    foes = up[:, fight.h:]
    heroes = up[:, :fight.h]
    if t == "intimider":  # two foes or more it would make weary, and no one has done it this round
        when = ((foes & (fight.might[fight.h:] <= intimidate_might(0))).sum(axis=1) >= 2) & ~s.intimidated
    elif t == "defier":  # engaged, no challenge yet, and the foe it fights is free of any
        target = fight.weakest(close)
        when = engaged & (s.challenge[:, c] == NONE) & ~(s.challenge == np.maximum(target, 0)[:, None]).any(1)
    elif t == "deux-armes":
        when = engaged
    elif t == "rallier":  # no rally to come yet, and a companion fights in close combat
        others = heroes & (s.stance[:, :fight.h] != REAR)
        others[:, c] = False
        when = (s.rally_next[:, STANCE_CODE["forward"]] == 0) & others.any(axis=1)
    elif t == "encourager":  # a song left, and the companions would recover twice what one would
        gain = encourage_endurance(fight.people[c].valour, 0)
        missing = np.minimum(fight.max_endurance[:fight.h] - s.endurance[:, :fight.h], gain) * heroes
        when = (s.songs[:, c] > 0) & (missing.sum(axis=1) >= 2 * gain)
    elif t == "attaque-surprise":  # its foe has fallen: it slips up to another
        when = ~engaged & foes.any(axis=1) & (s.stance[:, c] != REAR)
    elif t == "proteger":
        when = ward(fight, c) >= 0
    elif t == "tenir-position" or t == "contre-attaque":
        when = engaged & (s.counter_left[:, c] == 0 if t == "contre-attaque" else ~s.holding[:, c])
    elif t == "mettre-en-joue":  # aim, then shoot
        when = (s.next_dice[:, c] == 0) & foes.any(axis=1) & (fight.ranged[c] > 0)
    elif t == "harceler":  # when the foes outnumber the heroes
        when = foes.sum(axis=1) > heroes.sum(axis=1)
    elif t == "escarmouche":  # when a foe standing has a bow
        bows = np.array([fight.ranged[fight.h + a] > 0 for a in range(fight.a)], dtype=np.bool_)
        when = (foes & bows).any(axis=1) & (fight.ranged[c] > 0)
    elif t == "prendre-avantage":  # never under a complication
        when = (s.lasting_dice[:, c] == 0) & (s.next_dice[:, c] == 0) & (s.complication[:, c] == 0)
    elif t == "annuler-complication":  # its own, or a companion's
        when = complicated(fight, c) >= 0
    elif t == "reduire-charge":  # weary from its load: the helm first, then the shield
        when = fight.loaded(slice(None), c) & ((fight.has_helm[c] & ~s.no_helm[:, c])
                                              | (fight.has_shield[c] & ~s.no_shield[:, c]))
    else:  # yield ground is a reaction (see strike)
        when = np.zeros(fight.w, np.bool_)
    return np.asarray(right & when, dtype=np.bool_)

def complicated(fight: BatchFight, c: int) -> I64:
    """Whose complication ``c`` would cancel: its own, else the standing companion's with the most dice (the
    first such); −1: none."""
    s, up = fight.state, fight.up()
    dice = np.where(up[:, :fight.h], s.complication[:, :fight.h], 0)
    other = dice.argmax(axis=1)
    return np.where(s.complication[:, c] > 0, c, np.where(dice.max(axis=1) > 0, other, NONE)).astype(np.int64)

def ward(fight: BatchFight, c: int) -> I64:
    """Protect a companion: the engaged close-combat companion below half its endurance with the least of it,
    not protected yet (−1: none)."""
    s, up = fight.state, fight.up()
    among = np.zeros((fight.w, fight.h + fight.a), np.bool_)
    engaged = (s.engaged & up[:, None, fight.h:]).any(axis=2)
    among[:, :fight.h] = (up[:, :fight.h] & engaged & (s.stance[:, :fight.h] != REAR) & (s.protected_left[:, :fight.h]
                         == 0) & (2 * s.endurance[:, :fight.h] < fight.max_endurance[:fight.h]))
    among[:, c] = False
    return fight.weakest(among)

def try_task(fight: BatchFight, dice: DiceSource, c: int, t: str, mask: B) -> None:
    """Hero ``c`` tries task ``t`` in the worlds of ``mask``: its roll, then what the tengwar buy."""
    idx = np.flatnonzero(mask)
    if not idx.size:
        return
    s, me, k = fight.state, fight.people[c], fight.task_index[t]
    spec = task(t)
    fight.tally.tasks[idx, c, k] += 1
    if spec.skill in (None, "weapon"):
        ok, tengwar = np.ones(idx.size, np.bool_), np.zeros(idx.size, np.int64)
    else:
        tn = int(getattr(me.tns, spec.attribute or "corps")) if me.tns is not None else 0
        roll = roll_task(dice, spec, me.skills.get(spec.skill, 0) - s.complication[idx, c], tn, idx.size,
                         weary=fight.loaded(idx, c), ids=idx)
        ok, tengwar = roll.success, roll.tengwar
    fight.tally.worked[idx[ok], c, k] += 1
    w, n = idx[ok], tengwar[ok]
    if not w.size:
        return
    up = fight.up()
    if t == "intimider":
        weary = up[w, fight.h:] & (fight.might[None, fight.h:] <= each(intimidate_might, n)[:, None])
        s.weary[w, fight.h:] |= weary
        s.intimidated[w] = True
    elif t == "defier":
        foe = fight.weakest(fight.opponents(c, up))[w]
        s.challenge[w, c], s.challenge[w, foe] = foe, c
    elif t == "deux-armes":
        s.two_weapons[w, c] = True
        second = 2 if len(me.weapons) > 1 else 1
        if len(me.weapons) < 2:
            s.parry[w, c] -= 1
        target = fight.weakest(fight.opponents(c, up))
        fight.strike(dice, c, second, np.isin(np.arange(fight.w), w), target)
    elif t == "rallier":
        for tw in np.unique(n):
            stances, rounds = rally_stances(int(tw))
            here = w[n == tw]
            for x in stances:
                s.rally_next[here, STANCE_CODE[x]] = np.maximum(s.rally_next[here, STANCE_CODE[x]], rounds)
    elif t == "encourager":
        s.songs[w, c] -= 1
        gain = each(lambda x: encourage_endurance(me.valour, x), n)[:, None]
        heroes = up[w, :fight.h]
        fight.changed()
        s.endurance[w, :fight.h] = np.where(heroes, np.minimum(s.endurance[w, :fight.h] + gain,
                                                              fight.max_endurance[:fight.h]), s.endurance[w, :fight.h])
    elif t == "attaque-surprise":
        foe = fight.weakest(fight.foes(c, up))[w]
        s.engaged[w, c, foe - fight.h] = True
        s.next_dice[w, c] += each(sneak_attack_dice, n)
    elif t == "proteger":
        ally = ward(fight, c)[w]
        penalty = each(lambda x: protect(x)[0], n)
        s.protected_dice[w, ally], s.protected_left[w, ally] = penalty, 1
    elif t == "tenir-position":
        s.held[w, c] += each(hold_position_attacks, n)
        s.holding[w, c] = True
    elif t == "contre-attaque":
        for tw in np.unique(n):
            effect = counter_attack(int(tw))
            here = w[n == tw]
            s.counter_left[here, c] = effect.attacks
            s.counter_wound[here, c], s.counter_ill[here, c] = effect.wound, effect.protection_ill
    elif t == "mettre-en-joue":
        s.next_dice[w, c] += each(take_aim_dice, n)
    elif t == "harceler":
        harass(fight, w, n, up)
    elif t == "escarmouche":
        s.skirmish[w, c] = True
        s.dice[w, c] -= 1
        mask_w = np.isin(np.arange(fight.w), w)
        fight.strike(dice, c, fight.ranged[c], mask_w, fight.weakest(fight.foes(c, up)))
    elif t == "annuler-complication":
        s.complication[w, complicated(fight, c)[w]] = 0
    elif t == "reduire-charge":
        helm = fight.has_helm[c] & ~s.no_helm[w, c]
        s.no_helm[w[helm], c] = True
        s.no_shield[w[~helm], c] = True
    elif t == "prendre-avantage":
        for tw in np.unique(n):
            extra, lasting = advantage(int(tw))
            here = w[n == tw]
            if lasting:
                s.lasting_dice[here, c] = np.maximum(s.lasting_dice[here, c], extra)
            else:
                s.next_dice[here, c] += extra

def harass(fight: BatchFight, w: I64, tengwar: I64, up: B) -> None:
    """Harass, in the worlds ``w``: the standing foe that rolls the most dice (:func:`harass_order`) loses
    them; with a tengwar, a second standing foe (the first of the others, as play takes it) loses one too."""
    s = fight.state
    rank = np.array(harass_order(fight.people[fight.h:]), dtype=np.int64)
    standing = up[np.ix_(w, fight.h + rank)]
    first = rank[standing.argmax(axis=1)]
    others = up[w, fight.h:].copy()
    others[np.arange(w.size), first] = False
    second = np.where(others.any(axis=1), others.argmax(axis=1), NONE)
    for tw in np.unique(tengwar):
        for spread in (False, True):
            here = (tengwar == tw) & ((second >= 0) == spread)
            if not here.any():
                continue
            penalties = harass_penalty(int(tw), spread=spread)
            s.dice[w[here], fight.h + first[here]] -= penalties[0]
            if len(penalties) > 1:
                s.dice[w[here], fight.h + second[here]] -= penalties[1]
