"""What a HARP combatant may do, said once by the kernel (``allowed``): the default policy decides through it, play
refuses a GM's command with its code (in the GM's words), and simulation carries out the rules that were play's
only (charge, move-and-attack, movement, disengagement, position bonuses, shoving a shooter).
Also: the kernel's tables of codes, read by Python rather than mirrored."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from test_harp_rule_fixes import attacks, fight_of, play

from estoc.content.registry import Content
from estoc.dice import ScriptedDice, SeededDice
from estoc.engine.compiled import load_kernel, load_twin
from estoc.errors import RulesError
from estoc.systems.harp import refusals, told
from estoc.systems.harp.codes import KERNEL_NAME, codes, decision, reason_name, rule
from estoc.systems.harp.fight import HarpFight
from estoc.systems.harp.tables import HarpTables
from estoc.systems.harp.worlds import Settings, array, build, kernel_of
from harp_kernel_helpers import World, fighter, keyed_worlds


def test_the_tables_of_codes_name_each_code_once() -> None:
    """Each table of ``py_codes``: names and values agree with the kernel's ordered names, every value once; both
    forms of the kernel give the same tables."""
    compiled, twin = load_kernel(KERNEL_NAME), load_twin(KERNEL_NAME)
    tables = compiled.py_codes()
    assert tables == twin.py_codes()
    for table, ordered in (("actions", compiled.ACTIONS), ("reasons", compiled.REASONS),
                           ("purposes", compiled.PURPOSES)):
        assert {name: ordered.index(name) for name in ordered} == tables[table], table
    for table, values in tables.items():
        if table != "rules":
            assert len(set(values.values())) == len(values), table
    assert all(0 <= v < tables["slots"]["size"] for k, v in tables["slots"].items() if k != "size")
    assert sorted(tables["outcomes"].values()) == [1, 2, 4, 8]
    assert sorted(tables["logs"].values()) == list(range(1, len(tables["logs"]) + 1))
    assert set(told.LOG_NAMES) == set(tables["logs"])  # the teller reads every row kind
    assert tables["beyond"] == {"cap": 0, "uncapped": 1, "second-attack": 2}
    # the numbers of the text (« Le combat »)
    rules = tables["rules"]
    assert (rules["CHARGE_OB"], rules["CHARGE_DB"], rules["MOVING_ATTACK_OB"]) == (20, -20, -20)
    assert (rules["OPEN_FROM"], rules["MIN_RANGE"], rules["CHARGE_MIN_RUN"]) == (96, 2, 3)
    # every reason has the GM's words, and nothing else does
    assert set(refusals.WORDS) == set(compiled.REASONS) - {"ok"}


def _refused(fight: HarpFight, event: dict[str, Any], expected: str, chosen: tuple[int, ...]) -> None:
    """Play refuses ``event`` with the words of the kernel's code for ``chosen``, and that code is ``expected``."""
    actor = fight.current()
    assert actor is not None
    code, limit = refusals.why(fight, actor, chosen)
    assert reason_name(code) == expected
    with pytest.raises(RulesError) as refused:
        play(fight, event)
    assert str(refused.value) == refusals.words(fight, actor, chosen, code, limit)


