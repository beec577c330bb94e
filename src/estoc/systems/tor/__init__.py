"""The One Ring 2nd edition house rules (stances, engagement, combat tasks): the combat rules as kernels over a
batch of worlds."""

from estoc.systems.base import RuleSystem, register_system

TOR = register_system(RuleSystem(
    id="tor", name_fr="L'Anneau Unique 2e (règles maison)", name_en="The One Ring 2e (house rules)",
    aliases=("anneau-unique", "one-ring", "aue"),
    kinds=("weapons", "armours", "shields", "heroes", "adversaries")))
