"""The GM's command words for a d100 fight, in English and in French, turned into events.

Actions are for the combatant whose turn it is; movement and GM changes name whom they touch. Typed faces come
after a keyword: ``roll 23`` (the attack), ``def 45`` (the parry or dodge), ``dmg 4 3`` (the weapon's damage dice, in
order), ``bonus 2`` (the damage bonus), ``aid 30`` and ``heal 2`` (first aid), ``ko 4`` (hours unconscious).
"""

from __future__ import annotations

from typing import Any

from estoc.engine import words
from estoc.engine.words import Command, tracker_commands
from estoc.errors import InputError
from estoc.i18n import _


def commands() -> list[Command]:
    """Every command, with help in the user's language."""
    return [
        Command("attack", "attack", "attaquer", _("TARGET [weapon N|bash] [parry|dodge|none] [with N] [unseen] "
                                                   "[distance M] [difficult] [mod N]"),
                _("attack a foe; the defender answers with the defence named (default: the best allowed), "
                  "parrying with what it holds (with N: its weapon N, which it must hold); unseen: the defender "
                  "neither knows of the blow nor sees it, so no defence")),
        Command("ready", "ready", "degainer", _("[weapon N]"),
                _("take another weapon in hand (the round's action where the setting ready_weapon is action)")),
        Command("first-aid", "first-aid", "premiers-soins", _("WHO [wound N]"),
                _("first aid on one wound (a full round; once per wound)")),
        Command("reload", "reload", "recharger", _("[weapon N]"), _("reload a crossbow or a firearm (a full "
                                                                     "round)")),
        Command("pass", "pass", "passer", "", _("do nothing this round")),
        Command("move", "move", "deplacer", _("WHO METRES"),
                _("movement phase, 30 m at most: 6–15 m halves the DEX rank, 16–29 m quarters it, 30 m leaves only "
                  "defences")),
        Command("kneel", "kneel", "genou", _("WHO"), _("kneel behind a large shield, or stand up again")),
        Command("intent", "intent", "intention", _("WHO TEXT…"),
                _("statement of intent, in DEX order (highest first); the GM may skip this phase")),
        Command("reach", "reach", "allonge", _("WHO missile|long|medium|short [weapon N]"),
                _("the reach to act at and the weapon it is about to use (taken in hand): at one DEX rank, "
                  "missile weapons first, then long, medium and short ones")),
        Command("actions", "actions", "actions", "", _("end the movement phase: the DEX ranks act")),
        Command("end-round", "end-round", "fin-round", "", _("end the round now (whoever is at 0 hit points "
                                                              "dies)")),
        Command("hp", "hp", "pdv", _("WHO N"), _("set hit points"), also=("pv",)),
        Command("damage", "damage", "degats", _("WHO N"), _("inflict a wound of N hit points")),
        Command("heal", "heal", "soigner", _("WHO N"), _("give back hit points")),
        Command("wake", "wake", "reveiller", _("WHO"), _("wake an unconscious combatant")),
        Command("rest", "rest", "repos", _("WHO [weeks N] [ideal]"),
                _("weeks of rest: 1D3 hit points back a week, 3 in ideal care")),
        Command("add", "add", "ajouter", _("ID SIDE [as NEW-ID] | FILE.yaml"),
                _("bring a character of the content into the fight, on a side, or the reinforcements of a file "
                  "(they act from the next round)")),
        Command("distance", "distance", "distance", _("WHO WHO METRES"),
                _("the metres between two foes: the first stands that far from the second (on the line between the "
                  "sides, so its other distances follow)")),
        Command("out", "out", "retirer", _("WHO"), _("take a combatant out of the fight")),
        Command("back", "back", "revenir", _("WHO"), _("bring a combatant taken out back")),
        *tracker_commands(),
    ]


DICE_WORDS = {"roll": "attack", "jet": "attack", "def": "defence", "defense": "defence", "dmg": "damage",
              "deg": "damage", "bonus": "damage-bonus", "aid": "first-aid", "soin": "first-aid",
              "heal": "first-aid-heal", "gain": "first-aid-heal", "week": "healing", "semaine": "healing",
              "ko": "unconscious"}
OPTION_WORDS = {"weapon": "weapon", "arme": "weapon", "distance": "distance", "mod": "mod", "modif": "mod",
                "wound": "wound", "blessure": "wound", "with": "parry_weapon", "avec": "parry_weapon",
                "weeks": "weeks", "semaines": "weeks", "as": "id", "comme": "id"}
