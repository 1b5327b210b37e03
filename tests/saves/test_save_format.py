"""The save text: tags, numbering, comments, variations, escaping, wrapping, and the reader's
tolerance for hand-written files."""

from __future__ import annotations

from pathlib import Path

import pytest
from save_helpers import NOW, play_random_game, toy_record, tree
from toy_game import find_toy_game

from core import GameRecord, find_game
from saves.format import dumps, loads, loads_header

DOCS = Path(__file__).resolve().parents[2] / "docs" / "save-format.md"

HEADER = """\
[Format "pawnshop-save 1"]
[Game "toy-nim"]
[Options "piles=3 players=2"]
[Seed "7"]
[Player1 "Alice"]
[Player2 "Bob"]
[Date "2026.11.21"]
[Time "14:03:09"]
"""


def load(text: str) -> GameRecord:
    return loads(text, name="test.pawn", games=find_toy_game)


def movetext(text: str) -> str:
    return text.split("\n\n", 1)[1]


def tag_lines(text: str) -> list[str]:
    return text.split("\n\n", 1)[0].split("\n")


def test_a_small_game_is_written_exactly_as_documented() -> None:
    # Toy Nim seed 7 starts with piles a=4 b=3 c=5.
    record = toy_record(["a1", "b2"])
    record.root.comment = 'Opening "test"'
    record.root.children[0].comment = "the {usual} start \\ ok"
    record.undo()
    record.play_text("c1").comment = "why not"
    record.play_text("a2")
    record.goto(record.root.children[0].children[0])
    record.tags["Event"] = "Club night"
    assert dumps(record, NOW) == HEADER + (
        '[Result "*"]\n'
        '[Plies "2"]\n'
        '[Current "0.0"]\n'
        '[Event "Club night"]\n'
        "\n"
        '{Opening "test"} 1. a1 {the {usual\\} start \\\\ ok} 2. b2 (2. c1 {why not} 3. a2)\n'
        "*\n"
    )


def test_every_move_is_numbered_by_ply_and_variations_nest() -> None:
    record = toy_record(["a1", "b1", "c1", "a1"])
    second = record.root.children[0]
    record.goto(second)
    record.play_text("c2")  # a variation of move 2
    record.play_text("a1")
    record.undo()
    record.play_text("b1")  # a variation of move 3 inside it
    text = dumps(record, NOW)
    assert movetext(text) == "1. a1 2. b1 (2. c2 3. a1 (3. b1)) 3. c1 4. a1 *\n"
    assert tree(load(text).root) == tree(record.root)


def test_several_variations_at_one_point_follow_the_main_move_in_order() -> None:
    record = toy_record(["a1"])
    for move in ("b1", "c3", "a2"):
        record.goto(record.root)
        record.play_text(move)
    text = dumps(record, NOW)
    assert movetext(text) == "1. a1 (1. b1) (1. c3) (1. a2) *\n"
    loaded = load(text)
    assert [child.notation for child in loaded.root.children] == ["a1", "b1", "c3", "a2"]


def test_lines_wrap_at_80_columns_and_the_wraps_read_back_as_spaces() -> None:
    record = toy_record(options={"piles": "4"}, seed=99)
    play_random_game(record, seed=1, plies=30)
    for number, node in enumerate(record.mainline()):
        node.comment = f"note {number} " + "with  double spaces, and words " * (number % 3)
    text = dumps(record, NOW)
    body = movetext(text).rstrip("\n").split("\n")
    assert len(body) > 3
    assert all(len(line) <= 80 for line in body)
    loaded = load(text)
    assert tree(loaded.root) == tree(record.root)
    assert dumps(loaded, NOW) == text


def test_a_word_longer_than_a_line_stands_on_a_line_of_its_own() -> None:
    record = toy_record(["a1", "b1"])
    record.root.children[0].comment = "x" * 90
    text = dumps(record, NOW)
    assert movetext(text).split("\n")[:3] == ["1. a1", "{" + "x" * 90 + "}", "2. b1 *"]
    assert load(text).root.children[0].comment == "x" * 90


