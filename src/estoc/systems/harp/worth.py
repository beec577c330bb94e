"""What one blow is worth, for the default policy's parry (« Parade »): how much of the OB a fighter keeps to parry
is a trade, its own blow's worth against the worth of the blow it parries, and both are read here from the
kernel's own numbers, once, when the worlds are built.

A blow's *worth* is what it takes from its target, in hit points: the table's hits, and each critical it may bring,
read as what its effects cost the victim (:func:`critical_worth`). :func:`blow_worth` gives it for every *edge*
(the attacker's OB less the target's defence, all modifiers included) from :data:`WORTH_LO` on, as the expected
worth over the open-ended roll (« Jet Sans Limite »: a first face of 96 or more is rolled again and added; a first
face in the weapon's fumble range misses), each result read through the kernel's ``read_result`` (the attack
size's limit, the reading beyond it, the size-reduced criticals, the additional critical). The kernel's
``best_parry`` looks the worths up in ``F.worth``.

The costs of a critical's effects are estoc's reading, not the text's (the text prices nothing): a death or a fall
costs the victim all its hit points; bleeding costs its points for :data:`HORIZON` rounds; a round lost (stunned,
made to parry, its weapon dropped, thrown down) costs a :data:`HORIZON`-th of its hit points; a penalty of −N costs
N % of them; no blow costs more than all of them.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from estoc.systems.harp.codes import rule
from estoc.systems.harp.tables import EFFECT_FIELDS

WORTH_LO = rule("WORTH_LO")
"""The lowest edge the table holds (an edge below reads as this one)."""
WORTH_LEN = rule("WORTH_LEN")
"""How many edges the table holds, from :data:`WORTH_LO` up (an edge beyond reads as the last one)."""
WORTH_SCALE = rule("WORTH_SCALE")
"""The worths are whole thousandths of a hit point (the kernel compares them in whole numbers)."""
HORIZON = 5
"""The rounds a fight is reckoned to have left, for what bleeding and lost rounds cost."""
FACES = 3
"""The open-ended roll is followed to this many faces (a fourth one comes once in 8,000 rolls)."""

_E = {name.upper(): i for i, name in enumerate(EFFECT_FIELDS)}


def _roll_chances(fumble: int) -> tuple[np.ndarray, np.ndarray]:
    """The chance of each total of the open-ended roll, for a roll that stays closed (first face 95 or less, not in
    the fumble range) and for one that opened (first face 96 or more); index: the total."""
    open_from = rule("OPEN_FROM")
    top = 100 * FACES + 1
    # the totals of a roll of up to FACES faces, from the last face back
    tail = np.zeros(top)
    tail[1:open_from] = 0.01
    for _face in range(FACES - 1):
        nxt = np.zeros(top)
        nxt[1:open_from] = 0.01
        for face in range(open_from, 101):
            nxt[face:] += 0.01 * tail[:top - face]
        tail = nxt
    any_roll = tail
    closed = np.zeros(top)
    closed[max(fumble, 0) + 1:open_from] = 0.01
    opened = np.zeros(top)
    for face in range(open_from, 101):
        opened[face:] += 0.01 * any_roll[:top - face]
    return closed, opened


def critical_worth(effects: np.ndarray, hp: int, *, stun_immune: bool, bleed_immune: bool) -> np.ndarray:
    """What each critical entry (``effects[..., k]``: the kernel's effect slots) costs a victim of ``hp`` hit points,
    in hit points (see the module)."""
    e = effects.astype(np.float64)
    lost = e[..., _E["MUST_PARRY"]] + (e[..., _E["DROP_WEAPON"]] != 0) + (e[..., _E["KNOCKDOWN"]] != 0)
    if not stun_immune:
        lost = lost + e[..., _E["STUN"]]
    cost = e[..., _E["HITS"]] + np.minimum(lost, HORIZON) * hp / HORIZON + np.abs(e[..., _E["PENALTY"]]) * hp / 100
    if not bleed_immune:
        cost = cost + e[..., _E["BLEED"]] * HORIZON
    cost = np.where(e[..., _E["DEATH"]] >= 0, hp, cost)
    return np.minimum(cost, hp)


_READINGS: dict[int, tuple[Any, dict[tuple[int, ...], np.ndarray]]] = {}
"""The readings of every result (:func:`readings`), by the compiled tables' cells they were read from (tables are
not changed once compiled; the cells are held, so their id is not reused while the entry lives)."""


def readings(F: Any, K: Any, cells: np.ndarray, key: tuple[int, ...]) -> np.ndarray:
    """What every result from 0 to :func:`highest` reads on the table of ``key`` (table, size, armour, hits
    factor, reduction, additional table, its fixed severity), for a roll that stayed closed (``[0]``) and one that
    opened (``[1]``): columns hits, severity, second hits, second severity, additional severity, as ``F``'s
    ``read_result`` reads them (``cells``: the tables ``F`` holds)."""
    held = _READINGS.get(id(cells))
    if held is None or held[0] is not cells:
        if len(_READINGS) > 16:
            _READINGS.clear()
        held = (cells, {})
        _READINGS[id(cells)] = held
    cache = held[1]
    found = cache.get((int(F.beyond), *key))
    if found is not None:
        return found
    table, size, armour, hits_factor, reduction, extra, extra_fixed = key
    out = np.zeros((2, highest(), 5), dtype=np.int64)
    for flag in (0, 1):
        for r in range(1, highest()):
            _row, hits, severity, _srow, second_hits, second_severity, extra_severity, _limit, _table = \
                K.py_read_result(F, table, size, armour, hits_factor, reduction, extra, extra_fixed, r, bool(flag))
            out[flag, r] = (hits, severity, second_hits, second_severity, extra_severity)
    cache[(int(F.beyond), *key)] = out
    return out


def highest() -> int:
    """One more than the highest result a blow is read at: the roll's highest total plus the highest edge."""
    return 100 * FACES + 1 + WORTH_LO + WORTH_LEN


