"""Issue 25's missing HARP rules, played at the table with the GM's French words: situational initiative modifiers,
named position bonuses and a blow's direction for shields, full sun and surprise changed mid-fight, surprise from
the best perceivers, multiple parries, off-hand weapons, a rider and its mount."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from estoc.content.registry import Content
from estoc.dice import ScriptedDice, SeededDice
from estoc.engine.compiled import load_kernel, load_twin
from estoc.engine.simulation import side_order
from estoc.errors import EstocError, RulesError
from estoc.i18n import set_language
from estoc.play.harp import HarpPlay
from estoc.systems.harp.commands import parse, to_event
from estoc.systems.harp.encounter import encounter_from_setup
from estoc.systems.harp.fight import HarpFight
from estoc.systems.harp.tables import HarpTables
from estoc.systems.harp.worlds import KERNEL_NAME, Settings, build, facts


@pytest.fixture(autouse=True)
def french() -> Iterator[None]:
    set_language("fr")
    yield
    set_language("en")


def setup_of(heroes: list[dict[str, Any]], foes: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    return {"schema_version": 1, "system": "harp", "kind": "encounter", "name": {"fr": "essai", "en": "trial"},
            "sides": [{"id": "heros", "members": heroes}, {"id": "foes", "members": foes}], **extra}


def fight_of(content: Content, tables: HarpTables, heroes: list[dict[str, Any]], foes: list[dict[str, Any]],
             *, begin: bool = True, initiative: list[int] | None = None, **extra: Any) -> HarpFight:
    fight = HarpPlay(content, tables).new_fight({"encounter": setup_of(heroes, foes, **extra), "seed": 1})
    assert isinstance(fight, HarpFight)
    if begin:
        fight.apply({"type": "begin"}, ScriptedDice({"initiative": initiative or []}, fallback=SeededDice(5)))
    return fight


def say(fight: HarpFight, line: str, **faces: list[int]) -> list[dict[str, Any]]:
    """A GM's line (French words), with typed faces by purpose and estoc's dice for the rest."""
    current = fight.current()
    event = to_event(parse(line), fight.combatants[current].id if current is not None else None)
    typed = {k.replace("_", "-"): v for k, v in faces.items()}
    return fight.apply(event, ScriptedDice(typed, fallback=SeededDice(5)))


def told(content: Content, tables: HarpTables, fight: HarpFight, records: list[dict[str, Any]]) -> str:
    system = HarpPlay(content, tables)
    return "\n".join(line for record in records for line in system.narrate(record, fight))


def blows(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [r for r in records if r["kind"] == "attack"]


def current(fight: HarpFight) -> str:
    c = fight.current()
    assert c is not None
    return fight.combatants[c].id


def index(fight: HarpFight, who: str) -> int:
    return fight.ids().index(who)


# --- 1. situational initiative modifiers (« Modificateurs à l'initiative ») -------------------------------------

def test_stunned_and_prone_add_up_on_the_next_initiative(content: Content, tables: HarpTables) -> None:
    fight = fight_of(content, tables, [{"hero": "dafur"}], [{"hero": "orque-soudard"}], initiative=[10, 1])
    say(fight, "etat orque-soudard etourdi 3")
    say(fight, "etat orque-soudard a-terre 1")
    say(fight, "passer")          # Dafur
    records = say(fight, "passer", initiative=[5, 5])  # the orc (stunned: it may pass), then round 2
    round_two = next(r for r in records if r["kind"] == "round")
    assert round_two["situational"] == [["orque-soudard", -20]]
    orc = fight.combatants[index(fight, "orque-soudard")]
    totals = {who: total for who, total, _auto in round_two["order"]}
    assert totals["orque-soudard"] == 5 + orc.quickness + orc.intuition - 20
    assert "Modificateurs d'initiative de la situation : Orque soudard -20." in told(content, tables, fight,
                                                                                    records)


def test_below_half_hit_points_costs_five(content: Content, tables: HarpTables) -> None:
    fight = fight_of(content, tables, [{"hero": "dafur"}], [{"hero": "orque-soudard"}], initiative=[10, 1])
    say(fight, "pdv dafur 40")    # 40 of 95
    say(fight, "passer")
    round_two = next(r for r in say(fight, "passer", initiative=[5, 5]) if r["kind"] == "round")
    assert round_two["situational"] == [["dafur", -5]]


def test_what_a_combatant_announces_counts_on_its_next_roll_only(content: Content, tables: HarpTables) -> None:
    fight = fight_of(content, tables, [{"hero": "dafur"}], [{"hero": "orque-soudard"}], initiative=[10, 1])
    said = told(content, tables, fight, say(fight, "annoncer dafur course,arme-au-fourreau"))
    assert "Dafur le Nain annonce, pour sa prochaine initiative : course, arme-au-fourreau." in said
    say(fight, "passer")
    round_two = next(r for r in say(fight, "passer", initiative=[5, 5]) if r["kind"] == "round")
    assert round_two["situational"] == [["dafur", -15]]
    say(fight, "passer")
    round_three = next(r for r in say(fight, "passer", initiative=[5, 5]) if r["kind"] == "round")
    assert "situational" not in round_three


def test_an_unknown_announcement_is_refused_and_changes_nothing(content: Content, tables: HarpTables) -> None:
    fight = fight_of(content, tables, [{"hero": "dafur"}], [{"hero": "orque-soudard"}], initiative=[10, 1])
    with pytest.raises(EstocError, match="modificateur d'initiative inconnu"):
        say(fight, "annoncer dafur galop")
    assert fight.value("init_declared", 0) == 0


# --- 3. position bonuses and a blow's direction (« Bonus de position », « Les boucliers ») ----------------------

def test_a_blow_from_the_flank_takes_its_bonus_and_passes_a_buckler(content: Content, tables: HarpTables) -> None:
    """The orc soldier's buckler (« rondache ») covers frontal blows only."""
    fight = fight_of(content, tables, [{"hero": "dafur"}], [{"hero": "orque-soudard"}], initiative=[10, 1])
    orc = fight.combatants[1]
    front = fight.exchange_numbers(0, 1, 0)
    blow = blows(say(fight, "attaquer orque-soudard flanc", attack=[20]))[0]
    assert blow["ob"] == front[0] + 15
    assert blow["defence"] == orc.db - orc.shield_db
    assert orc.shield_db > 0


