"""``estoc balance``: what a rule is worth, each side of the comparison played with the best plan found for it."""

from __future__ import annotations

import secrets
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from estoc.cli.app import content_folders
from estoc.cli.common import console, print_json
from estoc.cli.guard import printable
from estoc.cli.simulate import check_plot, number, percent, settings_help
from estoc.content.registry import load_content
from estoc.engine.simulation import side_order
from estoc.errors import EstocError, InputError
from estoc.i18n import _, language, pick
from estoc.sim.balance import (
    OBJECTIVES,
    Arm,
    EncounterEvaluator,
    Figures,
    Options,
    Progress,
    Race,
    Study,
    search,
)
from estoc.sim.runner import (
    DEFAULT_CHUNK,
    DEFAULT_MAX_ROUNDS,
    check_run,
    load_any_encounter,
    parse_setting,
    require_dask,
    scenario,
)
from estoc.sim.runner import content_folders as absolute_folders
from estoc.sim.summary import Interval, Share
from estoc.systems.base import find_sim_system
from estoc.systems.tor.names import task as tor_task

INTERRUPTED = 130
"""The exit code after Ctrl-C (what was found is printed first)."""


# --- what the study says, as data ----------------------------------------------------------------------------------

def _interval(i: Interval | None) -> dict[str, float] | None:
    return None if i is None else {"estimate": i.value, "low": i.low, "high": i.high}


def _share(s: Share) -> dict[str, float]:
    return {"estimate": s.value, "low": s.low, "high": s.high, "count": s.count}


def _figures(f: Figures | None) -> dict[str, Any] | None:
    if f is None:
        return None
    return {"win": _share(f.win), "deaths": _share(f.dead), "rounds": f.rounds, "fights": f.n, "fresh_dice": f.fresh}


def _plan(arm: Arm, plan: tuple[int, ...]) -> dict[str, dict[str, str]]:
    ids, words = arm.plan_ids(plan), arm.plan_words(plan)
    return {cid: {"id": ids[cid], "label": words[cid]} for cid in ids}


def last_races(study: Study) -> list[Race]:
    """Each arm's latest race of each combatant: what the plan it kept rests on."""
    latest: dict[tuple[int, int], Race] = {}
    for race in study.races:
        if race.axis >= 0:
            latest[(race.arm, race.axis)] = race
    return [latest[key] for key in sorted(latest)]


def _race(study: Study, race: Race) -> dict[str, Any]:
    if race.axis < 0:
        return {"arm": "with" if race.arm == 0 else "without", "combatant": None, "plans": 2,
                "fights_each": race.tally.n, "chosen": "other-side" if race.chosen == 1 else "own",
                "settled": race.settled, "left": [("own", "other-side")[k] for k in race.alive],
                "closest": "own" if race.chosen == 1 else "other-side",
                "gap": _interval(race.gap(race.chosen, 1 - race.chosen)), "confidence": race.confidence()}
    axis = study.arms[race.arm].axes[race.axis]
    rival = race.closest()
    variant = axis.variants
    gap = None if rival is None else race.gap(race.chosen, rival)
    return {"arm": "with" if race.arm == 0 else "without", "combatant": axis.id, "plans": len(race.candidates),
            "fights_each": race.tally.n, "chosen": variant[race.candidates[race.chosen][race.axis]].id,
            "settled": race.settled,
            "left": [variant[race.candidates[k][race.axis]].id for k in race.alive],
            "closest": None if rival is None else variant[race.candidates[rival][race.axis]].id,
            "gap": _interval(gap), "confidence": race.confidence()}


def study_dict(study: Study, *, name: dict[str, str], system: str, side: str, objective: str,
               rule: dict[str, Any], seed: int, seconds: float) -> dict[str, Any]:
    with_rule, without = study.arms
    return {
        "encounter": name, "system": system, "side": side, "objective": objective, "rule": rule,
        "n": study.options.n, "seed": seed, "complete": study.complete, "interrupted": study.interrupted,
        "fights": study.fights, "seconds": round(seconds, 2),
        "value": {**(_interval(study.value) or {}), "paired": study.paired,
                  "fresh_dice": study.figures[0] is not None and study.figures[0].fresh},
        "with_rule": {"plan": _plan(with_rule, study.best[0]), **(_figures(study.figures[0]) or {})},
        "best_alternative": {"plan": _plan(without, study.best[1]), **(_figures(study.figures[1]) or {})},
        "as_written": {"with_rule": _figures(study.own_figures[0]), "without": _figures(study.own_figures[1]),
                       "value": _interval(study.own_value)},
        "races": [_race(study, race) for race in study.races],
    }


