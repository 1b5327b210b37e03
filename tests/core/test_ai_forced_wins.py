"""Forced wins in three plies, per game: the search must find the one winning move.

Each position was picked from random sparse positions; this file proves its claim itself with
a deliberately plain exhaustive solver: the first seat wins by force within three plies with
exactly one move, and with no move that wins at once (so the searcher's shortcut for an
immediate win does not help). Then the searches, capped for determinism, must play that move.
"""

from __future__ import annotations

import dataclasses

import pytest

from core import find_game
from core.ai import LEVELS, Level, Searcher
from core.game import Game, Move, State

CASES = [
    # Martian Chess: South's queen takes North's last piece, then whatever North does, South
    # empties a zone while ahead.
    ("martian-chess", "3d/4/4/4/2d1/4/4/3q 1 3/4 - -", "d1xd8"),
    ("martian-chess", "4/1p1p/3p/4/d3/d3/4/4 1 3/2 - -", "a4-a6"),
    ("mac", "standard ..../..R9B7/..../..../..../..../.@../B3R5@. 0 RB - -/- - -/- 0 -", "c7xd7"),
    ("mac", "standard B5.../R7B0../R3@../..../..../..../..../..@. 0 RB - -/- - -/- 0 -", "a7xb7"),
    ("macadam", "8/8/8/8/p7/8/3P2p1/1P3p2 s play -", "d2-f2"),
    ("macadam", "6p1/6p1/1pP5/1P2P3/8/5P2/8/8 s play -", "b5-d7"),
]
IDS = [f"{game}-{move}" for game, _, move in CASES]

SEARCHES = {
    # The real levels' algorithm (each game's choice), capped by depth or by playouts.
    "normal": dataclasses.replace(LEVELS["normal"], seconds=None, depth=3, playouts=2000),
    "hard": dataclasses.replace(LEVELS["hard"], seconds=None, depth=4, playouts=4000),
    "mcts": Level("mcts", "MCTS", seconds=None, algorithm="mcts", playouts=4000),
}


def wins_within(game: Game, state: State, seat: int, plies: int) -> bool:
    """Whether ``seat`` wins by force within ``plies`` plies, by trying everything."""
    outcome = game.outcome(state)
    if outcome is not None:
        return seat in outcome.winners
    if plies == 0:
        return False
    results = (
        wins_within(game, game.apply(state, m), seat, plies - 1) for m in game.legal_moves(state)
    )
    return any(results) if game.to_move(state) == seat else all(results)


def winning_moves(game: Game, state: State, plies: int) -> set[Move]:
    seat = game.to_move(state)
    return {
        move
        for move in game.legal_moves(state)
        if wins_within(game, game.apply(state, move), seat, plies - 1)
    }


@pytest.mark.parametrize(("game_id", "position", "move"), CASES, ids=IDS)
def test_the_position_has_exactly_one_forced_win(game_id: str, position: str, move: str) -> None:
    game = find_game(game_id)
    state = game.read_position(position)
    assert winning_moves(game, state, 1) == set()
    assert {game.format_move(state, m) for m in winning_moves(game, state, 3)} == {move}


@pytest.mark.parametrize("search", list(SEARCHES))
@pytest.mark.parametrize(("game_id", "position", "move"), CASES, ids=IDS)
def test_the_search_finds_the_forced_win(
    game_id: str, position: str, move: str, search: str
) -> None:
    game = find_game(game_id)
    state = game.read_position(position)
    chosen = Searcher(game, state, SEARCHES[search], seed=1).run()
    assert game.format_move(state, chosen) == move
