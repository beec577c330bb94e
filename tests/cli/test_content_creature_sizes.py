"""``estoc content validate`` refuses a creature whose natural attack (breath and web included) is larger than the
creature, at the attack's own line; a wielded weapon keeps its size."""

from __future__ import annotations

from pathlib import Path

import pytest

from estoc.cli import main

HEADER = """schema_version: 1
system: harp
kind: creatures
records:
  - id: chat-geant
    name: {fr: Chat géant, en: Giant cat}
    level: 2
    size: SIZE
    base_movement: 15
    natural_armour: fourrure
    attitude: hostile
    attacks:
      - name: {fr: Griffes, en: Claws}
        table: griffes
        size: small
"""
# The second attack's size is on line 18 of the file.
BITE = """      - name: {fr: Morsure, en: Bite}
        table: morsures
        size: ATTACK
"""
BREATH = """      - name: {fr: Souffle, en: Breath}
        kind: breath
        table: magie-chaleur
        area: cone
        size: ATTACK
"""
WEAPON = """      - name: {fr: Épée, en: Sword}
        kind: weapon
        weapon: epee
        size: ATTACK
"""


def folder(tmp_path: Path, creature: str, second: str, attack: str) -> Path:
    (tmp_path / "beasts.yaml").write_text(
        HEADER.replace("SIZE", creature) + second.replace("ATTACK", attack), encoding="utf-8")
    return tmp_path


def validate(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(("second", "line"), [(BITE, 18), (BREATH, 20)], ids=["bite", "breath"])
def test_oversize_natural_attack_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str], second: str,
                                            line: int) -> None:
    path = folder(tmp_path, "small", second, "large") / "beasts.yaml"
    code, out, err = validate(capsys, "content", "validate", str(tmp_path))
    assert code == 2 and out == ""
    assert err.strip().splitlines() == [
        f"estoc: {path}:{line}: attacks.1.size: a natural attack, breath or web is at most the size of its "
        "creature: 'large' is larger than the creature's 'small'"]
    code, _out, err = validate(capsys, "--lang", "fr", "content", "validate", str(tmp_path))
    assert code == 2 and f"{path}:{line}: attacks.1.size: " in err and "dépasse la taille de la créature" in err


@pytest.mark.parametrize(("creature", "second", "attack"), [
    ("small", BITE, "small"), ("medium", BITE, "small"), ("huge", BITE, "large"), ("large", BREATH, "large"),
    # A wielded weapon is no natural attack: a small creature may swing a large weapon.
    ("small", WEAPON, "large")])
def test_natural_attack_up_to_the_creature_size_is_valid(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                          creature: str, second: str, attack: str) -> None:
    folder(tmp_path, creature, second, attack)
    code, out, err = validate(capsys, "content", "validate", str(tmp_path))
    assert code == 0 and err == "" and "all valid" in out


def test_the_refused_creature_cannot_be_used(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder(tmp_path, "tiny", BITE, "medium")
    code, out, err = validate(capsys, "--content", str(tmp_path), "creature", "show", "chat-geant")
    assert code == 2 and out == "" and "attacks.1.size" in err
