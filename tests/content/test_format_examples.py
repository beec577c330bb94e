"""The complete example sheets of docs/formats.md (a d100 character, a One Ring hero, in French and English) load
as written, and with the numbers their comments promise (issue 28)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from estoc.cli import main
from estoc.content.models import d100, tor
from estoc.content.registry import load_folder, shipped_folder

FORMATS = Path(__file__).parents[2] / "docs" / "formats.md"


def sheets(kind: str, system: str) -> list[str]:
    blocks = re.findall(r"```yaml\n(.*?)```", FORMATS.read_text(encoding="utf-8"), re.S)
    return [b for b in blocks if f"kind: {kind}" in b and f"system: {system}" in b]


def test_each_language_has_both_sheets() -> None:
    assert len(sheets("characters", "d100")) == 2 and len(sheets("heroes", "tor")) == 2
    for block in sheets("heroes", "tor"):
        assert "rating" in block and "parry: 14" in block


@pytest.mark.parametrize(("system", "kind", "record"), [("d100", "characters", "aude-la-sentinelle"),
                                                        ("tor", "heroes", "hilda-de-dale")])
def test_the_sheets_load_and_validate(tmp_path: Path, capsys: pytest.CaptureFixture[str], system: str, kind: str,
                                      record: str) -> None:
    for n, block in enumerate(sheets(kind, system)):
        folder = tmp_path / f"{system}-{n}" / system
        folder.mkdir(parents=True)
        (folder / "sheet.yaml").write_text(block, encoding="utf-8")
        content = load_folder(folder.parent, load_folder(shipped_folder()))
        model = d100.Character if system == "d100" else tor.Hero
        sheet = content.get(system, kind, record, model)
        if system == "d100":
            assert isinstance(sheet, d100.Character)
            assert -(-(sheet.characteristics.con + sheet.characteristics.siz) // 2) == 13  # « here 13 »
        else:
            assert isinstance(sheet, tor.Hero)
            assert sheet.target_numbers().corps == 15 and sheet.weapons[0].rating == 3
        assert main(["--lang", "fr", "content", "validate", str(folder.parent)]) == 0
        assert "valide" in capsys.readouterr().out
