"""``estoc simulate``: many whole fights of an encounter, their chances with intervals, and what a change does."""

from __future__ import annotations

import contextlib
import re
import secrets
import sys
import textwrap
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Annotated, Any

import typer
from babel import Locale
from babel.numbers import format_decimal, format_percent
from rich.console import Console
from rich.table import Table
from rich.text import Text

from estoc.cli.app import content_folders
from estoc.cli.common import console, print_json
from estoc.cli.guard import printable
from estoc.content.registry import load_content
from estoc.errors import InputError
from estoc.i18n import _, language, pick
from estoc.sim.runner import (
    DEFAULT_CHUNK,
    DEFAULT_MAX_ROUNDS,
    Progress,
    check_run,
    compare,
    load_any_encounter,
    parse_setting,
    require_dask,
    scenario,
    simulate,
)
from estoc.sim.summary import (
    ComparisonSummary,
    Difference,
    Interval,
    Share,
    SimSummary,
    summarize,
    summarize_comparison,
)
from estoc.systems.base import find_sim_system, find_system, sim_systems

PROGRESS_FROM = 100_000
"""Runs of at least this many fights show a progress bar even when stderr is not a terminal."""
HELP_WIDTH = 76
"""The width the settings' help texts are wrapped to (below the options, kept as written)."""


# --- numbers in the user's language --------------------------------------------------------------------------------

@cache
def _percent_pattern(lang: str) -> str:
    pattern = Locale.parse(lang).percent_formats[None].pattern
    # The locale's own pattern ("#,##0 %" in French, "#,##0%" in English), with one decimal.
    return str(pattern).replace("#,##0", "#,##0.0", 1)


def percent(p: float) -> str:
    return str(format_percent(p, _percent_pattern(language()), locale=language()))


def number(x: float, digits: int = 2, *, signed: bool = False) -> str:
    body = "#,##0." + "0" * digits if digits else "#,##0"
    x = round(x, digits) + 0.0  # no "-0.0": a difference that rounds to nothing shows as 0
    return str(format_decimal(x, f"+{body};-{body}" if signed else body, locale=language()))


def share_range(s: Share) -> str:
    return f"{percent(s.low)} – {percent(s.high)}"


def mean_text(m: Interval, digits: int = 2) -> str:
    return _("{mean} ({low} – {high})").format(mean=number(m.value, digits), low=number(m.low, digits),
                                               high=number(m.high, digits))


def plus_minus(m: Interval, digits: int = 1) -> str:
    return f"{number(m.value, digits)} ± {number((m.high - m.low) / 2, digits)}"


def yes_no(flag: bool) -> str:
    return _("yes") if flag else _("no")


# --- tables -------------------------------------------------------------------------------------------------------

def setting_text(s: SimSummary) -> str:
    """A run's settings in words (its system's)."""
    return find_sim_system(s.system).describe(s.settings, number)


def settings_help() -> str:
    """Every system's settings, as ``--set`` takes them, with their help texts (the systems' own)."""
    parts = []
    for system in sim_systems():
        names = find_system(system.id)
        lines, seen = [], set()
        for spec in system.settings:
            key = spec.family or spec.key
            if key in seen:
                continue
            seen.add(key)
            lines.append(f"  {key}={spec.value.form()}")
            # A space before French punctuation (« ; », « : ») never starts a line.
            text = re.sub(r" ([;:!?»])", "\u00a0\\1", spec.help())
            lines.extend(textwrap.wrap(text, HELP_WIDTH, initial_indent=" " * 6, subsequent_indent=" " * 6,
                                       break_on_hyphens=False))
        parts.append("\b\n" + pick({"fr": names.name_fr, "en": names.name_en}) + "\n" + "\n".join(lines))
    return "\n\n".join([_("Settings (--set key=value):"), *parts])


def _shown(name: Any) -> Text:
    """A name from a file, in a table: control characters escaped (``cli.guard.printable``), no markup read in it."""
    return Text(printable(pick(name)))


