"""Record the HARP golden event logs: scripted fights played through the tracker, one JSON file per fight.

Each fight is played through :class:`estoc.play.tracker.Tracker` on a temporary store, with the faces typed
where a rule must be triggered and the fight's seed for the rest. The file keeps the setup, the fight's view and
summary before the first event, and for every stored event (exactly as the store holds it: its type, its fields,
the faces it used by purpose, its ``seq``) the narration records it produced and what it changed in the view and
the summary (see :func:`changes`). ``tests/golden/test_harp_event_logs.py`` replays them.

Every scripted step says what it must trigger (``expect``): a script whose faces no longer produce the effect it
was written for fails here, instead of recording a log that quietly covers less.

Usage: ``python tools/record_harp_events.py [NAME…]`` (all fights by default).
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from importlib import resources
from pathlib import Path
from typing import Any

from estoc.content.registry import Content, load_folder, shipped_folder
from estoc.play.store import EventStore
from estoc.play.systems import fight_system
from estoc.play.tracker import Tracker
from estoc.systems.harp.encounter import load_encounter

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "tests" / "golden" / "harp_events"
FORMAT = 1
AUTO_LIMIT = 500
VERBOSE = False

Json = dict[str, Any]
Records = list[Json]
Check = Callable[["Recording", Records], bool]


# --- the change format (the test reads it with its own copy of patch) -------------------------------------------

_MISSING = object()


def changes(before: Json, after: Json) -> Json:
    """What changed from ``before`` to ``after`` (a view or a summary): the top-level keys whose value changed,
    with their new value; for a list of rows (``combatants``) that did not shrink, ``{"index": changes}`` where a
    row's changes are its keys whose value changed (a row added is given whole)."""
    out: Json = {}
    for key, value in after.items():
        old = before.get(key, _MISSING)
        if old == value:
            continue
        if _rows(old) and _rows(value) and len(value) >= len(old):
            out[key] = {str(i): row if i >= len(old) else _changed_keys(old[i], row)
                        for i, row in enumerate(value) if i >= len(old) or old[i] != row}
        else:
            out[key] = value
    return out


def patch(before: Json, delta: Json) -> Json:
    """``before`` with the changes ``delta`` (see :func:`changes`) applied."""
    out = dict(before)
    for key, value in delta.items():
        old = before.get(key)
        if isinstance(old, list) and isinstance(value, dict):
            rows = list(old)
            for index, row in sorted(value.items(), key=lambda item: int(item[0])):
                i = int(index)
                if i == len(rows):
                    rows.append(row)
                else:
                    rows[i] = {**rows[i], **row}
            out[key] = rows
        else:
            out[key] = value
    return out


def _rows(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(row, dict) for row in value)


def _changed_keys(before: Json, after: Json) -> Json:
    return {k: v for k, v in after.items() if before.get(k, _MISSING) != v}


def plain(value: Any) -> Any:
    """``value`` as JSON gives it back (tuples as lists, keys as strings)."""
    return json.loads(json.dumps(value, ensure_ascii=False))


# --- recording ------------------------------------------------------------------------------------------------

class Recording:
    """One fight being recorded: the tracker on a temporary store, and every stored event's outcome."""

    def __init__(self, name: str, description: str, tracker: Tracker) -> None:
        self.name = name
        self.description = description
        self.tracker = tracker
        fresh = tracker.system.new_fight(tracker.setup)
        self.initial = {"view": plain(fresh.view()), "summary": plain(fresh.summary())}
        self.outcomes: list[tuple[Records, Json, Json]] = []
        self.notes: list[str] = []
        """What each event is there for (the script's words; empty for the policy's events)."""
        self._last = dict(self.initial)

    # Reading the fight.
    def view(self) -> Json:
        return self.tracker.fight.view()

    def current(self) -> str | None:
        current = self.view()["current"]
        return None if current is None else str(current)

    def row(self, who: str) -> Json:
        return next(r for r in self.view()["combatants"] if r["id"] == who)

    # Playing it.
    def begin(self, initiative: list[int] | None = None) -> Records:
        """The first round's initiative: these d10s (in the order of the combatants), or the seed's."""
        if initiative:
            return self.act({"type": "begin", "typed": {"initiative": initiative}},
                            why=f"the first round's initiative, d10s typed: {initiative}")
        return self.act({"type": "begin"}, why="the first round's initiative")

    def act(self, event: Json, *, who: str | None = None, expect: Check | None = None, why: str = "") -> Records:
        """Submit one event; ``who``: the combatant whose turn it must be; ``expect``: what it must trigger."""
        if who is not None and self.current() != who:
            raise RuntimeError(f"{self.name}: {why or event}: {who}'s turn expected, it is {self.current()}'s")
        records = self.tracker.submit(event)
        self._keep(records, why)
        if VERBOSE:
            print(f"  {len(self.outcomes)}: {why or event}")
            for line in brief(records):
                print(f"      {line}")
        if expect is not None and not expect(self, records):
            raise RuntimeError(f"{self.name}: {why or event}: not triggered; records: {records}")
        return records

    def undo(self) -> None:
        if not self.tracker.undo():
            raise RuntimeError(f"{self.name}: nothing to undo")
        self._keep([], "undo: the last command in effect is taken back")

    def redo(self) -> None:
        if not self.tracker.redo():
            raise RuntimeError(f"{self.name}: nothing to redo")
        self._keep([], "redo: the command undone comes back")

    def auto_to_end(self) -> None:
        """The default policy plays everyone, one event per turn, until the fight is over."""
        for _step in range(AUTO_LIMIT):
            if self.tracker.fight.is_over():
                return
            self.act(self.tracker.fight.auto_event())
        raise RuntimeError(f"{self.name}: not over after {AUTO_LIMIT} events")

    def auto_until(self, who: str) -> None:
        """The default policy plays until it is ``who``'s turn."""
        for _step in range(AUTO_LIMIT):
            if self.current() == who:
                return
            self.act(self.tracker.fight.auto_event())
        raise RuntimeError(f"{self.name}: never {who}'s turn")

    def _keep(self, records: Records, why: str) -> None:
        fight = self.tracker.fight
        now = {"view": plain(fight.view()), "summary": plain(fight.summary())}
        for part in ("view", "summary"):
            if patch(self._last[part], changes(self._last[part], now[part])) != now[part]:
                raise RuntimeError(f"{self.name}: {why}: the {part}'s change cannot be written as changes")
        self.outcomes.append((plain(records), changes(self._last["view"], now["view"]),
                              changes(self._last["summary"], now["summary"])))
        self.notes.append(why)
        self._last = now

    def document(self) -> Json:
        events = self.tracker.store.events(self.tracker.fight_id)
        if len(events) != len(self.outcomes):
            raise RuntimeError(f"{self.name}: {len(events)} events stored, {len(self.outcomes)} outcomes kept")
        return {
            "format": FORMAT, "name": self.name, "description": self.description, "system": "harp",
            "setup": self.tracker.setup, "initial": self.initial,
            "events": [{"event": event, "records": records, "view": view, "summary": summary,
                        **({"note": note} if note else {})}
                       for event, (records, view, summary), note in zip(events, self.outcomes, self.notes,
                                                                         strict=True)],
        }


