"""Issue 25 (HARP): what a round costs, the rules that were still wrong, and what the narration tells.

Each rule is tried at the table with the GM's French words (a tracker, the commands typed), and on the kernel's own
path where simulation takes it (``decide``, ``act``, ``advance`` on one world, the dice typed by purpose).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from estoc.cli import main
from estoc.content.registry import Content
from estoc.dice import SeededDice
from estoc.engine.compiled import load_kernel, load_twin
from estoc.errors import RulesError
from estoc.i18n import set_language
from estoc.play.store import EventStore
from estoc.play.systems import fight_system
from estoc.play.tracker import Tracker
from estoc.systems.harp import refusals
from estoc.systems.harp.codes import KERNEL_NAME, codes, decision, reason_name
from estoc.systems.harp.commands import commands
from estoc.systems.harp.exchange import Combatant
from estoc.systems.harp.fight import HarpFight
from estoc.systems.harp.tables import EFFECT_FIELDS, NO_DEATH, HarpTables
from estoc.systems.harp.worlds import Settings, array, build
from harp_kernel_helpers import World, fighter

Records = list[dict[str, Any]]


def table(tmp_path: Path, content: Content, heroes: list[dict[str, Any]], foes: list[dict[str, Any]],
          initiative: str, **extra: Any) -> Tracker:
    """A fight at the table, its first round's order typed by the GM (``init ID N…``)."""
    setup = {"schema_version": 1, "system": "harp", "kind": "encounter", "name": {"fr": "essai", "en": "trial"},
             "sides": [{"id": "heros", "members": heroes}, {"id": "foes", "members": foes}], **extra}
    tracker = Tracker.create(EventStore(tmp_path / "f.db"), fight_system("harp", content), "t",
                             {"encounter": setup, "seed": 2})
    tracker.command("init " + initiative)
    return tracker


def fight_of(tracker: Tracker) -> HarpFight:
    assert isinstance(tracker.fight, HarpFight)
    return tracker.fight


def now(tracker: Tracker) -> str | None:
    current = tracker.fight.view()["current"]
    return None if current is None else str(current)


def pass_until(tracker: Tracker, rnd: int) -> Records:
    """Whoever acts passes (« passer ») until round ``rnd`` has begun and someone's action is awaited."""
    records: Records = []
    for _ in range(40):
        if fight_of(tracker).round >= rnd:
            return records
        records += tracker.command("passer")
    raise AssertionError(f"round {rnd} never came")


def turns_of(records: Records, who: str) -> dict[int, str | None]:
    """The rounds of ``who``'s turns, each with why it was skipped (None: it acted)."""
    return {r["round"]: r["skipped"] for r in records if r["kind"] == "turn" and r["actor"] == who}


def attacks(records: Records) -> Records:
    return [r for r in records if r["kind"] == "attack"]


# --- 1. what a round costs -------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("fumble", "lost"), [(5, 0), (25, 1), (65, 2)])
def test_a_fumble_costs_as_many_of_the_fumblers_actions(tmp_path: Path, content: Content, fumble: int,
                                                         lost: int) -> None:
    """« Maladresses »: « perd N rounds d'action » is N of the fumbler's actions: none for 0, the next for 1 (it
    played the round after its fumble), the next two for 2."""
    tracker = table(tmp_path, content, [{"hero": "dafur"}], [{"creature": "orque"}], "dafur 30 orque 5")
    told = tracker.command(f"attaquer orque jet 1 maladresse {fumble}")
    assert attacks(told)[0]["fumble_result"]["lost_rounds"] == lost
    records = told + pass_until(tracker, lost + 3)
    turns = turns_of(records, "dafur")
    assert [turns[r] for r in range(2, lost + 3)] == ["lost"] * lost + [None]


