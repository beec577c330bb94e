"""The GM's command words for a HARP fight, in English and in French, turned into events.

A command line is words separated by spaces (quotes allowed). Actions are for the combatant whose turn it is;
GM overrides name whom they touch. Faces of physical dice come after a keyword: ``roll 97 99 40`` (the attack's
open-ended chain), ``crit 62``, ``extra 15`` (additional critical), ``fumble 40``, ``rr 55`` (resistance rolls),
``init 7`` (initiative d10s, in the order of the combatants). Accents and case do not matter.
"""

from __future__ import annotations

from typing import Any

from estoc.content.models.common import BONUS_MAX, HP_MAX, LEVEL_MAX, METRES_MAX, ROUNDS_MAX
from estoc.engine import words
from estoc.engine.numbers import bounded, field_word
from estoc.engine.words import Command, fold, tracker_commands
from estoc.errors import InputError
from estoc.i18n import _, language, ngettext

__all__ = ["Command", "commands", "fold", "initiative_event", "parse", "resolve_initiatives", "to_event"]

GM_RANGES = {"hp": (-HP_MAX, HP_MAX), "damage": (0, HP_MAX), "heal": (0, HP_MAX), "relieve": (0, BONUS_MAX),
             "mod": (-BONUS_MAX, BONUS_MAX), "init": (-BONUS_MAX, BONUS_MAX)}
"""The range of each GM override's number: hit points as a sheet holds them, modifiers as a total bonus."""
OPTION_RANGES = {"strike": (1, 100), "parry": (0, BONUS_MAX), "mod": (-BONUS_MAX, BONUS_MAX)}


def commands() -> list[Command]:
    """Every command, with help in the user's language."""
    return [
        Command("attack", "attack", "attaquer",
                _("TARGET [strike N] [parry N [vs ID,ID…]] [mod N] [position ID,ID] [flank|rear]"),
                _("attack a foe, optionally parrying with part of the OB (shared between the foes named: multiple "
                  "parries); flank or rear: where the blow comes from (position bonus, shield's arc)")),
        Command("move-attack", "move-attack", "deplacer-attaquer",
                _("TARGET METRES [strike N] [parry N [vs ID,ID…]] [flank|rear]"),
                _("move (up to the base movement) and attack at −20")),
        Command("total-parry", "total-parry", "parade-totale", _("OPPONENT"),
                _("all the OB to the DB (+10) against one opponent")),
        Command("dodge", "dodge", "esquiver", "", _("dodge: +50 and the manoeuvre's bonus to the DB")),
        Command("instinctive-dodge", "instinctive-dodge", "esquive-instinctive", _("WHO"),
                _("an instinctive dodge, at any moment (+25 and the bonus)")),
        Command("charge", "charge", "charger", _("TARGET METRES [strike N] [unseen] [flank|rear]"),
                _("charge: +20 OB, −20 DB (a beast charges with its Ram unless a strike is named)")),
        Command("move", "move", "deplacer", _(_("the distance")), _("move, walking or running")),
        Command("disengage", "disengage", "desengager", _("OPPONENT [parry N]"),
                _("break off: parry with at least half the OB")),
        Command("breathe", "breathe", "souffler", _("TARGET…"), _("a breath on every creature named")),
        Command("shove", "shove", "bousculer", _("SHOOTER BONUS"),
                _("push a shooter in contact aside (BONUS: Brawling, else Strength + Agility); the percentage "
                  "column comes off its next shot")),
        Command("stand", "stand", "relever", "", _("get back on one's feet")),
        Command("take-weapon", "take-weapon", "ramasser", "", _("take up a dropped weapon")),
        Command("pass", "pass", "passer", "", _("do nothing this turn")),
        Command("flee", "flee", "fuir", "", _("leave the fight")),
        Command("wait", "wait", "attendre", _("WHO [with]"), _("wait to act after (or with) a later combatant")),
        Command("intercept", "intercept", "intercepter", _("WHO"),
                _("lie in wait to act just before a later combatant (pass if it never comes: initiative next "
                  "round)")),
        Command("hp", "hp", "pdv", _("WHO N"), _("set hit points"), also=("pv",)),
        Command("damage", "damage", "degats", _("WHO N"), _("inflict hit points of damage")),
        Command("heal", "heal", "soigner", _("WHO N"), _("give back hit points")),
        Command("condition", "condition", "etat", _("WHO NAME N"),
                _("set a condition (stun, bleed, penalty, must-parry, no-parry, shaken, prone, disarmed, down, "
                  "dead); 0 ends it")),
        Command("relieve", "relieve", "soulager", _("WHO N"),
                _("lessen penalties by N (ends must-parry and no-parry)")),
        Command("mod", "mod", "modif", _("WHO N"), _("a modifier to that combatant's next attack")),
        Command("fight-mod", "fight-mod", "modif-combat", _("N"), _("a modifier to every attack of the fight")),
        Command("add", "add", "ajouter", _("ID SIDE [level N] [as NEW-ID] | FILE.yaml"),
                _("bring a combatant into the fight")),
        Command("out", "out", "retirer", _("WHO"), _("take a combatant out of the fight")),
        Command("back", "back", "revenir", _("WHO"), _("bring a combatant taken out back")),
        Command("order", "order", "ordre", _("WHO…"), _("the order of those still to act this round")),
        Command("init", "init", "init", _("N… | WHO N…"),
                _("initiative totals this round: the players' in the order the round's start gives, or each after "
                  "an id")),
        Command("distance", "distance", "distance", _("WHO WHO METRES"),
                _("the metres between two combatants (0: in contact; -1: unknown), for shots' range")),
        Command("cover", "cover", "couvert", _("WHO COVER"), _("a combatant behind cover (a cover's id, or none)")),
        Command("sun", "sun", "soleil", _("on|off"), _("full sunlight from now on, or no longer")),
        Command("surprise", "surprise", "surpris", _("SIDE|none"),
                _("that side is surprised this round (before the fight begins: the first round, −20 initiative); "
                  "none ends it")),
        Command("declare", "declare", "annoncer", _("WHO ID,ID…|none"),
                _("initiative modifiers of what a combatant announces for its next initiative roll (sheathed "
                  "weapon, moving, running, casting…)")),
        *tracker_commands(),
    ]