def print_summary(out: Console, s: SimSummary, title: str | None = None) -> None:
    """A run's results as tables."""
    heading = _("{name}: {n} fights, seed {seed} (chunks of {chunk}, round limit {limit})").format(
        name=printable(pick(s.name)), n=number(s.n, 0), seed=s.seed, chunk=number(s.chunk, 0), limit=s.max_rounds)
    out.print(f"{title} — {heading}" if title else heading, markup=False)
    out.print(_("Settings: {settings}.").format(settings=setting_text(s)), markup=False)
    sides = Table(title=_("Outcome"), title_justify="left")
    for header, justify in ((_("Result"), "left"), (_("Chance"), "right"), (_("95 % interval"), "right"),
                            (_("Fights"), "right")):
        sides.add_column(header, justify=justify)  # type: ignore[arg-type]
    for side in s.sides:
        sides.add_row(Text(_("Victory: {side}").format(side=printable(pick(side.name)))), percent(side.win.value),
                      share_range(side.win), number(side.win.count, 0))
    sides.add_row(_("No one left standing"), percent(s.draw.value), share_range(s.draw), number(s.draw.count, 0))
    sides.add_row(_("Round limit reached"), percent(s.undecided.value), share_range(s.undecided),
                  number(s.undecided.count, 0))
    out.print(sides)
    fled = any(c.fled.count for c in s.combatants)
    people = Table(title=_("Combatants (out of the fight: unconscious, dying or dead at its end; hits: mean and "
                           "95 % margin)"), title_justify="left")
    headers = [_("Combatant"), _("Side"), _("Out of the fight"), _("Dead"), *([_("Fled")] if fled else []),
               _("Hits dealt"), _("Hits taken")]
    for i, header in enumerate(headers):
        people.add_column(header, justify="left" if i < 2 else "right")
    for c in s.combatants:
        people.add_row(_shown(c.name), c.side, percent(c.out.value), percent(c.dead.value),
                       *([percent(c.fled.value)] if fled else []), plus_minus(c.hits_dealt, 1),
                       plus_minus(c.hits_taken, 1))
    out.print(people)
    system = find_sim_system(s.system)
    marks = list(s.combatants[0].crit_taken) if s.combatants else []
    crits = Table(title=system.marks_title(), title_justify="left")
    crits.add_column(_("Combatant"))
    for mark in marks:
        crits.add_column(system.mark_name(mark), justify="right")
    for c in s.combatants:
        crits.add_row(_shown(c.name), *(percent(c.crit_taken[mark].value) for mark in marks))
    out.print(crits)
    if any(c.tasks for c in s.combatants):
        tasks = Table(title=_("Combat tasks: tries per fight, and the share of tries whose roll succeeded"),
                      title_justify="left")
        for i, header in enumerate((_("Combatant"), _("Task"), _("Tries per fight"), _("Succeeded"))):
            tasks.add_column(header, justify="left" if i < 2 else "right")
        for c in s.combatants:
            for t, use in c.tasks.items():
                name = pick(system.task_name(t))
                tasks.add_row(_shown(c.name), name, number(use.per_fight, 2), percent(use.worked.value))
        out.print(tasks)
    length = s.length
    out.print(_("Length: {mean} rounds on average; half the fights are over by round {median}, nine in ten by "
                "round {p90}; the longest lasted {longest}.").format(
        mean=mean_text(length.mean), median=length.median, p90=length.p90, longest=length.longest), markup=False)


def _difference_row(table: Table, label: str, d: Difference, *, as_percent: bool) -> None:
    if as_percent:
        a, b = percent(d.a), percent(d.b)
        diff = _("{value} pts").format(value=number(100 * d.diff.value, 1, signed=True))
        interval = f"{number(100 * d.diff.low, 1, signed=True)} – {number(100 * d.diff.high, 1, signed=True)}"
    else:
        a, b = number(d.a), number(d.b)
        diff = number(d.diff.value, signed=True)
        interval = f"{number(d.diff.low, signed=True)} – {number(d.diff.high, signed=True)}"
    table.add_row(Text(printable(label)), a, b, diff, interval, yes_no(d.significant))


def print_comparison(out: Console, c: ComparisonSummary, label_b: str) -> None:
    """Both runs, then their differences."""
    print_summary(out, c.a, "A")
    out.print()
    print_summary(out, c.b, "B")
    out.print()
    out.print(_("B is {what}, played on the same dice as A (common random numbers): differences B − A with their "
                "paired 95 % intervals.").format(what=label_b), markup=False)
    table = Table(title=_("Differences"), title_justify="left")
    for i, header in enumerate((_("Quantity"), "A", "B", "B − A", _("95 % interval"), _("Significant"))):
        table.add_column(header, justify="left" if i == 0 else "right")
    names_a = {side.id: pick(side.name) for side in c.a.sides}
    for d in c.win:
        _difference_row(table, _("Victory: {side}").format(side=names_a.get(d.id, d.id)), d, as_percent=True)
    for d in c.out:
        _difference_row(table, _("{name} out of the fight").format(name=pick(d.name) or d.id), d, as_percent=True)
    for d in c.dead:
        if d.a == 0 and d.b == 0:
            continue  # nobody died either way: a row of zeros says nothing
        _difference_row(table, _("{name} dead").format(name=pick(d.name) or d.id), d, as_percent=True)
    _difference_row(table, _("Mean length (rounds)"), c.length, as_percent=False)
    out.print(table)


# --- progress and plots -------------------------------------------------------------------------------------------

