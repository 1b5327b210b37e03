"""Setting up: options, seats, the pawns' starting squares, gold and the shuffled stack."""

from __future__ import annotations

from collections import Counter

import pytest
from test_chase_support import GAME, index, moves_of

from core import find_game
from core.errors import OptionError
from core.games.chase.moves import Place
from core.games.chase.tiles import DECK, LETTERS


def names(squares: tuple[int, ...]) -> set[str]:
    return {"abcdefgh"[sq % 8] + str(sq // 8 + 1) for sq in squares}


def test_the_game_is_registered_under_its_name_and_alias() -> None:
    assert find_game("chase") is GAME
    assert find_game("Chase Chess") is GAME
    assert GAME.seat_names({}) == ("South", "North")


def test_options_and_their_defaults() -> None:
    assert GAME.resolve_options({}) == {
        "mode": "regular",
        "pawns": "1",
        "gold": "24",
        "first": "south",
    }
    assert GAME.option_specs[-1].choices == ("south", "north", "random")
    with pytest.raises(OptionError):
        GAME.new({"pawns": "9"})
    with pytest.raises(OptionError):
        GAME.new({"gold": "20"})


def test_a1_is_dark_and_south_plays_the_light_squares() -> None:
    # "Lay out the board so that a white square is at the bottom right side."
    view = GAME.board_view(GAME.new())
    assert view.cells[index("a1")].region == 1  # dark: North's colour
    assert view.cells[index("h1")].region == 0  # light: South's colour


@pytest.mark.parametrize(
    ("pawns", "south", "north"),
    [
        (1, "d1", "d8"),
        (2, "d1 f1", "d8 f8"),
        (4, "b1 d1 f1 h1", "b8 d8 f8 h8"),
        (5, "b1 d1 f1 h1 e2", "b8 d8 f8 h8 e7"),
        (8, "b1 d1 f1 h1 a2 c2 e2 g2", "b8 d8 f8 h8 a7 c7 e7 g7"),
    ],
)
def test_pawns_start_on_their_own_colour_at_their_own_end(pawns, south, north) -> None:
    # "Each player begins with 1-8 chess pawns on their own color square(s) at the opposite
    # end from their opponent."
    state = GAME.new({"pawns": str(pawns)})
    assert names(state.pawns[0]) == set(south.split())
    assert names(state.pawns[1]) == set(north.split())
    assert not any(state.exits)  # no tile under them yet


def test_every_pawn_count_puts_pawns_on_the_right_colour() -> None:
    for pawns in range(1, 9):
        state = GAME.new({"pawns": str(pawns)})
        view = GAME.board_view(state)
        for seat in (0, 1):
            assert len(state.pawns[seat]) == pawns
            assert all(view.cells[square].region == seat for square in state.pawns[seat])


def test_each_player_begins_with_24_gold_or_12_for_a_quick_game() -> None:
    assert GAME.new().loose == (24, 24)
    assert GAME.new({"gold": "12"}).loose == (12, 12)
    assert GAME.new({"mode": "tiles"}).loose == (0, 0)  # "remove the gold from gameplay"


def test_the_stack_holds_72_tiles_8_of_each_kind_shuffled_by_the_seed() -> None:
    # "Shuffle the 'tile' cards and place them so that the first can easily be drawn."
    deck = GAME.new({}, seed=7).deck
    assert len(deck) == 72
    assert Counter(deck) == {kind: 8 for kind in range(len(DECK))}
    assert GAME.new({}, seed=7).deck == deck
    assert len({GAME.new({}, seed=seed).deck for seed in range(5)}) == 5
    assert LETTERS == "XPSDIVYTA"


def test_gold_mode_has_no_tiles() -> None:
    # "To play this mode, remove the tiles from gameplay"
    state = GAME.new({"mode": "gold"})
    assert state.deck == () and state.loose == (24, 24)


def test_south_moves_first_unless_the_option_says_north() -> None:
    assert GAME.to_move(GAME.new()) == 0
    state = GAME.new({"first": "north"})
    assert GAME.to_move(state) == 1
    assert all(move.startswith("T:") for move in moves_of(state))
    assert {move[2:4] for move in moves_of(state, Place)} == {
        "b8", "d8", "f8", "h8", "a7", "c7", "e7", "g7", "b6", "d6", "f6", "h6",
        "a5", "c5", "e5", "g5", "b4", "d4", "f4", "h4", "a3", "c3", "e3", "g3",
        "b2", "d2", "f2", "h2", "a1", "c1", "e1", "g1",
    }  # fmt: skip


def test_who_moves_first_can_be_drawn_and_the_draw_keeps_the_stack() -> None:
    starts = {GAME.new({"first": "random"}, seed).to_move for seed in range(12)}
    assert starts == {0, 1}
    for seed in range(4):
        assert GAME.new({"first": "random"}, seed).deck == GAME.new({}, seed).deck


def test_the_first_turn_can_only_place_a_tile() -> None:
    # Nothing can move without a tile, and there is no tile to put gold on or to pivot.
    state = GAME.new({}, seed=1)
    moves = list(GAME.legal_moves(state))
    assert moves and all(isinstance(move, Place) for move in moves)
    assert GAME.phase(state) == "play"
    assert GAME.outcome(state) is None


def test_the_rules_page_is_shipped() -> None:
    text = GAME.rules_text()
    assert text.startswith("# Chase")
    assert "## Rulings" in text and "Tiles mode" in text
