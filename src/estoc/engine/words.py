"""Command lines at the table, whatever the system: words in English or French, accents and case ignored, typed
dice faces after a keyword, options with a value, flags.

A system gives its :class:`Command` list and its keyword tables; :func:`parse` turns a line into a request
``{"command": name, "args": [...], option: value…, flag: True…, "typed": {purpose: faces}}``.

A line is one command, and a command uses every word of it: its ``args`` (:class:`Words`) remember which of them
the command read, and :func:`all_used` refuses the line when one was left (« mot en trop : orque-2 »).
"""

from __future__ import annotations

import difflib
import shlex
import unicodedata
from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, SupportsIndex, overload

from babel.lists import format_list

from estoc.engine.numbers import TYPED_LIMIT, bounded, bounded_real
from estoc.errors import InputError
from estoc.i18n import _, language, ngettext

LINE_BREAKS = frozenset("\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029")
"""Every character that ends a line for Python (:meth:`str.splitlines`): a command line holds none (one line, one
command)."""


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
    also: tuple[str, ...] = ()
    """Other words for it (a system's synonyms: ``pv`` and ``hp`` beside ``pdv``), accepted, not listed."""


MARK_VERBS = ("mark", "note", "timer", "clear", "dice")
"""The GM's own marks (:mod:`estoc.play.marks`): tracker events that no rule system sees."""
TRACKER_VERBS = ("undo", "redo", "auto", "status", "log", "summary", "sheet", "help", "quit", *MARK_VERBS)
"""Commands the tracker answers itself, the same in every system."""


def tracker_commands() -> list[Command]:
    """The tracker's own commands, with help in the user's language."""
    return [
        Command("auto", "auto", "auto", _("[all | end | end all]"),
                _("let estoc play what comes now, even a player's turn (all, or end: on until a player's turn or a "
                  "phase the GM declares, where it stops and says why; end all: everyone, the players' turns and "
                  "the phases included, to the end of the fight)")),
        Command("undo", "undo", "annuler", "", _("undo the last command")),
        Command("redo", "redo", "refaire", "", _("redo what was undone")),
        Command("mark", "mark", "marquer", _("WHO NAME [ROUNDS]"),
                _("a condition of your own on a combatant (silence, blessed…), for ROUNDS rounds or until cleared")),
        Command("note", "note", "noter", _("WHO TEXT…"), _("a note on a combatant, shown on the board")),
        Command("timer", "timer", "minuteur", _("ROUND|+N TEXT…"),
                _("a reminder announced when round ROUND begins (+N: N rounds from now)")),
        Command("clear", "clear", "effacer", _("WHO [NAME|notes] | timer [ROUND]"),
                _("remove your marks and notes on a combatant (or one of them), or a timer")),
        Command("dice", "dice", "des", _("WHO ask|roll|attack"),
                _("who rolls a combatant's dice (WHO: an id, players, others or all): its player is asked for each "
                  "(ask), estoc rolls them (roll), or only its attack rolls are asked (attack)"),),
        Command("status", "status", "situation", "", _("the state of the fight")),
        Command("log", "log", "journal", "", _("the fight's log so far")),
        Command("summary", "summary", "bilan", "", _("hits, criticals and foes downed, per combatant")),
        Command("sheet", "sheet", "fiche", _("WHO"),
                _("a combatant's sheet as the rules use it now: attacks, defences, armour, conditions, gear")),
        Command("help", "help", "aide", "", _("this help")),
        Command("quit", "quit", "quitter", "", _("leave (the fight is saved)")),
    ]


TAKES_WORDS = {"sheet": 1}
"""The tracker's verbs that take words after them, and how many (``sheet ID``)."""


def tracker_request(request: Mapping[str, Any]) -> dict[str, Any] | None:
    """A parsed line the tracker answers itself (undo, auto…), as the tracker reads it; ``None`` for a fight action.

    Raises:
        InputError: words after a verb that takes none (``undo undo``).
    """
    name = request["command"]
    if name in TRACKER_VERBS:
        args = list((request.get("args") or [])[:TAKES_WORDS.get(name, 0)])
        all_used(request)
        return {"command": name, "all": bool(request.get("all")), "end": bool(request.get("end")), "args": args}
    return None


def mark_words(line: str) -> tuple[str, list[str]] | None:
    """A line that starts with a mark command (``mark``, ``marquer``, ``note``…): the command and its words as typed
    (no system's keywords read in them: a note is free text); ``None`` for any other line."""
    try:
        words = shlex.split(line)
    except ValueError:
        return None  # (the system's parser says what is wrong with the line)
    if not words:
        return None
    first = fold(words[0])
    for command in tracker_commands():
        if command.name in MARK_VERBS and first in (command.en, command.fr):
            return command.name, words[1:]
    return None


def command_words(commands: Sequence[Command]) -> dict[str, Command]:
    """Every word that names a command (its English and French words, its event type), folded, to its command."""
    named: dict[str, Command] = {}
    for command in commands:
        for key in (command.en, command.fr, command.name, *command.also):
            named.setdefault(fold(key), command)
    return named


def shown_words(commands: Sequence[Command]) -> list[str]:
    """The words a user is offered for ``commands``: the French ones in French, else the English ones."""
    french = language() == "fr"
    return [command.fr if french else command.en for command in commands]


