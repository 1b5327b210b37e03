"""Computers end a game that is going nowhere: the count of quiet plies, the value of a draw
that grows with it, the clock called in a level game, and the text protocol's ``genmove``."""

from __future__ import annotations

import dataclasses

import pytest

from core import find_game
from core.ai import LEVELS, Searcher, plugin_for
from core.ai.stagnation import quiet_plies, record_quiet_plies
from core.protocol import Session
from core.record import GameRecord

GAME = find_game("martian-chess")
PLUGIN = plugin_for(GAME)

#: Level at 12 with two queens each and the clock not called: neither side can capture
#: without losing its queen in return, so the queens shuffle for ever unless one side calls
#: the clock.
QUEENS_SHUFFLE = "q1q1/4/4/4/4/4/4/1q1q 1 12/12 - o"

#: Easy and Normal held to a depth instead of a clock: every result depends on the seed alone.
CAPPED = {
    "easy": dataclasses.replace(LEVELS["easy"], seconds=None),
    "normal": dataclasses.replace(LEVELS["normal"], seconds=None, depth=3),
}


def test_quiet_plies_count_back_to_the_last_capture() -> None:
    record = GameRecord(GAME, seed=0)
    assert record_quiet_plies(record) == 0
    for text in ("b1-a1", "a6-a5", "a1-a3"):
        record.play_text(text, main=True)
    assert record_quiet_plies(record) == 3
    record.play_text("a5xa3", main=True)  # a capture: the count starts again
    assert record.state.scores == (0, 2)
    assert record_quiet_plies(record) == 0
    record.play_text("c3-b4", main=True)
    assert record_quiet_plies(record) == 1
    # A node further back, and the plain count over positions.
    assert record_quiet_plies(record, record.mainline()[2]) == 3
    states = [record.root.state, *(node.state for node in record.mainline())]
    assert quiet_plies(PLUGIN, states) == 1


def test_a_draw_is_worth_less_at_first_and_more_once_the_game_goes_nowhere() -> None:
    plugin = plugin_for(GAME)
    biases = []
    for plies in (0, plugin.patience // 2, plugin.patience, 10 * plugin.patience):
        plugin.quiet_plies = plies
        biases.append(plugin.draw_bias)
    assert biases[0] == -plugin.contempt < 0
    assert biases[0] < biases[1] < biases[2] == biases[3] == plugin.weariness > 0


@pytest.mark.parametrize("level", list(CAPPED))
def test_a_level_game_going_nowhere_gets_the_clock_called(level: str) -> None:
    state = GAME.read_position(QUEENS_SHUFFLE)
    for seed in range(4):
        fresh = Searcher(GAME, state, CAPPED[level], seed).run()
        assert GAME.format_move(state, fresh) != "clock"
        weary = Searcher(GAME, state, CAPPED[level], seed, quiet_plies=PLUGIN.patience).run()
        assert GAME.format_move(state, weary) == "clock"


def test_genmove_ends_a_level_game_going_nowhere() -> None:
    session = Session()
    for command in ("new_game martian-chess seed=3", f"set_position {QUEENS_SHUFFLE}"):
        text, _ = session.handle(command) or ("", False)
        assert text.startswith("=")
    moves = []
    while session.handle("outcome") == ("= *\n\n", False):
        assert len(moves) < 100, f"still going after {' '.join(moves)}"
        text, _ = session.handle("genmove easy") or ("", False)
        assert text.startswith("= ")
        moves.append(text[2:].strip())
    assert "clock" in moves
    outcome, _ = session.handle("outcome") or ("", False)
    assert "deadlock" in outcome