def test_a_blow_from_the_flank_meets_a_round_shield(content: Content, tables: HarpTables) -> None:
    """Dafur's round shield covers the front and the side, never the back."""
    fight = fight_of(content, tables, [{"hero": "dafur"}], [{"hero": "orque-soudard"}], initiative=[1, 10])
    dafur = fight.combatants[0]
    assert current(fight) == "orque-soudard"
    blow = blows(say(fight, "attaquer dafur flanc", attack=[20]))[0]
    assert blow["defence"] == dafur.db
    say(fight, "passer", initiative=[1, 10])   # Dafur; round 2, the orc first again
    blow = blows(say(fight, "attaquer dafur dos", attack=[20]))[0]
    assert blow["defence"] == dafur.db - dafur.shield_db
    assert blow["ob"] == fight.combatants[1].ob() + 30


def test_a_blow_from_behind_does_not_use_up_the_shield(content: Content, tables: HarpTables) -> None:
    fight = fight_of(content, tables, [{"hero": "dafur"}], [{"hero": "orque-soudard"}, {"hero": "orque-soudard",
                                                                                       "id": "orque-b"}],
                     initiative=[1, 10, 9])
    say(fight, "attaquer dafur dos", attack=[20])
    assert fight.value("shield_used", 0) == 0
    say(fight, "attaquer dafur", attack=[20])
    assert fight.value("shield_used", 0) == 1


def test_flank_and_rear_together_are_refused(content: Content, tables: HarpTables) -> None:
    fight = fight_of(content, tables, [{"hero": "dafur"}], [{"hero": "orque-soudard"}], initiative=[10, 1])
    with pytest.raises(EstocError, match="du flanc ou du dos, pas des deux"):
        say(fight, "attaquer orque-soudard flanc dos")
    with pytest.raises(EstocError, match=r"ne peuvent pas|cannot"):
        say(fight, "attaquer orque-soudard position attaque-de-flanc,attaque-de-dos")
    assert current(fight) == "dafur"


