"""Effects of criticals and their course over the round clock, as the kernel applies them."""

from __future__ import annotations

from typing import Any

from estoc.dice import SeededDice
from estoc.play.harp import HarpPlay
from estoc.systems.harp.codes import rule
from estoc.systems.harp.conditions import stun_difficulty
from estoc.systems.harp.encounter import encounter_from_setup
from estoc.systems.harp.fight import HarpFight
from estoc.systems.harp.tables import HarpTables
from harp_kernel_helpers import World, fighter

TARGET, FOE = 0, 1


def wounded(tables: HarpTables, hp: int = 100, body_rr: int = 0, **more: Any) -> World:
    """A world of two in round 1: the target (0), and a foe (1) whose every critical does what the test says."""
    return World(tables, [fighter("cible", hp=hp, body_rr=body_rr, **more), fighter("adversaire")])


def test_stun_difficulty() -> None:
    assert stun_difficulty(1).item() == 150
    assert stun_difficulty(2).item() == 155
    assert stun_difficulty(3).item() == 160


def test_stun_three_rounds_resisted_at_160_then_155_at_next_action(tables: HarpTables) -> None:
    world = wounded(tables, body_rr=20)
    world.criticals_do(stun=3)
    # Immediate roll: 40 + 20 = 60 < 160, still stunned.
    world.dice({"attack": [50], "critical": [10], "resistance": [40]})
    hit = world.wound(TARGET)[-1]
    assert hit["stun_check"] == {"roll": 40, "total": 60, "difficulty": 160, "resisted": False}
    assert world.get("stun_until", TARGET) == 4 and not world.flags(TARGET)["can_attack"]
    # Start of its next action (round 2): two rounds left, 155.
    world.dice({"initiative": [10, 1], "resistance": [30]})
    turn = world.turn_of(TARGET)
    assert turn["round"] == 2 and turn["stun_check"]["difficulty"] == 155
    assert not turn["stun_check"]["resisted"] and world.get("stun_until", TARGET) == 4
    # Round 3: one round left, 150; an open-ended 97+40 = 137 + 20 = 157 resists.
    world.dice({"initiative": [10, 1], "resistance": [97, 40]})
    turn = world.turn_of(TARGET)
    assert turn["round"] == 3 and turn["stun_check"] == {"roll": 137, "total": 157, "difficulty": 150,
                                                         "resisted": True}
    assert world.get("stun_until", TARGET) == 0 and world.flags(TARGET)["can_attack"]
    assert world.unused() == {}


def test_stun_ends_by_itself_at_its_pinned_round(tables: HarpTables) -> None:
    world = wounded(tables)
    world.F.rnd[0] = 4
    world.criticals_do(stun=2)
    world.dice({"attack": [50], "critical": [10], "resistance": [1]})
    world.wound(TARGET)
    world.dice({"initiative": [10, 1], "resistance": [1]})
    assert world.turn_of(TARGET)["stun_check"]["resisted"] is False
    assert world.get("stun_until", TARGET) == 6
    world.dice({"initiative": [10, 1]})  # no resistance face: no roll is tried
    turn = world.turn_of(TARGET)
    assert turn["round"] == 6 and turn["stun_check"] is None
    assert world.get("stun_until", TARGET) == 0


def test_no_retry_in_the_round_the_stun_was_suffered(tables: HarpTables) -> None:
    world = wounded(tables)
    world.dice({"initiative": [1, 10]})
    assert world.begin() == FOE  # the foe acts first, the target later in the same round
    world.criticals_do(stun=2)
    world.dice({"attack": [50], "critical": [10], "resistance": [5]})
    world.wound(TARGET, FOE)
    world.dice({})
    assert world.done(FOE) == TARGET
    turn = next(r for r in world.told() if r["kind"] == "turn")
    assert turn["actor"] == "cible" and turn["round"] == 1 and turn["stun_check"] is None
    assert world.get("stun_until", TARGET) > 0


def test_bleeding_is_cumulative_and_lost_at_each_later_turn(tables: HarpTables) -> None:
    world = wounded(tables, hp=40)
    world.dice({"attack": [50, 50], "critical": [10, 10]})
    world.criticals_do(bleed=3)
    world.wound(TARGET)
    world.criticals_do(bleed=5)
    world.wound(TARGET)
    assert world.get("bleed", TARGET) == 8 and world.get("hp", TARGET) == 40
    world.dice({"initiative": [10, 1, 10, 1]})
    assert world.turn_of(TARGET)["bled"] == 8 and world.get("hp", TARGET) == 32
    world.turn_of(TARGET)
    assert world.get("hp", TARGET) == 24


def test_zero_hit_points_is_unconscious(tables: HarpTables) -> None:
    world = wounded(tables, hp=10)
    world.K.py_take_hits(world.F, 0, TARGET, 10)
    assert world.get("down", TARGET) and not world.get("dead", TARGET)
    assert not world.flags(TARGET)["can_act"] and not world.flags(TARGET)["standing"]


