"""Computers end a game that is going nowhere: the count of quiet plies, the value of a draw
that grows with it, the clock called in a level game, and the text protocol's ``genmove``."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from core import find_game
from core.ai import LEVELS, Searcher, plugin_for
from core.ai.stagnation import quiet_plies, record_quiet_plies
from core.protocol import Session
from core.record import GameRecord

GAME = find_game("martian-chess")
PLUGIN = plugin_for(GAME)

#: Positions where computers once played on for ever (the file's comments say what each is).
ENDLESS_FILE = Path(__file__).parent / "data" / "endless_games.txt"
ENDLESS = dict(
    line.split("\t")
    for line in ENDLESS_FILE.read_text().splitlines()
    if line and not line.startswith("#")
)
QUEENS_SHUFFLE = ENDLESS["queens-shuffle"]
STANDOFF_CLOCK_OFF = ENDLESS["standoff-clock-off"]
CHASE_PIVOT_WAR = ENDLESS["chase-pivot-war"]

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


def test_the_urge_to_end_a_game_is_nothing_at_first_and_grows_without_end() -> None:
    state = GAME.read_position(STANDOFF_CLOCK_OFF)
    plugin = plugin_for(GAME)
    assert plugin.urge_after is not None
    urges = []
    for plies in (0, plugin.urge_after, plugin.urge_after + plugin.urge_growth, 1000):
        plugin.quiet_plies = plies
        urges.append(plugin.urge(state))
    assert urges[0] == urges[1] == 0.0
    assert urges[2] == pytest.approx(plugin.full_urge)
    assert urges[3] > 3.0  # past the distance between a won and a lost game
    # With the clock on, calling it ends a game going nowhere: no urge.
    assert plugin.urge(GAME.read_position(QUEENS_SHUFFLE)) == 0.0


def genmove_to_the_end(setup: tuple[str, ...], level: str, plies: int) -> str:
    """How the game ends when ``genmove`` plays it on after ``setup`` (the protocol's
    ``outcome``), failing if it is not over within ``plies``; each move is thought about
    for a twentieth of a second."""
    session = Session()
    for command in setup:
        text, _ = session.handle(command) or ("", False)
        assert text.startswith("="), f"{command}: {text}"
    moves: list[str] = []
    while session.handle("outcome") == ("= *\n\n", False):
        assert len(moves) < plies, f"still going after {' '.join(moves[-20:])}"
        session.handle("time_left 1")
        text, _ = session.handle(f"genmove {level}") or ("", False)
        assert text.startswith("= ")
        moves.append(text[2:].strip())
    outcome, _ = session.handle("outcome") or ("", False)
    return outcome


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_genmove_ends_a_martian_chess_standoff_without_a_clock(level: str) -> None:
    setup = ("new_game martian-chess clock=off seed=1", f"set_position {STANDOFF_CLOCK_OFF}")
    assert "zone is empty" in genmove_to_the_end(setup, level, 120)


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_genmove_ends_a_chase_pivot_war(level: str) -> None:
    setup = ("new_game chase mode=tiles seed=1", f"set_position {CHASE_PIVOT_WAR}")
    assert genmove_to_the_end(setup, level, 160).startswith("= ")