def test_a_target_on_the_ground_is_worth_forty_once(content: Content, tables: HarpTables) -> None:
    fight = fight_of(content, tables, [{"hero": "dafur"}], [{"hero": "orque-soudard"}], initiative=[10, 1])
    standing_ob = fight.exchange_numbers(0, 1, 0)[0]
    say(fight, "etat orque-soudard a-terre 1")
    assert fight.exchange_numbers(0, 1, 0)[0] == standing_ob + 40
    blow = blows(say(fight, "attaquer orque-soudard position adversaire-a-terre", attack=[20]))[0]
    assert blow["ob"] == standing_ob + 40


def test_surprised_and_on_the_ground_take_the_better_one_only(content: Content, tables: HarpTables) -> None:
    """« un seul de ces deux bonus »: surprised (+25) and on the ground (+40) share a key: the better counts."""
    fight = fight_of(content, tables, [{"hero": "dafur"}], [{"hero": "orque-soudard"}], surprise="foes",
                     initiative=[10, 1])
    base = fight.combatants[0].ob()
    assert fight.exchange_numbers(0, 1, 0)[0] == base + 25
    say(fight, "etat orque-soudard a-terre 1")
    assert fight.exchange_numbers(0, 1, 0)[0] == base + 40


def test_a_stunned_or_disarmed_target_is_easier_to_strike(content: Content, tables: HarpTables) -> None:
    fight = fight_of(content, tables, [{"hero": "dafur"}], [{"hero": "orque-soudard"}], initiative=[10, 1])
    base = fight.combatants[0].ob()
    say(fight, "etat orque-soudard etourdi 2")
    assert fight.exchange_numbers(0, 1, 0)[0] == base + 20
    say(fight, "etat orque-soudard desarme 1")
    assert fight.exchange_numbers(0, 1, 0)[0] == base + 35


# --- 8. full sun and surprise changed mid-fight -------------------------------------------------------------------

def test_the_sun_comes_out_mid_fight(content: Content, tables: HarpTables) -> None:
    fight = fight_of(content, tables, [{"hero": "dafur"}], [{"creature": "orque"}], initiative=[1, 10])
    orc = fight.combatants[1]
    assert orc.sunlight_sensitive
    before = fight.exchange_numbers(1, 0, 0)[0]
    said = told(content, tables, fight, say(fight, "soleil oui"))
    assert "plein soleil à partir de maintenant" in said
    assert fight.exchange_numbers(1, 0, 0)[0] == before - 20
    say(fight, "soleil non")
    assert fight.exchange_numbers(1, 0, 0)[0] == before
    with pytest.raises(EstocError, match="soleil : oui ou non"):
        say(fight, "soleil peut-etre")


def test_surprise_set_before_the_fight_begins_costs_initiative(content: Content, tables: HarpTables) -> None:
    fight = fight_of(content, tables, [{"hero": "dafur"}], [{"hero": "orque-soudard"}], begin=False)
    say(fight, "surpris foes")
    records = fight.apply({"type": "begin"}, ScriptedDice({"initiative": [5, 5]}, fallback=SeededDice(5)))
    round_one = records[0]
    assert round_one["surprised"] == ["orque-soudard"]
    orc = fight.combatants[1]
    assert dict((w, t) for w, t, _a in round_one["order"])["orque-soudard"] == 5 + orc.quickness + orc.intuition - 20
    assert "Surpris, −20 à l'initiative : Orque soudard." in told(content, tables, fight, records)


def test_surprise_mid_fight_gives_the_attackers_its_bonus_this_round(content: Content, tables: HarpTables) -> None:
    fight = fight_of(content, tables, [{"hero": "dafur"}], [{"hero": "orque-soudard"}], initiative=[10, 1])
    say(fight, "passer")
    say(fight, "passer", initiative=[10, 1])   # round 2
    base = fight.exchange_numbers(0, 1, 0)[0]
    said = told(content, tables, fight, say(fight, "surpris foes"))
    assert "MJ : {} : surpris au round 2.".format(fight.side_names["foes"]["fr"]) in said, said
    assert fight.exchange_numbers(0, 1, 0)[0] == base + 25
    say(fight, "surpris aucun")
    assert fight.exchange_numbers(0, 1, 0)[0] == base
    with pytest.raises(EstocError, match="camp inconnu"):
        say(fight, "surpris dragons")


