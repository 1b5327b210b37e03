"""The computer player in Martian Chess: forced wins, free material, the double whammy.

Positions are set up from position text (South moves first, ranks 8..1). Levels are used with
their search settings but a depth or playout cap instead of a clock, so every result here
depends only on the seed.
"""

from __future__ import annotations

import dataclasses

import pytest

from core import find_game
from core.ai import LEVELS, Level, Searcher, plugin_for
from core.ai.martian_chess import MartianChessPlugin
from core.games.martian_chess.state import State

GAME = find_game("martian-chess")

#: Every level, capped for tests: the real levels' algorithm and noise, no clock.
CAPPED = {
    "easy": dataclasses.replace(LEVELS["easy"], seconds=None),
    "normal": dataclasses.replace(LEVELS["normal"], seconds=None, depth=3),
    "hard": dataclasses.replace(LEVELS["hard"], seconds=None, depth=4),
    "mcts": Level("mcts", "MCTS", seconds=None, algorithm="mcts", playouts=3000),
}


def position(text: str) -> State:
    return GAME.read_position(text)


def search(text: str, level: str, seed: int = 0) -> str:
    state = position(text)
    return GAME.format_move(state, Searcher(GAME, state, CAPPED[level], seed).run())


def legal(text: str) -> set[str]:
    state = position(text)
    return {GAME.format_move(state, move) for move in GAME.legal_moves(state)}


def test_martian_chess_has_its_own_plugin_and_prefers_alphabeta() -> None:
    plugin = plugin_for(GAME)
    assert isinstance(plugin, MartianChessPlugin)
    assert Searcher(GAME, GAME.new(), "normal").algorithm == "alphabeta"


# South's last piece, a queen on b1, takes North's drone on b5: the queen leaves South's zone
# empty, which ends the game, and South wins 3 to 2. Any other crossing ends it lost 1 to 2;
# staying lets North's drone cross and end it the same way.
LAST_CAPTURE = "4/4/4/1d2/4/4/4/1q2 1 1/2 - o"


@pytest.mark.parametrize("level", list(CAPPED))
def test_every_level_takes_the_capture_that_ends_the_game_and_wins(level: str) -> None:
    assert legal(LAST_CAPTURE) == {
        "b1-a1", "b1-a2", "b1-b2", "b1-b3", "b1-b4", "b1xb5", "b1-c1", "b1-c2", "b1-d1", "b1-d3",
        "clock",
    }  # fmt: skip
    for seed in range(3):
        assert search(LAST_CAPTURE, level, seed) == "b1xb5"


# South's last piece, a drone on a4, is attacked by North's queen (c6-b5-a4).
RUN_FOR_THE_BORDER = "4/4/2q1/4/d3/4/4/4 1 3/2 - o"


@pytest.mark.parametrize("level", list(CAPPED))
def test_every_level_runs_its_last_piece_over_the_canal_while_ahead(level: str) -> None:
    # Crossing the canal empties South's zone and ends the game 3 to 2; staying in the zone
    # lets the queen take the drone (a4-b4 or a4-c4 aside) or at best drags on.
    assert legal(RUN_FOR_THE_BORDER) == {
        "a4-a2", "a4-a3", "a4-a5", "a4-a6", "a4-b4", "a4-c4", "clock",
    }  # fmt: skip
    for seed in range(3):
        assert search(RUN_FOR_THE_BORDER, level, seed) in {"a4-a5", "a4-a6"}


# Behind 3 to 4: d1xd8 takes North's last piece but leaves the capturing queen there as
# North's, so the game goes on 5 to 4. Whatever North does then, South wins: if the queen
# crosses, North's zone is empty; if not, South's drone crosses the canal and empties South's.
THREE_PLY_WIN = "3d/4/4/4/2d1/4/4/3q 1 3/4 - -"


