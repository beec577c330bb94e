"""The default policy: what a combatant does when the GM lets estoc decide (creatures in play, everyone in the
demo and in simulation). Simple and sensible, documented so that a GM can predict it:

* knocked down, it gets up; disarmed, it takes up its weapon;
* with no foe standing, it waits;
* unable to attack (stunned, made to parry), it makes a total parry against the most dangerous foe, if it can
  parry (a beast cannot: it waits);
* a beast badly hurt (under a quarter of its hit points) flees, when the GM allows it (``beasts_flee``);
* with a breath left and two foes or more standing, it breathes on up to three of them, the weakest first;
* otherwise it attacks the weakest foe standing (fewest hit points left; the first listed on a tie) with its first
  attack aimed at one foe, parrying the most dangerous foe (highest OB) with its usual parry (none for a beast).

The decisions are computed for a batch of worlds by :func:`estoc.systems.harp.batch.decide`; in play, for the one
world of the fight.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from estoc.systems.harp.batch import ATTACK, BREATHE, FLEE, STAND, TAKE_WEAPON, TOTAL_PARRY, UNLIMITED, decide
from estoc.systems.harp.roster import Roster

if TYPE_CHECKING:
    from estoc.systems.harp.fight import HarpFight


def choose(fight: HarpFight) -> dict[str, Any]:
    """The event the default policy picks for the combatant whose turn it is."""
    actor = fight.current()
    if actor is None:
        return {"type": "pass"}
    count = len(fight.combatants)
    roster = Roster.build(fight.tables, list(fight.combatants), fight.sides)
    present = np.array([[i not in fight.removed for i in range(count)]])
    uses = np.full((1, count, roster.ob.shape[1]), UNLIMITED, dtype=np.int64)
    for (c, s), left in fight.uses.items():
        uses[0, c, s] = left
    d = decide(fight.state, roster, np.array([actor]), present, uses, beasts_flee=fight.beasts_flee)
    kind, ids = int(d.kind[0]), fight.ids()
    if kind == STAND:
        return {"type": "stand"}
    if kind == TAKE_WEAPON:
        return {"type": "take-weapon"}
    if kind == FLEE:
        return {"type": "flee"}
    if kind == TOTAL_PARRY:
        return {"type": "total-parry", "target": ids[int(d.target[0])]}
    if kind == BREATHE:
        return {"type": "breathe", "targets": [ids[int(t)] for t in d.breath[0] if t >= 0]}
    if kind == ATTACK:
        event: dict[str, Any] = {"type": "attack", "target": ids[int(d.target[0])], "strike": int(d.strike[0]) + 1}
        if int(d.parry[0]) > 0:
            event.update(parry=int(d.parry[0]), parry_target=ids[int(d.parry_target[0])])
        return event
    return {"type": "pass"}
