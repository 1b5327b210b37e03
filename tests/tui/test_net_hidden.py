"""Hidden information over real SSH: in MAC's Dark Chess with power tokens, each player's screen
shows exactly what their seat may see, and a spectator's what nobody's seat hides: face-down
pieces as ``?``, the other player's tokens as a count, peeked pieces only to the one who peeked.
"""

from __future__ import annotations

import random
import re
from contextlib import AsyncExitStack
from pathlib import Path

from net_helpers import Seat, board_cells, join, serving_tables
from test_ssh_support import run_scenario

from core.games.mac.view import hand_text
from core.registry import find_game
from tui.play.hall import ME, OPEN
from tui.play.identity import PlayerIdentity

MAC = find_game("mac")
PLIES = 40


def square_name(square: int) -> str:
    return f"{'abcd'[square % 4]}{square // 4 + 1}"


def normal(text: str) -> str:
    """What a square says, without what is drawn around it (cursor and selection brackets,
    the shading of face-down squares, the dot of an empty one): letters, digits, ``?``, ``+``."""
    return re.sub(r"[^A-Za-z0-9?+]", "", text)


def test_no_screen_shows_what_its_seat_may_not_see(tmp_path: Path) -> None:
    chance = random.Random(11)

    async def scenario() -> None:
        async with AsyncExitStack() as stack:
            server, hall = await stack.enter_async_context(serving_tables(tmp_path))
            players = [PlayerIdentity("alice"), PlayerIdentity("bob")]
            options = {"mode": "dark", "tokens": "on"}
            table = hall.open_table(MAC, options, [ME, OPEN], players[0])
            table.sit(players[1], 1)
            alice = await join(stack, server, "alice", wait="You play South")
            bob = await join(stack, server, "bob", wait="You play North")
            carol = await join(stack, server, "carol")
            carol.press("w")
            await carol.shows("You are watching table 1")
            viewers = ((alice, 0), (bob, 1), (carol, None))

            record = table.record
            hidden_seen = secrets_seen = 0
            for _ in range(PLIES):
                state = record.state
                moves = MAC.legal_moves(state)
                # Token plays first when there are any: they make the secrets worth checking.
                tokens = [move for move in moves if move.token]
                move = chance.choice(tokens or moves)
                node = table.play(players[MAC.to_move(state)], move)
                if record.outcome() is not None:
                    break
                state = record.state
                truth = MAC.board_view(state).cells
                for terminal, seat in viewers:
                    expected = MAC.board_view(MAC.view(state, seat)).cells
                    hidden = {
                        square_name(index): normal(truth[index].text)
                        for index, cell in enumerate(expected)
                        if cell.text != truth[index].text
                    }
                    hidden_seen += len(hidden)
                    wanted = {square_name(i): normal(cell.text) for i, cell in enumerate(expected)}

                    def shows_its_view(
                        terminal: Seat = terminal,
                        seat: int | None = seat,
                        hidden: dict[str, str] = hidden,
                        wanted: dict[str, str] = wanted,
                    ) -> bool:
                        """The board as drawn now: never a hidden piece, at last the view."""
                        screen = terminal.text()
                        try:
                            cells = {k: normal(v) for k, v in board_cells(screen, 4, 8).items()}
                        except AssertionError:
                            return False  # half drawn: the rest is on its way
                        leaks = [name for name, text in hidden.items() if cells[name] == text]
                        assert not leaks, (seat, leaks, screen)
                        return cells == wanted

                    await terminal.shows(f"played {node.notation}")
                    await terminal.terminal.client.wait_until(shows_its_view, f"view of {seat}")
                    screen = terminal.text()
                    for other in (0, 1):
                        if other == seat or not state.hands[other]:
                            continue
                        secrets_seen += 1
                        assert hand_text(state.hands[other]) not in screen
                        for square in state.peeked[other]:
                            peeked = truth[square].text.upper()
                            assert f"{square_name(square)} {peeked}" not in screen
            assert hidden_seen > 100 and secrets_seen > 0

    run_scenario(scenario, timeout=180)
