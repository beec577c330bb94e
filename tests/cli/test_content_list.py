"""``estoc content list``: a newcomer finds content ids by kind, by system, and by part of a name (issue 28)."""

from __future__ import annotations

import pytest

from estoc.cli import main


def rows_of(out: str) -> list[list[str]]:
    """Each line as (id, name): the console lays the tab out as spaces."""
    return [line.split(None, 1) for line in out.splitlines()]


def listed(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["--lang", "fr", "content", "list", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_a_kind_lists_its_ids_and_names(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = listed(capsys, "d100/weapons")
    assert code == 0
    assert ["epee-large", "Épée longue"] in rows_of(out)


def test_a_name_filters_accents_and_case_aside(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = listed(capsys, "d100/weapons", "EPEE")
    rows = rows_of(out)
    assert code == 0 and len(rows) >= 3 and all("epee" in row[0] for row in rows)
    code, out, _err = listed(capsys, "tor/heroes", "rôdeur")  # the French name, the accent typed or not
    assert code == 0 and rows_of(out) == [["maelor-le-rodeur", "Maelor le Rôdeur"]]
    code, again, _err = listed(capsys, "tor/heroes", "rodeur")
    assert again == out


def test_a_system_lists_every_kind_under_its_heading(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = listed(capsys, "tor")
    assert code == 0
    heads = [line for line in out.splitlines() if line.startswith("# ")]
    assert heads == ["# tor/adversaries", "# tor/armours", "# tor/heroes", "# tor/shields", "# tor/weapons"]
    code, out, _err = listed(capsys, "tor", "orque")
    assert code == 0 and "# tor/adversaries" in out and "# tor/heroes" not in out


@pytest.mark.parametrize("args", [("d100/nope",), ("nope",), ("tor/heroes", "zzz")])
def test_bad_input_is_told_in_french(capsys: pytest.CaptureFixture[str], args: tuple[str, ...]) -> None:
    code, out, err = listed(capsys, *args)
    assert code == 2 and out == "" and "Traceback" not in err
    assert "inconnu ; types connus" in err or "rien dans" in err
