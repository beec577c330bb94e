"""``estoc odds attack``: the exact chances of one HARP exchange, with a small chart in the terminal."""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated

import typer

from estoc.cli.attack import BEYOND, prepare
from estoc.cli.common import console, grouped, print_json, refuse_foreign_options
from estoc.errors import InputError
from estoc.i18n import _, fixed, pick
from estoc.i18n import percent as percent_text
from estoc.odds.attack import ExchangeOdds, ExchangeSpec, exchange_odds
from estoc.systems.base import find_system
from estoc.systems.harp.attack import AttackSettings
from estoc.systems.harp.exchange import knocks_down, strike_inputs

BAR = 30


def percent(p: Fraction | None) -> str:
    return percent_text(p)


def odds_lines(odds: ExchangeOdds, hp: int | None) -> list[str]:
    """The odds as a GM reads them, with bars."""
    def bar(p: Fraction) -> str:
        return "█" * round(BAR * float(p))

    lines = [
        _("Fumble: {p}").format(p=percent(odds.fumble)),
        _("Miss: {p}").format(p=percent(odds.miss)),
        _("Hit: {p}").format(p=percent(odds.hit)),
        _("Expected hits: {n}").format(n=fixed(float(odds.mean_hits()), 1)),
        _("Critical of each severity:"),
    ]
    lines += [f"  {letter}  {percent(p)}  {bar(p)}" for letter, p in odds.severity.items()]
    lines.append(_("Effects:"))
    effects = [(_("stunned (after the resistance roll)"), odds.stunned), (_("bleeding"), odds.bleeding),
               (_("must parry"), odds.must_parry), (_("cannot parry"), odds.no_parry),
               (_("knocked down"), odds.knocked_down), (_("killed outright"), odds.death_now)]
    effects += [(_("falls unconscious, passing away in {n} rounds").format(n=n), p) for n, p in odds.death_in.items()]
    if odds.down_now is not None:
        effects.append((_("down at once ({hp} HP)").format(hp=hp), odds.down_now))
    lines += [f"  {percent(p)}  {label}" for label, p in effects]
    lines.append(_("Hits dealt (chart):"))
    if odds.hits:
        top = max(odds.hits)
        step = max(1, (top + 11) // 12)
        for low in range(0, top + 1, step):
            p = sum((q for h, q in odds.hits.items() if low <= h < low + step), Fraction(0))
            lines.append(f"  {low:>3}–{low + step - 1:<3} {percent(p)}  {bar(p)}")
    return lines


def register(app: typer.Typer) -> None:
    group = typer.Typer(help=_("Exact odds, not sampled."), no_args_is_help=True)
    app.add_typer(group, name="odds")

    @group.command("attack", **grouped(), help=_("The exact chances of one attack: for HARP fumble, miss, hit, hits, "
                                    "criticals, effects; for d100 (--system d100) the qualities of the attack and "
                                    "the defence, the outcome and the hit points lost."))
    def odds_attack(
        ctx: typer.Context,
        ob: Annotated[int | None, typer.Option("--ob", help=_("The attacker's offensive bonus."))] = None,
        db: Annotated[int | None, typer.Option("--db", help=_("The target's defence score."))] = None,
        weapon: Annotated[str | None, typer.Option("--weapon", help=_("Weapon id."))] = None,
        table: Annotated[str | None, typer.Option("--table", help=_("Attack table id."))] = None,
        attacker: Annotated[str | None, typer.Option("--attacker", help=_("A creature, hero or fighter."))] = None,
        defender: Annotated[str | None, typer.Option("--defender", help=_("A creature, hero or fighter."))] = None,
        attacker_level: Annotated[int | None, typer.Option("--attacker-level", help=_("Level of the attacker."))
                                  ] = None,
        defender_level: Annotated[int | None, typer.Option("--defender-level", help=_("Level of the defender."))
                                  ] = None,
        strike: Annotated[int, typer.Option("--strike", help=_("Which attack of the attacker, from 1."))] = 1,
        armor_type: Annotated[int | None, typer.Option("--armor-type", "--armour-type", help=_(
            "The target's armour type, 1 to 10."))] = None,
        size: Annotated[str | None, typer.Option("--size", help=_("Attack size."))] = None,
        fumble: Annotated[int | None, typer.Option("--fumble", help=_("Fumble range."))] = None,
        critical: Annotated[str | None, typer.Option("--critical", help=_("Critical table id."))] = None,
        additional: Annotated[str | None, typer.Option("--additional-critical", help=_(
            "Additional critical table id (ID or ID:A)."))] = None,
        beyond_limit: Annotated[str, typer.Option("--beyond-limit", help=_("cap, uncapped or second-attack."))
                                ] = "cap",
        hp: Annotated[int | None, typer.Option("--hp", help=_(
            "The target's hit points, for the chance to drop it at once (default: the defender's)."))] = None,
        body_rr: Annotated[int | None, typer.Option("--body-rr", help=_(
            "The target's Body resistance bonus, against stun (default: the defender's, or 0)."))] = None,
        as_json: Annotated[bool, typer.Option("--json", help=_("Print JSON."))] = False,
        system: Annotated[str, typer.Option("--system", help=_(
            "The rule system: harp (default), d100 or tor."))] = "harp",
        defence: Annotated[str | None, typer.Option("--defence", "--defense", help=_(
            "d100: the defender's answer, none, parry or dodge (default: the best the rules allow)."))] = None,
        parry_weapon: Annotated[int | None, typer.Option("--parry-weapon", help=_(
            "d100: parry with this weapon of the defender's (from 1) rather than the shield."))] = None,
        skill: Annotated[int | None, typer.Option("--skill", help=_(
            "d100: the attacker's chance in percent, instead of the weapon's skill."))] = None,
        distance: Annotated[int | None, typer.Option("--distance", help=_(
            "d100: metres to the target, for a missile weapon's range."))] = None,
        difficult: Annotated[bool, typer.Option("--difficult", help=_(
            "d100: a related specialty used as Difficult (half the chance)."))] = False,
        modifier: Annotated[int, typer.Option("--modifier", help=_(
            "d100: percentage points added to the attack (negative to take away)."))] = 0,
        kneeling: Annotated[bool, typer.Option("--kneeling", help=_(
            "d100: the defender kneels behind a large shield (against missiles)."))] = False,
        fumble_from: Annotated[int, typer.Option("--fumble-from", help=_(
            "d100: rolls this high or higher fumble (100: only 00; 101: never)."))] = 100,
        dodge_missiles: Annotated[bool, typer.Option("--dodge-missiles", help=_(
            "d100: arrows and thrown weapons may be dodged, at half the skill."))] = False,
        extra_dice: Annotated[int, typer.Option("--extra-dice", help=_(
            "tor: success dice added or taken away (+1d, −1d: 1, -1), never below none."))] = 0,
        favoured: Annotated[bool, typer.Option("--favoured", help=_("tor: the attack is favoured."))] = False,
        ill_favoured: Annotated[bool, typer.Option("--ill-favoured", help=_("tor: the attack is ill-favoured."))
                                ] = False,
        weary: Annotated[bool, typer.Option("--weary", help=_("tor: the attacker is weary."))] = False,
        special: Annotated[str, typer.Option("--special", help=_(
            "tor: where the tengwar go: heavy, fend, pierce, shield, none, or auto (a pierce when it pierces)."))
        ] = "auto",
        parry_bonus: Annotated[int, typer.Option("--parry-bonus", help=_(
            "tor: the defender's parry gained by fending off this round."))] = 0,
        stance: Annotated[str, typer.Option("--stance", help=_(
            "tor: the hero's stance: forward, open, defensive or rearward (avancee, exposee, defensive, arriere)."))
        ] = "open",
        hope: Annotated[bool, typer.Option("--hope", help=_(
            "tor: the hero spends a point of Hope on the roll (a bonus success die)."))] = False,
    ) -> None:
        declared = find_system(system)
        refuse_foreign_options(ctx, declared.id)
        values = {name: value for name, value in locals().items() if name not in ("ctx", "declared")}
        declared.entry("cli_odds")(ctx, **values)


def harp_odds(ctx: typer.Context, *, ob: int | None, db: int | None, weapon: str | None, table: str | None,
              attacker: str | None, defender: str | None, attacker_level: int | None, defender_level: int | None,
              strike: int, armor_type: int | None, size: str | None, fumble: int | None, critical: str | None,
              additional: str | None, beyond_limit: str, hp: int | None, body_rr: int | None, as_json: bool,
              **_others: object) -> None:
    """HARP's side of the command (its declaration's ``cli_odds`` entry): the parameters by name; those of the
    other systems are ignored (refused before, if typed)."""
    if beyond_limit not in BEYOND:
        raise InputError(_("--beyond-limit is cap, uncapped or second-attack, not {value!r}").format(
            value=beyond_limit))
    prepared = prepare(ctx, ob=ob, db=db, weapon=weapon, table=table, attacker=attacker, defender=defender,
                       attacker_level=attacker_level, defender_level=defender_level, strike=strike,
                       armor_type=armor_type, size=size, fumble=fumble, critical=critical, additional=additional)
    target, chosen, striker = prepared.target, prepared.chosen, prepared.striker
    inputs = strike_inputs(prepared.tables, chosen, target, 1, chosen.ob, target.db,
                           devastating=bool(prepared.striker and prepared.striker.devastating))
    target_hp = hp if hp is not None else (target.hp if defender else None)
    spec = ExchangeSpec(
        ob=chosen.ob, defence=target.db, table=int(inputs.table[0]), armour_type=target.armour_type,
        size=int(inputs.size[0]), fumble=int(inputs.fumble[0]), critical=int(inputs.critical[0]),
        extra_table=int(inputs.extra_table[0]), extra_severity=int(inputs.extra_severity[0]),
        crit_reduction=target.crit_reduction, hits_factor=int(inputs.hits_factor[0]), target_hp=target_hp,
        body_rr=body_rr if body_rr is not None else target.body_rr, stun_immune=target.stun_immune,
        knocks=striker is not None and knocks_down(prepared.tables, striker, target, striker.strikes.index(chosen)))
    odds = exchange_odds(prepared.tables, spec, AttackSettings(beyond_limit=beyond_limit))  # type: ignore[arg-type]
    if as_json:
        print_json({"attack": {"ob": chosen.ob, "defence": target.db, "table": chosen.table,
                               "armour_type": target.armour_type, "size": chosen.size},
                    **odds.as_dict()})
        return
    out = console()
    out.print(_("{strike} (OB {ob}) against a defence of {db}, armour type {armour}:").format(
        strike=pick(chosen.name), ob=chosen.ob, db=target.db, armour=target.armour_type), markup=False)
    for line in odds_lines(odds, target_hp):
        out.print(line, markup=False)
