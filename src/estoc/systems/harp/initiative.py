"""Initiative's declarations in play: waiting for a later combatant.

The roll itself (d10 + Quickness + Intuition, every round; ties to the higher Quickness, then to the earlier in the
list; the surprised side's −20; automatic initiative, ``AUTOMATIC`` added) is the kernel's
(:func:`estoc.systems.harp.kernel.begin_round`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from estoc.errors import RulesError
from estoc.i18n import _

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
