"""The default policy of the One Ring house rules: what estoc does when the GM lets it decide (adversaries in play,
everyone in simulation). It is the batch's policy (:mod:`estoc.systems.tor.batch`, whose docstring says it in full),
taken one fight at a time; the two are tested to agree:

* opening volleys: whoever has a bow shoots once at the foe with the least endurance; then close combat;
* a hero keeps its stance, and goes open when the rear is not open to the heroes;
* the engagement is the GM's default;
* a hero uses the combat tasks of its plan (the encounter's, else the hero's own) when their moment comes
  (:func:`moment`), one secondary then one main action; else it attacks the engaged foe with the least endurance (at
  the rear, or unengaged with a bow, it shoots); it yields ground when a blow would leave it without endurance and
  half of it would not;
* an adversary attacks the engaged hero with the least endurance (free, it shoots the weakest hero if it can);
* reducing load drops the helm, then the shield, when the hero is weary from its load; cancelling a complication
  lifts the hero's own, else the companion's with the most dice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from estoc.systems.tor.round import (
    CLOSE,
    encourage_endurance,
    intimidate_might,
    rearward_allowed,
    task,
)
from estoc.systems.tor.rules import half_up

if TYPE_CHECKING:
    from estoc.systems.tor.fight import TorFight


def choose(fight: TorFight) -> dict[str, Any]:
    people = range(len(fight.combatants))
    yielding = _yield(fight)
    if yielding is not None:
        return yielding
    if fight.waiting:
        return {"type": "continue"}
    if fight.round == 0 and fight.phase == "volleys":
        for c in people:
            if c not in fight.shot and fight.standing(c) and fight._ranged(c):
                foes = fight.foes(c)
                if foes:
                    return {"type": "shoot", "actor": fight.combatants[c].id,
                            "target": fight.combatants[weakest(fight, foes)].id}
        return {"type": "close"}
    if fight.phase == "stances":
        heroes = [c for c in people if fight.hero(c) and fight.standing(c)]
        foes = [c for c in people if not fight.hero(c) and fight.standing(c)]
        if not rearward_allowed([fight.stance[h] for h in heroes], len(foes)):
            rear = next(h for h in heroes if fight.stance[h] == "rearward")
            return {"type": "stance", "target": fight.combatants[rear].id, "stance": "open"}
        return {"type": "fight"}
    if fight.phase == "engagement":
        return {"type": "fight"}
    actor = fight.current()
    if actor is None:
        return {"type": "fight"}
    c = actor
    if fight.hero(c):
        if c in fight.regain:
            return {"type": "regain"}
        plan = [t for t in fight.plans.get(c, ()) if fight.tasks.get(t, True)]
        if c not in fight.now.secondary:
            for t in plan:
                if task(t).action == "secondary" and moment(fight, c, t):
                    return _task_event(fight, c, t)
        if not fight.next_dice.get(c, 0):  # a bonus waits for its next attack: it attacks
            for t in plan:
                if task(t).action == "main" and moment(fight, c, t):
                    return _task_event(fight, c, t)
    return _attack(fight, c)


def weakest(fight: TorFight, among: list[int]) -> int:
    return min(among, key=lambda f: (fight.endurance[f], f))


def _attack(fight: TorFight, c: int) -> dict[str, Any]:
    close = fight.opponents(c)
    at_rear = (fight.hero(c) and fight.stance[c] == "rearward") or not close
    targets = close if not at_rear else fight.foes(c)
    number = fight._ranged(c) if at_rear else next(
        (i for i, use in enumerate(fight.combatants[c].weapons, start=1) if not use.record.ranged), None)
    if not targets or number is None:
        return {"type": "pass"}
    return {"type": "attack", "target": fight.combatants[weakest(fight, targets)].id, "weapon": number}


def _yield(fight: TorFight) -> dict[str, Any] | None:
    last = fight.last_attack
    if not last:
        return None
    hero, lost = int(last["target"]), int(last["endurance"])
    if ("ceder-terrain" not in fight.plans.get(hero, ()) or not fight.tasks.get("ceder-terrain", True)
            or hero in fight.now.yielded or fight.dying(hero)):
        return None
    after = fight.endurance[hero]
    if after <= 0 < after + lost - int(half_up(lost)):
        return {"type": "yield", "target": fight.combatants[hero].id}
    return None


def ward(fight: TorFight, c: int) -> int | None:
    """Protect a companion: the engaged close-combat companion below half its endurance with the least of it, not
    protected yet."""
    among = [h for h in range(len(fight.combatants)) if h != c and fight.hero(h) and fight.standing(h)
             and fight.opponents(h) and fight.stance[h] in CLOSE and not fight.now.protected.get(h)
             and 2 * fight.endurance[h] < fight.combatants[h].endurance]
    return weakest(fight, among) if among else None


def harassed(fight: TorFight, c: int) -> int | None:
    """The foe a harassment aims at: the standing one that rolls the most dice with its first weapon."""
    foes = fight.foes(c)
    return min(foes, key=lambda a: (-fight.combatants[a].weapons[0].rating, a)) if foes else None


def complicated(fight: TorFight, c: int) -> int | None:
    """Whose complication ``c`` would cancel: its own, else the standing companion's with the most dice."""
    if fight.complication.get(c, 0):
        return c
    among = [h for h in range(len(fight.combatants)) if fight.hero(h) and fight.standing(h)
             and fight.complication.get(h, 0)]
    return min(among, key=lambda h: (-fight.complication[h], h)) if among else None


