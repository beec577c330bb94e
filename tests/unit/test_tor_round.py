"""The round of the One Ring house rules: stances, the rear, engagement, resolution order, the tasks' scaling."""

from __future__ import annotations

import pytest

from estoc.errors import RulesError
from estoc.systems.tor.round import (
    TASKS,
    advantage,
    check_assignment,
    check_choice,
    check_stances,
    check_task,
    counter_attack,
    encourage_endurance,
    engagement_order,
    harass_penalty,
    hold_position_attacks,
    intimidate_might,
    protect,
    rally_stances,
    rearward_allowed,
    resolution_order,
    sneak_attack_dice,
    stance_dice,
    take_aim_dice,
)


def test_stances_change_the_dice_both_ways() -> None:
    assert stance_dice("forward", None) == 1 and stance_dice(None, "forward") == 1
    assert stance_dice("forward", "forward") == 2 and stance_dice("defensive", "forward") == 0
    assert stance_dice("defensive", None) == -1 and stance_dice("open", "rearward") == 0


def test_the_rear_needs_two_in_close_combat_each_and_few_enough_enemies() -> None:
    assert rearward_allowed(["forward", "open", "rearward"], 6)
    assert not rearward_allowed(["forward", "open", "rearward"], 7)  # more than twice the three heroes
    assert not rearward_allowed(["forward", "rearward"], 2)  # one in close combat for one at the rear
    assert not rearward_allowed(["forward", "open", "rearward", "rearward"], 4)
    assert rearward_allowed(["forward", "open", "defensive", "open", "rearward", "rearward"], 12)
    assert rearward_allowed(["forward"], 50)  # nobody at the rear: nothing to check
    with pytest.raises(RulesError, match="rear"):
        check_stances(["rearward", "forward"], 2)


def test_engagement_order_and_choices() -> None:
    heroes = ["bilba", "dain", "elrond", "legolas"]
    stances = {"bilba": "defensive", "dain": "forward", "elrond": "open", "legolas": "rearward"}
    assert engagement_order(heroes, stances) == ["dain", "elrond", "bilba"]  # type: ignore[arg-type]
    check_choice("dain", "orc-1", {}, ["orc-1", "orc-2"])
    with pytest.raises(RulesError, match="free"):
        check_choice("elrond", "orc-1", {"orc-1": "dain"}, ["orc-1", "orc-2"])
    check_choice("bilba", "orc-1", {"orc-1": "dain", "orc-2": "elrond"}, ["orc-1", "orc-2"])  # joins a fight


def test_the_gms_assignment_when_outnumbered() -> None:
    check_assignment({"dain": ["o1", "o2", "o3"], "bilba": ["o4"]}, ["dain", "bilba"])
    with pytest.raises(RulesError, match="1 to 3"):
        check_assignment({"dain": ["o1", "o2", "o3", "o4"], "bilba": ["o5"]}, ["dain", "bilba"])
    with pytest.raises(RulesError, match="1 to 3"):
        check_assignment({"dain": ["o1"]}, ["dain", "bilba"])
    with pytest.raises(RulesError, match="o1"):
        check_assignment({"dain": ["o1"], "bilba": ["o1", "o2"]}, ["dain", "bilba"])


def test_resolution_order() -> None:
    heroes = ["bilba", "dain", "elrond", "legolas"]
    stances = {"bilba": "defensive", "dain": "forward", "elrond": "open", "legolas": "rearward"}
    order = resolution_order(heroes, stances, ["archer", "orc-1", "orc-2"], {"orc-1", "orc-2"},  # type: ignore[arg-type]
                             {"bilba", "dain", "elrond", "legolas", "archer", "orc-1"})
    assert order == ["dain", "elrond", "bilba", "legolas", "orc-1", "archer"]  # orc-2 has fallen


def test_counter_attack_with_zero_to_three_tengwar() -> None:
    assert counter_attack(0) == counter_attack(0).__class__(1, False, False)
    assert (counter_attack(1).attacks, counter_attack(1).wound) == (2, False)
    assert (counter_attack(2).attacks, counter_attack(2).wound, counter_attack(2).protection_ill) == (1, True, False)
    assert (counter_attack(3).attacks, counter_attack(3).wound, counter_attack(3).protection_ill) == (1, True, True)


def test_the_tasks_scale_with_tengwar_as_written() -> None:
    assert [intimidate_might(t) for t in range(3)] == [1, 2, 3]
    assert rally_stances(0) == (("forward",), 1) and rally_stances(1) == (("forward", "open"), 1)
    assert rally_stances(2) == (("forward", "open", "defensive"), 1) and rally_stances(5)[1] == 2
    assert encourage_endurance(2, 3) == 5
    assert [sneak_attack_dice(t) for t in range(4)] == [1, 2, 3, 3]
    assert take_aim_dice(2) == 3 and hold_position_attacks(1) == 2
    assert protect(2) == (3, 1) and protect(2, more_attacks=True) == (1, 3)
    assert harass_penalty(0) == [1] and harass_penalty(1) == [2] and harass_penalty(3) == [2]
    assert harass_penalty(1, spread=True) == [1, 1] and harass_penalty(3, spread=True) == [2, 2]
    assert advantage(0) == (1, False) and advantage(1) == (2, False) and advantage(2) == (2, True)


def test_tasks_core_or_house_rule_and_switches() -> None:
    core = {t.id for t in TASKS if t.core}
    assert core == {"intimider", "rallier", "proteger", "mettre-en-joue"}  # one per stance in the 2nd edition
    assert len(TASKS) == 16
    assert check_task("contre-attaque", "defensive", {}).action == "main"
    with pytest.raises(RulesError, match="switched off"):
        check_task("contre-attaque", "defensive", {"contre-attaque": False})
    with pytest.raises(RulesError, match="defensive"):
        check_task("contre-attaque", "forward", {})
    assert check_task("ceder-terrain", "open", {}).skill is None  # any stance, no roll


def test_a_failed_task_roll_gives_nothing() -> None:
    from estoc.dice import ScriptedDice
    from estoc.systems.tor.round import roll_task, task

    counter = task("contre-attaque")
    worked = roll_task(ScriptedDice({"task": [9], "task-success": [6, 6]}), counter, 2, 14)
    assert bool(worked.success[0]) and int(worked.tengwar[0]) == 2
    failed = roll_task(ScriptedDice({"task": [1], "task-success": [6, 6]}), counter, 2, 14)  # 13 < 14
    assert not bool(failed.success[0]) and int(failed.tengwar[0]) == 0  # the tengwar of a failure count nothing
    rune = roll_task(ScriptedDice({"task": [12], "task-success": [1]}), task("intimider"), 1, 30)
    assert bool(rune.success[0])
    yielded = roll_task(ScriptedDice([]), task("ceder-terrain"), 0, 99)  # no roll at all
    assert bool(yielded.success[0])
