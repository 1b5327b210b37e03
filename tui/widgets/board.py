"""The board widget: draws the ``BoardView`` it is given and reports clicked squares.

It knows nothing of rules. The screen sets what to draw (the view, the cursor, the selected
squares, the squares the selection may go on to, the last move, the orientation) and
listens for ``BoardWidget.SquareClicked``.

A change redraws only what it touches: moving the cursor redraws the lines of the two squares
involved, a move the lines of the squares whose cells changed, so a key press repaints a few
lines rather than the whole board (the screen is never laid out again for it).

Everything important is readable without colour: pieces carry their side in their text,
the cursor is bracketed ``[Q]``, selected squares ``(Q)``, squares the selection may go on
to ``>Q<`` or ``•``, the squares of a hinted move ``{Q}``, and canals are drawn as double lines.
The colours come from the stylesheet, chosen per colour depth (``colour_depth.py``) so that
squares, regions and highlights stay apart in 256 and 16 colours too (in 16 the last move is
underlined as well); with no colour at all the dark squares are drawn in reverse video and the
squares of the last move underlined.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

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
from tui.widgets.colour_depth import ColourDepth, colour_depth, depth_class

REGION_STYLES = 4
#: The glyphs drawn around and between pieces: canal crossing, canal along a file, canal along
#: a rank, a square the selection may go on to, an empty square. ASCII for terminals without
#: UTF-8 (the ``ascii`` switch).
GLYPHS = {False: ("╬", "║", "═", "•", "·"), True: ("+", "|", "=", "*", ".")}
OWNER_STYLES = 4
#: The most columns a square's text and its brackets take (``[  Q  ]``).
TEXT_FIELD = 7
#: How much lighter every other square of a special square's colour is drawn (the light
#: squares of a region have colours of their own, ``board--light-<n>``).
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
        *(f"board--light-{n}" for n in range(REGION_STYLES)),
        *(f"board--owner-{n}" for n in range(OWNER_STYLES)),
        *MARK_COMPONENTS,
    }

    # The watchers below redraw what changed (``repaint=False``: not the whole widget).
    view: reactive[BoardView | None] = reactive(None, repaint=False)
    cursor: reactive[int | None] = reactive(None, repaint=False)
    selected: reactive[tuple[int, ...]] = reactive((), repaint=False)
    targets: reactive[frozenset[int]] = reactive(frozenset(), repaint=False)
    last_move: reactive[tuple[int, ...]] = reactive((), repaint=False)
    #: The squares of a move suggested to the player (a hint), drawn ``{Q}``.
    hint: reactive[tuple[int, ...]] = reactive((), repaint=False)
    flipped: reactive[bool] = reactive(False)
    #: Draw only ASCII characters (taken from the app's ``ascii_board`` when mounted).
    ascii: reactive[bool] = reactive(False)
    #: The colour depth drawn for (taken from the app when mounted): it sets the CSS class
    #: ``-colours-<depth>`` that chooses the colours, and with ``none`` the reverse video.
    colours: reactive[ColourDepth] = reactive[ColourDepth]("truecolor")

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
        #: Every line of the content area as last drawn (``None``: all to be drawn again).
        self._strips: list[Strip] | None = None
        #: Lines of ``_strips`` to draw again before they are shown.
        self._stale: set[int] = set()
        #: The geometry and board origin ``_strips`` were drawn with.
        self._drawn_with: tuple[BoardGeometry, Offset] | None = None
        self._palette: _Palette | None = None

    # -- geometry -----------------------------------------------------------------------------

    @property
    def geometry(self) -> BoardGeometry | None:
        if self.view is None:
            return None
        return self._fit(self.view)

    def _fit(self, view: BoardView) -> BoardGeometry:
        """The geometry to draw ``view`` in, for the space the widget has."""
        return BoardGeometry.fit(view, self.flipped, self.content_size)

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
        self._stale.clear()
        self.refresh()

    watch_flipped = watch_ascii = _invalidate

    def watch_colours(self, old: ColourDepth, new: ColourDepth) -> None:
        self.remove_class(depth_class(old))
        self.add_class(depth_class(new))
        self._palette = None
        self._invalidate()

    def watch_view(self, old: BoardView | None, new: BoardView | None) -> None:
        if old is None or new is None or not _same_shape(old, new):
            self._invalidate()
            return
        self._redraw_squares(
            square for square, (a, b) in enumerate(zip(old.cells, new.cells, strict=True)) if a != b
        )

    def watch_cursor(self, old: int | None, new: int | None) -> None:
        self._redraw_squares(square for square in (old, new) if square is not None)

    def _watch_squares(self, old: Iterable[int], new: Iterable[int]) -> None:
        self._redraw_squares(set(old) ^ set(new))

    watch_selected = watch_targets = watch_last_move = watch_hint = _watch_squares

    def _redraw_squares(self, squares: Iterable[int]) -> None:
        """Draw the lines of ``squares`` again (and only them) before the next frame."""
        if self._strips is None or self._drawn_with is None or self.view is None:
            self._invalidate()  # nothing drawn yet to keep
            return
        geometry, origin = self._drawn_with
        count = len(self.view.cells)
        lines: set[int] = set()
        for square in squares:
            if 0 <= square < count:
                top = origin.y + geometry.square_region(square).y
                lines.update(range(top, top + geometry.cell_height))
        fresh = lines - self._stale
        if not fresh:
            return
        self._stale |= fresh
        width = self.content_size.width
        self.refresh(*(Region(0, y, width, 1) for y in sorted(fresh)))

    def on_mount(self) -> None:
        self.ascii = bool(getattr(self.app, "ascii_board", False))
        self.colours = colour_depth(self.app)
        self.add_class(depth_class(self.colours))

    def on_resize(self, event: Resize) -> None:
        self._invalidate()

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._strips = None
        self._palette = None

    def render_line(self, y: int) -> Strip:
        if self._strips is None:
            self._strips = self._draw()
        elif self._stale:
            self._redraw_stale()
        if 0 <= y < len(self._strips):
            return self._strips[y]
        return Strip.blank(self.content_size.width, self._base_style())

    def _base_style(self) -> Style:
        if self._palette is None:
            self._palette = _Palette(self)
        return self._palette.base

    def _draw(self) -> list[Strip]:
        """Every line of the content area, drawn once and kept until something changes."""
        self._stale.clear()
        self._drawn_with = None
        view = self.view
        if view is None:
            return []
        geometry = self._fit(view)
        origin = self._board_origin(geometry)
        self._drawn_with = geometry, origin
        strips = [Strip.blank(self.content_size.width, self._base_style())] * origin.y
        lines = self._board_lines(view, geometry, range(geometry.size.height))
        strips.extend(self._strip(segments, origin) for segments in lines)
        return strips

    def _redraw_stale(self) -> None:
        """Draw again the lines ``_redraw_squares`` marked, in the geometry of the rest."""
        assert self._strips is not None
        stale, self._stale = self._stale, set()
        if self.view is None or self._drawn_with is None:
            return
        geometry, origin = self._drawn_with
        ys = [y for y in sorted(stale) if origin.y <= y < len(self._strips)]
        lines = self._board_lines(self.view, geometry, [y - origin.y for y in ys])
        for y, segments in zip(ys, lines, strict=True):
            self._strips[y] = self._strip(segments, origin)

    def _board_lines(
        self, view: BoardView, geometry: BoardGeometry, lines: Iterable[int]
    ) -> list[list[Segment]]:
        """Lines ``lines`` of the drawn board (0 = its top line, the file letters last)."""
        if self._palette is None:
            self._palette = _Palette(self)
        painter = _Painter(self, self._palette, view, geometry)
        return [painter.line(line) for line in lines]

    def _strip(self, segments: list[Segment], origin: Offset) -> Strip:
        """One drawn line of the board, placed in the width of the content area."""
        base = self._base_style()
        strip = Strip(segments)
        if origin.x:
            strip = Strip.join([Strip.blank(origin.x, base), strip])
        return strip.adjust_cell_length(self.content_size.width, base)


def _same_shape(old: BoardView, new: BoardView) -> bool:
    """Whether ``new`` is drawn in the same lines as ``old``, so that only changed cells need
    drawing again."""
    return (
        old.width == new.width
        and old.height == new.height
        and old.file_walls == new.file_walls
        and old.rank_walls == new.rank_walls
        and len(old.cells) == len(new.cells)
    )


class _Palette:
    """The board's styles from its stylesheet, looked up once until the styles change."""

    def __init__(self, widget: BoardWidget) -> None:
        #: Without colour the squares are told apart by reverse video and underlines.
        self.monochrome = widget.colours == "none"
        #: Where colours are few the last move is underlined too (its colour is shared).
        self.underline_last = widget.colours in ("16", "none")
        self.base = widget.rich_style
        self.label = widget.get_component_rich_style("board--label")
        self.wall = widget.get_component_rich_style("board--wall")
        self.empty = self._text(widget, "board--empty")
        self.neutral = self._text(widget, "board--neutral")
        self.owners = [self._text(widget, f"board--owner-{n}") for n in range(OWNER_STYLES)]
        self.regions = [
            widget.get_component_styles(f"board--region-{n}").background
            for n in range(REGION_STYLES)
        ]
        self.lights = [
            widget.get_component_styles(f"board--light-{n}").background
            for n in range(REGION_STYLES)
        ]
        self.highlights = {
            name: widget.get_component_styles(f"board--{name}").background
            for name in ("cursor", "selected", "target", "hint", "last")
        }
        self.cursor_text = self._text(widget, "board--cursor")
        #: The text colour on the last move's squares, where the stylesheet gives one.
        last = widget.get_component_styles("board--last")
        self.last_text = (
            Style(color=last.color.rich_color)
            if last.has_rule("color") and not self.monochrome
            else Style()
        )
        #: Each mark's background and text style (see ``board_marks``).
        self.marks = {
            name: (widget.get_component_styles(name).background, self._text(widget, name))
            for name in MARK_COMPONENTS
        }

    def _text(self, widget: BoardWidget, component: str) -> Style:
        """The style of text on a square, without its colours where there are none: a
        reversed square then shows in the board's own two colours alone."""
        style = widget.get_component_rich_style(component, partial=True)
        return style.without_color if self.monochrome else style


