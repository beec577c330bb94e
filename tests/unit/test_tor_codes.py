"""The One Ring kernel's constants and codes are read from the kernel (``py_codes``), not kept by hand: each table
of codes has distinct values, Python's names agree with the kernel's numbering, every reason a refusal can give has
its words in both languages, and the interpreted twin exports the same codes."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from estoc.content.loader import read_yaml
from estoc.content.registry import Content
from estoc.engine.compiled import load_twin
from estoc.i18n import set_language
from estoc.systems.tor import codes, fight, names, refusals, sim, worlds
from estoc.systems.tor.encounter import SETUP_PATH, load_tor_encounter
from estoc.systems.tor.fight import TorFight
from estoc.systems.tor.worlds import KERNEL_NAME, copy_fights

TABLES = ("P_", "PH_", "T_", "S_", "G_", "A_", "F_", "H_", "AIM_", "L_", "OUT_", "R_")


@pytest.mark.parametrize("prefix", TABLES)
def test_each_table_of_codes_has_distinct_values(prefix: str) -> None:
    table = {n: v for n, v in codes.table(prefix).items() if n != "N_TASKS"}
    assert table, prefix
    assert len(set(table.values())) == len(table), table


def test_the_twin_exports_the_same_codes() -> None:
    assert load_twin(KERNEL_NAME).py_codes() == worlds.kernel().py_codes() == codes.CODES


def test_the_kernels_tuples_are_pythons_names() -> None:
    K = worlds.kernel()
    assert tuple(K.STANCES) == names.STANCES
    assert [codes.CODES[n] for n in ("FORWARD", "OPEN", "DEFENSIVE", "REARWARD")] == [0, 1, 2, 3]
    assert tuple(K.SPECIALS) == names.SPECIALS
    assert [codes.CODES["S_" + s.upper()] for s in names.SPECIALS] == list(range(len(names.SPECIALS)))
    assert tuple(K.PHASES) == fight.PHASES
    assert [codes.CODES["PH_" + p.upper()] for p in fight.PHASES] == list(range(len(fight.PHASES)))
    assert [codes.CODES["H_" + h.upper()] for h in names.HOPE_USES] == list(range(len(names.HOPE_USES)))
    assert [codes.CODES["AIM_" + a.upper()] for a in names.AIMS] == list(range(len(names.AIMS)))


def test_the_task_table_is_the_kernels() -> None:
    K = worlds.kernel()
    assert len(names.TASKS) == codes.CODES["N_TASKS"] == len(codes.table("T_"))
    by_code = sorted(codes.table("T_").items(), key=lambda item: item[1])
    assert [v for _n, v in by_code] == list(range(len(names.TASKS)))
    stances = {-1: "other", **dict(enumerate(names.STANCES))}
    for k, t in enumerate(names.TASKS):
        assert stances[int(K.py_task_stance(k))] == t.stance, t.id
        assert bool(K.py_is_secondary(k)) == (t.action == "secondary"), t.id
    # The kernel's names of a few, by meaning (the order alone would hide a swap of two of the same stance).
    for kernel_name, task_id in (("T_INTIMIDATE", "intimider"), ("T_COUNTER", "contre-attaque"),
                                 ("T_YIELD", "ceder-terrain"), ("T_REDUCE", "reduire-charge"),
                                 ("T_SKIRMISH", "escarmouche"), ("T_CANCEL", "annuler-complication")):
        assert names.TASK_IDS[codes.CODES[kernel_name]] == task_id


def test_every_reason_has_its_words_in_both_languages() -> None:
    assert set(refusals.MESSAGES) == {n for n in codes.REASONS if n != "R_OK"}
    said: dict[str, dict[str, str]] = {}
    for language in ("en", "fr"):
        set_language(language)
        try:
            said[language] = {name: refusals.refusal(code, who="x").message for name, code in codes.REASONS.items()
                              if name != "R_OK"}
        finally:
            set_language("en")
    for name, english in said["en"].items():
        assert english and "{" not in english, name
        assert said["fr"][name] != english, name  # translated through the catalog


def test_python_reads_the_kernels_values() -> None:
    assert (codes.EYE, codes.RUNE, codes.PIERCING_FEAT, codes.FEND_OFF_CAP) == (11, 12, 10, 10)
    assert codes.CODES["SLOT_STRIDE"] == worlds.SLOT_STRIDE
    assert {s: codes.CODES["S_" + s.upper()] for s in names.SPECIALS} == fight.SPECIAL_CODES


def test_allowed_is_the_same_in_the_twin_and_the_policy_only_takes_what_it_allows(content: Content) -> None:
    """The ford played by the policy at the table: at each turn, every action of every kind on every target is judged
    the same by the compiled kernel and its twin, and the action the policy chose is allowed."""
    ford = load_tor_encounter(read_yaml(Path(sim.__file__).parents[2] / "play" / "samples" / "gue.yaml"), SETUP_PATH,
                              content)
    fight = TorFight.start([(h, s, True) for _c, h, s in ford.heroes], [a for _c, a in ford.adversaries],
                           tasks=ford.tasks, volleys=False, load=ford.load, complications=ford.complications,
                           plans=ford.plans, fatal=ford.fatal)
    dice = sim.WorldDice(np.random.SeedSequence(4), 0)
    fight.apply({"type": "begin"}, dice)
    twin = load_twin(KERNEL_NAME)
    K = fight.K
    count, checked = len(fight.combatants), 0
    while not fight.is_over() and fight.round <= 3:
        c = fight.current()
        if c is not None:
            decision = tuple(int(x) for x in K.py_decide(fight.F, 0, c))
            assert int(K.py_allowed(fight.F, 0, c, decision[0], *decision[1:7], bool(decision[7]))) == 0, decision
            G = copy_fights(fight.F)
            for kind in codes.table("A_").values():
                for target in range(-1, count):
                    for k in range(codes.CODES["N_TASKS"]) if kind == codes.A_TASK else (0,):
                        args = (c, kind, target, 0 if k == 2 else -1, k, codes.S_AUTO, 0, 1, False)
                        assert int(K.py_allowed(fight.F, 0, *args)) == int(twin.py_allowed(G, 0, *args)), args
                        checked += 1
        fight.apply(fight.auto_event(), dice)
    assert checked > 1000


def test_the_tasks_follow_the_contents_ids() -> None:
    """A hero's file names its tasks by the content's ids; the rules describe each in the same order."""
    from estoc.content.models.tor import TASK_IDS
    from estoc.systems.tor.names import TASKS

    assert tuple(t.id for t in TASKS) == TASK_IDS


def test_the_feat_dies_faces_are_the_kernels() -> None:
    """The dice's own names of the feat die's two special faces (the NumPy rolls) are the kernel's."""
    from estoc.dice import tor as tor_dice
    from estoc.systems.tor import codes

    assert (tor_dice.EYE, tor_dice.RUNE) == (codes.EYE, codes.RUNE)
