"""The GM's command words for a HARP fight, in English and in French, turned into events.

A command line is words separated by spaces (quotes allowed). Actions are for the combatant whose turn it is;
GM overrides name whom they touch. Faces of physical dice come after a keyword: ``roll 97 99 40`` (the attack's
open-ended chain), ``crit 62``, ``extra 15`` (additional critical), ``fumble 40``, ``rr 55`` (resistance rolls),
``init 7`` (initiative d10s, in the order of the combatants). Accents and case do not matter.
"""

from __future__ import annotations

import shlex
import unicodedata
from dataclasses import dataclass
from typing import Any

from estoc.errors import InputError
from estoc.i18n import _, language


def fold(word: str) -> str:
    """A word without accents, in lower case: what the parser compares."""
    return "".join(ch for ch in unicodedata.normalize("NFKD", word) if not unicodedata.combining(ch)).lower()


@dataclass(frozen=True)
class Command:
    """One command: its event type (or tracker verb), its words, the arguments it takes, a help text."""

    name: str
    en: str
    fr: str
    args: str
    help: str


def commands() -> list[Command]:
    """Every command, with help in the user's language."""
    return [
        Command("attack", "attack", "attaquer", _("TARGET [strike N] [parry N [vs ID]] [mod N]"),
                _("attack a foe, optionally parrying with part of the OB")),
        Command("move-attack", "move-attack", "deplacer-attaquer", _("TARGET METRES"),
                _("move (up to the base movement) and attack at −20")),
        Command("total-parry", "total-parry", "parade-totale", _("OPPONENT"),
                _("all the OB to the DB (+10) against one opponent")),
        Command("dodge", "dodge", "esquiver", "", _("dodge: +50 and the manoeuvre's bonus to the DB")),
        Command("instinctive-dodge", "instinctive-dodge", "esquive-instinctive", _("WHO"),
                _("an instinctive dodge, at any moment (+25 and the bonus)")),
        Command("charge", "charge", "charger", _("TARGET METRES [unseen]"), _("charge: +20 OB, −20 DB")),
        Command("move", "move", "deplacer", _(_("the distance")), _("move, walking or running")),
        Command("disengage", "disengage", "desengager", _("OPPONENT [parry N]"),
                _("break off: parry with at least half the OB")),
        Command("breathe", "breathe", "souffler", _("TARGET…"), _("a breath on every creature named")),
        Command("stand", "stand", "relever", "", _("get back on one's feet")),
        Command("take-weapon", "take-weapon", "ramasser", "", _("take up a dropped weapon")),
        Command("pass", "pass", "passer", "", _("do nothing this turn")),
        Command("flee", "flee", "fuir", "", _("leave the fight")),
        Command("wait", "wait", "attendre", _("WHO [with]"), _("wait to act after (or with) a later combatant")),
        Command("intercept", "intercept", "intercepter", _("WHO"),
                _("lie in wait to act just before a later combatant (pass if it never comes: initiative next "
                  "round)")),
        Command("hp", "hp", "pdv", _("WHO N"), _("set hit points")),
        Command("damage", "damage", "degats", _("WHO N"), _("inflict hit points of damage")),
        Command("heal", "heal", "soigner", _("WHO N"), _("give back hit points")),
        Command("condition", "condition", "etat", _("WHO NAME N"),
                _("set a condition (stun, bleed, penalty, must-parry, no-parry, shaken, prone, disarmed, down, "
                  "dead); 0 ends it")),
        Command("relieve", "relieve", "soulager", _("WHO N"),
                _("lessen penalties by N (ends must-parry and no-parry)")),
        Command("mod", "mod", "modif", _("WHO N"), _("a modifier to that combatant's next attack")),
        Command("fight-mod", "fight-mod", "modif-combat", _("N"), _("a modifier to every attack of the fight")),
        Command("add", "add", "ajouter", _("ID SIDE [level N] [as NEW-ID]"), _("bring a combatant into the fight")),
        Command("out", "out", "retirer", _("WHO"), _("take a combatant out of the fight")),
        Command("back", "back", "revenir", _("WHO"), _("bring a combatant taken out back")),
        Command("order", "order", "ordre", _("WHO…"), _("the order of those still to act this round")),
        Command("init", "init", "init", _("WHO N"), _("set a combatant's initiative this round")),
        Command("auto", "auto", "auto", _("[all | end]"),
                _("let estoc play the current combatant (all: every creature until a hero's turn; end: everyone "
                  "to the end of the fight)")),
        Command("undo", "undo", "annuler", "", _("undo the last command")),
        Command("redo", "redo", "refaire", "", _("redo what was undone")),
        Command("status", "status", "situation", "", _("the state of the fight")),
        Command("log", "log", "journal", "", _("the fight's log so far")),
        Command("summary", "summary", "bilan", "", _("hits, criticals and foes downed, per combatant")),
        Command("help", "help", "aide", "", _("this help")),
        Command("quit", "quit", "quitter", "", _("leave (the fight is saved)")),
    ]


