"""The default policy as an event: what estoc does when the GM lets it decide. The choices themselves are the
kernel's (:func:`estoc.systems.tor.kernel.decide`, ``next_volley``, ``leaves_rear``, ``wants_yield``); this module
only words them as the events a GM would type."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from estoc.systems.tor.codes import A_ATTACK, A_PICKUP, A_REGAIN, A_TASK, F_SPREAD, item_of
from estoc.systems.tor.names import TASK_IDS

if TYPE_CHECKING:  # (the fight imports this policy: its type only, for the checker)
    from estoc.systems.tor.fight import TorFight


def choose(fight: TorFight) -> dict[str, Any]:
    F, K = fight.F, fight.K
    people = fight.combatants
    h = int(K.py_wants_yield(F, 0))
    if h >= 0:
        return {"type": "yield", "target": people[h].id}
    if fight.waiting:
        return {"type": "continue"}
    if fight.phase == "volleys":
        shooter, t, _bow = (int(x) for x in K.py_next_volley(F, 0))
        if shooter < 0:
            return {"type": "close"}
        return {"type": "shoot", "actor": people[shooter].id, "target": people[t].id}  # its bow: play's default
    if fight.phase == "stances":
        rear = int(K.py_leaves_rear(F, 0))
        if rear >= 0:
            return {"type": "stance", "target": people[rear].id, "stance": "open"}
        return {"type": "fight"}
    c = fight.current()
    if c is None:
        return {"type": "fight"}
    kind, target, weapon, task, _special, item, flags, hope = (int(x) for x in K.py_decide(F, 0, c))
    if kind == A_REGAIN:
        return {"type": "regain"}
    if kind == A_PICKUP:
        return {"type": "pickup", "item": item_of(item)}
    if kind == A_ATTACK:
        event: dict[str, Any] = {"type": "attack", "target": people[target].id, "weapon": weapon + 1}
        if hope:
            event["hope"] = True
        return event
    if kind == A_TASK:
        event = {"type": "task", "task": TASK_IDS[task]}
        if target >= 0:
            event["target"] = people[target].id
        if TASK_IDS[task] in ("deux-armes",):
            event["weapon"] = weapon + 1
        if item:
            event["item"] = item_of(item)
        if TASK_IDS[task] == "harceler":
            event["spread"] = bool(flags & F_SPREAD)
        return event
    return {"type": "pass"}
