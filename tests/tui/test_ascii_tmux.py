"""``pawnshop`` as a user starts it in a VT100 with the C locale, in a real terminal (tmux at
80x24): every byte of every screen it draws is 7-bit ASCII, escape sequences included."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from waiting import wait_for_in_thread

TMUX = shutil.which("tmux")
ROOT = Path(__file__).resolve().parents[2]
#: Seconds for the app to start or to answer a key, at most (it takes about one).
DEADLINE = 30.0

pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed")


class Pane:
    """One tmux server of this test's own (its own socket), with the app in its one pane."""

    def __init__(self, command: list[str]) -> None:
        assert TMUX is not None
        self.tmux = [TMUX, "-L", f"pawnshop-ascii-{os.getpid()}", "-f", "/dev/null"]
        size = ["-x", "80", "-y", "24"]
        start = [*self.tmux, "new-session", "-d", *size, "-s", "app", "-c", str(ROOT)]
        subprocess.run([*start, shlex.join(command)], check=True, timeout=DEADLINE)

    def capture(self) -> bytes:
        """The pane as tmux holds it, with the escape sequences of its colours and attributes."""
        return subprocess.run(
            [*self.tmux, "capture-pane", "-p", "-e", "-t", "app"],
            capture_output=True,
            check=True,
            timeout=DEADLINE,
        ).stdout

    def shows(self, text: str) -> bytes:
        wait_for_in_thread(lambda: text.encode() in self.capture(), DEADLINE, repr(text))
        return self.capture()

    def press(self, *keys: str) -> None:
        subprocess.run([*self.tmux, "send-keys", "-t", "app", *keys], check=True, timeout=DEADLINE)

    def close(self) -> None:
        subprocess.run([*self.tmux, "kill-server"], capture_output=True, timeout=DEADLINE)


def assert_ascii(capture: bytes) -> None:
    odd = sorted({byte for byte in capture if byte >= 0x80})
    assert not odd, f"bytes beyond ASCII {odd[:10]} in:\n{capture.decode(errors='replace')}"


def test_a_vt100_with_the_c_locale_is_sent_only_ascii(tmp_path: Path) -> None:
    command = ["env", "-u", "COLORTERM", "-u", "LC_ALL", "-u", "LC_CTYPE", "LANG=C"]
    command += ["TERM=vt100", sys.executable, "-m", "tui", "--data-dir", str(tmp_path)]
    pane = Pane(command)
    try:
        assert_ascii(pane.shows("Choose a game"))
        pane.press("Enter")
        assert_ascii(pane.shows("Human"))
        pane.press("Enter")
        board = pane.shows("South to move")
        assert_ascii(board)
        assert b"====" in board  # the canal
        pane.press("?")
        assert_ascii(pane.shows("Keys on the board"))
    finally:
        pane.close()
