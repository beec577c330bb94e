"""``estoc fight``, ``estoc run``, ``estoc log``: play a fight at the table, from a script, and export its log."""

from __future__ import annotations

import cmd
import contextlib
import errno
import io
import os
import secrets
import sys
import tempfile
from pathlib import Path
from typing import IO, Annotated, Any, TextIO

import typer

from estoc.cli.app import content_folders
from estoc.cli.common import console, print_json
from estoc.cli.fights import delete_fight, list_fights, note_progress, resume_hint
from estoc.cli.guard import EscapedWriter, printable, unexpected
from estoc.content.registry import Content, load_content
from estoc.engine.words import fold, mark_words
from estoc.errors import EstocError, InputError
from estoc.files import is_regular, read_regular_text
from estoc.i18n import _, elide, language
from estoc.play.marks import TIMER_WORDS
from estoc.play.store import EventStore, StaleError
from estoc.play.systems import fight_system, read_encounter
from estoc.play.telling import board, log_lines, markdown, record_lines, resume, sheet
from estoc.play.tracker import Tracker, shown_name
from estoc.render.tracker import answer_hint, question_line

DbOption = Annotated[Path | None, typer.Option("--db", help=_(
    "The fights' store (default: ~/.local/share/estoc/estoc.db)."))]


SCRIPT_LIMIT = 4 * 1024 * 1024
"""The largest file of commands read by ``estoc fight run`` (thousands of fights' worth of lines)."""


def open_store(db: Path | None, *, read_only: bool = False) -> EventStore:
    return EventStore(db or EventStore.default_path(), read_only=read_only)


def new_tracker(ctx: typer.Context, store: EventStore, encounter: Path, seed: int | None, beasts_flee: bool,
                name: str | None = None, *, asking: bool = False) -> Tracker:
    """A new fight of ``encounter`` in ``store``; estoc's dice from ``seed`` (``None``: a fresh one); ``asking``:
    the players are asked for their dice (its first round's may be awaited: :attr:`Tracker.pending`)."""
    content = load_content(content_folders(ctx))
    loaded = read_encounter(encounter, content)
    setup = {"encounter": loaded.setup, "seed": seed if seed is not None else secrets.randbits(32),
             "beasts_flee": beasts_flee, **({"dice": loaded.dice} if loaded.dice else {})}
    return Tracker.create(store, fight_system(loaded.system, content), name or loaded.name, setup, asking=asking)


def _content_or_none(ctx: typer.Context) -> Content | None:
    """The content, to replay fights for their state; ``None`` when it does not load (the list still shows)."""
    try:
        return load_content(content_folders(ctx))
    except EstocError:
        return None


def resume_tracker(ctx: typer.Context, store: EventStore, fight_id: str) -> Tracker:
    return resume(store, fight_id, load_content(content_folders(ctx)))


QUIT_WORDS = frozenset({"quit", "quitter", "exit", "sortir"})
"""The words that leave a session even while a die is awaited."""


def tell(tracker: Tracker, records: list[dict[str, Any]], out: IO[str], *, questions: bool = False) -> None:
    """The records' lines; a die awaited is the session's prompt (:meth:`FightShell.prompt`), written here only
    with ``questions`` (a script's run, where the next line answers it)."""
    for record in records:
        if record.get("kind") == "question":
            if questions:
                out.write("? " + elide(question_line(record)) + "\n")
            continue
        for line in record_lines(tracker, record):
            out.write(line + "\n")


def handle(tracker: Tracker, line: str, out: IO[str], *, creatures_auto: bool = False,
           questions: bool = False) -> bool:
    """Run one command line, telling the outcome; returns True for quit. Errors are the caller's. While a die is
    awaited (:attr:`Tracker.pending`), the line is its answer (``quitter`` still leaves: the command waiting is
    not stored)."""
    if tracker.pending is not None:
        if fold(line) in QUIT_WORDS:
            return True
        tell(tracker, tracker.answer(line), out, questions=questions)
        return False
    request = tracker.request(line)
    verb = request.get("command")
    if verb == "quit":
        return True
    if verb == "status":
        out.write("\n".join(board(tracker)) + "\n")
    elif verb == "log":
        out.write("\n".join(log_lines(tracker)) + "\n")
    elif verb == "sheet":
        out.write("\n".join(sheet(tracker, list(request.get("args") or []))) + "\n")
    elif verb == "summary":
        out.write("\n".join(tracker.system.summary_lines(tracker.fight)) + "\n")
    elif verb == "help":
        french = language() == "fr"
        for en, fr, text in tracker.system.commands():
            # French help names the French words only (no English id in French text); both are understood.
            out.write(f"  {fr} : {text}\n" if french else f"  {en if en == fr else f'{en} / {fr}'}: {text}\n")
        out.write("  " + tracker.system.dice_help() + "\n")
        out.write("  " + _("(a command may be shortened while no other one begins the same way; the words of "
                           "the other language are understood too)") + "\n")
    else:
        tell(tracker, tracker.command(line, creatures_auto=creatures_auto), out, questions=questions)
    return False