@pytest.mark.parametrize("level", ["normal", "hard", "mcts"])
def test_searching_levels_find_the_win_in_three_plies(level: str) -> None:
    assert len(legal(THREE_PLY_WIN)) == 20
    assert search(THREE_PLY_WIN, level) == "d1xd8"


def test_the_three_ply_win_is_the_only_one() -> None:
    # Every other move lets North avoid losing within three plies, so finding d1xd8 is no luck.
    state = position(THREE_PLY_WIN)
    deep = dataclasses.replace(CAPPED["normal"], depth=3)
    searcher = Searcher(GAME, state, deep, 0)
    searcher.run()
    winning = {
        GAME.format_move(state, move)
        for move, (value, exact) in searcher._engine.scores.items()
        if value > 1.0 and exact
    }
    assert winning == {"d1xd8"}


# North's queen on a5 attacks South's drone on a3 (a4 is empty); the drone takes it first,
# and from a5 the drone, now North's, reaches nothing of South's.
FREE_QUEEN = "3p/4/4/q3/4/d3/4/2pp 1 0/0 - -"
FREE_QUEEN_CLOCK_ON = "3p/4/4/q3/4/d3/4/2pp 1 0/0 - o"


def test_easy_takes_a_free_queen() -> None:
    assert "a3xa5" in legal(FREE_QUEEN) and len(legal(FREE_QUEEN)) == 9
    for seed in range(10):
        assert search(FREE_QUEEN, "easy", seed) == "a3xa5"


def test_easy_is_not_always_the_same_move_when_moves_are_equal() -> None:
    start = GAME.write_position(GAME.new())
    assert len({search(start, "easy", seed) for seed in range(12)}) > 1


# South's queen could take the pawn on a5 (+1), but from a5 the queen, now North's, would take
# South's drone on c3 (a5-b4-c3, +2 for North): the double whammy. Quiet moves lose nothing.
DOUBLE_WHAMMY = "3p/4/4/p3/4/2d1/4/q3 1 0/0 - o"


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_levels_avoid_the_double_whammy(level: str) -> None:
    assert "a1xa5" in legal(DOUBLE_WHAMMY)
    for seed in range(3):
        assert search(DOUBLE_WHAMMY, level, seed) != "a1xa5"


def test_a_greedy_capture_would_fall_for_the_double_whammy() -> None:
    # Without the capture search at its leaves a one-ply search takes the pawn: so the test
    # above is about looking past the capture.
    class NoCaptureSearch(MartianChessPlugin):
        quiescence_depth = 0

    level = Level("greedy", "Greedy", seconds=None, algorithm="alphabeta", depth=1)
    state = position(DOUBLE_WHAMMY)
    move = Searcher(GAME, state, level, 0, plugin=NoCaptureSearch(GAME)).run()
    assert GAME.format_move(state, move) == "a1xa5"


def test_evaluation_is_the_score_margin_for_each_seat() -> None:
    plugin = plugin_for(GAME)
    even = plugin.evaluate(position("4/4/4/1p2/4/4/2p1/1q1d 1 2/2 - o"))
    ahead = plugin.evaluate(position("4/4/4/1p2/4/4/2p1/1q1d 1 5/2 - o"))
    assert even == pytest.approx([0.5, 0.5])
    assert ahead[0] > 0.7 and ahead[0] + ahead[1] == pytest.approx(1.0)


def test_four_player_teams_share_the_evaluation_and_are_allies() -> None:
    state = GAME.new({"players": "4"})._replace(scores=(2, 0, 3, 1))
    plugin = plugin_for(GAME)
    values = plugin.evaluate(state)
    assert values[0] == values[2] > 0.5 > values[1] == values[3]
    assert plugin.allies(state, 0) == frozenset({0, 2})
    free_for_all = GAME.new({"players": "4", "teams": "off"})
    assert plugin.allies(free_for_all, 1) == frozenset({1})