def test_a_lost_round_is_the_next_action_in_simulation(tables: HarpTables) -> None:
    """The kernel's path (``act``, then ``advance``): a fumble of 1 lost round skips the fumbler's next turn."""
    world = World(tables, [fighter("a", ob=50, fumble=5, quickness=50), fighter("b", ob=50)])
    world.dice({"initiative": [10, 1, 10, 1, 10, 1], "attack": [1], "fumble": [25]}, fallback=SeededDice(3))
    assert world.begin() == 0
    world.K.py_act(world.F, 0, 0, decision("attack", 1))
    assert world.done(0) == 1
    world.K.py_act(world.F, 0, 1, decision("pass"))
    world.told()
    assert world.done(1) == 1  # round 2: a's turn is lost
    assert world.get("lost_until", 0) == 3
    assert [r["skipped"] for r in world.told() if r["kind"] == "turn" and r["actor"] == "a"] == ["lost"]
    world.K.py_act(world.F, 0, 1, decision("pass"))
    assert world.done(1) == 0  # round 3: a acts again


def test_an_effect_taken_after_acting_binds_the_next_action(tmp_path: Path, content: Content) -> None:
    """« Parade Obligatoire » for 1 round, laid on Dafur after he acted: his next round is a parry only; the round
    after, he attacks again. The board counts the one action it binds."""
    tracker = table(tmp_path, content, [{"hero": "dafur"}], [{"creature": "orque"}], "dafur 30 orque 5")
    tracker.command("attaquer orque jet 10")
    tracker.command("etat dafur parade-obligatoire 1")
    row = next(r for r in tracker.fight.view()["combatants"] if r["id"] == "dafur")
    assert row["must_parry"] == 1
    pass_until(tracker, 2)
    while now(tracker) != "dafur":
        tracker.command("passer")
    with pytest.raises(RulesError, match="must parry"):
        tracker.command("attaquer orque jet 50")
    tracker.command("parade-totale orque jet-parade 50")
    pass_until(tracker, 3)
    while now(tracker) != "dafur":
        tracker.command("passer")
    assert attacks(tracker.command("attaquer orque jet 50"))


def test_a_critical_after_acting_binds_the_next_action_in_the_kernel(tables: HarpTables) -> None:
    """A critical's 1 round of « Parade Obligatoire » taken before the victim acted binds this round's action; taken
    after it acted, the next round's (``pinned_from``); the stun of 1 round after acting is resisted at 150."""
    reasons = codes()["reasons"]
    for acted_first in (False, True):
        world = World(tables, [fighter("a", ob=50, quickness=50 if acted_first else 0),
                               fighter("b", ob=50, quickness=0 if acted_first else 50)])
        world.criticals_do(must_parry=1, stun=1)
        world.dice({"initiative": [10, 1] if acted_first else [1, 10], "resistance": [5, 5, 5, 5]},
                   fallback=SeededDice(4))
        first = world.begin()
        if acted_first:
            assert first == 0
            world.K.py_act(world.F, 0, 0, decision("pass"))
            world.done(0)
        records = world.wound(0, 1)
        assert next(r for r in records if r["kind"] == "attack")["stun_check"]["difficulty"] == 150
        world.K.py_act(world.F, 0, 1, decision("pass"))
        nxt = world.done(1)
        # a's next turn: round 1's when it had not acted, round 2's when it had; stunned in it either way
        assert nxt == 0 and int(world.F.rnd[0]) == (2 if acted_first else 1)
        assert world.K.py_allowed(world.F, 0, 0, decision("attack", 1))[0] == reasons["stunned"]
        world.K.py_act(world.F, 0, 0, decision("pass"))
        world.done(0)
        world.K.py_act(world.F, 0, 1, decision("pass"))
        assert world.done(1) == 0  # the turn after: free again
        assert world.K.py_allowed(world.F, 0, 0, decision("attack", 1))[0] == 0


def test_an_instinctive_dodge_on_ones_own_turn_uses_that_turn(tmp_path: Path, content: Content) -> None:
    """« Esquive Instinctive » in place of the round's action: typed on Dafur's turn, it ends his turn."""
    tracker = table(tmp_path, content, [{"hero": "dafur"}], [{"creature": "orque"}], "dafur 30 orque 5")
    assert now(tracker) == "dafur"
    told = tracker.command("esquive-instinctive dafur manoeuvre 50")
    assert next(r for r in told if r["kind"] == "dodge")["cost"] == "this_round"
    assert now(tracker) == "orque"
    assert not attacks(told)


# --- 2, 3. a disarmed combatant, a stunned one --------------------------------------------------------------------