def prompt_phases() -> dict[str, str]:
    """The phase the prompt shows when no one is acting (a d100 movement phase, a One Ring engagement…)."""
    return {"movement": _("movement"), "volleys": _("opening volleys"), "stances": _("stances"),
            "engagement": _("engagement"), "over": _("over")}


COMPLETION_DELIMITERS = " \t\n"
"""What separates the words Tab completes: blanks only (ids and commands hold hyphens)."""


class FightShell(cmd.Cmd):
    """The interactive session: one command a line, help and completion, French or English words.

    It outlives any error in one command (one line says what went wrong, the prompt stays); Ctrl-C cancels the line
    being typed or the command running (a command is stored whole or not at all), not the session; Ctrl-D or quit
    leaves. Text reaches the terminal with its control characters escaped (names come from files).
    """

    def __init__(self, tracker: Tracker, stdin: TextIO | None = None, stdout: TextIO | None = None, *,
                 creatures_auto: bool = False) -> None:
        super().__init__(stdin=stdin, stdout=stdout)
        if stdin is not None:
            self.use_rawinput = False
        self.stdout = EscapedWriter(self.stdout)  # type: ignore[assignment]
        self.tracker = tracker
        self.creatures_auto = creatures_auto
        self.hinted = False
        """Whether the session has said how a die awaited is answered."""
        """Creatures play by the default policy between the heroes' turns (the demo's interactive mode); a hero's
        command and the creatures' turns after it are one command, undone as one."""
        name = shown_name(tracker.store.fight(tracker.fight_id).name)
        rules = tracker.rules_check.message()
        self.intro = "\n".join([_("Fight {id}: {name}. Type help for the commands, quit to leave (the fight is "
                                  "saved).").format(id=tracker.fight_id, name=name),
                                 *([f"! {rules}"] if rules else []), *board(tracker)])

    @property
    def prompt(self) -> str:  # type: ignore[override]
        if self.tracker.pending is not None:
            if not self.hinted:  # how to answer, once a session: the prompt itself stays short
                self.hinted = True
                self.stdout.write(printable(answer_hint()) + "\n")
            return printable(elide(question_line(self.tracker.pending.record(), hint=False)) + " > ")
        try:
            view = self.tracker.fight.view()
            shown = view.get("current") or prompt_phases().get("over" if view.get("over") else str(view.get("phase")))
        except Exception:  # (the prompt must show whatever the state)
            shown = None
        return printable(f"[{shown or '—'}] > ")

    def emptyline(self) -> bool:
        return False

    def cmdloop(self, intro: Any = None) -> None:
        """Read and run lines until quit or end of input; Ctrl-C while typing cancels that line only."""
        self._guarded(self.preloop)
        readline: Any = None
        if self.use_rawinput and self.completekey:
            try:
                # lazy: readline takes the terminal over as it loads: only for an interactive session.
                import readline
            except ImportError:
                readline = None
        old_completer = readline.get_completer() if readline else None
        old_delimiters = readline.get_completer_delims() if readline else None
        if readline:
            self.install_completion(readline)
        try:
            text = self.intro if intro is None else intro
            if text:
                self.stdout.write(str(text) + "\n")
            while True:
                try:
                    line = self._read_line()
                except KeyboardInterrupt:
                    self.stdout.write("^C\n")
                    continue
                if self.onecmd(line):
                    break
        finally:
            if readline:
                readline.set_completer(old_completer)
                readline.set_completer_delims(old_delimiters)

    def install_completion(self, readline: Any) -> None:
        """Tab completes commands and ids; ids hold hyphens (``orque-1``), so only blanks separate words (readline's
        default delimiters would complete ``att orque-`` from after the hyphen, listing everyone)."""
        readline.set_completer(self.complete)
        readline.set_completer_delims(COMPLETION_DELIMITERS)
        readline.parse_and_bind(self.completekey + ": complete")

    def _read_line(self) -> str:
        if self.use_rawinput:
            try:
                return input(self.prompt)
            except EOFError:
                return "EOF"
        self.stdout.write(self.prompt)
        self.stdout.flush()
        line = self.stdin.readline()
        return line.rstrip("\r\n") if line else "EOF"

    def onecmd(self, line: str) -> bool:
        """Every line goes to the tracker (cmd's own do_* dispatch is not used); True ends the session."""
        line = line.strip()
        if not line and self.tracker.pending is None:
            return False
        if line == "EOF":
            self.stdout.write("\n")
            return True
        return bool(self._guarded(lambda: self._run(line)))

    def _run(self, line: str) -> bool:
        version = self.tracker.version
        if handle(self.tracker, line, self.stdout, creatures_auto=self.creatures_auto):
            return True
        if not self.tracker.events or self.tracker.events[-1].get("type") not in ("undo", "redo"):
            self.autoplay()  # (after an undo, the GM decides: the creatures' turns are not played again at once)
        if self.tracker.version != version:
            self.show_board()  # (a refused command, help, log or status change nothing: no board again)
        return False

    def show_board(self) -> None:
        """The board, after every command that changed the fight (a rule's, a mark, an undo), set apart by a rule."""
        self.stdout.write("\n".join(["─" * 12, *board(self.tracker)]) + "\n")

    def _guarded(self, step: Any) -> Any:
        """Run one step of the session; any failure is one line, and the session goes on."""
        try:
            return step()
        except StaleError as exc:
            self.stdout.write(f"estoc: {exc.message}\n")
            self.stdout.write("\n".join(board(self.tracker)) + "\n")
        except EstocError as exc:
            self.stdout.write(f"estoc: {elide(exc.message)}\n")
        except KeyboardInterrupt:
            self.stdout.write("\nestoc: " + _("interrupted; the fight is as stored") + "\n")
            self._reload()
        except Exception as exc:  # (the last guard: a bug in one command must not end the session)
            self.stdout.write("estoc: " + unexpected(exc) + "\n")
            self._reload()
        return False

    def _reload(self) -> None:
        """After an interrupted or failed command, the state as stored (a command is stored whole or not at all)."""
        try:
            self.tracker.reload()
        except EstocError as exc:
            self.stdout.write(f"estoc: {exc.message}\n")
        except Exception as exc:
            self.stdout.write("estoc: " + unexpected(exc) + "\n")

    def autoplay(self) -> None:
        # (only where the policy may decide: at a player's turn or a phase the GM declares, the GM goes on)
        if self.creatures_auto and not self.tracker.fight.is_over() and self.tracker.fight.stop_reason() is None:
            tell(self.tracker, self.tracker.auto(until_stop=True), self.stdout)

    def preloop(self) -> None:
        self.autoplay()

    def do_help(self, arg: str) -> None:
        handle(self.tracker, "help", self.stdout)

    def completenames(self, text: str, *ignored: Any) -> list[str]:
        words = [w for en, fr, _h in self.tracker.system.commands() for w in (en, fr)]
        return sorted({w for w in words if w.startswith(fold(text))})

    def completedefault(self, text: str, line: str = "", begidx: int = 0, *ignored: Any) -> list[str]:
        view = self.tracker.fight.view()
        ids = [row["id"] for row in view["combatants"]]
        candidates = ids
        words = line[:begidx].split()
        found = mark_words(words[0]) if words else None
        if found is not None:
            candidates = self._mark_words(found[0], words[1:], ids, int(view.get("round") or 0))
        return [i for i in candidates if fold(i).startswith(fold(text))]

    def _mark_words(self, verb: str, before: list[str], ids: list[str], now: int) -> list[str]:
        """What Tab offers after a mark command: the ids (and ``timer`` after clear), then for clear WHO the marks
        and notes of that combatant, for clear timer the rounds of the pending timers; nothing in free text."""
        shown = self.tracker.marks.board(now)
        if not before:
            if verb == "clear":
                return [*ids, "minuteur" if language() == "fr" else "timer"]
            return ids if verb in ("mark", "note") else []
        if verb == "clear" and len(before) == 1:
            if fold(before[0]) in TIMER_WORDS:
                return [str(at) for at, _text in shown["timers"]]
            who = next((i for i in ids if fold(i) == fold(before[0])), None)
            names = [name for name, _left in shown["conditions"].get(who or "", [])]
            return names + (["notes"] if shown["notes"].get(who or "") else [])
        return []


