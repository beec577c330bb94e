"""``estoc attack --system d100`` and ``estoc odds attack --system d100``: one d100 exchange, rolled or typed, and its
exact odds."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import typer

from estoc.cli.app import content_folders
from estoc.cli.common import console, options_of, print_json, weapon_number
from estoc.content.registry import Content, load_content
from estoc.dice import DiceSource, ScriptedDice, SeededDice
from estoc.engine.words import fold
from estoc.errors import InputError
from estoc.i18n import _, fixed, pick
from estoc.i18n import percent as percent_text
from estoc.odds.d100 import D100Odds, exchange_odds
from estoc.render.d100 import defence_word, narrate_exchange, quality_word
from estoc.systems.d100.exchange import (
    DEFENCES,
    Combatant,
    Exchange,
    Settings,
    prepare,
    shipped_outcomes,
    strike,
)
from estoc.systems.drawn import tapped

BAR = 30


@dataclass(frozen=True)
class D100Options:
    """What ``--system d100`` reads on the command line."""

    attacker: str | None
    defender: str | None
    weapon: str | None
    defence: str | None
    parry_weapon: int | None
    skill: int | None
    distance: int | None
    difficult: bool
    modifier: int
    kneeling: bool
    fumble_from: int
    dodge_missiles: bool


def options_from(values: dict[str, Any]) -> D100Options:
    return options_of(D100Options, values)


DEFENCE_WORDS = {"none": "none", "aucune": "none", "parry": "parry", "parade": "parry", "dodge": "dodge",
                 "esquive": "dodge"}
"""--defence in English or French (accents and case ignored)."""


def exchange_of(ctx: typer.Context, o: D100Options, dice: DiceSource | None = None
                ) -> tuple[Content, Combatant, Combatant, Exchange, int]:
    """The two characters and the exchange the options describe (its dice from ``dice``); the weapon's number."""
    if not o.attacker or not o.defender:
        raise InputError(_("the d100 system needs --attacker and --defender (character ids)"))
    defence = DEFENCE_WORDS.get(fold(o.defence), o.defence) if o.defence is not None else None
    if defence is not None and defence not in DEFENCES:
        raise InputError(_("--defence is none, parry or dodge, not {value!r}").format(value=o.defence))
    if not 90 <= o.fumble_from <= 101:
        raise InputError(_("--fumble-from is 90 to 101 (101: no fumble), not {value}").format(value=o.fumble_from))
    if o.skill is not None and not 0 <= o.skill <= 200:
        raise InputError(_("--skill is 0 to 200, not {value}").format(value=o.skill))
    if o.distance is not None and o.distance < 0:
        raise InputError(_("--distance is in metres, 0 or more, not {value}").format(value=o.distance))
    content = load_content(content_folders(ctx))
    attacker = Combatant.from_content(content, o.attacker)
    defender = Combatant.from_content(content, o.defender)
    number = weapon_number(attacker.name, [u.record.id for u in attacker.weapons], o.weapon)
    settings = Settings(fumble_from=o.fumble_from, dodge_missiles=o.dodge_missiles)
    # No defence named: the kernel's default, the best the rules allow (a parry, else a dodge, else none).
    exchange = prepare(shipped_outcomes(content), attacker, number, defender, defence,
                       settings, distance=o.distance, difficult=o.difficult, modifier=o.modifier, kneeling=o.kneeling,
                       parry_weapon=o.parry_weapon, chance=o.skill, dice=dice)
    return content, attacker, defender, exchange, number


