"""Record a HARP fight at the table as a text transcript: ``docs/session-harp.md`` (English) and
``docs/session-harp.fr.md`` (French).

The GM's commands below are typed into the interactive session (:class:`estoc.cli.fight.FightShell`, what
``estoc fight`` runs) through its input, and everything it writes is kept, each command after its prompt as a GM
would see it: the board, typed dice, a mark of the GM's own, a timer firing, an undo, the end of the fight. estoc's
own dice come from a fixed seed, so the transcript is the same on every run; a test holds the committed files equal to
this script's output. After a deliberate change of the narration or the board, run it again::

    .venv/bin/python tools/record_session.py            # writes docs/session-harp.md and docs/session-harp.fr.md
    .venv/bin/python tools/record_session.py --out DIR  # elsewhere
"""

from __future__ import annotations

import argparse
import io
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SEED = 4
ENCOUNTER = """\
schema_version: 1
system: harp
kind: encounter
name: {fr: Dafur et l'ours, en: Dafur and the bear}
sides:
  - id: nain
    name: {fr: Le nain, en: The dwarf}
    members:
      - hero: dafur
  - id: bete
    name: {fr: La bête, en: The beast}
    members:
      - creature: ours-noir
"""
COMMANDS = [
    # (English, French): the same command in either language's words.
    ("mark dafur blessed 2", "marquer dafur béni 2"),
    ("note ours-noir \"a trap's wound in the left paw\"", "noter ours-noir \"blessé à la patte gauche par un piège\""),
    ("timer 3 \"Dafur's cousins come running\"", "minuteur 3 \"les cousins de Dafur accourent\""),
    ("auto", "auto"),
    ("pass", "passer"),
    ("auto", "auto"),
    ("total-parry ours-noir parry-roll 40", "parade-totale ours-noir jet-parade 40"),
    ("attack ours-noir parry 20 roll 97 60 crit 71", "attaquer ours-noir parade 20 jet 97 60 critique 71"),
    ("undo", "annuler"),
    ("attack ours-noir roll 88 crit 95", "attaquer ours-noir jet 88 critique 95"),
    ("clear ours-noir notes", "effacer ours-noir notes"),
    ("auto end", "auto fin"),
    ("summary", "bilan"),
    ("quit", "quitter"),
]
TEXTS = {
    "en": ("# A HARP fight at the table (a recorded session)",
           "The GM plays a duel, Dafur the dwarf against a black bear, in `estoc fight`: the board after every "
           "command that changes the fight, dice typed after `roll` and `crit`, a mark and a note of the GM's own, "
           "a timer that fires and a mark that ends when their round begins, an undo, the end of the fight. estoc "
           f"rolled the dice not typed (seed {SEED}). Written by `tools/record_session.py`; a test holds it equal to "
           "the script's output."),
    "fr": ("# Un combat HARP à la table (une session enregistrée)",
           "Le MJ mène un duel, Dafur le nain contre un ours noir, dans `estoc fight` : le tableau après chaque "
           "commande qui change le combat, des dés tapés après `jet` et `critique`, une marque et une note du MJ, "
           "un minuteur qui sonne et une marque qui prend fin au début de leur round, une annulation, la fin du "
           f"combat. estoc a lancé les dés qui n'étaient pas tapés (graine {SEED}). Écrit par "
           "`tools/record_session.py` ; un test le garde égal à la sortie du script."),
}


class Typed(io.StringIO):
    """The GM's keyboard: each line read is also written where the session writes, after its prompt."""

    def __init__(self, lines: list[str], echo: io.StringIO) -> None:
        super().__init__("".join(line + "\n" for line in lines))
        self.echo = echo

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        line = super().readline(-1 if size is None else size)
        self.echo.write(line)
        return line


def transcript(lang: str) -> str:
    """The session in ``lang``, as Markdown."""
    from estoc.cli.fight import FightShell
    from estoc.content.registry import load_content
    from estoc.i18n import set_language
    from estoc.play.store import EventStore
    from estoc.play.systems import fight_system, read_encounter
    from estoc.play.tracker import Tracker

    set_language(lang)
    try:
        content = load_content([])
        with tempfile.TemporaryDirectory() as folder:
            encounter = Path(folder) / "duel.yaml"
            encounter.write_text(ENCOUNTER, encoding="utf-8")
            loaded = read_encounter(encounter, content)
            with EventStore(Path(folder) / "fights.db") as store:
                tracker = Tracker.create(store, fight_system(loaded.system, content), loaded.name,
                                         {"encounter": loaded.setup, "seed": SEED, "beasts_flee": False})
                out = io.StringIO()
                lines = [en if lang == "en" else fr for en, fr in COMMANDS]
                FightShell(tracker, stdin=Typed(lines, out), stdout=out).cmdloop()
    finally:
        set_language(None)
    title, intro = TEXTS[lang]
    return "\n".join([title, "", intro, "", "```text", out.getvalue().rstrip("\n"), "```", ""])


def write(folder: Path) -> list[Path]:
    written = []
    for lang, name in (("en", "session-harp.md"), ("fr", "session-harp.fr.md")):
        path = folder / name
        path.write_text(transcript(lang), encoding="utf-8")
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, default=ROOT / "docs", help="the folder to write to (default: docs/)")
    args = parser.parse_args(argv)
    for path in write(args.out):
        print(path)
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT / "src"))
    sys.exit(main())
