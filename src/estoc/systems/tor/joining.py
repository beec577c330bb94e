"""Newcomers in a fight of the One Ring house rules (the GM's ``add`` and reinforcements): the world is built again
with one more combatant, everyone else's state carried over. The kernel keeps the heroes first, so a hero comes in
after the last hero and every adversary's index moves up by one (in the order, the engagements, the challenges, the
protections); an adversary comes in last. A newcomer stands fresh, engaged with no one: it acts once the round's
order is made again (this round's, when it comes in before the resolution; else the next)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import numpy as np

from estoc.content.models import tor
from estoc.errors import InputError, RulesError, UnknownIdError
from estoc.i18n import _
from estoc.systems.tor.encounter import SETUP_PATH, load_tor_encounter
from estoc.systems.tor.exchange import Combatant
from estoc.systems.tor.names import STANCES, Stance
from estoc.systems.tor.worlds import (
    CURSOR_FIELDS,
    ROW_FIELDS,
    WORLD_FIELDS,
    array,
    build,
)

if TYPE_CHECKING:
    from estoc.systems.tor.fight import TorFight

INDEX_FIELDS = ("protector", "challenge")
"""World fields that hold a combatant's index (−1: none)."""
HEROES, ADVERSARIES = "heroes", "adversaries"


def join(fight: TorFight, person: Combatant, stance: Stance | None, plan: tuple[str, ...] = ()) -> int:
    """``person`` brought into ``fight`` (a hero when ``stance`` is given, else an adversary); its index."""
    if person.id in fight.ids():
        raise InputError(_("there is already a combatant {id}").format(id=person.id))
    old, count = fight.F, len(fight.combatants)
    heroes = sum(1 for side in fight.sides if side == HEROES)
    place = heroes if stance is not None else count
    moved = np.array([c if c < place else c + 1 for c in range(count)], dtype=np.int64)

    def moved_index(values: Any) -> Any:
        values = np.asarray(values)
        return np.where(values >= place, values + 1, values)

    stances = [STANCES[int(s)] if s >= 0 else "open" for s in np.asarray(old.stance0)[:heroes]]
    people = list(fight.combatants)
    people.insert(place, person)
    sides = list(fight.sides)
    sides.insert(place, HEROES if stance is not None else ADVERSARIES)
    players = list(fight.players)
    players.insert(place, False)
    if stance is not None:
        stances.append(stance)
    settings = replace(fight.settings, rear_free=bool(old.rear_free),
                       plans={**dict(fight.settings.plans), **({person.id: plan} if plan else {})})
    new = build(list(zip(people[:heroes + (stance is not None)], stances, strict=True)),
                people[heroes + (stance is not None):], 1, settings=settings)
    for name in WORLD_FIELDS:
        array(new, name)[:, moved] = array(old, name)
    for name in INDEX_FIELDS:
        array(new, name)[:, moved] = moved_index(array(old, name))
    norder = int(array(old, "norder")[0])
    array(new, "order")[:, :count] = moved_index(array(old, "order"))
    array(new, "order")[:, count] = place if norder > count else 0  # (past the order's end: never read)
    for name in CURSOR_FIELDS:
        array(new, name)[:] = array(old, name)
    last = int(array(old, "last_target")[0])
    array(new, "last_target")[:] = last + 1 if last >= place else last
    for name in ROW_FIELDS:
        array(new, name)[:] = array(old, name)
    # the newcomer stands fresh (its ``up`` as the kernel set it): its side counts one more standing
    array(new, "alive")[:, 0 if stance is not None else 1] += array(new, "up")[:, place]
    engaged = array(new, "engaged")
    engaged[:] = 0
    engaged[np.ix_(np.arange(engaged.shape[0]), moved, moved)] = array(old, "engaged")
    for name in ("tried", "worked"):
        array(new, name)[:, moved, :] = array(old, name)
    new.logging, new.source, new.error, new.log = 1, old.source, old.error, old.log
    fight.combatants, fight.sides, fight.players, fight.settings, fight.F = people, sides, players, settings, new
    fight.plans = {int(moved[c]): p for c, p in fight.plans.items()}
    if plan:
        fight.plans[place] = plan
    return place


def add(fight: TorFight, event: Mapping[str, Any]) -> dict[str, Any]:
    """The GM's ``add``: a hero or an adversary of the content (its stance: the event's, else open), under the
    event's id when it gives one."""
    content = fight.content
    if content is None:
        raise RulesError(_("this fight cannot take newcomers: it has no content to take them from"))
    ref = str(event.get("ref", ""))
    stance = str(event.get("stance") or "open")
    if stance not in STANCES:
        raise InputError(_("a stance is forward, open, defensive or rearward, not {value!r}").format(value=stance))
    if ref in content.kind("tor", "heroes"):
        hero = content.get("tor", "heroes", ref, tor.Hero)
        person = Combatant.from_hero(content, hero)
        plan: tuple[str, ...] = tuple(hero.tasks)
        chosen: Stance | None = stance
    elif ref in content.kind("tor", "adversaries"):
        if event.get("stance"):
            raise InputError(_("an adversary takes no stance"))
        person, plan, chosen = Combatant.from_adversary(content, content.get("tor", "adversaries", ref,
                                                                             tor.Adversary)), (), None
    else:
        known = sorted([*content.kind("tor", "heroes"), *content.kind("tor", "adversaries")])
        raise UnknownIdError(_("unknown hero or adversary {id!r}; known: {known}").format(id=ref,
                                                                                         known=", ".join(known)))
    if event.get("id"):
        person = replace(person, id=str(event["id"]))
    join(fight, replace(person, name=fight.newcomer_name(person.name)), chosen, plan)
    return {"kind": "gm", "op": "add", "target": person.id, "value": None,
            "side": HEROES if chosen is not None else ADVERSARIES}


def reinforce(fight: TorFight, event: Mapping[str, Any]) -> dict[str, Any]:
    """Every hero and adversary of a reinforcements' setup brought in (heroes with their stances)."""
    if fight.content is None:
        raise RulesError(_("this fight cannot take newcomers: it has no content to take them from"))
    setup = event.get("setup")
    if not isinstance(setup, dict):
        raise InputError(_("reinforcements need an encounter's setup"))
    found = load_tor_encounter(setup, SETUP_PATH, fight.content)
    ids: list[str] = []
    for cid, person, stance in found.heroes:
        join(fight, person, stance, tuple(found.plans.get(cid, ())))
        ids.append(cid)
    for cid, person in found.adversaries:
        join(fight, person, None)
        ids.append(cid)
    if not ids:
        raise InputError(_("these reinforcements bring no one"))
    return {"kind": "gm", "op": "reinforce", "target": None, "value": len(ids), "ids": ids,
            "file": event.get("file")}