def find(word: str) -> Command:
    wanted = fold(word)
    for command in commands():
        if wanted in (command.en, command.fr, command.name):
            return command
    raise InputError(_("unknown command {word!r}; type help").format(word=word))


CONDITION_WORDS = {
    "stun": "stun", "etourdi": "stun", "bleed": "bleed", "saignement": "bleed", "penalty": "penalty",
    "penalite": "penalty", "must-parry": "must-parry", "parade-obligatoire": "must-parry", "no-parry": "no-parry",
    "parade-interdite": "no-parry", "shaken": "shaken", "secoue": "shaken", "prone": "prone", "a-terre": "prone",
    "disarmed": "disarmed", "desarme": "disarmed", "down": "down", "inconscient": "down", "dead": "dead",
    "mort": "dead",
}
DICE_WORDS = {"roll": "attack", "jet": "attack", "crit": "critical", "critique": "critical",
              "extra": "extra-critical", "additionnel": "extra-critical", "fumble": "fumble",
              "maladresse": "fumble", "rr": "resistance", "jr": "resistance", "init": "initiative",
              "manoeuvre": "manoeuvre", "parry-roll": "parry", "jet-parade": "parry"}
OPTION_WORDS = {"strike": "strike", "arme": "strike", "parry": "parry", "parade": "parry", "vs": "parry_target",
                "contre": "parry_target", "mod": "mod", "modif": "mod", "level": "level", "niveau": "level",
                "as": "id", "comme": "id"}
FLAG_WORDS = {"unseen": "unseen", "inapercu": "unseen", "with": "with", "avec": "with", "all": "all",
              "tout": "all", "end": "end", "fin": "end", "conflict": "conflict", "conflit": "conflict"}


def _int(word: str, what: str) -> int:
    try:
        return int(word)
    except ValueError:
        raise InputError(_("{what} must be a whole number, not {word!r}").format(what=what, word=word)) from None


def _number(word: str, what: str) -> float:
    try:
        return float(word.replace(",", "."))
    except ValueError:
        raise InputError(_("{what} must be a number, not {word!r}").format(what=what, word=word)) from None


def parse(line: str) -> dict[str, Any]:
    """A command line as a request: ``{"command": name, "args": [...], options…, "typed": {purpose: faces}}``."""
    try:
        words = shlex.split(line)
    except ValueError as exc:
        raise InputError(_("cannot read this command: {error}").format(error=exc)) from None
    if not words:
        raise InputError(_("an empty command"))
    command = find(words[0])
    request: dict[str, Any] = {"command": command.name, "args": [], "typed": {}}
    i = 1
    while i < len(words):
        word = fold(words[i])
        if word in DICE_WORDS and command.name not in ("init",):
            purpose = DICE_WORDS[word]
            j = i + 1
            faces = []
            while j < len(words) and words[j].lstrip("-").isdigit():
                faces.append(_int(words[j], word))
                j += 1
            if not faces:
                raise InputError(_("{word} needs the faces of the dice").format(word=words[i]))
            request["typed"].setdefault(purpose, []).extend(faces)
            i = j
        elif word in OPTION_WORDS and i + 1 < len(words) and command.name != "condition":
            key = OPTION_WORDS[word]
            value = words[i + 1]
            request[key] = value if key in ("parry_target", "id") else _int(value, words[i])
            i += 2
        elif word in FLAG_WORDS:
            request[FLAG_WORDS[word]] = True
            i += 1
        else:
            request["args"].append(words[i])
            i += 1
    return request


