"""Running estoc's command line inside the test process."""

from __future__ import annotations

import pytest

from estoc.cli import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """``estoc ARGS…`` in this process: its exit code, what it printed and what it wrote to stderr."""
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err
