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


#: Martian Chess with the clock off, South 10 to 9, seven pieces left: any capture or crossing
#: loses material, so both sides shuffle; only an empty zone can end the game.
STANDOFF_CLOCK_OFF = "4/4/4/1q2/3q/q1q1/3p/d2d 1 10/9 - -"

#: Chase in Tiles mode with the board full (no square left to place on) and both pawns walled
#: in by tiles of the other colour: only pivots are left, each handing a tile across and
#: getting one back.
CHASE_PIVOT_WAR = (
    "mode:tiles turn:S gold:0,0 deck:SYDISAAYDVAAVIXDIISVPPX lock:d3 "
    "board:b1=N.E.W~,c1=NE.NW,d1=E.S.W@S,e1=SW,f1=NE.SW~,h1=E.W~,a2=E.S.W~,b2=N.S,"
    "c2=N.E.S.W~,d2=NE.SE.SW.NW,e2=NE.SE.SW.NW~,f2=SE,a3=NE.SE.SW.NW~,b3=SW.NW~,"
    "c3=N.NE.E.SE.S.SW.W.NW,d3=N.E.W~,e3=N.E.S.W,f3=N.E.S.W~,a4=SE.NW,b4=NE.SE.NW~,c4=SW,"
    "e4=E.W,g4=NE.SE.SW.NW,b5=N.NE.E.SE.S.SW.W.NW,c5=E.W~,d5=N.E.S.W,e5=SE.SW~,"
    "f5=NE.SE.NW,g5=N.NE.E.SE.S.SW.W.NW~,h5=E.S.W,a6=SE.NW,b6=N.S.W~,c6=NE.SE.NW,"
    "d6=SE.SW~,e6=NE.SE.SW.NW,f6=E.S.W~,g6=N.NE.E.SE.S.SW.W.NW,c7=SE.NW~,d7=E.S.W,"
    "e7=N.E.S.W@N,f7=NE,g7=NE.SE.NW~,a8=N.NE.E.SE.S.SW.W.NW,b8=N.E.S.W~,c8=NE.SW.NW,"
    "d8=NE.SE.SW.NW~,e8=SE.SW.NW,f8=NE.SW~,g8=SW.NW "
    "rep:43090fc7a6437f9d,e732695dfed5311c,fb2bc870a541fdb,9b5a37dc9f4eda9,"
    "89d7638049a84e45,b70bd8c5faa4c8e2,a2cf0140de2bce70,5969e370bbe7eb15,d23a557a4e13a9c5 "
    "end:-"
)


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
