"""A combatant's sheet (:mod:`estoc.systems.sheets`) in words: sections of lines, for the terminal (``fiche ID``)
and the GM's screen (the fragment a click on a combatant loads)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from estoc.i18n import _, ngettext, pick
from estoc.render.harp_creature import attack_size_name, part_name, size_name
from estoc.systems.tor.names import skill_word

Section = tuple[str, list[str]]


def _signed(n: int) -> str:
    return f"{n:+d}".replace("-", "−")


def _rounds(n: int) -> str:
    return ngettext("{n} round", "{n} rounds", n).format(n=n)


def _parts(parts: Mapping[str, int]) -> str:
    names = {"skill": _("skill")}
    return ", ".join(f"{names.get(key) or part_name(key)} {_signed(int(value))}" for key, value in parts.items())


def sheet_sections(sheet: Mapping[str, Any]) -> list[Section]:
    """The sheet's sections (a title, its lines), in the language in use, by the sheet's ``layout``: attacks with
    OB and tables (``strikes``), percentile skills (``percentile``), endurance and Hope (``endurance``)."""
    layouts = {"strikes": _harp, "percentile": _d100, "endurance": _tor}
    return layouts[str(sheet["layout"])](sheet)


def sheet_title(sheet: Mapping[str, Any]) -> str:
    return _("Sheet: {name} ({id})").format(name=pick(sheet["name"]), id=sheet["id"])


def sheet_lines(sheet: Mapping[str, Any]) -> list[str]:
    """The sheet as terminal lines: its head, then each section's title and its lines indented."""
    lines = [sheet_title(sheet)]
    for title, rows in sheet_sections(sheet):
        lines.append("  " + title)
        lines += ["    " + row for row in rows]
    return lines


def _harp(sheet: Mapping[str, Any]) -> list[Section]:
    mods = sheet["modifiers"]
    life = [_("hit points {hp}/{most}").format(hp=sheet["hp"], most=sheet["hp_max"]),
            _("body RR {rr}, base movement {m} m, size {size}").format(
                rr=_signed(sheet["body_rr"]), m=sheet["movement"], size=size_name(sheet["size"]).lower())]
    if sheet["initiative"] is not None:
        life.append(_("initiative this round: {n}").format(n=sheet["initiative"]))
    attacks = []
    for strike in sheet["strikes"]:
        now = [_("sheet {ob}").format(ob=_signed(strike["ob"]))]
        for key, word in (("penalty", _("penalties")), ("next", _("GM's modifier to the next attack")),
                          ("fight", _("fight's modifier"))):
            if mods[key]:
                now.append(f"{word} {_signed(mods[key])}")
        line = _("{n}. {name}: OB {now} ({parts})").format(n=strike["number"], name=pick(strike["name"]),
                                                           now=_signed(strike["ob_now"]), parts=", ".join(now))
        attacks.append(line)
        if strike["parts"]:
            attacks.append("   " + _("the sheet's OB: {parts}").format(parts=_parts(strike["parts"])))
        detail = _("table {table}, size {size}, fumble 01–{fumble:02d}").format(
            table=_named(strike, "table"), size=attack_size_name(strike["size"]), fumble=strike["fumble"])
        if strike["critical"]:
            detail += ", " + _("criticals {table}").format(table=_named(strike, "critical"))
        if "range" in strike:
            detail += ", " + _("range {step} m (at most {most} m)").format(step=strike["range"][0],
                                                                         most=strike["range"][1])
        attacks.append("   " + detail)
    db = sheet["db"]
    defence = [_("DB {db}").format(db=_signed(db["total"]))]
    if db["shield"]:
        defence.append("   " + ngettext("of which the shield {n}, against {k} attack a round (the first)",
                                        "of which the shield {n}, against {k} attacks a round (the first ones)",
                                        max(int(db["shield_covers"]), 1)).format(n=_signed(db["shield"]),
                                                                                 k=db["shield_covers"]))
    if db["offhand"]:
        defence.append("   " + _("off-hand weapon {n} while parrying").format(n=_signed(db["offhand"])))
    if any(db["cover"]):
        defence.append("   " + _("cover: {melee} against blows, {missile} against shots").format(
            melee=_signed(db["cover"][0]), missile=_signed(db["cover"][1])))
    if db["dodge"]:
        defence.append("   " + _("dodging this round: {n}").format(n=_signed(db["dodge"])))
    if db["parry"]:
        defence.append("   " + _("parrying {who} with {n}").format(who=db["parry"]["against"],
                                                                  n=_signed(db["parry"]["bonus"])))
    defence.append(_("armour type {at}, manoeuvre penalty {p}").format(at=sheet["armour_type"],
                                                                       p=_signed(sheet["armour_penalty"])))
    return [(_("Life"), life), (_("Attacks"), attacks), (_("Defence"), defence),
            (_("Conditions"), _harp_conditions(sheet["conditions"], mods["penalty"]) or [_("none")]),
            *([(_("Distances"), [_("{who}: {m} m").format(who=who, m=m) for who, m in sheet["distance"].items()])]
              if sheet["distance"] else [])]


