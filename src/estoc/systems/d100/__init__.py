"""The d100 system (BRP-style percentile combat): the combat chapter's rules as kernels over a batch of worlds."""

from estoc.systems.base import RuleSystem, register_system

D100 = register_system(RuleSystem(
    id="d100", name_fr="d100 (percentile, façon BRP)", name_en="d100 (BRP-style percentile)",
    aliases=("brp", "percentile"),
    kinds=("weapons", "armours", "shields", "outcome-tables", "characters")))
