"""Unfinished games survive the app being killed: the app runs in a terminal of its own
(a pseudo-terminal, 80x24) and is played by keys; it is then killed with SIGKILL, with no
chance to clean up, and a new app offers to resume exactly where the game stood (and the
library every other unfinished game, where each stood)."""

from __future__ import annotations

import fcntl
import os
import signal
import struct
import subprocess
import sys
import termios
import threading
import time
from collections.abc import Callable
from pathlib import Path

from tui_helpers import MARTIAN, SIZE, app_test, line, make_app, martian_record
from unfinished_helpers import resumable_lines, wait_for_screen
from waiting import wait_for_in_thread

from core import GameRecord
from core.record import Node
from core.registry import all_games
from saves.errors import SaveError
from saves.format import load
from saves.paths import autosave_file, autosave_files
from tui.screens.board import BoardScreen
from tui.screens.resume import ResumeScreen

KEYS = {"enter": "\r", "down": "\x1b[B", "ctrl+n": "\x0e"}
WAIT = 60.0  # seconds: generous, the machine may be busy


class Terminal:
    """The app in a pseudo-terminal: keys go in, the screen's output is drained (an app whose
    output nobody reads would block) and kept to look for text in."""

    def __init__(self, data_dir: Path) -> None:
        leader, follower = os.openpty()
        fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", SIZE[1], SIZE[0], 0, 0))
        env = dict(os.environ, TERM="xterm-256color", PAWNSHOP_DATA_DIR=str(data_dir))
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tui", "--data-dir", str(data_dir)],
            stdin=follower,
            stdout=follower,
            stderr=follower,
            env=env,
            close_fds=True,
            start_new_session=True,
        )
        os.close(follower)
        self.leader = leader
        self.output = bytearray()
        self.reader = threading.Thread(target=self._drain, daemon=True)
        self.reader.start()

    def _drain(self) -> None:
        while True:
            try:
                chunk = os.read(self.leader, 65536)
            except OSError:
                return
            if not chunk:
                return
            self.output += chunk

    def type(self, *keys: str) -> None:
        for key in keys:
            os.write(self.leader, KEYS.get(key, key).encode())
            time.sleep(0.05)

    def wait_for_text(self, text: str, since: int = 0) -> None:
        """Wait until ``text`` shows in the output after its first ``since`` bytes."""
        wanted = text.encode()
        wait_until(lambda: wanted in self.output[since:], f"the screen to show {text!r}")

    def type_move(self, move: str) -> None:
        """``:`` and, once the move line has the keys, the move and Enter."""
        since = len(self.output)
        self.type(":")
        self.wait_for_text("type a move", since)
        self.type(*move, "enter")

    def kill(self) -> None:
        """SIGKILL: no exit handler, no flush, no clean-up of any kind."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=WAIT)
        os.close(self.leader)
        self.reader.join(timeout=WAIT)


def tree(node: Node) -> tuple:
    """The moves of the tree below ``node`` and where lines end."""
    return (node.notation, node.line_ends, tuple(tree(child) for child in node.children))


def wait_until(condition: Callable[[], bool], what: str) -> None:
    """Wait for the app in the terminal, which runs in a process of its own."""
    wait_for_in_thread(condition, WAIT, what)


def autosaved_line(data_dir: Path) -> list[str] | None:
    try:
        return line(load(autosave_file(data_dir)))
    except SaveError:
        return None


def start_martian_chess(terminal: Terminal, since: int = 0) -> None:
    """From the game selection (shown after the first ``since`` bytes of output)."""
    terminal.wait_for_text("Choose a game", since)
    index = [game.id for game in all_games()].index("martian-chess")
    since = len(terminal.output)
    terminal.type(*["down"] * index, "enter")
    terminal.wait_for_text("Players", since)
    since = len(terminal.output)
    terminal.type("enter")
    terminal.wait_for_text("Moves", since)


def play(terminal: Terminal, data_dir: Path, moves: list[str]) -> None:
    """Type each move after ``:`` and wait until the autosave holds it."""
    for number, move in enumerate(moves, start=1):
        terminal.type_move(move)
        played = moves[:number]
        wait_until(lambda p=played: autosaved_line(data_dir) == p, f"{move} to be autosaved")


async def resume(data_dir: Path) -> GameRecord:
    """A new app (in this process): accept the offer to resume; the record on the board."""
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_screen(pilot, ResumeScreen)
        await pilot.press("y")
        board: BoardScreen = await wait_for_screen(pilot, BoardScreen)
        return board.record


def expected(moves: list[str], undos: int = 0) -> GameRecord:
    record = GameRecord(MARTIAN)
    for move in moves:
        record.play_text(move, main=True)
    for _ in range(undos):
        record.undo(main=True)
    return record


@app_test
async def test_a_killed_game_resumes_exactly_where_it_stood(data_dir: Path) -> None:
    moves = ["c3-d4", "b6-a5", "d2xa5", "a7-b6"]
    terminal = Terminal(data_dir)
    try:
        start_martian_chess(terminal)
        play(terminal, data_dir, moves)
        terminal.type("u")  # taken back: the game stands after three moves
        wait_until(lambda: autosaved_line(data_dir) == moves[:3], "the undo to be autosaved")
    finally:
        terminal.kill()
    assert terminal.process.returncode == -signal.SIGKILL
    record = await resume(data_dir)
    want = expected(moves, undos=1)
    assert line(record) == moves[:3]
    assert record.state == want.state
    assert MARTIAN.write_position(record.state) == MARTIAN.write_position(want.state)
    assert [node.notation for node in record.mainline()] == moves[:3]
    assert [node.notation for node in record.current.children] == moves[3:]  # a variation
    assert tree(record.root) == tree(want.root)


@app_test
async def test_moves_taken_back_are_autosaved_as_a_variation_and_redo_resumes_them(
    data_dir: Path,
) -> None:
    moves = ["c3-d4", "b6-a5", "d2xa5", "a7-b6"]
    app = make_app(data_dir, record=martian_record(moves))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("u", "u")
        await pilot.pause()
    text = autosave_file(data_dir).read_text(encoding="utf-8")
    assert '[Plies "2"]' in text
    assert text.endswith("1. c3-d4 2. b6-a5 | (3. d2xa5 4. a7-b6) *\n")
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_screen(pilot, ResumeScreen)
        await pilot.press("y")
        record = (await wait_for_screen(pilot, BoardScreen)).record
        assert line(record) == moves[:2]
        assert [node.notation for node in record.mainline()] == moves[:2]
        assert [node.notation for node in record.current.children] == moves[2:3]
        await pilot.press("ctrl+y")  # redo: the move taken back is the main line again
        await pilot.pause()
        assert [node.notation for node in record.mainline()] == moves[:3]
        resumed = autosave_file(data_dir).read_text(encoding="utf-8")
        assert resumed.endswith("1. c3-d4 2. b6-a5 3. d2xa5 | (4. a7-b6) *\n")


@app_test
async def test_a_kill_right_after_a_key_leaves_the_game_before_or_after_that_move(
    data_dir: Path,
) -> None:
    moves = ["c3-d4", "b6-a5"]
    terminal = Terminal(data_dir)
    try:
        start_martian_chess(terminal)
        play(terminal, data_dir, moves)
        terminal.type_move("d2xa5")  # and killed at once, saved or not
    finally:
        terminal.kill()
    record = await resume(data_dir)
    assert line(record) in (moves, [*moves, "d2xa5"])
    assert record.state == expected(line(record)).state
    assert list(autosave_file(data_dir).parent.glob("*.tmp")) == []


@app_test
async def test_two_unfinished_games_both_survive_a_kill(data_dir: Path) -> None:
    first = ["c3-d4", "b6-a5", "d2xa5"]
    second = ["b3-c4", "a6-a4"]
    terminal = Terminal(data_dir)
    try:
        start_martian_chess(terminal)
        play(terminal, data_dir, first)
        since = len(terminal.output)
        terminal.type("ctrl+n")  # another game: the first one stays in its own file
        start_martian_chess(terminal, since)
        play(terminal, data_dir, second)
    finally:
        terminal.kill()
    assert len(autosave_files(data_dir)) == 2
    record = await resume(data_dir)  # the game played last is offered
    assert line(record) == second
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_screen(pilot, ResumeScreen)
        await pilot.press("n")
        assert await resumable_lines(pilot) == sorted([first, second])
