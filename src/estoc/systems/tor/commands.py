"""The GM's command words for a fight of the One Ring house rules, in English and in French, turned into events.

Typed faces come after a keyword: ``feat 8`` (the attack's feat die; two faces when favoured or ill-favoured),
``dice 6 4 2`` (its success dice), ``prot 3`` and ``protdice 1 2`` (the protection roll's feat die, then its success
dice),
``skill 9`` and ``skilldice 6 1`` (a combat task's roll; ``comp``, ``compdes`` in French).

Gear is named the same way everywhere: ``helm`` (``casque``), ``shield`` (``bouclier``), or ``weapon N`` (``arme N``,
N from 1 in the hero's list): ``drop helm`` (``lacher casque``, the same as ``task reduire-charge helm``),
``pickup weapon 2`` (``ramasser arme 2``). ``complication HERO N`` sets a hero's complication (0 lifts it).
"""

from __future__ import annotations

from typing import Any

from estoc.engine import words
from estoc.engine.words import Command, tracker_commands
from estoc.errors import InputError
from estoc.i18n import _, language

STANCE_WORDS = {"forward": "forward", "avancee": "forward", "open": "open", "exposee": "open",
                "defensive": "defensive", "rearward": "rearward", "arriere": "rearward"}
SPECIAL_WORDS = {"heavy": "heavy", "puissant": "heavy", "fend": "fend", "repositionnement": "fend",
                 "pierce": "pierce", "perforation": "pierce", "shield": "shield", "bouclier": "shield",
                 "none": "none", "aucun": "none"}
GROUND_WORDS = {"free": True, "libre": True, "normal": False}
"""The GM's word on the ground (``ground free``, ``terrain libre``; ``normal`` in both languages)."""
ITEM_WORDS = {"helm": "helm", "casque": "helm", "shield": "shield", "bouclier": "shield", "weapon": "weapon",
              "arme": "weapon"}
"""Words for the gear one drops or picks up (a weapon takes its number: ``weapon 2``)."""


def commands() -> list[Command]:
    return [
        Command("shoot", "shoot", "tirer", _("WHO TARGET"), _("opening volleys: one shot each, before close combat")),
        Command("close", "close", "melee", "", _("end the opening volleys: close combat begins")),
        Command("stance", "stance", "position", _("HERO forward|open|defensive|rearward"), _("a hero's stance")),
        Command("engage", "engage", "engager", _("HERO ADVERSARY"), _("a hero picks an adversary (heroes not "
                                                                       "outnumbered)")),
        Command("assign", "assign", "assigner", _("HERO ADVERSARY…"), _("the GM gives a hero 1 to 3 adversaries "
                                                                          "(heroes outnumbered)")),
        Command("order", "order", "ordre", _("HERO…"),
                _("heroes of one stance choose their order of action (the GM may reorder them)")),
        Command("rear", "rear", "arriere", _("ADVERSARY"), _("the GM keeps a free adversary at the rear this round")),
        Command("ground", "ground", "terrain", _("free|normal"),
                _("the GM's word on the ground: free lets heroes stay at the rear whatever the numbers (a cliff), "
                  "normal puts the numbers back")),
        Command("fight", "fight", "combattre", "", _("close the stances and the engagement: the resolution begins")),
        Command("attack", "attack", "attaquer", _("TARGET [weapon N] [heavy|fend|pierce|shield|none] [hope]"),
                _("attack an engaged foe (from the rear, shoot any foe)")),
        Command("task", "task", "manoeuvre", _("ID [TARGET] [more] [spread]"),
                _("a combat task of one's stance (reduire-charge takes an item: helm, shield or weapon N)")),
        Command("yield", "yield", "ceder", _("HERO"), _("yield ground: halve the endurance the last attack cost")),
        Command("continue", "continue", "suite", "", _("after a blow that knocked a hero down: go on without yielding "
                                                       "ground")),
        Command("regain", "regain", "reprendre", "", _("regain position after yielding ground (main action)")),
        Command("pass", "pass", "passer", "", _("do nothing this round")),
        Command("drop", "drop", "lacher", _("helm|shield|weapon N"),
                _("reduce load: put the helm, the shield or a weapon on the ground (a secondary action)")),
        Command("pickup", "pickup", "ramasser", _("helm|shield|weapon N"),
                _("pick up the helm, the shield or a weapon dropped earlier (the main action)")),
        Command("complication", "complication", "complication", _("HERO N"),
                _("the GM sets a hero's complication: N dice off its attack and task rolls until cancelled (0 "
                  "lifts it)")),
        Command("endurance", "endurance", "pdv", _("WHO N"), _("set endurance"), also=("hp", "pv")),
        Command("damage", "damage", "degats", _("WHO N"), _("take N points of endurance off")),
        Command("heal", "heal", "soigner", _("WHO N"), _("give back N points of endurance (up to the sheet's)")),
        Command("wound", "wound", "blessure", _("WHO N [fatal]"),
                _("set the wounds carried (0 clears them): a hero's second leaves it dying, and so does a first "
                  "one called fatal (the Eye on the severity's roll)")),
        Command("dying", "dying", "mourant", _("WHO on|off"), _("a hero dying, or no longer")),
        Command("hope", "hope", "espoir", _("WHO N"), _("set a hero's Hope")),
        Command("condition", "condition", "etat", _("WHO weary|regain|dying on|off"),
                _("set a condition: weary (intimidated, this round), regain (must regain position after yielding "
                  "ground), dying")),
        Command("add", "add", "ajouter", _("ID [STANCE] [as NEW-ID] | FILE.yaml"),
                _("bring a hero (in a stance, open by default) or an adversary of the content into the fight, or the "
                  "reinforcements of a file")),
        Command("out", "out", "retirer", _("WHO"), _("take a combatant out of the fight")),
        Command("back", "back", "revenir", _("WHO"), _("bring a combatant taken out back")),
        *tracker_commands(),
    ]