def brief(records: Records) -> list[str]:
    """Records in a few words each (``--verbose``)."""
    lines = []
    for r in records:
        if r.get("kind") == "attack":
            crit = r["critical"]
            lines.append(f"attack {r['attacker']}->{r['target']} ob {r['ob']} def {r['defence']} rolls {r['rolls']} "
                         f"result {r['result']} hits {r['total_hits']} "
                         f"crit {crit and (crit['severity'], crit['roll'], crit['effects'])} "
                         f"fumble {r['fumble_result'] and (r['fumble_result']['roll'], r['fumble_result']['effects'])} "
                         f"stun {r['stun_check']} hp {r['target_hp']}{' counter' if r['counter'] else ''}")
        else:
            lines.append(str(r))
    return lines


# --- checks on records -----------------------------------------------------------------------------------------

def attacks(records: Records) -> Records:
    return [r for r in records if r.get("kind") == "attack"]


def first_attack(records: Records) -> Json:
    found = attacks(records)
    if not found:
        raise RuntimeError(f"no attack in {records}")
    return found[0]


def crit_effect(name: str) -> Check:
    """The first attack's critical has this effect."""
    def check(rec: Recording, records: Records) -> bool:
        crit = first_attack(records)["critical"]
        return bool(crit and name in crit["effects"])
    return check


def table_cell(table: str, row: int, armour_type: int) -> tuple[int, str]:
    """Hits and severity letter (``""`` for none) of an attack table's cell, read from the content's CSV."""
    if row == 0:
        return 0, ""
    path = Path(str(resources.files("estoc.content").joinpath("data", "harp", "attack-tables", f"{table}.csv")))
    for line in path.read_text(encoding="utf-8").splitlines()[1:]:
        cells = line.split(",")
        if int(cells[0]) == row:
            cell = cells[armour_type]
            return int(cell.rstrip("ABCDE")), cell.lstrip("0123456789")
    raise KeyError(f"{table}: no row {row}")


def reduced_critical(table_letter: str, letter: str | None) -> Check:
    """The first attack's table cell shows ``table_letter``; the critical rolled is ``letter`` (or none)."""
    def check(rec: Recording, records: Records) -> bool:
        attack = first_attack(records)
        _hits, shown = table_cell(attack["table"], attack["row"], attack["armour_type"])
        crit = attack["critical"]
        return shown == table_letter and (crit["severity"] if crit else None) == letter
    return check


def devastating(rec: Recording, records: Records) -> bool:
    """The first attack's table hits are twice the cell's (Force Dévastatrice)."""
    attack = first_attack(records)
    hits, _letter = table_cell(attack["table"], attack["row"], attack["armour_type"])
    return bool(attack["hit"]) and attack["hits"] == 2 * hits


def all_of(*checks: Check) -> Check:
    return lambda rec, records: all(c(rec, records) for c in checks)


def state(who: str, **wanted: Any) -> Check:
    """After the event, ``who``'s row of the view holds these values."""
    def check(rec: Recording, records: Records) -> bool:
        row = rec.row(who)
        return all(row[key] == value for key, value in wanted.items())
    return check


def kind(name: str, **wanted: Any) -> Check:
    """Some record of this kind holds these values."""
    def check(rec: Recording, records: Records) -> bool:
        return any(r.get("kind") == name and all(r.get(k) == v for k, v in wanted.items()) for r in records)
    return check


# --- setups ------------------------------------------------------------------------------------------------------

def encounter(name: str, sides: list[tuple[str, list[Json]]], **options: Any) -> Json:
    return {"schema_version": 1, "system": "harp", "kind": "encounter", "name": {"fr": name, "en": name},
            "sides": [{"id": side, "members": members} for side, members in sides], **options}


def sample_setup(content: Content) -> Json:
    path = Path(str(resources.files("estoc.play").joinpath("samples", "embuscade.yaml")))
    return load_encounter(path, content).setup


# --- the fights --------------------------------------------------------------------------------------------------

FIGHTS: dict[str, tuple[str, Callable[[Content], Json], int, Callable[[Recording], None]]] = {}


def fight(name: str, description: str, setup: Callable[[Content], Json], seed: int
          ) -> Callable[[Callable[[Recording], None]], Callable[[Recording], None]]:
    def register(script: Callable[[Recording], None]) -> Callable[[Recording], None]:
        FIGHTS[name] = (description, setup, seed, script)
        return script
    return register


