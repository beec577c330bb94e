"""The d100 default policy: what a combatant does when the GM lets estoc decide (opponents in play, everyone in
simulation). Simple, and written so that a GM can predict it:

* an ally lies dying (0 hit points or fewer) with a wound not yet treated, and it knows First Aid: it gives first aid
  to the worst wound (a full round), since that saves a life before the round ends;
* otherwise it attacks the standing foe with the fewest hit points (the first listed on a tie) with its best weapon
  (the highest skill) that is whole; a crossbow or a firearm left empty is reloaded first;
* the defender answers with the best defence the rules allow: a parry, else a dodge, else none.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from estoc.systems.d100.fight import D100Fight


def choose(fight: D100Fight) -> dict[str, Any]:
    """The event the default policy picks now: :func:`estoc.systems.d100.batch.decide` for the fight's one world."""
    from estoc.systems.d100.batch import ATTACK, FIRST_AID, RELOAD, Roster, decide

    if fight.round == 0:
        return {"type": "begin"}
    if fight.phase == "movement":
        return {"type": "actions"}
    c = fight.current()
    if c is None:
        return {"type": "end-round"}
    roster = Roster.build(fight.combatants, fight.sides, fight.distance)
    present = np.array([[i not in fight.removed for i in range(len(fight.combatants))]])
    d = decide(fight.state, roster, np.array([c]), present, fight.round)
    kind, target, weapon = int(d.kind[0]), fight.combatants[int(d.target[0])].id, int(d.weapon[0]) + 1
    if kind == FIRST_AID:
        return {"type": "first-aid", "target": target, "wound": int(d.wound[0]) + 1}
    if kind == RELOAD:
        return {"type": "reload", "weapon": weapon}
    if kind == ATTACK:
        return {"type": "attack", "target": target, "weapon": weapon}
    return {"type": "pass"}
