"""The board as drawn, the player panels and the hot-seat secrets."""

from __future__ import annotations

from test_mac_helpers import GAME, play, position

from core.games.mac.pieces import HIDDEN, PORTAL, piece
from core.games.mac.view import cell_text


def test_every_square_is_drawn_in_one_to_three_characters():
    codes = [PORTAL, HIDDEN] + [
        piece(strength, colour, boosted=boosted, face_down=face_down)
        for strength in range(11)
        for colour in (0, 1)
        for boosted, face_down in ((False, False), (True, False), (False, True))
    ]
    texts = [cell_text(code) for code in codes]
    assert all(1 <= len(text) <= 3 for text in texts)
    assert len(set(texts)) == len(texts)  # no two kinds of piece look alike


def test_pieces_and_sides_read_without_colour():
    state = position("..@@ .... .... B10+B0B9+. R10R1R3+. .... .... ....", mode="standard+tokens")
    cells = GAME.board_view(state).cells
    texts = [cells[square].text for square in (16, 17, 18, 12, 13, 14)]
    assert texts == ["B11", "B0", "B9+", "R10", "R1", "R3+"]
    assert [cells[square].owner for square in (16, 12)] == [1, 0]
    assert (cells[30].text, cells[30].mark, cells[30].owner) == ("()", "portal", None)
    assert (cells[0].text, cells[0].owner, cells[0].mark) == ("", None, "")


def test_the_halves_are_regions_in_the_standard_mode():
    cells = GAME.board_view(GAME.new({}, 0)).cells
    assert [cell.region for cell in cells] == [0] * 16 + [1] * 16
    light = GAME.board_view(GAME.new({"mode": "light"}, 0)).cells
    assert {cell.region for cell in light} == {0}


def test_owners_follow_the_seat_that_plays_the_colour():
    # Seat 0 plays Blue here.
    state = position("..@@ .... .... .... B5... R5... .... ....", mode="light", colours="BR")
    cells = GAME.board_view(state).cells
    assert (cells[12].text, cells[12].owner) == ("B5", 0)
    assert (cells[8].text, cells[8].owner) == ("R5", 1)
    assert GAME.panel_lines(state, 0) == ("plays Blue",)


def test_the_panels_tell_colour_placement_and_hand():
    start = GAME.new({"tokens": "on"}, 0)
    assert GAME.panel_lines(start, 0) == (
        "plays Red",
        "to place: 15 pieces and the portal",
        "hand: no tokens",
    )
    after = play(start, "p@b5")
    assert GAME.panel_lines(after, 1)[1] == "to place: 15 pieces"


def test_secrets_are_tokens_in_a_hand_or_peeked_pieces():
    plain = position("b7b3@@ .... .... .... .... .... .... R5...", mode="dark", colours="RB")
    assert not GAME.has_secrets(plain)
    peeked = plain._replace(peeked=((28,), ()))
    assert GAME.has_secrets(peeked)
    assert not GAME.has_secrets(play(peeked, "flip:a8"))  # a flipped piece is no secret


def test_move_paths_list_the_squares_a_player_selects():
    # Portals b4 and c5. Squares: a1=0, b4=13, b5=17, c5=18, c4=14, c6=22.
    state = position(".... .... .... .R5@. .@B1. .... .... ....", mode="standard+tokens")
    state = state._replace(hands=((0, 1, 2), ()))

    def path_of(text):
        return GAME.move_path(state, GAME.parse_move(state, text))

    assert path_of("b5-a5") == (17, 16)
    assert path_of("b5-c5-c4") == (17, 18, 14)
    assert path_of("ds:b5-a5-a4") == (17, 16, 12)
    assert path_of("+1:b5;b5-b4xc4") == (17, 17, 13, 14)
    assert path_of("push:c4-d4;b5-a5") == (14, 15, 17, 16)
    placing = GAME.new({}, 0)
    assert GAME.move_path(placing, GAME.legal_moves(placing)[0]) == (16,)


def test_the_token_tray_offers_the_tokens_that_can_be_played():
    state = position("..@@ .... .... .... .... .... .... R5...", mode="standard+tokens")
    state = state._replace(hands=((0, 0, 1, 2), ()))
    # Push needs an enemy piece to push: there is none, so it is not offered.
    assert [(item.key, item.label, item.count) for item in GAME.token_tray(state)] == [
        ("+", "+1", 2),
        ("d", "Double Step", 1),
    ]
    keyed = {move.token for move in GAME.legal_moves(state)}
    assert keyed == {"", "+", "d"}
    assert GAME.token_tray(GAME.new({"tokens": "on"}, 0)) == ()


def test_the_rules_page_ships_with_every_ruling():
    page = GAME.rules_text()
    assert page.startswith("# MAC: March and Chomp")
    assert "## Rulings" in page
    assert "1. **The 1 and the 10 with +1.**" in page
    assert "13. **Drawing a token.**" in page
