"""Moves taken back in a game in progress: the main line ends where the game stands, the save
writes the moves taken back after ``|`` as a variation, and reading gives the same tree back."""

from __future__ import annotations

from pathlib import Path

from save_helpers import NOW, check_line_ends, toy_record, tree
from toy_game import find_toy_game

from core import GameRecord
from saves.format import dumps, load, loads, loads_header, save
from saves.library import describe


def load_text(text: str) -> GameRecord:
    return loads(text, name="test.pawn", games=find_toy_game)


def movetext(text: str) -> str:
    return text.split("\n\n", 1)[1]


def tag(text: str, name: str) -> str:
    prefix = f'[{name} "'
    line = next(line for line in text.split("\n") if line.startswith(prefix))
    return line[len(prefix) : -2]


def live_game(moves: list[str], taken_back: int) -> GameRecord:
    """A game in progress (Toy Nim, piles a=4 b=3 c=5) with ``moves`` played and the last
    ``taken_back`` of them undone."""
    record = toy_record()
    for text in moves:
        record.play(record.game.parse_move(record.state, text), main=True)
    for _ in range(taken_back):
        assert record.undo(main=True)
    return record


def test_two_moves_taken_back_are_written_as_a_variation_after_the_line_end() -> None:
    record = live_game(["a1", "b1", "c1", "a2"], taken_back=2)
    text = dumps(record, NOW)
    assert movetext(text) == "1. a1 2. b1 | (3. c1 4. a2) *\n"
    assert tag(text, "Plies") == "2"
    assert tag(text, "Current") == "0.0"


def test_the_reloaded_record_has_the_same_main_line_variation_and_current_move() -> None:
    record = live_game(["a1", "b1", "c1", "a2"], taken_back=2)
    text = dumps(record, NOW)
    loaded = load_text(text)
    assert [node.notation for node in loaded.mainline()] == ["a1", "b1"]
    assert loaded.current is loaded.mainline()[-1]
    assert loaded.current.line_ends
    assert [node.notation for node in loaded.current.children] == ["c1"]
    assert not loaded.current.children[0].is_mainline()
    assert tree(loaded.root) == tree(record.root)
    assert dumps(loaded) == text


def test_redo_after_loading_brings_the_moves_back_into_the_main_line() -> None:
    loaded = load_text(dumps(live_game(["a1", "b1", "c1", "a2"], taken_back=2), NOW))
    assert loaded.redo(main=True)
    assert movetext(dumps(loaded, NOW)) == "1. a1 2. b1 3. c1 | (4. a2) *\n"
    assert loaded.redo(main=True)
    assert movetext(dumps(loaded, NOW)) == "1. a1 2. b1 3. c1 4. a2 *\n"
    assert not any(node.line_ends for node in [loaded.root, *loaded.walk()])


def test_a_winning_move_taken_back_does_not_make_the_saved_game_finished() -> None:
    record = toy_record(["a3", "b3", "c3"], start_position="4,3,5 0 2 -")
    record.play(record.game.parse_move(record.state, "a1"), main=True)
    record.play(record.game.parse_move(record.state, "c2"), main=True)  # takes the last stone
    assert record.outcome() is not None
    record.undo(main=True)
    text = dumps(record, NOW)
    assert tag(text, "Result") == "*"
    assert "Termination" not in text
    assert movetext(text).endswith("4. a1 | (5. c2) *\n")
    assert load_text(text).outcome() is None


def test_every_move_taken_back_leaves_an_empty_main_line() -> None:
    record = live_game(["a1", "b1"], taken_back=2)
    text = dumps(record, NOW)
    assert movetext(text) == "| (1. a1 2. b1) *\n"
    assert tag(text, "Plies") == "0"
    assert tag(text, "Current") == ""
    loaded = load_text(text)
    assert loaded.mainline() == [] and loaded.current is loaded.root
    assert dumps(loaded) == text


def test_a_new_move_after_an_undo_is_the_main_line_and_the_old_one_a_plain_variation() -> None:
    record = live_game(["a1", "b1", "c1"], taken_back=2)
    record.play(record.game.parse_move(record.state, "c2"), main=True)
    text = dumps(record, NOW)
    assert movetext(text) == "1. a1 2. c2 (2. b1 3. c1) *\n"
    assert tree(load_text(text).root) == tree(record.root)


def test_comments_stand_before_the_line_end_and_variations_after_it_nest() -> None:
    record = live_game(["a1", "b1", "c1"], taken_back=1)
    record.current.comment = "thinking"
    record.goto(record.current.children[0])  # review the move taken back
    record.play(record.game.parse_move(record.state, "a1"))
    record.undo()
    record.play(record.game.parse_move(record.state, "a2"))
    record.goto(record.mainline()[-1])
    text = dumps(record, NOW)
    assert movetext(text) == "1. a1 2. b1 {thinking} | (3. c1 4. a1 (4. a2)) *\n"
    loaded = load_text(text)
    assert tree(loaded.root) == tree(record.root)
    assert dumps(loaded) == text


def test_a_line_end_inside_a_variation_reads_and_writes_back() -> None:
    text = (
        '[Format "pawnshop-save 1"]\n[Game "toy-nim"]\n[Options "piles=3 players=2"]\n'
        '[Seed "7"]\n[Player1 "Alice"]\n[Player2 "Bob"]\n[Date "2026.11.21"]\n'
        '[Time "14:03:09"]\n[Result "*"]\n[Plies "2"]\n[Current "0.1"]\n\n'
        "1. a1 2. b1 (2. c1 | (3. a1) (3. b2)) *\n"
    )
    record = load_text(text)
    varied = record.current
    assert varied.notation == "c1" and varied.line_ends
    assert [child.notation for child in varied.children] == ["a1", "b2"]
    assert dumps(record) == text


def test_the_header_and_the_library_count_the_main_line_only(tmp_path: Path) -> None:
    record = live_game(["a1", "b1", "c1", "a2"], taken_back=3)
    path = save(record, tmp_path / "game.pawn", games=find_toy_game, now=NOW)
    assert describe(path, games=find_toy_game).plies == 1
    without_plies = "\n".join(
        line for line in path.read_text(encoding="utf-8").split("\n") if "Plies" not in line
    )
    path.write_text(without_plies, encoding="utf-8")
    assert loads_header(without_plies, games=find_toy_game).plies is None
    assert describe(path, games=find_toy_game).plies == 1


def test_save_load_save_gives_the_same_bytes_through_a_file(tmp_path: Path) -> None:
    record = live_game(["a1", "b1", "c1", "a2", "b1"], taken_back=2)
    path = save(record, tmp_path / "game.pawn", games=find_toy_game, now=NOW)
    first = path.read_bytes()
    loaded = load(path, games=find_toy_game)
    check_line_ends(loaded)
    save(loaded, path, games=find_toy_game)
    assert path.read_bytes() == first
