"""The recorded HARP session in docs/ (issue 16) is what ``tools/record_session.py`` writes today: a change of the
narration or the board shows here; after a deliberate one, run the script again and review the diff."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]


@pytest.fixture(scope="module")
def recorder() -> object:
    spec = importlib.util.spec_from_file_location("record_session", ROOT / "tools" / "record_session.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["record_session"] = module
    spec.loader.exec_module(module)
    return module


def test_the_committed_transcripts_are_the_scripts_output(tmp_path: Path, recorder: object) -> None:
    written = recorder.write(tmp_path)  # type: ignore[attr-defined]
    assert [p.name for p in written] == [f"session-{system}{lang}.md" for system in ("harp", "d100", "tor")
                                         for lang in ("", ".fr")]
    for path in written:
        committed = (ROOT / "docs" / path.name).read_text(encoding="utf-8")
        assert path.read_text(encoding="utf-8") == committed, (
            f"docs/{path.name} is stale: run .venv/bin/python tools/record_session.py and review the diff")


def test_the_transcript_shows_what_it_promises(recorder: object) -> None:
    text = (ROOT / "docs" / "session-harp.md").read_text(encoding="utf-8")
    lines = text.splitlines()
    assert sum(line.split() == ["Init", "Id", "Name", "Side", "OB", "DB", "HP"] for line in lines) >= 10  # the board
    assert "[dafur] > attack ours-noir parry 20 roll 97 60 crit 71" in lines  # typed dice
    assert "Attack roll, open-ended: 97 + 60 = 157." in text and "roll 71:" in text
    assert "⏰ Round 3: Dafur's cousins come running." in lines  # a timer fires
    assert "Dafur the Dwarf (dafur): blessed is over (GM mark, round 3)." in lines  # a mark ends
    assert "Undone: attack ours-noir parry 20 roll 97 60 crit 71." in lines
    assert any(line.startswith("The fight is over — victory:") for line in lines)
    french = (ROOT / "docs" / "session-harp.fr.md").read_text(encoding="utf-8")
    assert "[dafur] > attaquer ours-noir parade 20 jet 97 60 critique 71" in french
    assert "⏰ Round 3 : les cousins de Dafur accourent." in french


def test_the_d100_and_one_ring_transcripts_show_what_they_promise() -> None:
    d100 = (ROOT / "docs" / "session-d100.fr.md").read_text(encoding="utf-8")
    assert "[mouvement] > deplacer ysolde 6" in d100 and "[ysolde] > attaquer gorm jet 12 deg 6" in d100
    assert "Distances depuis ysolde : jacquot à 6 m, gorm à 0 m." in d100  # what « à 20 m » refusals rest on
    assert "   8 (15)  ysolde " in d100  # the DEX rank movement cut, the DEX beside
    assert "Annulé : attaquer gorm jet 12 deg 6." in d100 and "[gorm] > pv ysolde 9" in d100
    tor = (ROOT / "docs" / "session-tor.fr.md").read_text(encoding="utf-8")
    assert "[eirik-de-dale] > attaquer chef-orque destin 8 maitrise 4 5 2" in tor
    assert "dé du destin 8, dés de maîtrise 4, 5, 2" in tor  # the typed faces are the ones played
    assert "face à Chef orque" in tor and "face à chef-orque" not in tor  # engagements by name
    assert "Tapez manoeuvre ID [CIBLE]." in tor
    english = (ROOT / "docs" / "session-tor.md").read_text(encoding="utf-8")
    assert "[eirik-de-dale] > attack chef-orque feat 8 dice 4 5 2" in english
