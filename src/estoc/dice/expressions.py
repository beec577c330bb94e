"""Dice expressions of the d100 (BRP) family: weapon damage and damage bonus, such as ``1D8+1D6-1`` or ``-1D4``.

An expression is a sum of signed dice terms and a constant. It parses the way rule books and character sheets write
it (``1d10+2``, ``1D6 + 1``, ``+1D4``, ``0``), prints in one canonical form, rolls over a batch of worlds from a
:class:`~estoc.dice.sources.DiceSource`, and gives its exact distribution as integer weights.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from math import prod
from typing import Any

import numpy as np
from numpy.typing import NDArray

from estoc.dice.sources import DiceSource, IntArray
from estoc.errors import DiceError
from estoc.i18n import _

MAX_DICE = 100
"""The most dice one term may roll."""

MAX_SIDES = 1000
"""The most sides a die may have."""

MAX_CONSTANT = 1_000_000
"""The largest constant (in size) an expression may add: keeps every total far inside int64."""

_INT64_MAX = int(np.iinfo(np.int64).max)

_TERM = re.compile(r"\s*(?P<sign>[+\-−]?)\s*(?:(?P<count>[0-9]*)[dD](?P<sides>[0-9]+)|(?P<number>[0-9]+))\s*")
"""One signed term: ``[sign] [count] D sides`` or ``[sign] number``. Spaces may surround it, never split it."""


@dataclass(frozen=True, slots=True)
class DiceExpression:
    """A sum of dice and a constant.

    Attributes:
        terms: ``(signed count, sides)`` in written order: ``-1D4`` is ``((-1, 4),)``.
        constant: what is added to the dice.
    """

    terms: tuple[tuple[int, int], ...]
    constant: int = 0

    def __post_init__(self) -> None:
        for count, sides in self.terms:
            if abs(count) > MAX_DICE:
                raise DiceError(_("a dice term rolls at most {most} dice, not {count}").format(
                    most=MAX_DICE, count=abs(count)))
            if not 1 <= sides <= MAX_SIDES:
                raise DiceError(_("a die has 1 to {most} sides, not {sides}").format(most=MAX_SIDES, sides=sides))
        if abs(self.constant) > MAX_CONSTANT:
            raise DiceError(_("the constant of a dice expression lies between -{most} and {most}, not {constant}")
                            .format(most=MAX_CONSTANT, constant=self.constant))

    @classmethod
    def parse(cls, text: str) -> DiceExpression:
        """Read an expression such as ``2D6+1D4``, ``1d10+2``, ``1D6 + 1``, ``-1D4`` or ``4``.

        ``D`` may be lower case; a missing count means one die (``D6``). Constants add up wherever they stand.

        Raises:
            DiceError: empty or malformed text, or a term beyond the limits (:data:`MAX_DICE`, :data:`MAX_SIDES`,
                :data:`MAX_CONSTANT`).
        """
        if not text.strip():
            raise DiceError(_("empty dice expression (write it like 1D6+1 or 2D6+1D4)"))
        terms: list[tuple[int, int]] = []
        constant = 0
        pos = 0
        while pos < len(text):
            match = _TERM.match(text, pos)
            # Every term after the first needs its sign: "1D6 2" is a typo, not 1D6+2.
            if match is None or (pos > 0 and not match["sign"]):
                raise DiceError(_("not a dice expression: {text!r} (write it like 1D6+1 or 2D6+1D4)").format(
                    text=text))
            sign = -1 if match["sign"] in ("-", "−") else 1
            if match["number"] is not None:
                constant += sign * _number(match["number"], text)
            else:
                count = _number(match["count"], text) if match["count"] else 1
                terms.append((sign * count, _number(match["sides"], text)))
            pos = match.end()
        return cls(tuple(terms), constant)

    def __str__(self) -> str:
        parts = [f"{'-' if count < 0 else '+'}{abs(count)}D{sides}" for count, sides in self.terms]
        if self.constant or not parts:
            parts.append(f"{self.constant:+d}")
        text = "".join(parts)
        return text[1:] if text.startswith("+") else text

    @property
    def maximum(self) -> int:
        """The highest total: every added die on its highest face, every subtracted die on 1."""
        return self.constant + sum(count * sides if count > 0 else count for count, sides in self.terms)

    @property
    def minimum(self) -> int:
        """The lowest total: every added die on 1, every subtracted die on its highest face."""
        return self.constant + sum(count if count > 0 else count * sides for count, sides in self.terms)

    def roll(self, source: DiceSource, n: int, purpose: str, worlds: IntArray | None = None) -> IntArray:
        """Roll the expression in ``n`` worlds: one total each.

        Terms are drawn in written order, each as one draw of ``n * |count|`` dice laid out world after world
        (``worlds``: see :meth:`DiceSource.draw`); a term of no dice draws nothing.
        """
        totals = np.full(n, self.constant, dtype=np.int64)
        for count, sides in self.terms:
            k = abs(count)
            if k == 0:
                continue
            faces = source.draw(sides, n * k, purpose, worlds).reshape(n, k).sum(axis=1)
            if count > 0:
                totals += faces
            else:
                totals -= faces
        return totals

    def distribution(self) -> tuple[int, NDArray[Any]]:
        """The exact distribution: ``(lowest, weights)``, ``weights[i]`` outcomes of the dice giving ``lowest + i``.

        The weights sum to the number of equally likely outcomes (the product of every die's sides). They are
        int64 while that number fits, Python ints (dtype object) beyond.
        """
        outcomes = prod(sides ** abs(count) for count, sides in self.terms)
        dtype: type = np.int64 if outcomes <= _INT64_MAX else object
        weights: NDArray[Any] = np.ones(1, dtype=dtype)
        lowest = self.constant
        for count, sides in self.terms:
            for _die in range(abs(count)):
                weights = _add_uniform(weights, sides)
                # A subtracted die shows -sides..-1: the same flat weights, from a lower start.
                lowest += 1 if count > 0 else -sides
        return lowest, weights


def _number(digits: str, text: str) -> int:
    """The value of a run of digits; more than nine significant digits is beyond every limit."""
    significant = digits.lstrip("0")
    if len(significant) > 9:
        raise DiceError(_("a number is too large in the dice expression {text!r}").format(text=text))
    return int(significant or "0")


def _add_uniform(weights: NDArray[Any], sides: int) -> NDArray[Any]:
    """Convolve ``weights`` with a flat die of ``sides`` faces.

    Each new weight is the sum of a window of ``sides`` old ones: a difference of two prefix sums, so a step costs
    the length of the array, not that times ``sides``. Every partial sum stays below the final total: no overflow
    while the total fits the dtype.
    """
    size = weights.size
    prefix = np.concatenate((np.zeros(1, dtype=weights.dtype), np.cumsum(weights, dtype=weights.dtype)))
    ends = np.arange(size + sides - 1)
    window: NDArray[Any] = prefix[np.minimum(ends + 1, size)] - prefix[np.maximum(ends + 1 - sides, 0)]
    return window
