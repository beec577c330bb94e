"""The round of the One Ring house rules, as the kernel plays it: stances and their dice, the rear, the engagement's
choices and the GM's assignment, the order of resolution, the tasks allowed per stance and what each task does with
its tengwar (a failed roll gives nothing)."""

from __future__ import annotations

from typing import Any

import pytest

from estoc.content.registry import Content
from estoc.dice import ScriptedDice
from estoc.errors import RulesError
from estoc.systems.tor.codes import A_ASSIGN, A_BACK, A_ENGAGE, A_STANCES, A_TASK, A_YIELD, CODES, REASONS
from estoc.systems.tor.exchange import Combatant
from estoc.systems.tor.fight import TorFight
from estoc.systems.tor.names import TASK_IDS, TASKS, Stance
from estoc.systems.tor.worlds import array


def fight(content: Content, heroes: list[tuple[str, Stance]], foes: list[str], **options: Any) -> TorFight:
    """A fight at its first round's stances (no volleys)."""
    f = TorFight.start([(Combatant.from_content(content, h), s, True) for h, s in heroes],
                       [Combatant.from_content(content, a) for a in foes], tasks=options.pop("tasks", {}),
                       volleys=False, **options)
    f.apply({"type": "begin"}, ScriptedDice({}))
    return f


def allowed(f: TorFight, c: int, kind: int, target: int = -1, **more: int) -> int:
    return int(f.K.py_allowed(f.F, 0, c, kind, target, more.get("weapon", -1), more.get("task", 0),
                              CODES["S_AUTO"], more.get("item", 0), more.get("flags", 0), bool(more.get("hope"))))


def test_stances_change_the_dice_both_ways(content: Content) -> None:
    cases = {("forward", "open"): 1, ("open", "open"): 0, ("defensive", "open"): -1, ("rearward", "open"): 0}
    for (mine, _other), change in cases.items():
        f = fight(content, [("eirik-de-dale", mine)], ["orc-soldat"])
        assert f.blow(0, 1, 0).change == change  # the hero's attack
        assert f.blow(1, 0, 0).change == change  # and the attack against it
    both = fight(content, [("eirik-de-dale", "forward")], ["orc-soldat"])
    assert both.blow(0, 1, 0).dice == 3 + 1 and both.blow(1, 0, 0).dice == 2 + 1


HEROES = ["eirik-de-dale", "grani-barbe-grise", "faelwen-de-lindon", "hamfrey-pied-leger", "maelor-le-rodeur",
          "aldric-de-bree"]


@pytest.mark.parametrize(("stances", "enemies", "open_"), [
    (["forward", "open", "rearward"], 6, True),
    (["forward", "open", "rearward"], 7, False),  # more than twice the three heroes
    (["forward", "rearward"], 2, False),  # one in close combat for one at the rear
    (["forward", "open", "rearward", "rearward"], 4, False),
    (["forward", "open", "defensive", "open", "rearward", "rearward"], 12, True),
    (["forward"], 50, True),  # nobody at the rear: nothing to check
])
def test_the_rear_needs_two_in_close_combat_each_and_few_enough_enemies(content: Content, stances: list[Stance],
                                                                      enemies: int, open_: bool) -> None:
    f = fight(content, list(zip(HEROES, stances, strict=False)), ["gobelin"] * enemies)
    assert bool(f.K.py_rear_open(f.F, 0)) == open_
    assert (allowed(f, 0, A_STANCES) == 0) == open_
    if not open_:
        with pytest.raises(RulesError, match="rear"):
            f.apply({"type": "fight"}, ScriptedDice({}))


def test_engagement_order_and_choices(content: Content) -> None:
    f = fight(content, [("eirik-de-dale", "defensive"), ("grani-barbe-grise", "forward"),
                        ("maelor-le-rodeur", "open"), ("faelwen-de-lindon", "rearward")], ["orc-soldat", "gobelin"])
    assert int(f.K.py_chooser(f.F, 0)) == 1  # forward first, then open, then defensive; the rear engages no one
    assert allowed(f, 0, A_ENGAGE, 4) == REASONS["R_ENGAGE_ORDER"]
    assert allowed(f, 3, A_ENGAGE, 4) == REASONS["R_REAR_ENGAGES"]
    with pytest.raises(RulesError, match="grani-barbe-grise chooses before eirik-de-dale"):
        f.apply({"type": "engage", "hero": "eirik-de-dale", "target": "orc-soldat"}, ScriptedDice({}))
    f.apply({"type": "engage", "hero": "grani-barbe-grise", "target": "orc-soldat"}, ScriptedDice({}))
    assert int(f.K.py_chooser(f.F, 0)) == 2
    assert allowed(f, 2, A_ENGAGE, 4) == REASONS["R_ENGAGE_FREE"]  # a free one is left: it must take it
    with pytest.raises(RulesError, match="free adversary while there are some: gobelin"):
        f.apply({"type": "engage", "hero": "maelor-le-rodeur", "target": "orc-soldat"}, ScriptedDice({}))
    f.apply({"type": "engage", "hero": "maelor-le-rodeur", "target": "gobelin"}, ScriptedDice({}))
    assert allowed(f, 0, A_ENGAGE, 4) == 0  # all engaged: Eirik joins a fight
    assert allowed(f, 4, A_BACK) == REASONS["R_BACK_FREE"]  # engaged: it cannot stay at the rear
    assert allowed(f, 0, A_BACK) == REASONS["R_BACK_FREE"]  # nor can a hero
    with pytest.raises(RulesError, match="only a free adversary stays at the rear"):
        f.apply({"type": "rear", "target": "orc-soldat"}, ScriptedDice({}))


