"""Players' ratings: the Glicko-2 system, as Glickman publishes it ("Example of the Glicko-2
system", 2013), one rating per player and game.

A rating is a strength (1500 for a newcomer), a deviation (how unsure it is: 350 for a
newcomer, falling as games are played, growing again while none are) and a volatility (how
erratic the player's results are). ``rate`` runs Glickman's steps 1 to 8 over one rating
period's results; ``rate_game`` rates both players of one game as a period of its own, the
way a server rates each game as it finishes. A casual game changes nothing.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

#: Glicko-2's scale: ratings are ``SCALE * mu + 1500``.
SCALE = 173.7178
START_RATING = 1500.0
START_DEVIATION = 350.0
START_VOLATILITY = 0.06
#: The system constant: how much the volatility may change (Glickman suggests 0.3 to 1.2).
TAU = 0.5
#: When the volatility's iteration stops.
EPSILON = 0.000001


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's strength in one game."""

    rating: float = START_RATING
    deviation: float = START_DEVIATION
    volatility: float = START_VOLATILITY


@dataclass(frozen=True, slots=True)
class Result:
    """One game of a rating period: the opponent's rating before the period and the score,
    1 for a win, 0.5 for a draw, 0 for a loss."""

    opponent: Rating
    score: float


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1 / (1 + math.exp(-_g(phi_j) * (mu - mu_j)))


def _new_volatility(phi: float, sigma: float, delta: float, v: float, tau: float) -> float:
    """Step 5: the root of Glickman's f by the Illinois algorithm."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        top = ex * (delta * delta - phi * phi - v - ex)
        bottom = 2 * (phi * phi + v + ex) ** 2
        return top / bottom - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2)


def rate(player: Rating, results: Sequence[Result], tau: float = TAU) -> Rating:
    """The player's rating after a rating period with ``results`` (none: only the deviation
    grows, as the player's strength grows less certain)."""
    mu = (player.rating - START_RATING) / SCALE
    phi = player.deviation / SCALE
    sigma = player.volatility
    if not results:
        grown = math.sqrt(phi * phi + sigma * sigma) * SCALE
        return Rating(player.rating, min(grown, START_DEVIATION), sigma)
    inverse_v = 0.0
    improvement = 0.0
    for result in results:
        mu_j = (result.opponent.rating - START_RATING) / SCALE
        phi_j = result.opponent.deviation / SCALE
        g, e = _g(phi_j), _expected(mu, mu_j, phi_j)
        inverse_v += g * g * e * (1 - e)
        improvement += g * (result.score - e)
    v = 1 / inverse_v
    delta = v * improvement
    new_sigma = _new_volatility(phi, sigma, delta, v, tau)
    phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)
    new_phi = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)
    new_mu = mu + new_phi * new_phi * improvement
    return Rating(SCALE * new_mu + START_RATING, SCALE * new_phi, new_sigma)


def rate_game(
    first: Rating, second: Rating, first_score: float, *, rated: bool = True
) -> tuple[Rating, Rating]:
    """Both players' ratings after one game between them, ``first_score`` being 1, 0.5 or 0
    for the first player; a casual game (``rated=False``) leaves both as they were."""
    if first_score not in (0.0, 0.5, 1.0):
        raise ValueError(f"a game's score is 1, 0.5 or 0, not {first_score}")
    if not rated:
        return first, second
    return (
        rate(first, [Result(second, first_score)]),
        rate(second, [Result(first, 1.0 - first_score)]),
    )
