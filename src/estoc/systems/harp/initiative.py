"""Initiative: d10 + Quickness + Intuition + modifiers, rolled every round; waiting, interception, surprise.

Ties (the text is silent) go to the higher Quickness bonus, then to the earlier combatant in the list.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

import numpy as np
from numpy.typing import NDArray

from estoc.dice import DiceSource, d10, open_ended
from estoc.engine.rows import row_order
from estoc.errors import RulesError
from estoc.i18n import _
from estoc.systems.harp.tables import I64

SURPRISE_PENALTY = -20
AUTOMATIC = 10_000
"""Added to the initiative of a combatant who has it automatically (a disengagement, an interception that waited
in vain): it acts before anyone who rolled."""


@dataclass(frozen=True)
class Initiative:
    """A round's initiative in each world: the d10, the totals and the order of action (shape ``(W, C)``)."""

    d10: I64
    total: I64
    order: I64


def initiative_order(total: I64, quickness: I64) -> I64:
    """Combatant indices from first to act to last, in each world."""
    worlds, c = total.shape
    # One key per combatant: the higher total first, then the higher Quickness; row_order keeps list order on ties.
    # Quickness bonuses stay far inside ±2¹⁶, so the key orders exactly as the pair does.
    key = -(np.asarray(total, dtype=np.int64) << 17) - np.broadcast_to(np.asarray(quickness, dtype=np.int64),
                                                                        (worlds, c))
    return row_order(key)


def roll_initiative(dice: DiceSource, quickness: I64, intuition: I64, modifiers: I64,
                    automatic: NDArray[np.bool_] | None = None) -> Initiative:
    """Roll every combatant's initiative in every world (arrays ``(W, C)``)."""
    worlds, c = modifiers.shape
    die = d10(dice, worlds * c, "initiative", np.arange(worlds)).reshape(worlds, c)
    total = die + quickness + intuition + modifiers
    if automatic is not None:
        total = total + np.where(automatic, AUTOMATIC, 0)
    return Initiative(d10=die, total=total, order=initiative_order(total, np.asarray(quickness)))


Mode = Literal["with", "after"]


def wait_for(order: Sequence[int], waiter: int, awaited: int, mode: Mode = "after",
             conflict: bool = False) -> list[int]:
    """One world's order after ``waiter`` chose to wait for ``awaited``: acting with it (just after it in the
    sequence) or after it; a waiter may only wait for someone later in the round. In a conflict (the GM's call) the
    waiter acts last."""
    sequence = list(order)
    if waiter not in sequence or awaited not in sequence:
        raise RulesError(_("both combatants must be in the round's order"))
    if sequence.index(awaited) < sequence.index(waiter):
        raise RulesError(_("one can only wait for a combatant who has not acted yet"))
    sequence.remove(waiter)
    if conflict:
        sequence.append(waiter)
        return sequence
    # Acting "with" an ally is resolved right after it: the GM narrates both together.
    sequence.insert(sequence.index(awaited) + 1, waiter)
    return sequence


@dataclass(frozen=True)
class Surprise:
    """Opposed perception manoeuvres: each side's roll total, and which side is surprised (0 none, 1, 2)."""

    total_a: I64
    total_b: I64
    surprised: I64

    def initiative_modifier(self, side: int) -> I64:
        """−20 in the first round for the surprised side."""
        return np.where(self.surprised == side, SURPRISE_PENALTY, 0).astype(np.int64)


def roll_surprise(dice: DiceSource, perception_a: I64, perception_b: I64) -> Surprise:
    """Each side's best perception rolls an open-ended manoeuvre; the lower total is surprised, a tie surprises no
    one."""
    n = perception_a.shape[0]
    a = open_ended(dice, n, "manoeuvre").total + perception_a
    b = open_ended(dice, n, "manoeuvre").total + perception_b
    return Surprise(a, b, np.where(a > b, 2, np.where(b > a, 1, 0)).astype(np.int64))
