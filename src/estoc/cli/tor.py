"""``estoc attack --system tor`` and ``estoc odds attack --system tor``: one attack of the One Ring house rules,
rolled or typed, and its exact odds."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, cast

import typer

from estoc.cli.app import content_folders
from estoc.cli.common import console, options_of, print_json, weapon_number
from estoc.content.registry import Content, load_content
from estoc.dice import ScriptedDice, SeededDice
from estoc.errors import InputError
from estoc.i18n import _, pick
from estoc.odds.tor import TorAttackOdds, attack_odds
from estoc.systems.tor.exchange import Combatant, attack_spec
from estoc.systems.tor.rules import SPECIALS, AttackOutcome, AttackSpec, Special, resolve_attack

BAR = 30
SPECIAL_WORDS = {"none": "none", "aucun": "none", "heavy": "heavy", "coup-puissant": "heavy", "fend": "fend",
                 "repositionnement": "fend", "pierce": "pierce", "perforation": "pierce", "shield": "shield",
                 "coup-de-bouclier": "shield", "auto": "auto"}


@dataclass(frozen=True)
class TorOptions:
    attacker: str | None
    defender: str | None
    weapon: str | None
    extra_dice: int
    favoured: bool
    ill_favoured: bool
    weary: bool
    special: str
    parry_bonus: int


def options_from(values: dict[str, Any]) -> TorOptions:
    return options_of(TorOptions, values)


def prepare(ctx: typer.Context, o: TorOptions) -> tuple[Content, Combatant, Combatant, AttackSpec, int]:
    if not o.attacker or not o.defender:
        raise InputError(_("the tor system needs --attacker and --defender (hero or adversary ids)"))
    special = SPECIAL_WORDS.get(o.special.strip().lower())
    if special is None:
        raise InputError(_("--special is one of {known}, not {value!r}").format(
            known=", ".join(SPECIALS), value=o.special))
    if not -6 <= o.extra_dice <= 6:
        raise InputError(_("--extra-dice is −6 to +6, not {value}").format(value=o.extra_dice))
    if not 0 <= o.parry_bonus <= 10:
        raise InputError(_("--parry-bonus is 0 to 10 (fend off is capped at +10), not {value}").format(
            value=o.parry_bonus))
    content = load_content(content_folders(ctx))
    attacker = Combatant.from_content(content, o.attacker)
    defender = Combatant.from_content(content, o.defender)
    if attacker.hero == defender.hero:
        raise InputError(_("a hero attacks an adversary, or an adversary a hero"))
    number = weapon_number(attacker.name, [u.record.id for u in attacker.weapons], o.weapon)
    spec = attack_spec(attacker, number, defender, extra_dice=o.extra_dice, favoured=o.favoured,
                       ill=o.ill_favoured, weary=o.weary, special=cast(Special, special),
                       parry_bonus=o.parry_bonus)
    return content, attacker, defender, spec, number


def feat_word(face: int) -> str:
    return _("the Gandalf rune") if face == 12 else _("the Eye") if face == 11 else str(face)


def attack_lines(out: AttackOutcome, spec: AttackSpec, attacker: str, defender: str) -> list[str]:
    roll = out.roll
    faces = " ".join(str(int(f)) for f in roll.success[0][: int(roll.dice[0])])
    lines = [_("{a} attacks {d}: feat die {feat}, success dice {faces} — {total} against TN {tn}: {verdict}.").format(
        a=attacker, d=defender, feat=feat_word(int(roll.feat[0])), faces=faces or "—", total=int(roll.total[0]),
        tn=spec.tn, verdict=_("hit") if bool(out.success[0]) else _("miss"))]
    if not bool(out.success[0]):
        return lines
    tengwar = int(out.tengwar[0])
    specials = {"heavy": _("a heavy blow"), "fend": _("fending off"), "pierce": _("a pierce"),
                "shield": _("a shield thrust"), "none": _("nothing")}
    if tengwar:
        lines.append(_("{n} tengwar, spent on {special}.").format(n=tengwar, special=specials[out.special[0]]))
    lines.append(_("{d} loses {n} endurance.").format(d=defender, n=int(out.endurance[0])))
    if int(out.parry_gain[0]):
        lines.append(_("{a} gains +{n} parry this round (at most +10).").format(a=attacker, n=int(out.parry_gain[0])))
    if int(out.shield_thrust[0]):
        lines.append(_("{n} adversaries of a lower attribute level than the attacker's Corps lose 1d this round.")
                     .format(n=int(out.shield_thrust[0])))
    if bool(out.piercing[0]) and out.protection is not None:
        p = out.protection
        lines.append(_("A piercing blow: protection roll {total} against injury {injury} — {verdict}.").format(
            total=int(p.total[0]), injury=spec.injury,
            verdict=_("wounded") if bool(out.wounded[0]) else _("the armour holds")))
    return lines


def attack(ctx: typer.Context, o: TorOptions, *, roll: list[int] | None, success_roll: list[int] | None,
           protection_roll: list[int] | None, seed: int | None, as_json: bool) -> None:
    _content, attacker, defender, spec, number = prepare(ctx, o)
    faces: dict[str, list[int]] = {}
    if roll:
        faces["attack"] = list(roll)
    if success_roll:
        faces["attack-success"] = list(success_roll)
    if protection_roll:
        faces["protection"] = list(protection_roll[:1])
        if len(protection_roll) > 1:
            faces["protection-success"] = list(protection_roll[1:])
    dice = ScriptedDice(faces, fallback=SeededDice(seed), record=True)
    out = resolve_attack(dice, spec, 1)
    dice.check_all_used()
    record = {
        "system": "tor", "attacker": attacker.id, "defender": defender.id,
        "weapon": attacker.weapon(number).record.id, "tn": spec.tn, "dice": spec.dice, "mode": spec.mode,
        "feat": int(out.roll.feat[0]), "total": int(out.roll.total[0]), "success": bool(out.success[0]),
        "tengwar": int(out.tengwar[0]), "special": out.special[0], "endurance": int(out.endurance[0]),
        "parry_gain": int(out.parry_gain[0]), "piercing": bool(out.piercing[0]), "wounded": bool(out.wounded[0]),
        "rolls": [{"purpose": r.purpose, "sides": r.sides, "faces": list(r.faces), "typed": list(r.typed)}
                  for r in dice.records or []],
    }
    if as_json:
        print_json(record)
        return
    screen = console()
    for line in attack_lines(out, spec, pick(attacker.name), pick(defender.name)):
        screen.print(line, markup=False)


def percent(p: Fraction) -> str:
    return f"{100 * float(p):6.2f} %"


def odds_lines(odds: TorAttackOdds) -> list[str]:
    def bar(p: Fraction) -> str:
        return "█" * round(BAR * float(p))

    lines = [_("Hit: {p}").format(p=percent(odds.success)), _("Hits with k tengwar:")]
    lines += [f"  {k}  {percent(p)}  {bar(p)}" for k, p in odds.by_tengwar.items()]
    lines += [_("Gandalf rune: {p}").format(p=percent(odds.rune)), _("Eye of Sauron: {p}").format(p=percent(odds.eye)),
              _("Piercing blow: {p}").format(p=percent(odds.piercing)),
              _("Protection roll failed (given a piercing blow): {p}").format(p=percent(odds.protection_fails)),
              _("Wound: {p}").format(p=percent(odds.wound)),
              _("Expected endurance lost: {n:.2f}").format(n=float(odds.mean_endurance())),
              _("Endurance lost (chart):")]
    lines += [f"  {x:>3}  {percent(p)}  {bar(p)}" for x, p in odds.endurance.items()]
    return lines


def odds(ctx: typer.Context, o: TorOptions, *, as_json: bool) -> None:
    _content, attacker, defender, spec, number = prepare(ctx, o)
    result = attack_odds(spec)
    if as_json:
        print_json({"attack": {"system": "tor", "attacker": attacker.id, "defender": defender.id,
                               "weapon": attacker.weapon(number).record.id, "tn": spec.tn, "dice": spec.dice,
                               "mode": spec.mode, "weary": spec.weary, "special": spec.special,
                               "protection": spec.protection, "injury": spec.injury}, **result.as_dict()})
        return
    screen = console()
    screen.print(_("{a} ({weapon}, {dice}d against TN {tn}) on {d} (protection {p}d against injury {injury}):").format(
        a=pick(attacker.name), weapon=pick(attacker.weapon(number).record.name.as_dict()), dice=spec.dice, tn=spec.tn,
        d=pick(defender.name), p=spec.protection, injury=spec.injury), markup=False)
    for line in odds_lines(result):
        screen.print(line, markup=False)


def attack_command(ctx: typer.Context, **values: Any) -> None:
    """``estoc attack --system tor`` (its declaration's ``cli_attack`` entry), from the command's parameters."""
    attack(ctx, options_from(values), roll=values["roll"], success_roll=values["success_roll"],
           protection_roll=values["protection_roll"], seed=values["seed"], as_json=values["as_json"])


def odds_command(ctx: typer.Context, **values: Any) -> None:
    """``estoc odds attack --system tor`` (its declaration's ``cli_odds`` entry), from the command's parameters."""
    odds(ctx, options_from(values), as_json=values["as_json"])
