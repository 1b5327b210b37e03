"""A game exported in a browser session comes to the browser as a download (a WebSocket
message the page saves as a file), from the library of the server's finished games (``e``)
and from a review (``S``, ``ctrl+s``): the bytes are the game's text, under a safe file name,
and nothing is written on the server."""

from __future__ import annotations

import base64
import re
from contextlib import AsyncExitStack
from pathlib import Path
from typing import Any

from hostile_text import CORPUS
from net_helpers import LOBBY
from test_ssh_support import run_scenario
from test_web_support import BrowserTerminal, browse, serving_web

from core.record import GameRecord
from core.registry import find_game
from saves import paths
from saves.format import dumps, loads
from saves.library import exports_dir
from tui.screens.downloads import sent_sentence
from tui.web.channel import MAX_FILE_NAME, safe_file_name

MARTIAN = find_game("martian-chess")
SHORT_GAME = ("clock", "b1-a1", "c8-d8", "a1-b1", "d8-c8", "b1-a1", "c8-d8", "a1-b1")
FILE = "alice-bob.pawn"


def finished_game(data_dir: Path) -> Path:
    """A finished game among the server's saved games."""
    record = GameRecord(MARTIAN, {}, 1, ["alice", "bob"])
    for notation in SHORT_GAME:
        record.play(MARTIAN.parse_move(record.state, notation), main=True)
    assert record.outcome() is not None
    games = paths.games_dir(data_dir)
    games.mkdir(parents=True, exist_ok=True)
    path = games / FILE
    path.write_text(dumps(record), encoding="utf-8")
    return path


def every_file(folder: Path) -> set[Path]:
    return {path for path in folder.rglob("*") if path.is_file()}


async def downloaded(tab: BrowserTerminal, count: int) -> list[Any]:
    """The page's download messages, once there are ``count``."""
    await tab.until(lambda: len(downloads(tab)) >= count, f"{count} download(s)")
    return downloads(tab)[count - 1]


def downloads(tab: BrowserTerminal) -> list[list[Any]]:
    return [message for message in tab.texts if message and message[0] == "download"]


def test_a_browser_downloads_a_finished_game_from_the_library_and_from_review(
    tmp_path: Path,
) -> None:
    path = finished_game(tmp_path)
    text = path.read_bytes()

    async def scenario() -> None:
        async with AsyncExitStack() as stack:
            site = await stack.enter_async_context(serving_web(tmp_path))
            tab = await browse(stack, site, "carol", LOBBY)
            files = every_file(tmp_path)
            tab.press("r")
            await tab.shows("alice-bob")
            tab.press("e")
            kind, name, data = await downloaded(tab, 1)
            assert (kind, name) == ("download", FILE)
            assert base64.b64decode(data) == text
            await tab.shows(sent_sentence(FILE))

            tab.press("\r")  # review it
            await tab.shows("a1-b1")
            tab.press("S")
            kind, name, data = await downloaded(tab, 2)
            # Named as saving it would suggest: when, which game, who played.
            assert re.fullmatch(r"\d{4}-\d\d-\d\d_\d{4}_martian-chess_alice-bob\.pawn", name)
            reviewed = base64.b64decode(data).decode("utf-8")
            assert reviewed == dumps(loads(text.decode("utf-8")))
            await tab.shows(sent_sentence("The game"))
            tab.press("\x13")  # ctrl+s: the same
            _, name, data = await downloaded(tab, 3)
            assert base64.b64decode(data).decode("utf-8") == reviewed

            # Nothing written on the server: no export, no copy of the game.
            assert not exports_dir(tmp_path).exists()
            assert {p for p in every_file(tmp_path) - files if p.suffix == ".pawn"} == set()

    run_scenario(scenario)


def test_a_downloaded_file_name_is_always_safe() -> None:
    for text in [*CORPUS, "../../etc/passwd", "..", ".hidden.pawn", "a/b\\c:d", ""]:
        name = safe_file_name(text)
        assert re.fullmatch(r"[\w.\- ]+\.pawn", name), repr(name)
        assert not name.startswith((".", " ")), repr(name)
        assert "/" not in name and "\\" not in name and ".." not in name[:2]
        assert len(name) <= MAX_FILE_NAME
