"""Rules of « Le combat » and the bestiary that the kernel applies, each checked at the table (play's events with
typed dice), as a GM would try them."""

from __future__ import annotations

from typing import Any

import pytest

from estoc.content.registry import Content
from estoc.dice import ScriptedDice, SeededDice
from estoc.errors import RulesError
from estoc.play.harp import HarpPlay
from estoc.systems.harp.fight import HarpFight
from estoc.systems.harp.tables import HarpTables


def fight_of(content: Content, tables: HarpTables, heroes: list[dict[str, Any]], foes: list[dict[str, Any]],
             *, initiative: list[int] | None = None, **extra: Any) -> HarpFight:
    """A fight begun, its first round's initiative typed (one d10 per combatant, in the list's order)."""
    setup = {"schema_version": 1, "system": "harp", "kind": "encounter", "name": {"fr": "essai", "en": "trial"},
             "sides": [{"id": "heros", "members": heroes}, {"id": "foes", "members": foes}], **extra}
    fight = HarpPlay(content, tables).new_fight({"encounter": setup, "seed": 1})
    assert isinstance(fight, HarpFight)
    play(fight, {"type": "begin"}, initiative=initiative or [])
    return fight


def play(fight: HarpFight, event: dict[str, Any], **faces: list[int]) -> list[dict[str, Any]]:
    """Apply an event with typed faces (``extra_critical`` for « extra-critical »), estoc's dice for the rest."""
    typed = {k.replace("_", "-"): v for k, v in faces.items()}
    return fight.apply(event, ScriptedDice(typed, fallback=SeededDice(5)))


