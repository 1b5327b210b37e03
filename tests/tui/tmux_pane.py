"""The app in a real terminal: one tmux server of a test's own (its own socket) at 80x24, with
the app in its one pane, read back with ``capture-pane -e`` as a user's terminal shows it."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
from pathlib import Path

import pyte
import pytest
from waiting import wait_for_in_thread

TMUX = shutil.which("tmux")
ROOT = Path(__file__).resolve().parents[2]
#: Seconds for the app to start or to answer a key, at most (it takes about one).
DEADLINE = 30.0


def needs_tmux() -> pytest.MarkDecorator:
    """Skip where tmux is not installed, except in CI (``CI=true``), which installs it: there
    a missing tmux fails the test rather than hiding it."""
    if TMUX is None and os.environ.get("CI") == "true":
        pytest.fail("tmux is not installed, and CI must run the terminal checks", pytrace=False)
    return pytest.mark.skipif(TMUX is None, reason="tmux is not installed")


class Pane:
    """One tmux server of this test's own, with ``command`` in its one 80x24 pane."""

    def __init__(self, command: list[str], name: str = "pawnshop") -> None:
        assert TMUX is not None
        self.tmux = [TMUX, "-L", f"{name}-{os.getpid()}", "-f", "/dev/null"]
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

    def text(self) -> str:
        """The pane's characters as the terminal shows them, one line each, styles left out."""
        return "\n".join(screen_of(self.capture()).display)

    def shows(self, text: str) -> bytes:
        """Wait until the pane shows ``text`` (however it is styled); its capture then."""
        wait_for_in_thread(lambda: text in self.text(), DEADLINE, repr(text))
        return self.capture()

    def press(self, *keys: str) -> None:
        subprocess.run([*self.tmux, "send-keys", "-t", "app", *keys], check=True, timeout=DEADLINE)

    def close(self) -> None:
        subprocess.run([*self.tmux, "kill-server"], capture_output=True, timeout=DEADLINE)


def screen_of(capture: bytes) -> pyte.Screen:
    """A capture read by a terminal emulator: each cell with its character and attributes."""
    screen = pyte.Screen(80, 24)
    stream = pyte.ByteStream(screen)
    stream.feed(capture.replace(b"\n", b"\r\n"))
    return screen