@fight("duel-auto", "A whole duel played by the default policy: Dafur against an orc soldier.",
       lambda content: encounter("Duel", [("nain", [{"hero": "dafur"}]), ("orque", [{"hero": "orque-soudard"}])]),
       seed=3)
def duel_auto(rec: Recording) -> None:
    rec.begin()
    rec.auto_to_end()


@fight("embuscade-auto", "The sample encounter (the ambush at the ford) played whole by the default policy.",
       sample_setup, seed=11)
def embuscade_auto(rec: Recording) -> None:
    rec.begin()
    rec.auto_to_end()


@fight("drake-auto", "An ice drake and its breath against four heroes, played whole by the default policy.",
       lambda content: encounter("Drake", [
           ("compagnie", [{"hero": "brundar"}, {"hero": "halvard", "weapon": "epee"}, {"hero": "faralinde"},
                          {"hero": "tamlin"}]),
           ("drake", [{"creature": "drake-des-glaces"}])]),
       seed=5)
def drake_auto(rec: Recording) -> None:
    rec.begin()
    rec.auto_to_end()


def two_against_two(content: Content) -> Json:
    return encounter("Melee", [("compagnie", [{"hero": "brundar"}, {"hero": "faralinde"}]),
                               ("orques", [{"creature": "orque", "count": 2}])])


@fight("melee-actions", "Two heroes against two orcs: every kind of attack and declaration, waiting, interception, "
       "instinctive dodges, flight, undo and redo.", two_against_two, seed=21)
def melee_actions(rec: Recording) -> None:
    # Initiative d10s in the order of the combatants: brundar (+5), faralinde (+25), orque-1 (+5), orque-2 (+5).
    rec.begin([10, 1, 5, 3])  # faralinde 26, brundar 15, orque-1 10, orque-2 8
    rec.act({"type": "attack", "target": "orque-1", "typed": {"attack": [10]}}, who="faralinde",
            expect=kind("attack", critical=None), why="an attack without a parry, a light hit")
    rec.act({"type": "attack", "target": "orque-1", "parry": 20, "typed": {"attack": [35]}}, who="brundar",
            expect=all_of(state("brundar", parry={"against": "orque-1", "bonus": 20}), kind("attack", ob=65)),
            why="an attack with a parry of 20 against its target")
    rec.act({"type": "wait", "target": "orque-2", "mode": "after"}, who="orque-1",
            expect=lambda r, _: r.view()["order"][2:] == ["orque-2", "orque-1"], why="wait for an ally, after it")
    rec.act({"type": "move-attack", "target": "faralinde", "distance": 10, "typed": {"attack": [40]}},
            who="orque-2", expect=kind("attack", ob=45), why="move 10 m and attack at -20")
    rec.act({"type": "attack", "target": "brundar", "parry": 15, "parry_target": "faralinde",
             "typed": {"attack": [45], "initiative": [3, 1, 9, 1]}}, who="orque-1",
            expect=state("orque-1", parry={"against": "faralinde", "bonus": 15}),
            why="an attack on one foe while parrying another; round 2: faralinde, orque-1, brundar, orque-2")
    rec.act({"type": "wait", "target": "brundar", "mode": "with"}, who="faralinde",
            expect=lambda r, _: r.view()["order"] == ["orque-1", "brundar", "faralinde", "orque-2"],
            why="wait to act with an ally")
    rec.act({"type": "intercept", "target": "orque-2"}, who="orque-1",
            expect=lambda r, _: r.view()["order"] == ["brundar", "faralinde", "orque-1", "orque-2"],
            why="lie in wait for orque-2's action")
    rec.act({"type": "dodge", "typed": {"manoeuvre": [60]}}, who="brundar", expect=kind("dodge", instinctive=False),
            why="a dodge")
    rec.act({"type": "total-parry", "target": "orque-1", "typed": {"parry": [97, 50], "critical": [25]}},
            who="faralinde", expect=all_of(kind("total-parry", counter=True), kind("attack", counter=True)),
            why="a total parry whose roll opens: the opponent runs onto the blade")
    rec.act({"type": "attack", "target": "faralinde", "typed": {"attack": [20]}}, who="orque-1",
            why="the interception comes: orque-1 acts just before orque-2")
    rec.act({"type": "total-parry", "target": "brundar",
             "typed": {"parry": [2], "fumble": [5], "initiative": [10, 1, 8, 2]}},
            who="orque-2", expect=kind("total-parry", fumbled=True, bonus=0),
            why="a total parry that fumbles (no round lost); round 3: faralinde, brundar, orque-1 (-5 to "
                "initiative: below half its hit points), orque-2")
    rec.act({"type": "attack", "target": "orque-2", "typed": {"attack": [10]}}, who="faralinde",
            why="a light blow before the instinctive dodge after acting")
    rec.act({"type": "wait", "target": "orque-1", "mode": "after", "conflict": True}, who="brundar",
            expect=lambda r, _: r.view()["order"][-1] == "brundar", why="wait in a conflict: acts last")
    rec.act({"type": "intercept", "target": "brundar"}, who="orque-1",
            expect=lambda r, _: r.view()["order"][-3:] == ["orque-2", "orque-1", "brundar"],
            why="lie in wait for brundar, who will never act")
    rec.act({"type": "instinctive-dodge", "actor": "brundar", "typed": {"manoeuvre": [50]}},
            expect=kind("dodge", instinctive=True, cost="this_round"),
            why="an instinctive dodge before acting: it is this round's action")
    rec.act({"type": "attack", "target": "brundar", "strike": 2, "typed": {"attack": [50]}}, who="orque-2",
            expect=kind("attack", table="arcs"), why="a creature's second attack (its short bow)")
    rec.act({"type": "instinctive-dodge", "actor": "faralinde", "typed": {"manoeuvre": [40]}},
            expect=all_of(kind("dodge", instinctive=True, cost="next_round"), state("faralinde", lost=1)),
            why="an instinctive dodge after acting: next round's action is lost")
    rec.act({"type": "pass", "typed": {"initiative": [5, 5, 5, 5]}}, who="orque-1",
            expect=kind("pass", waited_in_vain=True),
            why="the awaited action never came: orque-1 has the initiative next round")
    rec.act({"type": "move", "distance": 30}, who="orque-1",
            expect=all_of(kind("move", pace="run"), kind("turn", actor="faralinde", skipped="lost")),
            why="a run; faralinde's turn is lost to her instinctive dodge")
    rec.act({"type": "flee"}, who="orque-2", expect=state("orque-2", removed=True), why="flight")
    rec.undo()
    rec.redo()
    rec.undo()
    rec.act({"type": "move", "distance": 5}, who="orque-2", expect=kind("move", pace="walk"),
            why="after an undo, another action: the undone flight is forgotten")
    rec.act({"type": "pass", "typed": {"initiative": [5, 5, 5, 5]}}, who="brundar", expect=kind("pass"),
            why="a plain pass")
    rec.act({"type": "attack", "target": "orque-2", "typed": {"attack": [10]}}, who="faralinde",
            why="round 5: faralinde acts again")
    rec.act({"type": "flee"}, who="orque-1", expect=state("orque-1", removed=True),
            why="orque-1 flees, for good this time")


