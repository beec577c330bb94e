"""The GM screen's odds panel, one per system (a declaration's ``odds_panel`` entry): how it reads the panel's
query, which template shows it, and the fields of its own the form starts with."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from estoc.i18n import _
from estoc.systems.tor.names import SPECIALS
from estoc.web.odds import OddsView, harp_odds
from estoc.web.odds_systems import SystemOdds, d100_odds, tor_odds

Query = Mapping[str, str]
"""The panel's query parameters, as the browser sent them."""


@dataclass(frozen=True)
class Panel:
    """A system's odds panel: ``read(fight, query)`` gives the odds (``None`` without two combatants), shown by
    ``template``; ``extras()`` adds the system's own fields to the form."""

    read: Callable[[Any, Query], OddsView | SystemOdds | None]
    template: str = "odds_system.html"
    extras: Callable[[], dict[str, Any]] = field(default=dict)


def special_label(word: str) -> str:
    """A One Ring special damage as the odds panel names it."""
    return {"none": _("no special damage"), "heavy": _("heavy blow"), "fend": _("fend off"),
            "pierce": _("pierce"), "shield": _("shield thrust"), "auto": _("the best (a pierce when it pierces)")
            }.get(word, word)


def _tor_extras() -> dict[str, Any]:
    return {"specials": [(word, special_label(word)) for word in SPECIALS]}


HARP = Panel(lambda fight, q: harp_odds(fight, q.get("attacker"), q.get("target"), q.get("strike"), q.get("parry"),
                                        q.get("mod")), template="odds.html")
D100 = Panel(lambda fight, q: d100_odds(fight, q.get("attacker"), q.get("target"), q.get("weapon"),
                                        q.get("defence"), q.get("mod"), difficult=q.get("difficult") == "1"))
TOR = Panel(lambda fight, q: tor_odds(fight, q.get("attacker"), q.get("target"), q.get("weapon"), q.get("special"),
                                      q.get("extra"), q.get("parry_bonus"), q.get("mode"), hope=q.get("hope") == "1"),
            extras=_tor_extras)