# --- 2. surprise from the best perceivers (« Surprise ») ----------------------------------------------------------

def test_the_lower_perception_roll_is_surprised(content: Content, tables: HarpTables) -> None:
    fight = fight_of(content, tables, [{"hero": "brundar"}, {"hero": "halvard"}], [{"creature": "orque"}],
                     begin=False, unexpected=True, perception={"orque": 10})
    records = fight.apply({"type": "begin"}, ScriptedDice({"perception": [30, 50], "initiative": [5, 5, 5]},
                                                           fallback=SeededDice(5)))
    surprise = next(r for r in records if r["kind"] == "surprise")
    # Halvard (Perception 65) rolls for the heroes, the orc (10, the encounter's) for its side.
    assert surprise["rolls"] == [["halvard", "heros", 30, 95], ["orque", "foes", 50, 60]]
    assert surprise["side"] == "foes"
    assert next(r for r in records if r["kind"] == "round")["surprised"] == ["orque"]
    assert "Le camp foes est surpris." in told(content, tables, fight, records)


def test_a_tie_surprises_no_one(content: Content, tables: HarpTables) -> None:
    fight = fight_of(content, tables, [{"hero": "halvard"}], [{"creature": "orque"}], begin=False, unexpected=True,
                     perception={"orque": 65})
    records = fight.apply({"type": "begin"}, ScriptedDice({"perception": [40, 40], "initiative": [5, 5]},
                                                           fallback=SeededDice(5)))
    assert next(r for r in records if r["kind"] == "surprise")["side"] is None
    assert "surprised" not in next(r for r in records if r["kind"] == "round")
    assert "Personne n'est surpris." in told(content, tables, fight, records)


def test_an_imposed_surprise_rolls_no_perception(content: Content, tables: HarpTables) -> None:
    fight = fight_of(content, tables, [{"hero": "halvard"}], [{"creature": "orque"}], begin=False, unexpected=True,
                     surprise="heros")
    records = fight.apply({"type": "begin"}, ScriptedDice({"initiative": [5, 5]}))
    assert not [r for r in records if r["kind"] == "surprise"]
    assert next(r for r in records if r["kind"] == "round")["surprised"] == ["halvard"]


def simulated(content: Content, tables: HarpTables, setup: dict[str, Any], world: int, module: Any,
              worlds: int = 1) -> Any:
    """Worlds ``world``… of a simulation of ``setup`` (seed 3), played to their end by ``module`` (the last one's
    state left in its slot)."""
    encounter = encounter_from_setup(setup, content)
    order = side_order(encounter)
    people = [c for _i, _s, c in encounter.combatants]
    settings = Settings(surprise_roll=encounter.unexpected, surprised_side=order.index(encounter.surprise)
                        if encounter.surprise else -1,
                        **facts([cid for cid, _s, _c in encounter.combatants], encounter.distances,
                                encounter.cover, encounter.mounts))
    F = build(tables, people, [order.index(s) for _i, s, _c in encounter.combatants], worlds, settings=settings,
              seed=3, first_world=world, kernel_module=module)
    module.play_all(F, worlds, 50, 1)
    return F


def test_surprise_is_rolled_in_each_simulated_world(content: Content, tables: HarpTables) -> None:
    """In simulation each world rolls its own surprise: some worlds surprise one side, some the other, some none;
    compiled and interpreted alike, die for die."""
    setup = setup_of([{"hero": "halvard"}], [{"creature": "orque"}], unexpected=True, perception={"orque": 65})
    sides = []
    for world in range(40):
        compiled, twin = (simulated(content, tables, setup, world, module)
                          for module in (load_kernel(KERNEL_NAME), load_twin(KERNEL_NAME)))
        assert np.asarray(compiled.surprised)[0] == np.asarray(twin.surprised)[0]
        assert np.asarray(compiled.out_dice)[0] == np.asarray(twin.out_dice)[0]
        sides.append(int(np.asarray(compiled.surprised)[0]))
    assert {-1, 0, 1} <= set(sides) or {0, 1} <= set(sides)
    imposed = simulated(content, tables, {**setup, "surprise": "heros"}, 0, load_kernel(KERNEL_NAME))
    assert np.asarray(imposed.surprised)[0] == 0


