"""Exact odds against a brute-force enumeration, against icepool, and against the simulator (within 4σ)."""

from __future__ import annotations

import json
from fractions import Fraction

import icepool
import numpy as np
import pytest

from estoc.cli import main
from estoc.dice import SeededDice
from estoc.odds.attack import ExchangeSpec, exchange_odds
from estoc.odds.jsl import open_ended_distribution
from estoc.systems.harp.attack import AttackInputs, resolve_attack
from estoc.systems.harp.conditions import stun_difficulty
from estoc.systems.harp.tables import NO_DEATH, SIZE_INDEX, HarpTables


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


def brute_force(tables: HarpTables, spec: ExchangeSpec, depth: int) -> dict[str, object]:
    """Every chain of faces to ``depth`` dice and every critical roll, one by one: the slow, obvious twin."""
    denominator = 100 ** depth * 100 * 100
    out: dict[str, Fraction] = {"fumble": Fraction(0), "miss": Fraction(0), "hit": Fraction(0),
                                "bleeding": Fraction(0), "stunned": Fraction(0)}
    severity = dict.fromkeys("ABCDE", Fraction(0))
    hits: dict[int, Fraction] = {}
    rr = open_ended_distribution(depth)

    results: list[tuple[int, int, int]] = []
    # Explicit enumeration: depth levels of faces.
    frontier = [(f, f, f, 100 ** (depth - 1)) for f in range(1, 101)]  # (first, total, last face, weight)
    for level in range(depth):
        nxt = []
        for first, total, last, weight in frontier:
            if last >= 96 and level < depth - 1:
                for g in range(1, 101):
                    nxt.append((first, total + g, g, weight // 100))
            elif last < 96:
                results.append((first, total, weight))
        frontier = nxt
    rows = tables.attack.hits.shape[1] - 1
    limit = int(tables.attack.limits[spec.table, spec.size])
    slaying = spec.extra_table >= 0 and bool(tables.critical.slaying[spec.extra_table])
    for first, total, weight in results:
        w = Fraction(weight * 100 * 100, denominator)
        if first <= spec.fumble:
            out["fumble"] += w
            continue
        result = total + spec.ob - spec.defence
        if result < 1:
            out["miss"] += w
            continue
        out["hit"] += w
        row = min(result, limit, rows)
        table_hits = int(tables.attack.hits[spec.table, row, spec.armour_type - 1]) * spec.hits_factor
        tsev = int(tables.attack.severity[spec.table, row, spec.armour_type - 1])
        sev = max(tsev - spec.crit_reduction, 0)
        if sev:
            severity["ABCDE"[sev - 1]] += w
        esev = 0
        if spec.extra_table >= 0 and tsev:
            base = spec.extra_severity or tsev
            esev = base if slaying else (max(base - spec.crit_reduction, 0) if sev else 0)
        for c in range(1, 101):
            for e in range(1, 101):
                ww = w / 10_000
                crit = tables.critical.effects.values[spec.critical, c, sev - 1] if sev else None
                extra = tables.critical.effects.values[spec.extra_table, e, esev - 1] if esev else None
                h, stun, bleed = table_hits, 0, 0
                for eff in (crit, extra):
                    if eff is not None:
                        h += int(eff[0])
                        stun += int(eff[2])
                        bleed += int(eff[3])
                hits[h] = hits.get(h, Fraction(0)) + ww
                if bleed:
                    out["bleeding"] += ww
                if stun and not spec.stun_immune:
                    out["stunned"] += ww * (1 - rr.at_least(int(stun_difficulty(stun)) - spec.body_rr))
    return {**out, "severity": severity, "hits": hits}


@pytest.mark.parametrize("case", CASES[:2], ids=lambda c: str(c[0]))
def test_equal_to_brute_force(tables: HarpTables, case: tuple[object, ...]) -> None:
    spec = build(tables, case)
    exact = exchange_odds(tables, spec, depth=2)
    slow = brute_force(tables, spec, depth=2)
    assert exact.fumble == slow["fumble"] and exact.miss == slow["miss"] and exact.hit == slow["hit"]
    assert exact.severity == slow["severity"]
    assert exact.hits == {h: p for h, p in slow["hits"].items() if p}  # type: ignore[union-attr]
    assert exact.bleeding == slow["bleeding"] and exact.stunned == slow["stunned"]
    assert exact.fumble + exact.miss + exact.hit + exact.tail == 1


def test_open_ended_distribution_equals_icepool() -> None:
    ours = open_ended_distribution(2)
    die = icepool.d100.explode([96, 97, 98, 99, 100], depth=1)
    theirs = {int(outcome): Fraction(int(q), int(die.denominator())) for outcome, q in die.items()}
    # icepool stops exploding at its depth and keeps those chains (totals of 192 and more) where we report them
    # apart as the tail: below 192 the two agree total by total, above it they differ by the tail exactly.
    mine = {t: Fraction(w, ours.denominator) for t, w in zip(ours.totals.tolist(), ours.weights.tolist(),
                                                               strict=True)}
    for total, p in theirs.items():
        if total < 192:
            assert mine.get(total, Fraction(0)) == p
    high_theirs = sum((p for t, p in theirs.items() if t >= 192), Fraction(0))
    high_mine = sum((p for t, p in mine.items() if t >= 192), Fraction(0))
    assert high_theirs == high_mine + Fraction(ours.tail, ours.denominator)


@pytest.mark.parametrize("case", CASES, ids=lambda c: str(c[0]))
def test_simulator_agrees_within_4_sigma(tables: HarpTables, case: tuple[object, ...]) -> None:
    spec = build(tables, case)
    exact = exchange_odds(tables, spec)
    worlds = 1_000_000
    inputs = AttackInputs.broadcast(worlds, ob=spec.ob, defence=spec.defence, table=spec.table,
                                    armour_type=spec.armour_type, size=spec.size, fumble=spec.fumble,
                                    critical=spec.critical, extra_table=spec.extra_table,
                                    extra_severity=spec.extra_severity, crit_reduction=spec.crit_reduction,
                                    hits_factor=spec.hits_factor)
    out = resolve_attack(SeededDice(hash(case[0]) % 2**32), tables, inputs)
    worlds_hit, effects = out.effects()
    bleed = np.zeros(worlds, dtype=np.bool_)
    bleed[worlds_hit] = effects.bleed > 0
    death = np.zeros(worlds, dtype=np.bool_)
    death[worlds_hit] = effects.death != NO_DEATH

    def close(sample: np.typing.NDArray[np.bool_], p: Fraction) -> None:
        q = float(p)
        sigma = max((q * (1 - q) / worlds) ** 0.5, 1e-7)
        assert abs(float(sample.mean()) - q) <= 4 * sigma + float(exact.tail)

    close(out.fumble, exact.fumble)
    close(out.hit, exact.hit)
    for i, letter in enumerate("ABCDE", start=1):
        close(out.severity == i, exact.severity[letter])
    close(bleed, exact.bleeding)
    close(death, exact.death_now + sum(exact.death_in.values(), Fraction(0)))
    mean = float(out.total_hits().mean())
    spread = float(out.total_hits().std()) / worlds ** 0.5
    assert abs(mean - float(exact.mean_hits())) <= 4 * spread + 1e-3


def test_odds_command(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["odds", "attack", "--attacker", "dafur", "--defender", "orque", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and {"fumble", "miss", "hit", "hits", "severity", "stunned", "tail"} <= set(data)
    assert abs(data["fumble"] + data["miss"] + data["hit"] + data["tail"] - 1) < 1e-12
    code = main(["--lang", "fr", "odds", "attack", "--weapon", "hache", "--ob", "80", "--db", "45"])
    out = capsys.readouterr().out
    assert code == 0 and "Maladresse" in out
    for bad in (["odds", "attack"], ["odds", "attack", "--weapon", "epee", "--depth", "9"],
                ["odds", "attack", "--weapon", "epee", "--armor-type", "11"]):
        assert main(bad) == 2
        assert "estoc: " in capsys.readouterr().err