# --- what the study says, as text ----------------------------------------------------------------------------------

def points(i: Interval) -> str:
    return _("{value} pts ({low} – {high})").format(value=number(100 * i.value, 1, signed=True),
                                                   low=number(100 * i.low, 1, signed=True),
                                                   high=number(100 * i.high, 1, signed=True))


def share_text(s: Share) -> str:
    return f"{percent(s.value)} ({percent(s.low)} – {percent(s.high)})"


SETTLED = {"single": lambda: _("every rival dropped"), "equal": lambda: _("those left are equal"),
           "budget": lambda: _("not separated within the fights allowed"),
           "interrupted": lambda: _("interrupted"), "running": lambda: _("interrupted")}


def print_study(out: Console, data: dict[str, Any], study: Study, names: dict[str, str], rule_words: str) -> None:
    if study.interrupted:
        out.print(_("Interrupted: the search stopped before its end. Below is what it had found, with figures from "
                    "the search's own dice (favoured by the choice, not confirmed on fresh dice)."), markup=False,
                  style="bold")
    out.print(_("{name}: the worth of {rule}, each side of the comparison played with the best plan found for "
                "it; {n} fights a plan, seed {seed}; {fights} fights played in {seconds} s.").format(
        name=printable(pick(data["encounter"])), rule=rule_words, n=number(study.options.n, 0), seed=data["seed"],
        fights=number(study.fights, 0), seconds=number(data["seconds"], 0)), markup=False)
    score = _("Victory") if data["objective"] == "win" else _("Victory, none of the side dead")
    table = Table(title=_("Best plans ({side})").format(side=printable(names.get(data["side"], data["side"]))),
                  title_justify="left")
    for header, justify in (("", "left"), (_("With the rule"), "left"), (_("Without the rule"), "left")):
        table.add_column(header, justify=justify)  # type: ignore[arg-type]
    figures = study.figures
    if figures[0] is not None and figures[1] is not None:
        table.add_row(score, share_text(figures[0].win), share_text(figures[1].win))
        table.add_row(_("One of the side dead"), share_text(figures[0].dead), share_text(figures[1].dead))
        table.add_row(_("Mean length (rounds)"), number(figures[0].rounds, 1), number(figures[1].rounds, 1))
    plans = [study.arms[0].plan_words(study.best[0]), study.arms[1].plan_words(study.best[1])]
    for axis in study.arms[0].axes:
        table.add_row(Text(printable(pick(dict(axis.name)))), Text(plans[0].get(axis.id, "")),
                      Text(plans[1].get(axis.id, "")))
    out.print(table)
    if study.value is not None:
        how = (_("paired, on fresh dice") if study.paired and data["value"]["fresh_dice"]
               else _("unpaired, on the search's dice"))
        out.print(_("Worth of the rule ({score}, with − without, best plans, {how}): {value}.").format(
            score=score.lower(), how=how, value=points(study.value)), markup=False, style="bold")
    if study.own_value is not None and study.own_figures[0] is not None and study.own_figures[1] is not None:
        out.print(_("The encounter's own plans, on the same dice: {a} with the rule, {b} without: {value}.").format(
            a=percent(study.own_figures[0].win.value), b=percent(study.own_figures[1].win.value),
            value=points(study.own_value)), markup=False)
    out.print()
    out.print(_("How sure the search is (each combatant's latest race, on the search's dice):"), markup=False)
    for race in last_races(study):
        row = _race(study, race)
        axis = study.arms[race.arm].axes[race.axis]
        gap = row["gap"]
        closest = race.closest()
        # The plans in words (« défensive : Protéger »), not their ids (``defensive:proteger``: the JSON's).
        chosen = axis.variants[race.candidates[race.chosen][race.axis]].label()
        rival = (_("closest rival {plan}: {gap}").format(
            plan=axis.variants[race.candidates[closest][race.axis]].label() if closest is not None else "—",
            gap=points(Interval(gap["estimate"], gap["low"], gap["high"])))
            if gap is not None else _("no rival"))
        out.print(Text("- " + _("{arm} — {name}: {plan} ({plans} plans, {fights} fights each; {settled}; {rival}; "
                                "chance it is the best of those left: {chance})").format(
            arm=study.arms[race.arm].label, name=printable(pick(dict(axis.name))), plan=printable(chosen),
            plans=number(row["plans"], 0), fights=number(row["fights_each"], 0), settled=SETTLED[race.settled](),
            rival=rival, chance=percent(row["confidence"]))))
    for race in study.races:
        if race.axis < 0 and race.chosen == 1:
            out.print(_("{arm}: the best plan found for the other side did better; the search went on from it.").format(
                arm=study.arms[race.arm].label), markup=False)
    out.print(_("The plans are searched one combatant at a time, the others held at their best so far: the plan "
                "kept is one that no single combatant's change improves, within the races' resolution."),
              markup=False)


