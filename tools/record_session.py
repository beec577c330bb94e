"""Record a fight of each system at the table as a text transcript: ``docs/session-SYSTEM.md`` (English) and
``docs/session-SYSTEM.fr.md`` (French), for HARP, d100 and the One Ring.

The GM's commands below are typed into the interactive session (:class:`estoc.cli.fight.FightShell`, what
``estoc fight`` runs) through its input, and everything it writes is kept, each command after its prompt as a GM
would see it: the board, typed dice, a mark of the GM's own, a timer firing, an undo, the end of the fight. estoc's
own dice come from a fixed seed, so the transcript is the same on every run; a test holds the committed files equal to
this script's output. After a deliberate change of the narration or the board, run it again::

    .venv/bin/python tools/record_session.py            # writes docs/session-{harp,d100,tor}{,.fr}.md
    .venv/bin/python tools/record_session.py --out DIR  # elsewhere
"""

from __future__ import annotations

import argparse
import io
import sys
import tempfile
from dataclasses import dataclass
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
    ("auto end all", "auto fin tout"),
    ("summary", "bilan"),
    ("quit", "quitter"),
]
HARP_TEXTS = {
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


D100_SEED = 3
D100_ENCOUNTER = """\
schema_version: 1
system: d100
kind: encounter
name: {fr: Ysolde au pont, en: Ysolde at the bridge}
sides:
  - id: voyageurs
    name: {fr: Les voyageurs, en: The travellers}
    members:
      - character: ysolde
        player: true
  - id: brigands
    name: {fr: Les brigands, en: The brigands}
    members:
      - character: jacquot
      - character: gorm
distance: 12
"""
D100_COMMANDS = [
    ("move ysolde 6", "deplacer ysolde 6"),
    ("move gorm 6", "deplacer gorm 6"),
    ("actions", "actions"),
    ("auto", "auto"),
    ("attack gorm roll 12 dmg 6", "attaquer gorm jet 12 deg 6"),
    ("undo", "annuler"),
    ("attack gorm roll 30 dmg 5", "attaquer gorm jet 30 deg 5"),
    ("note gorm \"swore to hold the bridge\"", "noter gorm \"a juré de tenir le pont\""),
    ("hp ysolde 9", "pv ysolde 9"),
    ("auto", "auto"),
    ("auto end", "auto fin"),
    ("auto end all", "auto fin tout"),
    ("summary", "bilan"),
    ("quit", "quitter"),
]
D100_TEXTS = {
    "en": ("# A d100 fight at the table (a recorded session)",
           "The GM plays Ysolde against two brigands 12 m away in `estoc fight`: the movement phase (`move`), then the "
           "DEX ranks act (`actions`), the board after every command that changes the fight (DEX, distance to the "
           "nearest foe, the distances of whoever acts), dice typed after `roll` and `dmg`, an undo, a note of the "
           "GM's own, hit points set by hand (`hp`), the end of the fight. estoc rolled the dice not typed (seed "
           f"{D100_SEED}). Written by `tools/record_session.py`; a test holds it equal to the script's output."),
    "fr": ("# Un combat d100 à la table (une session enregistrée)",
           "Le MJ mène Ysolde contre deux brigands à 12 m dans `estoc fight` : la phase de mouvement (`deplacer`), "
           "puis les rangs de DEX agissent (`actions`), le tableau après chaque commande qui change le combat (DEX, "
           "distance de l'ennemi le plus proche, distances de celui qui agit), des dés tapés après `jet` et `deg`, une "
           "annulation, une note du MJ, des points de vie fixés à la main (`pv`), la fin du combat. estoc a lancé les "
           f"dés qui n'étaient pas tapés (graine {D100_SEED}). Écrit par `tools/record_session.py` ; un test le garde "
           "égal à la sortie du script."),
}
TOR_SEED = 2
TOR_ENCOUNTER = """\
schema_version: 1
system: tor
kind: encounter
name: {fr: Deux héros au gué, en: Two heroes at the ford}
heroes:
  - {hero: eirik-de-dale, stance: forward}
  - {hero: grani-barbe-grise, stance: defensive}
adversaries:
  - {adversary: orc-soldat, count: 2}
  - adversary: chef-orque
"""
TOR_COMMANDS = [
    ("close", "melee"),
    ("stance eirik-de-dale open", "position eirik-de-dale exposee"),
    ("assign eirik-de-dale chef-orque", "assigner eirik-de-dale chef-orque"),
    ("fight", "combattre"),
    ("attack chef-orque feat 8 dice 4 5 2", "attaquer chef-orque destin 8 maitrise 4 5 2"),
    ("undo", "annuler"),
    ("attack chef-orque feat 10 dice 6 3 1", "attaquer chef-orque destin 10 maitrise 6 3 1"),
    ("task", "manoeuvre"),
    ("auto", "auto"),
    ("auto all", "auto tout"),
    ("mark chef-orque furious 2", "marquer chef-orque furieux 2"),
    ("auto end", "auto fin"),
    ("auto end all", "auto fin tout"),
    ("summary", "bilan"),
    ("quit", "quitter"),
]
TOR_TEXTS = {
    "en": ("# A One Ring fight at the table (a recorded session)",
           "The GM plays two heroes against two orc soldiers and their chieftain in `estoc fight`: no opening volley "
           "(`close`), a stance changed, the GM giving a hero its adversary (`assign`), then the resolution "
           "(`fight`), the board after every "
           "command that changes the fight (in the order of action, stances, whom each faces, Hope, load, task "
           "states), the feat die and the success dice typed after `feat` and `dice`, an undo, the tasks a hero may "
           "take (`task` alone), a mark of the GM's own, the end of the fight. estoc rolled the dice not typed (seed "
           f"{TOR_SEED}). Written by `tools/record_session.py`; a test holds it equal to the script's output."),
    "fr": ("# Un combat de L'Anneau Unique à la table (une session enregistrée)",
           "Le MJ mène deux héros contre deux orques soldats et leur chef dans `estoc fight` : pas de volée "
           "d'ouverture (`melee`), une position changée, le MJ qui donne son adversaire à un héros (`assigner`), "
           "puis la résolution (`combattre`), le "
           "tableau après chaque commande qui change le combat (dans l'ordre d'action, positions, adversaires de "
           "chacun, Espoir, charge, effets des manœuvres), le dé du destin et les dés de réussite tapés après "
           "`destin` et `maitrise`, une annulation, les manœuvres qu'un héros peut tenter (`manoeuvre` seul), une "
           f"marque du MJ, la fin du combat. estoc a lancé les dés qui n'étaient pas tapés (graine {TOR_SEED}). "
           "Écrit par `tools/record_session.py` ; un test le garde égal à la sortie du script."),
}


@dataclass(frozen=True)
class Session:
    """One recorded fight: its encounter file, seed, the GM's commands (English, French) and the page's texts."""

    system: str
    encounter: str
    seed: int
    commands: list[tuple[str, str]]
    texts: dict[str, tuple[str, str]]


SESSIONS = [Session("harp", ENCOUNTER, SEED, COMMANDS, HARP_TEXTS),
            Session("d100", D100_ENCOUNTER, D100_SEED, D100_COMMANDS, D100_TEXTS),
            Session("tor", TOR_ENCOUNTER, TOR_SEED, TOR_COMMANDS, TOR_TEXTS)]


class Typed(io.StringIO):
    """The GM's keyboard: each line read is also written where the session writes, after its prompt."""

    def __init__(self, lines: list[str], echo: io.StringIO) -> None:
        super().__init__("".join(line + "\n" for line in lines))
        self.echo = echo

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        line = super().readline(-1 if size is None else size)
        self.echo.write(line)
        return line


def transcript(lang: str, session: Session = SESSIONS[0]) -> str:
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
            encounter.write_text(session.encounter, encoding="utf-8")
            loaded = read_encounter(encounter, content)
            with EventStore(Path(folder) / "fights.db") as store:
                tracker = Tracker.create(store, fight_system(loaded.system, content), loaded.name,
                                         {"encounter": loaded.setup, "seed": session.seed, "beasts_flee": False})
                out = io.StringIO()
                lines = [en if lang == "en" else fr for en, fr in session.commands]
                FightShell(tracker, stdin=Typed(lines, out), stdout=out).cmdloop()
    finally:
        set_language(None)
    title, intro = session.texts[lang]
    return "\n".join([title, "", intro, "", "```text", out.getvalue().rstrip("\n"), "```", ""])


def write(folder: Path) -> list[Path]:
    written = []
    for session in SESSIONS:
        for lang, name in (("en", f"session-{session.system}.md"), ("fr", f"session-{session.system}.fr.md")):
            path = folder / name
            path.write_text(transcript(lang, session), encoding="utf-8")
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
