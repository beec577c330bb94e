"""The stored fights from the command line: ``estoc fight list`` and ``estoc fight delete``, and what the shell
notes for them (how far a fight has gone, how to take it up again)."""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path

from estoc.cli.common import console
from estoc.cli.guard import printable
from estoc.content.registry import Content
from estoc.errors import EstocError, InputError
from estoc.i18n import _, ngettext
from estoc.play.store import EventStore, FightInfo
from estoc.play.telling import resume, when
from estoc.play.tracker import Tracker, shown_name
from estoc.systems.base import SYSTEMS

YES_WORDS = frozenset({"o", "oui", "y", "yes"})
"""What confirms a deletion, in French or English."""


def progress_of(tracker: Tracker) -> tuple[int, bool]:
    """A fight's round and whether it is over, as it stands."""
    view = tracker.fight.view()
    return int(view.get("round") or 0), bool(view.get("over")) or tracker.fight.is_over()


def note_progress(tracker: Tracker) -> None:
    """Note in the store how far the fight has gone, for ``estoc fight list``; a store that cannot be written
    (read-only, full) is left as it is: the list then replays the fight."""
    round_, over = progress_of(tracker)
    with contextlib.suppress(EstocError):
        tracker.store.note_progress(tracker.fight_id, len(tracker.store.events(tracker.fight_id)), round_, over)


def resume_command(tracker: Tracker) -> str:
    """The exact command that takes this fight up again (with ``--db`` when its store is not the default one)."""
    path = tracker.store.path
    words = ["estoc", "fight", "--resume", tracker.fight_id]
    if path.resolve() != EventStore.default_path().resolve():
        words += ["--db", _quoted(str(path))]
    return " ".join(words)


def _quoted(text: str) -> str:
    return text if text and all(ch.isalnum() or ch in "/._-~+:" for ch in text) else "'" + text.replace(
        "'", "'\\''") + "'"


def resume_hint(tracker: Tracker) -> str:
    """The line the shell prints on leaving: the fight is saved, and how to take it up again."""
    return _("Fight {id} is saved; to take it up again: {command}").format(id=tracker.fight_id,
                                                                          command=resume_command(tracker))


def _state(info: FightInfo, store: EventStore, content: Content | None) -> tuple[str, str]:
    """A fight's state and round as the list shows them: as noted, else from its replay (``?`` when it cannot be
    replayed here: another system, content missing)."""
    round_, over = info.round, info.over
    if not info.progress_known:
        try:
            if content is None or info.system not in {system.id for system in SYSTEMS if system.play}:
                raise InputError("")
            round_, over = progress_of(resume(store, info.id, content))
        except EstocError:
            return _("unknown"), "?"
    return (_("finished") if over else _("ongoing")), str(round_)


def list_fights(db: Path | None, content: Content | None, *, everything: bool) -> None:
    """Print the stored fights, newest first: id, name, system, state, round, last played (local time); fights
    played by ``estoc run`` only with ``everything``."""
    path = db or EventStore.default_path()
    out = console()
    fights: list[FightInfo] = []
    if path.exists():
        with EventStore(path, read_only=True) as store:
            fights = list(store.fights())
            shown = [info for info in fights if everything or info.origin != "script"]
            rows = [(info, *_state(info, store, content)) for info in shown]
    if not fights:
        out.print(printable(_("No fight stored yet in {path}: start one with estoc fight ENCOUNTER.yaml.")
                            .format(path=path)), markup=False)
        return
    for info, state, round_ in rows:
        out.print(printable(ngettext(
            "{id}: {name} ({system}), {state}, round {round}, {events} event; last played {updated}",
            "{id}: {name} ({system}), {state}, round {round}, {events} events; last played {updated}",
            info.events).format(id=info.id, name=shown_name(info.name), system=info.system, state=state,
                                round=round_, events=info.events, updated=when(info.updated))), markup=False)
    hidden = len(fights) - len(rows)
    if hidden:
        out.print(printable(ngettext("({n} fight played from a script is not shown: add --all to see it.)",
                                     "({n} fights played from scripts are not shown: add --all to see them.)",
                                     hidden).format(n=hidden)), markup=False)


def delete_fight(db: Path | None, fight_id: str | None, *, yes: bool) -> None:
    """Delete one stored fight, after the GM's confirmation (or ``yes``); an unknown id is refused, nothing
    deleted."""
    if not fight_id:
        raise InputError(_("name the fight to delete: estoc fight delete ID (estoc fight list gives the ids)"))
    path = db or EventStore.default_path()
    if not path.exists():
        raise InputError(_("there is no fights' store at {path}").format(path=path))
    with EventStore(path) as store:
        info = store.fight(fight_id)
        name = shown_name(info.name)
        if not yes:
            question = ngettext("Delete fight {id}, {name} ({events} event)? This cannot be undone. [y/N] ",
                                "Delete fight {id}, {name} ({events} events)? This cannot be undone. [y/N] ",
                                info.events).format(id=info.id, name=name, events=info.events)
            sys.stdout.write(printable(question))
            sys.stdout.flush()
            answer = sys.stdin.readline() if sys.stdin is not None else ""
            if answer.strip().lower() not in YES_WORDS:
                console().print(printable(_("Nothing deleted.")), markup=False)
                return
        store.delete_fight(info.id)
    console().print(printable(_("Fight {id}, {name}, was deleted.").format(id=info.id, name=name)), markup=False)
