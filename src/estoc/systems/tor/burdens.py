"""What weighs on a hero of the One Ring house rules from one round to the next: its load, the gear it has put on the
ground, a complication. A part of :class:`~estoc.systems.tor.fight.TorFight` (whose module states the rules and the
readings chosen); the fight keeps the data (``load``, ``dropped``, ``complication``), this mixin reads and changes it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from estoc.engine.sides import Sides
from estoc.errors import InputError, RulesError
from estoc.i18n import _, pick
from estoc.systems.tor.exchange import Combatant, check_item_name, weary_from_load

MAX_COMPLICATION = 6
"""The most success dice a complication costs (as in an encounter file)."""


class Burdens(Sides):
    """A mixin for a fight of the One Ring house rules with these fields (see the fight's)."""

    combatants: list[Combatant]
    endurance: list[int]
    load: bool
    dropped: dict[int, set[str]]
    complication: dict[int, int]

    def hero(self, c: int) -> bool:
        raise NotImplementedError

    def gear(self, c: int) -> Combatant:
        """``c`` as it fights now: without what it has dropped."""
        return self.combatants[c].dropping(self.dropped.get(c, ()))

    def load_of(self, c: int) -> int:
        """What ``c`` carries now (see :attr:`Combatant.load`)."""
        return self.gear(c).load

    def loaded(self, c: int) -> bool:
        """Whether ``c`` is weary from its load: a hero, the setting on, its endurance at or below its load."""
        return self.load and self.hero(c) and weary_from_load(self.endurance[c], self.load_of(c))

    # --- gear on the ground ---------------------------------------------------------------------------------------

    def _droppable(self, c: int, event: Mapping[str, Any]) -> str:
        """The item a reduce-load task drops, if ``c`` carries it in hand."""
        if not event.get("item"):
            raise InputError(_("reducing load drops an item: helm, shield or weapon N"))
        item = self.combatants[c].check_item(check_item_name(str(event["item"])))
        if item in self.dropped.get(c, set()):
            raise RulesError(_("{who} has already dropped this: {item}").format(
                who=self.combatants[c].id, item=pick(self.combatants[c].item_name(item))))
        return item

    def _drop(self, c: int, item: str) -> dict[str, Any]:
        was = self.loaded(c)
        self.dropped.setdefault(c, set()).add(item)
        return {"dropped": item, "gear": self.combatants[c].item_name(item), "load": self.load_of(c),
                **self._weary_change(c, was)}

    def _pick_up(self, c: int, event: Mapping[str, Any], records: list[dict[str, Any]]) -> None:
        """A main action: take back an item dropped earlier."""
        me = self.combatants[c]
        if not event.get("item"):
            raise InputError(_("picking up takes an item: helm, shield or weapon N"))
        item = me.check_item(check_item_name(str(event["item"])))
        if item not in self.dropped.get(c, set()):
            raise RulesError(_("{who} has not dropped this ({item}): there is nothing to pick up").format(
                who=me.id, item=pick(me.item_name(item))))
        was = self.loaded(c)
        self.dropped[c].discard(item)
        if not self.dropped[c]:
            del self.dropped[c]
        records.append({"kind": "pickup", "actor": me.id, "item": item, "gear": me.item_name(item),
                        "load": self.load_of(c), **self._weary_change(c, was)})

    def _weary_change(self, c: int, was: bool) -> dict[str, Any]:
        """``weary_now`` or ``weary_over`` when ``c``'s weariness from its load changed."""
        now = self.loaded(c)
        if now == was:
            return {}
        return {"weary_now": {"endurance": self.endurance[c], "load": self.load_of(c)}} if now else {
            "weary_over": True}

    # --- complications -------------------------------------------------------------------------------------------

    def _complicated(self, hero_id: str, dice: object) -> int:
        """The hero ``hero_id``, if ``dice`` is a complication it can face."""
        c = self.index(hero_id)
        if not self.hero(c):
            raise RulesError(_("only a hero faces a complication; {who} is an adversary").format(
                who=self.combatants[c].id))
        if isinstance(dice, bool) or not isinstance(dice, int) or not 0 <= dice <= MAX_COMPLICATION:
            raise InputError(_("a complication costs 0 to {most} dice, not {dice!r}").format(
                most=MAX_COMPLICATION, dice=dice))
        return c

    def _set_complication(self, event: Mapping[str, Any], records: list[dict[str, Any]]) -> None:
        """The GM sets a hero's complication (0: lifts it), at any moment of the fight."""
        c = self._complicated(str(event.get("target", "")), event.get("penalty"))
        dice, was = int(event["penalty"]), self.complication.get(c, 0)
        if dice == was:
            raise RulesError(_("{who} has no complication to lift").format(who=self.combatants[c].id) if not dice
                             else _("{who} already faces a complication of {n}d").format(
                                 who=self.combatants[c].id, n=dice))
        if dice:
            self.complication[c] = dice
        else:
            del self.complication[c]
        records.append({"kind": "complication", "actor": self.combatants[c].id, "dice": dice, "was": was})

    def _complicated_target(self, c: int, target: int | None) -> int:
        """Whose complication a cancel-a-complication task lifts: ``c``'s own, or a companion's."""
        t = c if target is None else target
        if not self.hero(t) or not self.standing(t):
            raise RulesError(_("a complication is cancelled for oneself or a standing companion"))
        if not self.complication.get(t, 0):
            raise RulesError(_("{who} has no complication to cancel").format(who=self.combatants[t].id))
        return t

    # --- the policy ----------------------------------------------------------------------------------------------

    def _rearmed(self, c: int, event: dict[str, Any]) -> dict[str, Any]:
        """The policy's choice for a combatant that has dropped something: an attack with a weapon on the ground
        takes another of the same reach, or picks it up; a counter-attack without a weapon in hand picks one up."""
        me = self.gear(c)
        hands = me.in_hand()
        if event.get("type") == "attack":
            number = int(event.get("weapon", 1))
            if number in hands:
                return event
            ranged = me.weapons[number - 1].record.ranged
            other = next((i for i in hands if me.weapons[i - 1].record.ranged == ranged), None)
            if other is not None:
                return {**event, "weapon": other}
            item = f"weapon:{number}"
            return {"type": "pickup", "item": item if item in self.dropped[c] else "shield"}  # a bash needs it
        if event.get("type") == "task" and event.get("task") == "contre-attaque" and not hands:
            ground = sorted(i for i in self.dropped[c] if i.startswith("weapon:"))
            return {"type": "pickup", "item": ground[0]} if ground else {"type": "pass"}
        return event