def _need(request: dict[str, Any], count: int, usage: str) -> list[str]:
    args: list[str] = request["args"]
    if len(args) < count:
        spec = next(c for c in commands() if c.name == request["command"])
        word = spec.fr if language() == "fr" else spec.en
        raise InputError(_("missing arguments: {command} {usage}").format(command=word, usage=usage))
    return args


def to_event(request: dict[str, Any], current: str | None) -> dict[str, Any]:
    """The event a parsed request makes (without dice). Tracker verbs (undo, auto…) are not events."""
    name = request["command"]
    spec = next(c for c in commands() if c.name == name)
    args = request["args"]
    options: dict[str, Any] = {k: request[k] for k in ("strike", "parry", "parry_target", "mod") if k in request}
    if name in ("attack", "total-parry", "disengage"):
        target = _need(request, 1, spec.args)[0]
        event: dict[str, Any] = {"type": name, "target": target, **options}
    elif name == "move-attack":
        target, distance = _need(request, 2, spec.args)[:2]
        event = {"type": name, "target": target, "distance": _number(distance, _("the distance")), **options}
    elif name == "charge":
        target, distance = _need(request, 2, spec.args)[:2]
        event = {"type": name, "target": target, "distance": _number(distance, _("the distance")),
                 "seen": not request.get("unseen"), **options}
    elif name == "move":
        event = {"type": name, "distance": _number(_need(request, 1, spec.args)[0], _("the distance"))}
    elif name == "breathe":
        event = {"type": name, "targets": _need(request, 1, spec.args)}
    elif name == "instinctive-dodge":
        actor = args[0] if args else current
        if not actor:
            raise InputError(_("name who dodges"))
        event = {"type": name, "actor": actor}
    elif name == "intercept":
        event = {"type": name, "target": _need(request, 1, spec.args)[0]}
    elif name == "wait":
        event = {"type": name, "target": _need(request, 1, spec.args)[0],
                 "mode": "with" if request.get("with") else "after", "conflict": bool(request.get("conflict"))}
    elif name in ("dodge", "stand", "take-weapon", "pass", "flee"):
        event = {"type": name}
    elif name in ("hp", "damage", "heal", "relieve", "mod", "init"):
        who, number = _need(request, 2, spec.args)[:2]
        event = {"type": "gm", "op": name, "target": who, "value": _int(number, _("the value"))}
    elif name == "condition":
        who, condition = _need(request, 2, spec.args)[:2]
        key = CONDITION_WORDS.get(fold(condition))
        if key is None:
            raise InputError(_("unknown condition {name!r}; known: {known}").format(
                name=condition, known=", ".join(sorted(set(CONDITION_WORDS.values())))))
        amount = _int(args[2], _("the value")) if len(args) > 2 else 1
        event = {"type": "gm", "op": "condition", "target": who, "name": key, "value": amount}
    elif name == "fight-mod":
        event = {"type": "gm", "op": "fight-mod", "value": _int(_need(request, 1, spec.args)[0], _("the value"))}
    elif name == "add":
        ref, side = _need(request, 2, spec.args)[:2]
        event = {"type": "gm", "op": "add", "ref": ref, "side": side}
        if "level" in request:
            event["level"] = request["level"]
        if "id" in request:
            event["id"] = request["id"]
    elif name in ("out", "back"):
        event = {"type": "gm", "op": name, "target": _need(request, 1, spec.args)[0]}
    elif name == "order":
        event = {"type": "gm", "op": "order", "ids": _need(request, 1, spec.args)}
    else:
        raise InputError(_("{command} is no fight action").format(command=name))
    if request["typed"]:
        event["typed"] = request["typed"]
    return event
