"""Every way a save file can be bad gives a SaveError: one sentence naming the file and the
problem. Loading never changes the file."""

from __future__ import annotations

import errno
from pathlib import Path

import pytest
from save_helpers import NOW
from toy_game import find_toy_game

from core import GameRecord, IllegalMoveError, find_game
from saves import textfile
from saves.errors import SaveError
from saves.format import dumps, load, load_header

TAGS = """\
[Format "pawnshop-save 1"]
[Game "toy-nim"]
[Options "piles=3 players=2"]
[Seed "7"]
[Player1 "Alice"]
[Player2 "Bob"]
[Date "2026.11.21"]
[Time "14:03:09"]
[Result "*"]
"""
# Toy Nim seed 7: piles a=4 b=3 c=5. The moves start on line 11.
GOOD = TAGS + "\n1. a1 2. b1 3. c1 *\n"


def problem(tmp_path: Path, content: str | bytes, name: str = "bad.pawn") -> str:
    """The message of loading ``content`` from a file; checks the file is left as it was."""
    data = content.encode("utf-8") if isinstance(content, str) else content
    path = tmp_path / name
    path.write_bytes(data)
    with pytest.raises(SaveError) as caught:
        load(path, games=find_toy_game)
    assert path.read_bytes() == data
    assert "\n" not in str(caught.value)
    return str(caught.value)


def test_the_good_file_these_cases_spoil_loads(tmp_path: Path) -> None:
    path = tmp_path / "good.pawn"
    path.write_text(GOOD, encoding="utf-8")
    assert [node.notation for node in load(path, games=find_toy_game).mainline()] == [
        "a1",
        "b1",
        "c1",
    ]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        pytest.param(b"", "bad.pawn is empty", id="empty"),
        pytest.param(b"\n  \r\n\t\n", "bad.pawn is empty", id="blank"),
        pytest.param(
            "Dear diary,\ntoday I played chess.\n",
            "bad.pawn is not a pawnshop save (it does not begin with a tag)",
            id="prose",
        ),
        pytest.param(
            '[Event "Club"]\n[Site "Home"]\n\n1. e4 e5 *\n',
            "bad.pawn is not a pawnshop save (it does not begin with a Format tag)",
            id="pgn",
        ),
        pytest.param(
            "[Format pawnshop]\n" + GOOD,
            "bad.pawn is not a pawnshop save (it does not begin with a Format tag)",
            id="format-not-a-tag",
        ),
        pytest.param(
            GOOD.replace("pawnshop-save 1", "chess-pgn 2"),
            "bad.pawn is not a pawnshop save (its Format tag says 'chess-pgn 2')",
            id="foreign-format",
        ),
        pytest.param(
            GOOD.replace("pawnshop-save 1", "pawnshop-save 9"),
            "bad.pawn was written by a newer pawnshop (format 9); this one reads format 1",
            id="newer",
        ),
        pytest.param(
            GOOD.replace("pawnshop-save 1", "pawnshop-save beta"),
            "bad.pawn has an unknown format version 'beta'; this one reads format 1",
            id="unknown-version",
        ),
        pytest.param(
            GOOD.replace("pawnshop-save 1", "pawnshop-save 0"),
            "bad.pawn has an unknown format version '0'; this one reads format 1",
            id="version-zero",
        ),
    ],
)
def test_a_file_that_is_no_save_of_this_pawnshop(
    tmp_path: Path, content: str | bytes, message: str
) -> None:
    assert problem(tmp_path, content) == message


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        pytest.param(
            '[Game "toy-nim"]',
            '[Game "go"]',
            "bad.pawn is a game of 'go', which this pawnshop does not know",
            id="unknown-game",
        ),
        pytest.param(
            "piles=3 players=2",
            "piles=9 players=2",
            "bad.pawn has bad options: option piles cannot be '9' (allowed: 2, 3, 4)",
            id="option-value",
        ),
        pytest.param(
            "piles=3 players=2",
            "colour=red",
            "bad.pawn has bad options: unknown option 'colour' "
            "(this game's options: piles, players)",
            id="unknown-option",
        ),
        pytest.param(
            "piles=3 players=2",
            "piles",
            "bad.pawn has bad options: 'piles' is not an option (expected name=value)",
            id="option-syntax",
        ),
        pytest.param(
            '[Seed "7"]',
            '[Seed "seven"]',
            "bad.pawn has a bad Seed tag 'seven' (it must be a whole number)",
            id="seed",
        ),
        pytest.param(
            '[Player2 "Bob"]\n',
            "",
            "bad.pawn names 1 player, but Toy Nim with these options has 2 seats",
            id="too-few-players",
        ),
        pytest.param(
            '[Player2 "Bob"]\n',
            '[Player2 "Bob"]\n[Player3 "Cy"]\n',
            "bad.pawn names 3 players, but Toy Nim with these options has 2 seats",
            id="too-many-players",
        ),
        pytest.param(
            '[Player2 "Bob"]\n',
            '[Player3 "Bob"]\n',
            "bad.pawn has a Player3 tag but no Player2 tag",
            id="player-gap",
        ),
        pytest.param(
            '[Player1 "Alice"]\n[Player2 "Bob"]\n',
            "",
            "bad.pawn names no players, but Toy Nim with these options has 2 seats",
            id="no-players",
        ),
        pytest.param(
            '[Seed "7"]\n',
            "",
            "bad.pawn is missing its Seed tag",
            id="missing-seed",
        ),
        pytest.param(
            '[Seed "7"]\n',
            '[Seed "7"]\n[Seed "8"]\n',
            "bad.pawn has two Seed tags (lines 4 and 5)",
            id="duplicate-tag",
        ),
        pytest.param(
            '[Date "2026.11.21"]',
            "[Date 2026.11.21]",
            'bad.pawn has a bad tag at line 7 (a tag looks like [Name "value"])',
            id="bad-tag",
        ),
        pytest.param(
            '[Result "*"]',
            '[Result "won"]',
            "bad.pawn has a bad Result tag 'won' (such as *, 1-0, 0-1 or 1/2-1/2)",
            id="bad-result-tag",
        ),
        pytest.param(
            '[Result "*"]',
            '[Result "*"]\n[Current "0.x"]',
            "bad.pawn has a bad Current tag '0.x' (child numbers such as 0.0.1)",
            id="bad-current",
        ),
        pytest.param(
            '[Result "*"]',
            '[Result "*"]\n[Plies "three"]',
            "bad.pawn has a bad Plies tag 'three' (it must be a count of moves)",
            id="bad-plies",
        ),
    ],
)
def test_bad_tags(tmp_path: Path, old: str, new: str, message: str) -> None:
    assert old in GOOD
    assert problem(tmp_path, GOOD.replace(old, new)) == message


