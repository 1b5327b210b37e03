"""Position text: the exact text of start positions, round trips, and refused texts."""

from __future__ import annotations

import pytest
from test_mac_helpers import GAME, play, position

from core.errors import PositionError
from core.outcome import Outcome


def test_the_start_of_each_mode_as_text():
    assert GAME.write_position(GAME.new({}, 0)) == (
        "standard ..../..../..../..../..../..../..../.... 1 RB "
        "00111123456789tp/00111123456789tp -/- - -/- 0 -"
    )
    dark = GAME.write_position(GAME.new({"mode": "dark", "tokens": "on"}, 1))
    fields = dark.split()
    assert fields[0] == "dark+tokens" and fields[3] == "--" and fields[4] == "-"
    assert fields[1].count("@") == 2 and sum(c in "rb" for c in fields[1]) == 30
    assert len(fields[6]) == 24 and set(fields[6]) == set("+dpk")
    light = GAME.write_position(GAME.new({"mode": "light"}, 1)).split()
    assert light[0] == "light" and light[3] in ("RB", "BR") and light[6] == "-"
    assert sum(c in "RB" for c in light[1]) == 30


@pytest.mark.parametrize(
    "options",
    [{}, {"tokens": "on"}, {"mode": "dark"}, {"mode": "dark", "tokens": "on"}, {"mode": "light"}],
)
def test_start_positions_read_back(options):
    for seed in range(3):
        state = GAME.new(options, seed)
        assert GAME.read_position(GAME.write_position(state)) == state


def test_the_history_of_quiet_moves_is_kept_and_read_back():
    start = position(".@@B5 .... .... .... .... .... .... R5...")
    state = play(start, "a1-a2", "d8-d7", "a2-a1")
    text = GAME.write_position(state)
    assert text.split()[8:] == ["3", "a1-a2,d8-d7,a2-a1"]
    again = GAME.read_position(text)
    assert again == state
    # The history read from the text still counts repetitions.
    drawn = play(again, "d7-d8", "a1-a2", "d8-d7", "a2-a1", "d7-d8")
    assert GAME.outcome(drawn) == Outcome((), "the same position occurred for the third time")


def test_a_capture_clears_the_history():
    start = position(".@@B5 .... .... .... .... .... B4... R5...")
    state = play(start, "a1-b1", "d8-d7", "b1-a1", "d7-d6", "a1xa2")
    assert GAME.write_position(state).split()[8:] == ["0", "-"]


def test_masked_views_have_position_texts_too():
    state = position(
        "r7b3@@ .... .... .... .... .... .... R5...",
        mode="dark+tokens",
        hands="k/dp",
        colours="RB",
        pile="+",
    )
    state = play(state, "peek:a8;a1-a2")
    for seat in (0, 1, None):
        seen = GAME.view(state, seat)
        assert GAME.read_position(GAME.write_position(seen)) == seen
    assert GAME.write_position(GAME.view(state, 0)).split()[1:8] == [
        "r7?@@/..../..../..../..../..../R5.../....",
        "1",
        "RB",
        "-",
        "-/??",
        "?",
        "a8/-",
    ]
    assert (
        GAME.write_position(GAME.view(state, 1)).split()[1]
        == "??@@/..../..../..../..../..../R5.../...."
    )


@pytest.mark.parametrize(
    ("text", "complaint"),
    [
        ("standard ..../.... 0 RB - -/- - -/- 0 -", "8 ranks"),
        ("standard", "10 fields"),
        ("chess ..@@/..../..../..../..../..../..../R5.. 0 RB - -/- - -/- 0 -", "not a MAC mode"),
        ("standard ..@@/..../..../..../..../..../..../R5X. 0 RB - -/- - -/- 0 -", "rank of"),
        ("standard ..@@/..../..../..../..../..../..../R5.. 0 RB - -/- - -/- 0 -", "3 squares"),
        ("standard ..@@/..../..../..../..../..../..../R11... 0 RB - -/- - -/- 0 -", "0 to 10"),
        ("standard ..@@/..../..../..../..../..../..../R5... 2 RB - -/- - -/- 0 -", "0 or 1"),
        ("standard ..@@/..../..../..../..../..../..../R5... 0 BR - -/- - -/- 0 -", "plays Red"),
        ("light ..@@/..../..../..../..../..../..../R5... 0 -- - -/- - -/- 0 -", "undecided"),
        ("standard ..@@/..../..../..../..../..../..../R9R9.. 0 RB - -/- - -/- 0 -", "more than"),
        ("standard ..@@/..../..../..../..../..../..../r5... 0 RB - -/- - -/- 0 -", "Dark Chess"),
        ("standard ..@@/..../..../..../..../..../..../?... 0 RB - -/- - -/- 0 -", "Dark Chess"),
        ("standard ...@/..../..../..../..../..../..../R5... 0 RB - -/- - -/- 0 -", "1 portals"),
        (
            "standard ..@@/..../..../..../..../..../..../R5... 0 RB - +/- - -/- 0 -",
            "tokens are off",
        ),
        ("standard+tokens ..@@/..../..../..../..../..../..../R5... 0 RB - k/- - -/- 0 -", "Peek"),
        (
            "standard+tokens ..@@/..../..../..../..../..../..../R5... 0 RB - x/- - -/- 0 -",
            "power token",
        ),
        ("standard ..@@/..../..../..../..../..../..../R5... 0 RB - -/- - -/- x -", "a number"),
        (
            "standard ..@@/..../..../..../..../..../..../R5... 0 RB - -/- - -/- 1 a1-a2,a2-a1",
            "longer",
        ),
        (
            "standard ..@@/..../..../..../..../..../..../R5... 0 RB - -/- - -/- 3 b1-b2",
            "does not fit",
        ),
        ("standard ..@@/..../..../..../..../..../..../R5... 0 RB - -/- - -/- 3 b1", "quiet move"),
        (
            "dark ..@@/..../..../..../..../..../..../R5... 0 -- - -/- - -/- 0 -",
            "colours are decided",
        ),
        ("dark ..@@/..../..../..../..../..../..../R5r3.. 0 RB - -/- - a1/- 0 -", "peeked square"),
        ("dark ..@@/..../..../..../..../..../..../R5r3+.. 0 RB - -/- - -/- 0 -", r"carries no \+1"),
        ("light ..@@/..../..../..../..../..../..../R5... 0 RB 0/0 -/- - -/- 0 -", "placement"),
        (
            "standard ..../..../..../R5.../..../..../..../.... 1 RB "
            "0011112346789tp/00111123456789tp -/- - -/- 0 -",
            "own half",
        ),
        (
            "standard ..../..../..../..../..../..../..../.... 0 RB "
            "0011112346789tp/00111123456789tp -/- - -/- 0 -",
            "15 pieces",
        ),
        (
            "standard ..../..../..../..../..../..../..../.... 0 RB "
            "00111123456789t/00111123456789tp -/- - -/- 0 -",
            "one portal",
        ),
        (
            "standard ..../..../..../..../..../..../..../.... 0 RB "
            "00111123456789tp/00111123456789tp -/- - -/- 2 -",
            "quiet turns",
        ),
    ],
)
def test_impossible_texts_are_refused(text, complaint):
    with pytest.raises(PositionError, match=complaint):
        GAME.read_position(text)
