"""Bad input changes nothing in a One Ring session: every refused command (wrong phase, wrong stance, unknown
target or task, an axe's pierce, no Hope, bad numbers, unknown words…) leaves the view, the kernel's state and the
stored events as they were, and is told in the GM's language (English and French)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from estoc.content.registry import Content
from estoc.errors import EstocError
from estoc.i18n import set_language
from estoc.play.store import EventStore
from estoc.play.tor import TorPlay
from estoc.play.tracker import Tracker
from estoc.systems.tor.fight import TorFight
from estoc.systems.tor.worlds import OWN, array

VOLLEYS, STANCES, RESOLUTION = "volleys", "stances", "resolution"
"""Where a case starts: the opening volleys, the first round's stances, the first hero's turn."""

CASES = [
    # (where, commands before, the refused line, English words, French words)
    (VOLLEYS, [], "shoot eirik-de-dale orc-soldat-1", "has no bow to shoot with", "n'a pas d'arc pour tirer"),
    (VOLLEYS, [], "shoot faelwen-de-lindon eirik-de-dale", "is no standing foe", "n'est pas un adversaire debout"),
    (VOLLEYS, [], "shoot faelwen-de-lindon gandalf", "no combatant gandalf", "aucun combattant gandalf"),
    (VOLLEYS, [], "attack orc-soldat-1", "no one is acting now", "personne n'agit"),
    (VOLLEYS, [], "fight", "the engagement comes after the stances", "l'engagement vient après les positions"),
    (STANCES, [], "stance eirik-de-dale devant", "a stance is forward", "une position est"),
    (STANCES, [], "stance orc-soldat-1 open", "only a hero takes a stance", "seul un héros prend une position"),
    (STANCES, [], "stance gandalf open", "no combatant gandalf", "aucun combattant gandalf"),
    (STANCES, [], "engage eirik-de-dale grani-barbe-grise", "a hero engages an adversary",
     "un héros engage un adversaire"),
    (STANCES, [], "engage faelwen-de-lindon orc-soldat-1", "at the rear engages no one",
     "à l'arrière n'engage personne"),
    (STANCES, [], "rear eirik-de-dale", "only a free adversary stays at the rear",
     "seul un adversaire libre reste à l'arrière"),
    (STANCES, [], "complication eirik-de-dale 99", "a complication costs 0 to 6 dice",
     "une complication coûte de 0 à 6 dés"),
    (STANCES, [], "complication eirik-de-dale x", "whole number", "nombre entier"),
    (STANCES, [], "complication orc-soldat-1 1", "only a hero faces a complication",
     "seul un héros subit une complication"),
    (STANCES, [], "frapper orc-soldat-1", "unknown command", "commande inconnue"),
    (RESOLUTION, [], "stance eirik-de-dale open", "stances are chosen at the start of a round",
     "les positions se choisissent en début de round"),
    (RESOLUTION, [], "attack eirik-de-dale", "is no standing foe", "n'est pas un adversaire debout"),
    (RESOLUTION, [], "attack {foe} weapon 9", "choose 1 to 3, not 9", "choisissez de 1 à 3, pas 9"),
    (RESOLUTION, [], "attack {foe} weapon x", "whole number", "nombre entier"),
    (RESOLUTION, [], "attack {foe} hope", "has no Hope left to spend", "n'a plus d'Espoir à dépenser"),
    (RESOLUTION, [], "task voler", "unknown combat task", "manœuvre de combat inconnue"),
    (RESOLUTION, [], "task proteger eirik-de-dale", "is a task of the defensive stance",
     "est une manœuvre de la position"),
    (RESOLUTION, [], "task defier gandalf", "no combatant gandalf", "aucun combattant gandalf"),
    (RESOLUTION, [], "yield eirik-de-dale", "yields ground right after an attack", "cède du terrain juste après"),
    (RESOLUTION, [], "regain", "has no position to regain", "n'a pas de position à reprendre"),
    (RESOLUTION, [], "continue", "nothing to go on from", "rien à poursuivre"),
    (RESOLUTION, [], "pickup helm", "there is nothing to pick up", "il n'y a rien à ramasser"),
    (RESOLUTION, [], "drop", "name an item", "nommez un objet"),
    (RESOLUTION, ["pass"], "attack {foe} pierce", "Axe cannot pierce", "Hache ne peut pas perforer"),
    (RESOLUTION, ["pass", "pass"], "attack {foe} fend", "only a close-combat weapon fends off",
     "seule une arme de corps à corps permet le repositionnement"),
    (RESOLUTION, ["pass", "pass", "pass"], "attack {foe} hope", "only a hero spends Hope",
     "seul un héros dépense de l'Espoir"),
]
"""Eirik (forward) acts first, Grani (defensive, an axe) second, Faelwen (rearward, a bow) third, then an orc."""


@pytest.fixture(scope="module")
def tor(content: Content) -> TorPlay:
    return TorPlay(content)


@pytest.fixture(params=["en", "fr"])
def lang(request: pytest.FixtureRequest) -> Iterator[str]:
    set_language(request.param)
    yield str(request.param)
    set_language(None)


def session(store: EventStore, tor: TorPlay, where: str) -> Tracker:
    encounter = {"schema_version": 1, "system": "tor", "kind": "encounter", "name": {"fr": "Gué", "en": "Ford"},
                 "heroes": [{"hero": "eirik-de-dale", "stance": "forward"},
                            {"hero": "grani-barbe-grise", "stance": "defensive"},
                            {"hero": "faelwen-de-lindon", "stance": "rearward"}],
                 "adversaries": [{"adversary": "orc-soldat", "count": 2}], "volleys": where == VOLLEYS}
    tracker = Tracker.create(store, tor, "refus", {"encounter": encounter, "seed": 3})
    if where == RESOLUTION:
        tracker.command("fight")
    return tracker


def state(store: EventStore, tracker: Tracker, tor: TorPlay) -> tuple[Any, ...]:
    """Everything a refusal must leave alone: the stored events, the view, the kernel's arrays, and the fight a
    fresh tracker reloads from the store."""
    fight = tracker.fight
    assert isinstance(fight, TorFight)
    arrays = {name: array(fight.F, name).copy() for name in OWN}
    reloaded = Tracker(store, tracker.fight_id, tor).fight.view()
    return store.events(tracker.fight_id), fight.view(), arrays, reloaded


def same(before: tuple[Any, ...], after: tuple[Any, ...]) -> None:
    assert after[0] == before[0]  # nothing stored
    assert after[1] == before[1]  # the view
    for name, values in before[2].items():
        assert np.array_equal(after[2][name], values), name  # the kernel's state, field by field
    assert after[3] == before[3]  # the stored fight


@pytest.mark.parametrize(("where", "before", "line", "english", "french"), CASES,
                         ids=[f"{c[0]}-{'-'.join(c[1])}-{c[2]}" for c in CASES])
def test_a_refused_command_changes_nothing_and_is_told_in_the_gms_language(
        store: EventStore, tor: TorPlay, lang: str, where: str, before: list[str], line: str, english: str,
        french: str) -> None:
    tracker = session(store, tor, where)
    for command in before:
        tracker.command(command)
    view = tracker.fight.view()
    if where == RESOLUTION:
        me = next(row for row in view["combatants"] if row["id"] == view["current"])
        line = line.format(foe=(me["opponents"] or ["orc-soldat-1"])[0])
        if line.endswith(" hope") and me["side"] == "heroes":
            # A hero without Hope: spent before this test's session (the kernel's state, as a fight replayed to
            # that point would hold it).
            fight = tracker.fight
            assert isinstance(fight, TorFight)
            array(fight.F, "hope")[0, fight.index(view["current"])] = 0
    kept = state(store, tracker, tor)
    with pytest.raises(EstocError) as refused:
        tracker.command(line)
    message = str(refused.value)
    assert (french if lang == "fr" else english) in message, message
    if lang == "fr":
        assert english not in message, message
    same(kept, state(store, tracker, tor))
