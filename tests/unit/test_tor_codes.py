"""The One Ring kernel's constants and codes are read from the kernel (``py_codes``), not kept by hand: each table
of codes has distinct values, Python's names agree with the kernel's numbering, every reason a refusal can give has
its words in both languages, and the interpreted twin exports the same codes."""

from __future__ import annotations

import pytest

from estoc.engine.compiled import load_twin
from estoc.i18n import set_language
from estoc.systems.tor import codes, fight, names, refusals, worlds
from estoc.systems.tor.worlds import KERNEL_NAME

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