# --- 4. multiple parries (« Parades Multiples ») -------------------------------------------------------------------

def test_a_parry_shared_between_two_foes(content: Content, tables: HarpTables) -> None:
    fight = fight_of(content, tables, [{"hero": "dafur"}], [{"hero": "orque-soudard"},
                                                           {"hero": "orque-soudard", "id": "orque-b"}],
                     initiative=[10, 1, 1])
    dafur = fight.combatants[0]
    blow = blows(say(fight, "attaquer orque-soudard parade 25 contre orque-soudard,orque-b", attack=[20]))[0]
    assert blow["ob"] == dafur.ob() - 24           # 12 against each: what does not divide stays in the OB
    assert fight.value("parry_bonus", 0) == 12
    for orc in ("orque-soudard", "orque-b"):
        assert fight.exchange_numbers(index(fight, orc), 0, 0)[1] == dafur.db + 12


def test_a_multiple_parry_naming_oneself_is_refused(content: Content, tables: HarpTables) -> None:
    fight = fight_of(content, tables, [{"hero": "dafur"}], [{"hero": "orque-soudard"},
                                                           {"hero": "orque-soudard", "id": "orque-b"}],
                     initiative=[10, 1, 1])
    with pytest.raises(RulesError):
        say(fight, "attaquer orque-soudard parade 20 contre orque-b,dafur")
    with pytest.raises(EstocError, match="nommé deux fois"):
        say(fight, "attaquer orque-soudard parade 20 contre orque-b,orque-b")
    assert current(fight) == "dafur" and fight.value("parry_bonus", 0) == 0


def test_a_multiple_parry_ends_at_the_parriers_next_action(content: Content, tables: HarpTables) -> None:
    fight = fight_of(content, tables, [{"hero": "dafur"}], [{"hero": "orque-soudard"},
                                                           {"hero": "orque-soudard", "id": "orque-b"}],
                     initiative=[10, 1, 1])
    say(fight, "attaquer orque-soudard parade 20 contre orque-soudard,orque-b", attack=[20])
    say(fight, "passer")
    say(fight, "passer", initiative=[10, 1, 1])
    assert current(fight) == "dafur"
    assert fight.value("parry_foes", 0) == 0 and fight.value("parry_bonus", 0) == 0


# --- 5. off-hand weapons (« Les boucliers »: main-gauche, sai) ------------------------------------------------------

DUELLIST: dict[str, Any] = {"sheet": {
    "id": "bretteur", "name": {"fr": "Bretteur", "en": "Duellist"}, "level": 3,
    "stats": {"st": 5, "qu": 10, "ag": 10, "co": 5, "sd": 0, "in": 5, "re": 0, "pr": 0},
    "resistances": {"body": 15, "mind": 10, "magic": 10}, "hp": 70,
    "weapons": [{"weapon": "epee", "skill": 60}], "armour": "cuir-souple", "off_hand": "main-gauche"}}


def test_the_main_gauche_counts_only_while_parrying(content: Content, tables: HarpTables) -> None:
    fight = fight_of(content, tables, [DUELLIST], [{"hero": "orque-soudard"}], initiative=[10, 1])
    duellist = fight.combatants[0]
    assert duellist.offhand_db == 10
    assert fight.exchange_numbers(1, 0, 0)[1] == duellist.db      # no defensive posture: no bonus
    say(fight, "attaquer orque-soudard parade 20", attack=[20])
    assert fight.exchange_numbers(1, 0, 0)[1] == duellist.db + 20 + 10


def test_an_off_hand_weapon_needs_its_defence_bonus(content: Content, tables: HarpTables) -> None:
    sheet = {**DUELLIST["sheet"], "off_hand": "dague"}
    with pytest.raises(EstocError, match="pas une arme de main gauche"):
        fight_of(content, tables, [{"sheet": sheet}], [{"hero": "orque-soudard"}], initiative=[10, 1])


def test_the_shipped_off_hand_weapons(content: Content) -> None:
    from estoc.content.models import harp

    for weapon_id, bonus in (("main-gauche", 10), ("sai", 5)):
        weapon = content.get("harp", "weapons", weapon_id, harp.Weapon)
        assert weapon.defence_bonus == bonus and weapon.hands == 1 and weapon.kind == "melee"


