"""The panels beside the Chase board: each player's gold, the next tiles of the stack and the
debts of the last turn in words. They draw what the screen gives them and nothing else."""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from core.games.chase.board import exits_text, name
from core.games.chase.state import TILES, ChaseState, face_of, stacks_of, stranded_pawns
from core.games.chase.tiles import TileKind
from tui.plain_text import cells, clip
from tui.widgets.chase_board import OPPOSITE, exits_glyphs


def seat_lines(state: ChaseState, seat: int) -> tuple[str, ...]:
    """A player's short lines: loose gold and gold on the board (tiles in Tiles mode), and
    each pawn that pays 2 a turn for standing on a tile the player does not control."""
    if state.mode == TILES:
        own = sum(1 for square in range(len(state.exits)) if face_of(state, square) == seat)
        lines = [f"{own} tiles of this colour"]
    else:
        on_board = sum(size for _, size in stacks_of(state, seat))
        lines = [f"gold {state.loose[seat]} + {on_board} on board"]
    lines += [f"{name(square)} pawn: 2 a turn" for square in stranded_pawns(state, seat)]
    if state.lock >= 0 and state.to_move == seat:
        lines.append(f"may not pivot {name(state.lock)} now")
    return tuple(lines)


#: Shorter words for a tile's name where the panel is too narrow for the whole name.
_SHORT_WORDS = {"orthogonal": "orth.", "diagonal": "diag."}


def shown_glyphs(mask: int, *, flipped: bool = False, ascii: bool = False) -> str:
    """The arrows of a tile's exits (``exits_text``'s mask) as the board draws them: ``↑→↓``,
    and on a flipped board turned round with it (``↑↓←`` for the same tile), so that the
    panels and prompts beside the board show a tile in the board's own frame."""
    exits = tuple(exits_text(mask).split(",")) if mask else ()
    if flipped:
        exits = tuple(OPPOSITE[direction] for direction in exits)
    return exits_glyphs(exits, ascii)


def tile_line(
    index: int, kind: TileKind, ascii: bool = False, width: int = 80, flipped: bool = False
) -> str:
    """``1 X ↗↘↙↖ diagonal cross``: a tile of the stack (its letter in the position text and
    its exits in its first orientation, turned round on a flipped board as the board's are),
    its name shortened (``diag. cross``) where the whole line would be wider than
    ``width``."""
    glyphs = shown_glyphs(kind.exits, flipped=flipped, ascii=ascii)
    line = f"{index} {kind.letter} {glyphs:<8} {kind.name}"
    if cells(line) > width:
        short = " ".join(_SHORT_WORDS.get(word, word) for word in kind.name.split())
        line = f"{index} {kind.letter} {glyphs:<8} {short}"
    return clip(line, width, ellipsis="")


class TileStackPanel(Widget):
    """The next tiles of the stack, the one the next placement takes first, their arrows
    turned as the board's are when it is flipped."""

    tiles: reactive[tuple[TileKind, ...]] = reactive(())
    left: reactive[int] = reactive(0)
    flipped: reactive[bool] = reactive(False)

    def watch_tiles(self, old: tuple[TileKind, ...], new: tuple[TileKind, ...]) -> None:
        """Lay the column out again only when the panel's height changes (one line a tile,
        one for an empty stack): a placement otherwise just redraws the lines."""
        if max(len(old), 1) != max(len(new), 1):
            self.refresh(layout=True)

    def render(self) -> RenderableType:
        ascii = bool(getattr(self.app, "ascii_board", False))
        if not self.tiles:
            return Text("the stack is empty", no_wrap=True)
        width = self.content_size.width
        lines = [
            tile_line(i + 1, kind, ascii, width, self.flipped) for i, kind in enumerate(self.tiles)
        ]
        return Text("\n".join(lines), no_wrap=True)

    def watch_left(self, left: int) -> None:
        self.border_title = f"Next tiles ({left} left)"


class DebtPanel(Widget):
    """What the last turn cost whom, one sentence per debt."""

    sentences: reactive[tuple[str, ...]] = reactive((), layout=True)

    def render(self) -> RenderableType:
        return Text("\n".join(self.sentences) or "no debts")
