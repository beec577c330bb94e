"""The One Ring 2nd edition house rules (stances, engagement, combat tasks): the combat rules as kernels over a
batch of worlds."""

from estoc.systems.base import TOR

__all__ = ["TOR"]
