"""The shipped HARP content is exactly what ``tools/gen_harp_content.py`` writes."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GENERATOR = ROOT / "tools" / "gen_harp_content.py"
SHIPPED = ROOT / "src" / "estoc" / "content" / "data" / "harp"


def _files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    out = tmp_path_factory.mktemp("harp")
    subprocess.run([sys.executable, str(GENERATOR), "--out", str(out)], check=True, capture_output=True)
    return _files(out)


def test_same_files(generated: dict[str, bytes]) -> None:
    assert sorted(generated) == sorted(_files(SHIPPED))


def test_same_bytes(generated: dict[str, bytes]) -> None:
    shipped = _files(SHIPPED)
    different = [name for name, data in generated.items() if shipped.get(name) != data]
    assert not different, f"regenerate with: python tools/gen_harp_content.py ({different[:5]})"


def test_deterministic(generated: dict[str, bytes], tmp_path: Path) -> None:
    subprocess.run([sys.executable, str(GENERATOR), "--out", str(tmp_path)], check=True, capture_output=True)
    assert _files(tmp_path) == generated


def test_no_code_in_data() -> None:
    assert not [p for p in SHIPPED.rglob("*") if p.is_file() and p.suffix not in (".yaml", ".csv")]
