"""Simulation: many whole fights of an encounter, in chunks of worlds, summed up with intervals."""

from estoc.sim.runner import (
    SETTINGS,
    ComparisonRun,
    Scenario,
    SimRun,
    compare,
    parse_setting,
    scenario,
    simulate,
)
from estoc.sim.summary import ComparisonSummary, SimSummary, summarize, summarize_comparison

__all__ = [
    "SETTINGS",
    "ComparisonRun",
    "ComparisonSummary",
    "Scenario",
    "SimRun",
    "SimSummary",
    "compare",
    "parse_setting",
    "scenario",
    "simulate",
    "summarize",
    "summarize_comparison",
]