GM_OPS = ("endurance", "damage", "heal", "wound", "dying", "hope", "condition", "out", "back")
"""The GM's overrides (:mod:`estoc.systems.tor.gm`), by their command's name."""
CONDITION_WORDS = {"weary": "weary", "las": "weary", "intimide": "weary", "regain": "regain",
                   "repositionnement": "regain", "a-reprendre": "regain", "dying": "dying", "mourant": "dying"}
FRENCH_CONDITIONS = {"weary": "las", "regain": "repositionnement", "dying": "mourant"}
"""The French word each condition is told by (any of :data:`CONDITION_WORDS` is taken)."""


def condition_names() -> str:
    """The conditions the GM may set, as typed in the user's language, for the message that refuses another."""
    return ", ".join(FRENCH_CONDITIONS[key] if language() == "fr" else key for key in FRENCH_CONDITIONS)


ON_WORDS = {"on": 1, "oui": 1, "yes": 1, "1": 1, "off": 0, "non": 0, "no": 0, "0": 0}
FATAL_WORDS = ("fatal", "fatale", "mortelle", "mortel")


DICE_WORDS = {"feat": "attack", "destin": "attack", "dice": "attack-success", "maitrise": "attack-success",
              "prot": "protection", "protdice": "protection-success", "skill": "task", "comp": "task",
              "skilldice": "task-success", "compdes": "task-success", "severity": "wound", "gravite": "wound"}
OPTION_WORDS = {"weapon": "weapon", "arme": "weapon", "as": "id", "comme": "id"}
FLAG_WORDS = {**{k: "special:" + v for k, v in SPECIAL_WORDS.items()}, "more": "more", "plus": "more",
              "spread": "spread", "repartir": "spread",
              "hope": "hope", "espoir": "hope", "all": "all", "tout": "all", "end": "end", "fin": "end"}


def parse(line: str) -> dict[str, Any]:
    return words.parse(line, words.Grammar(commands(), DICE_WORDS, OPTION_WORDS, FLAG_WORDS,
                                           no_flags=("stance", "drop", "pickup", "complication", "ground", "add",
                                                     *GM_OPS),
                                           no_options=("complication", *GM_OPS), no_dice=(*GM_OPS, "add"),
                                           text_options=("id",)))


def item_of(request: dict[str, Any], named: list[str]) -> str | None:
    """The one item a line names (``helm``, ``shield``, ``weapon:N``), from its words and its ``weapon N`` option;
    ``None`` when it names none."""
    items = [f"weapon:{request['weapon']}"] if "weapon" in request else []
    for key in request:
        if key == "special:shield":
            items.append("shield")  # « bouclier » after a task is read as the shield thrust's word
        elif key.startswith("special:"):
            raise InputError(_("name an item: helm, shield or weapon N"))
    for word in named:
        item = ITEM_WORDS.get(words.fold(word))
        if item is None:
            raise InputError(_("{word!r} is no item: helm, shield or weapon N").format(word=word))
        if item == "weapon":
            raise InputError(_("name the weapon by its number: weapon N"))
        items.append(item)
    if len(items) > 1:
        raise InputError(_("one item at a time: helm, shield or weapon N"))
    return items[0] if items else None


def _gear_event(request: dict[str, Any], event: dict[str, Any], named: list[str]) -> dict[str, Any]:
    """A drop or a pick-up: the item it names (typed faces are kept: the tracker refuses those not needed)."""
    item = item_of(request, named)
    if item is None:
        raise InputError(_("name an item: helm, shield or weapon N"))
    event["item"] = item
    if request["typed"]:
        event["typed"] = request["typed"]
    return event