SPEARMAN: Json = {"sheet": {
    "id": "garde-lancier", "name": {"fr": "Garde lancier", "en": "Spear guard"}, "level": 3,
    "stats": {"st": 5, "qu": 5, "ag": 5, "co": 10, "sd": 0, "in": 5, "re": 0, "pr": 0},
    "resistances": {"body": 20, "mind": 10, "magic": 10}, "hp": 80,
    "weapons": [{"weapon": "lance", "skill": 60}], "armour": "cuir-bouilli", "armour_skill": 10,
    "shield": "rondache", "shield_trained": True, "parry": 10}}
"""A hero written inline, with a spear: it strikes first at a charge it sees coming."""


@fight("charge-disengage", "A dwarf and a spear guard against two orcs: charges (one against the braced spear, "
       "one unseen), disengagements (one clean, one hit).",
       lambda content: encounter("Charges", [("compagnie", [{"hero": "brundar"}, SPEARMAN]),
                                             ("orques", [{"creature": "orque", "count": 2}])]), seed=31)
def charge_disengage(rec: Recording) -> None:
    # Initiative: brundar +5, garde-lancier +10, orque-1 +5, orque-2 +5.
    rec.begin([3, 2, 10, 1])  # orque-1 15, garde 12, brundar 8, orque-2 6
    rec.act({"type": "charge", "target": "garde-lancier", "distance": 15, "seen": True,
             "typed": {"attack": [30, 25]}}, who="orque-1",
            expect=all_of(kind("braced", actor="garde-lancier"), lambda r, records: [
                (a["attacker"], a["ob"]) for a in attacks(records)] == [("garde-lancier", 60), ("orque-1", 85)]),
            why="a charge seen coming by a spear: the spear strikes first, then the charge at +20")
    rec.act({"type": "disengage", "target": "orque-1"}, who="garde-lancier",
            expect=kind("disengage", bonus=30), why="disengage, parrying with half the OB")
    rec.act({"type": "charge", "target": "orque-2", "distance": 12, "typed": {"attack": [20]}}, who="brundar",
            expect=all_of(kind("attack", ob=105), lambda r, records: not any(
                x.get("kind") == "braced" for x in records)), why="a charge against a scimitar: no first strike")
    rec.act({"type": "attack", "target": "brundar", "typed": {"attack": [30], "initiative": [5, 10, 4, 1]}},
            who="orque-2", expect=kind("attack", defence=25),
            why="the charger is at -20 DB; round 2: garde, brundar, orque-1, orque-2")
    if rec.view()["order"] != ["garde-lancier", "brundar", "orque-1", "orque-2"]:
        raise RuntimeError(f"charge-disengage: round 2's order is {rec.view()['order']}")
    if not kind("disengaged", actor="garde-lancier", target="orque-1")(rec, rec.tracker.records):
        raise RuntimeError("charge-disengage: garde-lancier's disengagement was not clean")
    rec.act({"type": "move", "distance": 10}, who="garde-lancier", why="the guard moves away")
    rec.act({"type": "disengage", "target": "orque-2", "parry": 50}, who="brundar",
            expect=kind("disengage", bonus=50), why="disengage with a parry of 50")
    rec.act({"type": "charge", "target": "garde-lancier", "distance": 8, "seen": False,
             "typed": {"attack": [30]}}, who="orque-1",
            expect=lambda r, records: [a["attacker"] for a in attacks(records)] == ["orque-1"],
            why="a charge the spear does not see: no first strike")
    rec.act({"type": "attack", "target": "brundar", "typed": {"attack": [70], "initiative": [10, 1, 9, 9]}},
            who="orque-2", expect=all_of(kind("attack", hit=True),
                                         lambda r, records: not kind("disengaged", actor="brundar")(r, records)),
            why="brundar is hit while disengaging: his disengagement gives him nothing; round 3 in the order rolled")
    rec.act({"type": "pass"}, who="brundar", why="brundar acts at his rolled place")


@fight("wounds", "Two heroes against two orcs: criticals that bleed, stun (resisted at once, or not and again at "
       "the next turn), force a parry, forbid it, shake, disarm; a blow that leaves an orc unconscious.",
       two_against_two, seed=41)
