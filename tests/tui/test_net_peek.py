"""Peek at a table: the player who peeks sees the pieces as soon as the squares are chosen,
before the flip or move that completes the turn; the other player's screen and a spectator's
still show them face down."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

from net_helpers import make_hall
from textual.pilot import Pilot
from tui_helpers import board_screen, click_square, square_lines

from core.games.mac.pieces import PEEK
from core.games.mac.view import cell_text
from core.registry import find_game
from tui.net.app import NetApp
from tui.net.table_screen import TableScreen
from tui.play.hall import ME, OPEN
from tui.play.identity import PlayerIdentity
from tui.play.table import Table
from tui.screens.input_modes.tokens import TokenMode

MAC = find_game("mac")
PLAYERS = (PlayerIdentity("alice"), PlayerIdentity("bob"))
SPECTATOR = PlayerIdentity("carol")
SIZE = (100, 32)
DEADLINE = 15.0


def square_name(square: int) -> str:
    return f"{'abcd'[square % 4]}{square // 4 + 1}"


def play_until_a_peek(table: Table) -> tuple[int, int]:
    """Random turns (captures first, to draw tokens) until the player to move can Peek at two
    pieces; those two squares."""
    chance = random.Random(7)
    record = table.record
    for _ in range(400):
        state = record.state
        moves = MAC.legal_moves(state)
        peeks = [move for move in moves if move.token == "k" and len(set(move.token_path)) == 2]
        if peeks:
            first, second = peeks[0].token_path
            return first, second
        plain = [move for move in moves if move.token != "k"]
        captures = [move for move in plain if "x" in MAC.format_move(state, move)]
        table.play(PLAYERS[MAC.to_move(state)], chance.choice(captures or plain))
        assert record.outcome() is None, "the game ended before anyone could Peek"
    raise AssertionError("no Peek came up")


def drawn(app: NetApp, name: str) -> str:
    """The text drawn on square ``name`` of the app's board, without what surrounds it."""
    screen = board_screen(app)  # type: ignore[arg-type]
    return "".join(square_lines(screen, name)).strip(" []()<>▒░·.")


def board_ready(app: NetApp) -> bool:
    screen = app.screen
    return isinstance(screen, TableScreen) and type(screen.mode) is TokenMode and screen.is_mounted


async def until(pilots: list[Pilot[Any]], condition: Any, what: str) -> None:
    """Let every app run until ``condition()`` holds (at most ``DEADLINE`` seconds)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + DEADLINE
    while not condition():
        assert loop.time() < end, f"waited {DEADLINE:.0f} s for {what}"
        for pilot in pilots:
            await pilot.pause()


def test_only_the_player_who_peeks_sees_the_pieces_before_the_move(tmp_path: Path) -> None:
    hall = make_hall(tmp_path)
    table = hall.open_table(MAC, {"mode": "dark", "tokens": "on"}, [ME, OPEN], PLAYERS[0])
    table.sit(PLAYERS[1], 1)
    squares = play_until_a_peek(table)
    state = table.record.state
    mover = MAC.to_move(state)
    assert PEEK in state.hands[mover]
    names = [square_name(square) for square in squares]
    truth = [cell_text(state.board[square]) for square in squares]
    assert all(text[:1] in "rb" for text in truth)  # face-down pieces, as one who knows them

    async def main() -> None:
        apps = [NetApp(hall, who, ascii_board=False) for who in (*PLAYERS, SPECTATOR)]
        peeker, other, spectator = apps[mover], apps[1 - mover], apps[2]
        async with (
            peeker.run_test(size=SIZE) as one,
            other.run_test(size=SIZE) as two,
            spectator.run_test(size=SIZE) as three,
        ):
            pilots = [one, two, three]
            for pilot, key in ((one, "enter"), (two, "enter"), (three, "w")):
                await pilot.pause()
                await pilot.press(key)

            def hidden_everywhere() -> bool:
                return all(
                    board_ready(app) and [drawn(app, name) for name in names] == ["?", "?"]
                    for app in apps
                )

            await until(pilots, hidden_everywhere, "the boards, face down")
            await one.press("e")
            for name in names:
                await click_square(one, name)
            screen = board_screen(peeker)  # type: ignore[arg-type]
            assert isinstance(screen.mode, TokenMode)
            assert screen.mode.token_path == tuple(sorted(squares))
            assert table.record.state is state  # the turn is not complete
            await until(pilots, lambda: [drawn(peeker, n) for n in names] == truth, "the peek")
            for app in (other, spectator):
                assert [drawn(app, name) for name in names] == ["?", "?"]

    try:
        asyncio.run(asyncio.wait_for(main(), 120))
    finally:
        hall.close()