def _task_name(task_id: str) -> str:
    """A combat task's name in the user's language (« Protéger »), its id if no system names it."""
    try:
        found = tor_task(task_id)
    except EstocError:
        return task_id
    return found.name_fr if language() == "fr" else found.name_en


# --- the plot --------------------------------------------------------------------------------------------------------

def plot_study(study: Study, path: Path) -> None:
    """Each combatant's plans in its latest race of each arm: the score and its 95 % interval, the plan kept
    marked."""
    # lazy: matplotlib, optional and slow to import, only when a plot is asked for.
    from estoc.sim.plots import require_matplotlib

    plt = require_matplotlib()
    axes_count = max(1, len(study.arms[0].axes))
    heights = [max(2.0, 0.28 * len(axis.variants) + 0.8) for axis in study.arms[0].axes] or [2.0]
    figure, grid = plt.subplots(axes_count, 2, figsize=(12, sum(heights)), squeeze=False,
                                gridspec_kw={"height_ratios": heights})
    for race in last_races(study):
        ax = grid[race.axis][race.arm]
        axis = study.arms[race.arm].axes[race.axis]
        labels, values, lows, highs, colours = [], [], [], [], []
        for k, plan in enumerate(race.candidates):
            share = race.share(k)
            labels.append(axis.variants[plan[race.axis]].label())
            values.append(share.value)
            lows.append(share.value - share.low)
            highs.append(share.high - share.value)
            colours.append("#b22222" if k == race.chosen else "#4c72b0" if k in race.alive else "#9e9e9e")
        ys = list(range(len(labels)))
        ax.errorbar(values, ys, xerr=[lows, highs], fmt="none", ecolor="#555555", capsize=2)
        ax.scatter(values, ys, c=colours, zorder=3)
        ax.set_yticks(ys, labels, fontsize=7)
        ax.set_title(f"{pick(dict(axis.name))} — {study.arms[race.arm].label}", fontsize=9)
        ax.set_xlim(0, 1)
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)


# --- progress ---------------------------------------------------------------------------------------------------------

