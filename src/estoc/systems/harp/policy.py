"""The default policy: what a combatant does when the GM lets estoc decide (creatures in play, everyone in the
demo and in simulation). Simple and sensible, documented so that a GM can predict it:

* knocked down, it gets up; disarmed, it takes up its weapon;
* with no foe standing, it waits;
* unable to attack (stunned, made to parry), it makes a total parry against the most dangerous foe (of those
  whose blow will come at it, when any will), if it can parry (a beast cannot: it waits);
* a beast badly hurt (under a quarter of its hit points) flees, when the GM allows it (``beasts_flee``);
* with a breath left and two foes or more standing, it breathes on up to three of them, the weakest first;
* when the foe it would strike (below) stands at a distance the GM set, out of contact, and it strikes in melee:
  it charges when the run allows (3 m to twice its base movement: +20 OB, −20 DB), else it moves and attacks
  (−20 OB) when the foe is within its base movement; either way the two are then in contact;
* otherwise it attacks the weakest foe standing (fewest hit points left; the first listed on a tie) with its first
  attack aimed at one foe, parrying the most dangerous (highest OB) of the foes whose blow will come at it (each foe
  strikes its own weakest foe): when no foe's blow will come at it, it parries nothing and strikes with its whole
  OB. The share it keeps is its sheet's or its encounter's ``parry: N`` when one is written (a beast never parries);
  otherwise it is weighed at each blow (:func:`estoc.systems.harp.kernel.best_parry`: the share that gives its side
  the best chance in a race of rounds, from what each blow is worth, :mod:`estoc.systems.harp.worth`);
* but hurt to half its hit points or fewer, a combatant that can parry makes a total parry against the most
  dangerous foe instead of attacking (a dodge when two foes or more will strike it: the total parry holds against
  one), while a companion of its side, less hurt, still fights (alone, it fights on);
  an encounter's member may set its own ``guard`` (a share of its hit points, in %, which then holds whether or not a
  companion fights; 0: never), and with ``guard_with: dodge`` it dodges instead.

The choice is the kernel's (:func:`estoc.systems.harp.kernel.decide`), the same in simulation; in play it becomes
the event a GM would have typed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from estoc.systems.harp.codes import codes, rule
from estoc.systems.harp.worlds import kernel_of

if TYPE_CHECKING:
    from estoc.systems.harp.fight import HarpFight


def _metres(run: int) -> int | float:
    """The kernel's run (tenths of a metre) as the event's metres (whole when it is)."""
    tenths = rule("TENTHS")
    return run // tenths if run % tenths == 0 else run / tenths


def choose(fight: HarpFight) -> dict[str, Any]:
    """The event the default policy picks for the combatant whose turn it is."""
    actor = fight.current()
    if actor is None:
        return {"type": "pass"}
    kind, target, strike, parry, parried, *rest = kernel_of(fight.F).py_decide(fight.F, 0, actor)
    slots = codes()["slots"]
    run = rest[slots["run"] - 5]
    name = {code: action for action, code in codes()["actions"].items()}.get(kind, "pass")
    ids = fight.ids()
    if name in ("stand", "take-weapon", "flee", "dodge"):
        return {"type": name}
    if name == "total-parry":
        return {"type": "total-parry", "target": ids[target]}
    if name == "breathe":
        return {"type": "breathe", "targets": [ids[t] for t in rest[:3] if t >= 0]}
    if name == "charge":
        return {"type": "charge", "target": ids[target], "strike": strike + 1, "distance": _metres(run)}
    if name in ("attack", "move-attack"):
        event: dict[str, Any] = {"type": name, "target": ids[target], "strike": strike + 1}
        if name == "move-attack":
            event["distance"] = _metres(run)
        if parry > 0:
            event.update(parry=parry, parry_target=ids[parried])
        return event
    return {"type": "pass"}
