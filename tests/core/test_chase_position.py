"""The position text, and what the board and the player panels show."""

from __future__ import annotations

import pytest
from test_chase_support import GAME, index, position

from core.errors import PositionError
from core.games.chase.state import position_key

EXAMPLE = (
    "mode:regular turn:N gold:20,22 deck:XPSYTAV lock:c5 "
    "board:d1=NE.SW@S,c5=N.S,e5=N.E.S.W$4N@N rep:9f3a0c1d22e4b871,07c2ff0e98ad1b3c end:-"
)


@pytest.mark.parametrize(
    "options",
    [{}, {"pawns": "8"}, {"mode": "tiles", "pawns": "3"}, {"mode": "gold"}, {"first": "north"}],
)
def test_every_start_position_reads_back_as_itself(options: dict) -> None:
    state = GAME.new(options, seed=4)
    text = GAME.write_position(state)
    assert GAME.read_position(text) == state
    assert "\n" not in text


def test_the_documented_example_reads() -> None:
    # docs/notation.md shows this position.
    state = GAME.read_position(EXAMPLE)
    assert state.to_move == 1 and state.loose == (20, 22) and state.lock == index("c5")
    assert state.stacks == ((index("e5"), 4, 1),)
    assert state.pawns == ((index("d1"),), (index("e5"),))
    assert len(state.deck) == 7
    # the repetition keys given come first, this position's own key last
    assert state.history[:2] == (0x9F3A0C1D22E4B871, 0x07C2FF0E98AD1B3C)
    assert state.history[-1] == position_key(state)
    assert GAME.read_position(GAME.write_position(state)) == state


def test_a_position_set_up_without_history_counts_itself_once() -> None:
    state = position("d1=N.S@S,d8=N.S@N")
    assert state.history == (position_key(state),)
    written = GAME.write_position(state)
    assert f"rep:{position_key(state):x}" in written and written.endswith("end:-")


def test_turned_tiles_stacks_and_pawns_are_written() -> None:
    state = position("b1=N.S~@N,d1=N@S", mode="tiles", gold="0,0", turn="N")
    assert "board:b1=N.S~@N,d1=N@S" in GAME.write_position(state)
    state = position("d1=N.S$3S@S,e5=N$12N,d8@N")
    assert "board:d1=N.S$3S@S,e5=N$12N,d8@N" in GAME.write_position(state)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("mode:regular turn:S gold:1,1 deck:-", "has no 'board' field"),
        ("mode:chess turn:S gold:1,1 deck:- board:-", "not a Chase mode"),
        ("mode:regular turn:X gold:1,1 deck:- board:-", "not a seat"),
        ("mode:regular turn:S gold:1 deck:- board:-", "not the loose gold"),
        ("mode:regular turn:S gold:1,1 deck:Q board:-", "'Q' is not a tile"),
        ("mode:regular turn:S gold:1,1 deck:- board:d9@S", "not a square of a Chase board"),
        ("mode:regular turn:S gold:1,1 deck:- board:d4=UP", "not a square of a Chase board"),
        ("mode:regular turn:S gold:1,1 deck:- board:d4=N.Q", "not a square of a Chase board"),
        ("mode:regular turn:S gold:1,1 deck:- board:d4$3S", "has no tile under it"),
        ("mode:regular turn:S gold:1,1 deck:- board:d4=N~", "turned over outside Tiles mode"),
        ("mode:tiles turn:S gold:0,0 deck:- board:d4=N$2S", "Tiles mode has no gold"),
        ("mode:tiles turn:S gold:3,0 deck:- board:-", "Tiles mode has no gold"),
        ("mode:gold turn:S gold:3,0 deck:- board:d4=N", "Gold mode has no tiles"),
        ("mode:gold turn:S gold:3,0 deck:X board:-", "Gold mode has no tiles to draw"),
        ("mode:regular turn:S gold:1,1 deck:- board:d4@S,d4=N", "lists d4 twice"),
        ("mode:regular turn:S gold:1,1 deck:- lock:d4 board:d1@S", "has no tile"),
        ("mode:regular turn:S gold:1,1 deck:- board:- end:S:won", "not a game end"),
        ("mode:regular turn:S gold:1,1 deck:- board:- rep:xyz", "repetition keys"),
        ("mode:regular turn:S gold:1,1 deck:- board:- colour:red", "not a field"),
        ("mode:regular turn:S turn:N gold:1,1 deck:- board:-", "gives 'turn' twice"),
    ],
)
def test_a_position_that_cannot_be_read_says_why(text: str, problem: str) -> None:
    with pytest.raises(PositionError, match=problem):
        GAME.read_position(text)


