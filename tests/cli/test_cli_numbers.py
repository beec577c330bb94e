"""Every number of the command line has its range (issue 15): out of it, one line in the user's language, exit 2,
nothing run."""

from __future__ import annotations

from pathlib import Path

import pytest

from estoc.cli import main
from estoc.cli.bounds import RANGES

SAMPLE = str(Path(__file__).parents[2] / "src" / "estoc" / "play" / "samples" / "embuscade.yaml")
HUGE = str(10**26)


@pytest.mark.parametrize(("args", "said"), [
    (["simulate", SAMPLE, "--seed", "-1"], "--seed must be from 0 to"),
    (["simulate", SAMPLE, "-n", HUGE], "-n must be from 1 to 1,000,000,000"),
    (["simulate", SAMPLE, "-n", "0"], "-n must be from 1"),
    (["simulate", SAMPLE, "--threads", HUGE], "--threads must be from 1"),
    (["simulate", SAMPLE, "--chunk", "-3"], "--chunk must be from 1"),
    (["simulate", SAMPLE, "--workers", HUGE], "--workers must be from 1"),
    (["simulate", SAMPLE, "--max-rounds", HUGE], "--max-rounds must be from 1"),
    (["simulate", SAMPLE, "-n", "10", "--set", "fight_mod=" + "9" * 400],
     "fight_mod takes a whole number from -500 to 500"),
    (["simulate", SAMPLE, "-n", "10", "--set", "fight_mod=true"], "fight_mod"),
    (["attack", "--weapon", "hache", "--ob", HUGE, "--db", "45", "--armor-type", "9"], "--ob must be from -500"),
    (["attack", "--weapon", "hache", "--ob", "80", "--db", "45", "--armor-type", "99"], "--armor-type must be"),
    (["attack", "--weapon", "hache", "--ob", "80", "--db", "45", "--armor-type", "9", "--roll", HUGE], "--roll"),
    (["odds", "attack", "--weapon", "hache", "--ob", "80", "--db", "45", "--armor-type", "9", "--hp", HUGE],
     "--hp must be from 1 to 10,000"),
    (["creature", "show", "orque", "--level", "1000000000"], "--level must be from 0 to 100"),
    (["demo", "--seed", "-1"], "--seed must be from 0"),
], ids=lambda value: value if isinstance(value, str) else None)
def test_numbers_out_of_range_get_one_line(capsys: pytest.CaptureFixture[str], args: list[str], said: str) -> None:
    code = main(["--lang", "en", *args])
    out, err = capsys.readouterr()
    assert code == 2 and said in err and err.count("\n") == 1 and "Traceback" not in err + out, err


def test_the_same_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "fr", "simulate", SAMPLE, "--seed", "-1"]) == 2
    assert "--seed : de 0 à" in capsys.readouterr().err


def test_every_range_is_a_range() -> None:
    assert all(low < high for low, high in RANGES.values())