@cache
def _line_kinds(geometry: BoardGeometry) -> tuple[tuple[int, int] | None, ...]:
    """What each line of the board shows, top to bottom: ``(rank, line)`` for a line of the
    squares of ``rank``, ``(rank, -1)`` for the wall below them, ``None`` for the file letters."""
    kinds: list[tuple[int, int] | None] = []
    for row in range(geometry.height):
        rank = geometry.rank_at(row)
        kinds.extend((rank, line) for line in range(geometry.cell_height))
        if geometry.wall_after_row(row):
            kinds.append((rank, -1))
    kinds.append(None)
    return tuple(kinds)


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

    def line(self, index: int) -> list[Segment]:
        """Line ``index`` of the board (0 = its top line)."""
        kinds = _line_kinds(self.geometry)
        return self._draw_line(kinds[index]) if index < len(kinds) else []

    def _draw_line(self, kind: tuple[int, int] | None) -> list[Segment]:
        if kind is None:
            return self._file_labels()
        rank, line = kind
        return self._wall_row() if line < 0 else self._square_line(rank, line)

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

    def _ground(self, square: int, cell: Cell, text_line: bool) -> Style:
        """The style of a square's blank cells: its background colour, or without colour
        reverse video on the dark squares; where colours are few or none the last move's text
        line is underlined too."""
        last = self.palette.underline_last and text_line and square in self.widget.last_move
        if not self.palette.monochrome:
            colour = self._background(square, cell).rich_color
            return Style(bgcolor=colour, underline=True) if last else Style(bgcolor=colour)
        rank, file = divmod(square, self.view.width)
        return Style(reverse=(rank + file) % 2 == 0, underline=last)

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
        rank, file = divmod(square, self.view.width)
        light = (rank + file) % 2 == 1
        look = look_of(cell.mark)
        if look is not None and look.background:
            colour = self.palette.marks[look.component][0]
            return colour.lighten(CHECKER_LIGHTEN) if light else colour
        region = cell.region % REGION_STYLES
        return (self.palette.lights if light else self.palette.regions)[region]

    def _cell(self, square: int, with_text: bool, spare: bool = False) -> list[Segment]:
        """One line of a square: its text line, its spare line (under the text, where a
        mark writes its label) or another blank line."""
        widget, palette = self.widget, self.palette
        cell = self.view.cells[square]
        width = self.geometry.cell_width
        background = self._ground(square, cell, with_text)
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
        if square in widget.last_move:
            style = style + palette.last_text
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
        # The text and its brackets take at most TEXT_FIELD columns in the middle of the
        # square, so that on a large square the brackets stay close to what they mark.
        field = min(width, TEXT_FIELD)
        inner = field - 2 if field >= 5 else field
        body = text[:inner].center(inner)
        style = palette.base + background + style
        left = (width - field) // 2
        right = width - field - left
        if look is not None and look.fill != " ":
            fill_style = palette.base + background + self._mark_style(look)
            segments = look.filled(marks if inner < field else "", body, style, fill_style)
            pad, pad_style = look.fill, fill_style
        else:
            if inner == field:
                segments = [Segment(body, style)]
            else:
                segments = [
                    Segment(marks[0], style),
                    Segment(body, style),
                    Segment(marks[1], style),
                ]
            pad, pad_style = " ", palette.base + background
        if not left and not right:
            return segments
        return [Segment(pad * left, pad_style), *segments, Segment(pad * right, pad_style)]

    def _mark_style(self, look: MarkLook) -> Style:
        return self.palette.marks[look.component][1]
