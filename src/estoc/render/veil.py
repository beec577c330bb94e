"""What the players are told of an adversary's hit points or endurance while the GM keeps the numbers: words.

Each system's narration takes the ids of the combatants whose numbers are veiled (``veiled``; none by default, as
the GM and the terminal read it) and words their phrases itself: the players' view of ``estoc serve`` passes the
adversaries' ids unless the GM reveals the numbers.
"""

from __future__ import annotations

from estoc.i18n import _

NO_VEIL: frozenset[str] = frozenset()
"""Every number told (the GM's narration, the terminal's)."""


def health_words(value: int, maximum: int, out: bool) -> str:
    """Unhurt, wounded, badly wounded or down: what the table sees of an adversary without its numbers."""
    if out or value <= 0:
        return _("down")
    if value >= maximum:
        return _("unhurt")
    if 2 * value > maximum:
        return _("wounded")
    return _("badly wounded")


def veiled_standing(who: str, hp: int, maximum: int | None) -> str:
    """« Orc 1 (badly wounded) » for « Orc 1 at 30 of 85 HP » (without a known maximum, only down or wounded)."""
    return f"{who} ({health_words(hp, maximum if maximum is not None else hp + 1, False)})"
