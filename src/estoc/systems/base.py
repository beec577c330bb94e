"""The rule systems, each declared once: its id, its names, its content, and where each face of estoc finds it.

:data:`SYSTEMS` is a static list, like python-chess's ``VARIANTS``: :func:`find_system` works in any process, with
nothing imported first. A declaration names its entry points (play, simulation, the web's odds panel, the board,
the GM's edits, the command line's ``attack`` and ``odds attack``) as ``"module:attribute"`` strings, imported when
first asked for (:meth:`RuleSystem.entry`): a declaration imports nothing, so the registry sits low in the house and
starting ``estoc`` costs no system's modules. Each room reads only the entries of its own room or a lower one (the
web its panel, the command line its commands); the doors test holds the imports themselves.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from estoc.errors import InputError
from estoc.i18n import _

if TYPE_CHECKING:
    from estoc.engine.simulation import SimSystem

Entry = Literal["encounter", "play", "sim", "board", "screen_board", "odds_panel", "edits", "cli_attack",
                "cli_odds"]
"""The entry points a system declares (see :class:`RuleSystem`)."""


@dataclass(frozen=True)
class RuleSystem:
    """A rule system as declared once.

    Attributes:
        id: as written in content files and encounters (``system: harp``); also its content folder's name.
        name_fr, name_en: its name in both languages.
        aliases: other names :func:`find_system` accepts.
        kinds: the kinds of content records it reads.
        options: the command-line options of ``estoc attack`` and ``estoc odds attack`` that are its own.
        options_title: the heading of those options in the commands' help (translated when called).
        encounter: reads an encounter file for play: ``(data, path, content)`` to a record with ``name`` and
            ``setup`` (systems room).
        play: builds the tracker's ``FightSystem`` from the content (play room).
        sim: its ``SimSystem`` (systems room).
        board: shapes its board from a fight's view and the GM's marks, as lines (render room).
        screen_board: the same board for the GM's screen and the players' view (web room).
        odds_panel: the GM screen's odds panel (web room); empty for none.
        edits: the GM screen's edits without typing (web room).
        cli_attack, cli_odds: ``estoc attack`` and ``estoc odds attack`` for it, called with the command's
            context and its parameters by name (cli room).
    """

    id: str
    name_fr: str
    name_en: str
    aliases: tuple[str, ...]
    kinds: tuple[str, ...]
    options: tuple[str, ...]
    options_title: Callable[[], str]
    encounter: str
    play: str
    sim: str
    board: str
    screen_board: str
    odds_panel: str
    edits: str
    cli_attack: str
    cli_odds: str

    @property
    def content(self) -> str:
        """Its folder under the shipped content (and a user's), which is its id."""
        return self.id

    def name(self) -> dict[str, str]:
        """Its name in both languages, as :func:`~estoc.i18n.pick` takes it."""
        return {"fr": self.name_fr, "en": self.name_en}

    def entry(self, which: Entry) -> Any:
        """The object an entry point names, imported now (once: Python keeps the module)."""
        path: str = getattr(self, which)
        if not path:
            raise InputError(_("the {system} system has no {entry}").format(system=self.id, entry=which))
        module, _sep, attribute = path.partition(":")
        return getattr(importlib.import_module(module), attribute)


HARP = RuleSystem(
    id="harp", name_fr="HARP · TdM", name_en="HARP · Middle-earth", aliases=("harp-tdm", "tdm"),
    kinds=("armours", "shields", "weapons", "attack-tables", "critical-tables", "fumble-tables",
           "manoeuvre-tables", "initiative-modifiers", "position-bonuses", "cover", "fighters"),
    options=("--ob", "--db", "--table", "--armor-type", "--size", "--fumble", "--critical", "--additional-critical",
             "--attacker-level", "--defender-level", "--crit-roll", "--additional-roll", "--fumble-roll",
             "--body-rr", "--beyond-limit", "--strike", "--distance", "--cover", "--engaged"),
    options_title=lambda: _("HARP options"),
    encounter="estoc.systems.harp.encounter:read_data", play="estoc.play.harp:play_system",
    sim="estoc.systems.harp.sim:SIM", board="estoc.render.board:harp_board",
    screen_board="estoc.web.board:harp_screen", odds_panel="estoc.web.panels:HARP",
    edits="estoc.web.edits:HARP_EDITS", cli_attack="estoc.cli.attack:harp_attack",
    cli_odds="estoc.cli.odds:harp_odds")

D100 = RuleSystem(
    id="d100", name_fr="d100 (percentile, façon BRP)", name_en="d100 (BRP-style percentile)",
    aliases=("brp", "percentile"), kinds=("weapons", "armours", "shields", "outcome-tables", "characters"),
    options=("--defence", "--parry-weapon", "--skill", "--distance", "--difficult", "--modifier", "--kneeling",
             "--fumble-from", "--dodge-missiles", "--defence-roll", "--damage-roll", "--bonus-roll"),
    options_title=lambda: _("d100 options (--system d100)"),
    encounter="estoc.systems.d100.encounter:load_d100_encounter", play="estoc.play.d100:play_system",
    sim="estoc.systems.d100.sim:SIM", board="estoc.render.board:d100_board",
    screen_board="estoc.web.board:d100_screen", odds_panel="estoc.web.panels:D100",
    edits="estoc.web.edits:D100_EDITS", cli_attack="estoc.cli.d100:attack_command",
    cli_odds="estoc.cli.d100:odds_command")

TOR = RuleSystem(
    id="tor", name_fr="L'Anneau Unique 2e (règles maison)", name_en="The One Ring 2e (house rules)",
    aliases=("anneau-unique", "one-ring", "aue"), kinds=("weapons", "armours", "shields", "heroes", "adversaries"),
    options=("--extra-dice", "--favoured", "--ill-favoured", "--weary", "--special", "--parry-bonus", "--stance",
             "--hope", "--success-roll", "--protection-roll"),
    options_title=lambda: _("The One Ring options (--system tor)"),
    encounter="estoc.systems.tor.encounter:load_tor_encounter", play="estoc.play.tor:play_system",
    sim="estoc.systems.tor.sim:SIM", board="estoc.render.board:tor_board",
    screen_board="estoc.web.board:tor_screen", odds_panel="estoc.web.panels:TOR",
    edits="estoc.web.edits:TOR_EDITS", cli_attack="estoc.cli.tor:attack_command",
    cli_odds="estoc.cli.tor:odds_command")

SYSTEMS: tuple[RuleSystem, ...] = (HARP, D100, TOR)
"""Every rule system, in the order lists show them (settings, help, known names)."""


def find_system(name: str) -> RuleSystem:
    """The system called ``name`` (its id or an alias, any case).

    Raises:
        InputError: no system has that name (the message lists the known ids).
    """
    key = name.strip().lower()
    for system in SYSTEMS:
        if key == system.id or key in system.aliases:
            return system
    raise InputError(_("unknown rule system {name!r}; known: {known}").format(
        name=name, known=", ".join(sorted(s.id for s in SYSTEMS))))


def systems() -> list[RuleSystem]:
    return sorted(SYSTEMS, key=lambda s: s.id)


def system_ids() -> tuple[str, ...]:
    """Every system's id, in :data:`SYSTEMS`'s order."""
    return tuple(system.id for system in SYSTEMS)


# --- simulation ---------------------------------------------------------------------------------------------------

def find_sim_system(system_id: str) -> SimSystem[Any, Any]:
    """The simulation protocol of the system ``system_id`` (as encounter files name it: its id only)."""
    found = next((system for system in SYSTEMS if system.id == system_id and system.sim), None)
    if found is None:
        raise InputError(_("unknown rule system {name!r}; known: {known}").format(
            name=system_id, known=", ".join(sorted(s.id for s in SYSTEMS if s.sim))))
    sim: SimSystem[Any, Any] = found.entry("sim")
    return sim


def sim_systems() -> list[SimSystem[Any, Any]]:
    """Every system that simulates, in :data:`SYSTEMS`'s order."""
    return [find_sim_system(system.id) for system in SYSTEMS if system.sim]