def test_yield_ground_only_after_a_blow_and_once_a_round(content: Content) -> None:
    f = fight(content, [("eirik-de-dale", "open")], ["orc-soldat"])
    assert allowed(f, 0, A_YIELD) == REASONS["R_NO_YIELD"]  # no blow has cost it endurance
    f.F.last_target[0], f.F.last_lost[0], f.F.last_round[0] = 0, 5, 1
    assert allowed(f, 0, A_YIELD) == 0
    array(f.F, "yielded")[0, 0] = 1
    assert allowed(f, 0, A_YIELD) == REASONS["R_YIELDED"]
    off = fight(content, [("eirik-de-dale", "open")], ["orc-soldat"], tasks={"ceder-terrain": False})
    assert allowed(off, 0, A_YIELD) == REASONS["R_TASK_OFF"]


def test_the_gms_assignment_when_outnumbered(content: Content) -> None:
    f = fight(content, [("eirik-de-dale", "forward"), ("grani-barbe-grise", "open")], ["gobelin"] * 5)
    gobelins = [f.combatants[c].id for c in range(2, 7)]
    assert allowed(f, 0, A_ENGAGE, 2) == REASONS["R_OUTNUMBERED"]
    assert allowed(f, 0, A_ASSIGN, 2, flags=4) == REASONS["R_ASSIGN_COUNT"]
    with pytest.raises(RulesError, match="1 to 3"):
        f.apply({"type": "assign", "hero": "eirik-de-dale", "targets": gobelins[:4]}, ScriptedDice({}))
    f.apply({"type": "assign", "hero": "eirik-de-dale", "targets": gobelins[:3]}, ScriptedDice({}))
    assert allowed(f, 1, A_ASSIGN, 2, flags=1) == REASONS["R_TAKEN"]
    with pytest.raises(RulesError, match="already facing another hero"):
        f.apply({"type": "assign", "hero": "grani-barbe-grise", "targets": gobelins[2:4]}, ScriptedDice({}))


def test_resolution_order(content: Content) -> None:
    f = fight(content, [("eirik-de-dale", "defensive"), ("grani-barbe-grise", "forward"),
                        ("maelor-le-rodeur", "open"), ("faelwen-de-lindon", "rearward")],
              ["orc-archer", "orc-soldat", "gobelin"])
    array(f.F, "back")[0, 4] = 1  # the GM keeps the archer back: it engages no one
    array(f.F, "endurance")[0, 6] = 0  # the goblin has fallen (as the kernel's settle would keep it)
    array(f.F, "up")[0, 6] = 0
    f.F.alive[0, 1] -= 1
    f.apply({"type": "fight"}, ScriptedDice({}))
    assert [f.combatants[c].id for c in f.order] == ["grani-barbe-grise", "maelor-le-rodeur", "eirik-de-dale",
                                                     "faelwen-de-lindon", "orc-soldat", "orc-archer"]


def test_tasks_core_or_house_rule_and_per_stance(content: Content) -> None:
    assert {t.id for t in TASKS if t.core} == {"intimider", "rallier", "proteger", "mettre-en-joue"}
    assert len(TASKS) == 16 == CODES["N_TASKS"]
    f = fight(content, [("eirik-de-dale", "defensive")], ["orc-soldat"], tasks={"contre-attaque": False})
    f.apply({"type": "fight"}, ScriptedDice({}))
    k = TASK_IDS.index
    assert allowed(f, 0, A_TASK, task=k("contre-attaque")) == REASONS["R_TASK_OFF"]
    assert allowed(f, 0, A_TASK, task=k("intimider")) == REASONS["R_TASK_STANCE"]
    assert allowed(f, 0, A_TASK, 1, task=k("proteger")) == REASONS["R_TARGET"]  # no companion to protect
    assert allowed(f, 0, A_TASK, task=k("tenir-position")) == 0
    assert allowed(f, 1, A_TASK, task=k("tenir-position")) == REASONS["R_TASK_HERO"]
    with pytest.raises(RulesError, match="switched off"):
        f.apply({"type": "task", "task": "contre-attaque"}, ScriptedDice({}))
    with pytest.raises(RulesError, match="intimider is a task of the forward stance"):
        f.apply({"type": "task", "task": "intimider"}, ScriptedDice({}))
    assert allowed(f, 0, A_TASK, task=k("ceder-terrain")) == 0  # any stance


