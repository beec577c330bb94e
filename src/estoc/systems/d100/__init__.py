"""The d100 system (BRP-style percentile combat): the combat chapter's rules as kernels over a batch of worlds."""

from estoc.systems.base import D100

__all__ = ["D100"]