@contextlib.contextmanager
def progress_bar(n: int, show: bool) -> Iterator[Progress | None]:
    """A progress bar on stderr, told the worlds of each chunk done (nothing when ``show`` is false)."""
    if not show:
        yield None
        return

    # lazy: rich.progress only when a run shows its progress (estoc --help builds this module).
    from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeRemainingColumn
    from rich.progress import Progress as Bar

    with Bar(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
             console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(_("Fights"), total=n)
        yield lambda done: bar.advance(task, done)


def check_plot(path: Path) -> None:
    """InputError, before anything runs, when the plot cannot be drawn or written."""
    # lazy: matplotlib, optional and slow to import, only when a plot is asked for.
    from estoc.sim.plots import require_matplotlib

    require_matplotlib()
    if path.suffix.lower() != ".png":
        raise InputError(_("the plot is a PNG file: give a name ending in .png, not {path}").format(path=path))
    if not path.parent.is_dir():
        raise InputError(_("cannot write the plot: no folder {folder}").format(folder=path.parent))


# --- the command --------------------------------------------------------------------------------------------------

def register(app: typer.Typer) -> None:
    @app.command("simulate", help=_("Play many fights of an encounter with the default policy: the chances of "
                                    "each side and combatant, with 95 % intervals; --vs or --set compare with "
                                    "another encounter or setting on the same dice."), epilog=settings_help())
    def simulate_command(
        ctx: typer.Context,
        encounter: Annotated[Path, typer.Argument(metavar="ENCOUNTER", help=_("The encounter file."))],
        n: Annotated[int, typer.Option("-n", help=_("Number of fights."))] = 10_000,
        seed: Annotated[int | None, typer.Option("--seed", help=_(
            "Seed of the dice (default: a fresh one, printed with the results)."))] = None,
        workers: Annotated[int, typer.Option("--workers", help=_("Processes to play on."))] = 1,
        threads: Annotated[int, typer.Option("--threads", help=_(
            "Threads each process plays on (HARP's compiled kernel)."))] = 1,
        chunk: Annotated[int, typer.Option("--chunk", help=_(
            "Fights played at once by one process (memory follows it; the results depend on the seed only)."))
        ] = DEFAULT_CHUNK,
        as_json: Annotated[bool, typer.Option("--json", help=_("Print JSON."))] = False,
        plot: Annotated[Path | None, typer.Option("--plot", help=_(
            "Draw the length of the fights and each combatant's fate into this PNG file (needs estoc[plots])."))
        ] = None,
        vs: Annotated[Path | None, typer.Option("--vs", help=_(
            "Another encounter to compare with, on the same dice."))] = None,
        settings: Annotated[list[str] | None, typer.Option("--set", help=_(
            "Compare with this setting changed: key=value, a setting of the encounter's system (listed below; "
            "repeatable; with --vs, changes the other encounter)."))] = None,
        scheduler: Annotated[str | None, typer.Option("--scheduler", help=_(
            "Address of a Dask scheduler to play on (needs estoc[cluster])."))] = None,
        max_rounds: Annotated[int, typer.Option("--max-rounds", help=_(
            "A fight still going after this many rounds is counted undecided."))] = DEFAULT_MAX_ROUNDS,
        beasts_flee: Annotated[bool, typer.Option("--beasts-flee", help=_(
            "Badly hurt beasts flee (the GM's choice)."))] = False,  # the setting beasts_flee=on, in A and B
    ) -> None:
        # Every check first: bad input stops before anything is played or written.
        check_run(n, chunk=chunk, workers=workers, max_rounds=max_rounds, threads=threads)
        changes = dict(parse_setting(text) for text in settings or [])
        if plot is not None:
            check_plot(plot)
        if scheduler is not None:
            require_dask()
        folders = content_folders(ctx)
        content = load_content(folders)
        flee = {"beasts_flee": True} if beasts_flee else {}
        base = scenario(load_any_encounter(encounter, content), content, flee)
        other = None
        if vs is not None or changes:
            other = scenario(load_any_encounter(vs, content) if vs is not None else base.encounter, content,
                             {**flee, **changes})
        seed = seed if seed is not None else secrets.randbits(32)
        options: dict[str, Any] = {"seed": seed, "folders": folders, "chunk": chunk, "workers": workers,
                                   "scheduler": scheduler, "max_rounds": max_rounds, "threads": threads}
        show = not as_json and (sys.stderr.isatty() or n >= PROGRESS_FROM)
        with progress_bar(n, show) as progress:
            if other is None:
                result: SimSummary | ComparisonSummary = summarize(
                    simulate(base, content, n, progress=progress, **options))
            else:
                result = summarize_comparison(compare(base, other, content, n, progress=progress, **options))
        if plot is not None:
            # lazy: matplotlib, optional and slow to import, only when a plot is asked for.
            from estoc.sim.plots import plot_summary

            if isinstance(result, SimSummary):
                plot_summary(result, plot)
            else:
                plot_summary(result.a, plot, result.b)
        if as_json:
            print_json(result.to_dict())
        elif isinstance(result, SimSummary):
            print_summary(console(), result)
        else:
            label = ", ".join(settings or [])
            what = (_("{file} with {settings}").format(file=vs, settings=label) if vs is not None and changes
                    else str(vs) if vs is not None else _("the same encounter with {settings}").format(
                        settings=label))
            print_comparison(console(), result, what)
