"""``estoc --version``, ``estoc --show-completion [SHELL]`` and ``estoc --install-completion [SHELL]``.

Typer's own completion options take no shell name when they detect the shell and only a shell name when they do not;
these take an optional one (bash, zsh or fish; the running shell when omitted) and speak the user's language. The
scripts themselves, and the completion they ask ``estoc`` for (``_ESTOC_COMPLETE``), are typer's.
"""

from __future__ import annotations

import os
from typing import Any

import typer

from estoc.errors import InputError
from estoc.i18n import _

PROG = "estoc"
COMPLETE_VAR = "_ESTOC_COMPLETE"
SHELLS = ("bash", "zsh", "fish")
DETECT = "detect"
"""The value an option given without a shell name takes: find the running shell."""


def shell_named(args: list[str]) -> list[str]:
    """``args`` with the shell of a bare ``--show-completion`` or ``--install-completion`` made explicit (``detect``):
    the command line's parser takes no option whose value may be left out."""
    named = list(args)
    for i in range(len(named) - 1, -1, -1):
        if named[i] in ("--show-completion", "--install-completion") and (
                i + 1 == len(named) or named[i + 1].startswith("-")):
            named.insert(i + 1, DETECT)
    return named


def prepare() -> None:
    """When a shell asks for completions (``_ESTOC_COMPLETE`` set by the script), register typer's answerers."""
    if os.environ.get(COMPLETE_VAR):
        # lazy: typer's completion machinery loads only when a shell asks for completions.
        from typer._completion_classes import completion_init

        completion_init()


def version() -> str:
    # lazy: importlib.metadata is slow to import and only --version needs it.
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        return installed("estoc")
    except PackageNotFoundError:  # (run from a source tree that was never installed)
        return "0+unknown"


def _shell(value: str) -> str:
    if value == DETECT:
        # lazy: typer's completion machinery loads only when completion is shown or installed.
        from typer._completion_shared import _get_shell_name

        detected = _get_shell_name() or os.path.basename(os.environ.get("SHELL", ""))
        if detected not in SHELLS:
            raise InputError(_("cannot tell which shell this is: name it, one of {shells}").format(
                shells=", ".join(SHELLS)))
        return detected
    if value not in SHELLS:
        raise InputError(_("completion is for {shells}, not {shell}").format(shells=", ".join(SHELLS), shell=value))
    return value


def script(shell: str) -> str:
    """The completion script of ``estoc`` for ``shell``."""
    # lazy: typer's completion machinery loads only when completion is shown or installed.
    from typer._completion_shared import get_completion_script

    return get_completion_script(prog_name=PROG, complete_var=COMPLETE_VAR, shell=_shell(shell))


def show_version(ctx: typer.Context, _param: Any, value: bool) -> None:
    if value and not ctx.resilient_parsing:
        print(f"estoc {version()}")
        raise typer.Exit(0)


def show_completion(ctx: typer.Context, _param: Any, value: str | None) -> None:
    if value is not None and not ctx.resilient_parsing:
        print(script(value))
        raise typer.Exit(0)


def install_completion(ctx: typer.Context, _param: Any, value: str | None) -> None:
    if value is None or ctx.resilient_parsing:
        return
    # lazy: typer's completion machinery loads only when completion is shown or installed.
    from typer._completion_shared import install

    shell, path = install(shell=_shell(value), prog_name=PROG, complete_var=COMPLETE_VAR)
    print(_("Completion for {shell} written to {path}; it works in the next terminal you open.").format(
        shell=shell, path=path))
    raise typer.Exit(0)


def options() -> dict[str, Any]:
    """The root command's parameters for these three options (``typer.Option`` objects, by parameter name)."""
    return {
        "version": typer.Option(False, "--version", is_eager=True, expose_value=False, callback=show_version,
                                help=_("Show estoc's version and exit.")),
        "show": typer.Option(None, "--show-completion", metavar="[bash|zsh|fish]",
                             is_eager=True, expose_value=False, callback=show_completion,
                             help=_("Print the shell completion script (for bash, zsh or fish; default: this "
                                    "shell) and exit.")),
        "install": typer.Option(None, "--install-completion",
                                metavar="[bash|zsh|fish]", is_eager=True, expose_value=False,
                                callback=install_completion,
                                help=_("Install shell completion (for bash, zsh or fish; default: this shell) "
                                       "and exit.")),
    }
