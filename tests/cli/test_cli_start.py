"""Start-up: a command imports only what it needs (the subcommands are built when asked for)."""

from __future__ import annotations

import subprocess
import sys

from estoc.cli import main
from estoc.cli.app import COMMANDS


def modules_after(args: list[str]) -> set[str]:
    code = f"import sys\nfrom estoc.cli import main\nmain({args!r})\nprint(chr(10).join(sorted(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                          env={"ESTOC_LANG": "en", "PATH": ""})
    return set(done.stdout.split())


def test_a_harp_attack_does_not_import_the_simulation_nor_the_fight_shell() -> None:
    loaded = modules_after(["attack", "--weapon", "hache", "--ob", "80", "--db", "45", "--armor-type", "9",
                            "--roll", "55", "--crit-roll", "62"])
    assert "estoc.cli.attack" in loaded
    assert not {"estoc.cli.simulate", "estoc.sim.runner", "estoc.cli.fight", "estoc.play.store"} & loaded


def test_the_help_lists_every_command_in_both_languages(capsys: object) -> None:
    for lang, words in (("en", "Resolve one HARP attack"), ("fr", "Résoudre une attaque HARP")):
        assert main(["--lang", lang, "--help"]) == 0
        shown = capsys.readouterr().out  # type: ignore[attr-defined]
        for name in COMMANDS:
            assert f"\n  {name} " in shown
        assert words in shown


def test_an_unknown_command_is_one_clear_line(capsys: object) -> None:
    assert main(["--lang", "en", "atack"]) != 0
    err = capsys.readouterr().err  # type: ignore[attr-defined]
    assert "atack" in err and "attack" in err and "Traceback" not in err
