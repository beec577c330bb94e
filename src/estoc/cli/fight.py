"""``estoc fight``, ``estoc run``, ``estoc log``: play a fight at the table, from a script, and export its log."""

from __future__ import annotations

import cmd
import io
import sys
from pathlib import Path
from typing import IO, Annotated, Any, TextIO

import typer

from estoc.cli.app import content_folders
from estoc.cli.common import console, print_json
from estoc.content.registry import load_content
from estoc.engine.words import fold
from estoc.errors import EstocError, InputError
from estoc.i18n import _, pick
from estoc.play.store import EventStore
from estoc.play.systems import SYSTEMS, fight_system, read_encounter
from estoc.play.tracker import Tracker

DbOption = Annotated[Path | None, typer.Option("--db", help=_(
    "The fights' store (default: ~/.local/share/estoc/estoc.db)."))]


def when(stamp: str) -> str:
    """A stored ISO timestamp as the GM reads it: date and minute, UTC."""
    from datetime import datetime

    try:
        return datetime.fromisoformat(stamp).strftime("%Y-%m-%d %H:%M UTC")
    except ValueError:
        return stamp


def open_store(db: Path | None) -> EventStore:
    return EventStore(db or EventStore.default_path())


def new_tracker(ctx: typer.Context, store: EventStore, encounter: Path, seed: int, beasts_flee: bool,
                name: str | None = None) -> Tracker:
    content = load_content(content_folders(ctx))
    loaded = read_encounter(encounter, content)
    setup = {"encounter": loaded.setup, "seed": seed, "beasts_flee": beasts_flee}
    return Tracker.create(store, fight_system(loaded.system, content), name or pick(loaded.name), setup)


def resume_tracker(ctx: typer.Context, store: EventStore, fight_id: str) -> Tracker:
    info = store.fight(fight_id)
    if info.system not in SYSTEMS:
        raise InputError(_("fight {id} is a {system} fight").format(id=fight_id, system=info.system))
    return Tracker(store, fight_id, fight_system(info.system, load_content(content_folders(ctx))))


def tell(tracker: Tracker, records: list[dict[str, Any]], out: IO[str]) -> None:
    for record in records:
        for line in tracker.system.narrate(record, tracker.fight):
            out.write(line + "\n")


def log_lines(tracker: Tracker) -> list[str]:
    lines: list[str] = []
    for record in tracker.records:
        lines.extend(tracker.system.narrate(record, tracker.fight))
    return lines


