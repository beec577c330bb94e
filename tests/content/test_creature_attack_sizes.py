"""Bestiary: a natural attack is at most the size of its creature (estoc counts breaths and webs as natural
attacks; a wielded weapon keeps its own size). Every shipped creature keeps to it; a record that does not is
refused at the attack's size."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from estoc.content.models.harp_creatures import CREATURE_SIZES, Creature
from estoc.content.registry import Content, load_folder, shipped_folder

CREATURE_IDS = sorted(load_folder(shipped_folder()).kind("harp", "creatures"))


@pytest.mark.parametrize("creature_id", CREATURE_IDS)
def test_natural_attacks_fit_the_creature(creature_id: str, content: Content) -> None:
    creature = content.get("harp", "creatures", creature_id, Creature)
    for attack in creature.attacks:
        if attack.kind != "weapon":
            assert attack.size is not None
            assert CREATURE_SIZES.index(attack.size) <= CREATURE_SIZES.index(creature.size), attack.name.en


def test_a_natural_attack_larger_than_its_creature_is_refused(content: Content) -> None:
    raw = content.get("harp", "creatures", "loup", Creature).model_dump(by_alias=True, exclude_none=True)
    assert raw["size"] == "medium" and raw["attacks"][0]["size"] == "medium"
    raw["size"] = "small"
    with pytest.raises(ValidationError) as caught:
        Creature.model_validate(raw)
    assert [e["loc"] for e in caught.value.errors()] == [("attacks", 0, "size")]
    raw["attacks"][0]["kind"] = "web"
    with pytest.raises(ValidationError):
        Creature.model_validate(raw)
    raw["size"] = "medium"
    assert Creature.model_validate(raw).attacks[0].size == "medium"
