"""HARP · TdM (HARP adapted to Middle-earth): the combat chapter's rules as kernels over a batch of worlds."""

from estoc.systems.base import RuleSystem, register_system

HARP = register_system(RuleSystem(
    id="harp", name_fr="HARP · TdM", name_en="HARP · Middle-earth", aliases=("harp-tdm", "tdm"),
    kinds=("armours", "shields", "weapons", "attack-tables", "critical-tables", "fumble-tables",
           "manoeuvre-tables", "initiative-modifiers", "position-bonuses", "cover", "fighters")))
