"""The GM's edits without typing: the forms of the GM's screen (hit points, conditions, the GM's marks, notes and
timers) make the command line the command box would take, and it goes the same way (``POST /gm/command``: the GM's
cookie, the CSRF token, the version the page showed, then the tracker). Nothing here changes the fight itself.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from estoc.errors import InputError
from estoc.i18n import _, language
from estoc.systems.base import SYSTEMS
from estoc.systems.tor.names import STANCES, stance_word

WHO, NUMBER, TEXT, FLAG, IDS = "who", "number", "text", "flag", "ids"
"""What a field of a form holds: a combatant's id (one word), a whole number, free text, a word said or not (a
checkbox: its field's name is the word), ids (one or more, each one word, separated by spaces or commas)."""

Spec = tuple[tuple[str, str, bool], ...]
"""An edit's fields, in the order of the command's words: (form field, kind, required)."""

HARP_CONDITIONS = (("stun", "étourdi"), ("bleed", "saignement"), ("penalty", "pénalité"),
                   ("must-parry", "parade obligatoire"), ("no-parry", "parade interdite"), ("shaken", "secoué"),
                   ("prone", "à terre"), ("disarmed", "désarmé"), ("down", "inconscient"), ("dead", "mort"))
"""HARP's conditions as the ``condition`` command takes them (its English word, sent) and as the page shows them
in French."""
TOR_CONDITIONS = (("weary", "las (intimidé ce round-ci)"), ("regain", "doit reprendre sa position"),
                  ("dying", "mourant"))
"""The One Ring's conditions as its ``condition`` command takes them (1: on, 0: off)."""


TOR_ADD: Spec = (("ref", WHO, True), ("stance", WHO, False), ("as", WHO, False))
"""``add ID [STANCE] [as NEW-ID]``: a hero (in a stance, open if none) or an adversary of the content."""
DISTANCE: Spec = (("who", WHO, True), ("other", WHO, True), ("value", NUMBER, True))
"""``distance WHO WHO METRES``: the metres between two combatants (the form's second combatant, ``other``)."""


@dataclass(frozen=True)
class Edits:
    """A system's GM edits of the fight (its ``gm`` commands, by their English command word), and the conditions
    its ``condition`` edit takes (English, French), if it has one (a declaration's ``edits`` entry)."""

    ops: dict[str, Spec]
    conditions: tuple[tuple[str, str], ...] = ()
    adds: bool = False
    """Whether its ``add`` brings a combatant of the content into the fight (the form :attr:`add`)."""
    add: Spec = (("ref", WHO, True), ("side", WHO, True), ("as", WHO, False))
    """Its ``add``'s fields: ``add ID SIDE [as NEW-ID]`` (HARP, d100); the One Ring's takes a stance instead of a
    side (:data:`TOR_ADD`)."""
    labels: Callable[[], dict[str, str]] | None = None
    """Its own words for some edits' labels (in the language in use when called)."""
    settings: dict[str, Spec] = field(default_factory=dict)
    """Edits with a form of their own, each word after the command chosen from a list (:data:`CHOICES`: a side,
    a cover, the ground), by their English command word."""
    forms: dict[str, Spec] = field(default_factory=dict)
    """Edits with a form of their own whose fields are a combatant chosen, ids typed or a number (HARP's round
    order, announced actions), by their English command word."""


HARP_EDITS = Edits({"hp": (("who", WHO, True), ("value", NUMBER, True)),
                    "damage": (("who", WHO, True), ("value", NUMBER, True)),
                    "heal": (("who", WHO, True), ("value", NUMBER, True)),
                    "condition": (("who", WHO, True), ("condition", WHO, True), ("value", NUMBER, True)),
                    "relieve": (("who", WHO, True), ("value", NUMBER, True)),
                    "mod": (("who", WHO, True), ("value", NUMBER, True)),
                    "init": (("who", WHO, True), ("value", NUMBER, True)),
                    "fight-mod": (("value", NUMBER, True),), "sun": (("value", NUMBER, True),),
                    "distance": DISTANCE, "out": (("who", WHO, True),), "back": (("who", WHO, True),)},
                   HARP_CONDITIONS, adds=True,
                   settings={"surprise": (("side", WHO, True),), "cover": (("who", WHO, True), ("cover", WHO, True))},
                   forms={"order": (("ids", IDS, True),), "declare": (("who", WHO, True), ("actions", IDS, True))})
