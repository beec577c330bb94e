"""The board at the table (issue 16): every combatant with id, name, a bar and the numbers, conditions with rounds
left, whose turn and the round; after every command that changes the fight; the phase's hint in d100 and One Ring;
the GM's marks, notes and timers on it; fight names in the user's language. Through the session's input and output."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest

from estoc.cli import main
from estoc.cli.fight import FightShell
from estoc.content.registry import Content
from estoc.i18n import pick, set_language
from estoc.play.store import EventStore
from estoc.play.systems import fight_system, read_encounter
from estoc.play.tracker import Tracker
from estoc.render.board import bar, harp_board

SAMPLES = Path(__file__).parents[2] / "src" / "estoc" / "play" / "samples"
HARP_HEADER = ("Init", "Id", "Name", "Side", "OB", "DB", "HP")


def tracker_on(db: Path, content: Content, sample: str = "embuscade.yaml", seed: int = 2) -> Tracker:
    loaded = read_encounter(SAMPLES / sample, content)
    return Tracker.create(EventStore(db), fight_system(loaded.system, content), loaded.name,
                          {"encounter": loaded.setup, "seed": seed})


def session(tracker: Tracker, lines: list[str]) -> str:
    out = io.StringIO()
    FightShell(tracker, stdin=io.StringIO("\n".join([*lines, "quit"]) + "\n"), stdout=out).cmdloop()
    return out.getvalue()


def is_header(line: str, cells: tuple[str, ...] = HARP_HEADER) -> bool:
    return line.split() == list(cells)


def row_of(text: str, cid: str) -> str:
    """The last board row of combatant ``cid`` in a session's output."""
    rows = [line for line in text.splitlines() if cid in line.lstrip("▶ ").split()[:2]]
    assert rows, cid
    return rows[-1]


def test_the_board_follows_every_change_and_only_them(tmp_path: Path, content: Content) -> None:
    tracker = tracker_on(tmp_path / "f.db", content)
    text = session(tracker, ["auto", "help", "attack nobody", "status", "hp orque-1 40", "undo"])
    boards = sum(is_header(line) for line in text.splitlines())
    # At the start, after auto, after status (asked), after hp, after undo; not after help nor a refused command.
    assert boards == 5
    view = tracker.fight.view()
    first = view["combatants"][0]
    row = row_of(text, first["id"])
    assert pick(first["name"]) in row and bar(first["hp"], first["hp_max"]) in row
    assert f"{first['hp']}/{first['hp_max']}" in row
    # The round and whose turn lead the board; the pointer marks the current combatant's row.
    current = view["current"]
    name = next(pick(r["name"]) for r in view["combatants"] if r["id"] == current)
    assert f"Round {view['round']} — {name} to act" in text
    assert row_of(text, current).startswith("▶")


def test_bars_and_numbers(tmp_path: Path, content: Content) -> None:
    tracker = tracker_on(tmp_path / "f.db", content)
    text = session(tracker, ["hp orque-1 40", "hp orque-2 -3", "hp orque-3 1"])
    assert "█████░░░░░  40/85" in row_of(text, "orque-1")  # 40 of 85: 5 cells of 10
    assert "░░░░░░░░░░  -3/85" in row_of(text, "orque-2")  # none left: no full cell
    assert "█░░░░░░░░░  1/85" in row_of(text, "orque-3")  # one left: one cell still shows


@pytest.mark.parametrize("seed", [1, 3])
def test_a_stun_in_force_is_never_hidden(tmp_path: Path, content: Content, seed: int) -> None:
    tracker = tracker_on(tmp_path / "f.db", content, seed=seed)
    tracker.command("condition orque-1 stun 1")
    first = "\n".join(harp_board(tracker.fight.view()))
    assert "stunned 1 rd" in first
    while tracker.fight.view()["round"] < 2:
        # everyone passes: no blow of the round adds a stun of its own (auto's blows, at +20 against a stunned
        # target since issue 25's position bonuses, could)
        tracker.command("pass")
    view = tracker.fight.view()
    index = [row["id"] for row in view["combatants"]].index("orque-1")
    # The round went on, orque-1's turn has not begun: the view counts 0 rounds left, the stun still holds.
    assert view["combatants"][index]["stunned"] == 0 and view["current"] != "orque-1"
    assert tracker.fight.value("stun_until", index) == view["round"]  # type: ignore[attr-defined]
    text = session(tracker, ["status"])
    assert "stunned until its turn" in row_of(text, "orque-1")
    set_language("fr")
    assert "étourdi jusqu'à son tour" in row_of(session(tracker, ["situation"]), "orque-1")