def test_death_at_once_and_in_n_rounds(tables: HarpTables) -> None:
    # Two wounded, an ally still standing (the fight goes on), a foe.
    world = World(tables, [fighter("a", hp=60), fighter("b", hp=60), fighter("c"), fighter("d")],
                  sides=[0, 0, 0, 1])
    world.dice({"attack": [50, 50], "critical": [10, 10], "initiative": [5] * 12})
    world.criticals_do(death=0)
    world.wound(0, 3)
    assert world.get("dead", 0)
    world.criticals_do(death=3)
    world.wound(1, 3)
    assert world.get("down", 1) and not world.get("dead", 1) and world.get("dying_round", 1) == 4
    assert world.turn_of(1)["round"] == 2
    assert world.turn_of(1)["round"] == 3 and not world.get("dead", 1)
    turn = world.turn_of(1)
    # « Mort » of N rounds: unconscious until then, then « En train de Trépasser » (passing away), not dead outright
    assert turn["round"] == 4 and turn["died"] and world.get("dead", 1) == rule("PASSING_AWAY")
    assert world.get("dead", 0) == 1


def test_shaken_lasts_until_the_start_of_its_next_turn(tables: HarpTables) -> None:
    world = wounded(tables)
    world.F.rnd[0] = 2
    world.criticals_do(shaken=True)
    world.dice({"attack": [50], "critical": [10]})
    world.wound(TARGET)
    assert world.flags(TARGET)["manoeuvre_penalty"] == -25
    world.dice({"initiative": [10, 1]})
    world.turn_of(TARGET)
    assert world.flags(TARGET)["manoeuvre_penalty"] == 0


def test_must_parry_and_no_parry_durations(tables: HarpTables) -> None:
    world = wounded(tables)
    world.criticals_do(must_parry=2, no_parry=1)
    world.dice({"attack": [50], "critical": [10]})
    world.wound(TARGET)
    flags = world.flags(TARGET)
    assert not flags["can_attack"] and not flags["can_parry"]
    world.dice({"initiative": [10, 1] * 2})
    world.turn_of(TARGET)  # round 2
    flags = world.flags(TARGET)
    assert not flags["can_attack"] and flags["can_parry"]
    world.turn_of(TARGET)  # round 3
    assert world.flags(TARGET)["can_attack"]


def test_stunned_cannot_attack_but_can_parry_and_suffers_minus_50(tables: HarpTables) -> None:
    world = wounded(tables)
    world.criticals_do(stun=2, penalty=-10)
    world.dice({"attack": [50], "critical": [10], "resistance": [5]})
    world.wound(TARGET)
    flags = world.flags(TARGET)
    assert not flags["can_attack"] and flags["can_parry"]
    assert flags["manoeuvre_penalty"] == -60


def test_effects_accumulate_within_a_world_and_never_leak_to_another(tables: HarpTables) -> None:
    world = World(tables, [fighter("cible"), fighter("adversaire")], worlds=3)
    world.dice({"attack": [50] * 3, "critical": [10] * 3})
    for w, penalty in ((0, -10), (0, -5), (2, -20)):
        world.criticals_do(penalty=penalty)
        world.wound(TARGET, w=w)
    assert [world.get("penalty", TARGET, w) for w in range(3)] == [-15, 0, -20]


def test_relieving_penalties_ends_must_parry_and_no_parry(content: Any, tables: HarpTables) -> None:
    setup = {"schema_version": 1, "system": "harp", "kind": "encounter", "name": {"fr": "a", "en": "a"},
             "sides": [{"id": "a", "members": [{"hero": "dafur"}]}, {"id": "b", "members": [{"creature": "orque"}]}]}
    encounter_from_setup(setup, content)
    fight = HarpPlay(content, tables).new_fight({"encounter": setup})
    assert isinstance(fight, HarpFight)
    fight.apply({"type": "begin"}, SeededDice(1))
    for name, value in (("must-parry", 3), ("no-parry", 2), ("penalty", 30)):
        fight.apply({"type": "gm", "op": "condition", "target": "dafur", "name": name, "value": value}, SeededDice(1))
    c = fight.index("dafur")
    assert not fight.flags(c)[1] and not fight.flags(c)[2]
    fight.apply({"type": "gm", "op": "relieve", "target": "dafur", "value": 10}, SeededDice(1))
    assert fight.value("penalty", c) == -20
    assert fight.flags(c)[1] and fight.flags(c)[2]
    fight.apply({"type": "gm", "op": "relieve", "target": "dafur", "value": 50}, SeededDice(1))
    assert fight.value("penalty", c) == 0


def test_a_mort_run_out_is_told_as_passing_away_in_both_languages() -> None:
    # « Mort » (N rounds): the text's terms are « En train de Trépasser » once the rounds have passed, not dead.
    from estoc.i18n import language, set_language
    from estoc.render.harp_fight import narrate_record, summary_lines

    turn = {"kind": "turn", "actor": "b", "bled": 0, "died": True, "skipped": "down"}
    row = {"id": "b", "hits_dealt": 0, "hits_taken": 30, "crits_dealt": {}, "crits_taken": {"C": 1}, "downed": 0,
           "rounds": 3, "state": "passing"}
    before = language()
    try:
        for lang, words in (("en", "passing away"), ("fr", "en train de trépasser")):
            set_language(lang)
            told = "\n".join(narrate_record(turn, {"b": "Bree"}, {}))
            assert words in told and "Bree" in told
            assert words in summary_lines({"rounds": 3, "combatants": [row]})[1]
    finally:
        set_language(before)