def register(app: typer.Typer) -> None:
    @app.command("fight", help=_("Play a fight at the table: estoc fight ENCOUNTER.yaml, estoc fight --resume ID, "
                                 "estoc fight list, estoc fight delete ID, estoc fight backup."))
    def fight_command(
        ctx: typer.Context,
        encounter: Annotated[str | None, typer.Argument(metavar="ENCOUNTER|list|delete|backup", help=_(
            "An encounter file; list to see the stored fights; delete ID to remove one; backup to copy the fights' "
            "store."))] = None,
        fight_id: Annotated[str | None, typer.Argument(metavar="ID", help=_(
            "With delete: the fight to remove."))] = None,
        resume: Annotated[str | None, typer.Option("--resume", help=_("Take up a stored fight."))] = None,
        db: DbOption = None,
        seed: Annotated[int | None, typer.Option("--seed", help=_("Seed of estoc's dice."))] = None,
        beasts_flee: Annotated[bool, typer.Option("--beasts-flee", help=_(
            "Badly hurt beasts flee (the GM's choice)."))] = False,
        everything: Annotated[bool, typer.Option("--all", "--tout", help=_(
            "With list: also the fights played from scripts (estoc run)."))] = False,
        yes: Annotated[bool, typer.Option("--yes", "--oui", help=_(
            "With delete: no question asked."))] = False,
        no_ask: Annotated[bool, typer.Option("--no-ask", "--sans-questions", help=_(
            "Ask for no die: estoc rolls every die not typed with its command (else the players' dice are asked "
            "when the rules need them; the dice command changes who is asked during the fight)."))] = False,
    ) -> None:
        if encounter == "list":
            list_fights(db, _content_or_none(ctx), everything=everything)
            return
        if encounter == "delete":
            delete_fight(db, fight_id, yes=yes)
            return
        if fight_id is not None:
            raise InputError(_("one encounter file at a time; an id goes after delete (estoc fight delete ID)"))
        if encounter == "backup":
            with open_store(db, read_only=True) as store:
                target = store.backup()
            console().print(printable(_("The fights' store was copied to {path}.").format(path=target)), markup=False)
            return
        if resume:
            store = EventStore(db or EventStore.default_path(), read_only=True, writes_later=True)
            tracker = resume_tracker(ctx, store, resume)
            tracker.asking = not no_ask
            tracker.begin()  # (a fight left before its first dice were given)
        elif encounter:
            store = open_store(db)
            tracker = new_tracker(ctx, store, Path(encounter), seed, beasts_flee, asking=not no_ask)
        else:
            raise InputError(_("give an encounter file, --resume ID or list"))
        shell = FightShell(tracker)
        version = tracker.version
        try:
            shell.cmdloop()
        finally:
            if tracker.version != version:  # (a session that stored nothing writes nothing: a read-only store stays so)
                note_progress(tracker)
        shell.stdout.write(resume_hint(tracker) + "\n")

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
        no_ask: Annotated[bool, typer.Option("--no-ask", "--sans-questions", help=_(
            "Ask for no die: estoc rolls every die the script does not type (else the line after a command "
            "answers each die a player rolls: a face, or estoc)."))] = False,
    ) -> None:
        lines = read_regular_text(script, SCRIPT_LIMIT).splitlines()
        store = open_store(db)
        tracker = new_tracker(ctx, store, encounter, seed, beasts_flee, asking=not no_ask)
        store.set_origin(tracker.fight_id, "script")
        tracker.batch = True
        out: IO[str] = EscapedWriter(sys.stdout) if not as_json else io.StringIO()  # type: ignore[assignment]
        tell(tracker, tracker.records, out)
        if tracker.pending is not None:
            tell(tracker, [tracker.pending.record()], out, questions=True)
        for number, line in enumerate(lines, start=1):
            text = line.split("#", 1)[0].strip()
            if not text:
                continue
            try:
                waiting = tracker.pending
                if waiting is not None:
                    out.write(f"> {text}\n")
                if handle(tracker, text, out, questions=True):
                    break
            except EstocError as exc:
                if waiting is not None:
                    raise InputError(_("{file}:{line}: {error} ({question}; --no-ask: estoc rolls every die)").format(
                        file=script, line=number, error=exc.message,
                        question=question_line(waiting.record()))) from exc
                raise InputError(_("{file}:{line}: {error}").format(file=script, line=number,
                                                                   error=exc.message)) from exc
        note_progress(tracker)
        if tracker.pending is not None:
            raise InputError(_("{file}: the script ends while a die is awaited: {question} (its command is not "
                               "stored; --no-ask: estoc rolls every die)").format(
                file=script, question=question_line(tracker.pending.record())))
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
               out: Annotated[Path | None, typer.Option("--out", help=_("Write to this file."))] = None,
               force: Annotated[bool, typer.Option("--force", help=_(
                   "Replace the file --out names if it exists."))] = False) -> None:
        with open_store(db, read_only=True) as store:
            text = markdown(resume_tracker(ctx, store, fight_id))
        if out is None:
            sys.stdout.write(printable(text))
        else:
            written = write_file(out, printable(text), force=force)
            console().print(printable(_("Written to {path}.").format(path=written)), markup=False)


