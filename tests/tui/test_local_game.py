"""The controller of a game at one keyboard, without Textual: moves go into the record as the
main line of a live game (kept after each) or as variations in review, a finished game is
filed, and undo against computers goes back to a person's own move."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path

from hop_game import HOP

from core import GameRecord, find_game
from core.game import Move
from tui.play.local_game import LocalGame
from tui.play.storage import Storage

MARTIAN = find_game("martian")


@dataclass
class FakeFiles:
    """Stands in for the app: records what was kept, files a finished game where told."""

    storage: Storage = field(default_factory=Storage)
    kept: list[int] = field(default_factory=list)
    problem: str = ""

    def keep(self, record: GameRecord) -> str:
        self.kept.append(record.current.ply)
        return self.problem


def controller(
    record: GameRecord,
    files: FakeFiles,
    *,
    reviewing: bool = False,
    computers: frozenset[int] = frozenset(),
) -> LocalGame:
    return LocalGame(record, lambda: files, reviewing=reviewing, computer_seats=computers)


def first_moves(record: GameRecord, count: int) -> list[Move]:
    """Play ``count`` legal moves (the first each time) and return them."""
    moves = []
    for _ in range(count):
        move = record.game.legal_moves(record.state)[0]
        record.play(move, main=True)
        moves.append(move)
    return moves


def test_a_live_move_after_an_undo_is_the_new_main_line_and_is_kept() -> None:
    record = GameRecord(MARTIAN, seed=1)
    first_moves(record, 2)
    record.undo()
    files = FakeFiles()
    game = controller(record, files)
    other = record.game.legal_moves(record.state)[-1]
    played = game.play(other)
    assert record.mainline()[-1] is played.node and played.node.move == other
    assert files.kept == [2] and played.problem == ""


def test_a_move_in_review_is_a_variation_and_nothing_is_kept() -> None:
    record = GameRecord(MARTIAN, seed=1)
    first_moves(record, 2)
    record.undo()
    main_before = record.mainline()
    files = FakeFiles()
    played = controller(record, files, reviewing=True).play(
        record.game.legal_moves(record.state)[-1]
    )
    assert record.mainline() == main_before and not played.node.is_mainline()
    assert files.kept == []


def test_an_autosave_that_fails_is_said_in_one_sentence() -> None:
    record = GameRecord(MARTIAN, seed=1)
    files = FakeFiles(problem="Autosave failed: disk full")
    played = controller(record, files).play(record.game.legal_moves(record.state)[0])
    assert played.problem == "Autosave failed: disk full"


def record_one_move_from_the_end() -> tuple[GameRecord, Move]:
    record = GameRecord(HOP, seed=0)
    game = record.game
    rng = random.Random(3)
    while True:
        moves = game.legal_moves(record.state)
        ending = [m for m in moves if game.outcome(game.apply(record.state, m)) is not None]
        if ending:
            return record, ending[0]
        record.play(rng.choice(moves), main=True)


def test_the_move_that_ends_a_live_game_files_it(tmp_path: Path) -> None:
    record, last = record_one_move_from_the_end()
    files = FakeFiles(storage=Storage(tmp_path, games=lambda name: HOP))
    played = controller(record, files).play(last)
    assert played.filed is not None and played.filed.is_file()
    assert played.filed_note == f"Filed as {played.filed.name}"
    assert files.kept == []  # filed, not autosaved


def test_a_game_that_cannot_be_filed_says_why(tmp_path: Path) -> None:
    record, last = record_one_move_from_the_end()
    blocked = tmp_path / "data"
    blocked.write_text("a file where the data directory should be", encoding="utf-8")
    files = FakeFiles(storage=Storage(blocked, games=lambda name: HOP))
    played = controller(record, files).play(last)
    assert played.filed is None and played.filed_note.startswith("Could not be filed: ")


def test_undo_and_redo_against_a_computer_go_to_the_persons_own_move() -> None:
    record = GameRecord(MARTIAN, seed=1)
    first_moves(record, 4)
    game = controller(record, FakeFiles(), computers=frozenset({1}))
    assert game.undo() and record.current.ply == 2
    assert game.redo() and record.current.ply == 4


def test_undo_and_redo_answer_the_moves_they_took_back_and_played_again() -> None:
    record = GameRecord(MARTIAN, seed=1)
    first_moves(record, 4)
    line = record.line()
    game = controller(record, FakeFiles(), computers=frozenset({1}))
    assert game.undo() == line[2:4]  # the computer's reply and the person's move before it
    assert game.redo() == line[2:4]
    assert game.redo() == []
    record.goto(record.root)
    assert game.undo() == []


def test_undo_in_review_steps_one_move() -> None:
    record = GameRecord(MARTIAN, seed=1)
    first_moves(record, 4)
    game = controller(record, FakeFiles(), reviewing=True, computers=frozenset({1}))
    assert game.undo() and record.current.ply == 3
    record.goto(record.root)
    assert not game.undo()


def test_walking_a_live_game_makes_the_line_here_its_main_line_and_keeps_it() -> None:
    record = GameRecord(MARTIAN, seed=1)
    first_moves(record, 3)
    record.undo()
    record.undo()
    files = FakeFiles()
    assert controller(record, files).walked() == ""
    assert record.mainline()[-1] is record.current and files.kept == [1]
    record.undo()
    assert controller(record, files, reviewing=True).walked() == ""
    assert files.kept == [1] and record.mainline()[-1] is not record.current


def test_saving_asks_for_a_name_until_the_game_has_a_library_file(tmp_path: Path) -> None:
    record = GameRecord(MARTIAN, seed=1, players=["Ann", "Bo"])
    first_moves(record, 1)
    files = FakeFiles(storage=Storage(tmp_path))
    game = controller(record, files)
    assert game.save() is None
    named = game.save_as("friday")
    assert named.name == "friday.pawn" and named.is_file()
    assert game.save() == named
    assert game.suggested_name()
