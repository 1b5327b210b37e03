"""Macadam in the search: a move that reaches the goal is tactical, so even Easy's one-move
look sees the goal it would leave open."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_macadam_support import GAME, position

from core.ai import LEVELS, Searcher, plugin_for
from core.ai.macadam import MacadamPlugin
from core.games.macadam.state import MacadamState

PLUGIN = plugin_for(GAME)

# North threatens e5-e3-e1 (over its pawns on e4 and e2); only a South pawn on e3 stops it.
THREAT = GAME.read_position(position(south="a3 g1 h1", north="e5 e4 e2 a8 b8", side="s"))


def north_can_win(state: MacadamState) -> bool:
    for move in GAME.legal_moves(state):
        outcome = GAME.outcome(GAME.apply(state, move))
        if outcome is not None and outcome.winners == (1,):
            return True
    return False


def safe_moves(state: MacadamState) -> set[str]:
    moves = GAME.legal_moves(state)
    return {GAME.format_move(state, m) for m in moves if not north_can_win(GAME.apply(state, m))}


def test_only_blocking_the_landing_square_stops_the_threat() -> None:
    assert len(GAME.legal_moves(THREAT)) == 18
    assert safe_moves(THREAT) == {"a3-e3"}


def test_goal_moves_are_the_tactical_ones() -> None:
    north_to_move = GAME.read_position(position(south="a3 g1 h1", north="e5 e4 e2 a8 b8", side="n"))
    tactical = PLUGIN.tactical_moves(north_to_move, PLUGIN.searched_moves(north_to_move))
    assert {GAME.format_move(north_to_move, move) for move in tactical} == {"e5-e3-e1"}
    assert PLUGIN.tactical_moves(THREAT, PLUGIN.searched_moves(THREAT)) == []


@pytest.mark.parametrize("level", ["easy", "normal"])
@pytest.mark.parametrize("seed", range(4))
def test_every_level_blocks_a_goal_threat(level: str, seed: int) -> None:
    move = Searcher(GAME, THREAT, LEVELS[level], seed).run()
    assert GAME.format_move(THREAT, move) == "a3-e3"


class WithoutGoalMoves(MacadamPlugin):
    def tactical_moves(self, state, moves):  # type: ignore[no-untyped-def]
        return ()


def test_without_the_goal_moves_easy_walks_into_the_threat() -> None:
    blind = WithoutGoalMoves(GAME)
    played = {
        GAME.format_move(THREAT, Searcher(GAME, THREAT, LEVELS["easy"], seed, plugin=blind).run())
        for seed in range(8)
    }
    assert played - {"a3-e3"}


def _saves_of_the_analysis_set() -> list[tuple[str, str]]:
    path = Path(__file__).parent / "data" / "analysis_macadam.txt"
    rows = [line.split("\t") for line in path.read_text(encoding="utf-8").splitlines() if line]
    return [(move, text) for kind, move, text, *_ in rows if kind == "save"]


@pytest.mark.parametrize(("only", "text"), _saves_of_the_analysis_set())
def test_easy_finds_the_only_save_against_a_crossing_too(only: str, text: str) -> None:
    """The sixth pawn across the lane against two or fewer wins as the goal does: Easy's
    one-move look sees that threat as well."""
    state = GAME.read_position(text)
    for seed in range(3):
        assert GAME.format_move(state, Searcher(GAME, state, LEVELS["easy"], seed).run()) == only


def test_the_sixth_pawn_across_is_tactical() -> None:
    # From the set: North must play b6-b4; after b6-c6 South brings a sixth pawn across.
    text = next(text for move, text in _saves_of_the_analysis_set() if move == "b6-b4")
    before = GAME.read_position(text)
    state = GAME.apply(before, GAME.parse_move(before, "b6-c6"))
    tactical = PLUGIN.tactical_moves(state, PLUGIN.searched_moves(state))
    assert "d4-d6" in {GAME.format_move(state, move) for move in tactical}
    for move in tactical:
        outcome = GAME.outcome(GAME.apply(state, move))
        assert outcome is not None and outcome.winners == (0,)
