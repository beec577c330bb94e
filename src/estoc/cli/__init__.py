"""The ``estoc`` command line. :func:`main` is the console script: a user never sees a traceback."""

from __future__ import annotations

import contextlib
import difflib
import io
import re
import sys
from collections.abc import Sequence
from typing import Any

import typer
from rich.console import Console
from typer.core import _TyperParameter
from typer.exceptions import TyperException

from estoc.cli import app
from estoc.cli.completion import prepare, shell_named
from estoc.cli.guard import printable, unexpected
from estoc.errors import EstocError, InputError
from estoc.i18n import _, check_environment, elide, set_language


def _language_from_argv(argv: Sequence[str]) -> str | None:
    """``--lang`` must be known before the commands' help texts are built, so it is read first."""
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith("--lang="):
            return arg.split("=", 1)[1]
    return None


def localize_help(text: str) -> str:
    """The few words of the help screens that typer writes itself, in the user's language."""
    replacements = [
        (r"^Usage:", _("Usage:")),
        (r"^Options:", _("Options:")),
        (r"^Commands:", _("Commands:")),
        (r"^Arguments:", _("Arguments:")),
        (r"Show this message and exit\.", _("Show this message and exit.")),
        (r"\[default:", "[" + _("default:")),
        (r"\[required\]", "[" + _("required") + "]"),
    ]
    for pattern, replacement in replacements:
        text = re.sub(pattern, replacement.replace("\\", "\\\\"), text, flags=re.MULTILINE)
    return text


_METAVAR = re.compile(r"<(?:list\[)?(\w+)\]?>")


def _metavar_word(match: re.Match[str]) -> str:
    """A value's kind as a user reads it: ``<list[int]>`` (a repeatable option) is ``<int>``, no Python types."""
    kind = match.group(1).lower()
    words = {"int": _("int"), "str": _("text"), "path": _("path"), "float": _("number"), "bool": _("yes/no")}
    return "<" + words.get(kind, kind) + ">"


def _name_value_kinds() -> None:
    """Typer names an option's value by its Python type (``<list[int]>``): name it in the user's words instead, where
    typer computes it, so that the help's columns are laid out around the words printed."""
    if getattr(_TyperParameter.display_type, "estoc_words", False):
        return
    python_type = _TyperParameter.display_type

    def in_words(self: Any, ctx: Any) -> str:
        return _METAVAR.sub(_metavar_word, python_type(self, ctx))

    in_words.estoc_words = True  # type: ignore[attr-defined]
    _TyperParameter.display_type = in_words  # type: ignore[method-assign]


def _option_name(exc: Exception) -> str:
    param = getattr(exc, "param", None)
    if getattr(param, "param_type_name", "") == "argument":
        # An argument by the word its usage line shows (ENCOUNTER, KIND), not its Python name.
        return str(getattr(param, "metavar", None) or str(getattr(param, "name", "?")).upper())
    opts = getattr(param, "opts", None) or []
    return str(opts[0]) if opts else str(getattr(param, "name", "?"))


def _usage_message(exc: TyperException) -> str:
    """Typer's (vendored click) usage errors, said again in the user's language."""
    kind = type(exc).__name__
    text = exc.format_message()
    if kind == "NoSuchOption":
        return _("no such option: {option}").format(option=getattr(exc, "option_name", text))
    if kind == "MissingParameter":
        return _("missing value: {option}").format(option=_option_name(exc))
    if kind == "BadParameter":
        # typer checks values with pydantic: its message names the expected type in English.
        lowered = text.lower()
        expected = (_("a whole number is expected") if "integer" in lowered else
                    _("a number is expected") if "number" in lowered or "float" in lowered else
                    _("this value is not accepted"))
        return _("invalid value for {option}: {expected}").format(option=_option_name(exc), expected=expected)
    if kind == "BadOptionUsage":
        return _("{option} needs a value").format(option=getattr(exc, "option_name", text))
    if text.startswith("No such command"):
        name = text.split("'")[1] if "'" in text else text

        close = difflib.get_close_matches(name, list(app.COMMANDS), n=1)
        if close:
            return _("no such command: {name} (did you mean {close}?)").format(name=name, close=close[0])
        return _("no such command: {name}").format(name=name)
    if text.startswith("Got unexpected extra argument"):
        return _("unexpected argument: {text}").format(text=text.split("(")[-1].rstrip(")"))
    return text


def _invoke(command: Any, args: list[str]) -> Any:
    _name_value_kinds()
    if not any(arg in ("--help", "-h") for arg in args) and args:
        return command(args=args, prog_name="estoc", standalone_mode=False)
    # Help screens are captured to put typer's own words in the user's language.
    buffer = io.StringIO()
    try:
        with contextlib.redirect_stdout(buffer):
            return command(args=args, prog_name="estoc", standalone_mode=False)
    finally:
        sys.stdout.write(localize_help(buffer.getvalue()))


def _tolerant_streams() -> None:
    """Any terminal works: bytes typed that are not text reach the tracker as such (it says so in words, see
    :func:`estoc.play.tracker.checked_line`), and a letter the output's encoding lacks (``PYTHONIOENCODING=ascii``,
    an old console) is written as ``?`` instead of stopping the command."""
    for stream, errors in ((sys.stdin, "surrogateescape"), (sys.stdout, "replace"), (sys.stderr, "replace")):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            with contextlib.suppress(Exception):  # (a stream that cannot change: left as it is)
                reconfigure(errors=errors)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns (and, as a script, exits with) the exit code."""
    args = list(sys.argv[1:] if argv is None else argv)
    _tolerant_streams()

    err = Console(stderr=True, highlight=False, soft_wrap=True)
    try:
        chosen = _language_from_argv(args)
        set_language(chosen)
        if chosen is None:
            check_environment()

        args = shell_named(args)
        prepare()

        command = app.build_app()  # (through the module: tests replace it)
        try:
            result = _invoke(command, args)
        except TyperException as exc:
            if exc.format_message() != "Missing command.":
                raise
            result = _invoke(command, [*args, "--help"])  # only global options: show what there is to do
        code = result if isinstance(result, int) else 0
    except EstocError as exc:
        err.print(f"estoc: {printable(elide(exc.message))}", markup=False)
        code = exc.exit_code
    except typer.Exit as exc:
        code = exc.exit_code
    except (typer.Abort, KeyboardInterrupt):
        err.print("estoc: " + _("interrupted"), markup=False)
        code = 130
    except TyperException as exc:
        if type(exc).__name__ == "NoArgsIsHelpError":
            print(localize_help(exc.format_message()))
            code = 0
        else:
            err.print(f"estoc: {printable(_usage_message(exc))}", markup=False)
            code = InputError.exit_code
    except Exception as exc:  # (the last guard: a bug is one line and a log file, not a traceback)
        err.print("estoc: " + unexpected(exc), markup=False)
        code = 1
    if argv is None:
        sys.exit(code)
    return code
