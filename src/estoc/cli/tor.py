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
from estoc.dice import DiceSource, ScriptedDice, SeededDice
from estoc.engine.words import fold
from estoc.errors import InputError
from estoc.i18n import _, fixed, language, pick
from estoc.i18n import percent as percent_text
from estoc.odds.tor import TorAttackOdds, numbers_odds
from estoc.systems.tor.blow import Pair, pair
from estoc.systems.tor.codes import EYE, FEND_OFF_CAP, L_AFTER, L_ATTACK, L_ROLL, L_SEVERITY, L_THRUST, RUNE
from estoc.systems.tor.commands import STANCE_WORDS
from estoc.systems.tor.exchange import Combatant
from estoc.systems.tor.names import SPECIALS, Special, Stance

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
    stance: str = "open"
    hope: bool = False


def options_from(values: dict[str, Any]) -> TorOptions:
    return options_of(TorOptions, values)


def prepare(ctx: typer.Context, o: TorOptions, dice: DiceSource | None = None
            ) -> tuple[Content, Combatant, Combatant, Pair, int]:
    """The blow the options describe, in a world of two (:mod:`estoc.systems.tor.blow`)."""
    if not o.attacker or not o.defender:
        raise InputError(_("the tor system needs --attacker and --defender (hero or adversary ids)"))
    special = SPECIAL_WORDS.get(o.special.strip().lower())
    if special is None:
        raise InputError(_("--special is one of {known}, not {value!r}").format(
            known=", ".join(word for word, key in SPECIAL_WORDS.items()
                            if (word == key) == (language() != "fr") or key == "auto"), value=o.special))
    if not -6 <= o.extra_dice <= 6:
        raise InputError(_("--extra-dice is −6 to +6, not {value}").format(value=o.extra_dice))
    if not 0 <= o.parry_bonus <= FEND_OFF_CAP:
        raise InputError(_("--parry-bonus is 0 to 10 (fend off is capped at +10), not {value}").format(
            value=o.parry_bonus))
    stance = STANCE_WORDS.get(fold(o.stance))
    if stance is None:
        raise InputError(_("--stance is forward, open, defensive or rearward (avancee, exposee, defensive, "
                           "arriere), not {value!r}").format(value=o.stance))
    content = load_content(content_folders(ctx))
    attacker = Combatant.from_content(content, o.attacker)
    defender = Combatant.from_content(content, o.defender)
    if attacker.hero == defender.hero:
        raise InputError(_("a hero attacks an adversary, or an adversary a hero"))
    number = weapon_number(attacker.name, [u.record.id for u in attacker.weapons], o.weapon)
    blow = pair(attacker, defender, number, extra_dice=o.extra_dice, favoured=o.favoured, ill=o.ill_favoured,
                weary=o.weary, parry_bonus=o.parry_bonus, special=cast(Special, special), stance=cast(Stance, stance),
                hope=o.hope, dice=dice)
    return content, attacker, defender, blow, number


def feat_word(face: int) -> str:
    return _("the Gandalf rune") if face == RUNE else _("the Eye") if face == EYE else str(face)


@dataclass(frozen=True)
class Struck:
    """The blow as the kernel struck it, read from its log."""

    dice: int
    tn: int
    mode: str
    feat: int
    total: int
    success: bool
    tengwar: int
    special: str
    endurance: int
    parry_gain: int
    """The attacker's parry bonus of this round after fending off (0: none gained)."""
    thrusts: int
    """Adversaries a shield thrust cost 1d this round."""
    piercing: bool
    wounded: bool
    protection: int
    """The protection roll's total (a piercing blow)."""
    hope: bool
    severity: int | None = None
    """A hero's first wound: the feat face of its severity (the Eye leaves it dying); ``None``: none rolled."""
    dying: bool = False


