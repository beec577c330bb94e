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

from estoc.systems.d100.rules import range_divisor

if TYPE_CHECKING:
    from estoc.systems.d100.fight import D100Fight


def choose(fight: D100Fight) -> dict[str, Any]:
    """The event the default policy picks now."""
    if fight.round == 0:
        return {"type": "begin"}
    if fight.phase == "movement":
        return {"type": "actions"}
    c = fight.current()
    if c is None:
        return {"type": "end-round"}
    state = fight.state
    person = fight.combatants[c]
    if person.first_aid > 0:
        for ally in range(len(fight.combatants)):
            count = int(state.wound_count[0, ally])
            if (fight.sides[ally] == fight.sides[c] and bool(state.dying()[0, ally])
                    and not all(bool(state.treated[0, ally, k]) for k in range(count))):
                return {"type": "first-aid", "target": fight.combatants[ally].id}
    foes = fight.foes(c)
    if not foes:
        return {"type": "pass"}
    target = min(foes, key=lambda f: (int(state.hp[0, f]), f))
    whole = [(s, use) for s, use in enumerate(person.weapons)
             if use.record.hp is None or int(state.weapon_hp[0, c, s]) > 0]
    whole = [(s, use) for s, use in whole if not use.missile or fight.distance is None
             or int(range_divisor(fight.distance, use.record.range or 0)) > 0]
    if not whole:
        return {"type": "pass"}
    s = max(whole, key=lambda item: (item[1].skill, -item[0]))[0]
    if int(state.loaded[0, c, s]) == 0:
        return {"type": "reload", "weapon": s + 1}
    if fight.round < int(state.reload_until[0, c, s]):
        ready = [(t, u) for t, u in whole if int(state.loaded[0, c, t]) != 0
                 and fight.round >= int(state.reload_until[0, c, t])]
        if not ready:
            return {"type": "pass"}
        s = max(ready, key=lambda item: (item[1].skill, -item[0]))[0]
    return {"type": "attack", "target": fight.combatants[target].id, "weapon": s + 1}