def test_play_refuses_with_the_kernels_codes(content: Content, tables: HarpTables) -> None:
    fight = fight_of(content, tables, [{"hero": "dafur"}], [{"creature": "orque"}], initiative=[10, 1])
    orc = fight.index("orque")
    bm = fight.combatants[0].base_movement
    _refused(fight, {"type": "charge", "target": "orque", "distance": 2}, "charge-short",
             decision("charge", orc, run=20))
    _refused(fight, {"type": "charge", "target": "orque", "distance": 2 * bm + 1}, "charge-long",
             decision("charge", orc, run=(2 * bm + 1) * 10))
    _refused(fight, {"type": "move-attack", "target": "orque", "distance": bm + 1}, "move-attack-far",
             decision("move-attack", orc, run=(bm + 1) * 10))
    _refused(fight, {"type": "move", "distance": 2 * bm + 1}, "run-limit", decision("move", run=(2 * bm + 1) * 10))
    _refused(fight, {"type": "disengage", "target": "orque", "parry": 1}, "disengage-half",
             decision("disengage", orc, parry=1))
    _refused(fight, {"type": "stand"}, "not-prone", decision("stand"))
    play(fight, {"type": "gm", "op": "distance", "ids": ["dafur", "orque"], "value": 5})
    _refused(fight, {"type": "shove", "target": "orque", "bonus": 10}, "not-in-contact",
             decision("shove", orc, mod=10))
    play(fight, {"type": "gm", "op": "distance", "ids": ["dafur", "orque"], "value": 0})
    _refused(fight, {"type": "shove", "target": "orque", "bonus": 10}, "not-shooter" if not any(
        s.missile for s in fight.combatants[orc].strikes) else "ok", decision("shove", orc, mod=10)) if not any(
        s.missile for s in fight.combatants[orc].strikes) else None
    flank, behind = (tables.positions.mask([key]) for key in ("attaque-de-flanc", "attaque-de-dos"))
    _refused(fight, {"type": "attack", "target": "orque", "positions": "attaque-de-flanc,attaque-de-dos"},
             "positions", decision("attack", orc, positions=flank | behind))
    assert "Attack from the flank" in refusals.words(fight, 0, decision("attack", orc, positions=flank | behind),
                                                     *refusals.why(fight, 0, decision("attack", orc,
                                                                                      positions=flank | behind)))
    play(fight, {"type": "gm", "op": "condition", "target": "dafur", "name": "stun", "value": 2})
    _refused(fight, {"type": "attack", "target": "orque"}, "stunned", decision("attack", orc))
    _refused(fight, {"type": "move", "distance": bm // 2 + 1}, "stunned-move", decision("move", run=(bm // 2 + 1) * 10))
    play(fight, {"type": "gm", "op": "condition", "target": "dafur", "name": "must-parry", "value": 2})
    _refused(fight, {"type": "dodge"}, "not-free", decision("dodge"))


def test_position_bonuses_add_to_the_attack(content: Content, tables: HarpTables) -> None:
    """« Bonus de position »: the bonuses taken add to the OB; two of one exclusive pair never go together."""
    fight = fight_of(content, tables, [{"hero": "dafur"}], [{"creature": "orque"}], initiative=[10, 1])
    plain = attacks(play(fight.copy(), {"type": "attack", "target": "orque"}, attack=[50]))[0]
    taken = attacks(play(fight, {"type": "attack", "target": "orque",
                                 "positions": ["attaque-de-dos", "position-dominante"]}, attack=[50]))[0]
    assert taken["ob"] == plain["ob"] + 30 + 10


def test_a_shove_takes_the_percentage_column_off_the_next_shot(content: Content, tables: HarpTables) -> None:
    """« Attaques à distance »: pushing a shooter aside by hand: the manoeuvre's percentage, as a penalty."""
    fight = fight_of(content, tables, [{"creature": "orque"}], [{"hero": "halvard"}], initiative=[10, 1])
    if fight.combatants[fight.current() or 0].id != "orque":
        play(fight, {"type": "wait", "target": "orque"})  # the shove comes before the shooter acts
    play(fight, {"type": "gm", "op": "distance", "ids": ["halvard", "orque"], "value": 0})
    records = play(fight, {"type": "shove", "target": "halvard", "bonus": 20}, manoeuvre=[60])
    shove = next(r for r in records if r["kind"] == "shove")
    total = shove["total"]
    assert total == 60 + 20 + fight.flags(fight.index("orque"))[4]
    expected = -max(int(tables.manoeuvre.read_percent(np.array([total]))[0]), 0)
    assert shove["penalty"] == expected and fight.value("next_mod", fight.index("halvard")) == expected


def test_simulation_charges_and_moves_by_the_rules(tables: HarpTables) -> None:
    """The default policy on keyed dice (simulation's path: ``decide`` then ``act``): a foe 10 m away is charged
    (+20 OB, −20 DB, then in contact), one 2 m away is reached moving and attacking (−20 OB), one beyond twice the
    base movement is attacked as before; a disengagement carried out by ``act`` keeps its parry."""
    actions, slots = codes()["actions"], codes()["slots"]
    for metres, kind, ob in ((10, "charge", 70), (2, "move-attack", 30), (50, "attack", 50)):
        world = World(tables, [fighter("a", ob=50, base_movement=20, parry=0), fighter("b", hp=1000)],
                      settings=Settings(distances=((0, 1, metres),)))
        keyed_worlds(world.F, 3)
        chosen = world.K.py_decide(world.F, 0, 0)
        assert chosen[0] == actions[kind], kind
        assert chosen[slots["run"]] == (metres * rule("TENTHS") if kind != "attack" else 0)
        world.K.py_act(world.F, 0, 0, chosen)
        strike = next(r for r in world.told() if r["kind"] == "attack")
        assert strike["ob"] == ob
        assert world.get("charge_db", 0) == (-20 if kind == "charge" else 0)
        assert array(world.F, "distance")[0, 0, 1] == (metres if kind == "attack" else 0)
    world = World(tables, [fighter("a", ob=60), fighter("b")])
    keyed_worlds(world.F, 3)
    world.K.py_act(world.F, 0, 0, decision("disengage", 1, parry=30))
    assert world.get("parry_bonus", 0) == 30 and world.get("disengage_foe", 0) == 1
    assert refusals.why(_FightOf(world), 0, decision("disengage", 1, parry=29)) == (
        codes()["reasons"]["disengage-half"], 30)


class _FightOf:
    """A kernel world as ``refusals.why`` reads a fight (its ``F``)."""

    def __init__(self, world: World) -> None:
        self.F = world.F


def test_the_twin_plays_the_moved_rules_die_for_die(tables: HarpTables) -> None:
    """Whole simulated fights where the policy charges and moves: the compiled kernel and its twin agree."""
    people = [fighter("a", ob=60, hp=80, base_movement=15), fighter("b", ob=55, hp=90, base_movement=20),
              fighter("c", ob=40, hp=60)]
    settings = Settings(distances=((0, 1, 12), (0, 2, 2), (1, 2, 30)))
    outs = []
    for module in (load_kernel(KERNEL_NAME), load_twin(KERNEL_NAME)):
        F = build(tables, people, [0, 1, 1], 40, settings=settings, seed=7, kernel_module=module)
        module.play_all(F, 40, 50, 1)
        outs.append({name: np.asarray(getattr(F, name)).copy() for name in ("out_winner", "out_rounds", "out_hp",
                                                                            "out_dice", "out_dealt")})
    for name, values in outs[0].items():
        assert np.array_equal(values, outs[1][name]), name


def test_an_instinctive_dodge_and_a_flight_are_refused_when_made_to_parry(content: Content,
                                                                          tables: HarpTables) -> None:
    fight = fight_of(content, tables, [{"hero": "dafur"}], [{"creature": "orque"}], initiative=[10, 1])
    play(fight, {"type": "gm", "op": "condition", "target": "orque", "name": "must-parry", "value": 2})
    with pytest.raises(RulesError, match="must parry"):
        fight.apply({"type": "instinctive-dodge", "actor": "orque"}, ScriptedDice({}, fallback=SeededDice(1)))
    play(fight, {"type": "gm", "op": "condition", "target": "dafur", "name": "must-parry", "value": 2})
    _refused(fight, {"type": "flee"}, "not-free", decision("flee"))


def test_range_modifiers_are_the_kernels(content: Content, tables: HarpTables) -> None:
    """« Incrément de Portée » (the kernel's ``range_modifier``): −10 an increment from the 1st to the 5th, −20 from
    the 6th to the 10th, the point-blank modifier within point-blank range; under 2 m or past the maximum range the
    shot is refused (``allowed``)."""
    fight = fight_of(content, tables, [{"hero": "halvard"}], [{"creature": "orque"}], initiative=[10, 1])
    archer = fight.combatants[0]
    bow = next(s for s, strike in enumerate(archer.strikes) if strike.missile)
    increment, longest, point_blank, pb_mod = archer.strikes[bow].reach or (0, 0, 0, 0)
    K, F = kernel_of(fight.F), fight.F
    assert K.py_range_modifier(F, 0, bow, point_blank) == -10 + pb_mod
    assert K.py_range_modifier(F, 0, bow, 5 * increment) == -50
    assert K.py_range_modifier(F, 0, bow, 6 * increment) == -70
    assert K.py_range_modifier(F, 0, bow, 10 * increment) == -150
    reasons = codes()["reasons"]
    for metres, why in ((1, "too-close"), (longest + 1, "too-far"), (longest, "ok")):
        array(F, "distance")[0, 0, 1] = array(F, "distance")[0, 1, 0] = metres
        assert refusals.why(fight, 0, decision("attack", 1, bow))[0] == reasons[why]


@pytest.mark.parametrize("seed", range(6))
def test_every_choice_of_the_policy_is_allowed(content: Content, tables: HarpTables, seed: int) -> None:
    """Whole fights on keyed dice, stepped as a simulated world is (``advance``, ``decide``, ``act``): the kernel
    allows each decision its policy makes (stunned, knocked down, disarmed, a bow too close, a charge's run…)."""
    fight = fight_of(content, tables, [{"hero": "halvard"}, {"hero": "dafur"}],
                     [{"creature": "orque", "id": "orque-1"}, {"creature": "orque", "id": "orque-2"},
                      {"creature": "loup"}],
                     distances=[{"between": ["halvard", "orque-1"], "metres": 1},
                                {"between": ["dafur", "orque-2"], "metres": 12}])
    F, K = fight.F, kernel_of(fight.F)
    keyed_worlds(F, seed)
    F.logging = 0
    seen = set()
    c = K.py_advance(F, 0, 40)
    while c >= 0:
        chosen = K.py_decide(F, 0, c)
        assert K.py_allowed(F, 0, c, chosen)[0] == 0, (reason_name(K.py_allowed(F, 0, c, chosen)[0]), chosen)
        seen.add(chosen[0])
        K.py_act(F, 0, c, chosen)
        array(F, "acted")[0, c] = 1
        c = K.py_advance(F, 0, 40)
    actions = codes()["actions"]
    assert actions["attack"] in seen and {actions["charge"], actions["move-attack"]} & seen