def _harp_conditions(conditions: Mapping[str, Any], penalty: int) -> list[str]:
    out = []
    timed = (("stunned", _("stunned")), ("must_parry", _("must parry")), ("no_parry", _("cannot parry")),
             ("lost", _("loses their actions")))
    for key, word in timed:
        if conditions[key]:
            out.append(_("{condition}: {rounds} left").format(condition=word, rounds=_rounds(int(conditions[key]))))
    if conditions["bleed"]:
        out.append(_("bleeding {n} a round").format(n=conditions["bleed"]))
    if penalty:
        out.append(_("penalty {n}").format(n=_signed(penalty)))
    flags = (("shaken", _("shaken")), ("prone", _("on the ground")), ("disarmed", _("disarmed")),
             ("down", _("down")), ("dead", _("dead")), ("removed", _("out of the fight")))
    out += [word for key, word in flags if conditions[key]]
    if conditions["dying_in"]:
        out.append(_("dies in {rounds}").format(rounds=_rounds(int(conditions["dying_in"]))))
    return out


def _reach(reach: str) -> str:
    return {"missile": _("missile"), "long": _("long"), "medium": _("medium"), "short": _("short")}.get(reach, reach)


def _d100(sheet: Mapping[str, Any]) -> list[Section]:
    states = {"ok": _("fighting"), "dead": _("dead"), "dying": _("dying"), "unconscious": _("unconscious"),
              "out": _("out of the fight")}
    life = [_("hit points {hp}/{most}: {state}").format(hp=sheet["hp"], most=sheet["hp_max"],
                                                        state=states.get(sheet["state"], sheet["state"]))]
    for k, (points, treated) in enumerate(sheet["wounds"], start=1):
        life.append(_("wound {k}: {n} points, {aid}").format(
            k=k, n=points, aid=_("first aid given") if treated else _("no first aid yet")))
    if sheet["unconscious_hours"]:
        life.append(ngettext("unconscious for {n} hour", "unconscious for {n} hours",
                             int(sheet["unconscious_hours"])).format(n=sheet["unconscious_hours"]))
    dex = _("DEX {dex}").format(dex=sheet["dex"])
    if sheet["dex_rank"] is not None:
        dex += ", " + _("DEX rank this round {rank}").format(rank=sheet["dex_rank"])
    if sheet["moved"]:
        dex += ", " + _("moved {m} m").format(m=sheet["moved"])
    if sheet["kneeling"]:
        dex += ", " + _("kneeling")
    weapons = []
    for w in sheet["weapons"]:
        line = _("{n}. {name}: {skill} %, damage {damage} (+ bonus {bonus}), reach {reach}").format(
            n=w["number"], name=pick(w["name"]), skill=w["skill"], damage=w["damage"], bonus=sheet["damage_bonus"],
            reach=_reach(w["reach"]))
        if w["in_hand"]:
            line += ", " + _("in hand")
        weapons.append(line)
        if w["hp"] is not None:
            weapons.append("   " + (_("broken") if w["broken"] else _("parries: {hp}/{most} hit points").format(
                hp=w["hp"], most=w["hp_max"])))
        if w["range"]:
            weapons.append("   " + _("range {m} m").format(m=w["range"]))
        if w["loaded"] is not None and int(w["loaded"]) >= 0:  # (below 0: a weapon never reloaded, always ready)
            weapons.append("   " + ngettext("{n} shot loaded", "{n} shots loaded", int(w["loaded"])).format(
                n=w["loaded"]) + ("" if not w["reload_until"] else ", " + _("reloaded in round {n}").format(
                    n=w["reload_until"])))
    defence = [_("armour {n} points").format(n=sheet["armour"]), _("dodge {n} %").format(n=sheet["dodge"]),
               _("first aid {n} %").format(n=sheet["first_aid"])]
    shield = sheet["shield"]
    if shield is not None:
        defence.insert(0, _("{name}: {skill} %, {state}").format(
            name=pick(shield["name"]), skill=shield["skill"],
            state=_("broken") if shield["broken"] else _("{hp}/{most} hit points").format(
                hp=shield["hp"], most=shield["hp_max"])))
    return [(_("Life"), life), (_("Dexterity"), [dex]), (_("Weapons"), weapons or [_("none")]),
            (_("Defence"), defence),
            *([(_("Distances"), [_("{who}: {m} m").format(who=who, m=m) for who, m in sheet["distance"].items()])]
              if sheet["distance"] else [])]