def test_gm_marks_notes_and_timers_on_the_board(tmp_path: Path, content: Content) -> None:
    tracker = tracker_on(tmp_path / "f.db", content)
    text = session(tracker, ["mark orque-1 silence 2", "marquer warg béni 1", 'note orque-1 "lost its shield"',
                             "timer 4 the reinforcements arrive"])
    lines = text.splitlines()
    assert row_of(text, "orque-1").endswith("silence 2 rds")
    assert row_of(text, "warg").endswith("béni 1 rd")
    at = len(lines) - 1 - lines[::-1].index(row_of(text, "orque-1"))
    assert lines[at + 1].strip() == "✎ lost its shield"
    assert "Timers: round 4: the reinforcements arrive" in lines
    # Resumed, the board shows them again.
    again = Tracker(tracker.store, tracker.fight_id, tracker.system)
    resumed = session(again, [])
    assert row_of(resumed, "orque-1").endswith("silence 2 rds") and "✎ lost its shield" in resumed
    set_language("fr")
    french = session(again, ["situation"])
    assert "Minuteurs : round 4 : the reinforcements arrive" in french
    assert row_of(french, "orque-1").endswith("silence 2 rds")


def test_a_timer_fires_in_the_session(tmp_path: Path, content: Content) -> None:
    tracker = tracker_on(tmp_path / "f.db", content)
    text = session(tracker, ["timer +1 wolves howl", "auto end all"])
    assert "⏰ Round 2: wolves howl." in text
    lines = text.splitlines()
    fired = lines.index("⏰ Round 2: wolves howl.")
    # Told as the round begins (after the turn that ended round 1), not at the end of the command.
    begins = next(i for i, line in enumerate(lines) if line.startswith("— Round 2"))
    assert begins < fired < begins + 5  # the round line, its situational modifiers, the players' prompt
    assert not any(line.startswith("Timers:") for line in lines[fired:])


@pytest.mark.parametrize(("lang", "hint", "prompt"), [
    ("en", "Movement phase: move WHO METRES, intent WHO TEXT; then actions", "[movement] > "),
    ("fr", "Phase de mouvement : deplacer QUI METRES, intention QUI TEXTE ; puis actions", "[mouvement] > "),
])
def test_the_d100_session_says_what_to_type(tmp_path: Path, content: Content, lang: str, hint: str,
                                            prompt: str) -> None:
    set_language(lang)
    tracker = tracker_on(tmp_path / "f.db", content, "pont.yaml")
    text = session(tracker, ["actions"])
    lines = text.splitlines()
    assert lines[2] == hint + (" (or any action: attack TARGET…) and the DEX ranks act." if lang == "en" else
                               " (ou toute action : attaquer CIBLE…) et les rangs de DEX agissent.")
    assert lines[1] == ("Round 1, movement" if lang == "en" else "Round 1, mouvement")
    assert prompt in text  # the first prompt names the phase, not an empty [—]
    current = tracker.fight.view()["current"]
    assert current and f"[{current}] > " in text
    # the hint names whoever acts by its name (the prompt keeps the id to type)
    name = next(pick(r["name"]) for r in tracker.fight.view()["combatants"] if r["id"] == current)
    assert (f"{name} acts (DEX rank): attack TARGET" if lang == "en" else
            f"{name} agit (rang de DEX) : attaquer CIBLE") in text
    header = (["DEX", "Id", "Name", "Side", "Hit", "points", "Foe", "at"] if lang == "en"
              else ["DEX", "Id", "Nom", "Camp", "Points", "de", "vie", "Ennemi", "à"])
    assert any(line.split() == header for line in lines)


def test_the_one_ring_board_shows_phase_and_endurance(tmp_path: Path, content: Content) -> None:
    tracker = tracker_on(tmp_path / "f.db", content, "gue.yaml")
    text = session(tracker, ["close"])
    assert "Opening volleys: shoot WHO TARGET for each bow; close to begin close combat." in text
    assert "[opening volleys] > " in text and "[stances] > " in text
    row = tracker.fight.view()["combatants"][0]
    assert f"██████████  {row['endurance']}/{row['endurance_max']}" in row_of(text, row["id"])
    assert any(line.split() == ["Id", "Name", "Stance", "Endurance"] for line in text.splitlines())