def attacks(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [r for r in records if r["kind"] == "attack"]


def current(fight: HarpFight) -> str:
    c = fight.current()
    assert c is not None
    return fight.combatants[c].id


def test_a_bow_in_hand_parries_nothing(content: Content, tables: HarpTables) -> None:
    """« Parade »: a parry needs a melee weapon in hand and a melee attack declared."""
    fight = fight_of(content, tables, [{"hero": "halvard"}], [{"creature": "orque"}], initiative=[10, 1])
    assert current(fight) == "halvard"
    with pytest.raises(RulesError, match="melee weapon"):
        play(fight, {"type": "attack", "target": "orque", "parry": 20})
    with pytest.raises(RulesError, match="melee weapon"):
        play(fight, {"type": "total-parry", "target": "orque"})
    assert "parry" not in fight.auto_event()


def test_a_parry_counts_against_melee_blows_only(content: Content, tables: HarpTables) -> None:
    """« Parade »: the parry holds against the parried foe's melee attacks, not its arrows."""
    fight = fight_of(content, tables, [{"hero": "dafur"}], [{"creature": "orque"}], initiative=[10, 1])
    play(fight, {"type": "attack", "target": "orque", "parry": 30}, attack=[20])
    dafur = fight.combatants[0]
    shot = attacks(play(fight, {"type": "attack", "target": "dafur", "strike": 2}, attack=[50]))[0]
    assert shot["defence"] == dafur.db


def test_a_melee_blow_meets_the_parry(content: Content, tables: HarpTables) -> None:
    fight = fight_of(content, tables, [{"hero": "dafur"}], [{"creature": "orque"}], initiative=[10, 1])
    play(fight, {"type": "attack", "target": "orque", "parry": 30}, attack=[20])
    blow = attacks(play(fight, {"type": "attack", "target": "dafur"}, attack=[50]))[0]
    assert blow["defence"] == fight.combatants[0].db + 30


def test_a_clean_disengagement_acts_first_the_next_round(content: Content, tables: HarpTables) -> None:
    """« Désengagement »: unharmed by the opponent, first to act in the next round (round 2, not 3)."""
    fight = fight_of(content, tables, [{"hero": "brundar"}], [{"creature": "orque"}], initiative=[10, 1])
    play(fight, {"type": "disengage", "target": "orque", "parry": 60})
    records = play(fight, {"type": "attack", "target": "brundar"}, attack=[5], initiative=[1, 10])
    assert [r for r in records if r["kind"] == "disengaged"]
    round_two = next(r for r in records if r["kind"] == "round")
    assert round_two["round"] == 2
    assert round_two["order"][0][0] == "brundar" and round_two["order"][0][2] is True
    assert current(fight) == "brundar"


def test_a_blow_from_the_opponent_spoils_the_disengagement(content: Content, tables: HarpTables) -> None:
    fight = fight_of(content, tables, [{"hero": "brundar"}], [{"creature": "orque"}], initiative=[10, 1])
    play(fight, {"type": "disengage", "target": "orque", "parry": 60})
    records = play(fight, {"type": "attack", "target": "brundar"}, attack=[97, 90], critical=[50],
                   initiative=[1, 10])
    assert attacks(records)[0]["total_hits"] > 0
    assert not [r for r in records if r["kind"] == "disengaged"]
    assert current(fight) == "orque"


def test_a_charge_strikes_with_the_declared_attack(content: Content, tables: HarpTables) -> None:
    """« Charge »: the warhorse charging with its ram strikes on the ram's table (and may knock down)."""
    fight = fight_of(content, tables, [{"hero": "dafur"}], [{"creature": "cheval-de-guerre"}], initiative=[1, 10])
    assert current(fight) == "cheval-de-guerre"
    blow = attacks(play(fight, {"type": "charge", "target": "dafur", "strike": 2, "distance": 20}, attack=[60]))[0]
    assert blow["table"] == "belier-et-poussee"


def test_a_prone_target_is_struck_at_plus_40(content: Content, tables: HarpTables) -> None:
    """Bestiary, « Renverser une cible »: +40 to the OB of those who attack a target on the ground."""
    fight = fight_of(content, tables, [{"hero": "dafur"}], [{"creature": "orque"}], initiative=[10, 1])
    standing = attacks(play(fight.copy(), {"type": "attack", "target": "orque"}, attack=[30]))[0]
    play(fight, {"type": "gm", "op": "condition", "target": "orque", "name": "prone", "value": 1})
    prone = attacks(play(fight, {"type": "attack", "target": "orque"}, attack=[30]))[0]
    assert prone["ob"] == standing["ob"] + 40


def test_the_armour_weighs_on_a_dodge(content: Content, tables: HarpTables) -> None:
    """The worn armour's manoeuvre penalty applies to dodges (Agility manoeuvres)."""
    fight = fight_of(content, tables, [{"hero": "brundar"}], [{"creature": "orque"}], initiative=[10, 1])
    brundar = fight.combatants[0]
    assert brundar.armour_penalty < 0
    dodge = play(fight, {"type": "dodge"}, manoeuvre=[50])[0]
    assert dodge["total"] == 50 + 3 * brundar.agility + brundar.armour_penalty


def test_full_sun_weighs_on_a_dodge(content: Content, tables: HarpTables) -> None:
    """Bestiary, « Sensibilité à la Lumière du Soleil »: −20 to every manoeuvre, dodges included."""
    dark = fight_of(content, tables, [{"hero": "dafur"}], [{"creature": "orque"}], initiative=[1, 10])
    sun = fight_of(content, tables, [{"hero": "dafur"}], [{"creature": "orque"}], initiative=[1, 10],
                   full_sun=True)
    assert play(sun, {"type": "dodge"}, manoeuvre=[50])[0]["total"] == play(
        dark, {"type": "dodge"}, manoeuvre=[50])[0]["total"] - 20


def test_a_shield_covers_its_number_of_attacks_a_round(content: Content, tables: HarpTables) -> None:
    """« Les boucliers »: a round shield covers two attacks a round; the third blow meets no shield."""
    fight = fight_of(content, tables, [{"hero": "brundar"}], [{"creature": "orque", "count": 3}],
                     initiative=[1, 10, 9, 8])
    brundar = fight.combatants[0]
    assert brundar.shield_covers == 2 and brundar.shield_db > 0
    defences = [attacks(play(fight, {"type": "attack", "target": "brundar"}, attack=[20]))[0]["defence"]
                for _ in range(3)]
    assert defences == [brundar.db, brundar.db, brundar.db - brundar.shield_db]


def test_a_total_parry_that_fumbles_is_a_fumble(content: Content, tables: HarpTables) -> None:
    """« Parade Totale »: a roll in the weapon's fumble range is a fumble, rolled on the fumble table."""
    fight = fight_of(content, tables, [{"hero": "brundar"}], [{"creature": "orque"}], initiative=[10, 1])
    parry = play(fight, {"type": "total-parry", "target": "orque"}, parry=[1], fumble=[90])[0]
    assert parry["fumbled"] and parry["bonus"] == 0
    assert parry["fumble_result"]["roll"] == 90


@pytest.mark.parametrize("event", [{"type": "dodge"}, {"type": "move", "distance": 5}, {"type": "flee"},
                                   {"type": "disengage", "target": "orque"}])
def test_made_to_parry_it_does_nothing_else(content: Content, tables: HarpTables, event: dict[str, Any]) -> None:
    """« Parade Obligatoire »: only a parry; no dodge, no movement, no flight, no disengagement."""
    fight = fight_of(content, tables, [{"hero": "brundar"}], [{"creature": "orque"}], initiative=[10, 1])
    play(fight, {"type": "gm", "op": "condition", "target": "brundar", "name": "must-parry", "value": 2})
    with pytest.raises(RulesError, match="must parry"):
        play(fight, event)
    with pytest.raises(RulesError, match="must parry"):
        play(fight, {"type": "instinctive-dodge", "actor": "brundar"})
    play(fight, {"type": "total-parry", "target": "orque"}, parry=[50])


def test_a_total_parry_never_lowers_the_defence(content: Content, tables: HarpTables) -> None:
    """With its OB eaten by penalties, a total parry adds its +10 and nothing less."""
    fight = fight_of(content, tables, [{"hero": "brundar"}], [{"creature": "orque"}], initiative=[10, 1])
    play(fight, {"type": "gm", "op": "condition", "target": "brundar", "name": "penalty", "value": 200})
    parry = play(fight, {"type": "total-parry", "target": "orque"}, parry=[50])[0]
    assert parry["bonus"] == 10


def test_stunned_it_walks_half_its_base_movement(content: Content, tables: HarpTables) -> None:
    """« Étourdi »: at most half the base movement."""
    fight = fight_of(content, tables, [{"hero": "brundar"}], [{"creature": "orque"}], initiative=[10, 1])
    play(fight, {"type": "gm", "op": "condition", "target": "brundar", "name": "stun", "value": 2})
    half = fight.combatants[0].base_movement / 2
    with pytest.raises(RulesError, match="half"):
        play(fight, {"type": "move", "distance": half + 1})
    play(fight, {"type": "move", "distance": half})


def test_numbers_beyond_the_kernel_are_refused(content: Content, tables: HarpTables) -> None:
    """A sheet whose numbers the kernel's integers cannot hold is refused with a message, never an overflow."""
    from estoc.errors import InputError

    with pytest.raises(InputError, match="level: must be at most 100"):
        fight_of(content, tables, [{"hero": "dafur"}], [{"creature": "orque", "level": 10 ** 12}])


def test_a_troll_regenerates_during_the_fight(content: Content, tables: HarpTables) -> None:
    """Bestiary, « Régénération (Majeure) »: 2 hit points a minute (ten rounds of six seconds), during the fight."""
    fight = fight_of(content, tables, [{"hero": "dafur"}], [{"creature": "troll-des-cavernes"}], initiative=[10, 1])
    troll = fight.index("troll-des-cavernes")
    assert fight.combatants[troll].regenerates
    full = fight.combatants[troll].hp
    play(fight, {"type": "gm", "op": "hp", "target": "troll-des-cavernes", "value": full - 10})
    told: list[dict[str, Any]] = []
    while fight.round < 11:
        told += play(fight, {"type": "pass"})
    regenerated = [r for r in told if r["kind"] == "turn" and r.get("regenerated")]
    assert [(r["round"], r["regenerated"]) for r in regenerated] == [(10, 2)]
    assert fight.value("hp", troll) == full - 8


def test_a_shot_reads_its_range_and_the_cover(content: Content, tables: HarpTables) -> None:
    """« Incrément de Portée »: −10 an increment up to 5, −20 beyond; « Position à couvert » against shots."""
    fight = fight_of(content, tables, [{"hero": "halvard"}], [{"creature": "orque"}], initiative=[10, 1])
    close = attacks(play(fight.copy(), {"type": "attack", "target": "orque"}, attack=[50]))[0]
    play(fight, {"type": "gm", "op": "distance", "ids": ["halvard", "orque"], "value": 95})
    play(fight, {"type": "gm", "op": "cover", "target": "orque", "cover": "demi-couvert-resistant"})
    far = attacks(play(fight, {"type": "attack", "target": "orque"}, attack=[50]))[0]
    increment = fight.combatants[0].strikes[0].reach[0]  # type: ignore[index]
    k = -(-95 // increment)
    assert far["ob"] == close["ob"] - 10 * min(k, 5) - 20 * max(k - 5, 0)
    assert far["defence"] == close["defence"] + 40


@pytest.mark.parametrize("metres", [1, 10_000])
def test_a_shot_needs_its_range(content: Content, tables: HarpTables, metres: int) -> None:
    """« Portée minimum » (2 m) and the weapon's maximum range."""
    fight = fight_of(content, tables, [{"hero": "halvard"}], [{"creature": "orque"}], initiative=[10, 1])
    play(fight, {"type": "gm", "op": "distance", "ids": ["halvard", "orque"], "value": metres})
    with pytest.raises(RulesError, match="m"):
        play(fight, {"type": "attack", "target": "orque"})
    assert fight.auto_event()["strike"] == 2  # the policy takes its sword instead


def test_a_bow_attacked_in_contact_shoots_at_minus_100(content: Content, tables: HarpTables) -> None:
    """« Attaques à distance »: a foe in contact who acted first attacked the archer: −100 to the shot."""
    struck = fight_of(content, tables, [{"hero": "halvard"}], [{"creature": "orque"}], initiative=[10, 1])
    play(struck, {"type": "gm", "op": "distance", "ids": ["halvard", "orque"], "value": 0})
    play(struck, {"type": "wait", "target": "orque"})
    assert current(struck) == "orque"
    play(struck, {"type": "attack", "target": "halvard"}, attack=[5])
    assert current(struck) == "halvard"
    play(struck, {"type": "gm", "op": "distance", "ids": ["halvard", "orque"], "value": 3})
    hampered = attacks(play(struck, {"type": "attack", "target": "orque"}, attack=[50]))[0]
    calm = fight_of(content, tables, [{"hero": "halvard"}], [{"creature": "orque"}], initiative=[10, 1])
    play(calm, {"type": "gm", "op": "distance", "ids": ["halvard", "orque"], "value": 3})
    free = attacks(play(calm, {"type": "attack", "target": "orque"}, attack=[50]))[0]
    assert hampered["ob"] == free["ob"] - 100


def test_a_missed_shot_into_a_melee_flies_on(content: Content, tables: HarpTables) -> None:
    """« Tirer dans la mêlée »: the missed shot is rolled again against who stands in contact with the target."""
    fight = fight_of(content, tables, [{"hero": "halvard"}, {"hero": "brundar"}], [{"creature": "orque"}],
                     initiative=[10, 1, 1])
    play(fight, {"type": "gm", "op": "distance", "ids": ["halvard", "orque"], "value": 20})
    play(fight, {"type": "gm", "op": "distance", "ids": ["brundar", "orque"], "value": 0})
    play(fight, {"type": "gm", "op": "cover", "target": "orque", "cover": "couvert-total-resistant"})
    records = attacks(play(fight, {"type": "attack", "target": "orque"}, attack=[10, 95, 40], critical=[30]))
    assert [r["target"] for r in records] == ["orque", "brundar"]
    assert not records[0]["hit"] and records[1].get("stray") and records[1]["hit"]


def test_distances_and_cover_reach_the_simulation(content: Content) -> None:
    """An encounter's distances and cover are the GM's facts for every world of a run: behind full cover 95 m away,
    the orc is far harder for an archer to hit."""
    from estoc.errors import ContentError
    from estoc.sim import simulate
    from estoc.systems.harp.encounter import encounter_from_setup

    base = {"schema_version": 1, "system": "harp", "kind": "encounter", "name": {"fr": "tir", "en": "shot"},
            "sides": [{"id": "a", "members": [{"hero": "halvard"}]}, {"id": "b", "members": [{"creature": "orque"}]}]}
    open_field = simulate(encounter_from_setup(base, content), content, 600, seed=2)
    far = {**base, "distances": [{"between": ["halvard", "orque"], "metres": 95}],
           "cover": {"orque": "couvert-total-resistant"}}
    sheltered = simulate(encounter_from_setup(far, content), content, 600, seed=2)
    assert sheltered.counts.hits_taken[1] < open_field.counts.hits_taken[1]
    with pytest.raises(ContentError, match="no cover"):
        encounter_from_setup({**base, "cover": {"orque": "un-mur"}}, content)
    with pytest.raises(ContentError, match="no combatant"):
        encounter_from_setup({**base, "distances": [{"between": ["halvard", "nobody"], "metres": 5}]}, content)


def test_the_odds_read_the_numbers_the_blow_will_meet(content: Content, tables: HarpTables) -> None:
    """The exact odds of a blow being set up (the web screen's panel) take the OB and the defence the kernel will
    roll against: a parry declared by the target, a target on the ground, the attacker's criticals' penalties and
    the part of its OB it keeps to parry; asking changes nothing (not even a shield's count of attackers)."""
    fight = fight_of(content, tables, [{"hero": "dafur"}], [{"creature": "orque"}], initiative=[10, 1])
    play(fight, {"type": "attack", "target": "orque", "parry": 30}, attack=[20])  # Dafur parries the orc by 30
    play(fight, {"type": "gm", "op": "condition", "target": "dafur", "name": "prone", "value": 1})
    play(fight, {"type": "gm", "op": "condition", "target": "orque", "name": "penalty", "value": -15})
    orc, dafur = fight.index("orque"), fight.index("dafur")
    before = fight.view()
    ob, defence, kept, fumble, knocks = fight.exchange_numbers(orc, dafur, 0, parry=10, mod=5)
    assert fight.view() == before
    blow = attacks(play(fight, {"type": "attack", "target": "dafur", "parry": 10, "mod": 5}, attack=[50]))[0]
    assert (ob, defence) == (blow["ob"], blow["defence"])
    assert kept == 10 and fumble >= 1 and not knocks  # an orc's blade does not throw down
    sheet = fight.combatants[orc].strikes[0].ob
    assert ob == sheet - 15 + 40 + 5 - 10 and defence == fight.combatants[dafur].db + 30


def test_a_guard_with_dodge_dodges_when_hurt(content: Content, tables: HarpTables) -> None:
    """An encounter's ``guard`` with ``guard_with: dodge``: hurt to that share of its hit points, the default policy
    dodges (« Esquive », a full action: Agility × 3 on the manoeuvre table, added to the DB) instead of attacking;
    unhurt, it attacks; with the default guard (a total parry) it total-parries."""
    for guard_with, expected in (("dodge", "dodge"), ("parry", "total-parry")):
        fight = fight_of(content, tables, [{"hero": "dafur", "guard": 50, "guard_with": guard_with}],
                         [{"creature": "orque"}], initiative=[10, 1])
        assert fight.auto_event()["type"] == "attack"
        play(fight, {"type": "gm", "op": "hp", "target": "dafur", "value": fight.combatants[0].hp // 2})
        event = fight.auto_event()
        assert event["type"] == expected, event
        records = play(fight, event, manoeuvre=[60], parry=[50])
        if expected == "dodge":
            assert fight.view()["combatants"][0]["dodge"] >= 50
            assert not attacks(records)
