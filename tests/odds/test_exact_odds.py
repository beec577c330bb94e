"""Exact odds against a brute-force enumeration, against icepool, and against the simulator (within 4σ); and nothing
left out: fumble, miss and hit sum to exactly 1 whatever the exchange."""

from __future__ import annotations

import json
from fractions import Fraction
from functools import cache
from typing import Any

import icepool
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from estoc.cli import main
from estoc.errors import InputError
from estoc.odds.attack import ExchangeOdds, ExchangeSpec, exchange_odds, fold_point
from estoc.odds.jsl import MAX_DICE, dice_needed, open_ended_at_least, open_ended_distribution
from estoc.systems.harp.attack import AttackSettings
from estoc.systems.harp.codes import codes
from estoc.systems.harp.conditions import stun_difficulty
from estoc.systems.harp.tables import SEVERITY_LETTERS, SIZE_INDEX, HarpTables, shipped_tables
from estoc.systems.harp.worlds import Settings, array, kernel_of
from estoc.systems.harp.worlds import build as build_worlds
from harp_kernel_helpers import fighter, keyed_worlds

BEYOND = ("cap", "uncapped", "second-attack")
SIZES = {index: name for name, index in SIZE_INDEX.items()}


def spec_for(tables: HarpTables, table: str, ob: int, defence: int, armour: int, size: str = "medium",
             fumble: int = 3, **extra: object) -> ExchangeSpec:
    t = tables.attack.index(table)
    return ExchangeSpec(ob=ob, defence=defence, table=t, armour_type=armour, size=SIZE_INDEX[size], fumble=fumble,
                        critical=int(tables.attack.critical[t]), **extra)  # type: ignore[arg-type]


CASES = [
    ("lames-1m", 80, 45, 8, "medium", 3, {}),
    ("masses-2m", 20, 60, 10, "large", 5, {"target_hp": 40, "body_rr": 30}),
    ("griffes", 110, 30, 3, "large", 2, {"crit_reduction": 1, "extra_table": "tueur"}),
    ("arcs", 0, 0, 1, "small", 4, {"hits_factor": 2, "extra_table": "poison"}),
]


def build(tables: HarpTables, case: tuple[object, ...]) -> ExchangeSpec:
    table, ob, defence, armour, size, fumble, extra = case
    assert isinstance(extra, dict)
    options = dict(extra)
    if "extra_table" in options:
        options["extra_table"] = tables.critical.index(str(options["extra_table"]))
    return spec_for(tables, str(table), int(ob), int(defence), int(armour), str(size), int(fumble),  # type: ignore[arg-type]
                    **options)