def test_simulation_counts_the_main_gauche_when_the_policy_parries(content: Content, tables: HarpTables) -> None:
    """The default policy parries with its sheet's usual parry: the off-hand's bonus then counts in simulation."""
    parrying = {"sheet": {**DUELLIST["sheet"], "parry": 20}}
    plain = {"sheet": {k: v for k, v in parrying["sheet"].items() if k != "off_hand"}}
    taken = []
    for member in (parrying, plain):
        F = simulated(content, tables, setup_of([member], [{"hero": "orque-soudard"}]), 0,
                      load_kernel(KERNEL_NAME), worlds=400)
        taken.append(int(np.asarray(F.out_taken)[:, 0].sum()))
    assert taken[0] < taken[1]


# --- 6. shoving a shooter (« Attaques à distance ») ----------------------------------------------------------------

def test_a_shove_comes_before_the_shooter_acts(content: Content, tables: HarpTables) -> None:
    fight = fight_of(content, tables, [{"hero": "halvard"}], [{"creature": "orque"}], initiative=[10, 1],
                     distances=[{"between": ["halvard", "orque"], "metres": 0}])
    assert current(fight) == "halvard"
    say(fight, "passer")
    with pytest.raises(RulesError, match="trop tard pour gêner son tir"):
        say(fight, "bousculer halvard 20")
    assert current(fight) == "orque"


# --- 7. a rider and its mount (bestiary, « Montures prises dans un combat ») -------------------------------------

def test_a_rider_against_a_foe_on_foot_and_its_mount_charging(content: Content, tables: HarpTables) -> None:
    fight = fight_of(content, tables, [{"hero": "dafur"}, {"creature": "cheval-de-guerre"}],
                     [{"hero": "orque-soudard"}], initiative=[10, 9, 1], mounts={"dafur": "cheval-de-guerre"},
                     distances=[{"between": ["dafur", "orque-soudard"], "metres": 12},
                                {"between": ["cheval-de-guerre", "orque-soudard"], "metres": 12}])
    dafur, horse, orc = (index(fight, i) for i in ("dafur", "cheval-de-guerre", "orque-soudard"))
    assert fight.exchange_numbers(dafur, orc, 0)[0] == fight.combatants[dafur].ob() + 10   # mounted, +10
    assert fight.exchange_numbers(orc, dafur, 0)[0] == fight.combatants[orc].ob()         # not against it
    say(fight, "passer")  # Dafur waits for his horse
    say(fight, "charger orque-soudard 12", attack=[5])
    assert fight.value_between("distance", horse, orc) == 0
    assert fight.value_between("distance", dafur, orc) == 0   # the horse carried its rider into contact
    say(fight, "etat cheval-de-guerre inconscient 1")
    assert fight.exchange_numbers(dafur, orc, 0)[0] == fight.combatants[dafur].ob()       # on foot now


def test_a_mount_must_be_on_its_riders_side(content: Content, tables: HarpTables) -> None:
    with pytest.raises(EstocError, match="même camp"):
        fight_of(content, tables, [{"hero": "dafur"}], [{"creature": "cheval-de-guerre"}], begin=False,
                 mounts={"dafur": "cheval-de-guerre"})


# --- 9. the words in « aide » -------------------------------------------------------------------------------------

def test_aide_lists_the_new_words(tmp_path: Any, content: Content) -> None:
    import io

    from estoc.cli.fight import handle
    from estoc.play.store import EventStore
    from estoc.play.systems import fight_system
    from estoc.play.tracker import Tracker

    tracker = Tracker.create(EventStore(tmp_path / "f.db"), fight_system("harp", content), "t",
                             {"encounter": setup_of([{"hero": "dafur"}], [{"hero": "orque-soudard"}]), "seed": 1})
    out = io.StringIO()
    handle(tracker, "aide", out)
    text = out.getvalue()
    for words in ("soleil : oui|non  plein soleil", "surpris : CAMP|aucun  ce camp est surpris",
                  "annoncer : QUI ID,ID…|aucun  modificateurs d'initiative", "[flanc|dos]", "flanc ou dos",
                  "parades multiples", "perception F…"):
        assert words in text, words
    before = len(tracker.records)
    with pytest.raises(EstocError, match="camp inconnu : 'nains'"):   # a bad side: a clear line, nothing changed
        handle(tracker, "surpris nains", out)
    assert int(tracker.fight.F.surprised[0]) == -1 and len(tracker.records) == before


