"""The app of one SSH session: the same app as at one keyboard, opening on the lobby.

``net_app_factory(hall)`` is the factory ``tui.ssh.run`` calls for each session. The app shares
the server's hall of tables; its storage is the server's saved games, read-only, so players can
review the finished games of the server but never write files on it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from textual.screen import Screen

from core.record import GameRecord
from saves.errors import SaveError
from tui.app import PawnshopApp
from tui.css_files import css_files
from tui.net.lobby import LobbyScreen
from tui.play.hall import TableHall
from tui.play.identity import PlayerIdentity
from tui.play.player_names import claim_name
from tui.play.storage import Storage
from tui.play.table import Table
from tui.play.table_rows import next_your_move
from tui.ssh.session_info import SessionInfo, SessionRefused
from tui.textual_internals import leave_out_toasts_and_tooltips

NO_TABLE_WAITS = "No other table waits for your move."
READ_ONLY = "is not written: games played here are saved by the server itself"


@dataclass(frozen=True)
class ServerShelf(Storage):
    """The server's saved games as a session may use them: listed and loaded, never written."""

    def autosave(self, record: GameRecord) -> Path:
        raise SaveError("The autosave", READ_ONLY)

    def file_finished(self, record: GameRecord) -> Path:
        raise SaveError("This game", READ_ONLY)

    def save_as(self, record: GameRecord, name: str) -> Path:
        raise SaveError(name or "The file", READ_ONLY)

    def save_reviewed(self, record: GameRecord, name: str, source: Path | None) -> Path:
        raise SaveError(name or "The file", READ_ONLY)

    def rename(self, path: Path, name: str) -> Path:
        raise SaveError(path.name, READ_ONLY)

    def delete(self, path: Path) -> None:
        raise SaveError(path.name, READ_ONLY)

    def import_file(self, source: Path) -> Path:
        raise SaveError(source.name, READ_ONLY)

    def export(self, path: Path, destination: str) -> Path:
        raise SaveError(path.name, READ_ONLY)


class NetApp(PawnshopApp):
    """One session's app: the lobby first, then tables, and reviews of finished games."""

    #: The CSS of the screens a session opens, read from the start: a screen bringing CSS the
    #: app has not read makes Textual read the whole stylesheet again and restyle every widget
    #: of the app, which with a lobby of many tables costs a noticeable part of a second.
    CSS_PATH = css_files(
        __file__,
        "../widgets/widgets.tcss",
        "lobby.tcss",
        "new_table.tcss",
        "../screens/board.tcss",
        "../screens/chase_board.tcss",
        "table_screen.tcss",
        "../screens/dialog.tcss",
    )

    #: The server's other sessions may be using the shared computer worker.
    STOPS_COMPUTERS_ON_QUIT = False

    def __init__(self, hall: TableHall, player: PlayerIdentity, *, ascii_board: bool) -> None:
        super().__init__(games=hall.games, storage=ServerShelf(hall.data_dir, hall.lookup))
        # Two widgets fewer on every screen of every session (a server's sessions start in
        # numbers): a session's screens say what they have to say in their own lines.
        leave_out_toasts_and_tooltips(self)
        self.hall = hall
        self.player = player
        self.ascii_board = ascii_board
        #: In a browser session, hands the player a file (its name and bytes) as a download,
        #: whether sent (``tui.web``); ``None`` over SSH. ``tui.screens.downloads`` reads it.
        self.download: Callable[[str, bytes], bool] | None = None
        #: The names this session's player muted (``/mute NAME``), kept by every chat panel
        #: they open, in the lobby and at each table, until the session ends.
        self.chat_mutes: set[str] = set()

    def on_unmount(self) -> None:
        super().on_unmount()
        self.hall.departed(self.player)

    def get_default_screen(self) -> Screen[None]:
        return LobbyScreen(self.hall, self.player)

    def on_mount(self) -> None:
        self._check_size()
        waiting = self.hall.seats_of(self.player)
        if len(waiting) == 1:
            # Back after a dropped connection: straight to the game that waits for this player.
            # A player of several games starts in the lobby, where the tables awaiting their
            # move come first.
            self.open_table(waiting[0])

    def open_table(self, table: Table) -> None:
        """Show ``table`` right above the lobby (a finished one as a review of its game)."""
        from tui.net.watching_screen import table_screen

        if table.finished:
            self.review(table.record)
            return

        async def replace() -> None:
            while len(self.screen_stack) > 1:
                await self.pop_screen()
            await self.push_screen(table_screen(table, self.player))
            self._check_size()

        self.call_later(replace)

    def open_next_your_move(self, after: int | None) -> str | None:
        """Open the table after number ``after`` where this player is to move (the first such
        table for ``None``); what to say if there is none."""
        table = next_your_move(self.hall.listed(), self.player, after)
        if table is None:
            return NO_TABLE_WAITS
        self.open_table(table)
        return None

    def review(self, record: GameRecord) -> None:
        """Review a copy of ``record`` on a board of this session's own."""
        from saves.format import dumps, loads

        self.open_board(loads(dumps(record), games=self.storage.games), reviewing=True)
        self.call_later(self._show_kept_chat, record)

    def _show_kept_chat(self, record: GameRecord) -> None:
        """Once the review shows, the chat of the table the game was played at, if any."""
        from tui.net.chat_panel import show_kept_chat
        from tui.net.server_chat import chat_rooms_of

        show_kept_chat(self.screen, chat_rooms_of(self.hall), record)

    def action_load(self) -> None:
        from tui.screens.library import LibraryChoice, LibraryScreen

        def chosen(choice: LibraryChoice | None) -> None:
            if choice is not None:
                self.open_board(choice.record, reviewing=True)
                self.call_later(self._show_kept_chat, choice.record)

        self.push_screen(LibraryScreen(read_only=True), chosen)


def net_app_factory(hall: TableHall) -> Callable[[SessionInfo], Any]:
    """The app factory for ``tui.ssh.run``: one ``NetApp`` per session, all sharing ``hall``.
    Each newcomer is remembered among the server's players, and first has the hall set aside
    any table the lobby could not show."""

    def build(info: SessionInfo) -> NetApp:
        claim = claim_name(hall.store, info.player)
        if claim.player is None:
            raise SessionRefused(claim.refusal)
        hall.arrived(claim.player)
        hall.check_tables()
        return NetApp(hall, claim.player, ascii_board=info.ascii)

    return build