CONDITION_WORDS = {
    "stun": "stun", "etourdi": "stun", "bleed": "bleed", "saignement": "bleed", "penalty": "penalty",
    "penalite": "penalty", "must-parry": "must-parry", "parade-obligatoire": "must-parry", "no-parry": "no-parry",
    "parade-interdite": "no-parry", "shaken": "shaken", "secoue": "shaken", "prone": "prone", "a-terre": "prone",
    "disarmed": "disarmed", "desarme": "disarmed", "down": "down", "inconscient": "down", "dead": "dead",
    "mort": "dead",
}


def condition_names() -> str:
    """The conditions the GM may set, as typed in the user's language (``etourdi``… in French: accents are
    optional), for the message that refuses an unknown one."""
    english = language() != "fr"
    names = {key: word for word, key in CONDITION_WORDS.items() if (word == key) == english}
    return ", ".join(names.values())


DICE_WORDS = {"roll": "attack", "jet": "attack", "crit": "critical", "critique": "critical",
              "extra": "extra-critical", "additionnel": "extra-critical", "fumble": "fumble",
              "maladresse": "fumble", "rr": "resistance", "jr": "resistance", "init": "initiative",
              "manoeuvre": "manoeuvre", "parry-roll": "parry", "jet-parade": "parry", "perception": "perception"}
OPTION_WORDS = {"strike": "strike", "arme": "strike", "parry": "parry", "parade": "parry", "vs": "parry_target",
                "contre": "parry_target", "mod": "mod", "modif": "mod", "level": "level", "niveau": "level",
                "as": "id", "comme": "id", "position": "positions"}
FLAG_WORDS = {"unseen": "unseen", "inapercu": "unseen", "with": "with", "avec": "with", "all": "all",
              "tout": "all", "end": "end", "fin": "end", "conflict": "conflict", "conflit": "conflict",
              "flank": "flank", "flanc": "flank", "rear": "rear", "dos": "rear"}
