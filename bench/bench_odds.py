"""Benchmark of exact odds: the time to compute one exchange's odds (target: under 10 ms).

Run: ``python bench/bench_odds.py``.
"""

from __future__ import annotations

import statistics
import time

from estoc.odds.attack import ExchangeSpec, exchange_odds
from estoc.systems.harp.tables import SIZE_INDEX, shipped_tables


def main() -> None:
    tables = shipped_tables()
    cases = {
        "one-handed blade, mail": ("lames-1m", 80, 45, 8, -1),
        "claws on a large foe": ("griffes", 110, 30, 3, -1),
        "with an additional critical": ("lames-1m", 80, 45, 8, tables.critical.index("froid")),
    }
    print(f"{'exchange':<32}{'median ms':>11}{'max ms':>9}")
    for name, (table, ob, db, armour, extra) in cases.items():
        t = tables.attack.index(table)
        spec = ExchangeSpec(ob=ob, defence=db, table=t, armour_type=armour, size=SIZE_INDEX["medium"], fumble=3,
                            critical=int(tables.attack.critical[t]), extra_table=extra, target_hp=80, body_rr=20)
        times = []
        for _ in range(30):
            start = time.perf_counter()
            exchange_odds(tables, spec)
            times.append(time.perf_counter() - start)
        row(name, times)
    others()


def row(name: str, times: list[float]) -> None:
    print(f"{name:<32}{1000 * statistics.median(times):>11.2f}{1000 * max(times):>9.2f}")


def others() -> None:
    """One exchange of the d100 system and one attack of the One Ring house rules, from the sample content."""
    from estoc.content.registry import load_folder, shipped_folder
    from estoc.odds import d100, tor
    from estoc.systems.d100.exchange import Combatant, exchange_spec, shipped_outcomes
    from estoc.systems.tor.exchange import Combatant as TorCombatant
    from estoc.systems.tor.exchange import attack_spec

    content = load_folder(shipped_folder())
    outcomes = shipped_outcomes(content)
    a, d = Combatant.from_content(content, "ysolde"), Combatant.from_content(content, "gorm")
    spec = exchange_spec(a, 1, d, "parry")
    hero, orc = TorCombatant.from_content(content, "maelor-le-rodeur"), TorCombatant.from_content(content,
                                                                                                  "orc-soldat")
    attack = attack_spec(hero, 1, orc, favoured=True)
    for name, run in (("d100: sword against a parry", lambda: d100.exchange_odds(spec, outcomes, d.hp)),
                      ("tor: favoured spear, protection", lambda: tor.attack_odds(attack))):
        times = []
        for _ in range(30):
            start = time.perf_counter()
            run()
            times.append(time.perf_counter() - start)
        row(name, times)


if __name__ == "__main__":
    main()
