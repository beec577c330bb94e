"""The exact odds of the HARP exchange the GM is setting up on the screen: attacker, strike, target, parry, modifier.

The OB and the defence are the kernel's for a blow struck now (:meth:`HarpFight.exchange_numbers`): the criticals'
penalties, the round's modifiers, a parry or a dodge declared, a target on the ground, range, cover and the shield
count as they will when the blow is struck; the part of the OB kept to parry and the GM's modifier are the panel's.
The odds are :mod:`estoc.odds.attack`'s.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from estoc.errors import InputError
from estoc.i18n import _, fixed, pick
from estoc.odds.attack import ExchangeOdds, ExchangeSpec, exchange_odds
from estoc.systems.harp.exchange import strike_inputs

LIMIT = 300
"""The largest parry or modifier taken, either way."""


@dataclass
class OddsView:
    """The odds as the panel shows them: percentages, formatted at the edge."""

    attacker: str
    target: str
    strike: str
    ob: int
    defence: int
    parry: int
    mod: int
    rows: list[tuple[str, str, int]]
    """(label, percentage, bar width out of 100)."""
    severities: list[tuple[str, str, int]]
    mean_hits: str


def _percent(p: Fraction | None) -> tuple[str, int]:
    """A probability as the panel shows it (one decimal, the language's mark: ``54,2 %`` in French) and its bar's
    width out of 100."""
    if p is None:
        return "—", 0
    value = 100 * float(p)
    return f"{fixed(value, 1)} %", round(value)


def _bounded(value: str | None, default: int) -> int:
    if value is None or value.strip() == "":
        return default
    try:
        number = int(value)
    except ValueError as exc:
        raise InputError(_("{value!r} is not a whole number").format(value=value)) from exc
    if abs(number) > LIMIT:
        raise InputError(_("a number from -{limit} to {limit}, not {value}").format(limit=LIMIT, value=number))
    return number


def harp_odds(fight: Any, attacker: str | None, target: str | None, strike: str | None, parry: str | None,
              mod: str | None) -> OddsView | None:
    """The odds of ``attacker``'s strike on ``target`` in a HARP fight (``None`` without two combatants)."""
    sheets = {c.id: c for c in fight.combatants}
    view = fight.view()
    chosen = attacker if attacker in sheets else view.get("current")
    if chosen not in sheets:
        return None
    striker = sheets[chosen]
    foes = [row["id"] for row in view["combatants"] if row["side"] != next(
        r["side"] for r in view["combatants"] if r["id"] == chosen) and not row["removed"]]
    aimed = target if target in sheets and target != chosen else (foes[0] if foes else None)
    if aimed is None:
        return None
    defender = sheets[aimed]
    index = _bounded(strike, 0)
    if not 0 <= index < len(striker.strikes):
        index = 0
    chosen_strike = striker.strikes[index]
    modifier = _bounded(mod, 0)
    ob, defence, kept, fumble, knocks = fight.exchange_numbers(fight.index(str(chosen)), fight.index(aimed), index,
                                                       _bounded(parry, 0), modifier)
    inputs = strike_inputs(fight.tables, chosen_strike, defender, 1, ob, defence,
                           devastating=bool(striker.devastating))
    spec = ExchangeSpec(
        ob=ob, defence=defence, table=int(inputs.table[0]), armour_type=defender.armour_type,
        size=int(inputs.size[0]), fumble=fumble, critical=int(inputs.critical[0]),
        extra_table=int(inputs.extra_table[0]), extra_severity=int(inputs.extra_severity[0]),
        crit_reduction=defender.crit_reduction, hits_factor=int(inputs.hits_factor[0]),
        knocks=knocks, target_hp=next(int(r["hp"]) for r in view["combatants"] if r["id"] == aimed),
        body_rr=defender.body_rr, stun_immune=defender.stun_immune)
    odds = exchange_odds(fight.tables, spec, fight.settings)
    return OddsView(attacker=str(chosen), target=aimed, strike=pick(chosen_strike.name), ob=ob,
                    defence=defence, parry=kept, mod=modifier, rows=_rows(odds),
                    severities=[(letter, *_percent(p)) for letter, p in odds.severity.items()],
                    mean_hits=fixed(float(odds.mean_hits()), 1))


def _rows(odds: ExchangeOdds) -> list[tuple[str, str, int]]:
    rows = [(_("Hit"), odds.hit), (_("Miss"), odds.miss), (_("Fumble"), odds.fumble),
            (_("stunned (after the resistance roll)"), odds.stunned), (_("bleeding"), odds.bleeding),
            (_("must parry"), odds.must_parry), (_("knocked down"), odds.knocked_down),
            (_("killed outright"), odds.death_now)]
    rows += [(_("falls unconscious, passing away in {n} rounds").format(n=n), p) for n, p in odds.death_in.items()]
    if odds.down_now is not None:
        rows.append((_("down at once (its hit points now)"), odds.down_now))
    return [(label, *_percent(p)) for label, p in rows]
