"""Glicko-2 against Glickman's worked example ("Example of the Glicko-2 system", 2013), to his
printed precision, and one game rated, drawn or casual."""

from __future__ import annotations

import pytest

from core.ratings import Rating, Result, rate, rate_game


def test_glickmans_worked_example() -> None:
    player = Rating(1500, 200, 0.06)
    results = [
        Result(Rating(1400, 30), 1),
        Result(Rating(1550, 100), 0),
        Result(Rating(1700, 300), 0),
    ]
    after = rate(player, results, tau=0.5)
    # Glickman prints mu' = -0.2069 and phi' = 0.8722 on the Glicko-2 scale, then converts the
    # rounded values: 1464.06 and 151.52. Unrounded, the rating is 1464.0507.
    assert round((after.rating - 1500) / 173.7178, 4) == -0.2069
    assert round(after.deviation / 173.7178, 4) == 0.8722
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert round(after.deviation, 2) == 151.52
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)  # printed: 0.05999
    assert after.volatility < 0.06


def test_a_period_without_games_only_makes_the_rating_less_certain() -> None:
    after = rate(Rating(1500, 200, 0.06), [])
    assert after.rating == 1500
    assert round(after.deviation, 2) == 200.27  # sqrt(phi^2 + sigma^2), Glickman's step 6
    assert rate(Rating(1500, 350, 0.06), []).deviation == 350


def test_one_rated_game_moves_both_ratings_as_much_and_a_draw_between_equals_none() -> None:
    winner, loser = rate_game(Rating(), Rating(), 1.0)
    assert winner.rating > 1500 > loser.rating
    assert winner.rating - 1500 == pytest.approx(1500 - loser.rating)
    assert winner.deviation < 350 and loser.deviation < 350
    first, second = rate_game(Rating(), Rating(), 0.5)
    assert first.rating == pytest.approx(1500) and second.rating == pytest.approx(1500)
    assert first.deviation < 350


def test_a_draw_against_a_stronger_player_gains() -> None:
    weaker, stronger = rate_game(Rating(1400, 80), Rating(1700, 80), 0.5)
    assert weaker.rating > 1400 and stronger.rating < 1700


def test_a_casual_game_changes_nothing() -> None:
    first, second = Rating(1600, 90, 0.06), Rating(1450, 120, 0.07)
    assert rate_game(first, second, 1.0, rated=False) == (first, second)


def test_a_score_is_a_win_a_draw_or_a_loss() -> None:
    with pytest.raises(ValueError, match=r"a game's score is 1, 0\.5 or 0, not 2"):
        rate_game(Rating(), Rating(), 2)
