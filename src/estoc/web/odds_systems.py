"""The exact odds of the exchange the GM is setting up, for d100 and The One Ring (HARP's are :mod:`.odds`).

d100: the attacker's chance and the defence the target opposes are the kernel's for the fight as it stands
(``py_distance``, ``py_chance``, ``py_defence`` on the fight's own world: range, wounds, a parry already used, a
broken item, kneeling); the rest of the blow (the weapon's dice, the damage bonus, the armour) is the sheets', put
together by :func:`estoc.odds.d100.exchange_odds` in a world of two, as ``estoc odds attack --system d100`` does.

The One Ring: the kernel's numbers for the blow as it would be struck now (:meth:`TorFight.blow
<estoc.systems.tor.fight.TorFight.blow>`: the dice after every stance, task, protection and Hope, the TN with a fend
off gained this round, favoured or ill-favoured, weariness, the target's protection), with the GM's extra dice,
parry bonus and roll on top; the odds are :func:`estoc.odds.tor.blow_odds`', every face read by the kernel on the
fight's own world (the weapon's damage, injury and special damage included).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from estoc.dice.tor import MODES
from estoc.errors import InputError, RulesError
from estoc.i18n import _, fixed, pick
from estoc.odds.d100 import exchange_odds as d100_exchange_odds
from estoc.odds.tor import blow_odds
from estoc.render.d100 import defence_word, quality_word
from estoc.systems.d100.exchange import BEST, DEFENCE_CODES, no_defence, prepare
from estoc.systems.d100.worlds import kernel_of
from estoc.systems.tor.blow import special_code
from estoc.systems.tor.codes import A_ATTACK, FEND_OFF_CAP, REASONS
from estoc.systems.tor.names import SPECIALS
from estoc.systems.tor.refusals import refusal
from estoc.web.odds import _bounded, _percent

TOR_REFUSED = frozenset(REASONS[name] for name in ("R_NO_WEAPON", "R_DROPPED", "R_NO_BASH", "R_NO_SHIELD",
                                                    "R_FEND_RANGED", "R_NO_PIERCE"))
"""What the One Ring panel refuses of a blow: a weapon not in hand, a special damage it cannot buy (the kernel's
reasons; whose turn it is and the engagement are the fight's business, not the odds')."""
TRIM = ": \u00a0\u202f"
"""What is left of a phrase ``"Label: {p}"`` without its number (the terminal's phrases are reused as labels)."""
Row = tuple[str, str, int]
"""(label, percentage, bar width out of 100)."""


@dataclass
class SystemOdds:
    """The odds as the panel shows them: a heading, groups of rows, a few lines, a note on what is counted."""

    head: str
    groups: list[tuple[str, list[Row]]]
    lines: list[str]
    hint: str


def pair(view: dict[str, Any], attacker: str | None, target: str | None) -> tuple[str, str] | None:
    """The attacker (the one asked, else the one acting, else the first) and its target (the one asked, else its
    first standing foe); ``None`` without two combatants of different sides."""
    rows = {row["id"]: row for row in view["combatants"]}
    chosen = attacker if attacker in rows else view.get("current")
    if chosen not in rows:
        chosen = next(iter(rows), None)
    if chosen is None:
        return None
    side = rows[chosen]["side"]
    if target in rows and rows[target]["side"] != side:
        return str(chosen), str(target)
    foes = [i for i, row in rows.items() if row["side"] != side and row.get("standing", True)
            and not row.get("removed") and row.get("state", "") not in ("dead", "out")]
    foes = foes or [i for i, row in rows.items() if row["side"] != side]
    return (str(chosen), foes[0]) if foes else None


def _rows(pairs: list[tuple[str, Fraction | None]]) -> list[Row]:
    return [(label, *_percent(p)) for label, p in pairs]


def d100_odds(fight: Any, attacker: str | None, target: str | None, weapon: str | None, defence: str | None,
              mod: str | None, difficult: bool = False) -> SystemOdds | None:
    """The odds of ``attacker``'s attack on ``target`` in a d100 fight, as the fight stands."""
    view = fight.view()
    found = pair(view, attacker, target)
    if found is None:
        return None
    a, t = fight.index(found[0]), fight.index(found[1])
    person, foe = fight.combatants[a], fight.combatants[t]
    wielded = fight.value("wielded", a)
    number = _bounded(weapon, wielded + 1 if wielded < len(person.weapons) else 1)
    person.weapon(number)  # (says which numbers it has)
    if defence not in (None, "", "best") and defence not in DEFENCE_CODES:
        raise InputError(_("a defence is none, parry or dodge, not {value!r}").format(value=defence))
    s, modifier = number - 1, _bounded(mod, 0)
    F, K = fight.F, kernel_of(fight.F)
    chance, _metres = fight.blow_chance(a, t, s, difficult=difficult, mod=modifier)
    # none chosen: the defence the fight's attack would take (the encounter's ``defence:``, else the best allowed)
    code = (int(K.py_preferred(F, 0, a, t, s)) if defence in (None, "") else
            BEST if defence == "best" else DEFENCE_CODES[str(defence)])
    opposed = K.py_defence(F, 0, a, s, t, code, -1)
    if opposed is None:
        raise RulesError(no_defence(F, fight.combatants, a, s, t, str(defence)))
    # The blow itself (dice, damage bonus, armour) in a world of two, with the fight's chance and defence.
    exchange = dataclasses.replace(
        prepare(fight.outcomes, person, number, foe, "none", fight.settings, chance=chance),
        defence=(int(opposed[0]), int(opposed[1]), int(opposed[2]), int(opposed[3])))
    hp = next(int(row["hp"]) for row in view["combatants"] if row["id"] == foe.id)
    odds = d100_exchange_odds(exchange, hp)
    kind = exchange.defence_kind
    results = {"miss": _("misses"), "stopped": _("stopped by the defence"), "hit": _("hits"),
               "special": _("special hit")}
    groups = [(_("Attack roll:"), _rows([(quality_word(q), p) for q, p in odds.attack.items()]))]
    if odds.defence:
        groups.append((_("Defence roll (once the attack succeeds):"),
                       _rows([(quality_word(q), p) for q, p in odds.defence.items()])))
    groups.append((_("Outcome:"), _rows([(results[r], p) for r, p in odds.result.items()])))
    fates = [(_("Unconscious (2 hit points or fewer, from {hp}): {p}").format(hp=hp, p="").rstrip(TRIM),
              odds.unconscious), (_("Dying (0 or fewer): {p}").format(p="").rstrip(TRIM), odds.dying)]
    if odds.worn:
        fates.append((_("The parrying item loses a hit point: {p}").format(p="").rstrip(TRIM), odds.worn))
    groups.append((_("Effects:"), _rows(fates)))
    head = _("{a} ({weapon}, {skill} %) against {d} ({defence}, armour {armour}):").format(
        a=pick(person.name), weapon=pick(person.weapon(number).record.name.as_dict()), skill=chance,
        d=pick(foe.name), defence=_("no defence") if kind == "none" else
        f"{defence_word(kind, exchange.defence_item)} {exchange.defence[1]} %", armour=exchange.armour)
    return SystemOdds(head=head, groups=groups,
                      lines=[_("Expected hit points lost: {n}").format(n=fixed(float(odds.mean_damage())))],
                      hint=_("The chance and the defence are the kernel's for the fight as it stands (range, "
                             "wounds, a parry already used, a broken item); the damage and the armour are the "
                             "sheets'."))


def tor_odds(fight: Any, attacker: str | None, target: str | None, weapon: str | None, special: str | None,
             extra: str | None, parry_bonus: str | None, mode: str | None, hope: bool = False) -> SystemOdds | None:
    """The odds of ``attacker``'s attack on ``target`` in a One Ring fight, as the kernel would roll it now; the GM's
    ``extra`` dice, ``parry_bonus`` and ``mode`` (favoured or ill-favoured, none: the fight's) come on top."""
    view = fight.view()
    found = pair(view, attacker, target)
    if found is None:
        return None
    a, t = fight.index(found[0]), fight.index(found[1])
    person, foe = fight.combatants[a], fight.combatants[t]
    number = _bounded(weapon, 1)
    chosen = next((word for word in SPECIALS if word == (special or "auto")), None)
    if chosen is None:
        raise InputError(_("a special damage is heavy, fend, pierce, shield or none, not {value!r}").format(
            value=special))
    code = int(fight.K.py_allowed(fight.F, 0, a, A_ATTACK, t, number - 1, 0, special_code(chosen), 0, 0, False))
    if code in TOR_REFUSED:
        use = person.weapons[number - 1].record.name.as_dict() if 1 <= number <= len(person.weapons) else None
        raise refusal(code, who=person.id, name=pick(person.name), weapon=pick(use) if use else "", index=number,
                      count=len(person.weapons))
    dice = _bounded(extra, 0)
    if not -6 <= dice <= 6:
        raise InputError(_("--extra-dice is −6 to +6, not {value}").format(value=dice))
    bonus = _bounded(parry_bonus, 0)
    if not 0 <= bonus <= FEND_OFF_CAP:
        raise InputError(_("--parry-bonus is 0 to 10 (fend off is capped at +10), not {value}").format(value=bonus))
    forced = next((word for word in MODES if word == mode), None)
    if forced is None and mode not in (None, ""):
        raise InputError(_("a roll is normal, favoured or ill, not {value!r}").format(value=mode))
    blow = fight.blow(a, t, number - 1, hope=hope)
    shown = dataclasses.replace(blow, dice=max(blow.dice + dice, 0), tn=blow.tn + bonus, mode=forced or blow.mode)
    odds = blow_odds(fight.F, a, t, number - 1, special_code(chosen), dice=shown.dice, tn=shown.tn, mode=shown.mode,
                     weary=shown.weary, protection=shown.protection, protection_weary=shown.protection_weary)
    injury = int(fight.F.injury[a, number - 1])
    groups = [("", _rows([
        (_("Hit: {p}").format(p="").rstrip(TRIM), odds.success),
        (_("Gandalf rune: {p}").format(p="").rstrip(TRIM), odds.rune),
        (_("Eye of Sauron: {p}").format(p="").rstrip(TRIM), odds.eye),
        (_("Piercing blow: {p}").format(p="").rstrip(TRIM), odds.piercing),
        (_("Protection roll failed (given a piercing blow): {p}").format(p="").rstrip(TRIM), odds.protection_fails),
        (_("Wound: {p}").format(p="").rstrip(TRIM), odds.wound),
        *([] if odds.dying is None else [(_("Wound leaving the hero dying: {p}").format(p="").rstrip(TRIM),
                                          odds.dying)])])),
        (_("Hits with k tengwar:"), _rows([(str(k), p) for k, p in odds.by_tengwar.items()]))]
    head = _("{a} ({weapon}, {dice}d against TN {tn}) on {d} (protection {p}d against injury {injury}):").format(
        a=pick(person.name), weapon=pick(person.weapons[number - 1].record.name.as_dict()), dice=shown.dice,
        tn=shown.tn, d=pick(foe.name), p=shown.protection, injury=injury)
    words = {"normal": _("normal"), "favoured": _("favoured"), "ill": _("ill-favoured")}
    lines = [_("Expected endurance lost: {n}").format(n=fixed(float(odds.mean_endurance()))),
             _("Counted from the fight: {change:+d}d (stances, tasks, protections, complications); the roll is "
               "{mode}.").format(change=blow.change, mode=words[blow.mode])]
    if blow.weary:
        lines.append(_("{who} is weary: success dice showing 1 to 3 count for nothing.").format(who=pick(person.name)))
    if blow.protection_weary:
        lines.append(_("{d} is weary: their protection dice showing 1 to 3 count for nothing.").format(
            d=pick(foe.name)))
    if hope:
        lines.append(_("One Hope spent: +1d.") if blow.hope else _("No Hope left to spend.") if fight.hero(a)
                     else _("Only a hero spends Hope."))
    if blow.countered:
        lines.append(_("A miss lets {d} counter-attack.").format(d=pick(foe.name)))
    return SystemOdds(head=head, groups=groups, lines=lines,
                      hint=_("The dice, the TN, the roll and weariness are the kernel's for the blow as it would be "
                             "struck now (stances, tasks, protections, a fend off gained this round, what was "
                             "dropped); the extra dice, the parry bonus and the roll chosen here come on top."))

