"""File names made from what players type, and generated names for filed games."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from saves.names import generated_stem, safe_file_name, unique_path


@pytest.mark.parametrize(
    ("typed", "file_name"),
    [
        ("Friday game", "Friday-game.pawn"),
        ("final.pawn", "final.pawn"),
        ("../../etc/passwd", "etc-passwd.pawn"),
        ("C:\\Users\\me\\x", "C-Users-me-x.pawn"),
        (".hidden", "hidden.pawn"),
        ("  tabs\tand\nlines  ", "tabs-and-lines.pawn"),
        ("a   b -- c", "a-b-c.pawn"),
        ("Zoë's «partie»", "Zoë-s-partie.pawn"),
        ("ｆｕｌｌｗｉｄｔｈ", "fullwidth.pawn"),
        ("", "game.pawn"),
        ("?!*", "game.pawn"),
        ("...", "game.pawn"),
        ("con", "con-game.pawn"),
        ("NUL.txt", "NUL.txt-game.pawn"),
        ("x" * 300, "x" * 120 + ".pawn"),
        ("é" * 300, "é" * 60 + ".pawn"),
    ],
)
def test_safe_file_names(typed: str, file_name: str) -> None:
    assert safe_file_name(typed) == file_name


def test_generated_names_tell_date_time_game_and_players() -> None:
    when = datetime(2026, 11, 21, 14, 3, 9)
    assert generated_stem("martian-chess", ["Alice", "Bob"], when) == (
        "2026-11-21_1403_martian-chess_alice-bob"
    )
    assert generated_stem("mac", ["", "/"], when) == "2026-11-21_1403_mac_players"


def test_unique_paths_count_up_past_taken_names(tmp_path: Path) -> None:
    assert unique_path(tmp_path, "g") == tmp_path / "g.pawn"
    (tmp_path / "g.pawn").touch()
    (tmp_path / "g-2.pawn").touch()
    assert unique_path(tmp_path, "g") == tmp_path / "g-3.pawn"