def test_estoc_simulate_rolls_surprise_when_the_setting_says_the_meeting_is_unexpected(content: Content) -> None:
    """``--set unexpected=oui`` (the simulation's setting): the same fights, each world rolling for surprise; the
    side surprised loses 20 initiative in the first round, so the outcomes move."""
    from estoc.sim import simulate, summarize

    encounter = encounter_from_setup(setup_of([{"hero": "halvard"}], [{"creature": "orque", "count": 3}],
                                              perception={"orque-1": 40}), content)
    plain = simulate(encounter, content, 2000, seed=5, chunk=1000)
    rolled = simulate(encounter, content, 2000, seed=5, chunk=1000, settings={"unexpected": True})
    assert summarize(plain) != summarize(rolled)
    assert summarize(simulate(encounter, content, 2000, seed=5, chunk=1000, settings={"unexpected": False})) \
        == summarize(plain)


def test_a_rider_charges_at_its_mounts_pace(content: Content, tables: HarpTables) -> None:
    """Dafur (18 m a round) may charge 36 m on foot; on his war horse (22 m), 44 m."""
    distances = [{"between": ["dafur", "orque-soudard"], "metres": 40}]
    on_foot = fight_of(content, tables, [{"hero": "dafur"}], [{"hero": "orque-soudard"}], initiative=[10, 1],
                       distances=distances)
    with pytest.raises(RulesError, match="36"):
        say(on_foot, "charger orque-soudard 40")
    riding = fight_of(content, tables, [{"hero": "dafur"}, {"creature": "cheval-de-guerre"}],
                      [{"hero": "orque-soudard"}], initiative=[10, 1, 1], mounts={"dafur": "cheval-de-guerre"},
                      distances=distances)
    assert current(riding) == "dafur"
    blow = blows(say(riding, "charger orque-soudard 40", attack=[20]))[0]
    assert blow["attacker"] == "dafur"
    assert riding.value_between("distance", index(riding, "dafur"), index(riding, "orque-soudard")) == 0


def test_simulation_with_every_new_fact_is_the_same_compiled_and_interpreted(content: Content,
                                                                              tables: HarpTables) -> None:
    """A rider and its mount, an off-hand weapon, a rolled surprise: whole simulated fights, the compiled kernel and
    its interpreted twin equal die for die."""
    setup = setup_of([{"hero": "dafur"}, {"creature": "cheval-de-guerre"}, {"sheet": {**DUELLIST["sheet"],
                                                                                    "parry": 15}}],
                     [{"creature": "orque", "count": 3}], unexpected=True, perception={"orque-1": 30},
                     mounts={"dafur": "cheval-de-guerre"})
    outs = []
    for module in (load_kernel(KERNEL_NAME), load_twin(KERNEL_NAME)):
        F = simulated(content, tables, setup, 0, module, worlds=60)
        outs.append({name: np.asarray(getattr(F, name)).copy() for name in ("out_winner", "out_rounds", "out_hp",
                                                                            "out_dice", "out_dealt")})
    for name, values in outs[0].items():
        assert np.array_equal(values, outs[1][name]), name


def test_the_board_shows_the_sun_and_the_surprise(content: Content, tables: HarpTables) -> None:
    from estoc.render.board import harp_board
    from estoc.render.board_view import board_view

    fight = fight_of(content, tables, [{"hero": "dafur"}], [{"hero": "orque-soudard"}], initiative=[10, 1])
    assert not any("soleil" in line or "surpris" in line.lower() for line in harp_board(board_view(fight)))
    say(fight, "soleil oui")
    say(fight, "surpris foes")
    assert harp_board(board_view(fight))[1] == "Plein soleil. Surpris ce round-ci : foes."
    fight.side_names = {"foes": {"fr": "Les orques", "en": "The orcs"}}
    assert harp_board(board_view(fight))[1] == "Plein soleil. Surpris ce round-ci : Les orques."
    say(fight, "surpris aucun")
    assert harp_board(board_view(fight))[1] == "Plein soleil."
