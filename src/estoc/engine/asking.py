"""Who rolls which die at the table, and the question play asks when a die belongs to a player.

A command is deterministic given its faces. The tracker applies it on a copy with a dice source that knows, for each
die, the combatant the rules have roll it (the kernels say so: the attacker's attack and critical, the defender's
parry or dodge, the wounded hero's protection…). When that combatant's dice are to be asked and no face was given,
the source stops the command (:class:`~estoc.dice.sources.AskFace`); nothing is kept, the tracker holds a
:class:`Question`, and once it is answered (a face, or « estoc rolls ») the command is applied again from the start
with the answer added, and goes on to the next die it needs. A stored event keeps every face, as before: replay and
undo do not know a question was ever asked.

Who is asked is the GM's choice (:data:`MODES`), per fight and per combatant: an encounter's ``dice:`` block, and
the ``dice`` command during the fight (a tracker event, folded like the GM's marks: the fight never sees it).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from estoc.engine.words import refuse_unused
from estoc.errors import InputError
from estoc.i18n import _

ASK, ROLL, ATTACK = "ask", "roll", "attack"
MODES = (ASK, ROLL, ATTACK)
"""Who rolls a combatant's dice: its player is asked for each (``ask``), estoc rolls them (``roll``), or its player
is asked for its attack rolls only (``attack``)."""
PLAYERS, OTHERS, EVERYONE = "players", "others", "*"
"""The keys of a ``dice:`` block besides combatants' ids: the players' characters, the others, everyone."""
DEFAULTS = {PLAYERS: ASK, OTHERS: ROLL}
"""The table's default: the players roll their own dice, estoc rolls the creatures'."""
ATTACK_PURPOSES = frozenset({"attack", "attack-success"})
"""The purposes of an attack roll, in every system (the One Ring's success dice are part of its attack roll)."""
MODE_WORDS = {"ask": ASK, "demander": ASK, "joueur": ASK, "roll": ROLL, "estoc": ROLL, "lancer": ROLL,
              "attack": ATTACK, "attaque": ATTACK}
"""The words of the ``dice`` command and of a ``dice:`` block for each mode (folded)."""
WHO_WORDS = {"players": PLAYERS, "joueurs": PLAYERS, "others": OTHERS, "autres": OTHERS, "creatures": OTHERS,
             "creatures-estoc": OTHERS, "all": EVERYONE, "tous": EVERYONE, "tout": EVERYONE, "*": EVERYONE}
"""The words that name a group in the ``dice`` command and a ``dice:`` block (folded)."""
DICE_TYPE = "tracker-dice"
"""The stored event of the ``dice`` command."""


def mode_word(word: str) -> str:
    """The mode a word names.

    Raises:
        InputError: no mode by that word.
    """
    found = MODE_WORDS.get(word.strip().lower())
    if found is None:
        raise InputError(_("who rolls: ask (the player is asked), roll (estoc rolls) or attack (only the attack "
                           "rolls are asked), not {word!r}").format(word=word[:40]))
    return found


def read_block(block: object, where: str) -> dict[str, str]:
    """An encounter's ``dice:`` block (``players: ask``, ``others: roll``, ``ID: attack``…) as modes by key.

    Raises:
        InputError: not a mapping of words to modes.
    """
    if block is None:
        return {}
    if not isinstance(block, Mapping):
        raise InputError(_("{where}: dice is a list of who rolls what (players: ask, others: roll, ID: attack)")
                         .format(where=where))
    out: dict[str, str] = {}
    for key, value in block.items():
        word = str(key).strip()
        out[WHO_WORDS.get(word.lower(), word)] = mode_word(str(value))
    return out


@dataclass
class Modes:
    """Who rolls what in one fight: the encounter's block, then the GM's ``dice`` commands in effect (the last word
    on a key wins; a group's word clears what was said of its members before)."""

    by_key: dict[str, str] = field(default_factory=dict)
    off: bool = False
    """Nobody is ever asked (``estoc run --no-ask``): estoc rolls everything."""

    def copy(self) -> Modes:
        return Modes(dict(self.by_key), self.off)

    def set(self, key: str, mode: str, ids: list[str], players: Mapping[str, bool]) -> None:
        if key in (PLAYERS, OTHERS, EVERYONE):
            for cid in ids:
                if key == EVERYONE or players.get(cid, False) == (key == PLAYERS):
                    self.by_key.pop(cid, None)
            if key == EVERYONE:
                self.by_key.pop(PLAYERS, None)
                self.by_key.pop(OTHERS, None)
        self.by_key[key] = mode

    def of(self, cid: str, player: bool) -> str:
        """The mode of combatant ``cid`` (a player's character or not)."""
        if cid in self.by_key:
            return self.by_key[cid]
        group = PLAYERS if player else OTHERS
        return self.by_key.get(group) or self.by_key.get(EVERYONE) or DEFAULTS[group]

    def asker(self, ids: list[str], players: Mapping[str, bool]) -> Callable[[int, str], bool] | None:
        """Whether the die of the combatant at index ``who`` for ``purpose`` is asked (``None``: nobody is)."""
        if self.off:
            return None

        def ask(who: int, purpose: str) -> bool:
            if not 0 <= who < len(ids):
                return False
            mode = self.of(ids[who], players.get(ids[who], False))
            return mode == ASK or (mode == ATTACK and purpose in ATTACK_PURPOSES)
        return ask


def fold_modes(setup: Mapping[str, Any], events: list[dict[str, Any]], ids: list[str],
               players: Mapping[str, bool]) -> Modes:
    """The modes of a fight: its setup's ``dice`` block, then its ``dice`` commands in effect, in order."""
    modes = Modes({str(k): str(v) for k, v in (setup.get("dice") or {}).items()})
    for event in events:
        if event.get("type") == DICE_TYPE:
            modes.set(str(event["who"]), str(event["mode"]), ids, players)
    return modes


def dice_event(args: list[str], ids: list[str]) -> dict[str, Any]:
    """The stored event of ``dice WHO MODE`` (``WHO``: a combatant's id, players, others or all).

    Raises:
        InputError: not two words, an unknown combatant or mode.
    """
    if len(args) > 2:
        refuse_unused(args[2:])
    if len(args) != 2:
        raise InputError(_("who rolls: dice WHO MODE (WHO: an id, players, others or all; MODE: ask, roll or "
                           "attack)"))
    who, mode = args
    key = WHO_WORDS.get(who.strip().lower())
    if key is None:
        wanted = who.strip().lower()
        key = next((cid for cid in ids if cid.lower() == wanted), None)
        if key is None:
            raise InputError(_("no combatant {id} in this fight; there are: {ids}").format(
                id=who[:40], ids=", ".join(ids)))
    return {"type": DICE_TYPE, "who": key, "mode": mode_word(mode)}


@dataclass(frozen=True)
class Question:
    """A die awaited from a player: whose (``who``, its ``name``), for what (``purpose``), which die (``sides``),
    the how-manieth of that purpose in the command (``given`` faces of it drawn before: the second die of an
    open-ended roll…), and the command waiting on it (``line``). ``number`` tells one question from the next: an
    answer names the question it answers, and one that comes after it was answered is refused."""

    number: int
    who: str
    name: dict[str, str]
    player: bool
    purpose: str
    sides: int
    given: int
    line: str

    def record(self) -> dict[str, Any]:
        """The question as a record (every face reads it: terminal, browser, scripts)."""
        return {"kind": "question", "number": self.number, "who": self.who, "who_name": dict(self.name),
                "player": self.player, "purpose": self.purpose, "sides": self.sides, "given": self.given,
                "line": self.line}


ROLL_WORDS = frozenset({"", "estoc", "roll", "lance", "lancer", "r"})
"""An answer that leaves the die to estoc (Enter alone, in the terminal)."""
CANCEL_WORDS = frozenset({"annuler", "cancel", "stop", "non", "abandon"})
"""An answer that drops the command waiting on the question (nothing stored)."""


ANSWER_MAX = 40
"""The most faces one answer gives (a handful of success dice, a damage's dice)."""


def read_answer(text: str, question: Question) -> list[int] | None:
    """The faces an answer gives: whole numbers on the die (several at once: the dice that follow are of the same
    roll, « 4 2 6 » for three success dice), ``[0]`` for « estoc rolls it »; ``None``: cancel.

    Raises:
        InputError: neither faces of the die, nor « estoc rolls », nor cancel.
    """
    word = " ".join(text.replace(",", " ").split()).lower()
    if word in CANCEL_WORDS:
        return None
    if word in ROLL_WORDS:
        return [0]
    parts = word.split()
    if len(parts) <= ANSWER_MAX and all(p.isdigit() and len(p) < 6 and 1 <= int(p) <= question.sides
                                        for p in parts):
        return [int(p) for p in parts]
    raise InputError(_("a d{sides} shows 1 to {sides}: type the face, Enter for estoc to roll it, or cancel "
                       "(not {text!r})").format(sides=question.sides, text=text[:20]))