def _stance(stance: str | None) -> str:
    return {"forward": _("forward"), "open": _("open"), "defensive": _("defensive"),
            "rearward": _("rearward")}.get(str(stance), "—")


def _tor(sheet: Mapping[str, Any]) -> list[Section]:
    life = [_("endurance {e}/{most}").format(e=sheet["endurance"], most=sheet["endurance_max"])]
    if sheet["hero"]:
        life.append(_("Hope {h}/{most}").format(h=sheet["hope"], most=sheet["hope_max"]))
        life.append(ngettext("{n} wound", "{n} wounds", int(sheet["wounds"])).format(n=sheet["wounds"])
                    + (", " + _("dying") if sheet["dying"] else ""))
        life.append(_("stance {stance}").format(stance=_stance(sheet["stance"])))
        if sheet["load_on"]:
            life.append(_("load {load}").format(load=sheet["load"]))
        life.append(_("Corps {corps} (TN {tn}), valour {v}").format(corps=sheet["corps"], tn=sheet["corps_tn"],
                                                                    v=sheet["valour"]))
    else:
        life.append(_("wounds {n} of {might} (Might)").format(n=sheet["wounds"], might=sheet["might"]))
        life.append(_("attribute level {n}").format(n=sheet["corps"]))
    if not sheet["standing"] and not sheet["dying"]:
        life.append(_("out of the fight"))
    state = []
    if sheet["weary"]:
        state.append(_("weary") + (" (" + _("intimidated this round") + ")" if sheet["intimidated"] else ""))
    if sheet["complication"]:
        state.append(_("complication: {n}d off its rolls").format(n=sheet["complication"]))
    if sheet.get("regain"):
        state.append(_("must regain position"))
    if sheet["opponents"]:
        names = sheet.get("opponent_names") or [{"en": who} for who in sheet["opponents"]]
        state.append(_("engaged with {who}").format(who=", ".join(pick(name) for name in names)))
    weapons = []
    for w in sheet["weapons"]:
        line = _("{n}. {name}: rating {rating}, damage {damage}, injury {injury}").format(
            n=w["number"], name=pick(w["name"]), rating=w["rating"], damage=w["damage"], injury=w["injury"])
        extra = [word for flag, word in (("ranged", _("ranged")), ("two_handed", _("two-handed")),
                                         ("dropped", _("lying on the ground"))) if w[flag]]
        weapons.append(line + (", " + ", ".join(extra) if extra else ""))
    defence = [_("parry {p}, protection {d}d").format(p=sheet["parry"], d=sheet["protection"])]
    for item in sheet["gear"]:
        what = (_("protection +{n}d").format(n=item["protection"]) if item["item"] == "helm"
                else _("parry +{n}").format(n=item["parry"]))
        defence.append(_("{name}: {what}, load {load}").format(name=pick(item["name"] or {}), what=what,
                                                               load=item["load"])
                       + (", " + _("lying on the ground") if item["dropped"] else ""))
    sections = [(_("Life"), life), (_("State"), state or [_("nothing to note")]),
                (_("Weapons"), weapons or [_("none")]), (_("Defence"), defence)]
    if sheet.get("skills"):
        sections.append((_("Skills"), [", ".join(f"{skill_word(k)} {v}" for k, v in sheet["skills"].items())]))
    return sections


def _named(strike: Mapping[str, Any], key: str) -> str:
    """A HARP strike's table (``table``, ``critical``) by its name, its id when the content has none."""
    name = strike.get(f"{key}_name")
    return pick(name) if isinstance(name, dict) else str(strike[key])
