"""The ``estoc`` command line. :func:`main` is the console script: a user never sees a traceback."""

from __future__ import annotations

import sys
from collections.abc import Sequence

import click

from estoc.errors import EstocError, InputError
from estoc.i18n import _, set_language


def _language_from_argv(argv: Sequence[str]) -> str | None:
    """``--lang`` must be known before the commands' help texts are built, so it is read first."""
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith("--lang="):
            return arg.split("=", 1)[1]
    return None


def _usage_message(exc: click.ClickException) -> str:
    if isinstance(exc, click.NoSuchOption):
        return _("no such option: {option}").format(option=exc.option_name)
    if isinstance(exc, click.MissingParameter):
        name = exc.param.opts[0] if exc.param is not None and exc.param.opts else "?"
        return _("missing value: {option}").format(option=name)
    if isinstance(exc, click.BadParameter):
        name = exc.param.opts[0] if exc.param is not None and exc.param.opts else "?"
        kind = getattr(exc.param.type, "name", "") if exc.param is not None else ""
        expected = {"integer": _("a whole number is expected"), "float": _("a number is expected"),
                    "choice": _("choose one of {choices}").format(
                        choices=", ".join(getattr(exc.param.type, "choices", []) if exc.param else [])),
                    }.get(kind, exc.format_message())
        return _("invalid value for {option}: {expected}").format(option=name, expected=expected)
    if isinstance(exc, click.UsageError):
        text = exc.format_message()
        if text.startswith("No such command"):
            return _("no such command: {name}").format(name=text.split("'")[1] if "'" in text else text)
        if text.startswith("Got unexpected extra argument"):
            return _("unexpected argument: {text}").format(text=text.split("(")[-1].rstrip(")"))
        return text
    return exc.format_message()


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns (and, as a script, exits with) the exit code."""
    args = list(sys.argv[1:] if argv is None else argv)
    from rich.console import Console

    err = Console(stderr=True, highlight=False, soft_wrap=True)
    try:
        set_language(_language_from_argv(args))
        from estoc.cli.app import build_app

        command = build_app()
        result = command(args=args, prog_name="estoc", standalone_mode=False)
        code = result if isinstance(result, int) else 0
    except EstocError as exc:
        err.print(f"estoc: {exc.message}", markup=False)
        code = exc.exit_code
    except click.exceptions.Exit as exc:
        code = exc.exit_code
    except click.exceptions.Abort:
        err.print("estoc: " + _("interrupted"), markup=False)
        code = 130
    except click.ClickException as exc:
        err.print(f"estoc: {_usage_message(exc)}", markup=False)
        code = InputError.exit_code
    if argv is None:
        sys.exit(code)
    return code