SKILLS = ("presence", "persuasion", "inspiration", "chant", "discretion", "athletisme", "vigilance", "intuition",
          "inspection", "art-de-la-guerre")


def tasked(content: Content, stance: Stance, task: str, tengwar: int, **event: Any) -> TorFight:
    """Eirik (or the hero asked), 3 in every skill, takes ``task`` with a roll of 10 and ``tengwar`` sixes among
    its three dice (a success whatever the TN)."""
    hero = Combatant.from_content(content, event.pop("hero", "eirik-de-dale"))
    skilled = Combatant(**{**vars(hero), "skills": dict.fromkeys(SKILLS, 3)})
    f = TorFight.start([(skilled, stance, True),
                        *((Combatant.from_content(content, h), "forward", True) for h in ("grani-barbe-grise",
                                                                                          "aldric-de-bree"))],
                       [Combatant.from_content(content, a) for a in ("gobelin", "orc-soldat")], tasks={},
                       volleys=False)
    f.apply({"type": "begin"}, ScriptedDice({}))
    f.apply({"type": "fight"}, ScriptedDice({}))
    while f.current() != 0:
        f.apply({"type": "pass"}, ScriptedDice({}))
    faces = [6] * tengwar + [5] * (3 - tengwar)
    f.apply({"type": "task", "task": task, **event}, ScriptedDice({"task": [10], "task-success": faces}))
    return f


@pytest.mark.parametrize(("tengwar", "attacks", "wound", "ill"), [(0, 1, 0, 0), (1, 2, 0, 0), (2, 1, 1, 0),
                                                                  (3, 1, 1, 1)])
def test_counter_attack_with_zero_to_three_tengwar(content: Content, tengwar: int, attacks: int, wound: int,
                                                   ill: int) -> None:
    f = tasked(content, "defensive", "contre-attaque", tengwar)
    assert (f.value("counter_left", 0), f.value("counter_wound", 0), f.value("counter_ill", 0)) == (attacks, wound,
                                                                                                    ill)


@pytest.mark.parametrize(("task", "stance", "event", "field", "by_tengwar"), [
    ("mettre-en-joue", "rearward", {"hero": "faelwen-de-lindon"}, "next_dice", [1, 2, 3]),
    ("tenir-position", "defensive", {}, "held", [1, 2, 3]),
    ("prendre-avantage", "open", {}, "next_dice", [1, 2, 0]),
])
def test_the_tasks_scale_with_tengwar_as_written(content: Content, task: str, stance: Stance, event: dict[str, Any],
                                                 field: str, by_tengwar: list[int]) -> None:
    for tengwar, expected in enumerate(by_tengwar):
        f = tasked(content, stance, task, tengwar, **event)
        assert f.value(field, 0) == expected, tengwar
    if task == "prendre-avantage":
        assert tasked(content, stance, task, 2).value("lasting_dice", 0) == 2  # to the fight's end with two


def test_protect_and_harass_spend_their_tengwar(content: Content) -> None:
    f = tasked(content, "defensive", "proteger", 2, target="grani-barbe-grise")
    assert (f.value("protected_dice", 1), f.value("protected_left", 1)) == (3, 1)
    f = tasked(content, "defensive", "proteger", 2, target="grani-barbe-grise", more=True)
    assert (f.value("protected_dice", 1), f.value("protected_left", 1)) == (1, 3)
    for tengwar, spread, penalties in ((0, False, (-1, 0)), (1, False, (-2, 0)), (3, False, (-2, 0)),
                                       (1, True, (-1, -1)), (3, True, (-2, -2))):
        f = tasked(content, "rearward", "harceler", tengwar, hero="faelwen-de-lindon", target="gobelin",
                   spread=spread)
        assert (f.value("dice", 3), f.value("dice", 4)) == penalties, (tengwar, spread)


def test_a_failed_task_roll_gives_nothing(content: Content) -> None:
    f = fight(content, [("eirik-de-dale", "defensive")], ["orc-soldat"])
    f.apply({"type": "fight"}, ScriptedDice({}))
    tn = int(f.F.task_tn[0, TASK_IDS.index("contre-attaque")])
    records = f.apply({"type": "task", "task": "contre-attaque"},
                      ScriptedDice({"task": [1], "task-success": [6, 6, 1, 1, 1, 1][:f.F.skill[0, 8]]}))
    task = next(r for r in records if r.get("kind") == "task")
    assert task["total"] < tn
    assert not task["success"] and f.value("counter_left", 0) == 0  # the tengwar of a failure count nothing
