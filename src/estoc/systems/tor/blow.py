"""One blow out of any fight (``estoc attack --system tor``, ``estoc odds attack --system tor``): the attacker and
the defender in a world of two, as the kernel plays them.

The options the command line gives are written into that world as the fight would hold them (the GM's word, as
:mod:`.fight` writes a complication): extra dice are this round's dice of the attacker, a favoured roll a challenge
between the two, an ill-favoured one the attacker holding its position, a parry bonus the defender's fend off of
this round, weariness the attacker's of this round; the hero takes the stance given; a hero's first wound is
read with the fatal-wounds setting on (the house text's 1 in 12). Everything the blow then rolls,
and every rule it follows, is the kernel's (``py_exchange`` for its numbers, ``py_attack`` to strike it,
``py_allowed`` to refuse what the rules refuse).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from estoc.dice import DiceSource
from estoc.dice.tor import MODES
from estoc.errors import InputError
from estoc.i18n import _, pick
from estoc.systems.tor.codes import A_ATTACK, CODES
from estoc.systems.tor.exchange import Combatant
from estoc.systems.tor.names import SPECIALS, STANCES, Special, Stance
from estoc.systems.tor.refusals import refusal
from estoc.systems.tor.worlds import Settings, array, build, kernel_of


@dataclass(frozen=True)
class Numbers:
    """What a blow would roll now, as the kernel makes it when it is struck (``py_exchange``)."""

    dice: int
    """Success dice, after every +1d and −1d (never below 0)."""
    tn: int
    mode: str
    weary: bool
    protection: int
    """The target's protection dice (its helm counted unless on the ground)."""
    protection_weary: bool
    countered: bool
    """A miss would be answered by the target's counter-attack."""
    change: int
    """The +1d and −1d the fight counts (stances, rallies, tasks, protections, complications, a Hope apart)."""
    hope: bool
    """A Hope is counted (asked, and the attacker has one)."""


def numbers(F: Any, w: int, c: int, t: int, s: int, hope: bool = False) -> Numbers:
    """The kernel's numbers of ``c``'s blow with its weapon ``s`` (from 0) on ``t`` in world ``w``, changing
    nothing."""
    r = kernel_of(F).py_exchange(F, w, c, t, s, hope)
    return Numbers(dice=int(r[0]), tn=int(r[1]), mode=MODES[int(r[2])], weary=bool(r[3]), protection=int(r[4]),
                   protection_weary=bool(r[5]), countered=bool(r[6]), change=int(r[7]), hope=bool(r[8]))


@dataclass
class Pair:
    """The world of two and who strikes whom, with what."""

    F: Any
    people: tuple[Combatant, Combatant]
    """Hero first, then adversary (the kernel's order)."""
    attacker: int
    target: int
    weapon: int
    """From 0."""
    special: int
    """The kernel's special damage code."""
    hope: bool

    def numbers(self) -> Numbers:
        return numbers(self.F, 0, self.attacker, self.target, self.weapon, self.hope)

    def strike(self) -> list[tuple[int, ...]]:
        """The blow, struck by the kernel on the world's dice source: the kernel's log rows."""
        self.F.logging, self.F.log = 1, []
        kernel_of(self.F).py_attack(self.F, 0, self.attacker, self.target, self.weapon, self.special, self.hope)
        if self.F.error is not None:
            raise self.F.error
        return list(self.F.log)


def special_code(special: Special) -> int:
    """The kernel's code of a special damage word."""
    return CODES["S_" + special.upper()]


def pair(attacker: Combatant, defender: Combatant, weapon: int, *, stance: Stance = "open", extra_dice: int = 0,
         favoured: bool = False, ill: bool = False, weary: bool = False, parry_bonus: int = 0,
         special: Special = "auto", hope: bool = False, dice: DiceSource | None = None) -> Pair:
    """``attacker``'s blow with its weapon ``weapon`` (from 1) on ``defender``, in a world of two; refused (in the
    user's words) where the kernel refuses it."""
    if attacker.hero == defender.hero:
        raise InputError(_("a hero attacks an adversary, or an adversary a hero"))
    if special not in SPECIALS:
        raise InputError(_("--special is one of {known}, not {value!r}").format(known=", ".join(SPECIALS),
                                                                                value=special))
    if stance not in STANCES:
        raise InputError(_("only a hero takes a stance: forward, open, defensive or rearward"))
    hero, foe = (attacker, defender) if attacker.hero else (defender, attacker)
    F = build([(hero, stance)], [foe], 1, settings=Settings(load=False, volleys=False, fatal=True), dice=dice)
    c, t = (0, 1) if attacker.hero else (1, 0)
    s = weapon - 1
    K = kernel_of(F)
    if 0 <= s < len(attacker.weapons) and not attacker.weapons[s].record.ranged:
        K.py_engage(F, 0, 0, 1)  # a close-combat blow: the two are engaged
    array(F, "dice")[0, c] = extra_dice
    array(F, "weary")[0, c] = int(weary)
    array(F, "parry")[0, t] = parry_bonus
    if favoured:
        array(F, "challenge")[0, c], array(F, "challenge")[0, t] = t, c
    if ill:
        array(F, "holding")[0, c] = 1
    found = Pair(F, (hero, foe), c, t, s, special_code(special), hope)
    code = int(K.py_allowed(F, 0, c, A_ATTACK, t, s, 0, found.special, 0, 0, hope))
    if code:
        use = attacker.weapons[s].record.name.as_dict() if 0 <= s < len(attacker.weapons) else None
        raise refusal(code, who=attacker.id, name=pick(attacker.name), target=defender.id,
                      weapon=pick(use) if use else "", index=weapon, count=len(attacker.weapons))
    return found