def test_tag_values_escape_quotes_backslashes_and_line_breaks() -> None:
    record = toy_record(players=['Ann "the Axe"', "C:\\Bob"])
    record.tags["Note"] = "two\nlines\r\tand a tab"
    lines = tag_lines(dumps(record, NOW))
    assert '[Player1 "Ann \\"the Axe\\""]' in lines
    assert '[Player2 "C:\\\\Bob"]' in lines
    assert '[Note "two\\nlines\\r\tand a tab"]' in lines
    loaded = load(dumps(record, NOW))
    assert loaded.players == ['Ann "the Axe"', "C:\\Bob"]
    assert loaded.tags["Note"] == "two\nlines\r\tand a tab"


def test_comments_escape_the_closing_brace_backslashes_and_control_characters() -> None:
    record = toy_record(["a1"])
    record.root.children[0].comment = "a}b\\c\nd\x00e"
    text = dumps(record, NOW)
    assert movetext(text) == "1. a1 {a\\}b\\\\c\\nd\\x00e} *\n"
    assert load(text).root.children[0].comment == "a}b\\c\nd\x00e"


def test_a_finished_game_has_its_result_and_termination() -> None:
    record = toy_record(["a3", "a1", "b3", "c3", "c2"])  # First takes the last stone
    assert record.outcome() is not None
    text = dumps(record, NOW)
    assert '[Result "1-0"]' in tag_lines(text)
    assert '[Termination "the last stone is taken"]' in tag_lines(text)
    assert movetext(text).endswith("5. c2 1-0\n")


def test_a_game_in_progress_has_no_termination_and_ends_with_a_star() -> None:
    text = dumps(toy_record(["a3"]), NOW)
    assert '[Result "*"]' in tag_lines(text)
    assert not any(line.startswith("[Termination") for line in tag_lines(text))
    assert movetext(text) == "1. a3 *\n"


def test_the_result_of_a_three_player_game_names_the_winning_seat() -> None:
    record = toy_record(
        ["a3", "a1", "b3", "c3", "c2"], options={"players": "3"}, players=("A", "B", "C")
    )
    text = dumps(record, NOW)
    assert '[Result "2"]' in tag_lines(text)  # the fifth move is the second seat's
    assert movetext(text).endswith("5. c2 2\n")
    assert load(text).outcome() == record.outcome()


def test_the_result_follows_the_main_line_not_the_current_node() -> None:
    record = toy_record(["a3", "a1", "b3", "c3", "c2"])
    record.goto(record.root)
    assert '[Result "1-0"]' in tag_lines(dumps(record, NOW))


def test_the_position_tag_is_written_only_for_a_game_set_up_from_a_position() -> None:
    assert not any(line.startswith("[Position") for line in tag_lines(dumps(toy_record(), NOW)))
    record = toy_record(["a1"], start_position="2,0,1 1 2 -")
    text = dumps(record, NOW)
    assert '[Position "2,0,1 1 2 -"]' in tag_lines(text)
    loaded = load(text)
    assert loaded.start_position == "2,0,1 1 2 -"
    assert loaded.root.state == record.root.state


def test_the_current_tag_is_the_path_of_the_current_node() -> None:
    record = toy_record(["a1", "b1"])
    record.undo()
    record.play_text("c1")
    assert '[Current "0.1"]' in tag_lines(dumps(record, NOW))
    assert load(dumps(record, NOW)).current.path() == (0, 1)
    record.goto(record.root)
    assert '[Current ""]' in tag_lines(dumps(record, NOW))
    assert load(dumps(record, NOW)).current.path() == ()


def test_date_and_time_come_from_the_record_and_else_from_the_clock() -> None:
    record = toy_record()
    assert tag_lines(dumps(record, NOW))[6:8] == ['[Date "2026.11.21"]', '[Time "14:03:09"]']
    assert "Date" not in record.tags  # writing text does not change the record
    record.tags.update(Date="1999.01.02", Time="03:04:05")
    assert tag_lines(dumps(record, NOW))[6:8] == ['[Date "1999.01.02"]', '[Time "03:04:05"]']


