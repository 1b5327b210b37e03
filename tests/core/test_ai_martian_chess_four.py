"""The computer in four-player Martian Chess without teams, and its capture generator.

One player faces three there and "beating" them means finishing ahead of each of them, so the
evaluation weighs every opponent, not only the best of them. Positions are set up from
position text (ranks 8..1, eight squares wide; seats South-West, North-West, North-East,
South-East, in turn order).
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Iterable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core import find_game
from core.ai import LEVELS, Searcher, plugin_for
from core.ai.martian_chess import MartianChessPlugin, side_values
from core.ai.martian_chess_captures import captures
from core.games.martian_chess.moves import Move
from core.games.martian_chess.state import State

GAME = find_game("martian-chess")
FREE_FOR_ALL = {"players": "4", "teams": "off"}


def position(text: str) -> State:
    return GAME.read_position(text)


def formatted(state: State, moves: Iterable[Move]) -> list[str]:
    return [GAME.format_move(state, move) for move in moves]


def test_each_player_is_worth_the_share_of_the_others_it_may_expect_to_finish_ahead_of() -> None:
    plugin = plugin_for(GAME)
    level = plugin.evaluate(position("p6p/7p/d7/8/p2d4/4p3/8/p6p 1 4/4/4/4 - - ffa"))
    assert level == pytest.approx([0.5] * 4)
    values = plugin.evaluate(position("p6p/7p/d7/8/p2d4/4p3/8/p6p 1 8/10/0/8 - - ffa"))
    # Each pair of players shares one unit between them: four players, six pairs.
    assert sum(values) == pytest.approx(6 / 3)
    assert values[1] > values[0] == values[3] > values[2]
    # South-West's value counts its place against each of the three, the last one included.
    behind_one = plugin.evaluate(position("p6p/7p/d7/8/p2d4/4p3/8/p6p 1 8/10/7/8 - - ffa"))
    assert behind_one[0] < values[0]


def test_two_sides_keep_the_chance_of_beating_the_other() -> None:
    # Two players, or four in two teams: one other side, so the share is the chance to win.
    assert side_values((5, 2), ((0,), (1,)), -1, 0.1)[0] == pytest.approx(1 / (1 + math.exp(-1)))
    teams = side_values((2, 0, 3, 1), ((0, 2), (1, 3)), -1, 0.1)
    assert teams[0] == teams[2] and teams[1] == teams[3]
    assert teams[0] + teams[1] == pytest.approx(1.0)


# South-West to move, 8 points; North-West leads with 10, South-East has 8. North-West's drone
# (a6) attacks South-West's pawn on a4 and South-East's pawn (e3) its drone on d4; only one can
# be saved. Saving the pawn lets South-East take the drone and draw level with the leader at
# 10; saving the drone lets the leader take the pawn, 11. Against the best of the others only,
# saving the pawn looks better (2 behind the leader rather than 3); against each of them,
# saving the drone is: South-West stays ahead of South-East instead of falling behind.
PAWN_OR_DRONE = "p6p/7p/d7/8/p2d4/4p3/8/p6p 1 8/10/0/8 - - ffa"
#: The drone's moves to squares that South-East's pawn (e3) does not attack.
DRONE_SAVED = {"d4-b4", "d4-c4", "d4-d3", "d4-d5", "d4-d6", "d4-e4", "d4-f4"}


def test_the_choice_between_the_pawn_and_the_drone_is_as_described() -> None:
    state = position(PAWN_OR_DRONE)
    assert set(formatted(state, GAME.legal_moves(state))) == DRONE_SAVED | {
        "a1-b2", "a4-b3", "a4-b5", "d4-d2",
    }  # fmt: skip
    # What each choice comes to once North-West and South-East have taken what is left.
    drone_lost = GAME.read_position("p6p/7p/d7/8/3p4/1p6/8/p6p 1 8/10/0/10 - - ffa")
    pawn_lost = GAME.read_position("p6p/7p/8/8/d1d5/4p3/8/p6p 1 8/11/0/8 - - ffa")
    plugin = plugin_for(GAME)
    assert plugin.evaluate(pawn_lost)[0] > plugin.evaluate(drone_lost)[0]


@pytest.mark.parametrize("level,depth", [("normal", 3), ("hard", 4)])
def test_the_searching_levels_save_the_drone_rather_than_the_pawn(level: str, depth: int) -> None:
    state = position(PAWN_OR_DRONE)
    capped = dataclasses.replace(LEVELS[level], seconds=None, depth=depth)
    for seed in range(6):
        move = Searcher(GAME, state, capped, seed).run()
        assert GAME.format_move(state, move) in DRONE_SAVED


def random_state(options: dict[str, str], seed: int, plies: int) -> State:
    rng = random.Random(seed)
    state = GAME.new(options, seed)
    for _ in range(plies):
        moves = GAME.legal_moves(state)
        if not moves:
            break
        state = GAME.apply(state, moves[rng.randrange(len(moves))])
    return state


@settings(max_examples=60, deadline=None)
@given(
    options=st.sampled_from([{}, {"players": "4"}, FREE_FOR_ALL]),
    seed=st.integers(0, 10_000),
    plies=st.integers(0, 160),
)
def test_the_capture_search_sees_exactly_the_tactical_moves(
    options: dict[str, str], seed: int, plies: int
) -> None:
    state = random_state(options, seed, plies)
    plugin = MartianChessPlugin(GAME)
    moves = GAME.legal_moves(state)
    expected = list(plugin.tactical_moves(state, moves)) if moves else []
    assert list(plugin.capture_search_moves(state)) == expected


def test_captures_are_listed_biggest_first() -> None:
    # North-West to move: its drone (b6) reaches South-West's queen on b4 through b5; its pawn
    # (d5) takes North-East's drone (e6), South-West's pawn (c4) or South-East's pawn (e4).
    state = position("8/8/1d2d3/3p4/1qp1p3/8/8/8 2 0/0/0/0 - - ffa")
    found = formatted(state, captures(state))
    assert found[:2] == ["b6xb4", "d5xe6"]
    assert set(found[2:]) == {"d5xc4", "d5xe4"} and len(found) == 4


def test_there_are_no_captures_once_the_game_is_over() -> None:
    state = position("4/4/4/4/4/4/4/1q2 2 3/2 - -")
    assert captures(state) == []


def test_kept_evaluations_tell_teams_and_clocks_apart(monkeypatch: pytest.MonkeyPatch) -> None:
    plugin = MartianChessPlugin(GAME)
    scores = (2, 0, 3, 1)
    teams = GAME.new({"players": "4"})._replace(scores=scores)
    free = GAME.new(FREE_FOR_ALL)._replace(scores=scores)
    assert plugin.evaluate(teams)[0] > plugin.evaluate(free)[0] > 0.5
    assert plugin.evaluate(teams)[0] == side_values(scores, ((0, 2), (1, 3)), -1, 0.1)[0]
    called = free._replace(clock=5)
    assert plugin.evaluate(called)[2] > plugin.evaluate(free)[2]
    # Starting afresh when full changes nothing but the memory used.
    monkeypatch.setattr("core.ai.martian_chess.VALUES_KEPT", 2)
    fresh = MartianChessPlugin(GAME)
    for state in (teams, free, called, teams, free):
        assert fresh.evaluate(state) == plugin.evaluate(state)
    assert len(fresh._values) <= 2
