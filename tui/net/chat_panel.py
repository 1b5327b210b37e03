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

from rich.text import Span, Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Input, Static

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
    BINDINGS = [Binding("escape", "leave", "Leave the chat", show=False)]

    def action_leave(self) -> None:
        panel = self.ancestors_with_self[1]
        if isinstance(panel, ChatPanel):
            panel.leave()


class ChatPanel(Vertical):
    """The chat of room ``room_name`` as ``viewer`` sees it (``speaker_key``: who they are to
    the rate limit; ``hint``: shown while the viewer sees no line, the key that opens the
    typed line)."""

    DEFAULT_CSS = """
    ChatPanel { height: auto; }
    ChatPanel > #chat-lines { height: auto; color: $text-muted; }
    ChatPanel > #chat-note { height: auto; display: none; }
    ChatPanel > #chat-note.-shown { display: block; }
    ChatPanel > #chat-note.-error { color: $error; }
    ChatPanel > ChatInput, ChatPanel > ChatInput:focus {
        display: none; border: none; height: 1; padding: 0 1;
    }
    ChatPanel > ChatInput.-open { display: block; }
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
        self.room: ChatRoom | None = None
        self._before_open: Widget | None = None
        #: What the lines show now: the same text again (a resize of the same width, the
        #: mount and the first resize) is not drawn, nor is the screen laid out, again.
        self._shown: tuple[str, tuple[Span, ...], int] | None = None

    def compose(self) -> ComposeResult:
        yield Static("", id="chat-lines")
        yield Static("", id="chat-note")
        # The typed line (an ``Input``, a dozen styled parts and a blinking cursor) is mounted
        # the first time the viewer opens it: most sessions never chat, and every session's
        # start would otherwise pay for it.

    def on_mount(self) -> None:
        if start_abandoned(self):
            return
        self.room = self.rooms.listen(self.room_name, self._heard)
        self.show_lines()

    def on_unmount(self) -> None:
        self.rooms.unlisten(self.room_name, self._heard)

    def on_resize(self) -> None:
        self.show_lines()

    def _heard(self, _line: ChatLine) -> None:
        """Called on whichever session's turn said the line: shown in this panel's own app."""
        post_across(self, ChatHeard)

    def on_chat_heard(self, _message: ChatHeard) -> None:
        self.show_lines()

    def shown_count(self) -> int:
        return SHOWN_LINES + max(0, (self.screen.size.height - 24) // 8)

    def show_lines(self) -> None:
        if self.room is None:
            return
        seen = self.viewer.shown(self.room.lines)[-self.shown_count() :]
        text = Text()
        if not seen:
            text.append(self.hint)
        room_for_one = max(1, LINE_ROWS * self.content_size.width - 1)
        for number, line in enumerate(seen):
            if number:
                text.append("\n")
            said = Text()
            said.append(plain(line.speaker).plain, style="bold")
            said.append(": ")
            said.append_text(plain(line.text))
            said.truncate(room_for_one, overflow="ellipsis")
            text.append_text(said)
        shown = (text.plain, tuple(text.spans), self.content_size.width)
        if shown != self._shown:
            self._shown = shown
            self.query_one("#chat-lines", Static).update(text)

    async def open_line(self) -> None:
        """Show the typed line (mounted the first time) and move the focus to it."""
        if not self.can_type:
            return
        self._before_open = self.screen.focused
        mounted = self.query(ChatInput)
        if mounted:
            line = mounted.first()
        else:
            line = ChatInput(placeholder="Enter says it, Esc leaves", id="chat-input")
            await self.mount(line)
        line.add_class("-open")
        line.focus()

    def leave(self) -> None:
        for line in self.query(ChatInput):
            line.value = ""
            line.remove_class("-open")
        before = self._before_open
        if before is not None and before.is_attached:
            before.focus()
        else:  # nothing had the focus: the screen's own keys (a table's board) take them again
            self.screen.set_focus(None)

    def note(self, sentence: str, *, error: bool = False) -> None:
        note = self.query_one("#chat-note", Static)
        note.update(plain(sentence))
        note.set_class(error, "-error")
        note.set_class(bool(sentence), "-shown")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if self.room is None or not event.value.strip():
            self.leave()
            return
        try:
            answer = typed(self.room, self.viewer, self.speaker_key, event.value)
        except ChatRefused as refusal:
            self.note(str(refusal), error=True)
            return
        self.note(answer if isinstance(answer, str) else "")
        event.input.value = ""
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
