"""Encounter files of the One Ring house rules: heroes with their first stance, numbered adversaries, the combat
tasks switched on or off, and every problem told with its line."""

from __future__ import annotations

from pathlib import Path

import pytest

from estoc.content.loader import read_yaml
from estoc.content.registry import Content
from estoc.errors import ContentError
from estoc.systems.tor.encounter import SETUP_PATH, load_tor_encounter

FILE = """\
schema_version: 1
system: tor
kind: encounter
name: {fr: Au gué, en: At the ford}
heroes:
  - {hero: eirik-de-dale, stance: forward}
  - hero: grani-barbe-grise
adversaries:
  - {adversary: orc-soldat, count: 3}
  - adversary: chef-orque
settings:
  tasks: {contre-attaque: false}
"""


def test_a_file_and_its_setup(content: Content, tmp_path: Path) -> None:
    path = tmp_path / "gue.yaml"
    path.write_text(FILE, encoding="utf-8")
    loaded = load_tor_encounter(read_yaml(path), path, content)
    assert [(cid, stance) for cid, _c, stance in loaded.heroes] == [("eirik-de-dale", "forward"),
                                                                     ("grani-barbe-grise", "open")]
    assert [cid for cid, _c in loaded.adversaries] == ["orc-soldat-1", "orc-soldat-2", "orc-soldat-3", "chef-orque"]
    assert loaded.tasks["contre-attaque"] is False and loaded.tasks["intimider"] is True and len(loaded.tasks) == 16
    again = load_tor_encounter(loaded.setup, SETUP_PATH, content)
    assert again.tasks == loaded.tasks and [c for c, _x in again.adversaries] == [c for c, _x in loaded.adversaries]


@pytest.mark.parametrize(("change", "line", "needle"), [
    (("hero: grani-barbe-grise", "hero: gandalf"), 7, "gandalf"),
    (("adversary: chef-orque", "adversary: balrog"), 10, "balrog"),
    (("contre-attaque: false", "contre-attaques: false"), 12, "contre-attaques"),
    (("stance: forward", "stance: devant"), 6, "stance"),
])
def test_problems_with_their_line(content: Content, tmp_path: Path, change: tuple[str, str], line: int,
                                  needle: str) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(FILE.replace(*change), encoding="utf-8")
    with pytest.raises(ContentError) as info:
        load_tor_encounter(read_yaml(path), path, content)
    assert any(f"bad.yaml:{line}" in p and needle in p for p in info.value.problems), info.value.problems