def wounds(rec: Recording) -> None:
    rec.begin([10, 1, 5, 3])  # faralinde 26, brundar 15, orque-1 10, orque-2 8
    rec.act({"type": "attack", "target": "orque-1", "typed": {"attack": [35], "critical": [90],
                                                              "resistance": [97, 30]}}, who="faralinde",
            expect=all_of(crit_effect("stun"), lambda r, records: first_attack(records)["stun_check"]["resisted"],
                          state("orque-1", stunned=0, bleed=2, must_parry=1)),
            why="a critical that stuns, resisted at once (150 against 97+30 and the Body bonus)")
    rec.act({"type": "attack", "target": "orque-2", "strike": 2, "typed": {"attack": [90], "critical": [97],
                                                                           "resistance": [10]}}, who="brundar",
            expect=state("orque-2", stunned=2, must_parry=2, no_parry=1, bleed=4),
            why="the battle axe (brundar's second weapon): a C critical, stun of 2 rounds not resisted")
    rec.act({"type": "total-parry", "target": "faralinde", "typed": {"parry": [50]}}, who="orque-1",
            expect=kind("total-parry", fumbled=False), why="bleeding at the start of its turn; made to parry")
    rec.act({"type": "pass", "typed": {"initiative": [1, 1, 1, 10]}}, who="orque-2", expect=kind("pass"),
            why="made to parry and forbidden to parry (« Parade Interdite »), it can do nothing; round 2: "
                "faralinde, orque-1, brundar, orque-2 (stunned: -10 to initiative, issue 25)")
    rec.act({"type": "attack", "target": "orque-1", "typed": {"attack": [97, 30], "critical": [10]}},
            who="faralinde", expect=crit_effect("shaken"), why="a critical that shakes")
    rec.act({"type": "attack", "target": "faralinde", "typed": {"attack": [40]}}, who="orque-1",
            why="shaken, it still attacks")
    rec.act({"type": "attack", "target": "orque-1", "typed": {"attack": [35], "critical": [58],
                                                              "resistance": [98, 70]}}, who="brundar",
            expect=all_of(state("orque-1", disarmed=True), kind("turn", actor="orque-2"), lambda r, records: next(
                x for x in records if x.get("kind") == "turn")["stun_check"]["resisted"]),
            why="a critical that makes orque-1 drop its weapon; at the start of orque-2's turn, its stun is resisted")
    rec.act({"type": "total-parry", "target": "brundar", "typed": {"parry": [40], "initiative": [1, 1, 10, 1]}},
            who="orque-2", why="still made to parry")
    rec.act({"type": "gm", "op": "hp", "target": "orque-2", "value": 6},
            why="the GM sets orque-2's hit points low, so that the next blow fells it")
    rec.act({"type": "attack", "target": "orque-2", "typed": {"attack": [10]}}, who="faralinde",
            expect=all_of(state("orque-2", down=True), kind("attack", downed_now=True)),
            why="unconscious at 0 hit points")
    rec.act({"type": "take-weapon"}, who="orque-1",
            expect=all_of(state("orque-1", disarmed=False), kind("turn", actor="orque-2", skipped="down")),
            why="it takes up its weapon; the unconscious orc's turn is skipped")
    rec.act({"type": "pass"}, who="brundar", why="a pass ends the round")


@fight("giants", "Four heroes against a hill giant and a black bear: criticals lowered by the creatures' size, the "
       "giant's Force Dévastatrice, an instant death, a death three rounds after the blow.",
       lambda content: encounter("Giants", [
           ("compagnie", [{"hero": "brundar"}, {"hero": "dafur"}, {"hero": "faralinde"}, {"hero": "tamlin"}]),
           ("geants", [{"creature": "geant-des-collines"}, {"creature": "ours-noir"}])]), seed=51)
def giants(rec: Recording) -> None:
    # Initiative: brundar +5, dafur +10, faralinde +25, tamlin +20, the giant -10, the bear +10.
    rec.begin([10, 1, 1, 1, 10, 2])  # faralinde 26, tamlin 21, brundar 15, ours 12, dafur 11, geant 0
    rec.act({"type": "attack", "target": "ours-noir", "typed": {"attack": [40], "critical": [5]}},
            who="faralinde", expect=reduced_critical("B", "A"), why="the bear is Large: a B critical becomes A")
    rec.act({"type": "dodge", "typed": {"manoeuvre": [50]}}, who="tamlin", why="tamlin dodges")
    rec.act({"type": "attack", "target": "geant-des-collines", "strike": 2, "typed": {"attack": [60],
                                                                                     "critical": [5]}},
            who="brundar", expect=reduced_critical("D", "B"), why="the giant is Huge: a D critical becomes B")
    rec.act({"type": "dodge", "typed": {"manoeuvre": [30]}}, who="ours-noir", why="the bear dodges")
    rec.act({"type": "attack", "target": "ours-noir", "typed": {"attack": [85]}}, who="dafur",
            expect=reduced_critical("A", None), why="against the dodging bear: an A critical vanishes on it")
    rec.act({"type": "attack", "target": "tamlin", "typed": {"attack": [97, 10], "critical": [100],
                                                            "initiative": [1, 1, 1, 1, 1, 1]}},
            who="geant-des-collines", expect=all_of(devastating, state("tamlin", dead=True)),
            why="Force Dévastatrice doubles the table's hits; an E critical of 100: instant death")
    while rec.current() != "geant-des-collines":
        rec.act({"type": "pass"}, why="waiting")
    rec.act({"type": "attack", "target": "faralinde", "typed": {"attack": [50], "critical": [97]}},
            who="geant-des-collines",
            expect=all_of(kind("attack", target="faralinde", target_down=True), state("faralinde", dead=False)),
            why="an E critical of 97: she falls and will die 3 rounds on (at the start of her turn in round 5)")
    if rec.view()["round"] != 3 or rec.row("faralinde")["dying_in"] != 2:
        raise RuntimeError(f"giants: faralinde should die in round 5: {rec.row('faralinde')}")
    while not rec.row("faralinde")["dead"]:
        rec.act({"type": "pass"}, why="waiting for the end")
    if not kind("turn", actor="faralinde", died=True)(rec, rec.outcomes[-1][0]):
        raise RuntimeError("giants: faralinde's death is not at the start of her turn")


