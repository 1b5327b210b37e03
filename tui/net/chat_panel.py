"""The chat of a table or of the lobby: its last lines under what the screen shows, and a line
to type into.

The panel is a few rows high (``SHOWN_LINES`` at 24 rows, more on a taller terminal), so the
board or the list above it keeps its room. Each line is the speaker's name and what they said,
both the players' own text and so drawn as plain text (``tui.plain_text``), never markup. The
typed line opens with ``open_line`` (the screen's key for it) and sends with Enter; Esc leaves
it. What the viewer typed may be a command (``/mute NAME``...): its answer, or a refusal, is
shown as one sentence in the panel, to this viewer only.
"""

from __future__ import annotations

from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.binding import Binding
from textual.geometry import Size
from textual.message import Message
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Input

from core.record import GameRecord
from tui.net.crossing import post_across
from tui.plain_text import plain
from tui.play.chat import ChatLine, ChatRefused, ChatRoom, ChatViewer, typed
from tui.play.chat_rooms import ChatRooms
from tui.play.table_files import TABLE_TAG
from tui.widgets.abandoned import start_abandoned

#: What the help says of the chat's commands, in the lobby and at a table.
CHAT_COMMANDS_HELP = (
    "in the chat: hide a person from you in every chat until you leave (/unmute NAME, "
    "/mutes lists them; at a table a player's /spectators off hides spectators)"
)
#: How many lines the panel shows on a terminal of 24 rows; each 8 rows more shows one more.
SHOWN_LINES = 2
#: How many rows one line may take in the panel (the rest is cut, ending in an ellipsis).
LINE_ROWS = 2


class ChatHeard(Message):
    """A line was said in the panel's room: it shows the room again."""


class ChatInput(Input):
    """The typed line of ``panel``, mounted right under it the first time it opens."""

    BINDINGS = [Binding("escape", "leave", "Leave the chat", show=False)]
    DEFAULT_CSS = """
    ChatInput, ChatInput:focus { display: none; border: none; height: 1; padding: 0 1; }
    ChatInput.-open { display: block; }
    """

    def __init__(self, panel: ChatPanel) -> None:
        super().__init__(placeholder="Enter says it, Esc leaves", id="chat-input")
        self.panel = panel

    def action_leave(self) -> None:
        self.panel.leave()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.panel.submit(event.value)