ON_WORDS = {"on": True, "oui": True, "yes": True, "1": True, "off": False, "non": False, "no": False, "0": False}
NONE_WORDS = ("none", "aucun", "aucune", "personne", "-")


def parse(line: str) -> dict[str, Any]:
    """A command line as a request: ``{"command": name, "args": [...], options…, "typed": {purpose: faces}}``."""
    return words.parse(line, words.Grammar(commands(), DICE_WORDS, OPTION_WORDS, FLAG_WORDS,
                                           text_options=("parry_target", "id", "positions"), no_dice=("init",),
                                           no_options=("condition",)))


def _need(request: dict[str, Any], count: int, usage: str) -> list[str]:
    return words.need(request, count, commands())


def to_event(request: dict[str, Any], current: str | None) -> dict[str, Any]:
    """The event a parsed request makes (without dice). Tracker verbs (undo, auto…) are not events."""
    name = request["command"]
    spec = next(c for c in commands() if c.name == name)
    args = request["args"]
    options: dict[str, Any] = {k: request[k] for k in ("strike", "parry", "parry_target", "mod", "positions")
                               if k in request}
    if request.get("flank") and request.get("rear"):
        raise InputError(_("a blow comes from the flank or from the rear, not both"))
    if name in ("attack", "move-attack", "charge") and (request.get("flank") or request.get("rear")):
        options["direction"] = "flank" if request.get("flank") else "rear"
    for option, (low, high) in OPTION_RANGES.items():
        if option in options:
            options[option] = bounded(options[option], field_word(option), low, high)
    if name in ("attack", "total-parry", "disengage"):
        target = _need(request, 1, spec.args)[0]
        event: dict[str, Any] = {"type": name, "target": target, **options}
    elif name == "move-attack":
        target, distance = _need(request, 2, spec.args)[:2]
        event = {"type": name, "target": target, "distance": words.number(distance, _("the distance"), 0, METRES_MAX),
                 **options}
    elif name == "charge":
        target, distance = _need(request, 2, spec.args)[:2]
        event = {"type": name, "target": target, "distance": words.number(distance, _("the distance"), 0, METRES_MAX),
                 "seen": not request.get("unseen"), **options}
    elif name == "move":
        walked = words.number(_need(request, 1, spec.args)[0], _("the distance"), 0, METRES_MAX)
        event = {"type": name, "distance": walked}
    elif name == "shove":
        target, bonus = _need(request, 2, spec.args)[:2]
        event = {"type": name, "target": target, "bonus": words.whole(bonus, _("the bonus"), -BONUS_MAX, BONUS_MAX)}
    elif name == "breathe":
        event = {"type": name, "targets": list(_need(request, 1, spec.args))}
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
    elif name == "init":
        event = initiative_event(_need(request, 1, spec.args))
    elif name in ("hp", "damage", "heal", "relieve", "mod"):
        who, number = _need(request, 2, spec.args)[:2]
        event = {"type": "gm", "op": name, "target": who,
                 "value": words.whole(number, _("the value"), *GM_RANGES[name])}
    elif name == "condition":
        who, condition = _need(request, 2, spec.args)[:2]
        key = CONDITION_WORDS.get(fold(condition))
        if key is None:
            raise InputError(_("unknown condition {name!r}; known: {known}").format(
                name=condition, known=condition_names()))
        amount = words.whole(args[2], _("the value"), -ROUNDS_MAX, ROUNDS_MAX) if len(args) > 2 else 1
        event = {"type": "gm", "op": "condition", "target": who, "name": key, "value": amount}
    elif name == "fight-mod":
        event = {"type": "gm", "op": "fight-mod",
                 "value": words.whole(_need(request, 1, spec.args)[0], _("the value"), -BONUS_MAX, BONUS_MAX)}
    elif name == "add":
        ref, side = _need(request, 2, spec.args)[:2]
        event = {"type": "gm", "op": "add", "ref": ref, "side": side}
        if "level" in request:
            event["level"] = bounded(request["level"], _("the level"), 0, LEVEL_MAX)
        if "id" in request:
            event["id"] = request["id"]
    elif name == "distance":
        a, b, metres = _need(request, 3, spec.args)[:3]
        event = {"type": "gm", "op": "distance", "ids": [a, b],
                 "value": words.whole(metres, _("the distance"), -1, METRES_MAX)}
    elif name == "cover":
        who, cover = _need(request, 2, spec.args)[:2]
        event = {"type": "gm", "op": "cover", "target": who, "cover": cover}
    elif name == "sun":
        word = fold(_need(request, 1, spec.args)[0])
        if word not in ON_WORDS:
            raise InputError(_("sun: on or off, not {word!r}").format(word=word))
        event = {"type": "gm", "op": "sun", "value": int(ON_WORDS[word])}
    elif name == "surprise":
        side = _need(request, 1, spec.args)[0]
        event = {"type": "gm", "op": "surprise", "side": None if fold(side) in NONE_WORDS else side}
    elif name == "declare":
        who, chosen = _need(request, 2, spec.args)[:2]
        event = {"type": "gm", "op": "declare", "target": who,
                 "ids": [] if fold(chosen) in NONE_WORDS else [part for part in chosen.split(",") if part]}
    elif name in ("out", "back"):
        event = {"type": "gm", "op": name, "target": _need(request, 1, spec.args)[0]}
    elif name == "order":
        event = {"type": "gm", "op": "order", "ids": list(_need(request, 1, spec.args))}
    else:
        raise InputError(_("{command} is no fight action").format(command=name))
    if request["typed"]:
        event["typed"] = request["typed"]
    return event


