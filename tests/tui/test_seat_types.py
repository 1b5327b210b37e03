"""Seat types in a record's tags: which seats the computer plays, and at which level."""

from __future__ import annotations

from tui.play.seat_types import (
    SEAT_TYPES,
    computer_levels,
    computer_type,
    default_player_name,
    level_of,
    seat_tags,
    tag_name,
)


def test_every_level_is_a_seat_type_after_the_person() -> None:
    assert SEAT_TYPES == (
        ("human", "Human"),
        ("computer:easy", "Computer · Easy"),
        ("computer:normal", "Computer · Normal"),
        ("computer:hard", "Computer · Hard"),
    )


def test_tags_name_seats_from_one_and_only_computer_seats_get_one() -> None:
    assert tag_name(0) == "Seat1Type"
    types = ["human", computer_type("hard"), "human", computer_type("easy")]
    assert seat_tags(types) == {"Seat2Type": "computer:hard", "Seat4Type": "computer:easy"}
    assert seat_tags(["human", "human"]) == {}


def test_levels_are_read_back_from_the_tags() -> None:
    tags = {"Seat2Type": "computer:hard", "Seat4Type": "computer:easy", "Date": "2026.11.21"}
    assert computer_levels(tags, 4) == {1: "hard", 3: "easy"}
    assert computer_levels(tags, 2) == {1: "hard"}  # tags beyond the seats are ignored


def test_an_unknown_seat_type_is_played_by_a_person() -> None:
    assert level_of("computer:grandmaster") is None
    assert level_of("robot") is None
    assert level_of("computer: Hard ") == "hard"
    assert computer_levels({"Seat1Type": "computer:grandmaster"}, 2) == {}


def test_a_computer_seat_without_a_name_is_named_after_its_level() -> None:
    assert default_player_name("computer:normal", "North") == "Normal computer"
    assert default_player_name("human", "North") == "North"