class ChatPanel(Widget):
    """The chat of room ``room_name`` as ``viewer`` sees it (``speaker_key``: who they are to
    the rate limit; ``hint``: shown while the viewer sees no line, the key that opens the
    typed line).

    One widget draws the lines and, under them, the note to the viewer, row by row (the line
    API) from what it holds: its height at any width is known before it is drawn, so neither
    its first showing nor a resize lays the screen out a second time, as two text widgets
    in a container did (each asked for a layout again once it knew its width).
    """

    COMPONENT_CLASSES = {"chat-panel--note", "chat-panel--error"}
    DEFAULT_CSS = """
    ChatPanel { height: auto; color: $text-muted; }
    ChatPanel > .chat-panel--note { color: $foreground; }
    ChatPanel > .chat-panel--error { color: $error; }
    """

    def __init__(
        self,
        rooms: ChatRooms,
        room_name: str,
        viewer: ChatViewer,
        speaker_key: str,
        *,
        hint: str = "c: chat",
        can_type: bool = True,
    ) -> None:
        super().__init__(id="chat")
        self.rooms = rooms
        self.room_name = room_name
        self.viewer = viewer
        self.speaker_key = speaker_key
        self.hint = hint
        #: ``False`` for the chat kept with a finished game: shown, never typed into.
        self.can_type = can_type
        #: The room's lines this viewer sees, from the store as the panel is made, so that
        #: its first showing draws them (``room`` is listened to once it is mounted).
        self.room: ChatRoom | None = None
        self.seen_lines: list[ChatLine] = viewer.shown(rooms.room(room_name).lines)
        #: The sentence under the lines, to this viewer only ("" for none), and whether it
        #: is a refusal.
        self.note_sentence = ""
        self.note_is_error = False
        self._line: ChatInput | None = None
        self._before_open: Widget | None = None
        #: The rows drawn, for (width, lines shown, what changed): worked out once a change.
        self._rows: tuple[tuple[int, int, int], list[Strip]] | None = None
        self._changes = 0

    def on_mount(self) -> None:
        if start_abandoned(self):
            return
        self.room = self.rooms.listen(self.room_name, self._heard)
        self.show_lines()

    def on_unmount(self) -> None:
        self.rooms.unlisten(self.room_name, self._heard)

    def _heard(self, _line: ChatLine) -> None:
        """Called on whichever session's turn said the line: shown in this panel's own app."""
        post_across(self, ChatHeard)

    def on_chat_heard(self, _message: ChatHeard) -> None:
        self.show_lines()

    def shown_count(self) -> int:
        """How many of the last lines show: more on a taller terminal."""
        height = self.screen.size.height if self.is_attached else 24
        return SHOWN_LINES + max(0, (height - 24) // 8)

    def show_lines(self) -> None:
        """Show the room's lines as they are now (drawn again only if they changed)."""
        if self.room is None:
            return
        seen = self.viewer.shown(self.room.lines)
        if seen != self.seen_lines:
            self.seen_lines = seen
            self._changed()

    def shown_text(self) -> Text:
        """The lines shown (or the hint), each speaker's name bold, before they are cut and
        wrapped to the panel's width."""
        text = Text()
        shown = self.seen_lines[-self.shown_count() :]
        if not shown:
            text.append(self.hint)
        for number, line in enumerate(shown):
            if number:
                text.append("\n")
            text.append(plain(line.speaker).plain, style="bold")
            text.append(": ")
            text.append_text(plain(line.text))
        return text

    def note(self, sentence: str, *, error: bool = False) -> None:
        sentence = plain(sentence).plain
        if (sentence, error) != (self.note_sentence, self.note_is_error):
            self.note_sentence, self.note_is_error = sentence, error
            self._changed()

    def _changed(self) -> None:
        """Draw again; lay the screen out only if the panel's height changes."""
        before = self._rows
        self._changes += 1
        width = self.content_size.width
        if before is None or width <= 0:
            self.refresh(layout=True)
            return
        self.refresh(layout=len(self._rows_for(width)) != len(before[1]))

    # -- drawing ------------------------------------------------------------------------------

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._rows_for(width))

    def render_line(self, y: int) -> Strip:
        width = self.content_size.width
        rows = self._rows_for(width)
        if y < len(rows):
            return rows[y]
        return Strip.blank(width, self.rich_style)

    def _rows_for(self, width: int) -> list[Strip]:
        key = (width, self.shown_count(), self._changes)
        if self._rows is not None and self._rows[0] == key:
            return self._rows[1]
        rows: list[Strip] = []
        if width > 0:
            console = self.app.console
            base = self.rich_style
            for said in self.shown_text().split("\n"):
                if self.seen_lines:  # a line takes at most LINE_ROWS rows, the hint all it needs
                    said.truncate(LINE_ROWS * width - 1, overflow="ellipsis")
                rows += self._wrapped(said, width, base, console)
            if self.note_sentence:
                style = "chat-panel--error" if self.note_is_error else "chat-panel--note"
                note = Text(self.note_sentence)
                rows += self._wrapped(note, width, self.get_component_rich_style(style), console)
        self._rows = (key, rows)
        return rows

    @staticmethod
    def _wrapped(text: Text, width: int, style: Style, console: Console) -> list[Strip]:
        return [
            Strip(Segment.apply_style(line.render(console), style), line.cell_len).crop_extend(
                0, width, style
            )
            for line in text.wrap(console, width)
        ]

    # -- the typed line -----------------------------------------------------------------------

    async def open_line(self) -> None:
        """Show the typed line (mounted under the panel the first time) and move the focus to
        it."""
        if not self.can_type:
            return
        self._before_open = self.screen.focused
        line = self._line
        if line is None:
            line = self._line = ChatInput(self)
            parent = self.parent
            assert isinstance(parent, Widget)
            await parent.mount(line, after=self)
        line.add_class("-open")
        line.focus()

    def leave(self) -> None:
        line = self._line
        if line is not None:
            line.value = ""
            line.remove_class("-open")
        before = self._before_open
        if before is not None and before.is_attached:
            before.focus()
        else:  # nothing had the focus: the screen's own keys (a table's board) take them again
            self.screen.set_focus(None)

    def submit(self, typed_text: str) -> None:
        """What the viewer typed and sent: said in the room, or a command answered."""
        if self.room is None or not typed_text.strip():
            self.leave()
            return
        try:
            answer = typed(self.room, self.viewer, self.speaker_key, typed_text)
        except ChatRefused as refusal:
            self.note(str(refusal), error=True)
            return
        self.note(answer if isinstance(answer, str) else "")
        if self._line is not None:
            self._line.value = ""
        self.show_lines()


def show_kept_chat(screen: Screen[object], rooms: ChatRooms, record: GameRecord) -> None:
    """Under the moves of ``screen`` (a review of a game finished at a table of this server,
    its number in the game's ``Table`` tag), the chat of that table, to read."""
    number = record.tags.get(TABLE_TAG, "")
    sides = screen.query("#board-side")
    if not number.isdigit() or not sides or screen.query(ChatPanel):
        return
    if start_abandoned(sides.first()):  # the session closed before the review showed
        return
    viewer = ChatViewer("", is_player=False)
    sides.first().mount(
        ChatPanel(rooms, number, viewer, "", hint="Nobody chatted at this table.", can_type=False)
    )