REACH_WORDS = {"missile": "missile", "projectile": "missile", "tir": "missile", "long": "long", "longue": "long",
               "medium": "medium", "moyenne": "medium", "short": "short", "courte": "short"}
FLAG_WORDS = {"parry": "parry", "parade": "parry", "parer": "parry", "dodge": "dodge", "esquive": "dodge",
              "esquiver": "dodge", "none": "none", "aucune": "none", "difficult": "difficult",
              "difficile": "difficult", "all": "all", "tout": "all", "end": "end", "fin": "end", "unseen": "unseen",
              "inapercu": "unseen", "ideal": "ideal", "ideaux": "ideal", "bash": "bash", "bouclier": "bash"}
def parse(line: str) -> dict[str, Any]:
    return words.parse(line, words.Grammar(commands(), DICE_WORDS, OPTION_WORDS, FLAG_WORDS,
                                           no_dice=("hp", "damage", "heal", "intent", "add", "distance"),
                                           text_options=("id",),
                                           no_options=("intent",), no_flags=("intent",)))


def to_event(request: dict[str, Any]) -> dict[str, Any]:
    """The event a parsed request makes (without dice)."""
    name = request["command"]
    table = commands()
    if name == "attack":
        event: dict[str, Any] = {"type": "attack", "target": words.need(request, 1, table)[0]}
        chosen = [d for d in ("parry", "dodge", "none") if request.get(d)]
        if len(chosen) > 1:
            raise InputError(_("one defence at a time: parry, dodge or none"))
        if chosen:
            event["defence"] = chosen[0]
        for key in ("weapon", "distance", "mod", "parry_weapon"):
            if key in request:
                event[key] = request[key]
        for flag in ("difficult", "unseen", "bash"):
            if request.get(flag):
                event[flag] = True
    elif name == "first-aid":
        event = {"type": "first-aid", "target": words.need(request, 1, table)[0]}
        if "wound" in request:
            event["wound"] = request["wound"]
    elif name in ("reload", "ready"):
        event = {"type": name, **({"weapon": request["weapon"]} if "weapon" in request else {})}
    elif name in ("pass", "actions", "end-round"):
        event = {"type": name}
    elif name == "move":
        who, metres = words.need(request, 2, table)[:2]
        event = {"type": "move", "target": who, "metres": words.whole(metres, _("the distance"))}
    elif name == "intent":
        who, *text = words.need(request, 2, table)
        event = {"type": "intent", "target": who, "text": " ".join(text)}
    elif name == "reach":
        who, reach = words.need(request, 2, table)[:2]
        if words.fold(reach) not in REACH_WORDS:
            raise InputError(_("a reach is missile, long, medium or short, not {value!r}").format(value=reach))
        event = {"type": "reach", "target": who, "reach": REACH_WORDS[words.fold(reach)]}
        if "weapon" in request:
            event["weapon"] = request["weapon"]
        if request.get("bash"):
            event["bash"] = True
    elif name == "rest":
        event = {"type": "gm", "op": "rest", "target": words.need(request, 1, table)[0],
                 "value": int(request.get("weeks", 1)), "ideal": bool(request.get("ideal"))}
    elif name == "kneel":
        event = {"type": "kneel", "target": words.need(request, 1, table)[0]}
    elif name in ("hp", "damage", "heal"):
        who, value = words.need(request, 2, table)[:2]
        event = {"type": "gm", "op": name, "target": who, "value": words.whole(value, _("the value"))}
    elif name == "add":
        ref, side = words.need(request, 2, table)[:2]
        event = {"type": "gm", "op": "add", "ref": ref, "side": side, **({"id": request["id"]} if "id" in request
                                                                         else {})}
    elif name == "distance":
        a, b, metres = words.need(request, 3, table)[:3]
        event = {"type": "gm", "op": "distance", "ids": [a, b], "value": words.whole(metres, _("the distance"))}
    elif name in ("wake", "out", "back"):
        event = {"type": "gm", "op": name, "target": words.need(request, 1, table)[0]}
    else:
        raise InputError(_("{command} is no fight action").format(command=name))
    if request["typed"]:
        event["typed"] = request["typed"]
    return event
