"""Win rates with a 95 % Wilson score interval, and when two of them agree."""

from __future__ import annotations

from math import sqrt

Z95 = 1.959963984540054  # two-sided 95 % normal quantile


def wilson(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for wins out of games (a draw may count as half a win)."""
    if games <= 0:
        return (0.0, 1.0)
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


def half_width(interval: tuple[float, float]) -> float:
    return (interval[1] - interval[0]) / 2


def agree(p_a: float, interval_a: tuple[float, float],
          p_b: float, interval_b: tuple[float, float]) -> bool:
    """Two estimates agree when they differ by no more than their combined 95 % half-widths
    (root of the sum of squares, as for the difference of two independent estimates)."""
    return abs(p_a - p_b) <= sqrt(half_width(interval_a) ** 2 + half_width(interval_b) ** 2)