def _file_problem(path: Path, error: OSError) -> InputError:
    """One line for a file that cannot be written, in the user's language."""
    code = error.errno
    if code == errno.ENOSPC or code == errno.EDQUOT:
        reason = _("the disk is full")
    elif code == errno.ENAMETOOLONG:
        reason = _("the name is too long")
    elif code in (errno.EROFS, errno.EACCES, errno.EPERM):
        reason = _("this place is read-only or not yours")
    elif code == errno.ENOENT:
        reason = _("the folder {folder} does not exist").format(folder=path.parent)
    elif code == errno.EISDIR:
        reason = _("it is a folder")
    else:
        reason = error.strerror or str(error)
    return InputError(_("cannot write {path}: {reason}").format(path=path, reason=reason))


def write_file(path: Path, text: str, *, force: bool = False) -> Path:
    """Write ``text`` to ``path`` through a temporary file renamed into place: a failure leaves no half file, an
    existing file is replaced only with ``force``, and a symbolic link is replaced itself, never its target.

    Returns:
        The absolute path written.
    """
    path = Path(os.path.abspath(path))
    temporary: str | None = None
    try:
        if path.is_dir() and not path.is_symlink():
            raise InputError(_("cannot write {path}: {reason}").format(path=path, reason=_("it is a folder")))
        if (path.exists() or path.is_symlink()) and not force:
            raise InputError(_("{path} already exists; add --force to replace it").format(path=path))
        if path.exists() and not path.is_symlink() and not is_regular(path):
            # --force replaces a file, never a pipe, a device or a socket another program reads.
            raise InputError(_("cannot write {path}: {reason}").format(
                path=path, reason=_("it is not a regular file (a pipe, a device or a socket): it is not replaced")))
        if not path.parent.is_dir():
            raise InputError(_("cannot write {path}: {reason}").format(
                path=path, reason=_("the folder {folder} does not exist").format(folder=path.parent)))
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".estoc-", suffix=".tmp")
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        if force:
            os.replace(temporary, path)  # a link at `path` is replaced, its target untouched
        else:
            try:
                os.link(temporary, path)  # fails if a file appeared meanwhile: never a silent overwrite
            except FileExistsError:
                raise InputError(_("{path} already exists; add --force to replace it").format(path=path)) from None
            except OSError as exc:
                if exc.errno not in (errno.EPERM, errno.EOPNOTSUPP, errno.EMLINK, errno.EXDEV):
                    raise
                os.replace(temporary, path)  # a file system without hard links
            else:
                os.unlink(temporary)
        temporary = None
    except OSError as exc:
        raise _file_problem(path, exc) from exc
    finally:
        if temporary is not None:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
    return path
