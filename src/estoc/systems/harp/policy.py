"""The default policy: what a combatant does when the GM lets estoc decide (creatures in play, everyone in the
demo and in simulation). Simple and sensible, documented so that a GM can predict it:

* knocked down, it gets up; disarmed, it takes up its weapon;
* with no foe standing, it waits;
* unable to attack (stunned, made to parry), it makes a total parry against the most dangerous foe, if it can
  parry (a beast cannot: it waits);
* a beast badly hurt (under a quarter of its hit points) flees, when the GM allows it (``beasts_flee``);
* with a breath left and two foes or more standing, it breathes on up to three of them, the weakest first;
* otherwise it attacks the weakest foe standing (fewest hit points left; the first listed on a tie) with its first
  attack aimed at one foe, parrying the most dangerous foe (highest OB) with its usual parry (none for a beast; an
  encounter's member may set it: ``parry: N``);
* but a combatant whose encounter sets a ``guard`` (a share of its hit points, in %) makes a total parry against the
  most dangerous foe instead of attacking once its hit points are at or under that share, if it can parry; with
  ``guard_with: dodge`` it dodges instead.

The choice is the kernel's (:func:`estoc.systems.harp.kernel.decide`), the same in simulation; in play it becomes
the event a GM would have typed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from estoc.systems.harp.worlds import kernel_of

if TYPE_CHECKING:
    from estoc.systems.harp.fight import HarpFight

PASS, ATTACK, TOTAL_PARRY, STAND, TAKE_WEAPON, FLEE, BREATHE, DODGE = range(8)
"""The kernel's action codes (``A_PASS``…)."""


def decision(kind: int, target: int = -1, strike: int = 0) -> tuple[int, ...]:
    """A decision as the kernel's ``act`` reads it: the action, its target, strike, parry (none), parried foe and
    breath targets (none)."""
    return (kind, target, strike, 0, -1, -1, -1, -1)


def choose(fight: HarpFight) -> dict[str, Any]:
    """The event the default policy picks for the combatant whose turn it is."""
    actor = fight.current()
    if actor is None:
        return {"type": "pass"}
    kind, target, strike, parry, parried, *breath = kernel_of(fight.F).py_decide(fight.F, 0, actor)
    ids = fight.ids()
    if kind == STAND:
        return {"type": "stand"}
    if kind == TAKE_WEAPON:
        return {"type": "take-weapon"}
    if kind == FLEE:
        return {"type": "flee"}
    if kind == TOTAL_PARRY:
        return {"type": "total-parry", "target": ids[target]}
    if kind == DODGE:
        return {"type": "dodge"}
    if kind == BREATHE:
        return {"type": "breathe", "targets": [ids[t] for t in breath if t >= 0]}
    if kind == ATTACK:
        event: dict[str, Any] = {"type": "attack", "target": ids[target], "strike": strike + 1}
        if parry > 0:
            event.update(parry=parry, parry_target=ids[parried])
        return event
    return {"type": "pass"}