def completions(shell: FightShell, line: str) -> list[str]:
    begidx = line.rfind(" ") + 1
    return list(shell.completedefault(line[begidx:], line, begidx, len(line)))


def test_completion_of_marks(tmp_path: Path, content: Content) -> None:
    tracker = tracker_on(tmp_path / "f.db", content)
    tracker.command("mark orque-1 silence 2")
    tracker.command("note orque-1 wary")
    tracker.command("timer 4 fog")
    shell = FightShell(tracker, stdin=io.StringIO(""), stdout=io.StringIO())
    assert completions(shell, "mark orque-") == ["orque-1", "orque-2", "orque-3"]
    assert completions(shell, "marquer wa") == ["warg"]
    assert completions(shell, "clear orque-1 ") == ["silence", "notes"]
    assert completions(shell, "effacer orque-1 si") == ["silence"]
    assert completions(shell, "clear ti") == ["timer"]
    assert completions(shell, "clear timer ") == ["4"]
    assert completions(shell, "note orque-1 ") == []  # free text
    assert completions(shell, "timer ") == []
    assert {"mark", "marquer"} <= set(shell.completenames("mar"))
    assert set(shell.completenames("minu")) == {"minuteur"}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_help_lists_the_mark_commands(tmp_path: Path, content: Content, lang: str) -> None:
    set_language(lang)
    text = session(tracker_on(tmp_path / "f.db", content, "gue.yaml"), ["help"])
    for en, fr in (("mark", "marquer"), ("note", "noter"), ("timer", "minuteur"), ("clear", "effacer")):
        # English help names both words; French help the French word only (no English word in French text)
        assert (f"  {fr} : " if lang == "fr" else f"  {en} / {fr}: ") in text
        assert (f"  {en} / " in text) == (lang == "en")


def test_fight_names_follow_the_language(tmp_path: Path, content: Content, capsys: pytest.CaptureFixture[str]
                                         ) -> None:
    db = tmp_path / "f.db"
    tracker = tracker_on(db, content)
    with EventStore(db) as store:
        store.create_fight("An old fight", "harp", dict(tracker.setup))  # a name stored as a plain string
    assert main(["--lang", "fr", "fight", "list", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert "1 : Embuscade au gué (harp), en cours, round 1, 1 événement ;" in out
    assert "2 : An old fight (harp), en cours, round 0, 0 événement ;" in out
    assert main(["--lang", "en", "fight", "list", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert "1: Ambush at the ford (harp), ongoing, round 1, 1 event;" in out
    assert "2: An old fight (harp), ongoing, round 0, 0 events;" in out
    assert main(["--lang", "fr", "log", "export", "1", "--db", str(db)]) == 0
    assert capsys.readouterr().out.startswith("# Embuscade au gué\n")
    set_language("fr")
    assert session(tracker, []).startswith("Combat 1 : Embuscade au gué.")


def test_a_script_shows_the_board_when_asked_and_at_the_end(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    script = tmp_path / "s.txt"
    script.write_text("auto\nmark orque-1 silence 2\nstatus\nauto\n", encoding="utf-8")
    code = main(["--lang", "en", "run", str(SAMPLES / "embuscade.yaml"), "--no-ask", "--script", str(script), "--db",
                 str(tmp_path / "f.db"), "--seed", "2"])
    out = capsys.readouterr().out
    assert code == 0
    assert sum(is_header(line) for line in out.splitlines()) == 2
    assert "GM mark on Orc 1 (orque-1): silence, 2 rounds" in out


def test_plural_forms_of_rounds(tmp_path: Path, content: Content) -> None:
    tracker = tracker_on(tmp_path / "f.db", content)
    set_language("fr")
    text = session(tracker, ["marquer orque-1 silence 1", "marquer orque-2 silence 2", "undo"])
    assert "silence, 1 round (jusqu'au début du round 2)" in text
    assert "silence, 2 rounds (jusqu'au début du round 3)" in text
    assert row_of(text, "orque-1").endswith("silence 1 rd")
    assert "Annulé : marquer orque-2 silence 2." in text
    view: dict[str, Any] = tracker.fight.view()
    assert view["round"] == 1