def test_the_board_view_tells_pawns_stacks_and_tiles_apart_without_colour() -> None:
    state = position("d1=NE.SW@S,f1=N.S$3S@S,b3=N.S$4N,c3=E.W,e3=NE@N,e5=N$12N,h8@N", lock="c3")
    cells = GAME.board_view(state).cells
    expected = {
        "d1": ("P", 0, 0, "exits:NE,SW"),
        "f1": ("P3", 0, 0, "exits:N,S"),
        "b3": ("g4", 1, 0, "exits:N,S"),
        "c3": ("t", 1, 1, "exits:E,W locked"),
        "e3": ("p", 1, 1, "exits:NE"),
        "e5": ("g12", 1, 1, "exits:N"),
        "h8": ("p", 1, 1, ""),
        "a1": ("", None, 1, ""),
        "b1": ("", None, 0, ""),
    }
    for name, (text, owner, region, mark) in expected.items():
        cell = cells[index(name)]
        assert (cell.text, cell.owner, cell.region, cell.mark) == (text, owner, region, mark)
    view = GAME.board_view(state)
    assert (view.width, view.height, len(view.cells)) == (8, 8, 64)


def test_a_bare_tile_of_souths_colour_is_a_capital_t() -> None:
    cell = GAME.board_view(position("b1=N.S,d1@S,d8@N")).cells[index("b1")]
    assert (cell.text, cell.owner) == ("T", 0)


def test_the_panels_show_gold_stacks_the_next_tiles_and_warnings() -> None:
    state = position("d1=N.S$3S,f1=N.S$2S,e3=N.S@S,d8@N", gold="7,24", deck="YSAXPIT", lock="d1")
    assert GAME.panel_lines(state, 0) == (
        "Gold: 12 (7 loose; stacks: 3 on d1, 2 on f1)",
        "Next tiles (7 left): diagonal tee, star, arrow, diagonal cross, orthogonal cross",
        "Your pawn on e3 is on a tile you do not control: 2 a turn",
        "You may not pivot d1 this turn",
    )
    assert GAME.panel_lines(state, 1) == (
        "Gold: 24 (24 loose; stacks: none)",
        "Next tiles (7 left): diagonal tee, star, arrow, diagonal cross, orthogonal cross",
    )
    tiles = position("d1=N.S@S,b1=N.S,f8=N.S~,d8@N", mode="tiles", gold="0,0")
    assert GAME.panel_lines(tiles, 0)[0] == "Tiles of your colour: 3 (2 without a pawn)"


def test_there_are_no_secrets_in_chase() -> None:
    # "The other tiles are not hidden, however."
    state = GAME.new({}, seed=2)
    assert not GAME.has_secrets(state)
    assert GAME.view(state, 0) == GAME.view(state, None) == state


def test_each_players_gold_is_exposed_for_the_panels() -> None:
    state = position("d1=N.S$3S,f1=N.S$2S,b3=N.S$4N,d8@N", gold="7,9")
    assert GAME.gold(state, 0) == (7, ((index("d1"), 3), (index("f1"), 2)))
    assert GAME.gold(state, 1) == (9, ((index("b3"), 4),))