def to_event(request: dict[str, Any]) -> dict[str, Any]:
    name, table = request["command"], commands()
    specials = [k.split(":", 1)[1] for k in request if k.startswith("special:")]
    if len(specials) > 1:
        raise InputError(_("one special damage at a time"))
    if name == "shoot":
        who, target = words.need(request, 2, table)[:2]
        event: dict[str, Any] = {"type": "shoot", "actor": who, "target": target}
    elif name == "stance":
        who, stance = words.need(request, 2, table)[:2]
        if words.fold(stance) not in STANCE_WORDS:
            raise InputError(_("a stance is forward, open, defensive or rearward, not {value!r}").format(value=stance))
        event = {"type": "stance", "target": who, "stance": STANCE_WORDS[words.fold(stance)]}
    elif name == "engage":
        hero, target = words.need(request, 2, table)[:2]
        event = {"type": "engage", "hero": hero, "target": target}
    elif name == "assign":
        hero, *targets = words.need(request, 2, table)
        event = {"type": "assign", "hero": hero, "targets": targets}
    elif name == "attack":
        event = {"type": "attack", "target": words.need(request, 1, table)[0]}
    elif name == "drop":
        return _gear_event(request, {"type": "task", "task": "reduire-charge"}, request["args"])
    elif name == "pickup":
        return _gear_event(request, {"type": "pickup"}, request["args"])
    elif name == "complication":
        hero, dice = words.need(request, 2, table)[:2]
        event = {"type": "complication", "target": hero, "penalty": words.whole(dice, _("the complication's dice"))}
    elif name == "task":
        task, *rest = words.need(request, 1, table)
        if words.fold(task) == "reduire-charge":
            return _gear_event(request, {"type": "task", "task": "reduire-charge"}, rest)
        event = {"type": "task", "task": words.fold(task)}
        if len(rest) > 1:
            words.refuse_unused(rest[1:])
        if rest:
            event["target"] = rest[0]
        for flag in ("more", "spread"):
            if request.get(flag):
                event[flag] = True
    elif name == "order":
        event = {"type": "order", "ids": list(words.need(request, 1, table))}
    elif name == "rear":
        event = {"type": "rear", "target": words.need(request, 1, table)[0]}
    elif name == "ground":
        typed = words.need(request, 1, table)[0]
        word = words.fold(typed)
        if word not in GROUND_WORDS:
            raise InputError(_("the ground is free (heroes may stay at the rear whatever the numbers) or normal, not "
                               "{value!r}").format(value=typed))
        event = {"type": "ground", "rear_free": GROUND_WORDS[word]}
    elif name == "yield":
        event = {"type": "yield", "target": words.need(request, 1, table)[0]}
    elif name in GM_OPS:
        return gm_event(request)
    elif name == "add":
        given = words.need(request, 1, table)
        event = {"type": "gm", "op": "add", "ref": given[0]}
        if len(given) > 1:
            stance = words.fold(given[1])
            if stance not in STANCE_WORDS:
                raise InputError(_("a stance is forward, open, defensive or rearward, not {value!r}").format(
                    value=given[1]))
            event["stance"] = STANCE_WORDS[stance]
        if "id" in request:
            event["id"] = request["id"]
        return event
    elif name in ("close", "fight", "regain", "pass", "continue"):
        event = {"type": name}
    else:
        raise InputError(_("{command} is no fight action").format(command=name))
    if "weapon" in request:
        event["weapon"] = request["weapon"]
    if specials:
        event["special"] = specials[0]
    if request.get("hope") and event["type"] in ("attack", "task", "shoot"):
        event["hope"] = True
    if request["typed"]:
        event["typed"] = request["typed"]
    return event


def _on_off(word: str) -> int:
    value = ON_WORDS.get(words.fold(word))
    if value is None:
        raise InputError(_("on or off, not {word!r}").format(word=word))
    return value


def gm_event(request: dict[str, Any]) -> dict[str, Any]:
    """A GM override's event (``{"type": "gm", "op": …}``): its words read here, its numbers checked by the fight."""
    name, table, args = request["command"], commands(), request["args"]
    least = {"out": 1, "back": 1}.get(name, 2)
    given = words.need(request, least, table)  # (the words it does not read are refused: words.all_used)
    event: dict[str, Any] = {"type": "gm", "op": name, "target": given[0]}
    if name in ("endurance", "damage", "heal", "hope", "wound"):
        event["value"] = words.whole(given[1], _("the value"))
    if name == "wound" and len(args) > 2:
        if words.fold(args[2]) not in FATAL_WORDS:
            raise InputError(_("a wound is fatal or not: {word!r} is not understood").format(word=args[2]))
        event["fatal"] = True
    if name == "dying":
        event["value"] = _on_off(given[1])
    if name == "condition":
        condition = CONDITION_WORDS.get(words.fold(given[1]))
        if condition is None:
            raise InputError(_("unknown condition {name!r}; known: {known}").format(
                name=given[1], known=condition_names()))
        event["name"] = condition
        event["value"] = _on_off(args[2]) if len(args) > 2 else 1
    return event
