"""What play checks before a combat task goes to the kernel: that the hero may take it now, and whom or what it
aims at (the kernel applies it; :mod:`.fight` calls this). Each refusal says why, in the GM's language."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from estoc.errors import InputError, RulesError
from estoc.i18n import _, pick
from estoc.systems.tor.exchange import check_item_name

if TYPE_CHECKING:
    from estoc.systems.tor.fight import TorFight

G_HELM, G_SHIELD, G_WEAPON = 1, 2, 4


def need_target(fight: TorFight, target: int | None, allowed: list[int]) -> int:
    """The task's target, if it is one of ``allowed``."""
    if target is None or target not in allowed:
        raise RulesError(_("this task needs a target among: {known}").format(
            known=", ".join(fight.combatants[a].id for a in allowed) or "—"))
    return target


def check_task_event(fight: TorFight, c: int, task: str, event: Mapping[str, Any]
                     ) -> tuple[int, int, int, dict[str, Any]]:
    """(target, weapon index from 0, gear bits, fields the record adds) of hero ``c``'s task, or a refusal."""
    me = fight.gear(c)
    F, K = fight.F, fight.K
    target = fight.index(str(event["target"])) if event.get("target") else None
    heroes = [h for h in range(len(fight.combatants)) if fight.hero(h) and fight.standing(h)]
    foes = [a for a in range(len(fight.combatants)) if not fight.hero(a) and fight.standing(a)]
    weapon, item = -1, 0
    extra: dict[str, Any] = {}
    if task == "encourager" and fight.value("songs", c) <= 0:
        raise RulesError(_("{who} has no war song left to sing").format(who=me.id))
    if task == "attaque-surprise" and fight.opponents(c):
        raise RulesError(_("a sneak attack needs to start the round unengaged"))
    if task == "contre-attaque" and int(K.py_main_weapon(F, 0, c)) < 0:
        raise RulesError(_("{who} has no weapon in hand to counter-attack with").format(who=me.id))
    if task == "prendre-avantage" and fight.value("complication", c):
        raise RulesError(_("{who} faces a complication: cancel it before gaining the advantage").format(who=me.id))
    if task == "deux-armes":
        weapon = _second_weapon(fight, c, event)
        target = need_target(fight, target, fight.opponents(c))
    elif task in ("defier", "attaque-surprise", "harceler"):
        target = need_target(fight, target, foes)
        if task == "defier" and (fight.value("challenge", target) >= 0 or fight.value("challenge", c) >= 0):
            raise RulesError(_("a challenge is one hero against one adversary"))
    elif task == "proteger":
        # Only a companion engaged in close combat can be protected (« un compagnon engagé »).
        target = need_target(fight, target, [h for h in heroes if h != c and fight.opponents(h)])
    elif task == "escarmouche":
        weapon = int(K.py_bow(F, 0, c))
        if weapon < 0:
            raise RulesError(_("{who} has no bow to shoot with").format(who=me.id))
        target = need_target(fight, target, foes)
    elif task == "annuler-complication":
        t = c if target is None else target
        if not fight.hero(t) or not fight.standing(t):
            raise RulesError(_("a complication is cancelled for oneself or a standing companion"))
        if not fight.value("complication", t):
            raise RulesError(_("{who} has no complication to cancel").format(who=fight.combatants[t].id))
        target = t
        extra["target"] = fight.combatants[t].id
    elif task == "reduire-charge":
        if not event.get("item"):
            raise InputError(_("reducing load drops an item: helm, shield or weapon N"))
        name = fight.combatants[c].check_item(check_item_name(str(event["item"])))
        if name in fight.dropped.get(c, set()):
            raise RulesError(_("{who} has already dropped this: {item}").format(
                who=me.id, item=pick(fight.combatants[c].item_name(name))))
        item = G_HELM if name == "helm" else G_SHIELD if name == "shield" else G_WEAPON << (
            int(name.split(":", 1)[1]) - 1)
        extra = {"dropped": name, "gear": fight.combatants[c].item_name(name)}
    return (-1 if target is None else target), weapon, item, extra


def _second_weapon(fight: TorFight, c: int, event: Mapping[str, Any]) -> int:
    """The weapon of a two-weapon attack's second blow: the one the GM names (``weapon N``), else the kernel's
    choice (the shield's bash, else the second close-combat weapon); never the main hand's."""
    F, K = fight.F, fight.K
    main = int(K.py_main_weapon(F, 0, c))
    if "weapon" in event:
        number = event["weapon"]
        if isinstance(number, bool) or not isinstance(number, int):
            raise InputError(_("a weapon is given by its number, not {value!r}").format(value=number))
        use = fight.gear(c).weapon(number)
        if use.record.ranged or number - 1 == main:
            raise RulesError(_("the second blow is struck with the other hand: a close-combat weapon other than "
                               "{weapon}").format(weapon=pick(fight.combatants[c].weapons[main].record.name.as_dict())))
        return int(number) - 1
    second = int(K.py_off_hand(F, 0, c))
    if second < 0:
        raise RulesError(_("a two-weapon attack needs a second weapon or a shield"))
    return second
