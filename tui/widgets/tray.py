"""The tray: what a player holds in hand (pieces to place, power tokens to play), as chips.

Each chip shows the key that takes the item, what it is when the key does not say, and how
many are left when more than one: ``0 cannon ×2``, ``1 ×4``, ``p portal``. The chosen item is
drawn reversed with ``▸`` before it, so it stands out without colour. The tray draws what it
is given and posts ``TrayWidget.ItemClicked`` when a chip is clicked; the screen decides.
"""

from __future__ import annotations

from typing import NamedTuple

from rich.text import Text
from textual.events import Click
from textual.geometry import Offset, Size
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from core.view import TrayItem
from tui.plain_text import cells, clean

#: Columns between two chips on a row.
GAP = 1


def chip_text(item: TrayItem) -> str:
    """``0 cannon ×2``: the key, the label beyond what the key says, the count if not one."""
    label = item.label
    if label == item.key:
        label = ""
    elif label.startswith(item.key + " "):
        label = label[len(item.key) :].strip().strip("()")
    count = f" ×{item.count}" if item.count != 1 else ""
    return clean(f"{item.key} {label}{count}" if label else f"{item.key}{count}")


class Chip(NamedTuple):
    """Where one item is drawn: its row, first column and text (with room for ``▸``)."""

    row: int
    x: int
    text: str
    item: TrayItem


def lay_out(items: tuple[TrayItem, ...], width: int) -> list[Chip]:
    """The chips in reading order, wrapped to ``width`` columns."""
    chips: list[Chip] = []
    row = x = 0
    for item in items:
        text = " " + chip_text(item) + " "
        if x and x + cells(text) > width:
            row, x = row + 1, 0
        chips.append(Chip(row, x, text, item))
        x += cells(text) + GAP
    return chips


class TrayWidget(Widget):
    DEFAULT_CSS = """
    TrayWidget {
        height: auto;
        border: round $primary 40%;
        border-title-color: $text-muted;
        padding: 0 1;
    }
    TrayWidget > .tray--key {
        color: $accent;
        text-style: bold;
    }
    TrayWidget > .tray--chosen {
        text-style: bold reverse;
    }
    TrayWidget > .tray--empty {
        color: $text-muted;
    }
    """
    COMPONENT_CLASSES = {"tray--key", "tray--chosen", "tray--empty"}

    items: reactive[tuple[TrayItem, ...]] = reactive((), layout=True)
    chosen: reactive[str | None] = reactive(None)
    #: What the tray says when it holds nothing.
    empty_text: reactive[str] = reactive("nothing in hand")

    class ItemClicked(Message):
        """A chip was clicked: ``key`` is its item's key."""

        def __init__(self, tray: TrayWidget, key: str) -> None:
            super().__init__()
            self.tray = tray
            self.key = key

        @property
        def control(self) -> TrayWidget:
            return self.tray

    def chips(self) -> list[Chip]:
        return lay_out(self.items, max(1, self.content_size.width))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        chips = lay_out(self.items, max(1, width))
        return chips[-1].row + 1 if chips else 1

    def render(self) -> Text:
        chips = self.chips()
        if not chips:
            empty = clean(self.empty_text)
            return Text(empty, style=self.get_component_rich_style("tray--empty"))
        key_style = self.get_component_rich_style("tray--key")
        chosen_style = self.get_component_rich_style("tray--chosen")
        lines: list[Text] = [Text() for _ in range(chips[-1].row + 1)]
        for chip in chips:
            line = lines[chip.row]
            line.append(" " * (chip.x - line.cell_len))
            key = chip.item.key
            if key == self.chosen:
                line.append("▸" + chip.text[1:], style=chosen_style)
            else:
                line.append(" ")
                line.append(key, style=key_style)
                line.append(chip.text[1 + len(key) :])
        return Text("\n").join(lines)

    def chip_offset(self, key: str) -> Offset:
        """A point inside the chip of ``key``, relative to the widget's top left."""
        for chip in self.chips():
            if chip.item.key == key:
                gutter = self.styles.gutter
                return Offset(gutter.left + chip.x + 1, gutter.top + chip.row)
        raise ValueError(f"nothing in the tray has the key {key!r}")

    def on_click(self, event: Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        for chip in self.chips():
            if chip.row == offset.y and chip.x <= offset.x < chip.x + cells(chip.text):
                self.post_message(self.ItemClicked(self, chip.item.key))
                return
