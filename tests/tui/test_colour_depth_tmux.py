"""The boards as terminals people use show them: ``pawnshop`` in tmux at 80x24 with the TERM a
user has (256 colours without COLORTERM, 16 colours, no colour, truecolor), read back with
``capture-pane -e``. On every board of the four depths a square looks unlike its neighbour
(background, or reverse video where there is no colour): the board is never drawn flat."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path

import pytest
from tmux_pane import Pane, needs_tmux, screen_of

pytestmark = needs_tmux()

#: Each depth as a user's environment gives it.
DEPTHS = {
    "256": ["-u", "COLORTERM", "-u", "NO_COLOR", "TERM=xterm-256color"],
    "16": ["-u", "COLORTERM", "-u", "NO_COLOR", "TERM=xterm"],
    "none": ["-u", "COLORTERM", "TERM=xterm-256color", "NO_COLOR=1"],
    "truecolor": ["-u", "NO_COLOR", "COLORTERM=truecolor", "TERM=xterm-256color"],
}

#: How far down the game list each game is, and what the board shows once it is played on
#: (MAC's pieces are placed at random first, with ``a``: while placing, the squares a piece
#: may go to are marked alike, as they should be).
GAMES = {
    "martian-chess": (0, (), "South to move"),
    "mac": (1, ("to place", "a"), "to move"),
    "chase": (3, (), "South to move"),
}

Look = tuple[str, bool]


def board_squares(capture: bytes) -> Iterator[list[Look]]:
    """Each rank of the board as the looks (background, reverse video) of its squares, read on
    the line of the rank's label (the squares' text line: Chase's other lines at 80x24 are
    shared with the next rank) at the column of its file's letter."""
    screen = screen_of(capture)
    lines = [screen.buffer[y] for y in range(screen.lines)]
    texts = [screen.display[y] for y in range(screen.lines)]
    letters_row = next(y for y, text in enumerate(texts) if " a " in text and " b " in text)
    letters = texts[letters_row]
    first = letters.index(" a ") + 1
    edge = letters.find("│", first)  # the board's frame: the log beside it is not the board
    files = [x for x in range(first, edge) if letters[x].isalpha()]
    for y in range(letters_row):
        label = texts[y][max(0, first - 6) : first - 2].split()
        if label and label[-1].isdigit():
            yield [(lines[y][x].bg, lines[y][x].reverse) for x in files]


def open_board(pane: Pane, place: int, first: tuple[str, ...], shown: str) -> bytes:
    pane.shows("Choose a game")
    for _ in range(place):
        pane.press("j")
    pane.press("Enter")
    pane.shows("Human")
    pane.press("Enter")
    if first:
        wait, key = first
        pane.shows(wait)
        pane.press(key)
    return pane.shows(shown)


@pytest.mark.parametrize("depth", list(DEPTHS))
@pytest.mark.parametrize("game", list(GAMES))
def test_neighbouring_squares_look_apart(tmp_path: Path, depth: str, game: str) -> None:
    command = ["env", *DEPTHS[depth], sys.executable, "-m", "tui", "--data-dir", str(tmp_path)]
    pane = Pane(command, f"pawnshop-depth-{depth}-{game}")
    try:
        ranks = list(board_squares(open_board(pane, *GAMES[game])))
    finally:
        pane.close()
    assert len(ranks) >= 6, f"no board found at depth {depth}"
    pairs = [(row[i], row[i + 1]) for row in ranks for i in range(len(row) - 1)]
    for upper, lower in pairwise(ranks):
        pairs += zip(upper, lower, strict=True)
    alike = [pair for pair in pairs if pair[0] == pair[1]]
    # The cursor's square and MAC's portals may match a neighbour; a flat board matches all.
    assert len(alike) <= len(pairs) // 8, f"{game} at {depth}: {len(alike)} of {len(pairs)} alike"
    if depth == "16":
        colours = {bg for rank in ranks for bg, _ in rank}
        assert all(not _is_hex(bg) for bg in colours), colours


def _is_hex(colour: str) -> bool:
    return len(colour) == 6 and all(c in "0123456789abcdef" for c in colour)
