"""The ASCII stand-ins of what the app draws (``tui.ascii.glyphs``) and the choice of ASCII
from a terminal's TERM and locale (``tui.ascii.detect``)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from hostile_text import CORPUS
from rich.cells import cell_len

from tui.ascii.detect import (
    local_wants_ascii,
    locale_is_utf8,
    session_wants_ascii,
    start_environment,
    term_shows_utf8,
)
from tui.ascii.glyphs import ascii_text

#: Everything the app's screens draw beyond ASCII: frames of every border style, scrollbars,
#: separators, arrows and marks, the spinner.
DRAWN = (
    "┌─┐│└┘╭╮╰╯┏━┓┃┗┛╔═╗║╚╝├┤┬┴┼╬╠╣╦╩╌╎"
    "▁▂▃▄▅▆▇█▉▊▋▌▍▎▏▔▕▀▐░▒▓▖▗▘▙▚▛▜▝▞▟"
    "←↑→↓↖↗↘↙▲▼▶◀▸▾●○◎•·…×✗✓⏎⌫≈"
    "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"
)


@pytest.mark.parametrize("text", [DRAWN, *CORPUS, "José 界 👍🏽 👨‍👩‍👧 ❤️ Ａ ﬁ é"])
def test_every_text_becomes_printable_ascii_of_the_same_width(text: str) -> None:
    shown = ascii_text(text)
    assert shown.isascii()
    assert cell_len(shown) == cell_len(text)


def test_frames_become_corners_lines_and_bars() -> None:
    assert ascii_text("╭──╮") == "+--+"
    assert ascii_text("│ ┃ ║") == "| | |"
    assert ascii_text("├┼┤╬") == "++++"
    assert ascii_text("═══") == "==="
    assert ascii_text("▊▔▔▎") == "|--|"  # Textual's tall border
    assert ascii_text("▁") == "_"


def test_arrows_keep_their_direction() -> None:
    assert ascii_text("↑→↓←") == "^>v<"
    assert ascii_text("↗↘↙↖") == "/\\/\\"
    assert ascii_text("▲▼▶") == "^v>"


def test_marks_that_mean_different_things_stay_apart() -> None:
    marks = "•○◎·"  # a square to go to, a starting dot, a goal, an empty square
    shown = ascii_text(marks)
    assert shown == "*o@-"
    assert len(set(shown)) == len(marks)


def test_names_keep_their_letters_and_their_width() -> None:
    assert ascii_text("José") == "Jose"
    assert ascii_text("界王") == "????"
    assert ascii_text("a👍🏽b") == "a??b"
    assert ascii_text("👨‍👩‍👧") == "??"  # one picture of two cells


@pytest.mark.parametrize(
    ("term", "shows_utf8"),
    [
        ("xterm-256color", True),
        ("tmux-256color", True),
        ("linux", True),
        ("vte-256color", True),
        ("vt100", False),
        ("vt102", False),
        ("VT220", False),
        ("vt52", False),
        ("dumb", False),
        ("ansi", False),
        ("unknown", False),
        ("", False),
    ],
)
def test_terminal_types_that_show_utf8(term: str, shows_utf8: bool) -> None:
    assert term_shows_utf8(term) is shows_utf8


@pytest.mark.parametrize(
    ("environment", "utf8"),
    [
        ({}, None),
        ({"LANG": "C"}, False),
        ({"LANG": "POSIX"}, False),
        ({"LANG": "en_US.ISO-8859-1"}, False),
        ({"LANG": "en_US.UTF-8"}, True),
        ({"LANG": "de_DE.utf8"}, True),
        ({"LANG": "en_US.UTF-8", "LC_ALL": "C"}, False),
        ({"LANG": "C", "LC_CTYPE": "C.UTF-8"}, True),
        ({"LANG": "C", "LC_ALL": ""}, False),
        ({"LC_ALL": "C.UTF-8", "LC_CTYPE": "C"}, True),
    ],
)
def test_the_first_locale_variable_set_names_the_character_set(
    environment: dict[str, str], utf8: bool | None
) -> None:
    assert locale_is_utf8(environment) is utf8


def test_at_one_keyboard_the_term_or_the_locale_can_ask_for_ascii() -> None:
    assert not local_wants_ascii({"TERM": "xterm-256color", "LANG": "en_GB.UTF-8"})
    assert local_wants_ascii({"TERM": "vt100", "LANG": "en_GB.UTF-8"})
    assert local_wants_ascii({"TERM": "xterm-256color", "LANG": "C"})
    assert local_wants_ascii({"TERM": "xterm-256color"})  # no locale: the C locale


def test_over_ssh_a_client_that_sends_no_locale_is_judged_by_its_term() -> None:
    assert not session_wants_ascii("xterm-256color", {})
    assert session_wants_ascii("vt100", {})
    assert session_wants_ascii("xterm-256color", {"LANG": "C"})
    assert not session_wants_ascii("xterm-256color", {"LC_ALL": "fr_FR.UTF-8", "LANG": "C"})


def test_the_locale_is_read_as_the_process_was_started_with_it(tmp_path: Path) -> None:
    """Python turns a C locale's LC_CTYPE into C.UTF-8 as it starts (PEP 538): the start
    environment still says C."""
    if not Path("/proc/self/environ").exists():
        pytest.skip("this system keeps no start environment")
    script = (
        "import os; from tui.ascii.detect import local_wants_ascii, start_environment; "
        "print(os.environ.get('LC_CTYPE'), start_environment().get('LC_CTYPE'), "
        "local_wants_ascii())"
    )
    root = Path(__file__).resolve().parents[2]
    shown = subprocess.run(
        [sys.executable, "-c", script],
        env={"LANG": "C", "TERM": "xterm-256color", "PYTHONPATH": str(root)},
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
    ).stdout.split()
    assert shown[1:] == ["None", "True"]
    assert start_environment().get("PATH")  # this process's own start environment is read
