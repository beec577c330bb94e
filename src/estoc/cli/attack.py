"""``estoc attack``: resolve one HARP exchange and tell it."""

from __future__ import annotations

from typing import Annotated

import typer

from estoc.cli.app import content_folders
from estoc.cli.common import console, harp_content, print_json
from estoc.content.models import harp
from estoc.dice import ScriptedDice, SeededDice
from estoc.errors import InputError
from estoc.i18n import _, pick
from estoc.render.harp import narrate_attack
from estoc.systems.harp.attack import AttackInputs, AttackSettings, resolve_attack
from estoc.systems.harp.report import attack_dict
from estoc.systems.harp.tables import SIZE_INDEX, severity_code

BEYOND = ("cap", "uncapped", "second-attack")


def register(app: typer.Typer) -> None:
    @app.command("attack", help=_("Resolve one HARP attack: roll (or type) the dice, read the tables, tell it."))
    def attack_command(
        ctx: typer.Context,
        ob: Annotated[int, typer.Option("--ob", help=_("The attacker's offensive bonus."))] = 0,
        db: Annotated[int, typer.Option("--db", help=_("The target's defence score."))] = 0,
        weapon: Annotated[str | None, typer.Option("--weapon", help=_("Weapon id (gives table, size, fumble)."))
                          ] = None,
        table: Annotated[str | None, typer.Option("--table", help=_("Attack table id, without a weapon."))] = None,
        armor_type: Annotated[int, typer.Option("--armor-type", "--armour-type",
                                                help=_("The target's armour type, 1 to 10."))] = 1,
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
    ) -> None:
        if weapon and table:
            raise InputError(_("give --weapon or --table, not both"))
        if not weapon and not table:
            raise InputError(_("give the attack's --weapon or its --table"))
        if not 1 <= armor_type <= harp.ARMOUR_TYPES:
            raise InputError(_("the armour type is 1 to 10, not {value}").format(value=armor_type))
        if size is not None and size not in SIZE_INDEX:
            raise InputError(_("the attack size is tiny, small, medium or large, not {value!r}").format(value=size))
        if beyond_limit not in BEYOND:
            raise InputError(_("--beyond-limit is cap, uncapped or second-attack, not {value!r}").format(
                value=beyond_limit))
        if fumble is not None and not 0 <= fumble <= 100:
            raise InputError(_("the fumble range is 0 to 100, not {value}").format(value=fumble))
        content, tables = harp_content(content_folders(ctx))
        names = {t.id: pick(t.name.as_dict()) for t in content.all("harp", "attack-tables", harp.AttackTable)}
        names.update({t.id: pick(t.name.as_dict()) for t in content.all("harp", "critical-tables",
                                                                         harp.CriticalTable)})
        extra_table, extra_severity = -1, 0
        if weapon:
            w = content.get("harp", "weapons", weapon, harp.Weapon)
            table_id, size = w.table, size or w.size
            fumble = w.fumble if fumble is None else fumble
            critical = critical or w.critical
            if w.additional_critical and not additional:
                extra_table = tables.critical.index(w.additional_critical.table)
                extra_severity = severity_code(w.additional_critical.severity)
        else:
            assert table is not None
            content.get("harp", "attack-tables", table, harp.AttackTable)
            table_id, size = table, size or "medium"
            fumble = 1 if fumble is None else fumble
        if additional:
            extra_id, _sep, letter = additional.partition(":")
            content.get("harp", "critical-tables", extra_id, harp.CriticalTable)
            if letter and letter not in "ABCDE":
                raise InputError(_("a severity is a letter A to E, not {value!r}").format(value=letter))
            extra_table, extra_severity = tables.critical.index(extra_id), severity_code(letter or None)
        t = tables.attack.index(table_id)
        crit_table = (tables.critical.index(content.get("harp", "critical-tables", critical,
                                                        harp.CriticalTable).id)
                      if critical else int(tables.attack.critical[t]))
        faces: dict[str, list[int]] = {"attack": list(roll or [])}
        for purpose, value in (("critical", crit_roll), ("extra-critical", extra_roll), ("fumble", fumble_roll)):
            if value is not None:
                faces[purpose] = [value]
        dice = ScriptedDice(faces, fallback=SeededDice(seed), strict=["attack"] if roll else [], record=True)
        dice.check_faces(100)
        inputs = AttackInputs.broadcast(1, ob=ob, defence=db, table=t, armour_type=armor_type,
                                        size=SIZE_INDEX[size], fumble=fumble, critical=crit_table,
                                        extra_table=extra_table, extra_severity=extra_severity)
        outcome = resolve_attack(dice, tables, inputs, AttackSettings(beyond_limit=beyond_limit))  # type: ignore[arg-type]
        dice.check_all_used(["attack"])
        event = attack_dict(tables, outcome, ob=ob, defence=db, table=t, armour_type=armor_type, size=size,
                            fumble_range=fumble, limit=int(tables.attack.limits[t, SIZE_INDEX[size]]))
        event["weapon"] = weapon
        event["dice"] = [{"purpose": r.purpose, "sides": r.sides, "faces": list(r.faces), "typed": list(r.typed)}
                         for r in dice.records or []]
        if as_json:
            print_json(event)
            return
        out = console()
        for line in narrate_attack(event, names):
            out.print(line, markup=False)