@cache
def icepool_at_least(value: int) -> Fraction:
    """P(JSL ≥ value) from icepool, exploding deep enough that its cut (it keeps the last chains' totals, all of
    them larger than ``value``) cannot matter."""
    die = icepool.d100.explode([96, 97, 98, 99, 100], depth=max(value, 0) // 96 + 1)
    return sum((Fraction(int(q), int(die.denominator())) for t, q in die.items() if int(t) >= value), Fraction(0))


def brute_force(tables: HarpTables, spec: ExchangeSpec, beyond: str, dice: int) -> dict[str, Any]:
    """Every chain of faces to ``dice`` dice (a chain still open at the last die kept at its total, as icepool
    does) and every critical roll, one by one, read by the rules restated plainly: the slow, obvious twin. With
    ``dice`` past the fold point, whatever the cut chains would roll next cannot change what they read."""
    out: dict[str, Fraction] = {"fumble": Fraction(0), "miss": Fraction(0), "hit": Fraction(0),
                                "bleeding": Fraction(0), "stunned": Fraction(0)}
    severity = dict.fromkeys("ABCDE", Fraction(0))
    hits: dict[int, Fraction] = {}
    rows = tables.attack.hits.shape[1] - 1
    limit = int(tables.attack.limits[spec.table, spec.size])

    def cells(row: int) -> tuple[int, int]:
        return (int(tables.attack.hits[spec.table, row, spec.armour_type - 1]),
                int(tables.attack.severity[spec.table, row, spec.armour_type - 1]))

    # The chains, grouped by what they read: (row, second row) for a hit.
    reads: dict[tuple[int, int], Fraction] = {}
    frontier = [(f, f, f, Fraction(1, 100)) for f in range(1, 101)]  # (first, total, last face, probability)
    for level in range(dice):
        nxt = []
        for first, total, last, p in frontier:
            if last >= 96 and level < dice - 1:
                nxt += [(first, total + g, g, p / 100) for g in range(1, 101)]
                continue
            if first <= spec.fumble:
                out["fumble"] += p
                continue
            result = total + spec.ob - spec.defence
            if result < 1:
                out["miss"] += p
                continue
            cap = rows if (beyond == "uncapped" and first >= 96) else limit
            second = 0
            if beyond == "second-attack" and first >= 96 and result > limit:
                second = min(result - limit, limit)
            key = (min(result, cap, rows), second)
            reads[key] = reads.get(key, Fraction(0)) + p
        frontier = nxt
    slaying = spec.extra_table >= 0 and bool(tables.critical.slaying[spec.extra_table])
    effects = tables.critical.effects.values.tolist()  # plain lists: quick to index one by one
    for (row, second), w in reads.items():
        out["hit"] += w
        table_hits, tsev = cells(row)
        # The second attack's hits count; its own critical is left out of the exact odds, as documented there.
        table_hits = (table_hits + (cells(second)[0] if second else 0)) * spec.hits_factor
        sev = max(tsev - spec.crit_reduction, 0)
        if sev:
            severity["ABCDE"[sev - 1]] += w
        esev = 0
        if spec.extra_table >= 0 and tsev:
            base = spec.extra_severity or tsev
            esev = base if slaying else (max(base - spec.crit_reduction, 0) if sev else 0)
        # Count the critical rolls' outcomes (integers), then weigh them once.
        by_hits: dict[int, int] = {}
        by_stun: dict[int, int] = {}
        bleeding = 0
        for c in range(1, 101):
            for e in range(1, 101) if esev else (None,):
                crit = effects[spec.critical][c][sev - 1] if sev else None
                extra = effects[spec.extra_table][e][esev - 1] if esev else None
                h, stun, bleed = table_hits, 0, 0
                for eff in (crit, extra):
                    if eff is not None:
                        h += int(eff[0])
                        stun += int(eff[2])
                        bleed += int(eff[3])
                by_hits[h] = by_hits.get(h, 0) + 1
                by_stun[stun] = by_stun.get(stun, 0) + 1
                bleeding += bool(bleed)
        each = w / 10_000 if esev else w / 100
        for h, n in by_hits.items():
            hits[h] = hits.get(h, Fraction(0)) + each * n
        out["bleeding"] += each * bleeding
        for stun, n in by_stun.items():
            if stun and not spec.stun_immune:
                out["stunned"] += each * n * (1 - icepool_at_least(int(stun_difficulty(stun)) - spec.body_rr))
    return {**out, "severity": severity, "hits": hits}


@pytest.mark.parametrize("beyond", BEYOND)
@pytest.mark.parametrize("case", CASES[:2], ids=lambda c: str(c[0]))
def test_equal_to_brute_force(tables: HarpTables, case: tuple[object, ...], beyond: str) -> None:
    spec = build(tables, case)
    exact = exchange_odds(tables, spec, AttackSettings(beyond_limit=beyond))  # type: ignore[arg-type]
    # One die more than the fold needs: the chains it cuts are the ones the fold counted whole.
    slow = brute_force(tables, spec, beyond, exact.depth + 1)
    assert exact.fumble == slow["fumble"] and exact.miss == slow["miss"] and exact.hit == slow["hit"]
    assert exact.severity == slow["severity"]
    assert exact.hits == {h: p for h, p in slow["hits"].items() if p}
    assert exact.bleeding == slow["bleeding"] and exact.stunned == slow["stunned"]
    assert exact.fumble + exact.miss + exact.hit == 1


def test_equal_to_brute_force_with_an_additional_critical(tables: HarpTables) -> None:
    spec = build(tables, CASES[2])
    exact = exchange_odds(tables, spec)
    slow = brute_force(tables, spec, "cap", exact.depth + 1)
    assert exact.hit == slow["hit"] and exact.severity == slow["severity"]
    assert exact.hits == {h: p for h, p in slow["hits"].items() if p}
    assert exact.bleeding == slow["bleeding"] and exact.stunned == slow["stunned"]


def test_the_fold_point(tables: HarpTables) -> None:
    # lames-1m, medium: a limit of 120 over 150 rows; OB 20 against 100 needs a roll of 200 to read row 120.
    spec = spec_for(tables, "lames-1m", 20, 100, 1)
    assert int(tables.attack.limits[spec.table, spec.size]) == 120
    assert fold_point(tables, spec) == 200 and dice_needed(200) == 3
    assert fold_point(tables, spec, AttackSettings(beyond_limit="uncapped")) == 230
    assert fold_point(tables, spec, AttackSettings(beyond_limit="second-attack")) == 320
    # Never below 96: a total counted at the fold is still known to be open-ended.
    assert fold_point(tables, spec_for(tables, "lames-1m", 200, 0, 1)) == 96


def test_open_ended_distribution_equals_icepool() -> None:
    for ceiling in (1, 60, 96, 150, 192, 300, 500, 700):
        ours = open_ended_distribution(ceiling)
        assert int(ours.weights.sum()) == ours.denominator
        # icepool cut one die later keeps its longest chains at their totals, all past the ceiling.
        die = icepool.d100.explode([96, 97, 98, 99, 100], depth=ours.dice)
        theirs: dict[int, Fraction] = {}
        for outcome, q in die.items():
            key = min(int(outcome), ceiling)
            theirs[key] = theirs.get(key, Fraction(0)) + Fraction(int(q), int(die.denominator()))
        mine = {int(t): Fraction(int(w), ours.denominator) for t, w in zip(ours.totals, ours.weights, strict=True)}
        assert mine == theirs, ceiling
        assert ours.weights.dtype == (np.int64 if ours.dice <= 6 else object)
    for first_above in (0, 3, 95, 97, 100):
        part = open_ended_distribution(250, first_above=first_above)
        assert int(part.weights.sum()) * 100 == part.denominator * (100 - first_above)


def test_resistance_roll_equals_icepool() -> None:
    for value in (-20, 0, 1, 2, 95, 96, 97, 100, 101, 150, 191, 192, 193, 290, 400):
        assert open_ended_at_least(value) == icepool_at_least(value), value


def test_too_deep_is_refused(tables: HarpTables) -> None:
    with pytest.raises(InputError):
        open_ended_distribution(96 * MAX_DICE + 1)
    with pytest.raises(InputError):
        open_ended_at_least(96 * MAX_DICE + 1)
    with pytest.raises(InputError):
        exchange_odds(tables, spec_for(tables, "lames-1m", 0, 96 * MAX_DICE, 1))


def check_whole(odds: ExchangeOdds) -> None:
    """Everything that can happen is counted once: the outcomes sum to 1, the hits to the chance to hit."""
    assert odds.fumble + odds.miss + odds.hit == 1
    assert sum(odds.hits.values(), Fraction(0)) == odds.hit
    assert sum(odds.severity.values(), Fraction(0)) <= odds.hit
    dying = odds.death_now + sum(odds.death_in.values(), Fraction(0))
    for p in (odds.fumble, odds.miss, odds.hit, odds.stunned, odds.bleeding, odds.must_parry, odds.no_parry,
              dying, *odds.hits.values(), *odds.severity.values()):
        assert 0 <= p <= 1
    for p in (odds.stunned, odds.bleeding, odds.must_parry, odds.no_parry, dying):
        assert p <= odds.hit
    if odds.down_now is not None:
        assert 0 <= odds.down_now <= odds.hit


SHIPPED = shipped_tables()


@settings(max_examples=60, deadline=None)
@given(table=st.integers(0, len(SHIPPED.attack.ids) - 1), armour=st.integers(1, 10),
       size=st.integers(0, len(SIZE_INDEX) - 1), ob=st.integers(-100, 300), defence=st.integers(-50, 400),
       fumble=st.integers(0, 100), beyond=st.sampled_from(BEYOND), crit_reduction=st.integers(0, 2),
       extra=st.integers(-1, SHIPPED.critical.effects.values.shape[0] - 1), extra_severity=st.integers(0, 5),
       hits_factor=st.integers(1, 3), target_hp=st.none() | st.integers(1, 200), body_rr=st.integers(-50, 150),
       stun_immune=st.booleans())
def test_outcomes_sum_to_exactly_one(table: int, armour: int, size: int, ob: int, defence: int, fumble: int,
                                     beyond: str, crit_reduction: int, extra: int, extra_severity: int,
                                     hits_factor: int, target_hp: int | None, body_rr: int,
                                     stun_immune: bool) -> None:
    spec = ExchangeSpec(ob=ob, defence=defence, table=table, armour_type=armour, size=size, fumble=fumble,
                        critical=int(SHIPPED.attack.critical[table]), extra_table=extra,
                        extra_severity=extra_severity if extra >= 0 else 0, crit_reduction=crit_reduction,
                        hits_factor=hits_factor, target_hp=target_hp, body_rr=body_rr, stun_immune=stun_immune)
    check_whole(exchange_odds(SHIPPED, spec, AttackSettings(beyond_limit=beyond)))  # type: ignore[arg-type]


@pytest.mark.parametrize("beyond", BEYOND)
def test_every_shipped_table_and_armour_sums_to_one(tables: HarpTables, beyond: str) -> None:
    for table in range(len(tables.attack.ids)):
        for armour in range(1, 11):
            for ob, defence, size in ((120, 10, 3), (10, 180, armour % 4)):
                spec = ExchangeSpec(ob=ob, defence=defence, table=table, armour_type=armour, size=size, fumble=3,
                                    critical=int(tables.attack.critical[table]), target_hp=60, body_rr=10)
                check_whole(exchange_odds(tables, spec, AttackSettings(beyond_limit=beyond)))  # type: ignore[arg-type]


SIMULATED = [*((case, "cap") for case in CASES), (("masses-2m", 150, 20, 4, "small", 3, {}), "uncapped")]


def kernel_exchanges(tables: HarpTables, spec: ExchangeSpec, beyond: str, worlds: int, seed: int
                     ) -> dict[str, np.typing.NDArray[Any]]:
    """``worlds`` single exchanges of ``spec`` played by the kernel's strike (each world on its own keyed dice),
    read from its log and from the target's state."""
    crit_ids = tables.critical.ids
    attacker = fighter("a", ob=spec.ob, table=tables.attack.ids[spec.table], size=SIZES[spec.size],
                       fumble=spec.fumble, critical=crit_ids[spec.critical],
                       additional=crit_ids[spec.extra_table] if spec.extra_table >= 0 else None,
                       additional_severity=SEVERITY_LETTERS[spec.extra_severity] or None,
                       devastating=spec.hits_factor == 2)
    target = fighter("b", hp=spec.target_hp or 1000, db=spec.defence, armour_type=spec.armour_type,
                     body_rr=spec.body_rr, crit_reduction=spec.crit_reduction, stun_immune=spec.stun_immune)
    F = build_worlds(tables, [attacker, target], [0, 1], worlds, settings=Settings(beyond_limit=beyond))
    keyed_worlds(F, seed)
    F.rnd[:] = 1
    F.logging = 1
    K = kernel_of(F)
    fumble, hit = np.zeros(worlds, np.bool_), np.zeros(worlds, np.bool_)
    severity = np.zeros(worlds, np.int64)
    for start in range(0, worlds, 25_000):
        for w in range(start, min(start + 25_000, worlds)):
            K.py_strike(F, w, 0, 1, 0, 0)
        w = start - 1
        logs = codes()["logs"]  # the kernel's row kinds
        for row in F.log:  # the kernel's rows (see told.py): one STRIKE, then its RESULT and CRITs
            if row[0] == logs["strike"]:
                w += 1
            elif row[0] == logs["result"]:
                fumble[w], hit[w] = row[2], row[6]
            elif row[0] == logs["crit"] and row[1] == 0:
                severity[w] = row[3]
        F.log = []
    state = {name: array(F, name)[:, 1] for name in ("taken", "bleed", "dead", "dying_round", "stun_until")}
    return {"fumble": fumble, "hit": hit, "severity": severity, "hits": state["taken"],
            "bleeding": state["bleed"] > 0, "death": (state["dead"] > 0) | (state["dying_round"] > 0),
            "stunned": state["stun_until"] > 0}


@pytest.mark.parametrize(("case", "beyond"), SIMULATED, ids=lambda c: str(c[0]) if isinstance(c, tuple) else c)
def test_kernel_agrees_within_4_sigma(tables: HarpTables, case: tuple[object, ...], beyond: str) -> None:
    """The kernel's strike, the one that play and simulation run, against the exact odds (Monte Carlo)."""
    spec = build(tables, case)
    exact = exchange_odds(tables, spec, AttackSettings(beyond_limit=beyond))  # type: ignore[arg-type]
    worlds = 400_000
    out = kernel_exchanges(tables, spec, beyond, worlds, sum(map(ord, str(case[0]) + beyond)))

    def close(sample: np.typing.NDArray[np.bool_], p: Fraction) -> None:
        q = float(p)
        sigma = max((q * (1 - q) / worlds) ** 0.5, 1e-7)
        assert abs(float(sample.mean()) - q) <= 4 * sigma

    close(out["fumble"], exact.fumble)
    close(out["hit"], exact.hit)
    for i, letter in enumerate("ABCDE", start=1):
        close(out["severity"] == i, exact.severity[letter])
    close(out["bleeding"], exact.bleeding)
    close(out["stunned"], exact.stunned)
    close(out["death"], exact.death_now + sum(exact.death_in.values(), Fraction(0)))
    hits = out["hits"].astype(np.float64)
    spread = float(hits.std()) / worlds ** 0.5
    assert abs(float(hits.mean()) - float(exact.mean_hits())) <= 4 * spread + 1e-3


def test_odds_command(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["odds", "attack", "--attacker", "dafur", "--defender", "orque", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and {"fumble", "miss", "hit", "hits", "severity", "stunned"} <= set(data)
    assert "tail" not in data
    assert sum((Fraction(data["exact"][k]) for k in ("fumble", "miss", "hit")), Fraction(0)) == 1
    code = main(["odds", "attack", "--weapon", "epee", "--ob", "0", "--db", "400", "--beyond-limit",
                 "second-attack", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and sum((Fraction(data["exact"][k]) for k in ("fumble", "miss", "hit")), Fraction(0)) == 1
    code = main(["--lang", "fr", "odds", "attack", "--weapon", "hache", "--ob", "80", "--db", "45"])
    out = capsys.readouterr().out
    assert code == 0 and "Maladresse" in out
    for bad in (["odds", "attack"], ["odds", "attack", "--weapon", "epee", "--depth", "4"],
                ["odds", "attack", "--weapon", "epee", "--db", "5000"],
                ["odds", "attack", "--weapon", "epee", "--armor-type", "11"]):
        assert main(bad) == 2
        assert "estoc: " in capsys.readouterr().err


@pytest.mark.parametrize("beyond", BEYOND)
def test_the_odds_read_results_with_the_kernels_one_rule_in_both_forms(tables: HarpTables, beyond: str) -> None:
    # The exact odds read every result through the kernel's read_result (the function its strike uses): the
    # compiled kernel and its interpreted twin read every result of every table, size and armour alike.
    from estoc.engine.compiled import load_twin
    from estoc.systems.harp.worlds import KERNEL_NAME, table_reader

    compiled = table_reader(tables, beyond)
    twin = table_reader(tables, beyond, kernel_module=load_twin(KERNEL_NAME))
    Kc, Kt = kernel_of(compiled), kernel_of(twin)
    assert Kc is not Kt
    extra = tables.critical.index("tueur") if "tueur" in tables.critical.ids else -1
    for table in range(len(tables.attack.ids)):
        for size in range(tables.attack.limits.shape[1]):
            for result in (1, 37, 95, 150, 260):
                args = (table, size, 1 + (result % 10), 1 + (size == 3), size // 2, extra, 0, result, result > 100)
                read = Kc.py_read_result(compiled, *args)
                assert read == Kt.py_read_result(twin, *args)
                assert read[0] <= read[7] and read[2] <= 5 and read[1] >= 0


@pytest.mark.parametrize("case", CASES, ids=[str(c[0]) for c in CASES])
def test_knocked_down(tables: HarpTables, case: tuple[object, ...]) -> None:
    """« Bélier et Poussée »: where a critical throws the target down (``knocks``), every critical does: the chance is
    that of a critical at all; otherwise only a critical whose effects knock down does."""
    spec = build(tables, case)
    plain = exchange_odds(tables, spec, AttackSettings())
    knocking = exchange_odds(tables, ExchangeSpec(**{**spec.__dict__, "knocks": True}), AttackSettings())
    some_critical = sum(plain.severity.values(), Fraction(0))
    assert knocking.knocked_down >= some_critical and plain.knocked_down <= knocking.knocked_down
    assert plain.knocked_down <= some_critical + (1 if spec.extra_table >= 0 else 0) * plain.hit
    if spec.extra_table < 0:
        assert knocking.knocked_down == some_critical
    assert knocking.as_dict()["knocked_down"] == float(knocking.knocked_down)


def test_a_charge_on_a_knocking_table_reads_knocked_in_the_fight(tables: HarpTables) -> None:
    """The kernel says whether a blow's critical would throw its target down, by the rule it applies when it
    strikes: a boar's charge (« Bélier et Poussée ») on a dwarf, not a dwarf's axe on the boar."""
    from estoc.content.registry import load_content
    from estoc.play.harp import HarpPlay
    from estoc.systems.harp.fight import HarpFight

    content = load_content(use_env=False)
    setup = {"schema_version": 1, "system": "harp", "kind": "encounter", "name": {"fr": "essai", "en": "trial"},
             "sides": [{"id": "nain", "members": [{"hero": "dafur"}]},
                       {"id": "betes", "members": [{"creature": "sanglier"}]}]}
    fight = HarpPlay(content, tables).new_fight({"encounter": setup, "seed": 1})
    assert isinstance(fight, HarpFight)
    dafur, boar = fight.index("dafur"), fight.index("sanglier")
    charge = next(i for i, s in enumerate(fight.combatants[boar].strikes)
                  if tables.attack.knocks_down[tables.attack.index(s.table)])
    assert fight.exchange_numbers(boar, dafur, charge)[4]
    assert not fight.exchange_numbers(dafur, boar, 0)[4]


def test_odds_command_tells_a_charge_knocks_down(capsys: pytest.CaptureFixture[str]) -> None:
    """A boar's charge (« Bélier et Poussée ») throws the dwarf down with any critical; its tusks do only when a
    critical's effects say so."""
    main(["odds", "attack", "--attacker", "sanglier", "--defender", "dafur", "--strike", "2", "--json"])
    charge = json.loads(capsys.readouterr().out)
    main(["odds", "attack", "--attacker", "sanglier", "--defender", "dafur", "--strike", "1", "--json"])
    tusks = json.loads(capsys.readouterr().out)
    assert charge["knocked_down"] == pytest.approx(sum(charge["severity"].values()))
    assert charge["knocked_down"] > tusks["knocked_down"]
