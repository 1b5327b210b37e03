"""``pawnshop analyse FILE``: every move judged and written into the file, a progress line on
stderr, one sentence for a bad file, and Ctrl+C keeping what was analysed."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from core import find_game
from core.record import GameRecord
from saves.format import load, save
from tui.cli import main

GAME = find_game("macadam")


def saved_game(path: Path, plies: int) -> Path:
    """A game of random moves, unfinished after ``plies``."""
    record = GameRecord(GAME, seed=5)
    rng = random.Random(2)
    for _ in range(plies):
        moves = GAME.legal_moves(record.state)
        record.play(moves[rng.randrange(len(moves))], main=True)
    assert record.outcome() is None
    record.mainline()[0].comment = "my own words"
    save(record, path)
    return path


def test_analyse_writes_every_moves_evaluation_into_the_file(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    path = saved_game(tmp_path / "game.pawn", 4)
    assert main(["analyse", str(path), "--level", "easy", "--seconds", "0.05"]) == 0
    record = load(path)
    assert all(node.evaluation is not None for node in record.mainline())
    for node in record.mainline():  # the best line from the position before each move
        assert node.parent is not None and node.best_line
        record.game.parse_move(node.parent.state, node.best_line[0])
    assert record.mainline()[0].comment == "my own words"
    err = capsys.readouterr().err
    assert "analysing: move 4 of 4" in err
    assert "4 moves analysed" in err


def test_out_leaves_the_file_as_it_was(tmp_path: Path) -> None:
    path = saved_game(tmp_path / "game.pawn", 2)
    before = path.read_bytes()
    out = tmp_path / "judged.pawn"
    assert main(["analyse", str(path), "--seconds", "0.05", "--out", str(out)]) == 0
    assert path.read_bytes() == before
    assert all(node.evaluation is not None for node in load(out).mainline())


def test_a_bad_file_is_one_sentence(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    bad = tmp_path / "bad.pawn"
    bad.write_text("not a game\n")
    assert main(["analyse", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err == "pawnshop: bad.pawn is not a pawnshop save (it does not begin with a tag)\n"
    assert bad.read_text() == "not a game\n"
    assert main(["analyse", str(tmp_path / "none.pawn")]) == 2
    assert capsys.readouterr().err == "pawnshop: none.pawn does not exist\n"


def test_ctrl_c_keeps_the_moves_analysed_so_far(tmp_path: Path) -> None:
    path = saved_game(tmp_path / "game.pawn", 30)
    run = "import sys; from tui.cli import main; sys.exit(main())"
    command = [sys.executable, "-c", run, "analyse", str(path), "--seconds", "0.2"]
    process = subprocess.Popen(
        command, stderr=subprocess.PIPE, cwd=Path(__file__).parents[2], text=True
    )
    assert process.stderr is not None
    seen = ""
    deadline = time.monotonic() + 60
    while "move 3 of 30" not in seen and time.monotonic() < deadline:
        seen += process.stderr.read(1)
    os.kill(process.pid, signal.SIGINT)
    rest = process.stderr.read()
    assert process.wait(timeout=60) == 130
    assert "stopped: the moves analysed so far are kept" in rest
    judged = [node.evaluation is not None for node in load(path).mainline()]
    assert 3 <= sum(judged) < 30
    assert judged == sorted(judged, reverse=True)  # a prefix of the game