D100_EDITS = Edits({"hp": (("who", WHO, True), ("value", NUMBER, True)),
                    "damage": (("who", WHO, True), ("value", NUMBER, True)),
                    "heal": (("who", WHO, True), ("value", NUMBER, True)),
                    "wake": (("who", WHO, True),), "rest": (("who", WHO, True), ("value", NUMBER, True)),
                    "distance": DISTANCE, "out": (("who", WHO, True),),
                    "back": (("who", WHO, True),)}, adds=True)
TOR_EDITS = Edits({"endurance": (("who", WHO, True), ("value", NUMBER, True)),
                   "damage": (("who", WHO, True), ("value", NUMBER, True)),
                   "heal": (("who", WHO, True), ("value", NUMBER, True)),
                   "wound": (("who", WHO, True), ("value", NUMBER, True), ("fatal", FLAG, False)),
                   "dying": (("who", WHO, True), ("value", NUMBER, True)),
                   "hope": (("who", WHO, True), ("value", NUMBER, True)),
                   "condition": (("who", WHO, True), ("condition", WHO, True), ("value", NUMBER, True)),
                   "complication": (("who", WHO, True), ("value", NUMBER, True)),
                   "out": (("who", WHO, True),), "back": (("who", WHO, True),)}, TOR_CONDITIONS,
                  labels=lambda: endurance_labels(), settings={"ground": (("ground", WHO, True),)}, adds=True,
                  add=TOR_ADD)
NO_EDITS = Edits({})


def edits_of(system: str) -> Edits:
    """The GM edits of the system ``system`` (an id), through its declaration; none for a system without."""
    declared = next((s for s in SYSTEMS if s.id == system and s.edits), None)
    if declared is None:
        return NO_EDITS
    edits: Edits = declared.entry("edits")
    return edits


MARK_EDITS: dict[str, Spec] = {
    "mark": (("who", WHO, True), ("name", TEXT, True), ("rounds", NUMBER, False)),
    "note": (("who", WHO, True), ("text", TEXT, True)),
    "timer": (("at", WHO, True), ("text", TEXT, True)),
    "clear": (("who", WHO, True), ("name", TEXT, False)),
}
"""The GM's marks, notes and timers (the tracker's own commands, every system)."""
JOINERS = {"actions": ","}
"""Fields of ids written as one word, their ids joined by this (HARP's ``declare WHO ID,ID``)."""
KEYWORDS = {"as": "as"}
"""Fields whose value follows a keyword on the command line."""
VERB_KEYWORDS = {("rest", "value"): "weeks"}
"""An edit's field whose value follows a keyword for that edit alone (``rest WHO weeks N``)."""


def edit_labels(system: str = "harp") -> dict[str, str]:
    """What the edits' menu shows, in the language in use (a system's own words where its edits give them: the One
    Ring counts endurance, not hit points)."""
    own = edits_of(system).labels
    return {**_labels(), **(own() if own is not None else {})}


def endurance_labels() -> dict[str, str]:
    """The One Ring's words for the edits it shares with the others."""
    return {"damage": _("take N points of endurance off"), "heal": _("give back N points of endurance"),
            "condition": _("set a condition: 1 on, 0 off")}


def _labels() -> dict[str, str]:
    return {"hp": _("set hit points to N"), "damage": _("inflict N hit points of damage"),
            "heal": _("give back N hit points"), "condition": _("set a condition to N (0 ends it)"),
            "relieve": _("lessen penalties by N"), "wake": _("wake up"),
            "rest": _("N weeks of rest (1D3 hit points a week)"), "out": _("take out of the fight"),
            "back": _("bring back into the fight"), "complication": _("set the complication to N dice"),
            "mod": _("a modifier N to the combatant's next attack"),
            "fight-mod": _("the fight's modifier to every attack: N (whoever is chosen)"),
            "sun": _("full sunlight: 1 on, 0 off (whoever is chosen)"),
            "endurance": _("set endurance to N"), "wound": _("set the wounds to N"),
            "dying": _("dying: 1 on, 0 off"), "hope": _("set Hope to N"),
            "distance": _("the metres N between the combatant and the second one"),
            "surprise": _("Surprised this round"), "cover": _("Behind cover"), "ground": _("The ground"),
            "init": _("set the initiative total to N this round"),
            "order": _("The order of those still to act this round"),
            "declare": _("What a combatant announces for its next initiative roll")}


