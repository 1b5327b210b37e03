"""The games' entries: every registered game has one, and a record's phase and options choose
its input mode from it."""

from __future__ import annotations

import random

from hop_game import HOP

from core import GameRecord, find_game
from core.registry import game_entries
from tui.game_ui import GAME_UIS, game_ui, input_mode

MAC = find_game("mac")


def placed(record: GameRecord) -> GameRecord:
    """``record`` played on at random until its pieces are placed."""
    rng = random.Random(1)
    game = record.game
    while game.phase(record.state) == "placement":
        record.play(rng.choice(game.legal_moves(record.state)), main=True)
    return record


def test_every_registered_game_has_an_entry_of_its_own() -> None:
    assert sorted(entry.id for entry in game_entries()) == sorted(ui.game_id for ui in GAME_UIS)


def test_only_chase_is_drawn_on_tiles() -> None:
    boards = {ui.game_id: ui.board for ui in GAME_UIS}
    assert boards == {"martian-chess": "squares", "mac": "squares", "macadam": "squares"} | {
        "chase": "tiles"
    }


def test_mac_places_its_pieces_then_plays_with_tokens_if_chosen() -> None:
    with_tokens = GameRecord(MAC, {"tokens": "on"}, 3)
    plain = GameRecord(MAC, {}, 3)
    assert input_mode(with_tokens) == input_mode(plain) == "placement"
    assert input_mode(placed(with_tokens)) == "tokens"
    assert input_mode(placed(plain)) == "moves"


def test_macadam_places_with_free_placement_only() -> None:
    macadam = find_game("macadam")
    free = GameRecord(macadam, {"start": "free"}, 2)
    assert input_mode(free) == "placement" and input_mode(placed(free)) == "moves"
    assert input_mode(GameRecord(macadam, {}, 2)) == "moves"


def test_chase_and_martian_chess_have_their_modes() -> None:
    assert input_mode(GameRecord(find_game("chase"), {}, 1)) == "chase"
    assert input_mode(GameRecord(find_game("martian-chess"), {}, 1)) == "moves"


def test_a_game_without_an_entry_is_played_square_by_square() -> None:
    assert game_ui(HOP.id).board == "squares"
    assert input_mode(GameRecord(HOP, {}, 0)) == "moves"