def test_tags_the_writer_derives_are_never_taken_from_the_record() -> None:
    record = toy_record()
    record.tags.update(Game="chess", Result="1-0", Player1="Eve", Plies="9", Site="home")
    lines = tag_lines(dumps(record, NOW))
    assert [line for line in lines if line.startswith(("[Game", "[Result", "[Player1"))] == [
        '[Game "toy-nim"]',
        '[Player1 "Alice"]',
        '[Result "*"]',
    ]
    assert lines[-1] == '[Site "home"]'


def test_a_tag_name_that_could_not_be_read_back_is_refused() -> None:
    record = toy_record()
    record.tags["two words"] = "x"
    with pytest.raises(ValueError, match="'two words' cannot be a tag name"):
        dumps(record, NOW)


def test_other_tags_are_kept_in_their_order() -> None:
    text = HEADER + '[Result "*"]\n[Zeta "1"]\n[Alpha "2"]\n\n*\n'
    record = load(text)
    assert list(record.tags) == ["Date", "Time", "Zeta", "Alpha"]
    assert tag_lines(dumps(record))[-2:] == ['[Zeta "1"]', '[Alpha "2"]']


# -- reading files written by hand ----------------------------------------------------------


def test_the_reader_ignores_move_numbers_whatever_they_say() -> None:
    expected = [node.notation for node in toy_record(["a1", "b2", "c3"]).mainline()]
    for body in ("a1 b2 c3 *", "1. a1 7. b2 1... c3 *", "1.a1 2.b2 3...c3 *", "1.a1\nb2\n\nc3 *"):
        record = load(HEADER + '[Result "*"]\n\n' + body + "\n")
        assert [node.notation for node in record.mainline()] == expected, body


def test_moves_are_read_as_the_rules_parse_them_and_written_in_their_notation() -> None:
    record = load(HEADER + '[Result "*"]\n\n1. A1 2. b-2 *\n')
    assert movetext(dumps(record)) == "1. a1 2. b2 *\n"


def test_a_file_without_current_tag_opens_at_the_end_of_the_main_line() -> None:
    record = load(HEADER + '[Result "*"]\n\n1. a1 2. b1 (2. c1) 3. c1 *\n')
    assert record.current is record.mainline()[-1]


def test_windows_line_ends_and_a_byte_order_mark_are_read() -> None:
    text = dumps(toy_record(["a1", "b1"]), NOW)
    record = loads("\ufeff" + text.replace("\n", "\r\n"), games=find_toy_game)
    assert dumps(record) == text


def test_two_comments_after_a_move_are_joined_with_a_space() -> None:
    record = load(HEADER + '[Result "*"]\n\n{game} {notes} 1. a1 {one}\n{two} *\n')
    assert record.root.comment == "game notes"
    assert record.root.children[0].comment == "one two"


def test_a_comment_after_a_variation_belongs_to_the_move_before_it() -> None:
    record = load(HEADER + '[Result "*"]\n\n1. a1 (1. b1) {about a1} 2. c1 *\n')
    assert record.root.children[0].comment == "about a1"
    assert [node.notation for node in record.mainline()] == ["a1", "c1"]


def test_the_header_is_read_without_the_moves() -> None:
    text = HEADER + '[Result "*"]\n[Plies "3"]\n\n1. a1 2. zz9 {never closed\n'
    header = loads_header(text, games=find_toy_game)
    assert (header.game.id, header.players, header.result, header.plies) == (
        "toy-nim",
        ("Alice", "Bob"),
        "*",
        3,
    )
    assert (header.date, header.time, header.seed) == ("2026.11.21", "14:03:09", 7)
    assert header.options == {"piles": "3", "players": "2"}


def test_the_documented_example_loads_and_saves_back_unchanged() -> None:
    example = DOCS.read_text(encoding="utf-8").split("```\n")[1]
    record = loads(example, games=find_game)
    assert record.game.id == "martian-chess"
    assert record.current.path() == (0, 0, 1, 0)
    assert record.current.notation == "d5xc4"
    assert record.current.parent.comment == "why not"
    assert dumps(record) == example