@contextmanager
def progress_line(show: bool) -> Iterator[Progress | None]:
    """What the search is doing and the fights played so far, on stderr (nothing when ``show`` is false)."""
    if not show:
        yield None
        return

    # lazy: rich.progress only when a study shows its progress (estoc --help builds this module).
    from rich.progress import Progress as Bar
    from rich.progress import SpinnerColumn, TextColumn, TimeElapsedColumn

    with Bar(SpinnerColumn(), TextColumn("{task.description}"), TextColumn(_("{task.completed:,} fights")),
             TimeElapsedColumn(), console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("", total=None)
        yield lambda what, fights: bar.update(task, description=what, advance=fights)


# --- the command ------------------------------------------------------------------------------------------------------

def register(app: typer.Typer) -> None:
    @app.command("balance", help=_(
        "What a rule is worth: the best plan found with it against the best plan found without it (searched on "
        "common random numbers, then confirmed on fresh dice), with 95 % intervals."), epilog=settings_help())
    def balance_command(
        ctx: typer.Context,
        encounter: Annotated[Path, typer.Argument(metavar="ENCOUNTER", help=_("The encounter file."))],
        task: Annotated[str | None, typer.Option("--task", help=_(
            "The rule is this combat task: on against off (The One Ring)."))] = None,
        settings: Annotated[list[str] | None, typer.Option("--set", help=_(
            "The rule is this setting: key=value against the encounter as it stands (repeatable; settings listed "
            "below)."))] = None,
        n: Annotated[int, typer.Option("-n", help=_(
            "Fights a plan plays at most in one race of the search, and in the confirmation."))] = 10_000,
        seed: Annotated[int | None, typer.Option("--seed", help=_(
            "Seed of the dice (default: a fresh one, printed with the results)."))] = None,
        workers: Annotated[int, typer.Option("--workers", help=_("Processes to play on."))] = 1,
        scheduler: Annotated[str | None, typer.Option("--scheduler", help=_(
            "Address of a Dask scheduler to play on (needs estoc[cluster])."))] = None,
        side: Annotated[str | None, typer.Option("--side", help=_(
            "The side whose plans are searched and whose victory is counted (default: the first with plans)."))
        ] = None,
        objective: Annotated[str, typer.Option("--objective", help=_(
            "What a plan is judged on: win (the side wins) or unscathed (it wins and none of it dies)."))
        ] = "win",
        passes: Annotated[int, typer.Option("--passes", help=_(
            "Passes over the combatants, at most (the search stops at a pass that changes nothing)."))] = 2,
        as_json: Annotated[bool, typer.Option("--json", help=_("Print JSON."))] = False,
        plot: Annotated[Path | None, typer.Option("--plot", help=_(
            "Draw each plan's score into this PNG file (needs estoc[plots])."))] = None,
        chunk: Annotated[int, typer.Option("--chunk", help=_(
            "Fights played at once by one process (memory follows it; the results depend on the seed only)."))
        ] = DEFAULT_CHUNK,
        max_rounds: Annotated[int, typer.Option("--max-rounds", help=_(
            "A fight still going after this many rounds is counted undecided."))] = DEFAULT_MAX_ROUNDS,
    ) -> None:
        # Every check first: bad input stops before anything is played or written.
        check_run(n, chunk=chunk, workers=workers, max_rounds=max_rounds)
        if not 1 <= passes <= 10:
            raise InputError(_("the number of passes is from 1 to 10, not {value}").format(value=passes))
        if objective not in OBJECTIVES:
            raise InputError(_("the objective is one of {choices}, not {value!r}").format(
                choices=", ".join(OBJECTIVES), value=objective))
        changes = dict(parse_setting(text) for text in settings or [])
        if task is None and not changes:
            raise InputError(_("say which rule to weigh: --task TASK or --set KEY=VALUE"))
        if plot is not None:
            check_plot(plot)
        if scheduler is not None:
            require_dask()
        folders = content_folders(ctx)
        content = load_content(folders)
        loaded = load_any_encounter(encounter, content)
        system = find_sim_system(loaded.system)
        with_rule, without = dict(changes), {}
        if task is not None:
            key = f"{system.id}.tasks.{task}"
            if key not in {spec.key for spec in system.settings}:
                raise InputError(_("{task}: no combat task of the {system} system; its tasks: {known}").format(
                    task=task, system=system.id, known=", ".join(system.task_ids) or _("none")))
            with_rule[key], without[key] = True, False
        scenarios = (scenario(loaded, content, with_rule), scenario(loaded, content, without))
        spaces = (system.plan_space(scenarios[0].encounter), system.plan_space(scenarios[1].encounter))
        sides = side_order(loaded)
        if side is None:
            side = spaces[0][0].side if spaces[0] else sides[0]
        elif side not in sides:
            raise InputError(_("no side {side!r} in this encounter; its sides: {known}").format(
                side=side, known=", ".join(sides)))
        arms = (Arm(_("with the rule"), tuple(a for a in spaces[0] if a.side == side), scenarios[0].settings),
                Arm(_("without the rule"), tuple(a for a in spaces[1] if a.side == side), scenarios[1].settings))
        seed = seed if seed is not None else secrets.randbits(32)
        evaluator = EncounterEvaluator(scenarios, arms, content, absolute_folders(folders), side, seed,
                                       workers=workers, scheduler=scheduler, chunk=chunk, max_rounds=max_rounds,
                                       objective=objective)
        started = time.monotonic()
        with progress_line(sys.stderr.isatty()) as progress, evaluator.running():
            study = search(arms, evaluator, Options(n=n, passes=passes), progress)
        rule = {"task": task, "with": {k: v for k, v in with_rule.items()},
                "without": {k: v for k, v in without.items()}}
        data = study_dict(study, name=dict(loaded.name), system=system.id, side=side, objective=objective,
                          rule=rule, seed=seed, seconds=time.monotonic() - started)
        if plot is not None and study.races:
            plot_study(study, plot)
        if as_json:
            print_json(data)
        else:
            words = [_("the task {task} (on against off)").format(task=_task_name(task))] if task is not None else []
            words += [_("{settings} (against the encounter as it stands)").format(settings=", ".join(settings))
                      ] if settings else []
            if not arms[0].axes:
                console().print(_("This system names no plan an encounter can change: both sides of the "
                                  "comparison play the encounter's own."), markup=False)
            names = {s.id: pick(dict(s.name)) for s in loaded.sides}
            print_study(console(), data, study, names, _(" and ").join(words))
        if study.interrupted:
            raise typer.Exit(INTERRUPTED)