def struck(rows: list[tuple[int, ...]]) -> Struck:
    """The kernel's rows of one attack (``L_ATTACK``, ``L_ROLL``, ``L_AFTER``, ``L_THRUST``) as one record."""
    attack = next(r for r in rows if r[0] == L_ATTACK)
    rolled = next(r for r in rows if r[0] == L_ROLL)
    after = next(r for r in rows if r[0] == L_AFTER)
    modes = {0: "normal", 1: "favoured", 2: "ill"}
    severity = next((r for r in rows if r[0] == L_SEVERITY), None)
    return Struck(dice=attack[4], tn=attack[6], mode=modes[attack[5]], feat=rolled[1], total=rolled[2],
                  success=bool(rolled[3]), tengwar=rolled[4], special=SPECIALS[rolled[5]], endurance=rolled[6],
                  parry_gain=max(after[1], 0), thrusts=sum(1 for r in rows if r[0] == L_THRUST),
                  piercing=bool(rolled[7]), wounded=bool(rolled[8]), protection=after[6], hope=bool(after[5]),
                  severity=None if severity is None else int(severity[2]),
                  dying=bool(severity is not None and severity[3]))


def attack_lines(out: Struck, faces: list[int], injury: int, attacker: str, defender: str) -> list[str]:
    lines = [_("{a} attacks {d}: feat die {feat}, success dice {faces} — {total} against TN {tn}: {verdict}.").format(
        a=attacker, d=defender, feat=feat_word(out.feat), faces=" ".join(str(f) for f in faces) or "—",
        total=out.total, tn=out.tn, verdict=_("hit") if out.success else _("miss"))]
    if not out.success:
        return lines
    specials = {"heavy": _("a heavy blow"), "fend": _("fending off"), "pierce": _("a pierce"),
                "shield": _("a shield thrust"), "none": _("nothing")}
    if out.tengwar:
        lines.append(_("{n} tengwar, spent on {special}.").format(n=out.tengwar, special=specials[out.special]))
    lines.append(_("{d} loses {n} endurance.").format(d=defender, n=out.endurance))
    if out.parry_gain:
        lines.append(_("{a} gains +{n} parry this round (at most +10).").format(a=attacker, n=out.parry_gain))
    if out.thrusts:
        lines.append(_("{n} adversaries of a lower attribute level than the attacker's Corps lose 1d this round.")
                     .format(n=out.thrusts))
    if out.piercing:
        lines.append(_("A piercing blow: protection roll {total} against injury {injury} — {verdict}.").format(
            total=out.protection, injury=injury, verdict=_("wounded") if out.wounded else _("the armour holds")))
    if out.severity is not None:
        lines.append(_("The wound's severity: feat die {feat} — {verdict}.").format(
            feat=feat_word(out.severity), verdict=_("dying") if out.dying else _("the hero fights on")))
    return lines


def rolls(records: list[Any]) -> list[dict[str, Any]]:
    """The dice drawn, one entry a roll: the kernel asks for one face at a time, told here by purpose."""
    out: list[dict[str, Any]] = []
    for r in records:
        if out and out[-1]["purpose"] == r.purpose and out[-1]["sides"] == r.sides:
            out[-1]["faces"] += list(r.faces)
            out[-1]["typed"] += list(r.typed)
        else:
            out.append({"purpose": r.purpose, "sides": r.sides, "faces": list(r.faces), "typed": list(r.typed)})
    return out


def attack(ctx: typer.Context, o: TorOptions, *, roll: list[int] | None, success_roll: list[int] | None,
           protection_roll: list[int] | None, seed: int | None, as_json: bool) -> None:
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
    _content, attacker, defender, blow, number = prepare(ctx, o, dice)
    out = struck(blow.strike())
    dice.check_all_used()
    records = dice.records or []
    injury = int(blow.F.injury[blow.attacker, blow.weapon])
    record = {
        "system": "tor", "attacker": attacker.id, "defender": defender.id,
        "weapon": attacker.weapons[number - 1].record.id, "tn": out.tn, "dice": out.dice, "mode": out.mode,
        "feat": out.feat, "total": out.total, "success": out.success, "tengwar": out.tengwar,
        "special": out.special, "endurance": out.endurance, "parry_gain": out.parry_gain, "piercing": out.piercing,
        "wounded": out.wounded, "hope": out.hope, "severity": out.severity, "dying": out.dying,
        "rolls": rolls(records),
    }
    if as_json:
        print_json(record)
        return
    screen = console()
    success_faces = [f for r in records if r.purpose == "attack-success" for f in r.faces]
    for line in attack_lines(out, success_faces, injury, pick(attacker.name), pick(defender.name)):
        screen.print(line, markup=False)