def test_a_disarmed_combatant_does_not_parry(tmp_path: Path, content: Content) -> None:
    """Without a weapon in hand: no parry kept from an attack, no total parry, no disengagement (its parry)."""
    tracker = table(tmp_path, content, [{"hero": "dafur"}], [{"creature": "orque"}], "dafur 30 orque 5")
    tracker.command("etat dafur desarme 1")
    fight = fight_of(tracker)
    for line, chosen in (("parade-totale orque", decision("total-parry", 1)),
                         ("desengager orque", decision("disengage", 1, parry=40))):
        assert reason_name(refusals.why(fight, 0, chosen)[0]) == "disarmed"
        with pytest.raises(RulesError, match="dropped their weapon"):
            tracker.command(line)
    assert tracker.command("ramasser")[0]["kind"] == "take-weapon"


def test_a_dropped_weapon_ends_the_parry_declared(tables: HarpTables) -> None:
    world = World(tables, [fighter("a", ob=60), fighter("b", ob=50)])
    world.dice(fallback=SeededDice(6))
    world.criticals_do(drop_weapon=True)
    world.K.py_act(world.F, 0, 0, decision("total-parry", 1))
    assert world.get("parry_vs", 0) == 1
    world.told()
    world.wound(0, 1)
    assert world.get("disarmed", 0) == 1 and world.get("parry_vs", 0) == -1 and world.get("parry_bonus", 0) == 0


def test_a_stunned_disengagement_parries_on_the_ob_less_50(tmp_path: Path, content: Content) -> None:
    """« Étourdi »: the parry's base OB takes −50, a disengagement's too (its floor is half of what is left)."""
    tracker = table(tmp_path, content, [{"hero": "dafur"}], [{"creature": "orque"}], "dafur 30 orque 5")
    tracker.command("etat dafur etourdi 2")
    ob = fight_of(tracker).combatants[0].strikes[0].ob
    with pytest.raises(RulesError, match=f"half the OB \\({(ob - 50 + 1) // 2}\\)"):
        tracker.command(f"desengager orque parade {(ob - 50 + 1) // 2 - 1}")
    told = tracker.command(f"desengager orque parade {ob}")
    assert next(r for r in told if r["kind"] == "disengage")["bonus"] == ob - 50


# --- 4. a beast made to parry ----------------------------------------------------------------------------------------

def test_a_beast_made_to_parry_backs_off_or_dodges(tmp_path: Path, content: Content) -> None:
    """Bestiary, « Parade et esquive »: a beast made to parry cannot attack (it shies away, backs off, growls): it
    may move away or dodge, and the words say so, not « it can do nothing else »."""
    tracker = table(tmp_path, content, [{"hero": "dafur"}], [{"creature": "ours-noir"}], "dafur 5 ours-noir 30")
    tracker.command("etat ours-noir parade-obligatoire 2")
    with pytest.raises(RulesError, match="may back off or dodge"):
        tracker.command("attaquer dafur")
    fight = fight_of(tracker)
    for chosen in (decision("dodge"), decision("move", run=50), decision("flee"), decision("instinctive-dodge")):
        assert refusals.why(fight, 1, chosen)[0] == 0, chosen
    assert tracker.command("esquiver manoeuvre 50")[0]["kind"] == "dodge"
    set_language("fr")
    with pytest.raises(RulesError, match="peut reculer ou esquiver"):
        while now(tracker) != "ours-noir":
            tracker.command("passer")
        tracker.command("attaquer dafur")


def test_a_beast_that_cannot_attack_dodges_in_simulation(tables: HarpTables) -> None:
    """The default policy (``decide``): a beast made to parry dodges rather than passes; a character parries."""
    actions = codes()["actions"]
    world = World(tables, [fighter("bete", ob=50, kind="natural", table="griffes", beast=True), fighter("b")])
    array(world.F, "must_parry_until")[0, 0] = 5
    assert world.K.py_decide(world.F, 0, 0)[0] == actions["dodge"]
    world = World(tables, [fighter("a", ob=50), fighter("b")])
    array(world.F, "must_parry_until")[0, 0] = 5
    assert world.K.py_decide(world.F, 0, 0)[0] == actions["total-parry"]


# --- 5. a cascading venom --------------------------------------------------------------------------------------------

