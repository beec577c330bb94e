"""HARP · TdM (HARP adapted to Middle-earth): the combat chapter's rules as kernels over a batch of worlds."""

from estoc.systems.base import HARP

__all__ = ["HARP"]