def attack(ctx: typer.Context, o: D100Options, *, roll: list[int] | None, defence_roll: int | None,
           damage_roll: list[int] | None, bonus_roll: list[int] | None, seed: int | None, as_json: bool) -> None:
    faces: dict[str, list[int]] = {}
    for purpose, given in (("attack", roll), ("defence", [defence_roll] if defence_roll is not None else None),
                           ("damage", damage_roll), ("damage-bonus", bonus_roll)):
        if given:
            faces[purpose] = list(given)
    dice = ScriptedDice(faces, fallback=SeededDice(seed), record=True)
    _content, attacker, defender, exchange, number = exchange_of(ctx, o, dice)
    if roll is not None and len(roll) != 1:
        raise InputError(_("a d100 attack is one roll: give --roll once"))
    if roll or defence_roll is not None:
        dice.check_faces(100)
    with tapped(dice, lambda: exchange.F.log, {}) as tap:  # every face shown, the ones estoc rolled named
        exchange.F.source = tap
        record = strike(exchange)
    dice.check_all_used()
    record.update(system="d100", attacker=attacker.id, defender=defender.id,
                  weapon=attacker.weapon(number).record.id, defender_hp=defender.hp,
                  dice=[{"purpose": r.purpose, "sides": r.sides, "faces": list(r.faces), "typed": list(r.typed)}
                        for r in dice.records or []])
    if as_json:
        print_json(record)
        return
    out = console()
    for line in narrate_exchange(record, pick(attacker.name), pick(defender.name)):
        out.print(line, markup=False)


def percent(p: Fraction | None) -> str:
    return percent_text(p)


def odds_lines(odds: D100Odds) -> list[str]:
    def bar(p: Fraction) -> str:
        return "█" * round(BAR * float(p))

    results = {"miss": _("misses"), "stopped": _("stopped by the defence"), "hit": _("hits"),
               "special": _("special hit")}
    lines = [_("Attack roll:")]
    lines += [f"  {percent(p)}  {quality_word(q)}" for q, p in odds.attack.items()]
    if odds.defence:
        lines.append(_("Defence roll (once the attack succeeds):"))
        lines += [f"  {percent(p)}  {quality_word(q)}" for q, p in odds.defence.items()]
    lines.append(_("Outcome:"))
    lines += [f"  {percent(p)}  {results[r]}  {bar(p)}" for r, p in odds.result.items()]
    lines.append(_("Expected hit points lost: {n}").format(n=fixed(float(odds.mean_damage()))))
    if odds.worn:
        lines.append(_("The parrying item loses a hit point: {p}").format(p=percent(odds.worn)))
    if odds.target_hp is not None:
        lines.append(_("Unconscious (2 hit points or fewer, from {hp}): {p}").format(
            hp=odds.target_hp, p=percent(odds.unconscious)))
        lines.append(_("Dying (0 or fewer): {p}").format(p=percent(odds.dying)))
    lines.append(_("Hit points lost (chart):"))
    for x, p in odds.body.items():
        lines.append(f"  {x:>3}  {percent(p)}  {bar(p)}")
    return lines


def odds(ctx: typer.Context, o: D100Options, *, hp: int | None, as_json: bool) -> None:
    _content, attacker, defender, exchange, number = exchange_of(ctx, o)
    target_hp = hp if hp is not None else defender.hp
    result = exchange_odds(exchange, target_hp)
    kind, defence_skill = exchange.defence_kind, exchange.defence[1]
    described: dict[str, Any] = {"system": "d100", "attacker": attacker.id, "defender": defender.id,
                                 "weapon": attacker.weapon(number).record.id, "skill": exchange.chance,
                                 "defence": kind, "defence_skill": defence_skill, "armour": exchange.armour}
    if as_json:
        print_json({"attack": described, **result.as_dict()})
        return
    out = console()
    out.print(_("{a} ({weapon}, {skill} %) against {d} ({defence}, armour {armour}):").format(
        a=pick(attacker.name), weapon=pick(attacker.weapon(number).record.name.as_dict()), skill=exchange.chance,
        d=pick(defender.name), defence=_("no defence") if kind == "none" else
        f"{defence_word(kind, exchange.defence_item)} {defence_skill} %", armour=exchange.armour),
        markup=False)
    for line in odds_lines(result):
        out.print(line, markup=False)


def attack_command(ctx: typer.Context, **values: Any) -> None:
    """``estoc attack --system d100`` (its declaration's ``cli_attack`` entry), from the command's parameters."""
    attack(ctx, options_from(values), roll=values["roll"], defence_roll=values["defence_roll"],
           damage_roll=values["damage_roll"], bonus_roll=values["bonus_roll"], seed=values["seed"],
           as_json=values["as_json"])


def odds_command(ctx: typer.Context, **values: Any) -> None:
    """``estoc odds attack --system d100`` (its declaration's ``cli_odds`` entry), from the command's parameters."""
    odds(ctx, options_from(values), hp=values["hp"], as_json=values["as_json"])
