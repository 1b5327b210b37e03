"""The ratings beside players' names: provisional ones marked with ``?``, read off the event
loop once and kept until a rated game changes them, none for computers or free seats, and
none on a server without keys."""

from __future__ import annotations

import asyncio
import logging

from core.ratings import Rating
from saves.store.sql_players import StoredRating
from tui.play.seat_ratings import PROVISIONAL_DEVIATION, SeatRatings, rating_text
from tui.play.table import SeatHolder

LOG = logging.getLogger("test")


def stored(rating: float, deviation: float) -> StoredRating:
    return StoredRating("k", "martian-chess", Rating(rating, deviation), 3, 0.0)


def test_a_rating_is_marked_provisional_while_uncertain() -> None:
    assert rating_text(None) == "1500?"
    assert rating_text(stored(1523.4, PROVISIONAL_DEVIATION)) == "1523?"
    assert rating_text(stored(1523.6, PROVISIONAL_DEVIATION - 1)) == "1524"


def test_ratings_are_read_on_a_thread_once_and_again_after_forget() -> None:
    reads: list[tuple[str, str]] = []
    told: list[str] = []
    ratings = {("alice", "g"): stored(1600, 50)}

    def read(key: str, game_id: str) -> StoredRating | None:
        reads.append((key, game_id))
        return ratings.get((key, game_id))

    seat_ratings = SeatRatings(read, told.append, LOG)
    alice = SeatHolder("alice", "alice")

    async def main() -> None:
        assert seat_ratings.of(alice, "g") == ""  # asked for, not read yet
        assert seat_ratings.of(alice, "g") == ""  # and asked for once
        for _ in range(200):
            if told:
                break
            await asyncio.sleep(0.01)
        assert seat_ratings.of(alice, "g") == "1600"
        ratings[("alice", "g")] = stored(1650, 50)
        seat_ratings.forget(["alice"], "g")
        assert seat_ratings.of(alice, "g") == ""
        for _ in range(200):
            if len(told) == 2:
                break
            await asyncio.sleep(0.01)
        assert seat_ratings.of(alice, "g") == "1650"

    asyncio.run(main())
    assert reads == [("alice", "g"), ("alice", "g")]
    assert told == ["alice", "alice"]


def test_no_rating_for_a_computer_a_free_seat_or_a_server_without_keys() -> None:
    shown = [False]
    seat_ratings = SeatRatings(lambda key, game: None, lambda key: None, LOG, lambda: shown[0])
    person = SeatHolder("bob", "bob")
    assert seat_ratings.of(person, "g") == ""
    shown[0] = True
    assert seat_ratings.of(SeatHolder.computer("easy"), "g") == ""
    assert seat_ratings.of(None, "g") == ""
    assert seat_ratings.of(person, "g") == "1500?"  # read at once without a running loop


def test_a_store_that_fails_is_logged_and_not_asked_again() -> None:
    calls = []

    def failing(key: str, game_id: str) -> StoredRating | None:
        calls.append(key)
        raise OSError("disk gone")

    seat_ratings = SeatRatings(failing, lambda key: None, LOG)
    assert seat_ratings.text("bob", "g") == ""
    assert seat_ratings.text("bob", "g") == ""
    assert calls == ["bob"]