def test_a_cascading_venom_rolls_once_a_round_and_costs_its_numbers(tmp_path: Path, content: Content) -> None:
    """The giant scorpion's sting: its Body roll at once, none more when the victim's turn comes in the same round,
    one at its turn in the next; each failure costs the content's 5 hit points and −10."""
    tracker = table(tmp_path, content, [{"hero": "dafur"}], [{"creature": "scorpion-geant"}],
                    "dafur 5 scorpion-geant 30")
    told = tracker.command("attaquer dafur arme 2 jet 96 90 critique 50 additionnel 50 jr 5")
    fight = fight_of(tracker)
    sting = attacks(told)[0]
    check = sting["venom_check"]
    assert not check["resisted"] and (check["hits"], check["penalty"]) == (5, -10)
    assert fight.value("hp", 0) == 95 - sting["total_hits"] - 5
    assert fight.value("penalty", 0) <= -10
    assert now(tracker) == "dafur" and not [r for r in told if r["kind"] == "venom"]
    records = tracker.command("passer") + pass_until(tracker, 2)
    while now(tracker) != "dafur":
        records += tracker.command("passer")
    venoms = [r for r in records if r["kind"] == "venom"]
    assert len(venoms) <= 1
    set_language("fr")
    lines = [line for r in told for line in tracker.system.narrate(r, tracker.fight)]
    assert any("Le venin coûte 5 points de dégâts et malus -10." in line for line in lines)


# --- 6. a critical's knock-down --------------------------------------------------------------------------------------

def test_a_criticals_knock_down_spares_the_larger_and_the_just_risen(tables: HarpTables) -> None:
    """Bestiary, « Renverser une cible »: a critical entry's « thrown to the ground » does not throw a target larger
    than the attacker, nor one that stood up and has not acted since; where it does, the record says so."""
    world = World(tables, [fighter("big", size_rank=3), fighter("small", size_rank=2)])
    world.dice(fallback=SeededDice(6))
    world.criticals_do(knockdown=True)
    blow = next(r for r in world.wound(0, 1) if r["kind"] == "attack")
    assert not blow["knocked_down"] and world.get("prone", 0) == 0
    blow = next(r for r in world.wound(1, 0) if r["kind"] == "attack")
    assert blow["knocked_down"] and world.get("prone", 1) == 1
    world.K.py_act(world.F, 0, 1, decision("stand"))
    blow = next(r for r in world.wound(1, 0) if r["kind"] == "attack")
    assert not blow["knocked_down"] and world.get("prone", 1) == 0


# --- 7. a mount's charge ---------------------------------------------------------------------------------------------

def test_a_mounts_plain_charge_uses_its_ram(tmp_path: Path, content: Content) -> None:
    """Bestiary, « Montures prises dans un combat »: a plain « charger » of the warhorse strikes with its Charge on
    Bélier et Poussée; « arme 1 » chooses its kick."""
    tracker = table(tmp_path, content, [{"hero": "dafur"}], [{"creature": "cheval-de-guerre"}],
                    "dafur 5 cheval-de-guerre 30")
    blow = attacks(tracker.fight.copy().apply({"type": "charge", "target": "dafur", "distance": 20},
                                              SeededDice(1)))[0]
    assert blow["table"] == "belier-et-poussee"
    assert attacks(tracker.command("charger dafur 20 arme 1 jet 30"))[0]["table"] == "pietinement"


def test_the_policy_charges_with_the_ram(tables: HarpTables, content: Content) -> None:
    """The default policy's charge (simulation): the warhorse charges a foe 20 m away with its Ram."""
    horse = Combatant.from_content(content, "cheval-de-guerre")
    world = World(tables, [horse, fighter("b", hp=500)], settings=Settings(distances=((0, 1, 20),)))
    chosen = world.K.py_decide(world.F, 0, 0)
    assert chosen[0] == codes()["actions"]["charge"]
    assert horse.strikes[chosen[codes()["slots"]["strike"]]].table == "belier-et-poussee"


def test_the_help_names_the_strike_for_a_charge() -> None:
    set_language("fr")
    args = {c.name: c.args for c in commands()}
    assert "[arme N]" in args["charge"] and "[arme N]" in args["move-attack"]


