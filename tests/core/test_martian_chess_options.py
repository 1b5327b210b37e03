"""Martian Chess as a registered game: options, seats, who starts, the rules page and records."""

from __future__ import annotations

import pytest

from core import GameRecord, OptionError, find_game

GAME = find_game("martian-chess")


@pytest.mark.parametrize("name", ["martian-chess", "Martian Chess", "martian", "mc", "MC"])
def test_found_by_id_name_and_aliases(name):
    assert find_game(name) is GAME


def test_identity():
    assert (GAME.id, GAME.name) == ("martian-chess", "Martian Chess")
    assert GAME.description and "\n" not in GAME.description


def test_options_and_defaults():
    assert GAME.resolve_options(None) == {
        "players": "2",
        "teams": "on",
        "clock": "on",
        "first": "1",
    }
    specs = {spec.name: spec.choices for spec in GAME.option_specs}
    assert specs == {
        "players": ("2", "4"),
        "teams": ("on", "off"),
        "clock": ("on", "off"),
        "first": ("1", "2", "3", "4", "random"),
    }
    with pytest.raises(OptionError):
        GAME.new({"players": "3"})


def test_seat_names_in_turn_order():
    assert GAME.seat_names({}) == ("South", "North")
    assert GAME.seat_names({"players": "4"}) == (
        "South-West",
        "North-West",
        "North-East",
        "South-East",
    )


@pytest.mark.parametrize(
    ("options", "seat"),
    [
        ({}, 0),
        ({"first": "2"}, 1),
        ({"players": "4", "first": "3"}, 2),
        ({"players": "4", "first": "4"}, 3),
    ],
)
def test_first_player_option(options, seat):
    assert GAME.to_move(GAME.new(options)) == seat


@pytest.mark.parametrize("first", ["3", "4"])
def test_first_seat_beyond_the_player_count_is_refused(first):
    with pytest.raises(OptionError, match=f"first cannot be '{first}' with players=2"):
        GAME.new({"first": first})


@pytest.mark.parametrize("players", ["2", "4"])
def test_random_first_player_is_drawn_from_the_seed(players):
    options = {"players": players, "first": "random"}
    firsts = [GAME.to_move(GAME.new(options, seed)) for seed in range(40)]
    assert firsts == [GAME.to_move(GAME.new(options, seed)) for seed in range(40)]
    assert set(firsts) == set(range(int(players)))


def test_teams_option_only_matters_with_four_players():
    assert GAME.new({"teams": "off"}) == GAME.new({"teams": "on"})
    assert GAME.new({"players": "4", "teams": "off"}) != GAME.new({"players": "4"})


def test_rules_page_is_markdown_with_the_rulings():
    text = GAME.rules_text()
    assert text.startswith("# Martian Chess")
    for words in ("## Rulings", "field promotion", "No rejection", "call the clock", "`b2xc3`"):
        assert words in text


def test_game_record_play_undo_redo_and_variations():
    record = GameRecord(GAME, {"clock": "on"}, seed=3, players=["Ann", "Bob"])
    record.play_text("d3-d5")
    record.play_text("c7-d6")
    record.play_text("clock")
    assert [node.notation for node in record.line()] == ["d3-d5", "c7-d6", "clock"]
    assert GAME.to_move(record.state) == 0
    assert record.undo() and record.undo()
    assert GAME.to_move(record.state) == 1
    record.play_text("b6-c5")
    assert [node.notation for node in record.mainline()] == ["d3-d5", "c7-d6", "clock"]
    assert [node.notation for node in record.line()] == ["d3-d5", "b6-c5"]
    record.undo()
    assert record.redo()
    assert record.current.notation == "b6-c5"
    record.goto(record.mainline()[-1])
    assert GAME.write_position(record.state).split()[4] == "c0"
    assert record.outcome() is None


def test_game_record_from_a_position_plays_to_the_end():
    record = GameRecord(GAME, start_position="q3/1p2/4/4/3d/4/4/4 1 3/3 - -")
    record.play_text("d4d5")
    assert record.current.notation == "d4-d5"
    assert record.outcome().winners == (0,)