@pytest.mark.parametrize(
    ("moves", "message"),
    [
        pytest.param(
            "1. a1 2. b1 3. c9 *",
            "bad.pawn cannot be replayed: move 3, c9, is illegal: pile c cannot give 9 (line 11)",
            id="illegal",
        ),
        pytest.param(
            "1. a1\n2. b1\n\n3. d1 *",
            "bad.pawn cannot be replayed: move 3, d1, is illegal: there is no pile d (line 14)",
            id="illegal-later-line",
        ),
        pytest.param(
            "1. a1 (1. b1 2. b3) 2. b1 *",
            "bad.pawn cannot be replayed: move 2, b3, is illegal: pile b cannot give 3 (line 11)",
            id="illegal-in-variation",
        ),
        pytest.param(
            "1. a1 2. zz *",
            "bad.pawn cannot be replayed: move 2, zz, is not a move: "
            "'zz' is not a move (a pile letter and a count, like b2) (line 11)",
            id="malformed",
        ),
        pytest.param(
            "1. a1 (1. a1) *",
            "bad.pawn cannot be replayed: move 1, a1, is given twice at the same point (line 11)",
            id="repeated",
        ),
        pytest.param(
            "1. a1 2. b1 {a note that goes on",
            "bad.pawn is cut short: the comment opened at line 11 is never closed",
            id="open-comment",
        ),
        pytest.param(
            "1. a1 {ends with an escape\\",
            "bad.pawn is cut short: the comment opened at line 11 is never closed",
            id="open-comment-escape",
        ),
        pytest.param(
            "1. a1\n2. b1 (2. c1\n3. a1",
            "bad.pawn is cut short: the variation opened at line 12 is never closed",
            id="open-variation",
        ),
        pytest.param(
            "1. a1 2. b1",
            "bad.pawn is cut short: its moves do not end with a result such as *",
            id="no-result",
        ),
        pytest.param(
            "",
            "bad.pawn is cut short: its moves do not end with a result such as *",
            id="no-moves",
        ),
        pytest.param(
            "1. a1 (1. b1 *) *",
            "bad.pawn has a result inside a variation (line 11)",
            id="result-in-variation",
        ),
        pytest.param(
            "1. a1 *\n2. b1",
            "bad.pawn has more after the result * (line 12)",
            id="after-result",
        ),
        pytest.param(
            "1. a1 1-0",
            "bad.pawn ends its moves with 1-0, but its Result tag says * (line 11)",
            id="result-token-differs",
        ),
        pytest.param(
            "1. a1) *",
            "bad.pawn has a ')' that closes no variation (line 11)",
            id="stray-close",
        ),
        pytest.param(
            "1. a1 b1} *",
            "bad.pawn has a '}' at line 11 that closes no comment",
            id="stray-brace",
        ),
        pytest.param(
            "(1. a1) 1. b1 *",
            "bad.pawn has a variation that follows no move (line 11)",
            id="variation-first",
        ),
        pytest.param(
            "1. a1 () *",
            "bad.pawn has an empty variation (line 11)",
            id="empty-variation",
        ),
        pytest.param(
            "1. a1 ({why} 1. b1) *",
            "bad.pawn has a comment before a variation's first move (line 11)",
            id="comment-opens-variation",
        ),
        pytest.param(
            "1. a1 | 2. b1 *",
            "bad.pawn has a move after '|' that is not in a variation (line 11)",
            id="move-after-line-end",
        ),
        pytest.param(
            "1. a1 | *",
            "bad.pawn has a '|' with no variation after it (line 11)",
            id="line-end-without-variation",
        ),
        pytest.param(
            "1. a1 (1. b1 |) *",
            "bad.pawn has a '|' with no variation after it (line 11)",
            id="line-end-without-variation-inside",
        ),
        pytest.param(
            "1. a1 | | (2. b1) *",
            "bad.pawn has a '|' that ends no line (line 11)",
            id="line-ended-twice",
        ),
        pytest.param(
            "1. a1 (| 1. b1) *",
            "bad.pawn has a '|' that ends no line (line 11)",
            id="line-end-opens-variation",
        ),
        pytest.param(
            "1. a1 | (2. b1 3. c9) *",
            "bad.pawn cannot be replayed: move 3, c9, is illegal: pile c cannot give 9 (line 11)",
            id="illegal-after-line-end",
        ),
    ],
)
def test_bad_moves(tmp_path: Path, moves: str, message: str) -> None:
    assert problem(tmp_path, TAGS + "\n" + moves + "\n") == message


