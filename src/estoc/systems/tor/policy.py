"""The default policy of the One Ring house rules: what estoc does when the GM lets it decide (adversaries in play,
everyone in simulation). Simple and predictable:

* in the opening volleys, whoever has a bow shoots once at the foe with the least endurance; then close combat;
* a hero keeps its stance (the encounter's), and goes to open if the rear is not allowed;
* the engagement is the GM's default: each close-combat hero faces the free adversary with the least endurance, and
  adversaries left free join the hero facing the fewest;
* a hero that yielded ground regains its position; a defensive hero who knows Intuition and may counter-attack does
  so; others attack the engaged foe with the least endurance (a hero at the rear shoots), special damage ``auto``;
* an adversary attacks the engaged hero with the least endurance (or the heroes' weakest, when free).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from estoc.systems.tor.round import rearward_allowed

if TYPE_CHECKING:
    from estoc.systems.tor.fight import TorFight


def choose(fight: TorFight) -> dict[str, Any]:
    people = range(len(fight.combatants))
    if fight.round == 0 and fight.phase == "volleys":
        for c in people:
            if c not in fight.shot and fight.standing(c) and fight._ranged(c):
                foes = fight.foes(c)
                if foes:
                    target = min(foes, key=lambda f: (fight.endurance[f], f))
                    return {"type": "shoot", "actor": fight.combatants[c].id, "target": fight.combatants[target].id}
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
    if c in fight.regain:
        return {"type": "regain"}
    me = fight.combatants[c]
    if (fight.hero(c) and fight.stance[c] == "defensive" and fight.tasks.get("contre-attaque", True)
            and me.skills.get("intuition", 0) > 0 and c not in fight.now.counter and fight.opponents(c)):
        return {"type": "task", "task": "contre-attaque"}
    close = fight.opponents(c)
    ranged = fight._ranged(c)
    at_rear = (fight.hero(c) and fight.stance[c] == "rearward") or not close
    targets = close if close and not at_rear else fight.foes(c)
    if not targets:
        return {"type": "pass"}
    target = min(targets, key=lambda f: (fight.endurance[f], f))
    if at_rear:
        if ranged is None:
            return {"type": "pass"}
        return {"type": "attack", "target": fight.combatants[target].id, "weapon": ranged}
    melee = next((i for i, use in enumerate(me.weapons, start=1) if not use.record.ranged), None)
    if melee is None:
        return {"type": "pass"}
    return {"type": "attack", "target": fight.combatants[target].id, "weapon": melee}