# --- 8. beasts fumble as beasts --------------------------------------------------------------------------------------

def test_a_natural_weapon_fumbles_as_a_beast(tmp_path: Path, content: Content) -> None:
    """Bestiary, « Maladresses »: claws have no grip to fix; the fumble is told as the creature's misstep."""
    tracker = table(tmp_path, content, [{"hero": "dafur"}], [{"creature": "ours-noir"}], "dafur 5 ours-noir 30")
    told = tracker.command("attaquer dafur jet 1 maladresse 35")
    fumble = attacks(told)[0]["fumble_result"]
    assert fumble["natural"] and fumble["creature_text"]
    lines = [line for r in told for line in tracker.system.narrate(r, tracker.fight)]
    assert not any("turns in the hand" in line for line in lines)
    assert any("the attack's fumble range" in line for line in lines)


# --- 9. narration ----------------------------------------------------------------------------------------------------

def test_the_ob_is_itemised(tmp_path: Path, content: Content) -> None:
    """Every part of the OB named: the attack's own, a parry kept, the position bonuses (+40 against a target on the
    ground: the content's position bonus, issue 25)."""
    tracker = table(tmp_path, content, [{"hero": "dafur"}], [{"creature": "orque"}], "dafur 30 orque 5")
    tracker.command("etat orque a-terre 1")
    blow = attacks(tracker.command("attaquer orque parade 20 jet 30"))[0]
    assert blow["ob_parts"] == [["strike", 75], ["parry", -20], ["position", 40]]
    assert sum(v for _k, v in blow["ob_parts"]) == blow["ob"] == 95
    set_language("fr")
    lines = tracker.system.narrate(blow, tracker.fight)
    assert any("BO +95 (attaque +75, gardé pour parer -20, bonus de position +40)" in line for line in lines)


def test_a_charges_ob_is_itemised_in_simulation(tables: HarpTables) -> None:
    world = World(tables, [fighter("a", ob=50, base_movement=20), fighter("b", hp=1000)],
                  settings=Settings(distances=((0, 1, 10),)))
    world.dice(fallback=SeededDice(2))
    world.K.py_act(world.F, 0, 0, world.K.py_decide(world.F, 0, 0))
    blow = next(r for r in world.told() if r["kind"] == "attack")
    assert blow["ob_parts"] == [["strike", 50], ["charge", 20]]


def test_a_size_lowered_critical_shows_both_letters(tmp_path: Path, content: Content) -> None:
    """Bestiary, « Taille et critiques »: against the black bear (large), the table's letter and the one taken."""
    tracker = table(tmp_path, content, [{"hero": "dafur"}], [{"creature": "ours-noir"}], "dafur 30 ours-noir 5")
    blow = attacks(tracker.command("attaquer ours-noir jet 97 60 critique 71"))[0]
    assert blow["critical"]["table_severity"] == blow["table_severity"]
    assert "ABCDE".index(blow["table_severity"]) == "ABCDE".index(blow["critical"]["severity"]) + 1
    set_language("fr")
    lines = tracker.system.narrate(blow, tracker.fight)
    assert any(f"{blow['table_severity']} sur la table, abaissé par la taille de la cible" in line
               for line in lines)


def test_a_breath_is_told_as_a_breath(tmp_path: Path, content: Content) -> None:
    tracker = table(tmp_path, content, [{"hero": "dafur"}], [{"creature": "drake-des-glaces"}],
                    "dafur 5 drake-des-glaces 30")
    told = tracker.command("souffler dafur jet 60")
    assert attacks(told)[0]["area"] == "line"
    set_language("fr")
    lines = [line for r in told for line in tracker.system.narrate(r, tracker.fight)]
    assert any("Le souffle de" in line for line in lines)


def test_no_stun_roll_for_a_target_already_dead(tables: HarpTables) -> None:
    world = World(tables, [fighter("a"), fighter("b")])
    world.dice(fallback=SeededDice(6))
    world.criticals_do(stun=2, death=0)
    blow = next(r for r in world.wound(0, 1) if r["kind"] == "attack")
    assert blow["target_dead"] and blow["stun_check"] is None


