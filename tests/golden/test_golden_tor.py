"""The One Ring house rules' attack, played by the kernel with typed dice on a world of two: the cases the issue
names at the attack's level (heavy blow, fend off's cap, a pierce to 10, the rune, yield ground, ``auto``)."""

from __future__ import annotations

from typing import Any

from estoc.content.registry import Content
from estoc.dice import ScriptedDice
from estoc.systems.tor.blow import Pair, pair
from estoc.systems.tor.codes import FEND_OFF_CAP, L_AFTER, L_ROLL
from estoc.systems.tor.exchange import Combatant
from estoc.systems.tor.names import SPECIALS, Special
from estoc.systems.tor.worlds import array, kernel_of


def blow(content: Content, attacker: str, weapon: int, faces: dict[str, list[int]], special: Special = "auto",
         defender: str = "orc-soldat", **options: Any) -> tuple[Pair, dict[str, Any]]:
    """The blow struck with these faces: the kernel's log read as (feat, total, success, tengwar, special,
    endurance, piercing, wounded, parry)."""
    found = pair(Combatant.from_content(content, attacker), Combatant.from_content(content, defender), weapon,
                 special=special, dice=ScriptedDice(faces), **options)
    rows = found.strike()
    rolled = next(r for r in rows if r[0] == L_ROLL)
    after = next(r for r in rows if r[0] == L_AFTER)
    return found, {"feat": rolled[1], "total": rolled[2], "success": bool(rolled[3]), "tengwar": rolled[4],
                   "special": SPECIALS[rolled[5]], "endurance": rolled[6], "piercing": bool(rolled[7]),
                   "wounded": bool(rolled[8]), "parry": after[1]}


def test_heavy_blow_with_a_two_handed_weapon(content: Content) -> None:
    """Grani's great axe (7), Corps 7, two tengwar: 7 + 2 × (7 + 1) = 23 endurance; his axe in one hand 5 + 2 × 7."""
    _pair, out = blow(content, "grani-barbe-grise", 2, {"attack": [9], "attack-success": [6, 6, 1]}, "heavy")
    assert out["success"] and out["tengwar"] == 2 and out["endurance"] == 23
    _pair, one_hand = blow(content, "grani-barbe-grise", 1, {"attack": [9], "attack-success": [6, 6, 1]}, "heavy")
    assert one_hand["endurance"] == 5 + 2 * 7


def test_fend_off_is_capped_at_ten(content: Content) -> None:
    faces = {"attack": [5], "attack-success": [6, 6, 4]}
    _pair, out = blow(content, "maelor-le-rodeur", 1, faces, "fend")
    assert out["parry"] == 6  # the spear's 3 a tengwar
    found = pair(Combatant.from_content(content, "maelor-le-rodeur"), Combatant.from_content(content, "orc-soldat"),
                 1, special="fend", dice=ScriptedDice(faces))
    array(found.F, "parry")[0, found.attacker] = 6  # already +6 this round
    after = next(r for r in found.strike() if r[0] == L_AFTER)
    assert after[1] == FEND_OFF_CAP == 10


def test_pierce_turns_an_eight_into_a_ten_with_a_spear(content: Content) -> None:
    _pair, out = blow(content, "maelor-le-rodeur", 1, {"attack": [8], "attack-success": [6, 4, 2], "protection": [2],
                                                       "protection-success": [1, 1]}, "pierce")
    assert out["piercing"] and out["wounded"]  # 2 + 1 + 1 never reaches the spear's injury 14
    # A sword gains 1 a tengwar: one tengwar makes a 9, no piercing blow.
    _pair, sword = blow(content, "eirik-de-dale", 1, {"attack": [8], "attack-success": [6, 4, 2]}, "pierce")
    assert sword["success"] and not sword["piercing"]


def test_the_rune_always_hits_and_pierces(content: Content) -> None:
    _pair, out = blow(content, "maelor-le-rodeur", 1, {"attack": [12], "attack-success": [1, 1, 1],
                                                       "protection": [12], "protection-success": [1, 1]},
                      parry_bonus=10)
    assert out["success"] and out["piercing"] and not out["wounded"]  # the orc's rune: its armour holds


def test_yield_ground_halves_rounding_up(content: Content) -> None:
    """A hero struck for 7 keeps 4 of the loss (half, rounded up); 8: 4; 1: 1."""
    for lost, kept in ((7, 4), (8, 4), (1, 1)):
        found = pair(Combatant.from_content(content, "orc-soldat"), Combatant.from_content(content, "eirik-de-dale"),
                     1, dice=ScriptedDice({}))
        F, hero = found.F, found.target
        array(F, "endurance")[0, hero] -= lost
        F.last_target[0], F.last_lost[0], F.last_round[0] = hero, lost, 1
        back = int(kernel_of(F).py_yield(F, 0, hero))
        assert lost - back == kept


def test_auto_special_pierces_only_when_it_pierces(content: Content) -> None:
    _pair, near = blow(content, "eirik-de-dale", 1, {"attack": [9], "attack-success": [6, 2, 2], "protection": [1],
                                                     "protection-success": [1, 1]})
    assert near["special"] == "pierce" and near["piercing"]
    _pair, far = blow(content, "eirik-de-dale", 1, {"attack": [4], "attack-success": [6, 6, 3]})
    assert far["special"] == "heavy" and far["endurance"] == 4 + 2 * 6