@fight("sun-and-fumbles", "Two heroes against an orc and a wild boar in full sun: the orc's penalty in sunlight, "
       "fumbles (a weapon's, with lost rounds; a tusk's, which drops nothing), the boar's charge that knocks down.",
       lambda content: encounter("Sun", [("compagnie", [{"hero": "brundar"}, {"hero": "faralinde"}]),
                                          ("betes", [{"creature": "orque"}, {"creature": "sanglier"}])],
                                 full_sun=True), seed=61)
def sun_and_fumbles(rec: Recording) -> None:
    # Initiative: brundar +5, faralinde +25, the orc +5, the boar +5.
    rec.begin([1, 1, 10, 9])  # faralinde 26, orque 15, sanglier 14, brundar 6
    rec.act({"type": "attack", "target": "orque", "typed": {"attack": [10]}}, who="faralinde", why="a light blow")
    rec.act({"type": "attack", "target": "faralinde", "typed": {"attack": [40]}}, who="orque",
            expect=kind("attack", ob=45), why="in full sun the orc attacks at -20")
    rec.act({"type": "attack", "target": "brundar", "strike": 2, "typed": {"attack": [70], "critical": [29]}},
            who="sanglier", expect=all_of(kind("attack", knocked_down=True), state("brundar", prone=True)),
            why="the boar's charge (Ram and Push table): a critical knocks brundar down")
    rec.act({"type": "stand", "typed": {"initiative": [1, 1, 10, 9]}}, who="brundar",
            expect=state("brundar", prone=False), why="he gets up; round 2 in the same order")
    rec.act({"type": "attack", "target": "sanglier", "typed": {"attack": [10], "critical": [3]}}, who="faralinde",
            why="a light blow")
    rec.act({"type": "attack", "target": "faralinde", "typed": {"attack": [2], "fumble": [25]}}, who="orque",
            expect=lambda r, records: first_attack(records)["fumble_result"]["lost_rounds"] == 1,
            why="a weapon's fumble: 1 round lost")
    rec.act({"type": "attack", "target": "brundar", "strike": 2, "typed": {"attack": [70], "critical": [29]}},
            who="sanglier", expect=all_of(kind("attack", knocked_down=False), state("brundar", prone=False)),
            why="the same charge does not throw down again one who stood up and has not acted since")
    rec.act({"type": "attack", "target": "sanglier", "typed": {"attack": [20], "initiative": [1, 1, 10, 9]}},
            who="brundar", why="round 3 in the same order")
    rec.act({"type": "attack", "target": "orque", "typed": {"attack": [10]}}, who="faralinde",
            expect=kind("turn", actor="orque", skipped="lost"),
            why="a light blow; the orc's turn is lost to its fumble of round 2 (1 round lost: its next action)")
    rec.act({"type": "dodge", "typed": {"manoeuvre": [50]}}, who="sanglier", expect=kind("dodge", instinctive=False),
            why="made to parry by brundar's blow after it acted in round 2, the boar cannot attack in round 3; a "
                "beast never parries, it dodges")
    rec.act({"type": "pass", "typed": {"initiative": [1, 1, 10, 9]}}, who="brundar", why="round 4")
    rec.act({"type": "pass"}, who="faralinde", why="she waits")
    rec.act({"type": "attack", "target": "faralinde", "typed": {"attack": [3], "fumble": [65]}}, who="orque",
            expect=all_of(lambda r, records: first_attack(records)["fumble_result"]["lost_rounds"] == 2,
                          state("orque", prone=True)),
            why="the orc acts again (its lost round is spent); another fumble: it falls, 2 rounds lost")
    rec.act({"type": "attack", "target": "faralinde", "typed": {"attack": [1], "fumble": [55]}}, who="sanglier",
            expect=all_of(state("sanglier", shaken=True, disarmed=False),
                          lambda r, records: bool(first_attack(records)["fumble_result"].get("stumbled")
                                                  and first_attack(records)["fumble_result"].get("creature_text"))),
            why="a fumble with tusks: the weapon it would drop becomes a stumble (shaken), told as a beast's")
    rec.act({"type": "pass", "typed": {"initiative": [1, 1, 10, 9]}}, who="brundar",
            why="round 5: faralinde, sanglier (shaken: -5 to initiative), brundar, orque (on the ground: -10)")
    rec.act({"type": "pass"}, who="faralinde", expect=kind("turn", actor="sanglier", skipped="lost"),
            why="the boar's turn is lost to its fumble")
    rec.act({"type": "pass", "typed": {"initiative": [1, 1, 10, 9]}}, who="brundar",
            expect=kind("turn", actor="orque", skipped="lost"),
            why="the orc's turn is lost to its fumble (the first of its 2 rounds)")


@fight("breath", "An ice drake against three heroes: a breath along a line on all three (one roll against each "
       "defence), a breath that fumbles before it reaches anyone, a bite.",
       lambda content: encounter("Breath", [
           ("compagnie", [{"hero": "brundar"}, {"hero": "faralinde"}, {"hero": "tamlin"}]),
           ("drake", [{"creature": "drake-des-glaces"}])]), seed=71)
