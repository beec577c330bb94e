"""Exact odds: the distributions of rolls and of one exchange, with integer weights and fractions."""

from estoc.odds.attack import ExchangeOdds, exchange_odds
from estoc.odds.jsl import Distribution, open_ended_distribution

__all__ = ["Distribution", "ExchangeOdds", "exchange_odds", "open_ended_distribution"]
