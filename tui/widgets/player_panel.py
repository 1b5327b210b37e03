"""A player's panel: name, seat, score, whether it is their turn, the game's own lines, and in
a timed game the seat's clock."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.text import Text
from textual.message import Message
from textual.reactive import reactive
from textual.timer import Timer
from textual.widget import Widget

from tui.plain_text import cells, clean, clip
from tui.play.clock import Clocks
from tui.play.describe import PanelInfo

#: How often a panel with a clock looks at it: tenths show under ten seconds.
CLOCK_TICK = 0.1


class PlayerPanel(Widget):
    """One seat at the table. The seat to move is marked ``▶`` and has the background of the
    ``player-panel--to-move`` component class.

    That background is set as the panel's own style rather than by a CSS class: a class
    toggled on two panels after every move had the whole stylesheet matched against them again,
    the largest cost of a move after drawing."""

    COMPONENT_CLASSES = {"player-panel--to-move"}

    info: reactive[PanelInfo | None] = reactive(None)

    class FlagFell(Message):
        """The clock of the panel's seat ran out (posted once per clock given)."""

        def __init__(self, seat: int) -> None:
            super().__init__()
            self.seat = seat

    _clocks: Clocks | None = None
    _seat = 0
    _clock_shown = ""
    _flag_told = False
    _ticking: Timer | None = None

    def show_clock(self, clocks: Clocks | None, seat: int) -> None:
        """Show ``seat``'s clock of ``clocks`` at the right of the head (``None``: no clock),
        drawn again as its shown time changes; ``FlagFell`` is posted when it runs out. The
        same clocks shown again (every redraw of the screen gives them) change nothing."""
        if clocks is self._clocks and seat == self._seat:
            if clocks is not None and clocks.text(seat) != self._clock_shown:
                self.refresh()  # set back by an undo, or pressed by a move
            return
        self._clocks, self._seat, self._flag_told = clocks, seat, False
        if clocks is not None and self._ticking is None:
            self._ticking = self.set_interval(CLOCK_TICK, self.tick_clock)
        elif clocks is None and self._ticking is not None:
            self._ticking.stop()
            self._ticking = None
        self.refresh()

    def tick_clock(self) -> None:
        """Draw the clock again if what it shows has changed; tell of a fallen flag once."""
        clocks = self._clocks
        if clocks is None:
            return
        if clocks.text(self._seat) != self._clock_shown:
            self.refresh()
        if not self._flag_told and clocks.flag_fallen() == self._seat:
            self._flag_told = True
            self.post_message(self.FlagFell(self._seat))

    def watch_info(self, old: PanelInfo | None, new: PanelInfo | None) -> None:
        to_move = bool(new and new.to_move)
        if to_move != bool(old and old.to_move) or old is None:
            look = self.get_component_styles("player-panel--to-move")
            self.styles.background = look.background if to_move else None
        if old is None or new is None or self._rows(old) != self._rows(new):
            self.refresh(layout=True)  # the panel's height changes: lay the column out again

    def _rows(self, info: PanelInfo) -> int:
        """How many rows the panel takes for ``info``: its head, and the game's lines as they
        wrap under it. Only a change of that lays the screen out again."""
        if not info.lines:
            return 1
        width = max(1, self.content_size.width - 2)
        return 1 + len(self._lines_text(info).wrap(self.app.console, width))

    @staticmethod
    def _lines_text(info: PanelInfo) -> Text:
        return Text("\n".join(clean(line) for line in info.lines))

    def render(self) -> RenderableType:
        info = self.info
        if info is None:
            return Text()
        width = self.content_size.width
        name = info.player if info.player == info.seat_name else f"{info.player} ({info.seat_name})"
        score = "" if info.score is None else str(info.score)
        if self._clocks is not None:
            self._clock_shown = self._clocks.text(self._seat)
            score = f"{score}  {self._clock_shown}" if score else self._clock_shown
        # The name is a person's: cut in terminal cells (a wide character takes two).
        name = clip(name, max(1, width - 2 - len(score) - 1))
        head = Text(no_wrap=True, overflow="ellipsis")
        head.append("▶ " if info.to_move else "  ")
        head.append(name, style="bold")
        if score:
            head.append(" " * max(1, width - 2 - cells(name) - len(score)))
            head.append(score, style="bold")
        if not info.lines:
            return head
        # The game's lines wrap under the name, indented, rather than being cut off.
        return Group(head, Padding(self._lines_text(info), (0, 0, 0, 2)))
