"""The default policy: what a combatant does when the GM lets estoc decide (creatures in play, everyone in the
demo and in simulation). Simple and sensible, documented so that a GM can predict it:

* knocked down, it gets up; disarmed, it takes up its weapon;
* unable to attack (stunned, made to parry), it makes a total parry against the most dangerous foe, if it can
  parry (a beast cannot: it waits);
* a beast badly hurt (under a quarter of its hit points) flees, when the GM allows it (``beasts_flee``);
* with a breath left and two foes or more standing, it breathes on up to three of them;
* otherwise it attacks the weakest foe standing (fewest hit points left) with its signature attack, parrying the
  most dangerous foe (highest OB) with its usual parry (none for a beast).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from estoc.systems.harp.fight import HarpFight

FLEE_BELOW = 0.25


def choose(fight: HarpFight) -> dict[str, Any]:
    """The event the default policy picks for the combatant whose turn it is."""
    actor = fight.current()
    if actor is None:
        return {"type": "pass"}
    state, me = fight.state, fight.combatants[actor]
    foes = fight.foes(actor)
    if bool(state.prone[0, actor]):
        return {"type": "stand"}
    if bool(state.disarmed[0, actor]):
        return {"type": "take-weapon"}
    if not foes:
        return {"type": "pass"}
    dangerous = max(foes, key=lambda f: (fight.combatants[f].ob(), -f))
    weakest = min(foes, key=lambda f: (int(state.hp[0, f]), f))
    if not bool(state.can_attack()[0, actor]):
        if bool(state.can_parry()[0, actor]) and not me.beast:
            return {"type": "total-parry", "target": fight.combatants[dangerous].id}
        return {"type": "pass"}
    if fight.beasts_flee and me.beast and int(state.hp[0, actor]) < FLEE_BELOW * me.hp:
        return {"type": "flee"}
    breath = next((n for n, s in enumerate(me.strikes) if s.area != "single"
                   and fight.uses.get((actor, n), 1) > 0), None)
    if breath is not None and len(foes) >= 2:
        return {"type": "breathe", "targets": [fight.combatants[f].id for f in sorted(
            foes, key=lambda f: int(state.hp[0, f]))[:3]]}
    strike = next((n for n, s in enumerate(me.strikes) if s.area == "single"), 0)
    event: dict[str, Any] = {"type": "attack", "target": fight.combatants[weakest].id, "strike": strike + 1}
    if me.parry and not me.beast and bool(state.can_parry()[0, actor]):
        event.update(parry=me.parry, parry_target=fight.combatants[dangerous].id)
    return event