def test_a_second_attacks_critical_is_counted(tables: HarpTables) -> None:
    """« second-attack »: what an open-ended roll has beyond the size limit strikes again; its critical counts in
    the tallies (the summary's criticals)."""
    world = World(tables, [fighter("a", ob=300, size="small"), fighter("b", hp=10000)],
                  settings=Settings(beyond_limit="second-attack"))
    world.dice({"attack": [97, 90]}, fallback=SeededDice(1))
    blow = world.strike(0, 1)
    assert blow["second_attack"] and blow["second_attack"]["critical"]
    told = [blow["critical"], blow["additional_critical"], blow["second_attack"]["critical"]]
    assert int(array(world.F, "crits_dealt")[0, 0].sum()) == sum(1 for c in told if c)


def _attack_json(args: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    assert main(["attack", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)  # type: ignore[no-any-return]


def test_attack_json_without_a_defender_downs_nobody(capsys: pytest.CaptureFixture[str]) -> None:
    event = _attack_json(["--weapon", "epee", "--ob", "150", "--db", "0", "--roll", "90", "--crit-roll", "50"],
                         capsys)
    assert event["hit"] and not event["target_down"] and not event["target_dead"] and not event["downed_now"]


def test_attack_json_tells_a_criticals_knock_down(capsys: pytest.CaptureFixture[str], tables: HarpTables) -> None:
    """A critical entry that throws the target down: ``knocked_down`` is true, and the terminal says « à terre »."""
    crit, attack = tables.critical, tables.attack
    ct, at = crit.ids.index("contondant"), attack.ids.index("lames-1m")  # the sword's table
    knock, death = EFFECT_FIELDS.index("knockdown"), EFFECT_FIELDS.index("death")
    roll, k = next((roll, k) for k in range(5) for roll in range(1, 101)
                   if crit.effects.values[ct, roll, k, knock] and crit.effects.values[ct, roll, k, death] == NO_DEATH)
    row = next(r for r in range(1, 121) if int(attack.severity[at, r, 0]) == k + 1)
    args = ["--weapon", "epee", "--critical", "contondant", "--ob", str(row - 50), "--db", "0",
            "--armor-type", "1", "--roll", "50", "--crit-roll", str(roll)]
    event = _attack_json(args, capsys)
    assert event["critical"]["effects"]["knockdown"] and event["knocked_down"]
    assert main(["--lang", "fr", "attack", *args]) == 0
    assert "La cible se retrouve à terre." in capsys.readouterr().out


# --- 10. the compiled kernel and its twin ----------------------------------------------------------------------------

def test_the_twin_plays_issue_25s_rules_die_for_die(content: Content, tables: HarpTables) -> None:
    """Whole simulated fights with beasts made to parry, a venom, a mount's charge and fumbles' lost actions: the
    compiled kernel and its interpreted twin agree on every output."""
    people = [Combatant.from_content(content, cid)
              for cid in ("dafur", "orque", "scorpion-geant", "cheval-de-guerre", "ours-noir")]
    settings = Settings(distances=((3, 0, 20), (3, 1, 15)))
    outs = []
    for module in (load_kernel(KERNEL_NAME), load_twin(KERNEL_NAME)):
        F = build(tables, people, [0, 0, 1, 1, 1], 30, settings=settings, seed=11, kernel_module=module)
        module.play_all(F, 30, 60, 1)
        outs.append({name: np.asarray(getattr(F, name)).copy()
                     for name in ("out_winner", "out_rounds", "out_hp", "out_dice", "out_dealt", "out_crits")})
    for name, values in outs[0].items():
        assert np.array_equal(values, outs[1][name]), name


def test_a_beast_made_to_parry_still_flees_in_simulation(tables: HarpTables) -> None:
    """With ``beasts_flee``, a badly hurt beast flees even when made to parry (it backs off: bestiary)."""
    world = World(tables, [fighter("bete", ob=50, hp=100, kind="natural", table="griffes", beast=True),
                           fighter("b")], settings=Settings(beasts_flee=True))
    array(world.F, "hp")[0, 0] = 10
    array(world.F, "must_parry_until")[0, 0] = 5
    chosen = world.K.py_decide(world.F, 0, 0)
    assert chosen[0] == codes()["actions"]["flee"]
    assert world.K.py_allowed(world.F, 0, 0, chosen)[0] == 0
