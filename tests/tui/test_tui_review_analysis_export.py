"""``pawnshop export FILE --svg [--move N]``: the board as review draws it, as SVG, with the
computer's marks of an analysed game; a bad file or move is one sentence and status 2."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_tui_review_analysis import analysed_record
from tui_helpers import NOW

from saves.format import save
from tui.cli import main


def test_export_draws_the_move_asked_for_with_its_marks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = save(analysed_record(), tmp_path / "marked.pawn", now=NOW)
    out = tmp_path / "move2.svg"
    assert main(["export", str(game), "--svg", "--move", "2", "--out", str(out)]) == 0
    svg = out.read_text(encoding="utf-8")
    assert svg.startswith("<svg")
    assert "b6-a5??" in svg  # the log's verdict
    assert "2.&#160;b6-a5??&#160;a&#160;blunder" in svg  # the move judged, in words
    assert "North&#160;20%&#160;to&#160;win" in svg
    assert capsys.readouterr().err.strip() == f"written to {out}"


def test_export_names_the_file_after_the_game_and_draws_its_end(tmp_path: Path) -> None:
    game = save(analysed_record(), tmp_path / "marked.pawn", now=NOW)
    assert main(["export", str(game), "--svg"]) == 0
    assert "4.&#160;a7-b6?&#160;a&#160;mistake" in (tmp_path / "marked.svg").read_text()


def test_a_move_the_game_has_not_is_one_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = save(analysed_record(), tmp_path / "marked.pawn", now=NOW)
    assert main(["export", str(game), "--svg", "--move", "9"]) == 2
    assert capsys.readouterr().err == "pawnshop: --move must be from 0 to 4 in this game\n"
    assert not (tmp_path / "marked.svg").exists()


def test_an_unreadable_file_is_one_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.pawn"
    bad.write_text("not a game", encoding="utf-8")
    assert main(["export", str(bad), "--svg"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("pawnshop: ") and err.count("\n") == 1
