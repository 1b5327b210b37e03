"""The pieces of the placement screen that need no app: the tray's chips and their layout, the
keys named in prompts, and auto-placement."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest

from core import find_game
from core.game import Game
from core.view import TrayItem
from tui.screens.input_modes.placement import keys_text, placeable_squares, random_placements
from tui.widgets.board_marks import look_of
from tui.widgets.tray import chip_text, lay_out

MAC = find_game("mac")
MACADAM = find_game("macadam")
MAC_HAND = (
    TrayItem("0", "0 (cannon)", 2),
    TrayItem("1", "1", 4),
    *(TrayItem(str(n), str(n), 1) for n in range(2, 10)),
    TrayItem("t", "10", 1),
    TrayItem("p", "portal", 1),
)


@pytest.mark.parametrize(
    ("item", "text"),
    [
        (TrayItem("0", "0 (cannon)", 2), "0 cannon ×2"),
        (TrayItem("1", "1", 4), "1 ×4"),
        (TrayItem("7", "7", 1), "7"),
        (TrayItem("t", "10", 1), "t 10"),
        (TrayItem("p", "pawn", 8), "p pawn ×8"),
        (TrayItem("+", "+1", 2), "+ +1 ×2"),
        (TrayItem("d", "Double Step", 1), "d Double Step"),
    ],
)
def test_a_chip_shows_the_key_what_it_is_and_how_many(item: TrayItem, text: str) -> None:
    assert chip_text(item) == text


@pytest.mark.parametrize("width", [13, 20, 30, 80])  # the widest chip: 13
def test_chips_wrap_in_reading_order_within_the_width(width: int) -> None:
    chips = lay_out(MAC_HAND, width)
    assert [chip.item for chip in chips] == list(MAC_HAND)
    assert all(chip.x + len(chip.text) <= width for chip in chips)
    places = [(chip.row, chip.x) for chip in chips]
    assert places == sorted(places)
    for before, after in pairwise(chips):
        if before.row == after.row:
            assert after.x > before.x + len(before.text)


def test_a_chip_wider_than_the_tray_gets_a_row_of_its_own() -> None:
    chips = lay_out((TrayItem("1", "1", 1), TrayItem("d", "Double Step", 1)), 8)
    assert [(chip.row, chip.x) for chip in chips] == [(0, 0), (1, 0)]


@pytest.mark.parametrize(
    ("keys", "text"),
    [
        ("0123456789tp", "0-9, t, p"),
        ("p", "p"),
        ("12", "1, 2"),
        ("1345p", "1, 3-5, p"),
        ("0234", "0, 2-4"),
    ],
)
def test_keys_are_named_with_digit_runs_as_ranges(keys: str, text: str) -> None:
    assert keys_text(list(keys)) == text


@pytest.mark.parametrize(
    ("game", "options"),
    [(MAC, {}), (MAC, {"tokens": "on"}), (MACADAM, {"start": "free"})],
)
@pytest.mark.parametrize("seed", [0, 1, 7])
def test_auto_placement_plays_legal_placements_to_the_battle(
    game: Game, options: dict[str, str], seed: int
) -> None:
    state = game.new(options, seed)
    moves = random_placements(game, state, random.Random(seed))
    for move in moves:
        assert game.phase(state) == "placement"
        state = game.play(state, move)  # refuses an illegal move
    assert game.phase(state) == "play"
    assert moves == random_placements(game, game.new(options, seed), random.Random(seed))
    other = random_placements(game, game.new(options, seed), random.Random(seed + 100))
    assert moves != other


def test_auto_placement_draws_every_piece_alike_not_every_kind() -> None:
    """Over many games the 1s (four in hand) come down first far more often than the 7."""
    firsts = [
        MAC.format_move(MAC.new({}, 1), random_placements(MAC, MAC.new({}, 1), random.Random(n))[0])
        for n in range(400)
    ]
    ones = sum(text.startswith("1@") for text in firsts)
    sevens = sum(text.startswith("7@") for text in firsts)
    assert ones > 2 * sevens


def test_placeable_squares_follow_the_item_and_the_seat() -> None:
    state = MACADAM.new({"start": "free"}, 1)
    south = placeable_squares(MACADAM, state, ["p"])
    assert south == set(range(32)) - {3, 4}  # South's half without its goal d1 e1
    assert placeable_squares(MACADAM, state, ["x"]) == set()


def test_the_board_marks_it_draws_and_those_it_leaves() -> None:
    assert look_of("goal").label == "goal"
    assert look_of("dot").empty == "○" and not look_of("dot").background
    assert look_of("hidden").fill == "░" and look_of("hidden", ascii=True).fill == ":"
    assert look_of("portal", ascii=True).spare_line(5) == " ~~~ "
    assert look_of("exits:N,NE turned") is None
    assert look_of("") is None
    assert look_of("turned goal").word == "goal"