def breath(rec: Recording) -> None:
    # Initiative: brundar +5, faralinde +25, tamlin +20, the drake +20 (ties: the higher Quickness).
    rec.begin([1, 5, 1, 10])  # faralinde 30, drake 30, tamlin 21, brundar 6
    rec.act({"type": "attack", "target": "drake-des-glaces", "typed": {"attack": [60], "critical": [5]}},
            who="faralinde", expect=reduced_critical("B", "A"), why="the drake is Large")
    rec.act({"type": "breathe", "targets": ["brundar", "faralinde", "tamlin"],
             "typed": {"attack": [5], "critical": [5, 5, 5]}}, who="drake-des-glaces",
            expect=lambda r, records: [(a["target"], a["rolls"], a["hit"]) for a in attacks(records)] == [
                ("brundar", [5], True), ("faralinde", [5], True), ("tamlin", [5], True)],
            why="the frost breath: one roll, read against each one's defence")
    rec.act({"type": "pass"}, who="tamlin", why="waiting")
    rec.act({"type": "pass", "typed": {"initiative": [1, 5, 1, 4]}}, who="brundar",
            why="round 2 (faralinde below half her hit points: -5 to initiative)")
    rec.act({"type": "pass"}, who="faralinde", why="waiting")
    rec.act({"type": "breathe", "targets": ["tamlin", "faralinde"], "typed": {"attack": [1], "fumble": [15]}},
            who="drake-des-glaces",
            expect=all_of(lambda r, records: [(a["target"], a["fumble"], a["hit"]) for a in attacks(records)] == [
                ("tamlin", True, False)], state("drake-des-glaces", shaken=True)),
            why="a breath that fumbles: it reaches no one, and the drake is shaken (a natural attack's fumble)")
    rec.act({"type": "pass"}, who="tamlin", why="waiting")
    rec.act({"type": "pass", "typed": {"initiative": [1, 5, 1, 8]}}, who="brundar",
            why="round 3 (the drake still shaken: -5 to initiative)")
    rec.act({"type": "pass"}, who="faralinde", why="waiting")
    rec.act({"type": "attack", "target": "tamlin", "strike": 2, "typed": {"attack": [20], "critical": [5]}},
            who="drake-des-glaces", expect=kind("attack", table="morsures"),
            why="no breath left (2 uses): the bite, its second attack")


def gm(op: str, **fields: Any) -> Json:
    return {"type": "gm", "op": op, **fields}


@fight("gm-ops", "Two heroes against two orcs, and the GM's every override: hit points, damage, healing, each "
       "condition set and ended, relief, modifiers, a combatant taken out and brought back, initiative and order, "
       "newcomers.", two_against_two, seed=81)
def gm_ops(rec: Recording) -> None:
    rec.begin([10, 1, 5, 3])  # faralinde 26, brundar 15, orque-1 10, orque-2 8
    rec.act(gm("fight-mod", value=-10), expect=lambda r, _: r.view()["fight_mod"] == -10, why="fog: -10 to all")
    rec.act(gm("mod", target="faralinde", value=15), why="+15 to faralinde's next attack")
    rec.act({"type": "attack", "target": "orque-1", "typed": {"attack": [10]}}, who="faralinde",
            expect=kind("attack", ob=90), why="85 - 10 + 15")
    rec.act({"type": "attack", "target": "orque-1", "typed": {"attack": [10]}}, who="brundar",
            expect=kind("attack", ob=75), why="the modifier was for one attack; the fight's stays")
    rec.act(gm("fight-mod", value=0), why="the fog lifts")
    rec.act(gm("hp", target="orque-1", value=40), expect=state("orque-1", hp=40), why="hit points set")
    rec.act(gm("damage", target="orque-1", value=50), expect=state("orque-1", hp=-10, down=True),
            why="damage to below 0: unconscious")
    rec.act(gm("heal", target="orque-1", value=30), expect=state("orque-1", hp=20, down=False),
            why="healed above 0: conscious again")
    rec.act(gm("hp", target="orque-1", value=0), expect=state("orque-1", hp=0, down=True), why="hit points 0")
    rec.act(gm("hp", target="orque-1", value=60), expect=state("orque-1", hp=60, down=False), why="and back")
    rec.act(gm("condition", target="orque-1", name="stun", value=2), expect=state("orque-1", stunned=2),
            why="stunned 2 rounds")
    rec.act(gm("condition", target="orque-1", name="stun", value=0), expect=state("orque-1", stunned=0),
            why="the stun ended")
    rec.act(gm("condition", target="orque-1", name="bleed", value=3), expect=state("orque-1", bleed=3),
            why="bleeding 3 a round")
    rec.act(gm("condition", target="orque-1", name="penalty", value=20), expect=state("orque-1", penalty=-20),
            why="a penalty of 20")
    rec.act(gm("condition", target="orque-1", name="must-parry", value=1), expect=state("orque-1", must_parry=1),
            why="made to parry")
    rec.act(gm("condition", target="orque-1", name="no-parry", value=1), expect=state("orque-1", no_parry=1),
            why="unable to parry")
    rec.act(gm("relieve", target="orque-1", value=5),
            expect=state("orque-1", penalty=-15, must_parry=0, no_parry=0),
            why="relief: the penalty lessens, must-parry and no-parry end")
    rec.act(gm("condition", target="orque-2", name="must-parry", value=1), why="made to parry")
    rec.act(gm("condition", target="orque-2", name="no-parry", value=1), why="and unable to parry")
    rec.act({"type": "attack", "target": "faralinde", "typed": {"attack": [10]}}, who="orque-1",
            expect=kind("attack", ob=50), why="the penalty counts against the OB")
    rec.act({"type": "pass", "typed": {"initiative": [10, 1, 1, 1]}}, who="orque-2", expect=kind("pass"),
            why="made to parry and unable to: it can do nothing (no dodge); round 2: faralinde, brundar, orque-1, "
                "orque-2")
    rec.act(gm("init", target="orque-2", value=30),
            expect=lambda r, _: r.view()["order"] == ["faralinde", "orque-2", "brundar", "orque-1"],
            why="orque-2's initiative set to 30: of those still to act, it comes first")
    rec.act(gm("order", ids=["brundar", "orque-1", "orque-2"]),
            expect=lambda r, _: r.view()["order"] == ["faralinde", "brundar", "orque-1", "orque-2"],
            why="the order of those still to act, set by hand")
    rec.act(gm("condition", target="brundar", name="shaken", value=1), expect=state("brundar", shaken=True),
            why="shaken")
    rec.act(gm("condition", target="brundar", name="prone", value=1), expect=state("brundar", prone=True),
            why="on the ground")
    rec.act(gm("condition", target="brundar", name="disarmed", value=1), expect=state("brundar", disarmed=True),
            why="disarmed")
    rec.act(gm("condition", target="brundar", name="disarmed", value=0), expect=state("brundar", disarmed=False),
            why="armed again")
    rec.act(gm("condition", target="orque-2", name="down", value=1), expect=state("orque-2", down=True),
            why="unconscious")
    rec.act(gm("condition", target="orque-2", name="down", value=0), expect=state("orque-2", down=False),
            why="awake")
    rec.act(gm("condition", target="orque-2", name="dead", value=1), expect=state("orque-2", dead=True),
            why="dead")
    rec.act(gm("condition", target="orque-2", name="dead", value=0), expect=state("orque-2", dead=False),
            why="not dead after all")
    rec.act({"type": "pass"}, who="faralinde", why="a pass")
    rec.act({"type": "stand"}, who="brundar", why="brundar gets up")
    rec.act(gm("out", target="orque-2"), expect=state("orque-2", removed=True), why="taken out of the fight")
    rec.act(gm("back", target="orque-2"), expect=state("orque-2", removed=False), why="brought back")
    rec.act(gm("add", ref="loup", side="orques", id="loup-gris"), expect=lambda r, _: r.row("loup-gris")["hp"] > 0,
            why="a wolf joins the orcs")
    rec.act(gm("add", ref="warg", side="orques", level=3), expect=lambda r, _: r.row("warg")["hp"] > 0,
            why="a young warg (level 3) joins them")
    rec.act(gm("add", ref="orque-soudard", side="compagnie"), why="an orc soldier (a sample fighter) turns coat")
    rec.act({"type": "attack", "target": "brundar", "typed": {"attack": [10]}}, who="orque-1", why="an attack")
    rec.act({"type": "attack", "target": "brundar", "typed": {"attack": [10]}}, who="orque-2",
            expect=lambda r, _: len(r.view()["order"]) == 7, why="round 3: the newcomers in the order")
    rec.auto_until("loup-gris")
    rec.act({"type": "attack", "target": "brundar", "typed": {"attack": [10]}},
            who="loup-gris", why="the wolf's first attack")


