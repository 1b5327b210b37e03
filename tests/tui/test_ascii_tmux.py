"""``pawnshop`` as a user starts it in a VT100 with the C locale, in a real terminal (tmux at
80x24): every byte of every screen it draws is 7-bit ASCII, escape sequences included."""

from __future__ import annotations

import sys
from pathlib import Path

from tmux_pane import Pane, needs_tmux

pytestmark = needs_tmux()


def assert_ascii(capture: bytes) -> None:
    odd = sorted({byte for byte in capture if byte >= 0x80})
    assert not odd, f"bytes beyond ASCII {odd[:10]} in:\n{capture.decode(errors='replace')}"


def test_a_vt100_with_the_c_locale_is_sent_only_ascii(tmp_path: Path) -> None:
    command = ["env", "-u", "COLORTERM", "-u", "LC_ALL", "-u", "LC_CTYPE", "LANG=C"]
    command += ["TERM=vt100", sys.executable, "-m", "tui", "--data-dir", str(tmp_path)]
    pane = Pane(command, "pawnshop-ascii")
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