def markdown(tracker: Tracker) -> str:
    """A fight's log and summary as Markdown."""
    info = tracker.store.fight(tracker.fight_id)
    parts = [f"# {info.name}", "", _("Fight {id}, {created}.").format(id=info.id, created=when(info.created)), ""]
    for line in log_lines(tracker):
        if line.startswith("— "):
            parts += ["", f"## {line.strip('— ')}", ""]
        elif line:
            indent = len(line) - len(line.lstrip(" "))
            parts.append(("  " * (indent // 2)) + "- " + line.strip())
    parts += ["", "## " + _("Summary"), ""]
    parts += ["- " + line.strip() for line in tracker.system.summary_lines(tracker.fight)[1:]]
    return "\n".join(parts) + "\n"


def handle(tracker: Tracker, line: str, out: IO[str]) -> bool:
    """Run one command line, telling the outcome; returns True for quit. Errors are the caller's."""
    request = tracker.system.parse(line, tracker.fight)
    verb = request.get("command")
    if verb == "quit":
        return True
    if verb == "status":
        out.write("\n".join(tracker.system.status_lines(tracker.fight)) + "\n")
    elif verb == "log":
        out.write("\n".join(log_lines(tracker)) + "\n")
    elif verb == "summary":
        out.write("\n".join(tracker.system.summary_lines(tracker.fight)) + "\n")
    elif verb == "help":
        for en, fr, text in tracker.system.commands():
            out.write(f"  {en if en == fr else f'{en} / {fr}'}: {text}\n")
        out.write("  " + tracker.system.dice_help() + "\n")
    else:
        tell(tracker, tracker.command(line), out)
    return False


class FightShell(cmd.Cmd):
    """The interactive session: one command a line, help and completion, French or English words."""

    def __init__(self, tracker: Tracker, stdin: TextIO | None = None, stdout: TextIO | None = None, *,
                 creatures_auto: bool = False) -> None:
        super().__init__(stdin=stdin, stdout=stdout)
        if stdin is not None:
            self.use_rawinput = False
        self.tracker = tracker
        self.creatures_auto = creatures_auto
        """Creatures play by the default policy between the heroes' turns (the demo's interactive mode)."""
        self.intro = "\n".join([_("Fight {id}. Type help for the commands, quit to leave (the fight is saved).")
                                .format(id=tracker.fight_id), *tracker.system.status_lines(tracker.fight)])

    @property
    def prompt(self) -> str:  # type: ignore[override]
        current = self.tracker.fight.view().get("current")
        return f"[{current or '—'}] > "

    def emptyline(self) -> bool:
        return False

    def onecmd(self, line: str) -> bool:
        """Every line goes to the tracker (cmd's own do_* dispatch is not used); True ends the session."""
        line = line.strip()
        if not line:
            return False
        if line == "EOF":
            self.stdout.write("\n")
            return True
        try:
            if handle(self.tracker, line, self.stdout):
                return True
            self.autoplay()
            if self.tracker.fight.is_over():
                self.stdout.write("\n".join(self.tracker.system.status_lines(self.tracker.fight)) + "\n")
        except EstocError as exc:
            self.stdout.write(f"estoc: {exc.message}\n")
        return False

    def autoplay(self) -> None:
        if self.creatures_auto and not self.tracker.fight.is_over() and not self.tracker.player_turn():
            tell(self.tracker, self.tracker.auto(until_player=True), self.stdout)

    def preloop(self) -> None:
        self.autoplay()

    def do_help(self, arg: str) -> None:
        handle(self.tracker, "help", self.stdout)

    def completenames(self, text: str, *ignored: Any) -> list[str]:
        words = [w for en, fr, _h in self.tracker.system.commands() for w in (en, fr)]
        return sorted({w for w in words if w.startswith(fold(text))})

    def completedefault(self, text: str, *ignored: Any) -> list[str]:
        ids = [row["id"] for row in self.tracker.fight.view()["combatants"]]
        return [i for i in ids if i.startswith(text.lower())]


def register(app: typer.Typer) -> None:
    @app.command("fight", help=_("Play a fight at the table: estoc fight ENCOUNTER.yaml, estoc fight --resume ID, "
                                 "estoc fight list."))
    def fight_command(
        ctx: typer.Context,
        encounter: Annotated[str | None, typer.Argument(metavar="ENCOUNTER|list", help=_(
            "An encounter file, or list to see the stored fights."))] = None,
        resume: Annotated[str | None, typer.Option("--resume", help=_("Take up a stored fight."))] = None,
        db: DbOption = None,
        seed: Annotated[int | None, typer.Option("--seed", help=_("Seed of estoc's dice."))] = None,
        beasts_flee: Annotated[bool, typer.Option("--beasts-flee", help=_(
            "Badly hurt beasts flee (the GM's choice)."))] = False,
    ) -> None:
        store = open_store(db)
        if encounter == "list":
            out = console()
            for info in store.fights():
                out.print(_("{id}: {name} ({system}), {events} events, last played {updated}").format(
                    id=info.id, name=info.name, system=info.system, events=info.events, updated=when(info.updated)),
                    markup=False)
            return
        if resume:
            tracker = resume_tracker(ctx, store, resume)
        elif encounter:
            tracker = new_tracker(ctx, store, Path(encounter), seed if seed is not None else _fresh_seed(),
                                  beasts_flee)
        else:
            raise InputError(_("give an encounter file, --resume ID or list"))
        FightShell(tracker).cmdloop()

    @app.command("run", help=_("Play a fight from a file of commands (one a line, the words of the interactive "
                               "session)."))
    def run_command(
        ctx: typer.Context,
        encounter: Annotated[Path, typer.Argument(metavar="ENCOUNTER", help=_("The encounter file."))],
        script: Annotated[Path, typer.Option("--script", help=_("The file of commands."))],
        db: DbOption = None,
        seed: Annotated[int, typer.Option("--seed", help=_("Seed of estoc's dice."))] = 1,
        beasts_flee: Annotated[bool, typer.Option("--beasts-flee", help=_(
            "Badly hurt beasts flee (the GM's choice)."))] = False,
        as_json: Annotated[bool, typer.Option("--json", help=_("Print the final state and the events."))] = False,
    ) -> None:
        try:
            lines = script.read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError) as exc:
            raise InputError(_("cannot read the file: {error}").format(error=exc)) from exc
        store = open_store(db)
        tracker = new_tracker(ctx, store, encounter, seed, beasts_flee)
        out: IO[str] = sys.stdout if not as_json else io.StringIO()
        tell(tracker, tracker.records, out)
        for number, line in enumerate(lines, start=1):
            text = line.split("#", 1)[0].strip()
            if not text:
                continue
            try:
                if handle(tracker, text, out):
                    break
            except EstocError as exc:
                raise InputError(_("{file}:{line}: {error}").format(file=script, line=number,
                                                                   error=exc.message)) from exc
        if as_json:
            print_json({"fight": tracker.fight_id, "state": tracker.fight.view(),
                        "summary": tracker.fight.summary(), "events": tracker.events})
        else:
            out.write("\n".join(["", *tracker.system.status_lines(tracker.fight), "",
                                 *tracker.system.summary_lines(tracker.fight)]) + "\n")

    log = typer.Typer(help=_("A stored fight's log."), no_args_is_help=True)
    app.add_typer(log, name="log")

    @log.command("export", help=_("Export a fight's log and summary as Markdown."))
    def export(ctx: typer.Context,
               fight_id: Annotated[str, typer.Argument(metavar="ID", help=_("The fight's id."))],
               db: DbOption = None,
               out: Annotated[Path | None, typer.Option("--out", help=_("Write to this file."))] = None) -> None:
        tracker = resume_tracker(ctx, open_store(db), fight_id)
        text = markdown(tracker)
        if out is None:
            sys.stdout.write(text)
        else:
            out.write_text(text, encoding="utf-8")


def _fresh_seed() -> int:
    import secrets

    return secrets.randbits(32)
