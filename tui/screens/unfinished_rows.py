"""What the library shows of the unfinished games (``saves.unfinished``): the columns, each
game's cells, its line under the table, and which games a filter lets through."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from saves.unfinished import UnfinishedGame
from tui.plain_text import clean

#: Heading and width of each column of the unfinished games; the game, the players and the
#: file name share what the others leave (``library_table.shared_widths``).
UNFINISHED_HEADINGS: tuple[tuple[str, int | None], ...] = (
    ("Game", None),
    ("Players", None),
    ("To move", 9),
    ("Moves", 5),
    ("Last played", 16),
    ("File", None),
)
NO_UNFINISHED = "No unfinished games: every game played is kept here until it ends."


def last_played_text(game: UnfinishedGame) -> str:
    return f"{game.last_played:%Y-%m-%d %H:%M}"


def unfinished_cells(game: UnfinishedGame) -> tuple[Text, ...]:
    """The table's cells for one game, as plain text ending in ``…`` where its column cuts
    it: names are never read as markup, and nothing a terminal would obey is drawn."""
    cells = (
        game.record.game.name,
        " vs ".join(game.players),
        game.to_move,
        str(game.moves),
        last_played_text(game),
        game.path.name,
    )
    return tuple(Text(clean(cell), no_wrap=True, overflow="ellipsis", end="") for cell in cells)


def unfinished_detail(game: UnfinishedGame) -> tuple[str, str]:
    """The line under the table for the highlighted game: its file name, and what follows
    it (the name is cut to fit the line, the rest never)."""
    turn = f"{game.to_move} to move · " if game.to_move else ""
    return game.path.name, f" · {turn}Enter resumes it · d deletes it"


def filter_unfinished(games: Sequence[UnfinishedGame], query: str) -> list[UnfinishedGame]:
    """The games in which every word of ``query`` occurs (game, players, who is to move,
    when last played, file name; any case)."""
    words = query.casefold().split()
    if not words:
        return list(games)

    def text(game: UnfinishedGame) -> str:
        parts = [game.record.game.name, game.record.game.id, *game.players, game.to_move]
        parts += [last_played_text(game), game.path.name]
        return "\n".join(parts).casefold()

    return [game for game in games if all(word in text(game) for word in words)]