def test_captures_are_tactical_and_ordered_first() -> None:
    plugin = plugin_for(GAME)
    state = position(FREE_QUEEN)
    moves = GAME.legal_moves(state)
    assert [GAME.format_move(state, m) for m in plugin.tactical_moves(state, moves)] == ["a3xa5"]
    ordered = [GAME.format_move(state, m) for m in plugin.order_moves(state, moves)]
    assert ordered[0] == "a3xa5"
    state = position(FREE_QUEEN_CLOCK_ON)
    last = plugin.order_moves(state, GAME.legal_moves(state))[-1]
    assert GAME.format_move(state, last) == "clock"


def test_calling_the_clock_is_not_mistaken_for_a_free_move() -> None:
    # Calling the clock keeps the turn: a search that counted it as a ply would see one
    # opponent reply fewer after it and call the clock at the start for no reason.
    start = GAME.new()
    for seed in range(3):
        move = Searcher(GAME, start, CAPPED["normal"], seed).run()
        assert GAME.format_move(start, move) != "clock"


def test_a_single_legal_move_is_played_without_searching() -> None:
    # South's pawn in the corner has one step, and the clock is off.
    state = position("4/4/4/p3/4/4/4/p3 1 0/0 - -")
    searcher = Searcher(GAME, state, CAPPED["mcts"])
    assert GAME.format_move(state, searcher.run()) == "a1-b2"
    assert searcher.stats.work == 0


def test_a_winning_clock_call_is_not_picked_at_random_by_easy() -> None:
    # Calling the clock keeps the turn; the noisy choice never picks it unless it is best.
    assert "clock" in legal(FREE_QUEEN_CLOCK_ON)
    for seed in range(10):
        assert search(FREE_QUEEN_CLOCK_ON, "easy", seed) == "a3xa5"


# North to move, level at 0 with the clock called one quiet turn ago: six more quiet turns and
# the game ends in a drawn deadlock. North can still force a capture of its own in its next
# three turns, but only by starting with a5, b6-a5 or b6-c5 (see ``forced_capture``).
CLOCK_RUNNING = "qqd1/qdp1/dpp1/4/2p1/2pd/1pdq/1dqq 2 0/0 - c1"


def forced_capture(state: State, seat: int, turns: int) -> bool:
    """Whether ``seat`` can make sure it captures something within its next ``turns`` turns,
    whatever the other side plays (and before the game ends)."""
    if GAME.outcome(state) is not None:
        return False
    moves = GAME.legal_moves(state)
    if GAME.to_move(state) != seat:
        return all(forced_capture(GAME.apply(state, move), seat, turns) for move in moves)
    if turns == 0:
        return False
    children = [GAME.apply(state, move) for move in moves]
    if any(child.scores[seat] > state.scores[seat] for child in children):
        return True
    return any(forced_capture(child, seat, turns - 1) for child in children)


def test_with_the_clock_running_and_the_score_level_the_computer_plays_for_a_capture() -> None:
    state = position(CLOCK_RUNNING)
    north = GAME.to_move(state)
    keeping = {
        GAME.format_move(state, move)
        for move in GAME.legal_moves(state)
        if forced_capture(GAME.apply(state, move), north, 2)
    }
    assert keeping == {"a6-a4", "b6-a5", "b6-c5"}
    assert len(legal(CLOCK_RUNNING)) == 10
    level = dataclasses.replace(LEVELS["hard"], seconds=None, depth=5)
    for seed in range(8):
        assert GAME.format_move(state, Searcher(GAME, state, level, seed).run()) in keeping


def test_a_drawn_deadlock_is_worth_less_than_a_level_game_and_nears_with_each_quiet_turn() -> None:
    plugin = plugin_for(GAME)
    assert plugin.contempt > 0
    called = [plugin.evaluate(position(f"{CLOCK_RUNNING[:-2]}c{turns}"))[0] for turns in (0, 3, 6)]
    assert called[0] == 0.5 and called[0] > called[1] > called[2] > 0.5 - plugin.contempt
    assert plugin.evaluate(position(CLOCK_RUNNING[:-3] + " -"))[1] == 0.5