def _burden(fight: TorFight, c: int) -> str | None:
    """What reducing load drops: the helm, then the shield."""
    me, dropped = fight.combatants[c], fight.dropped.get(c, set())
    if me.helm is not None and "helm" not in dropped:
        return "helm"
    return "shield" if me.shield_id is not None and "shield" not in dropped else None


def moment(fight: TorFight, c: int, t: str) -> bool:
    """Whether the policy has hero ``c`` use task ``t`` now (the batch's :meth:`BatchFight.moment`)."""
    spec = task(t)
    if spec.stance not in ("other", fight.stance[c]):
        return False
    close = fight.opponents(c)
    people = range(len(fight.combatants))
    foes = [a for a in people if not fight.hero(a) and fight.standing(a)]
    heroes = [h for h in people if fight.hero(h) and fight.standing(h)]
    if t == "intimider":
        return sum(fight.combatants[a].might <= intimidate_might(0) for a in foes) >= 2 and not fight.now.weary
    if t == "defier":
        return bool(close) and c not in fight.challenge and weakest(fight, close) not in fight.challenge.values()
    if t == "deux-armes":
        return bool(close)
    if t == "rallier":
        return not fight.rally_next.get("forward", 0) and any(
            h != c and fight.stance[h] in CLOSE for h in heroes)
    if t == "encourager":
        gain = encourage_endurance(fight.combatants[c].valour, 0)
        missing = sum(min(fight.combatants[h].endurance - fight.endurance[h], gain) for h in heroes)
        return fight.songs.get(c, 0) > 0 and missing >= 2 * gain
    if t == "attaque-surprise":
        return not close and bool(foes) and fight.stance[c] != "rearward"
    if t == "proteger":
        return ward(fight, c) is not None
    if t == "tenir-position":
        return bool(close) and c not in fight.now.holding
    if t == "contre-attaque":
        return bool(close) and not fight.now.counter.get(c)
    if t == "mettre-en-joue":
        return not fight.next_dice.get(c, 0) and bool(foes) and fight._ranged(c) is not None
    if t == "harceler":
        return len(foes) > len(heroes)
    if t == "escarmouche":
        return fight._ranged(c) is not None and any(fight._ranged(a) for a in foes)
    if t == "prendre-avantage":
        return not fight.lasting_dice.get(c, 0) and not fight.next_dice.get(c, 0) and not fight.complication.get(c)
    if t == "annuler-complication":
        return complicated(fight, c) is not None
    if t == "reduire-charge":
        return fight.loaded(c) and _burden(fight, c) is not None
    return False  # yield ground is a reaction


def _task_event(fight: TorFight, c: int, t: str) -> dict[str, Any]:
    event: dict[str, Any] = {"type": "task", "task": t}
    close = fight.opponents(c)
    target: int | None = None
    if t in ("defier", "deux-armes"):
        target = weakest(fight, close)
    elif t in ("attaque-surprise", "escarmouche"):
        target = weakest(fight, fight.foes(c))
    elif t == "proteger":
        target = ward(fight, c)
    elif t == "annuler-complication":
        target = complicated(fight, c)
    elif t == "reduire-charge":
        event["item"] = _burden(fight, c)
    elif t == "harceler":
        target = harassed(fight, c)
        event["spread"] = len(fight.foes(c)) > 1
    if target is not None:
        event["target"] = fight.combatants[target].id
    return event
