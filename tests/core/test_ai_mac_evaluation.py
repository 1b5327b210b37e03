"""MAC's evaluation beyond material: the side ahead hunts, and tokens in hand are worth keeping.

A side ahead in material that sees no capture within its search's horizon would mark time
into the twenty-turn draw; the evaluation rewards it for bringing its pieces near the enemy
pieces they beat. It also values an unspent power token a little.
"""

from __future__ import annotations

import pytest
from test_mac_helpers import GAME, position
from test_mac_tokens import tokens

from core.ai import Level, Searcher, plugin_for
from core.ai.mac import pressure
from core.games.mac.state import MacState

PLUGIN = plugin_for(GAME)
ONE_MOVE = Level("test", "Test", seconds=None, algorithm="alphabeta", depth=1)
SEEDS = range(6)

# Red is far ahead (a 9 against a 2); the 9 on d1 closes in on the 2 on d7 only by d1-d2.
HUNT = "@@.. ...B2 .... .... .... .... .... ...R9"


def chosen(state: MacState, seed: int) -> str:
    return GAME.format_move(state, Searcher(GAME, state, ONE_MOVE, seed).run())


def red_value(state: MacState) -> float:
    return PLUGIN.evaluate(state)[0]


def test_pressure_counts_each_target_by_its_nearest_chaser_that_beats_it() -> None:
    # The Red 5 on a1 beats the Blue 4 on a2 (next to it) and the Blue 3 on d8 (3 + 7 = 10
    # steps, the farthest there is); nothing Red beats the Blue 9 on b1.
    state = position("@@.B3 .... .... .... .... .... B4... R5B9..")
    red = [0]
    blue = [4, 1, 31]
    assert pressure(state.board, red, blue) == pytest.approx((10 + 1) / 10)
    assert pressure(state.board, blue, red) == pytest.approx(10 / 10)  # the 9 next to the 5


@pytest.mark.parametrize("seed", SEEDS)
def test_the_side_ahead_steps_toward_a_piece_it_beats(seed: int) -> None:
    state = position(HUNT)
    assert chosen(state, seed) == "d1-d2"


def test_the_hunt_counts_only_for_the_side_ahead() -> None:
    near = "@@.. ...B2 ...R9 .... .... .... .... ...."
    far = "@@.. ...B2 .... .... .... .... .... ...R9"
    assert red_value(position(near)) > red_value(position(far))
    # With the material level (a Blue 9 and a Red 2 too), being near gains Red nothing.
    level_near = "@@B9. ...B2 ...R9 .... .... .... .... R2..."
    level_far = "@@B9. ...B2 .... .... .... .... .... R2..R9"
    assert red_value(position(level_near)) == pytest.approx(red_value(position(level_far)))


def test_a_token_in_hand_is_worth_something() -> None:
    board = ".... .... .... .... .... B4... R5..."
    assert red_value(tokens(board, "+/-")) > red_value(tokens(board, "-/-"))
    assert red_value(tokens(board, "-/+")) < red_value(tokens(board, "-/-"))


@pytest.mark.parametrize("seed", SEEDS)
def test_a_capture_without_a_token_beats_the_same_capture_with_one(seed: int) -> None:
    # The 2 on a1 takes the 1 on a2 unaided; the 1 on d1 takes the 1 on c2 after pushing it
    # onto d2 or c1. Either way a 1 is gained and nothing can take back: keep the token.
    state = tokens(".... .... .... .... .... B1.B1. R2..R1", "p/-")
    assert chosen(state, seed) == "a1xa2"
