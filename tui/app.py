"""The pawnshop app: which screen shows when, and the one factory that builds the app.

The screen stack always starts with the game selection. A game being played is one board
screen above it; setup, loading and dialogs come and go above that. ``create_app`` is used by
the command line and by every test.

Screens the first frame does not need are imported when first shown, which keeps start-up
quick (the Markdown renderer of the rules page alone costs a tenth of a second).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path

from textual.binding import Binding
from textual.events import Resize
from textual.geometry import Size
from textual.screen import Screen
from textual.theme import Theme

from core.game import Game
from core.record import GameRecord
from core.registry import GameEntry, find_game, game_entries
from saves.atomic import deferred_syncs
from saves.errors import SaveError
from tui.ascii.drawing import AsciiCapableApp
from tui.css_files import css_files
from tui.play.disk_sync import BackgroundSync
from tui.play.seeds import random_seed
from tui.play.storage import Storage, lookup_in
from tui.screens.game_select import GameSelectScreen
from tui.screens.resume import ResumeScreen
from tui.screens.too_small import TooSmallScreen, is_too_small
from tui.textual_internals import (
    draw_only_widgets_in_the_update,
    lighten_strips,
    show_screens_without_repeated_work,
)

#: How long quitting waits at most for the last autosave to reach the disk.
FLUSH_SECONDS = 10.0

#: The CSS variables of each kind of app and theme, worked out once for the process (see
#: ``PawnshopApp.get_css_variables``).
_CSS_VARIABLES: dict[tuple[type, str], tuple[Theme, dict[str, str]]] = {}


class PawnshopApp(AsciiCapableApp):
    TITLE = "pawnshop"
    # The game selection is the default screen, whose own CSS_PATH Textual does not load.
    CSS_PATH = css_files(__file__, "widgets/widgets.tcss", "screens/game_select.tcss")
    ENABLE_COMMAND_PALETTE = False
    #: Whether quitting ends the process's shared computer worker: true for the app at one
    #: keyboard, which is the whole process; an SSH session shares its process with others.
    STOPS_COMPUTERS_ON_QUIT = True
    BINDINGS = [
        Binding("question_mark", "help", "Keys", id="app.help"),
        Binding("f1", "rules", "Rules", key_display="F1", id="app.rules"),
    ]

    def __init__(
        self,
        *,
        games: Sequence[Game | GameEntry],
        storage: Storage,
        record: GameRecord | None = None,
        path: Path | None = None,
        new_seed: Callable[[], int] = random_seed,
        exit_after_first_frame: bool = False,
        ascii: bool = False,
    ) -> None:
        """``record`` opens straight on its board; ``path`` is the file it was read from
        (``pawnshop open FILE``): a finished game is then reviewed, and the player is asked
        whether to play an unfinished one on or review it. ``ascii``: every cell drawn is
        ASCII (see ``tui.ascii``)."""
        super().__init__(ascii=ascii)
        # A screen's first showing restyles every widget and lays the screen out twice more
        # than it needs (a tenth of an SSH session's start): done once here, for every app.
        show_screens_without_repeated_work()
        # A screen's partial update drew every widget on it again (from its cache) and threw
        # the lines away: now only those inside the update.
        draw_only_widgets_in_the_update()
        # A strip drawn whole into one part of a row held itself, and waited for the garbage
        # collector, and every strip made seven caches: now freed when dropped, its caches
        # made when used.
        lighten_strips()
        #: The games offered; their rules are imported when a game is first chosen.
        self.game_entries = [
            game if isinstance(game, GameEntry) else GameEntry.of(game) for game in games
        ]
        self.storage = storage
        self.initial_record = record
        self.initial_path = path
        self.new_seed = new_seed
        self.exit_after_first_frame = exit_after_first_frame
        #: Flushes the autosave to disk after each move, off the way of the next frame.
        self.disk_sync = BackgroundSync()
        #: The time the clocks of timed games run on (monotonic seconds; a fake in tests).
        self.game_time: Callable[[], float] = time.monotonic

    def get_css_variables(self) -> dict[str, str]:
        """Textual's variables for the theme, worked out once for each theme: Textual works
        out the theme's whole colour system for every app it builds, and a server builds one
        for every session that connects. Each app has a copy of its own."""
        theme = self.current_theme
        key = (type(self), theme.name)
        kept = _CSS_VARIABLES.get(key)
        if kept is None or kept[0] is not theme:
            kept = _CSS_VARIABLES[key] = (theme, super().get_css_variables())
        self.theme_variables = dict(kept[1])
        return dict(kept[1])

    @property
    def games(self) -> list[Game]:
        """The games offered, every one's rules imported."""
        return [entry.load() for entry in self.game_entries]

    def get_default_screen(self) -> Screen[None]:
        return GameSelectScreen(self.game_entries)

    @property
    def select_screen(self) -> GameSelectScreen:
        screen = self.screen_stack[0]
        assert isinstance(screen, GameSelectScreen)
        return screen

    def on_mount(self) -> None:
        if self.initial_record is not None:
            self._open_file(self.initial_record, self.initial_path)
        else:
            self._offer_resume()
        self._check_size()
        self.app_suspend_signal.subscribe(self, self._flush_to_disk)
        if self.exit_after_first_frame:
            self.call_after_refresh(self.exit)

    def on_unmount(self) -> None:
        self._stop_computers()
        self._flush_to_disk()

    def _stop_computers(self) -> None:
        """End the computer's searches and its worker processes now, so that quitting does not
        wait for them. The autosave holds every move shown already: a search's move is kept
        as it is played, and one still being searched was never shown. The module is looked up,
        not imported: where no game with a computer was opened, it was never loaded and no
        worker runs."""
        computer = sys.modules.get("tui.play.computer")
        if computer is not None and self.STOPS_COMPUTERS_ON_QUIT:
            computer.stop_shared_runner()

    def _flush_to_disk(self, _: object = None) -> None:
        """Wait for the files written to be on disk (before quitting or being suspended)."""
        self.disk_sync.flush(timeout=FLUSH_SECONDS)

    # -- the terminal's size ------------------------------------------------------------------

    def on_resize(self, event: Resize) -> None:
        self._check_size(event.size)

    def _check_size(self, size: Size | None = None) -> None:
        size = size or self.size
        top = self.screen
        if is_too_small(size):
            if isinstance(top, TooSmallScreen):
                top.show_size(size)
            else:
                self.push_screen(TooSmallScreen())
        elif isinstance(top, TooSmallScreen):
            self.pop_screen()

    # -- going places -------------------------------------------------------------------------

    def _offer_resume(self) -> None:
        """Offer the unfinished game played last (the library has the others), and report
        the autosaves that could not be read (kept aside)."""
        try:
            found = self.storage.find_resumable()
        except SaveError as error:
            self.select_screen.show_message(str(error), error=True)
            return
        if found.bad:
            problems = [
                f"{bad.problem}{f' (kept as {bad.kept_as.name})' if bad.kept_as else ''}"
                for bad in found.bad
            ]
            self.select_screen.show_message("; ".join(problems), error=True)
        offer = found.offer
        if offer is not None:

            def answered(resume: bool | None) -> None:
                if resume:
                    self.open_board(offer.record, kept_in=offer.path)
                elif not found.bad:
                    games = offer.others + 1
                    waiting = "game waits" if games == 1 else f"{games} games wait"
                    self.select_screen.show_message(
                        f"Your unfinished {waiting} in the library: l, then u."
                    )

            self.push_screen(ResumeScreen(offer.question), answered)

    def _open_file(self, record: GameRecord, path: Path | None) -> None:
        """A game given on the command line: a finished one is reviewed; for an unfinished
        one the player chooses between playing it on and reviewing it."""
        if path is None or record.outcome() is not None:
            self.open_board(record, source=path)
            return
        own = self.storage.in_library(path) or self.storage.is_autosave(path)

        def answered(play: bool | None) -> None:
            if play:
                # A file of the library or an autosave is the game's own file; any other file
                # is left as it is and the game gets an autosave of its own at once.
                kept_in = path if own else None
                self.open_board(record, source=path, kept_in=kept_in, keep_now=not own)
            else:
                self.open_board(record, reviewing=True, source=path)

        question = (
            f"{path.name} is an unfinished {record.game.name} game. "
            "Play it on from where it stands? (n: review it)"
        )
        self.push_screen(ResumeScreen(question), answered)

    def open_board(
        self,
        record: GameRecord,
        *,
        reviewing: bool = False,
        source: Path | None = None,
        kept_in: Path | None = None,
        keep_now: bool = False,
    ) -> None:
        """Show ``record`` on a new board screen, right above the game selection (in the
        input mode of the game's phase: see ``tui.screens.input_modes``).
        ``source`` is the saved file it came from, which saving in review may replace.
        A game played is kept in ``kept_in`` after each move (``None``: an autosave of its
        own, made at its first move, or at once with ``keep_now``)."""

        from tui.screens.board import BoardScreen

        if not reviewing:
            self.storage.keep_in(record, kept_in)

        async def replace() -> None:
            while len(self.screen_stack) > 1:
                await self.pop_screen()
            screen = BoardScreen(record, reviewing=reviewing)
            screen.source = source
            await self.push_screen(screen)
            if keep_now and not screen.reviewing:
                problem = self.keep(record)
                if problem:
                    screen.say(problem, error=True)
            self._check_size()

        self.call_later(replace)

    def keep(self, record: GameRecord) -> str:
        """Write the game being played to its file now, leaving the flush to disk to a thread
        (the file is complete as soon as it is written; see ``tui.play.disk_sync``). The problem,
        in one sentence, if it could not be written; else ``""``."""
        written: list[Path] = []
        try:
            with deferred_syncs() as written:
                self.storage.autosave(record)
        except SaveError as error:
            return f"Autosave failed: {error}"
        finally:
            self.disk_sync.sync_later(written)
        return ""

    def action_new_game(self) -> None:
        """Back to the game selection (the game left behind is already saved)."""

        async def back() -> None:
            while len(self.screen_stack) > 1:
                await self.pop_screen()

        self.call_later(back)

    def action_load(self) -> None:
        """The library of saved games; the game chosen there opens on the board."""
        from tui.screens.library import LibraryChoice, LibraryScreen

        def chosen(choice: LibraryChoice | None) -> None:
            if choice is not None:
                kept_in = None if choice.review else choice.path
                self.open_board(
                    choice.record, reviewing=choice.review, source=choice.path, kept_in=kept_in
                )

        self.push_screen(LibraryScreen(), chosen)

    def action_help(self) -> None:
        from tui.keys import key_rows
        from tui.screens.help import HelpScreen

        screen = self.screen
        title = getattr(screen, "HELP_TITLE", "Keys")
        self.push_screen(HelpScreen(title, key_rows(screen)))

    def action_rules(self) -> None:
        from tui.screens.rules import RulesScreen

        current_game = getattr(self.screen, "current_game", None)
        game = current_game() if callable(current_game) else None
        if game is None:
            self.tell("Choose a game first: the rules are the game's own.")
            return
        self.push_screen(RulesScreen(game))

    def tell(self, sentence: str) -> None:
        """Tell the player ``sentence``: in the screen's own line where it has one
        (``say``), else as a notification."""
        say = getattr(self.screen, "say", None)
        if callable(say):
            say(sentence)
        else:
            self.notify(sentence, markup=False)


def create_app(
    *,
    data_dir: str | Path | None = None,
    record: GameRecord | None = None,
    path: Path | None = None,
    games: Sequence[Game] | None = None,
    clock: Callable[[], datetime] | None = None,
    new_seed: Callable[[], int] = random_seed,
    exit_after_first_frame: bool = False,
    ascii: bool = False,
) -> PawnshopApp:
    """The app. ``data_dir`` overrides where files go (else ``PAWNSHOP_DATA_DIR``, else the
    platform's data folder); ``record`` opens straight on its board (``path``: the file it was
    read from, see ``PawnshopApp``); ``games`` replaces the
    registered games (whose rules are imported only when a game is chosen); ``clock`` and
    ``new_seed`` make dates and seeds repeatable in tests; ``ascii`` draws the app in ASCII."""
    chosen: Sequence[Game | GameEntry] = games if games is not None else game_entries()
    lookup = lookup_in(games) if games is not None else find_game
    storage = Storage(Path(data_dir) if data_dir is not None else None, lookup, clock)
    return PawnshopApp(
        games=chosen,
        storage=storage,
        record=record,
        path=path,
        new_seed=new_seed,
        exit_after_first_frame=exit_after_first_frame,
        ascii=ascii,
    )
