"""What play reads of a combat task's command before the kernel judges it (:meth:`.fight.TorFight.check`, the
kernel's ``allowed``): whom it aims at, with what weapon, which item it drops. Only the command's words are read
here; whether the task is allowed is the kernel's."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from estoc.errors import InputError
from estoc.i18n import _
from estoc.systems.tor.codes import G_HELM, G_SHIELD, G_WEAPON
from estoc.systems.tor.exchange import check_item_name

if TYPE_CHECKING:
    from estoc.systems.tor.fight import TorFight


def task_event(fight: TorFight, c: int, task: str, event: Mapping[str, Any]) -> tuple[int, int, int, dict[str, Any]]:
    """(target or −1, weapon index from 0 or −1 for the kernel's choice, gear bits, fields the record adds) of hero
    ``c``'s task."""
    F, K = fight.F, fight.K
    target = fight.index(str(event["target"])) if event.get("target") else -1
    weapon, item = -1, 0
    extra: dict[str, Any] = {}
    if task == "deux-armes" and "weapon" in event:
        number = event["weapon"]
        if isinstance(number, bool) or not isinstance(number, int):
            raise InputError(_("a weapon is given by its number, not {value!r}").format(value=number))
        weapon = number - 1
    elif task == "escarmouche":
        weapon = int(K.py_bow(F, 0, c))
    elif task == "annuler-complication":
        target = c if target < 0 else target
        extra["target"] = fight.combatants[target].id
    elif task == "reduire-charge":
        if not event.get("item"):
            raise InputError(_("reducing load drops an item: helm, shield or weapon N"))
        name = fight.combatants[c].check_item(check_item_name(str(event["item"])))
        item = G_HELM if name == "helm" else G_SHIELD if name == "shield" else G_WEAPON << (
            int(name.split(":", 1)[1]) - 1)
        extra = {"dropped": name, "gear": fight.combatants[c].item_name(name)}
    return target, weapon, item, extra