def percent(p: Fraction | None) -> str:
    return percent_text(p)


def odds_lines(odds: TorAttackOdds) -> list[str]:
    def bar(p: Fraction) -> str:
        return "█" * round(BAR * float(p))

    lines = [_("Hit: {p}").format(p=percent(odds.success)), _("Hits with k tengwar:")]
    lines += [f"  {k}  {percent(p)}  {bar(p)}" for k, p in odds.by_tengwar.items()]
    lines += [_("Gandalf rune: {p}").format(p=percent(odds.rune)), _("Eye of Sauron: {p}").format(p=percent(odds.eye)),
              _("Piercing blow: {p}").format(p=percent(odds.piercing)),
              _("Protection roll failed (given a piercing blow): {p}").format(p=percent(odds.protection_fails)),
              _("Wound: {p}").format(p=percent(odds.wound)),
              *([] if odds.dying is None or odds.dying_given_wound is None else [
                  _("Wound leaving the hero dying: {p} ({q} of its wounds)").format(
                      p=percent(odds.dying), q=percent(odds.dying_given_wound).strip())]),
              _("Expected endurance lost: {n}").format(n=fixed(float(odds.mean_endurance()))),
              _("Endurance lost (chart):")]
    lines += [f"  {x:>3}  {percent(p)}  {bar(p)}" for x, p in odds.endurance.items()]
    return lines


def odds(ctx: typer.Context, o: TorOptions, *, as_json: bool) -> None:
    _content, attacker, defender, blow, number = prepare(ctx, o)
    numbers = blow.numbers()
    result = numbers_odds(blow.F, blow.attacker, blow.target, blow.weapon, blow.special, numbers)
    injury = int(blow.F.injury[blow.attacker, blow.weapon])
    if as_json:
        print_json({"attack": {"system": "tor", "attacker": attacker.id, "defender": defender.id,
                               "weapon": attacker.weapons[number - 1].record.id, "tn": numbers.tn,
                               "dice": numbers.dice, "mode": numbers.mode, "weary": numbers.weary,
                               "special": SPECIALS[blow.special], "protection": numbers.protection,
                               "injury": injury, "change": numbers.change, "hope": numbers.hope},
                    **result.as_dict()})
        return
    screen = console()
    screen.print(_("{a} ({weapon}, {dice}d against TN {tn}) on {d} (protection {p}d against injury {injury}):").format(
        a=pick(attacker.name), weapon=pick(attacker.weapons[number - 1].record.name.as_dict()), dice=numbers.dice,
        tn=numbers.tn, d=pick(defender.name), p=numbers.protection, injury=injury), markup=False)
    for line in odds_lines(result):
        screen.print(line, markup=False)


def attack_command(ctx: typer.Context, **values: Any) -> None:
    """``estoc attack --system tor`` (its declaration's ``cli_attack`` entry), from the command's parameters."""
    attack(ctx, options_from(values), roll=values["roll"], success_roll=values["success_roll"],
           protection_roll=values["protection_roll"], seed=values["seed"], as_json=values["as_json"])


def odds_command(ctx: typer.Context, **values: Any) -> None:
    """``estoc odds attack --system tor`` (its declaration's ``cli_odds`` entry), from the command's parameters."""
    odds(ctx, options_from(values), as_json=values["as_json"])