def blow_worth(read: np.ndarray, costs: np.ndarray, *, fumble: int, critical: int, extra: int, hp: int
               ) -> np.ndarray:
    """The expected worth (whole :data:`WORTH_SCALE` ths of a hit point) of one blow at each edge from
    :data:`WORTH_LO`: ``read``, its table's :func:`readings`; ``costs[table, severity]``, the mean cost of a
    critical of that table and severity (0: none) to its target of ``hp`` hit points."""
    closed, opened = _roll_chances(fumble)
    worth = (read[..., 0] + costs[critical, read[..., 1]] + read[..., 2] + costs[critical, read[..., 3]]).astype(
        np.float64)
    if extra >= 0:
        worth += costs[extra, read[..., 4]]
    worth = np.minimum(worth, hp)
    worth[:, 0] = 0.0
    top = len(closed)
    # expected[x] = sum over the roll's totals t of chance(t) * worth(t + x), the result t + x clipped at 0 (a miss)
    # and at the table's end
    padded = np.concatenate([np.zeros((2, top)), worth], axis=1)
    start = top + WORTH_LO
    span = top + WORTH_LEN - 1
    expected: np.ndarray = (np.correlate(padded[0, start:start + span], closed, "valid")
                            + np.correlate(padded[1, start:start + span], opened, "valid"))
    return np.asarray(np.rint(expected * WORTH_SCALE), dtype=np.int64)


def critical_costs(effects: np.ndarray, hp: int, *, stun_immune: bool, bleed_immune: bool) -> np.ndarray:
    """``[table, severity]``: the mean cost (over its roll) of a critical of each table and severity to a victim of
    ``hp`` hit points (severity 0: none, no cost); ``effects``: the kernel's ``crit_fx`` (table, roll, severity −
    1, effect)."""
    costs = critical_worth(effects[:, 1:, :, :], hp, stun_immune=stun_immune, bleed_immune=bleed_immune).mean(axis=1)
    return np.concatenate([np.zeros((costs.shape[0], 1)), costs], axis=1)
