"""A brute-force oracle for the One Ring's exchange: every face combination of a blow struck by the kernel's own
``attack`` (the function play and simulation run), on a copy of the world, each with its typed dice.

Slow and obvious on purpose: the exact odds (:mod:`estoc.odds.tor`) read faces through the kernel's scalar functions;
this strikes the whole blow instead, so that a difference between the two is a rule read twice.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from typing import Any

from estoc.dice import ScriptedDice
from estoc.systems.tor.blow import numbers
from estoc.systems.tor.codes import L_ROLL, RUNE
from estoc.systems.tor.worlds import array, copy_fights, kernel_of


@dataclass(frozen=True)
class Struck:
    success: Fraction
    by_tengwar: dict[int, Fraction]
    endurance: dict[int, Fraction]
    specials: dict[int, Fraction]
    piercing: Fraction


def strike(F: Any, c: int, t: int, s: int, special: int, hope: bool, feat: list[int], success: list[int],
           extra: int = 0, bonus: int = 0) -> tuple[int, ...]:
    """The kernel's ``L_ROLL`` row of one blow on a copy of world 0 with these faces (the protection roll shows the
    rune); ``extra`` dice and a parry ``bonus`` written into the copy as the kernel counts them."""
    G = copy_fights(F)
    array(G, "dice")[0, c] += extra
    array(G, "parry")[0, t] += bonus
    G.source = ScriptedDice({"attack": feat, "attack-success": success, "protection": [RUNE] * 4,
                             "protection-success": [1] * 40, "wound": [1] * 4})
    G.logging, G.log, G.error = 1, [], None
    kernel_of(G).py_attack(G, 0, c, t, s, special, hope)
    assert G.error is None, G.error
    return next(row for row in G.log if row[0] == L_ROLL)


def brute(F: Any, c: int, t: int, s: int, special: int, hope: bool = False, extra: int = 0,
          bonus: int = 0) -> Struck:
    """Every face of ``c``'s blow with weapon ``s`` on ``t`` struck by the kernel, each combination weighted once."""
    n = numbers(F, 0, c, t, s, hope)
    G = copy_fights(F)
    array(G, "dice")[0, c] += extra
    dice = numbers(G, 0, c, t, s, hope).dice
    feats = [[f] for f in range(1, 13)] if n.mode == "normal" else [[a, b] for a in range(1, 13) for b in range(1, 13)]
    counts: dict[str, dict[int, int]] = {"by_tengwar": {}, "endurance": {}, "specials": {}}
    hits = pierced = whole = 0
    for feat in feats:
        for faces in product(range(1, 7), repeat=dice):
            _kind, _face, _total, ok, tengwar, kind, lost, piercing, _wounded = strike(
                F, c, t, s, special, hope, feat, list(faces), extra, bonus)
            whole += 1
            hits += ok
            pierced += piercing
            if ok:
                counts["by_tengwar"][tengwar] = counts["by_tengwar"].get(tengwar, 0) + 1
            counts["endurance"][lost] = counts["endurance"].get(lost, 0) + 1
            counts["specials"][kind] = counts["specials"].get(kind, 0) + 1

    def dist(name: str) -> dict[int, Fraction]:
        return {k: Fraction(v, whole) for k, v in sorted(counts[name].items())}

    return Struck(success=Fraction(hits, whole), by_tengwar=dist("by_tengwar"), endurance=dist("endurance"),
                  specials=dist("specials"), piercing=Fraction(pierced, whole))
