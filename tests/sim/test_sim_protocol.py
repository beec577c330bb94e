"""The simulation protocol: the runner and ``estoc simulate`` know no system (they import none and test no
encounter's type); each system's settings take the values their help shows and refuse others with an InputError,
and land where they belong in a scenario."""

from __future__ import annotations

import ast
import inspect
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

import estoc
from estoc.content.registry import Content
from estoc.engine.simulation import FALSE, TRUE, OneOf, Outcome, SettingSpec, Switch, Whole
from estoc.errors import InputError
from estoc.sim import SETTINGS, compare, parse_setting, scenario, simulate, tally
from estoc.sim.runner import load_any_encounter, play_chunk
from estoc.systems.base import find_sim_system, sim_systems, system_ids

SOURCE = Path(estoc.__file__).parent
SAMPLES = Path(str(resources.files("estoc.play").joinpath("samples")))
SAMPLE = {"harp": "embuscade.yaml", "d100": "pont.yaml", "tor": "gue.yaml"}
UPWARD = ("estoc.play", "estoc.render", "estoc.sim", "estoc.cli")



def imported(path: Path) -> set[str]:
    """Every module a file imports, wherever the import stands (functions included)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


@pytest.mark.parametrize("module", ["sim/runner.py", "sim/tally.py", "sim/summary.py", "cli/simulate.py"])
def test_the_runner_and_the_command_know_no_system(module: str) -> None:
    path = SOURCE / module
    # The declarations and the reader of any system's encounter files name no system themselves.
    agnostic = ("estoc.systems.base", "estoc.systems.encounters")
    systems = sorted(name for name in imported(path)
                     if name.startswith("estoc.systems.") and not name.startswith(agnostic))
    assert systems == [], f"{module} imports {systems}"
    names = {node.id for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))) if isinstance(node, ast.Name)}
    assert not names & {"LoadedEncounter", "LoadedD100Encounter", "LoadedTorEncounter", "HarpTables"}


def test_no_tables_handed_to_the_runner() -> None:
    for function in (simulate, compare, play_chunk):
        assert "tables" not in inspect.signature(function).parameters, function.__name__


@pytest.mark.parametrize("path", sorted((SOURCE / "systems").rglob("*.py")), ids=lambda p: p.name)
def test_no_rules_module_imports_above_it(path: Path) -> None:
    """Doors go one way (principle 5): no module under systems/ imports play/, render/, sim/ or cli/, even lazily."""
    assert {name for name in imported(path) if name.startswith(UPWARD)} == set()


def test_the_registry() -> None:
    assert [s.id for s in sim_systems()] == list(system_ids()) == ["harp", "d100", "tor"]
    for system in sim_systems():
        assert find_sim_system(system.id) is system
        assert estoc.find_system(system.id).id == system.id
    with pytest.raises(InputError, match="gurps"):
        find_sim_system("gurps")
    assert tally.Outcome is Outcome  # built by the systems, re-exported where it was


def test_keys_are_unique_and_listed_in_order() -> None:
    keys = [spec.key for system in sim_systems() for spec in system.settings]
    assert len(keys) == len(set(keys)) and tuple(keys) == SETTINGS


Pairs = list[tuple[object, object]]


def documented(spec: SettingSpec) -> tuple[Pairs, list[object]]:
    """Values the spec's help shows, with what they parse to, and values it must refuse."""
    value = spec.value
    if isinstance(value, Whole):
        none: Pairs = [(word, None) for word in value.none]
        if value.low is None or value.high is None:
            return [(5, 5), ("-30", -30), (" 12 ", 12), *none], ["lots", "2.5", True, ""]
        return ([(value.low, value.low), (str(value.high), value.high), *none],
                [value.low - 1, str(value.high + 1), "lots", True])
    if isinstance(value, OneOf):
        choices: Pairs = [(c, c) for c in value.choices]
        return [*choices, (value.choices[0].upper(), value.choices[0])], ["far", True, 3]
    assert isinstance(value, Switch), f"{spec.key}: a kind of value this test does not know"
    good: Pairs = [*((w, True) for w in TRUE), *((w, False) for w in FALSE)]
    return [*good, (True, True), (False, False), ("OUI", True)], ["maybe", "peut-être", 2]


@pytest.mark.parametrize("spec", [spec for system in sim_systems() for spec in system.settings],
                         ids=lambda spec: spec.key)
def test_settings_take_their_documented_values(spec: SettingSpec) -> None:
    assert spec.help().strip() and spec.value.form()
    good, bad = documented(spec)
    for text, value in good:
        assert spec.parse(text) == value, (spec.key, text)
    for word in spec.value.form().split("|"):
        if word != "N" and "–" not in word:
            spec.parse(word)  # every word the help shows is taken
    assert parse_setting(f"{spec.key}={good[0][0]}") == (spec.key, good[0][1])
    for text in bad:
        with pytest.raises(InputError, match=spec.key.replace(".", r"\.")):
            spec.parse(text)


@pytest.fixture(scope="module")
def samples(content: Content) -> dict[str, Any]:
    return {system: load_any_encounter(SAMPLES / name, content) for system, name in SAMPLE.items()}


@pytest.mark.parametrize("system_id", sorted(system_ids()))
def test_settings_land_in_the_scenario(content: Content, samples: dict[str, Any], system_id: str) -> None:
    encounter = samples[system_id]
    system = find_sim_system(system_id)
    base = scenario(encounter, content)
    assert list(base.settings) == [spec.key for spec in system.settings]
    for spec in system.settings:
        good, _bad = documented(spec)
        for text, value in good[:2]:
            changed = scenario(encounter, content, {spec.key: text})
            assert changed.settings[spec.key] == value, (spec.key, text)
            assert changed.settings == {**base.settings, spec.key: value}
            assert (changed.encounter is encounter) == spec.is_option  # an option leaves the encounter as it is
    assert encounter.setup == base.encounter.setup  # the caller's encounter is untouched


def test_a_setting_of_another_system_is_refused(content: Content, samples: dict[str, Any]) -> None:
    for system_id, encounter in samples.items():
        for other in sim_systems():
            if other.id == system_id:
                continue
            key = other.settings[0].key
            with pytest.raises(InputError, match=f"not a setting of the {system_id} system"):
                scenario(encounter, content, {key: other.settings[0].parse(documented(other.settings[0])[0][0][0])})
    with pytest.raises(InputError, match="beasts_flee: not a setting of the d100 system"):
        scenario(samples["d100"], content, {"beasts_flee": True})
