"""The d100 default policy: what a combatant does when the GM lets estoc decide (opponents in play, everyone in
simulation). Simple, and written so that a GM can predict it; the rules of it live in the kernel
(:func:`estoc.systems.d100.kernel.plan_move` and :func:`~estoc.systems.d100.kernel.decide`):

* in the movement phase, a combatant whose whole weapons reach none of its foes closes on the weakest: just enough
  for its longest shot (three times its range), or to contact for a melee weapon; up to 15 m it acts at half its
  DEX, up to 29 m at a quarter, and 30 m leave it only its defences (5.3);
* an ally lies dying (0 hit points or fewer) with a wound not yet treated, the combatant knows First Aid and has not
  moved this round: it gives first aid to the worst wound (the whole round), since that saves a life;
* otherwise it attacks the standing foe with the fewest hit points (the first listed on a tie) with its best whole
  weapon that reaches it (the highest skill; a shield's bash counts as a weapon); a crossbow or a firearm left empty
  is reloaded first;
* the defender answers with the best defence the rules allow: a parry, else a dodge, else none;
* once the moves are made, a combatant sharing a DEX rank states the weapon it is about to act with (5.4, the
  kernel's ``intend``, as a simulated world does: a ``reach`` event); where readying a weapon takes the action
  (setting ``ready_weapon``), the kernel's ``decide`` may answer « ready ».
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from estoc.systems.d100.codes import action
from estoc.systems.d100.worlds import REACH_ORDER, copy_fights, kernel_of

if TYPE_CHECKING:
    from estoc.systems.d100.fight import D100Fight



def choose(fight: D100Fight) -> dict[str, Any]:
    """The event the default policy picks now, the same steps as a simulated world's."""
    K, F = kernel_of(fight.F), fight.F
    if fight.round == 0:
        return {"type": "begin"}
    if fight.phase == "movement":
        for i, person in enumerate(fight.combatants):
            if fight.value("moved", i) == 0:
                metres = int(K.py_plan_move(F, 0, i))
                if metres > 0:
                    return {"type": "move", "target": person.id, "metres": metres}
        trial = copy_fights(F)  # ``intend`` takes the weapon in hand: asked on a copy, done by the event
        for i, person in enumerate(fight.combatants):
            s = int(K.py_intend(trial, 0, i))
            if s >= 0:
                reach = next(name for name, code in REACH_ORDER.items() if code == int(F.reach[i, s]))
                which: dict[str, Any] = {"bash": True} if s >= len(person.weapons) else {"weapon": s + 1}
                return {"type": "reach", "target": person.id, "reach": reach, **which}
        return {"type": "actions"}
    c = fight.current()
    if c is None:
        return {"type": "end-round"}
    kind, target, slot, wound = (int(x) for x in K.py_decide(F, 0, c))
    if kind == action("ready"):
        return {"type": "ready", "weapon": slot + 1}
    if kind == action("first-aid"):
        return {"type": "first-aid", "target": fight.combatants[target].id, "wound": wound + 1}
    if kind == action("reload"):
        return {"type": "reload", "weapon": slot + 1}
    if kind == action("attack"):
        event: dict[str, Any] = {"type": "attack", "target": fight.combatants[target].id}
        if slot >= len(fight.combatants[c].weapons):
            event["bash"] = True
        else:
            event["weapon"] = slot + 1
        return event
    return {"type": "pass"}