# --- main --------------------------------------------------------------------------------------------------------

@contextmanager
def temporary_store() -> Iterator[EventStore]:
    with tempfile.TemporaryDirectory() as folder, EventStore(Path(folder) / "fights.db") as store:
        yield store


def record(name: str, content: Content) -> Json:
    description, setup, seed, script = FIGHTS[name]
    system = fight_system("harp", content)
    with temporary_store() as store:
        # Tracker.create without its begin: a script may type the first round's initiative.
        fight_id = store.create_fight(name, system.id, {"encounter": setup(content), "seed": seed})
        tracker = Tracker(store, fight_id, system)
        rec = Recording(name, description, tracker)
        script(rec)
        return rec.document()


EXPANDED = frozenset({"events", "initial", "view", "summary", "combatants", "records", "setup", "encounter",
                      "sides"})
"""Keys whose value is written over several lines; every other value (an event, a record, a combatant's row)
holds on one line, so that a diff shows which rows changed."""
ITEMS_EXPANDED = frozenset({"events", "sides"})
"""Lists whose items are themselves written over several lines."""


def dumps(value: Any, key: str = "", level: int = 0, expand: bool = True) -> str:
    """``value`` as JSON with sorted keys, indented one space a level down to the rows (see :data:`EXPANDED`)."""
    if not expand or not isinstance(value, dict | list) or not value:
        return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(", ", ": "))
    pad, inner = " " * level, " " * (level + 1)
    if isinstance(value, dict):
        items = [f"{inner}{json.dumps(k, ensure_ascii=False)}: {dumps(v, k, level + 1, k in EXPANDED)}"
                 for k, v in sorted(value.items())]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    items = [f"{inner}{dumps(v, key, level + 1, key in ITEMS_EXPANDED)}" for v in value]
    return "[\n" + ",\n".join(items) + "\n" + pad + "]"


def write(document: Json, folder: Path = OUT) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{document['name']}.json"
    text = dumps(document) + "\n"
    if json.loads(text) != document:
        raise RuntimeError(f"{path}: the JSON written does not read back the same")
    path.write_text(text, encoding="utf-8")
    return path


def uncommitted_rules() -> str | None:
    """A warning when the estoc being recorded has uncommitted changes under its ``src`` (the logs would record
    a half-done edit)."""
    import estoc

    src = Path(estoc.__file__).resolve().parents[1]
    try:
        status = subprocess.run(["git", "status", "--porcelain", "--", "."], cwd=src, capture_output=True,
                                text=True, check=False)
    except OSError:
        return None
    if status.returncode == 0 and status.stdout.strip():
        return (f"warning: {src} has uncommitted changes; the logs record that code (record from a clean "
                "checkout, or put a clean export of it first on PYTHONPATH)")
    return None


def main(argv: list[str]) -> int:
    global VERBOSE
    VERBOSE = "--verbose" in argv
    names = [a for a in argv if a != "--verbose"] or list(FIGHTS)
    unknown = [n for n in names if n not in FIGHTS]
    if unknown:
        print(f"unknown fights: {', '.join(unknown)}; known: {', '.join(FIGHTS)}", file=sys.stderr)
        return 2
    warning = uncommitted_rules()
    if warning:
        print(warning, file=sys.stderr)
    content = load_folder(shipped_folder())
    for name in names:
        path = write(record(name, content))
        print(f"{path.relative_to(ROOT)}: {path.stat().st_size // 1024} KB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
