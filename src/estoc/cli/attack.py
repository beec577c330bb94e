"""``estoc attack``: resolve one HARP exchange and tell it."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Annotated

import typer

from estoc.cli.app import content_folders
from estoc.cli.common import console, grouped, print_json, refuse_foreign_options
from estoc.content.models import harp
from estoc.content.registry import Content, load_content
from estoc.dice import ScriptedDice, SeededDice
from estoc.engine.words import fold
from estoc.errors import InputError
from estoc.i18n import _, pick
from estoc.render.harp import narrate_attack
from estoc.systems.base import find_system
from estoc.systems.harp.attack import AttackSettings
from estoc.systems.harp.exchange import Combatant, one_exchange
from estoc.systems.harp.heroes import combatant_for
from estoc.systems.harp.strike import Strike, missile_fields
from estoc.systems.harp.tables import SIZE_INDEX, HarpTables, compile_tables

BEYOND = ("cap", "uncapped", "second-attack")


SIZE_WORDS = {"tiny": "tiny", "tres-petite": "tiny", "small": "small", "petite": "small", "medium": "medium",
              "moyenne": "medium", "large": "large", "grande": "large"}
"""--size in English or French (accents and case ignored)."""


def register(app: typer.Typer) -> None:
    @app.command("attack", **grouped(), help=_(
        "Resolve one HARP attack: roll (or type) the dice, read the tables, tell it."))
    def attack_command(
        ctx: typer.Context,
        ob: Annotated[int | None, typer.Option("--ob", help=_(
            "The attacker's offensive bonus (default: the attacker's, or 0)."))] = None,
        db: Annotated[int | None, typer.Option("--db", help=_(
            "The target's defence score (default: the defender's DB, or 0)."))] = None,
        attacker: Annotated[str | None, typer.Option("--attacker", help=_(
            "A creature or sample fighter who attacks (its attack gives OB, table, size, fumble)."))] = None,
        defender: Annotated[str | None, typer.Option("--defender", help=_(
            "A creature or sample fighter attacked (its DB, armour type and size)."))] = None,
        attacker_level: Annotated[int | None, typer.Option("--attacker-level", help=_(
            "Scale the attacking creature to this level."))] = None,
        defender_level: Annotated[int | None, typer.Option("--defender-level", help=_(
            "Scale the defending creature to this level."))] = None,
        strike: Annotated[int, typer.Option("--strike", help=_(
            "Which of the attacker's attacks, from 1 (its signature attack)."))] = 1,
        weapon: Annotated[str | None, typer.Option("--weapon", help=_("Weapon id (gives table, size, fumble)."))
                          ] = None,
        table: Annotated[str | None, typer.Option("--table", help=_("Attack table id, without a weapon."))] = None,
        armor_type: Annotated[int | None, typer.Option("--armor-type", "--armour-type", help=_(
            "The target's armour type, 1 to 10 (default: the defender's, or 1)."))] = None,
        size: Annotated[str | None, typer.Option("--size", help=_(
            "Attack size: tiny, small, medium or large (default: the weapon's, or medium)."))] = None,
        fumble: Annotated[int | None, typer.Option("--fumble", help=_(
            "Fumble range (default: the weapon's, or 1 with --table)."))] = None,
        critical: Annotated[str | None, typer.Option("--critical", help=_("Critical table id instead of the "
                                                                          "table's own."))] = None,
        additional: Annotated[str | None, typer.Option("--additional-critical", help=_(
            "Additional critical table id (its severity follows the attack's unless SEVERITY is given as ID:A)."
        ))] = None,
        roll: Annotated[list[int] | None, typer.Option("--roll", help=_(
            "A face of the attack roll, as the player rolled it (repeat for an open-ended chain: 97, 99, 40)."))
        ] = None,
        crit_roll: Annotated[int | None, typer.Option("--crit-roll", help=_("The critical roll (d100)."))] = None,
        extra_roll: Annotated[int | None, typer.Option("--additional-roll", help=_(
            "The additional critical's roll (d100)."))] = None,
        fumble_roll: Annotated[int | None, typer.Option("--fumble-roll", help=_("The fumble roll (d100)."))
                               ] = None,
        beyond_limit: Annotated[str, typer.Option("--beyond-limit", help=_(
            "Open-ended rolls past the size limit: cap (the rule), uncapped, or second-attack (optional rule)."))
        ] = "cap",
        seed: Annotated[int | None, typer.Option("--seed", help=_("Seed for the dice not typed."))] = None,
        as_json: Annotated[bool, typer.Option("--json", help=_("Print one JSON object."))] = False,
        system: Annotated[str, typer.Option("--system", help=_(
            "The rule system: harp (default), d100 or tor."))] = "harp",
        defence: Annotated[str | None, typer.Option("--defence", "--defense", help=_(
            "d100: the defender's answer, none, parry or dodge (default: the best the rules allow)."))] = None,
        parry_weapon: Annotated[int | None, typer.Option("--parry-weapon", help=_(
            "d100: parry with this weapon of the defender's (from 1) rather than the shield."))] = None,
        skill: Annotated[int | None, typer.Option("--skill", help=_(
            "d100: the attacker's chance in percent, instead of the weapon's skill."))] = None,
        distance: Annotated[int | None, typer.Option("--distance", help=_(
            "d100 and HARP: metres to the target, for a missile weapon's range (HARP: 0 in contact)."))] = None,
        cover: Annotated[str | None, typer.Option("--cover", help=_(
            "HARP: the target's cover (the id of a cover record, such as demi-couvert-resistant)."))] = None,
        engaged: Annotated[bool, typer.Option("--engaged", help=_(
            "HARP: a foe in contact attacked the shooter first this round (a bow or sling shoots at −100)."))
        ] = False,
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
        defence_roll: Annotated[int | None, typer.Option("--defence-roll", help=_(
            "d100: the defence roll (d100), as the player rolled it."))] = None,
        damage_roll: Annotated[list[int] | None, typer.Option("--damage-roll", help=_(
            "d100: a face of the weapon's damage dice (repeat for each die, in order)."))] = None,
        bonus_roll: Annotated[list[int] | None, typer.Option("--bonus-roll", help=_(
            "d100: a face of the damage bonus dice (repeat for each die)."))] = None,
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
        success_roll: Annotated[list[int] | None, typer.Option("--success-roll", help=_(
            "tor: a success die's face (repeat for each die)."))] = None,
        protection_roll: Annotated[list[int] | None, typer.Option("--protection-roll", help=_(
            "tor: the protection roll, its feat die first, then its success dice."))] = None,
    ) -> None:
        declared = find_system(system)
        refuse_foreign_options(ctx, declared.id)
        values = {name: value for name, value in locals().items() if name not in ("ctx", "declared")}
        declared.entry("cli_attack")(ctx, **values)


def harp_content(folders: list[Path]) -> tuple[Content, HarpTables]:
    content = load_content(folders)
    return content, compile_tables(content)


@dataclass(frozen=True)
class Prepared:
    """One exchange's participants, resolved from the command line's options."""

    content: Content
    tables: HarpTables
    names: dict[str, str]
    striker: Combatant | None
    chosen: Strike
    target: Combatant


def prepare(ctx: typer.Context, *, ob: int | None, db: int | None, weapon: str | None, table: str | None,
            attacker: str | None, defender: str | None, attacker_level: int | None, defender_level: int | None,
            strike: int, armor_type: int | None, size: str | None, fumble: int | None, critical: str | None,
            additional: str | None) -> Prepared:
    """The attack and the target that ``estoc attack`` and ``estoc odds attack`` options describe."""
    sources = [x for x in (weapon, table, attacker) if x]
    if len(sources) > 1:
        raise InputError(_("give one of --weapon, --table or --attacker, not several"))
    if not sources:
        raise InputError(_("give the attack's --weapon, its --table or the --attacker"))
    if armor_type is not None and not 1 <= armor_type <= harp.ARMOUR_TYPES:
        raise InputError(_("the armour type is 1 to 10, not {value}").format(value=armor_type))
    size = SIZE_WORDS.get(fold(size), size) if size is not None else None
    if size is not None and size not in SIZE_INDEX:
        raise InputError(_("the attack size is tiny, small, medium or large, not {value!r}").format(value=size))
    if fumble is not None and not 0 <= fumble <= 100:
        raise InputError(_("the fumble range is 0 to 100, not {value}").format(value=fumble))
    content, tables = harp_content(content_folders(ctx))
    names = {t.id: pick(t.name.as_dict()) for t in content.all("harp", "attack-tables", harp.AttackTable)}
    names.update({t.id: pick(t.name.as_dict()) for t in content.all("harp", "critical-tables",
                                                                     harp.CriticalTable)})
    striker: Combatant | None = None
    if attacker:
        striker = combatant_for(content, attacker, attacker_level)
        if not 1 <= strike <= len(striker.strikes):
            raise InputError(_("{who} has attacks 1 to {n}, not {value}").format(
                who=attacker, n=len(striker.strikes), value=strike))
        base = striker.strikes[strike - 1]
    elif weapon:
        w = content.get("harp", "weapons", weapon, harp.Weapon)
        base = Strike(name=w.name.as_dict(), kind="weapon", table=w.table, size=w.size, fumble=w.fumble, ob=0,
                      critical=w.critical, additional=w.additional_critical, **missile_fields(w))
    else:
        assert table is not None
        content.get("harp", "attack-tables", table, harp.AttackTable)
        base = Strike(name={"fr": table, "en": table}, kind="weapon", table=table, size="medium", fumble=1,
                      ob=0)
    if critical:
        content.get("harp", "critical-tables", critical, harp.CriticalTable)
    extra = base.additional
    if additional:
        extra_id, _sep, letter = additional.partition(":")
        content.get("harp", "critical-tables", extra_id, harp.CriticalTable)
        if letter and letter not in "ABCDE":
            raise InputError(_("a severity is a letter A to E, not {value!r}").format(value=letter))
        extra = harp.AdditionalCritical(table=extra_id, severity=letter or None)
    chosen = replace(base, size=size or base.size, fumble=base.fumble if fumble is None else fumble,
                     critical=critical or base.critical, additional=extra,
                     ob=base.ob if ob is None else ob)
    target = (combatant_for(content, defender, defender_level) if defender else
              Combatant(id="target", name={"fr": "cible", "en": "target"}, hp=1, db=0, armour_type=1,
                        body_rr=0, strikes=()))
    target = replace(target, db=target.db if db is None else db,
                     armour_type=target.armour_type if armor_type is None else armor_type)
    return Prepared(content, tables, names, striker, chosen, target)


def harp_attack(ctx: typer.Context, *, ob: int | None, db: int | None, attacker: str | None, defender: str | None,
                attacker_level: int | None, defender_level: int | None, strike: int, weapon: str | None,
                table: str | None, armor_type: int | None, size: str | None, fumble: int | None,
                critical: str | None, additional: str | None, roll: list[int] | None, crit_roll: int | None,
                extra_roll: int | None, fumble_roll: int | None, beyond_limit: str, seed: int | None, as_json: bool,
                distance: int | None, cover: str | None, engaged: bool, **_others: object) -> None:
    """HARP's side of the command (its declaration's ``cli_attack`` entry): the parameters by name; those of the
    other systems are ignored (refused before, if typed)."""
    if beyond_limit not in BEYOND:
        raise InputError(_("--beyond-limit is cap, uncapped or second-attack, not {value!r}").format(
            value=beyond_limit))
    prepared = prepare(ctx, ob=ob, db=db, weapon=weapon, table=table, attacker=attacker, defender=defender,
                       attacker_level=attacker_level, defender_level=defender_level, strike=strike,
                       armor_type=armor_type, size=size, fumble=fumble, critical=critical, additional=additional)
    tables, names = prepared.tables, prepared.names
    striker, chosen, target = prepared.striker, prepared.chosen, prepared.target
    faces: dict[str, list[int]] = {"attack": list(roll or [])}
    for purpose, value in (("critical", crit_roll), ("extra-critical", extra_roll), ("fumble", fumble_roll)):
        if value is not None:
            faces[purpose] = [value]
    dice = ScriptedDice(faces, fallback=SeededDice(seed), strict=["attack"] if roll else [], record=True)
    dice.check_faces(100)
    attacker_sheet = replace(striker, strikes=(chosen,)) if striker is not None else Combatant(
        id="attacker", name={"fr": "attaquant", "en": "attacker"}, hp=1, db=0, armour_type=1, body_rr=0,
        strikes=(chosen,))
    if distance is not None and not 0 <= distance <= 100_000:
        raise InputError(_("--distance is in metres, 0 or more, not {value}").format(value=distance))
    covered = (0, 0)
    if cover:
        found = prepared.content.get("harp", "cover", cover, harp.Cover)
        covered = (found.melee, found.missile)
    event = one_exchange(tables, attacker_sheet, target, dice, distance=distance, cover=covered,
                         engaged=engaged,
                         settings=AttackSettings(beyond_limit=beyond_limit))  # type: ignore[arg-type]
    dice.check_all_used(["attack"])
    event.update(weapon=weapon, attacker=attacker, defender=defender, critical_reduction=target.crit_reduction)
    if not defender:
        # No defender named: a bare DB and armour type, no hit points to lose; nobody is down or dead.
        event.update(target_hp=None, target_down=False, target_dead=False, downed_now=False)
    event["dice"] = [{"purpose": r.purpose, "sides": r.sides, "faces": list(r.faces), "typed": list(r.typed)}
                     for r in dice.records or []]
    if as_json:
        print_json(event)
        return
    out = console()
    if striker is not None or defender:
        out.print(_("{a} attacks {d} with {strike}.").format(
            a=pick(striker.name) if striker else _("The attacker"),
            d=pick(target.name) if defender else _("the target"), strike=pick(chosen.name)), markup=False)
    for line in narrate_attack(event, names):
        out.print(line, markup=False)
    if event["knocked_down"]:
        out.print(_("{target} is thrown to the ground.").format(
            target=pick(target.name) if defender else _("The target")), markup=False)