def find(word: str, commands: Sequence[Command]) -> Command:
    """The command a typed word names: a whole word (English or French), else the one command whose words begin
    with it (``att`` for ``attaquer`` when no other command's word begins so). An unknown or ambiguous word is
    refused with the closest words offered, in the user's language."""
    wanted = fold(word)
    named = command_words(commands)
    if wanted in named:
        return named[wanted]
    starting = {id(command): command for key, command in named.items() if wanted and key.startswith(wanted)}
    if len(starting) == 1:
        return next(iter(starting.values()))
    if starting:
        raise InputError(_("{word!r} may be {choices}: type more of the word").format(
            word=word, choices=_or_list(sorted(dict.fromkeys(shown_words(list(starting.values())))))))
    close = difflib.get_close_matches(wanted, list(named), n=6, cutoff=0.6)
    if close:
        near = list(dict.fromkeys(shown_words([named[key] for key in close])))[:3]
        raise InputError(_("unknown command {word!r}: did you mean {choices}? (type help for all)").format(
            word=word, choices=_or_list(near)))
    raise InputError(_("unknown command {word!r}; type help").format(word=word))


def _or_list(words: Sequence[str]) -> str:
    return format_list(list(words), style="or", locale=language())


def whole(word: str, what: str, low: int = -TYPED_LIMIT, high: int = TYPED_LIMIT) -> int:
    """A typed whole number within its range (see :func:`estoc.engine.numbers.bounded`)."""
    return bounded(word, what, low, high)


def number(word: str, what: str, low: float = -TYPED_LIMIT, high: float = TYPED_LIMIT) -> float:
    """A typed number (``2,5`` or ``2.5``), finite and within its range."""
    return bounded_real(word, what, low, high)


class Words(list[str]):
    """The words of a line after its command and keywords, remembering which of them the command read (by index, by
    slice or all at once): what it did not read it did not use, and :func:`all_used` refuses them. Filled by
    :func:`parse`, then only read (an index read names one word of the line)."""

    def __init__(self, words: Sequence[str] = ()) -> None:
        super().__init__(words)
        self.read: set[int] = set()

    @overload
    def __getitem__(self, index: SupportsIndex) -> str: ...

    @overload
    def __getitem__(self, index: slice) -> list[str]: ...

    def __getitem__(self, index: SupportsIndex | slice) -> str | list[str]:
        if isinstance(index, slice):
            self.read.update(range(*index.indices(len(self))))
        elif -len(self) <= int(index) < len(self):
            self.read.add(int(index) % len(self))
        return super().__getitem__(index)

    def __iter__(self) -> Iterator[str]:
        self.read.update(range(len(self)))
        return super().__iter__()

    def unused(self) -> list[str]:
        """The words no one read, in the line's order."""
        return [word for i, word in enumerate(list.__iter__(self)) if i not in self.read]


def all_used(request: Mapping[str, Any]) -> None:
    """Refuse a command that left words of its line unused, naming them (the first ones, when many).

    Raises:
        InputError: « word not used: orque-2 » (« mot en trop : orque-2 »).
    """
    args = request.get("args")
    refuse_unused(args.unused() if isinstance(args, Words) else [])


def refuse_unused(left: Sequence[str]) -> None:
    """Refuse the words ``left`` unused, if any (see :func:`all_used`)."""
    if left:
        shown = [word[:40] for word in left[:5]] + (["…"] if len(left) > 5 else [])
        raise InputError(ngettext("word not used: {words}", "words not used: {words}", len(left)).format(
            words=", ".join(shown)))


@dataclass(frozen=True)
class Grammar:
    """A system's words: its commands and keyword tables (keys already folded)."""

    commands: Sequence[Command]
    dice: Mapping[str, str]
    """keyword → purpose of the faces that follow it."""
    options: Mapping[str, str]
    """keyword → option name; the next word is its value."""
    flags: Mapping[str, str]
    text_options: Collection[str] = ()
    """Options whose value stays text (an id), not a whole number."""
    no_dice: Collection[str] = ()
    """Commands whose words are never dice keywords."""
    no_options: Collection[str] = ()
    """Commands whose words are never option keywords."""
    no_flags: Collection[str] = ()
    """Commands whose words are never flags (free text)."""


def parse(line: str, grammar: Grammar) -> dict[str, Any]:
    """A command line as a request (see the module)."""
    try:
        words = shlex.split(line)
    except ValueError as exc:
        raise InputError(_("cannot read this command: {error}").format(error=exc)) from None
    if not words:
        raise InputError(_("an empty command"))
    command = find(words[0], grammar.commands)
    request: dict[str, Any] = {"command": command.name, "args": Words(), "typed": {}}
    i = 1
    while i < len(words):
        word = fold(words[i])
        if word in grammar.dice and command.name not in grammar.no_dice:
            j = i + 1
            faces = []
            while j < len(words) and words[j].lstrip("-").isdigit():
                faces.append(whole(words[j], word))
                j += 1
            if not faces:
                raise InputError(_("{word} needs the faces of the dice").format(word=words[i]))
            request["typed"].setdefault(grammar.dice[word], []).extend(faces)
            i = j
        elif word in grammar.options and i + 1 < len(words) and command.name not in grammar.no_options:
            key = grammar.options[word]
            value = words[i + 1]
            request[key] = value if key in grammar.text_options else whole(value, words[i])
            i += 2
        elif word in grammar.flags and command.name not in grammar.no_flags:
            request[grammar.flags[word]] = True
            i += 1
        else:
            request["args"].append(words[i])
            i += 1
    return request


def need(request: Mapping[str, Any], count: int, commands: Sequence[Command]) -> list[str]:
    """The request's arguments, at least ``count`` of them (else an error giving the command's usage)."""
    args: list[str] = request["args"]
    if len(args) < count:
        spec = next(c for c in commands if c.name == request["command"])
        word = spec.fr if language() == "fr" else spec.en
        raise InputError(_("missing arguments: {command} {usage}").format(command=word, usage=spec.args))
    return args