def _is_number(word: str) -> bool:
    return word.lstrip("+-").isdigit()


def initiative_event(args: list[str]) -> dict[str, Any]:
    """``init`` with its arguments: totals alone (``init 26 15``: the players still to roll, in the order the round's
    start gives), totals after ids (``init faralinde 26 brundar 15``), or both (the bare totals go to the players
    not named). One total after one id is the GM's plain override, as it always was. Bare totals are matched to the
    players by :func:`resolve_initiatives`, which needs the fight."""
    entries: list[list[Any]] = []
    i = 0
    while i < len(args):
        word = args[i]
        if _is_number(word):
            entries.append([None, words.whole(word, _("an initiative total"), *GM_RANGES["init"])])
            i += 1
            continue
        if i + 1 >= len(args) or not _is_number(args[i + 1]):
            raise InputError(_("init: a total is needed after {id}").format(id=word))
        entries.append([word, words.whole(args[i + 1], _("the initiative of {id}").format(id=word),
                                          *GM_RANGES["init"])])
        i += 2
    named = [fold(str(who)) for who, _total in entries if who is not None]
    twice = sorted({who for who in named if named.count(who) > 1})
    if twice:
        raise InputError(_("init: {ids} given twice").format(ids=", ".join(twice)))
    if len(entries) == 1 and entries[0][0] is not None:
        return {"type": "gm", "op": "init", "target": entries[0][0], "value": entries[0][1]}
    return {"type": "gm", "op": "init", "entries": entries}


def resolve_initiatives(event: dict[str, Any], to_roll: list[str]) -> dict[str, Any]:
    """An ``init`` event with its bare totals given to the players still to roll (``to_roll``, ids in order) who
    are not named in it; a wrong count is refused, naming whom estoc expects, in order."""
    if event.get("op") != "init" or "entries" not in event:
        return event
    entries = event["entries"]
    named = {fold(str(who)) for who, _total in entries if who is not None}
    waiting = iter([who for who in to_roll if fold(who) not in named])
    expected = [who for who in to_roll if fold(who) not in named]
    bare = sum(1 for who, _total in entries if who is None)
    if bare and not expected:
        raise InputError(_("init: no player is left to roll initiative this round; name whom: init WHO N"))
    if bare and bare != len(expected):
        given = ngettext("{n} total given", "{n} totals given", bare).format(n=bare)
        raise InputError(_("init expects the totals of {ids}, in this order; {given}.").format(
            ids=", ".join(expected), given=given))
    values = [[who if who is not None else next(waiting), total] for who, total in entries]
    if len(values) == 1:
        return {"type": "gm", "op": "init", "target": values[0][0], "value": values[0][1]}
    return {"type": "gm", "op": "init", "values": values}