def test_a_result_tag_that_the_moves_do_not_reach(tmp_path: Path) -> None:
    text = GOOD.replace('[Result "*"]', '[Result "1-0"]').replace("3. c1 *", "3. c1 1-0")
    assert problem(tmp_path, text) == (
        "bad.pawn says the result is 1-0, but its main line ends with the game still going on"
    )


def test_a_result_tag_that_names_the_wrong_winner(tmp_path: Path) -> None:
    moves = "1. a3 2. a1 3. b3 4. c3 5. c2"  # the first seat takes the last stone
    assert problem(tmp_path, TAGS + f"\n{moves} *\n") == (
        "bad.pawn says the result is *, but its moves end 1-0"
    )
    text = TAGS.replace('[Result "*"]', '[Result "0-1"]') + f"\n{moves} 0-1\n"
    assert problem(tmp_path, text) == "bad.pawn says the result is 0-1, but its moves end 1-0"


def test_moves_after_the_end_of_the_game_are_illegal(tmp_path: Path) -> None:
    moves = "1. a3 2. a1 3. b3 4. c3 5. c2 6. c1"
    assert problem(tmp_path, TAGS + f"\n{moves} *\n") == (
        "bad.pawn cannot be replayed: move 6, c1, is illegal: pile c cannot give 1 (line 11)"
    )


def test_a_plies_tag_that_does_not_match_the_main_line(tmp_path: Path) -> None:
    text = GOOD.replace('[Result "*"]', '[Result "*"]\n[Plies "4"]')
    assert problem(tmp_path, text) == "bad.pawn has a Plies tag of 4, but its main line has 3 moves"


def test_a_current_tag_that_points_to_no_move(tmp_path: Path) -> None:
    text = GOOD.replace('[Result "*"]', '[Result "*"]\n[Current "0.1"]')
    assert problem(tmp_path, text) == "bad.pawn has a Current tag '0.1' that points to no move"


