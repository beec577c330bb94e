"""Benchmark of exact odds: the time to compute one exchange's odds (target: under 10 ms).

The open-ended roll is followed as far as it can change the outcome: a few dice when the OB is well above the
defence, more (and Python integers past six) when the defence is far above it; the last HARP rows time those.

Run: ``python bench/bench_odds.py``.
"""

from __future__ import annotations

import statistics
import time

from estoc.odds.attack import ExchangeSpec, exchange_odds
from estoc.systems.harp.attack import AttackSettings
from estoc.systems.harp.tables import SIZE_INDEX, shipped_tables


def main() -> None:
    tables = shipped_tables()
    froid = tables.critical.index("froid")
    cases = {
        "one-handed blade, mail": ("lames-1m", 80, 45, 8, -1, "medium", "cap"),
        "claws on a large foe": ("griffes", 110, 30, 3, -1, "medium", "cap"),
        "with an additional critical": ("lames-1m", 80, 45, 8, froid, "medium", "cap"),
        "uncapped, OB 20 vs DB 60": ("masses-2m", 20, 60, 10, -1, "large", "uncapped"),
        "second attack, OB 10 vs DB 250": ("lames-1m", 10, 250, 8, froid, "large", "second-attack"),
        "second attack, OB 0 vs DB 700": ("lames-1m", 0, 700, 8, froid, "large", "second-attack"),
    }
    # dice: how far the open-ended roll is followed before nothing more can change.
    print(f"{'exchange':<32}{'median ms':>11}{'max ms':>9}{'dice':>6}")
    for name, (table, ob, db, armour, extra, size, beyond) in cases.items():
        t = tables.attack.index(table)
        spec = ExchangeSpec(ob=ob, defence=db, table=t, armour_type=armour, size=SIZE_INDEX[size], fumble=3,
                            critical=int(tables.attack.critical[t]), extra_table=extra, target_hp=80, body_rr=20)
        settings = AttackSettings(beyond_limit=beyond)  # type: ignore[arg-type]
        times = []
        for _ in range(30):
            start = time.perf_counter()
            exchange_odds(tables, spec, settings)
            times.append(time.perf_counter() - start)
        row(name, times, exchange_odds(tables, spec, settings).depth)
    others()


def row(name: str, times: list[float], dice: int | None = None) -> None:
    print(f"{name:<32}{1000 * statistics.median(times):>11.2f}{1000 * max(times):>9.2f}"
          f"{'' if dice is None else dice:>6}")


def others() -> None:
    """One exchange of the d100 system and one attack of the One Ring house rules, from the sample content."""
    from estoc.content.registry import load_folder, shipped_folder
    from estoc.odds import d100, tor
    from estoc.systems.d100.exchange import Combatant, prepare, shipped_outcomes
    from estoc.systems.tor.blow import pair
    from estoc.systems.tor.exchange import Combatant as TorCombatant

    content = load_folder(shipped_folder())
    outcomes = shipped_outcomes(content)
    a, d = Combatant.from_content(content, "ysolde"), Combatant.from_content(content, "gorm")
    exchange = prepare(outcomes, a, 1, d, "parry")
    hero, orc = TorCombatant.from_content(content, "maelor-le-rodeur"), TorCombatant.from_content(content,
                                                                                                  "orc-soldat")
    blow = pair(hero, orc, 1, favoured=True)
    numbers = blow.numbers()
    for name, run in (("d100: sword against a parry", lambda: d100.exchange_odds(exchange, d.hp)),
                      ("tor: favoured spear, protection",
                       lambda: tor.numbers_odds(blow.F, blow.attacker, blow.target, blow.weapon, blow.special,
                                                numbers))):
        times = []
        for _ in range(30):
            start = time.perf_counter()
            run()
            times.append(time.perf_counter() - start)
        row(name, times)


if __name__ == "__main__":
    main()
