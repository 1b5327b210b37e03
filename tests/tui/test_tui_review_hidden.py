"""Review of a game with hidden information: a finished game shows everything; an unfinished
one only what the reviewing seat could see, at every position, and no move is tried where it
could uncover more."""

from __future__ import annotations

import random
from pathlib import Path

from review_helpers import open_game, save_game
from tui_helpers import SIZE, app_test, board_screen, make_app

from core import GameRecord, find_game
from core.game import State
from tui.play.review_game import HIDDEN_REFUSAL
from tui.screens.board import BoardScreen
from tui.widgets.player_panel import PlayerPanel

MAC = find_game("mac")


def hides_something(state: State) -> bool:
    return any(MAC.view(state, seat) != state for seat in (0, 1))


def unfinished_with_secrets() -> GameRecord:
    """A MAC game with power tokens, played at random until the seat that waits holds a token
    the seat to move may not see, and a few positions before that hide something too."""
    record = GameRecord(MAC, {"tokens": "on"}, 3, ["Rae", "Bo"])
    rng = random.Random(2)
    hidden_positions = 0
    while True:
        state = record.state
        mover = MAC.to_move(state)
        secret = MAC.panel_lines(MAC.view(state, mover), 1 - mover)
        if MAC.outcome(state) is None and secret != MAC.panel_lines(state, 1 - mover):
            hidden_positions += 1
            if hidden_positions == 3:
                return record
        record.play(rng.choice(list(MAC.legal_moves(state))), main=True)


def finished_game() -> GameRecord:
    record = GameRecord(MAC, {"tokens": "on"}, 5, ["Rae", "Bo"])
    rng = random.Random(5)
    while MAC.outcome(record.state) is None:
        record.play(rng.choice(list(MAC.legal_moves(record.state))), main=True)
    return record


def panel_lines(screen: BoardScreen, seat: int) -> tuple[str, ...]:
    info = screen.query_one(f"#panel-{seat}", PlayerPanel).info
    assert info is not None
    return info.lines


@app_test
async def test_an_unfinished_game_shows_only_what_the_reviewing_seat_saw(data_dir: Path) -> None:
    record = unfinished_with_secrets()
    seat = MAC.to_move(record.state)  # the seat that would carry on: the one reviewing
    save_game(data_dir, "secret.pawn", record)
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await open_game(pilot, "secret.pawn")
        checked = 0
        for _ in range(len(record.mainline())):
            screen = board_screen(app)
            state = screen.record.state
            seen = MAC.view(state, seat)
            assert screen.builder.view == MAC.board_view(seen)
            for other in (0, 1):
                assert panel_lines(screen, other) == tuple(MAC.panel_lines(seen, other))
            if MAC.panel_lines(seen, 1 - seat) != MAC.panel_lines(state, 1 - seat):
                checked += 1  # the other seat's tokens are really hidden here
            await pilot.press("left")
            await pilot.pause()
        assert checked >= 1


@app_test
async def test_no_move_is_tried_where_it_could_uncover_a_secret(data_dir: Path) -> None:
    record = unfinished_with_secrets()
    seat = MAC.to_move(record.state)
    save_game(data_dir, "secret.pawn", record)
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await open_game(pilot, "secret.pawn")
        screen = board_screen(app)
        assert MAC.view(screen.record.state, seat) != screen.record.state
        moves_before = len(list(screen.record.walk()))
        move = MAC.legal_moves(screen.record.state)[0]
        screen.play(move)
        await pilot.pause()
        assert screen.query_one("#status").message == HIDDEN_REFUSAL
        await pilot.press("enter")
        assert screen.query_one("#status").message == HIDDEN_REFUSAL
        assert len(list(screen.record.walk())) == moves_before


@app_test
async def test_a_finished_game_shows_everything_at_every_position(data_dir: Path) -> None:
    record = finished_game()
    save_game(data_dir, "over.pawn", record)
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await open_game(pilot, "over.pawn")
        hidden_seen = 0
        for _ in range(min(len(record.mainline()), 40)):
            await pilot.press("left")
            await pilot.pause()
            screen = board_screen(app)
            state = screen.record.state
            assert screen.builder.view == MAC.board_view(state)
            for seat in (0, 1):
                assert panel_lines(screen, seat)[: len(MAC.panel_lines(state, seat))] == tuple(
                    MAC.panel_lines(state, seat)
                )
            hidden_seen += hides_something(state)
        assert hidden_seen > 0  # positions that a live game would have masked
