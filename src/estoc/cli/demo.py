"""``estoc demo``: two sample fighters trade blows, round after round, every HARP rule applied and told."""

from __future__ import annotations

from typing import Annotated

import typer

from estoc.cli.app import content_folders
from estoc.cli.common import console, harp_content
from estoc.dice import SeededDice
from estoc.errors import InputError
from estoc.i18n import _, pick
from estoc.render.harp import narrate_attack
from estoc.systems.harp.duel import Duel, DuelTurn


def register(app: typer.Typer) -> None:
    @app.command("demo", help=_("A narrated HARP fight between two sample fighters (seeded: the same seed tells "
                                "the same fight)."))
    def demo(ctx: typer.Context,
             seed: Annotated[int, typer.Option("--seed", help=_("Seed of the dice."))] = 7,
             rounds: Annotated[int, typer.Option("--rounds", help=_("At most this many rounds."))] = 12,
             first: Annotated[str, typer.Option("--a", help=_("First fighter's id."))] = "dafur",
             second: Annotated[str, typer.Option("--b", help=_("Second fighter's id."))] = "orque-soudard",
             ) -> None:
        if rounds < 1:
            raise InputError(_("--rounds must be at least 1"))
        content, tables = harp_content(content_folders(ctx))
        duel = Duel.from_content(content, tables, [first, second])
        dice = SeededDice(seed)
        out = console()
        names = {c.id: pick(c.name) for c in duel.combatants}
        table_names = {k: pick(v.record.name.as_dict())
                       for kind in ("attack-tables", "critical-tables")
                       for k, v in content.kind("harp", kind).items()}
        out.print(_("{a} ({hp_a} HP, OB {ob_a}, DB {db_a}) faces {b} ({hp_b} HP, OB {ob_b}, DB {db_b}).").format(
            a=names[first], b=names[second], hp_a=duel.combatants[0].hp, hp_b=duel.combatants[1].hp,
            ob_a=duel.combatants[0].ob(), ob_b=duel.combatants[1].ob(), db_a=duel.combatants[0].db,
            db_b=duel.combatants[1].db), markup=False)
        for number in range(1, rounds + 1):
            out.print("")
            out.print(_("— Round {n} —").format(n=number), markup=False)
            for turn in duel.play_round(dice, number):
                _tell_turn(out, turn, names, table_names)
            if duel.over():
                break
        out.print("")
        for c, combatant in enumerate(duel.combatants):
            out.print(_("{name}: {hp}/{max} HP{state}.").format(
                name=names[combatant.id], hp=int(duel.state.hp[0, c]), max=combatant.hp,
                state=_status(duel, c)), markup=False)


def _status(duel: Duel, c: int) -> str:
    state = duel.state
    if bool(state.dead[0, c]):
        return ", " + _("dead")
    if int(state.dying_round[0, c]):
        return ", " + _("down, dying (death in round {n})").format(n=int(state.dying_round[0, c]))
    if bool(state.down[0, c]):
        return ", " + _("unconscious")
    return ""


def _tell_turn(out: object, turn: DuelTurn, names: dict[str, str], table_names: dict[str, str]) -> None:
    from rich.console import Console

    assert isinstance(out, Console)
    who = names[turn.actor]
    if turn.initiative is not None:
        out.print(_("{who} acts (initiative {total}).").format(who=who, total=turn.initiative), markup=False)
    if turn.bled:
        out.print("  " + _("{who} bleeds: {n} HP lost.").format(who=who, n=turn.bled), markup=False)
    if turn.stun_check is not None:
        check = turn.stun_check
        verdict = _("shakes off the stun") if check["resisted"] else _("is still stunned")
        out.print("  " + _("Body resistance {total} against {difficulty}: {who} {verdict}.").format(
            total=check["total"], difficulty=check["difficulty"], who=who, verdict=verdict), markup=False)
    if turn.died:
        out.print("  " + _("{who} dies of their wounds.").format(who=who), markup=False)
    if turn.skipped:
        reason = {"down": _("is out of the fight"), "lost": _("has lost this round's action"),
                  "stunned": _("is stunned and can only parry"),
                  "must_parry": _("must parry and cannot attack"),
                  "getting_up": _("gets back on their feet"),
                  "taking_weapon": _("takes up their weapon again")}.get(turn.skipped, turn.skipped)
        out.print("  " + _("{who} {reason}.").format(who=who, reason=reason), markup=False)
    if turn.parry is not None:
        out.print("  " + _("{who} parries with {n} points of OB.").format(who=who, n=turn.parry), markup=False)
    if turn.total_parry is not None:
        tp = turn.total_parry
        if tp["fumbled"]:
            text = _("{who}'s total parry fumbles ({roll}): no parry this round.")
        elif tp["counter"]:
            text = _("{who}'s total parry opens ({roll}): the opponent runs onto the weapon!")
        else:
            text = _("{who} parries with everything: +{bonus} to the DB ({roll}).")
        out.print("  " + text.format(who=who, roll=tp["roll"], bonus=tp["bonus"]), markup=False)
    for event in turn.attacks:
        target = names[event["target"]]
        if event.get("position_bonus"):
            out.print("  " + _("{who} takes advantage of {target}'s plight: +{n} OB.").format(
                who=who, target=target, n=event["position_bonus"]), markup=False)
        if event.get("counter"):
            out.print("  " + _("{who} strikes back at {target}:").format(who=who, target=target), markup=False)
        else:
            out.print("  " + _("{who} attacks {target}:").format(who=who, target=target), markup=False)
        for line in narrate_attack(event, table_names):
            out.print("    " + line, markup=False)
        if event["target_dead"]:
            out.print("    " + _("{target} is dead.").format(target=target), markup=False)
        elif event["target_down"]:
            out.print("    " + _("{target} falls.").format(target=target), markup=False)