def test_a_position_tag_the_game_cannot_read(tmp_path: Path) -> None:
    text = GOOD.replace('[Result "*"]', '[Result "*"]\n[Position "lots of stones"]')
    assert problem(tmp_path, text) == (
        "bad.pawn has a bad Position tag: 'lots of stones' is not a toy nim position"
    )


def test_a_file_cut_inside_a_tag(tmp_path: Path) -> None:
    cut = GOOD[: GOOD.index('[Seed "7"]') + 8]
    assert problem(tmp_path, cut) == "bad.pawn is cut short: the tag at line 4 is never closed"
    assert problem(tmp_path, '[Format "pawnsh') == (
        "bad.pawn is cut short: the tag at line 1 is never closed"
    )


def test_a_file_cut_after_its_tags(tmp_path: Path) -> None:
    assert problem(tmp_path, TAGS) == (
        "bad.pawn is cut short: its moves do not end with a result such as *"
    )


def test_binary_junk(tmp_path: Path) -> None:
    png = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"
    assert problem(tmp_path, png) == "bad.pawn is not a text file (it holds binary data at byte 8)"
    latin1 = GOOD.replace("Alice", "Zoë").encode("latin-1")
    offset = latin1.index(b"\xeb")
    assert problem(tmp_path, latin1) == (
        f"bad.pawn is not a text file (it is not UTF-8 text at byte {offset})"
    )


def test_a_file_too_large_to_be_a_save_is_not_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(textfile, "MAX_SAVE_BYTES", 100)
    monkeypatch.setattr(textfile, "_MAX_MEGABYTES", 0)
    assert problem(tmp_path, GOOD) == "bad.pawn is too large to be a save (more than 0 MB)"


def test_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(SaveError, match=r"^missing\.pawn does not exist$"):
        load(tmp_path / "missing.pawn")
    with pytest.raises(SaveError, match=r"^missing\.pawn does not exist$"):
        load_header(tmp_path / "missing.pawn")


def test_a_folder_is_not_a_save(tmp_path: Path) -> None:
    (tmp_path / "folder.pawn").mkdir()
    with pytest.raises(SaveError, match=r"^folder\.pawn is a folder, not a save file$"):
        load(tmp_path / "folder.pawn")


@pytest.mark.parametrize(
    ("error", "message"),
    [
        (PermissionError(errno.EACCES, "Permission denied"), "cannot be read (permission denied)"),
        (OSError(errno.EIO, "Input/output error"), "cannot be read (Input/output error)"),
    ],
)
def test_a_file_the_system_will_not_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, error: OSError, message: str
) -> None:
    path = tmp_path / "locked.pawn"
    path.write_text(GOOD, encoding="utf-8")

    def refuse(*args: object, **kwargs: object) -> None:
        raise error

    monkeypatch.setattr(textfile, "open", refuse, raising=False)
    for read in (load, load_header):
        with pytest.raises(SaveError) as caught:
            read(path, games=find_toy_game)
        assert str(caught.value) == f"locked.pawn {message}"
    assert path.read_text(encoding="utf-8") == GOOD


def test_the_error_names_the_file_and_keeps_the_problem_apart(tmp_path: Path) -> None:
    path = tmp_path / "some dir" / "x.pawn"
    path.parent.mkdir()
    path.write_text("", encoding="utf-8")
    with pytest.raises(SaveError) as caught:
        load(path)
    assert (caught.value.file, caught.value.problem) == ("x.pawn", "is empty")
    assert isinstance(caught.value, ValueError)


def test_an_illegal_martian_chess_move_is_named_with_the_rules_reason(tmp_path: Path) -> None:
    game = find_game("martian-chess")
    record = GameRecord(game, {}, 12345, ["Alice", "Bob"])
    for move in ("c3-d4", "c6-d5"):
        record.play_text(move)
    with pytest.raises(IllegalMoveError) as rules:
        game.parse_move(record.state, "d4-d5")
    reason = str(rules.value).removeprefix("d4-d5: ")
    text = dumps(record, NOW).replace("2. c6-d5 *", "2. c6-d5 3. d4-d5 *")
    path = tmp_path / "game.pawn"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SaveError) as caught:
        load(path)
    assert str(caught.value) == (
        f"game.pawn cannot be replayed: move 3, d4-d5, is illegal: {reason} (line 13)"
    )
