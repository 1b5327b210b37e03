"""Hidden information at a hot seat: the handover screen, and each player sees only theirs."""

from __future__ import annotations

import random
from pathlib import Path

from tui_helpers import SIZE, app_test, board_screen, make_app

from core import GameRecord, find_game
from core.game import Move
from tui.screens.handover import HandoverScreen
from tui.widgets.player_panel import PlayerPanel

MAC = find_game("mac")


def record_before_a_secret() -> tuple[GameRecord, Move]:
    """A MAC game with power tokens, one move before the player who waits holds a token
    that the player to move may not see."""
    record = GameRecord(MAC, {"tokens": "on"}, 3, ["Rae", "Bo"])
    rng = random.Random(2)
    while True:
        move = rng.choice(list(MAC.legal_moves(record.state)))
        after = MAC.apply(record.state, move)
        mover = MAC.to_move(after)
        waiting = 1 - mover
        hidden = MAC.panel_lines(MAC.view(after, mover), waiting)
        if MAC.outcome(after) is None and hidden != MAC.panel_lines(after, waiting):
            return record, move
        record.play(move, main=True)


@app_test
async def test_the_next_player_gets_the_keyboard_and_sees_only_theirs(data_dir: Path) -> None:
    record, move = record_before_a_secret()
    app = make_app(data_dir, record=record)
    async with app.run_test(size=SIZE) as pilot:
        screen = board_screen(app)
        screen.play(move)
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen)
        mover = MAC.to_move(record.state)
        assert app.screen.player == f"{record.players[mover]} ({record.seat_names[mover]})"
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen
        seen = MAC.view(record.state, mover)
        waiting = screen.query_one(f"#panel-{1 - mover}", PlayerPanel).info
        assert waiting is not None
        assert waiting.lines == tuple(MAC.panel_lines(seen, 1 - mover))
        assert waiting.lines != tuple(MAC.panel_lines(record.state, 1 - mover))
        assert screen.builder.view == MAC.board_view(seen)
