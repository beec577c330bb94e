"""What a board shows beyond a fight's ``view()``: the numbers a GM decides from, read from the fight as it stands.

A fight's ``view()`` is recorded whole in the golden event logs, so the board's own facts are added here, on a copy,
and never stored: HARP's OB and DB now, d100's distances and broken or unready weapons, the One Ring's task states
and the names of whom each combatant faces. Each fact is read from the kernel's fields as the rules left them; the
sums are those the kernel makes before a blow's own parts (its target, its range, a parry against one foe).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from estoc.i18n import pick
from estoc.systems.d100.fight import D100Fight
from estoc.systems.d100.worlds import array, kernel_of
from estoc.systems.harp.fight import HarpFight
from estoc.systems.harp.worlds import array as harp_array
from estoc.systems.tor.fight import TorFight

SUN_FEAR_OB = -20
"""HARP bestiary, « Sensibilité à la Lumière du Soleil »: −20 in full sun (the kernel's ``SUNLIGHT_PENALTY``)."""


def board_view(fight: Any) -> dict[str, Any]:
    """``fight.view()`` with the board's facts added (a new dict: the fight's own view is left as it is), and
    ``side_names``: each side's name, by id."""
    view: dict[str, Any] = fight.view()
    view["side_names"] = {side: dict(name) for side, name in getattr(fight, "side_names", {}).items()}
    if isinstance(fight, HarpFight):
        _harp(fight, view)
    elif isinstance(fight, D100Fight):
        _d100(fight, view)
    elif isinstance(fight, TorFight):
        _tor(fight, view)
    return view


def _harp(fight: Any, view: dict[str, Any]) -> None:
    """Each row's ``ob_now`` (its first attack's OB with the criticals' penalties, the fight's modifier, the GM's
    modifier to its next attack and full sun for a creature that fears it) and ``db_now`` (its DB with its dodge,
    a charge's −20 and its cover against blows; a parry is against one foe and told apart), and ``distances``
    (the metres the GM or the encounter set to each other combatant, by id; unknown ones left out)."""
    F = fight.F
    metres = harp_array(F, "distance")[0]
    ids = [c.id for c in fight.combatants]
    ob, db = np.asarray(F.ob), np.asarray(F.db)
    sunlight = np.asarray(F.sunlight)
    full_sun = bool(int(F.full_sun))
    fight_mod = int(np.asarray(F.fight_mod)[0])
    for i, row in enumerate(view["combatants"]):
        sun = SUN_FEAR_OB if full_sun and int(sunlight[i]) else 0
        row["ob_now"] = (int(ob[i, 0]) + fight.value("penalty", i) + fight_mod + fight.value("next_mod", i) + sun)
        row["db_now"] = (int(db[i]) + fight.value("dodge", i) + fight.value("charge_db", i)
                         + fight.value("cover_melee", i))
        row["distances"] = {ids[j]: int(metres[i, j]) for j in range(len(ids)) if j != i and int(metres[i, j]) >= 0}


def _d100(fight: Any, view: dict[str, Any]) -> None:
    """Each row's ``rank`` (its DEX rank this round: its DEX cut by its movement), ``distances`` (metres to each
    standing foe, by id, when the encounter set a distance), ``broken`` (the names of its broken weapons and
    shield), ``unready`` (its missile weapons not loaded, with the round each is ready) and ``wielded`` (the weapon
    in hand)."""
    F = fight.F
    K = kernel_of(F)
    whp, loaded, until = array(F, "whp")[0], array(F, "loaded")[0], array(F, "reload_until")[0]
    parries, reload_rounds = np.asarray(F.parries), np.asarray(F.reload_rounds)
    now = fight.round
    ids = [c.id for c in fight.combatants]
    for c, (person, row) in enumerate(zip(fight.combatants, view["combatants"], strict=True)):
        distances = {}
        if int(F.distance0) >= 0:
            for t, other in enumerate(view["combatants"]):
                if other["side"] != row["side"] and other["state"] == "ok":
                    distances[ids[t]] = int(K.py_distance(F, 0, c, t))
        row["distances"] = distances
        row["rank"] = int(K.py_dex_rank(F, 0, c))
        broken = [pick(w.record.name.as_dict()) for s, w in enumerate(person.weapons)
                  if int(parries[c, s]) and int(whp[c, s]) <= 0]
        if person.shield is not None and int(fight.value("shield_hp", c)) <= 0:
            broken.append(pick(person.shield.record.name.as_dict()))
        row["broken"] = broken
        unready = []
        for s, w in enumerate(person.weapons):
            if int(reload_rounds[c, s]) > 0 and (int(loaded[c, s]) == 0 or int(until[c, s]) > now):
                unready.append([pick(w.record.name.as_dict()), int(until[c, s]) if int(loaded[c, s]) else None])
        row["unready"] = unready
        held = fight.value("wielded", c)
        row["wielded"] = pick(person.weapons[held].record.name.as_dict()) if 0 <= held < len(person.weapons) else None


def _tor(fight: Any, view: dict[str, Any]) -> None:
    """Each row's ``opponent_names``, and its ``tasks``: what a combat task left on it, as ``[kind, number,
    name]`` (``challenge``: in a duel with NAME; ``protected``: NAME protects it, −N dice for the next attacks on
    it; ``bonus``: +N dice to its next attack; ``lasting``: +N dice to each attack; ``hold``: holds its position,
    the next N attacks on it ill-favoured; ``counter``: N counter-attacks left; ``regain``: yielded ground, its next
    main action regains its position); the view's ``rally``: the stances a rally lifts this round, and
    ``rear_free``: the GM's word that the ground lets heroes stay at the rear whatever the numbers."""
    names = [pick(c.name) for c in fight.combatants]
    for c, row in enumerate(view["combatants"]):
        row["opponent_names"] = [names[o] for o in fight.opponents(c)]
        tasks: list[list[Any]] = []
        challenge = fight.value("challenge", c)
        if 0 <= challenge < len(names):
            tasks.append(["challenge", 0, names[challenge]])
        protector = fight.value("protector", c)
        if 0 <= protector < len(names) and fight.value("protected_left", c) > 0:
            tasks.append(["protected", fight.value("protected_dice", c), names[protector]])
        for kind, field in (("bonus", "next_dice"), ("lasting", "lasting_dice"), ("hold", "held"),
                            ("counter", "counter_left")):
            n = fight.value(field, c)
            if n > 0:
                tasks.append([kind, n, ""])
        if fight.value("regain", c):
            tasks.append(["regain", 0, ""])
        row["tasks"] = tasks
    view["rear_free"] = bool(int(fight.F.rear_free))
    rally = np.asarray(fight.F.rally)[0] if hasattr(fight.F, "rally") else []
    stances = ("forward", "open", "defensive", "rearward")
    view["rally"] = [stances[s] for s in range(min(len(rally), len(stances))) if int(rally[s]) > 0]