def setting_forms(system: str, options: Mapping[str, list[tuple[str, str]]]) -> list[dict[str, Any]]:
    """The forms of the system's edits that have one of their own (:attr:`Edits.settings`), each as ``verb``,
    ``label`` and ``fields`` ((form field, label, its (value, shown) choices)…); ``options``: the choices of each
    form field the fight gives (``who``: the combatants, ``side``: the sides, ``cover``: the covers); the ground's
    and « no one »'s are this module's."""
    labels, names = edit_labels(system), _field_labels()
    own = {"side": [("none", _("no side"))], "cover": [("none", _("no cover"))],
           "ground": [("free", _("free: the heroes may stay at the rear whatever the numbers")),
                      ("normal", _("normal: the rear as the numbers allow"))]}
    return [{"verb": verb, "label": labels[verb],
             "fields": [(name, names[name], [*options.get(name, []), *own.get(name, [])]) for name, _k, _r in spec]}
            for verb, spec in edits_of(system).settings.items()]


def add_stances(system: str) -> list[tuple[str, str]]:
    """The stances the add form offers (the command's English word, the word shown), for a system whose ``add``
    takes one; the first, empty, leaves it to the rules (open for a hero; an adversary has none)."""
    if not any(name == "stance" for name, _k, _r in edits_of(system).add) or not edits_of(system).adds:
        return []
    return [("", _("as the rules have it (open; none for an adversary)")),
            *((stance, stance_word(stance)) for stance in STANCES)]


def _field_labels() -> dict[str, str]:
    return {"who": _("Combatant"), "side": _("Side"), "cover": _("Cover"), "ground": _("Ground"),
            "ids": _("Ids, first to act first"),
            "actions": _("Announced (ids of the initiative modifiers, commas between; none: nothing)"),
            "fatal": _("fatal (the Eye on the severity's feat die)")}


def free_forms(system: str) -> list[dict[str, Any]]:
    """The forms of the system's edits whose fields are typed or a combatant chosen (:attr:`Edits.forms`), each as
    ``verb``, ``label`` and ``fields`` ((form field, kind, label)…)."""
    labels, names = edit_labels(system), _field_labels()
    return [{"verb": verb, "label": labels[verb], "fields": [(name, kind, names[name]) for name, kind, _r in spec]}
            for verb, spec in edits_of(system).forms.items()]


def flags(system: str) -> list[tuple[str, str]]:
    """The checkboxes of the state form (a word some of its edits take: the One Ring's fatal wound), as (field,
    label)."""
    names = _field_labels()
    return list(dict.fromkeys((name, names[name]) for spec in edits_of(system).ops.values()
                              for name, kind, _r in spec if kind == FLAG))


def conditions(system: str = "harp") -> list[tuple[str, str]]:
    """The conditions of the system's ``condition`` edit as (the command's word, the word shown); none for a
    system without."""
    return [(en, fr if language() == "fr" else en) for en, fr in edits_of(system).conditions]


def edit_line(system: str, fields: dict[str, str]) -> str:
    """The command line of the edit a form sends (its field ``edit``, the command's English word), its words
    checked one by one: an id is one word, a number a whole number, a text printable.

    Raises:
        InputError: an edit the system has not, a field missing or malformed.
    """
    verb = fields.get("edit", "")
    edits = edits_of(system)
    spec = edits.ops.get(verb) or edits.settings.get(verb) or edits.forms.get(verb) or MARK_EDITS.get(verb) or (
        edits.add if verb == "add" and edits.adds else None)
    if spec is None:
        raise InputError(_("no such edit: {name!r}").format(name=verb[:40]))
    words = [verb]
    for name, kind, required in spec:
        value = " ".join(fields.get(name, "").split())
        if not value:
            if required:
                raise InputError(_("this edit needs every field filled in"))
            continue
        if kind == WHO and (" " in value or len(value) > 60):
            raise InputError(_("{value!r} is not one word").format(value=value[:40]))
        if kind == FLAG:
            if value not in ("1", "on", name):
                raise InputError(_("{value!r} is not a box ticked").format(value=value[:40]))
            words.append(name)
            continue
        if kind == IDS:
            ids = [part for part in value.replace(",", " ").split() if part]
            if any(len(part) > 60 or not part.isprintable() for part in ids) or len(ids) > 200:
                raise InputError(_("{value!r} is not a list of ids").format(value=value[:40]))
            words.append(JOINERS.get(name, " ").join(ids))
            continue
        if kind == NUMBER and not value.lstrip("+-").isdigit():
            raise InputError(_("{value!r} is not a whole number").format(value=value[:40]))
        if kind == TEXT and not value.isprintable():
            raise InputError(_("{what} holds control characters").format(what=value[:40]))
        keyword = VERB_KEYWORDS.get((verb, name), KEYWORDS.get(name))
        words += [keyword, value] if keyword else [value]
    return " ".join(words)
