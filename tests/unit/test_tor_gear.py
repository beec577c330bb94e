"""Load, weariness, dropped gear and complications in a fight of the One Ring house rules, on typed dice.

The hero of these tests wears a mail shirt (3 dice, load 9) and a helm (1 die, load 4), bears a shield (parry +2,
load 4) and carries a sword (3 dice, load 2), a spear (1 die, load 3) and the shield's bash (load 0): load 22. Its
Corps TN is 14 and its Cœur TN 15; an orc soldier's parry is 2, so the hero hits it on 16. Everyone stands in the open
stance: no stance adds or takes a die.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from estoc.content.models import tor
from estoc.content.registry import Content
from estoc.dice import ScriptedDice
from estoc.errors import InputError, RulesError
from estoc.i18n import set_language
from estoc.play.store import EventStore
from estoc.play.tor import TorPlay
from estoc.play.tracker import Tracker
from estoc.render.board import tor_board
from estoc.render.tor_fight import narrate_record
from estoc.systems.tor.exchange import Combatant
from estoc.systems.tor.fight import TorFight
from estoc.systems.tor.names import Stance

SHEET: dict[str, Any] = {
    "id": "bard", "name": {"fr": "Bard", "en": "Bard"}, "attributes": {"corps": 6, "coeur": 5, "esprit": 3},
    "endurance": 26, "parry": 15,
    "weapons": [{"weapon": "epee", "rating": 3}, {"weapon": "lance", "rating": 1},
                {"weapon": "bouclier-coup", "rating": 1}],
    "armour": "chemise-de-mailles", "helm": "casque", "shield": "bouclier",
    "skills": {"art-de-la-guerre": 2, "intuition": 2}}
LOAD = 22
NO_DICE = ScriptedDice([])
"""Any roll with it fails: what needs no dice must roll none."""


def hero(content: Content, **changes: Any) -> Combatant:
    return Combatant.from_hero(content, tor.Hero.model_validate({**SHEET, **changes}))


def fight_of(content: Content, *heroes: Combatant, stance: Stance = "open", foes: tuple[str, ...] = ("orc-soldat",),
             load: bool = True, **options: Any) -> TorFight:
    """A fight begun and engaged (the load setting on unless told): the heroes act first, in their order, then the
    adversaries."""
    fight = TorFight.start([(h, stance, True) for h in heroes or (hero(content),)],
                           [Combatant.from_content(content, f) for f in foes], tasks={}, volleys=False, load=load,
                           **options)
    fight.apply({"type": "begin"}, NO_DICE)
    fight.apply({"type": "fight"}, NO_DICE)
    return fight


def act(fight: TorFight, event: Mapping[str, Any], **faces: list[int]) -> list[dict[str, Any]]:
    """Apply ``event`` with exactly these faces (``attack_success`` stands for ``attack-success``)."""
    dice = ScriptedDice({k.replace("_", "-"): v for k, v in faces.items()})
    records = fight.apply(event, dice)
    assert not dice.unused()
    return records


def first(records: list[dict[str, Any]], kind: str) -> dict[str, Any]:
    return next(r for r in records if r["kind"] == kind)


DROP = {"type": "task", "task": "reduire-charge"}


# --- load and weariness ------------------------------------------------------------------------------------------

def test_load_is_what_the_gear_weighs(content: Content) -> None:
    bard = hero(content)
    parts = [content.get("tor", "armours", "chemise-de-mailles", tor.Armour).load,
             content.get("tor", "armours", "casque", tor.Armour).load,
             content.get("tor", "shields", "bouclier", tor.Shield).load,
             *(content.get("tor", "weapons", w, tor.Weapon).load for w in ("epee", "lance", "bouclier-coup"))]
    assert bard.load == sum(parts) == LOAD
    assert (bard.item_load("helm"), bard.item_load("shield"), bard.item_load("weapon:2")) == (4, 4, 3)
    assert hero(content, helm=None, shield=None, armour=None).load == 2 + 3
    orc = Combatant.from_content(content, "orc-soldat")
    assert (orc.armour_load, orc.helm, orc.shield_id) == (0, None, None)


def test_every_shipped_hero_carries_the_load_of_its_gear(content: Content) -> None:
    for hero_id in content.kind("tor", "heroes"):
        record = content.get("tor", "heroes", hero_id, tor.Hero)
        expected = sum(content.get("tor", "armours", a, tor.Armour).load for a in (record.armour, record.helm) if a)
        expected += content.get("tor", "shields", record.shield, tor.Shield).load if record.shield else 0
        expected += sum(content.get("tor", "weapons", p.weapon, tor.Weapon).load for p in record.weapons)
        assert Combatant.from_hero(content, record).load == expected, hero_id


def test_weary_at_its_load_and_not_above(content: Content) -> None:
    fight = fight_of(content)
    fight.endurance[0] = LOAD + 1
    assert not fight.weary(0) and not fight.view()["combatants"][0]["weary"]
    fight.endurance[0] = LOAD
    assert fight.weary(0) and fight.view()["combatants"][0]["weary"]
    assert fight.view()["combatants"][0]["load"] == LOAD


@pytest.mark.parametrize(("endurance", "total", "hit"), [(LOAD + 1, 18, True), (LOAD, 13, False)])
def test_a_weary_attack_counts_its_low_dice_for_nothing(content: Content, endurance: int, total: int,
                                                        hit: bool) -> None:
    fight = fight_of(content)
    fight.endurance[0] = endurance
    record = first(act(fight, {"type": "attack", "target": "orc-soldat"}, attack=[8], attack_success=[3, 2, 5]),
                   "attack")
    assert (record["tn"], record["total"], record["success"]) == (16, total, hit)  # 8 + 3 + 2 + 5, or 8 + 5
    assert record.get("weary", False) is (endurance == LOAD)


@pytest.mark.parametrize(("endurance", "success"), [(LOAD + 1, True), (LOAD, False)])
def test_a_weary_task_roll(content: Content, endurance: int, success: bool) -> None:
    fight = fight_of(content)
    fight.endurance[0] = endurance
    record = first(act(fight, {"type": "task", "task": "prendre-avantage"}, task=[9], task_success=[3, 4]), "task")
    assert record["success"] is success  # 9 + 3 + 4 = 16, or 9 + 4 = 13, against Cœur TN 15
    assert record.get("weary", False) is (endurance == LOAD)


@pytest.mark.parametrize(("endurance", "wounded"), [(LOAD + 4, False), (LOAD, True)])
def test_a_weary_protection_roll(content: Content, endurance: int, wounded: bool) -> None:
    fight = fight_of(content)
    fight.endurance[0] = endurance
    act(fight, {"type": "pass"})
    record = first(act(fight, {"type": "attack", "target": "bard"}, attack=[12], attack_success=[1, 1],
                       protection=[8], protection_success=[3, 3, 3, 2]), "attack")
    # The rune: a piercing blow. 8 + 3 + 3 + 3 + 2 = 19 holds against the sword's injury 16; weary, 8 does not.
    assert record["piercing"] and record["wounded"] is wounded
    assert record.get("protection_weary", False) is (endurance == LOAD)
    if endurance > LOAD:  # the sword's 4 brings it down to its load: weary from now on (not for this very roll)
        assert record["weary_now"] == {"endurance": LOAD, "load": LOAD} and fight.weary(0)


def test_the_load_setting_off_never_tires(content: Content) -> None:
    fight = fight_of(content, load=False)
    fight.endurance[0] = 1
    assert not fight.weary(0)
    record = first(act(fight, {"type": "attack", "target": "orc-soldat"}, attack=[8], attack_success=[3, 2, 5]),
                   "attack")
    assert record["total"] == 18 and "weary" not in record


def test_adversaries_never_tire_from_a_load(content: Content) -> None:
    fight = fight_of(content)
    fight.endurance[1] = 1  # below what its sword and spear weigh
    assert not fight.weary(1) and fight.view()["combatants"][1]["load"] is None


# --- reducing load and picking up --------------------------------------------------------------------------------

def test_dropping_the_helm_lowers_protection_and_load(content: Content) -> None:
    fight = fight_of(content)
    record = first(act(fight, {**DROP, "item": "helm"}), "task")
    assert (record["dropped"], record["load"], record["success"]) == ("helm", LOAD - 4, True)
    assert record["gear"] == {"fr": "Casque", "en": "Helm"}
    assert fight.gear(0).protection == 3 and fight.combatants[0].protection == 4  # derived; the base is kept
    row = fight.view()["combatants"][0]
    assert (row["dropped"], row["load"]) == (["helm"], LOAD - 4)
    act(fight, {"type": "pass"})
    record = first(act(fight, {"type": "attack", "target": "bard"}, attack=[12], attack_success=[1, 1],
                       protection=[8], protection_success=[3, 3, 3]), "attack")  # three protection dice, not four
    assert not record["wounded"]


def test_dropping_the_shield_lowers_parry_and_ends_its_blows(content: Content) -> None:
    fight = fight_of(content)
    act(fight, {**DROP, "item": "shield"})
    assert fight.gear(0).parry == fight.combatants[0].parry - 2 and fight.load_of(0) == LOAD - 4
    with pytest.raises(RulesError, match="shield thrust needs a shield"):
        fight.copy().apply({"type": "attack", "target": "orc-soldat", "special": "shield"}, NO_DICE)
    with pytest.raises(RulesError, match="dropped their shield"):
        fight.copy().apply({"type": "attack", "target": "orc-soldat", "weapon": 3}, NO_DICE)
    act(fight, {"type": "pass"})
    record = first(act(fight, {"type": "attack", "target": "bard"}, attack=[1], attack_success=[1, 1]), "attack")
    assert record["tn"] == 15  # parry 15 without the shield's +2


def test_a_dropped_weapon_cannot_strike(content: Content) -> None:
    fight = fight_of(content)
    assert first(act(fight, {**DROP, "item": "weapon:1"}), "task")["load"] == LOAD - 2
    with pytest.raises(RulesError, match=r"dropped a weapon \(Sword\)"):
        fight.copy().apply({"type": "attack", "target": "orc-soldat", "weapon": 1}, NO_DICE)
    record = first(act(fight, {"type": "attack", "target": "orc-soldat", "weapon": 2}, attack=[1],
                       attack_success=[1]), "attack")  # the spear: one die
    assert record["weapon"] == "lance" and record["dice"] == 1


def test_picking_up_restores_it(content: Content) -> None:
    fight = fight_of(content)
    act(fight, {**DROP, "item": "helm"})
    record = first(act(fight, {"type": "pickup", "item": "helm"}), "pickup")
    assert (record["item"], record["load"]) == ("helm", LOAD)
    assert fight.gear(0).protection == 4 and fight.dropped == {} and fight.view()["combatants"][0]["dropped"] == []
    assert fight.current() == 1  # picking up was the main action: the orc's turn


def test_picking_up_lifts_or_brings_weariness(content: Content) -> None:
    fight = fight_of(content)
    fight.endurance[0] = LOAD - 2
    assert first(act(fight, {**DROP, "item": "shield"}), "task")["weary_over"] is True  # 20 > 18
    assert not fight.weary(0)
    record = first(act(fight, {"type": "pickup", "item": "shield"}), "pickup")
    assert record["weary_now"] == {"endurance": LOAD - 2, "load": LOAD} and fight.weary(0)


@pytest.mark.parametrize(("changes", "event", "error", "message"), [
    ({}, {"type": "pickup", "item": "helm"}, RulesError, "nothing to pick up"),
    ({"helm": None}, {"type": "pickup", "item": "helm"}, RulesError, "wears no helm"),
    ({"helm": None}, {**DROP, "item": "helm"}, RulesError, "wears no helm"),
    ({"shield": None}, {**DROP, "item": "shield"}, RulesError, "carries no shield"),
    ({}, {**DROP, "item": "weapon:9"}, RulesError, "choose 1 to 3"),
    ({}, {**DROP, "item": "cloak"}, InputError, "helm, shield or weapon"),
    ({}, {**DROP}, InputError, "helm, shield or weapon"),
    ({}, {"type": "pickup"}, InputError, "helm, shield or weapon"),
])
def test_bad_gear_is_refused(content: Content, changes: dict[str, Any], event: dict[str, Any],
                             error: type[Exception], message: str) -> None:
    fight = fight_of(content, hero(content, **changes))
    before = fight.view()
    with pytest.raises(error, match=message):
        fight.apply(event, NO_DICE)
    assert fight.view() == before and fight.dropped == {}


def test_dropping_twice_is_refused(content: Content) -> None:
    fight = fight_of(content)
    act(fight, {**DROP, "item": "helm"})
    act(fight, {"type": "pass"})
    act(fight, {"type": "pass"})  # the orc: round 2 begins
    assert fight.round == 2
    with pytest.raises(RulesError, match="already dropped this: Helm"):
        fight.apply({**DROP, "item": "helm"}, NO_DICE)


def test_one_secondary_action_a_round(content: Content) -> None:
    fight = fight_of(content)
    act(fight, {**DROP, "item": "helm"})
    with pytest.raises(RulesError, match="secondary action"):
        fight.apply({**DROP, "item": "shield"}, NO_DICE)


def test_the_policy_fights_with_what_is_in_hand(content: Content) -> None:
    fight = fight_of(content)
    act(fight, {**DROP, "item": "weapon:1"})
    assert fight.auto_event() == {"type": "attack", "target": "orc-soldat", "weapon": 2}  # the spear
    alone = fight_of(content, hero(content, weapons=[{"weapon": "epee", "rating": 3}], shield=None))
    act(alone, {**DROP, "item": "weapon:1"})
    assert alone.auto_event() == {"type": "pickup", "item": "weapon:1"}
    basher = fight_of(content, hero(content, weapons=[{"weapon": "bouclier-coup", "rating": 1}]))
    act(basher, {**DROP, "item": "shield"})
    assert basher.auto_event() == {"type": "pickup", "item": "shield"}  # no shield bash without the shield


def test_no_counter_attack_empty_handed(content: Content) -> None:
    fight = fight_of(content, hero(content, weapons=[{"weapon": "epee", "rating": 3}], shield=None),
                     stance="defensive")
    act(fight, {**DROP, "item": "weapon:1"})
    with pytest.raises(RulesError, match="no weapon in hand"):
        fight.apply({"type": "task", "task": "contre-attaque"}, NO_DICE)


# --- complications -----------------------------------------------------------------------------------------------

def test_the_encounters_complication_is_told_at_the_start(content: Content) -> None:
    fight = TorFight.start([(hero(content), "open", True)], [Combatant.from_content(content, "orc-soldat")],
                           tasks={}, volleys=False, complications={"bard": 2})
    records = fight.apply({"type": "begin"}, NO_DICE)
    assert records[0] == {"kind": "complication", "actor": "bard", "dice": 2, "was": 0, "start": True}
    assert fight.view()["combatants"][0]["complication"] == 2


def test_a_complication_takes_dice_from_attacks(content: Content) -> None:
    fight = fight_of(content, complications={"bard": 1})
    record = first(act(fight, {"type": "attack", "target": "orc-soldat"}, attack=[8], attack_success=[6, 5]),
                   "attack")  # two dice, not three
    assert (record["dice"], record["complication"], record["total"]) == (2, 1, 19)


def test_a_complication_takes_dice_from_task_rolls_and_the_task_cancels_it(content: Content) -> None:
    fight = fight_of(content, complications={"bard": 1})
    record = first(act(fight, {"type": "task", "task": "annuler-complication"}, task=[10], task_success=[6]),
                   "task")  # Art de la Guerre 2, less 1: one die; 10 + 6 reaches Cœur TN 15
    assert record["complication"] == 1 and record["success"]
    assert record["cancelled"] == "bard" and fight.complication == {}


def test_cancelling_a_companions_complication(content: Content) -> None:
    sigrid = hero(content, id="sigrid", name={"fr": "Sigrid", "en": "Sigrid"})
    fight = fight_of(content, hero(content), sigrid, complications={"sigrid": 2})
    record = first(act(fight, {"type": "task", "task": "annuler-complication", "target": "sigrid"}, task=[10],
                       task_success=[6, 1]), "task")  # Bard has no complication: two dice
    assert (record["target"], record["cancelled"]) == ("sigrid", "sigrid") and fight.complication == {}


def test_a_failed_cancel_leaves_the_complication(content: Content) -> None:
    fight = fight_of(content, complications={"bard": 1})
    record = first(act(fight, {"type": "task", "task": "annuler-complication"}, task=[1], task_success=[1]), "task")
    assert not record["success"] and "cancelled" not in record and fight.complication == {0: 1}


@pytest.mark.parametrize(("event", "message"), [
    ({"type": "task", "task": "annuler-complication"}, "no complication to cancel"),
    ({"type": "task", "task": "annuler-complication", "target": "orc-soldat"}, "oneself or a standing companion"),
])
def test_nothing_to_cancel(content: Content, event: dict[str, Any], message: str) -> None:
    fight = fight_of(content)
    with pytest.raises(RulesError, match=message):
        fight.apply(event, NO_DICE)


def test_no_advantage_under_a_complication(content: Content) -> None:
    fight = fight_of(content, complications={"bard": 1})
    with pytest.raises(RulesError, match="complication"):
        fight.apply({"type": "task", "task": "prendre-avantage"}, NO_DICE)
    act(fight, {"type": "complication", "target": "bard", "penalty": 0})
    record = first(act(fight, {"type": "task", "task": "prendre-avantage"}, task=[10], task_success=[6, 1]), "task")
    assert record["success"] and record["dice"] == 2  # one tengwar: +2d to the next attack


def test_the_gm_sets_and_lifts_a_complication_at_any_time(content: Content) -> None:
    fight = TorFight.start([(hero(content), "open", True)], [Combatant.from_content(content, "orc-soldat")],
                           tasks={})
    fight.apply({"type": "begin"}, NO_DICE)
    assert fight.phase == "volleys"
    assert act(fight, {"type": "complication", "target": "bard", "penalty": 2}) == [
        {"kind": "complication", "actor": "bard", "dice": 2, "was": 0}]
    with pytest.raises(RulesError, match="already faces a complication of 2d"):
        fight.apply({"type": "complication", "target": "bard", "penalty": 2}, NO_DICE)
    assert act(fight, {"type": "complication", "target": "bard", "penalty": 3})[0]["was"] == 2
    assert act(fight, {"type": "complication", "target": "bard", "penalty": 0})[0] == {
        "kind": "complication", "actor": "bard", "dice": 0, "was": 3}
    with pytest.raises(RulesError, match="no complication to lift"):
        fight.apply({"type": "complication", "target": "bard", "penalty": 0}, NO_DICE)
    with pytest.raises(RulesError, match="adversary"):
        fight.apply({"type": "complication", "target": "orc-soldat", "penalty": 1}, NO_DICE)


@pytest.mark.parametrize("dice", [-1, 7, "2", True, None])
def test_a_complication_is_0_to_6_dice(content: Content, dice: object) -> None:
    fight = fight_of(content)
    with pytest.raises(InputError, match="0 to 6"):
        fight.apply({"type": "complication", "target": "bard", "penalty": dice}, NO_DICE)
    assert fight.complication == {}


# --- at the table -------------------------------------------------------------------------------------------------

def test_play_starts_from_the_encounters_settings_and_undo_replays_them(content: Content, tmp_path: Path) -> None:
    encounter = {"schema_version": 1, "system": "tor", "kind": "encounter", "name": {"fr": "E", "en": "E"},
                 "heroes": [{"sheet": SHEET, "complication": 2, "tasks": ["annuler-complication"]}],
                 "adversaries": [{"adversary": "orc-soldat"}], "volleys": False}
    system = TorPlay(content)
    fight = system.new_fight({"encounter": encounter})
    assert fight.load and fight.complication == {0: 2} and fight.plans == {0: ("annuler-complication",)}
    assert not system.new_fight({"encounter": {**encounter, "settings": {"load": False}}}).load
    with EventStore(tmp_path / "f.db") as store:
        tracker = Tracker.create(store, system, "essai", {"encounter": encounter, "seed": 1})
        tracker.command("complication bard 0")
        tracker.command("drop helm")
        assert tracker.fight.view()["combatants"][0]["dropped"] == ["helm"]
        assert tracker.undo() and tracker.fight.view()["combatants"][0]["dropped"] == []
        assert tracker.undo() and tracker.fight.view()["combatants"][0]["complication"] == 2


# --- telling it --------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("lang", "phrases"), [
    ("en", ["Bard drops their helm: load 18.", "Bard picks up their helm: load 22.",
            "Bard is now weary: endurance 22, at or below their load of 22.",
            "Bard faces a complication: 1 die fewer on attack and task rolls until it is cancelled.",
            "Bard drops their shield bash: load 22.",
            "Bard is weary: success dice showing 1 to 3 count for nothing.",
            "Bard is hampered by a complication: 1 die fewer.", "Bard no longer faces a complication.",
            "22/26  load 22, weary, on the ground: weapon 3"]),
    ("fr", ["Bard se déleste (casque au sol) : charge 18.", "Bard ramasse son équipement (casque) : charge 22.",
            "Bard s'épuise : son endurance (22) ne dépasse plus sa charge (22).",
            "Bard subit une complication : 1 dé de moins aux jets d'attaque et de manœuvre jusqu'à ce qu'elle "
            "soit levée.", "Bard se déleste (coup de bouclier au sol) : charge 22.",
            "Jet épuisé pour Bard : les dés de maîtrise de 1 à 3 ne comptent pas.",
            "Une complication gêne Bard : 1 dé de moins.", "Bard n'a plus de complication.",
            "22/26  charge 22, épuisé, au sol : arme 3"]),
])
def test_the_new_records_read_well(content: Content, lang: str, phrases: list[str]) -> None:
    set_language(lang)
    fight = fight_of(content)
    records = act(fight, {**DROP, "item": "helm"}) + act(fight, {"type": "pickup", "item": "helm"})
    records += act(fight, {"type": "attack", "target": "bard"}, attack=[9], attack_success=[5, 4])  # 18: TN 17
    records += act(fight, {"type": "complication", "target": "bard", "penalty": 1})
    records += act(fight, {**DROP, "item": "weapon:3"})  # the shield bash weighs nothing: still weary
    records += act(fight, {"type": "task", "task": "annuler-complication"}, task=[10], task_success=[6])
    lines = [line for r in records for line in narrate_record(r, {"bard": "Bard", "orc-soldat": "Orc"})]
    lines += tor_board(fight.view())
    text = "\n".join(lines)
    for phrase in phrases:
        assert phrase in text, (phrase, text)
