"""The board widget: draws the ``BoardView`` it is given and reports clicked squares.

It knows nothing of rules. The screen sets what to draw (the view, the cursor, the selected
squares, the squares the selection may go on to, the last move, the orientation) and
listens for ``BoardWidget.SquareClicked``.

Everything important is readable without colour: pieces carry their side in their text,
the cursor is bracketed ``[Q]``, selected squares ``(Q)``, squares the selection may go on
to ``>Q<`` or ``•``, the squares of a hinted move ``{Q}``, and canals are drawn as double lines.
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual.color import Color
from textual.events import Click, Resize
from textual.geometry import Offset, Region
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from core.squares import FILES
from core.view import BoardView, Cell
from tui.widgets.board_geometry import BoardGeometry
from tui.widgets.board_marks import MARK_COMPONENTS, MarkLook, look_of

REGION_STYLES = 4
#: The glyphs drawn around and between pieces: canal crossing, canal along a file, canal along
#: a rank, a square the selection may go on to, an empty square. ASCII for terminals without
#: UTF-8 (the ``ascii`` switch).
GLYPHS = {False: ("╬", "║", "═", "•", "·"), True: ("+", "|", "=", "*", ".")}
OWNER_STYLES = 4
#: How much lighter every other square of a region is drawn.
CHECKER_LIGHTEN = 0.06


class BoardWidget(Widget):
    """A rectangular board of any size, with optional canals between files or ranks."""

    COMPONENT_CLASSES = {
        "board--label",
        "board--wall",
        "board--empty",
        "board--cursor",
        "board--selected",
        "board--target",
        "board--last",
        "board--hint",
        "board--neutral",
        *(f"board--region-{n}" for n in range(REGION_STYLES)),
        *(f"board--owner-{n}" for n in range(OWNER_STYLES)),
        *MARK_COMPONENTS,
    }

    view: reactive[BoardView | None] = reactive(None)
    cursor: reactive[int | None] = reactive(None)
    selected: reactive[tuple[int, ...]] = reactive(())
    targets: reactive[frozenset[int]] = reactive(frozenset())
    last_move: reactive[tuple[int, ...]] = reactive(())
    #: The squares of a move suggested to the player (a hint), drawn ``{Q}``.
    hint: reactive[tuple[int, ...]] = reactive(())
    flipped: reactive[bool] = reactive(False)
    #: Draw only ASCII characters (taken from the app's ``ascii_board`` when mounted).
    ascii: reactive[bool] = reactive(False)

    class SquareClicked(Message):
        """A square of the board was clicked."""

        def __init__(self, board: BoardWidget, square: int) -> None:
            super().__init__()
            self.board = board
            self.square = square

        @property
        def control(self) -> BoardWidget:
            return self.board

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._strips: list[Strip] | None = None
        self._palette: _Palette | None = None

    # -- geometry -----------------------------------------------------------------------------

    @property
    def geometry(self) -> BoardGeometry | None:
        if self.view is None:
            return None
        return BoardGeometry.fit(self.view, self.flipped, self.content_size)

    def _board_origin(self, geometry: BoardGeometry) -> Offset:
        """Top left of the drawn board inside the content area (the board is centred)."""
        space = self.content_size
        size = geometry.size
        return Offset(
            max(0, (space.width - size.width) // 2), max(0, (space.height - size.height) // 2)
        )

    def square_region(self, square: int) -> Region:
        """Where ``square`` is drawn, relative to the widget's top left (border included)."""
        geometry = self.geometry
        if geometry is None:
            raise ValueError("the board has nothing to draw yet")
        gutter = self.styles.gutter
        origin = self._board_origin(geometry) + Offset(gutter.left, gutter.top)
        return geometry.square_region(square).translate(origin)

    def square_click_offset(self, square: int) -> Offset:
        """A point inside ``square`` to click, relative to the widget's top left."""
        region = self.square_region(square)
        return Offset(region.x + region.width // 2, region.y + region.height // 2)

    def on_click(self, event: Click) -> None:
        geometry = self.geometry
        offset = event.get_content_offset(self)
        if geometry is None or offset is None:
            return
        local = offset - self._board_origin(geometry)
        square = geometry.square_at(local.x, local.y)
        if square is not None:
            self.post_message(self.SquareClicked(self, square))

    # -- drawing ------------------------------------------------------------------------------

    def _invalidate(self) -> None:
        self._strips = None
        self.refresh()

    watch_view = watch_cursor = watch_selected = watch_targets = _invalidate
    watch_last_move = watch_flipped = watch_ascii = watch_hint = _invalidate

    def on_mount(self) -> None:
        self.ascii = bool(getattr(self.app, "ascii_board", False))

    def on_resize(self, event: Resize) -> None:
        self._invalidate()

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._strips = None
        self._palette = None

    def render_line(self, y: int) -> Strip:
        if self._strips is None:
            self._strips = self._draw()
        if 0 <= y < len(self._strips):
            return self._strips[y]
        return Strip.blank(self.content_size.width, self._base_style())

    def _base_style(self) -> Style:
        if self._palette is None:
            self._palette = _Palette(self)
        return self._palette.base

    def _draw(self) -> list[Strip]:
        """Every line of the content area, drawn once per change and kept."""
        view = self.view
        if view is None:
            return []
        if self._palette is None:
            self._palette = _Palette(self)
        base = self._palette.base
        width = self.content_size.width
        geometry = BoardGeometry.fit(view, self.flipped, self.content_size)
        painter = _Painter(self, self._palette, view, geometry)
        origin = self._board_origin(geometry)
        blank = Strip.blank(origin.x, base) if origin.x else None
        strips = [Strip.blank(width, base)] * origin.y
        for segments in painter.lines():
            strip = Strip(segments)
            strip = Strip.join([blank, strip]) if blank else strip
            strips.append(strip.adjust_cell_length(width, base))
        return strips


class _Palette:
    """The board's styles from its stylesheet, looked up once until the styles change."""

    def __init__(self, widget: BoardWidget) -> None:
        self.base = widget.rich_style
        self.label = widget.get_component_rich_style("board--label")
        self.wall = widget.get_component_rich_style("board--wall")
        self.empty = widget.get_component_rich_style("board--empty", partial=True)
        self.neutral = widget.get_component_rich_style("board--neutral", partial=True)
        self.owners = [
            widget.get_component_rich_style(f"board--owner-{n}", partial=True)
            for n in range(OWNER_STYLES)
        ]
        self.regions = [
            widget.get_component_styles(f"board--region-{n}").background
            for n in range(REGION_STYLES)
        ]
        self.highlights = {
            name: widget.get_component_styles(f"board--{name}").background
            for name in ("cursor", "selected", "target", "hint", "last")
        }
        self.cursor_text = widget.get_component_rich_style("board--cursor", partial=True)
        #: Each mark's background and text style (see ``board_marks``).
        self.marks = {
            name: (
                widget.get_component_styles(name).background,
                widget.get_component_rich_style(name, partial=True),
            )
            for name in MARK_COMPONENTS
        }


class _Painter:
    """Turns one board into lines of styled segments."""

    def __init__(
        self, widget: BoardWidget, palette: _Palette, view: BoardView, geometry: BoardGeometry
    ) -> None:
        self.widget = widget
        self.palette = palette
        self.view = view
        self.geometry = geometry
        self.cross, self.file_wall, self.rank_wall, self.target, self.empty = GLYPHS[widget.ascii]

    def lines(self) -> list[list[Segment]]:
        geometry = self.geometry
        lines: list[list[Segment]] = []
        for row in range(geometry.height):
            rank = geometry.rank_at(row)
            for line in range(geometry.cell_height):
                lines.append(self._square_line(rank, line))
            if geometry.wall_after_row(row):
                lines.append(self._wall_row())
        lines.append(self._file_labels())
        return lines

    def _square_line(self, rank: int, line: int) -> list[Segment]:
        geometry = self.geometry
        text_line = (geometry.cell_height - 1) // 2
        label = f"{rank + 1:>2} " if line == text_line else "   "
        segments = [Segment(label, self.palette.label)]
        for column in range(geometry.width):
            square = rank * geometry.width + geometry.file_at(column)
            segments.extend(self._cell(square, line == text_line, line == text_line + 1))
            if geometry.wall_after_column(column):
                segments.append(Segment(self.file_wall, self.palette.wall))
        return segments

    def _wall_row(self) -> list[Segment]:
        geometry = self.geometry
        segments = [Segment("   ", self.palette.label)]
        for column in range(geometry.width):
            segments.append(Segment(self.rank_wall * geometry.cell_width, self.palette.wall))
            if geometry.wall_after_column(column):
                segments.append(Segment(self.cross, self.palette.wall))
        return segments

    def _file_labels(self) -> list[Segment]:
        geometry = self.geometry
        segments = [Segment("   ", self.palette.label)]
        for column in range(geometry.width):
            letter = FILES[geometry.file_at(column)]
            segments.append(Segment(letter.center(geometry.cell_width), self.palette.label))
            if geometry.wall_after_column(column):
                segments.append(Segment(" ", self.palette.label))
        return segments

    def _background(self, square: int, cell: Cell) -> Color:
        widget = self.widget
        if square == widget.cursor:
            return self.palette.highlights["cursor"]
        if square in widget.selected:
            return self.palette.highlights["selected"]
        if square in widget.targets:
            return self.palette.highlights["target"]
        if square in widget.hint:
            return self.palette.highlights["hint"]
        if square in widget.last_move:
            return self.palette.highlights["last"]
        look = look_of(cell.mark)
        if look is not None and look.background:
            colour = self.palette.marks[look.component][0]
        else:
            colour = self.palette.regions[cell.region % REGION_STYLES]
        rank, file = divmod(square, self.view.width)
        return colour.lighten(CHECKER_LIGHTEN) if (rank + file) % 2 else colour

    def _cell(self, square: int, with_text: bool, spare: bool = False) -> list[Segment]:
        """One line of a square: its text line, its spare line (under the text, where a
        mark writes its label) or another blank line."""
        widget, palette = self.widget, self.palette
        cell = self.view.cells[square]
        width = self.geometry.cell_width
        background = Style(bgcolor=self._background(square, cell).rich_color)
        look = look_of(cell.mark, widget.ascii)
        if not with_text:
            if spare and look is not None:
                mark_style = palette.base + background + self._mark_style(look)
                return [Segment(look.spare_line(width), mark_style)]
            return [Segment(" " * width, palette.base + background)]
        if cell.text:
            text = cell.text
            owner = cell.owner
            style = palette.neutral if owner is None else palette.owners[owner % OWNER_STYLES]
        elif square not in widget.targets and look is not None and look.empty:
            text, style = look.empty, self._mark_style(look)
        else:
            text = self.target if square in widget.targets else self.empty
            style = palette.empty
        if square == widget.cursor:
            style = style + palette.cursor_text
            marks = "[]"
        elif square in widget.selected:
            marks = "()"
        elif square in widget.targets and cell.text:
            marks = "><"
        elif square in widget.hint:
            marks = "{}"
        else:
            marks = "  "
        inner = width - 2 if width >= 5 else width
        body = text[:inner].center(inner)
        style = palette.base + background + style
        if look is not None and look.fill != " ":
            fill_style = palette.base + background + self._mark_style(look)
            return look.filled(marks if inner < width else "", body, style, fill_style)
        if inner == width:
            return [Segment(body, style)]
        return [Segment(marks[0], style), Segment(body, style), Segment(marks[1], style)]

    def _mark_style(self, look: MarkLook) -> Style:
        return self.palette.marks[look.component][1]
