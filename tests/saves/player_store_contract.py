"""The promises of ``saves.store.sql_players`` (chat lines and ratings), checked on any store.

Each ``check_*`` function takes ``open_store``: a function of no arguments opening a new
connection to one and the same empty store, as another server process would.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from core.ratings import Rating, rate_game
from saves.store.sql_players import SqlPlayerStore, StoredChatLine

OpenStore = Callable[[], SqlPlayerStore]
GAME = "martian-chess"
#: Text of every kind a store must keep as given: markup, escapes, bidi, wide characters.
ODD_TEXTS = [
    "[$a][/]",
    "[bold red]RED[/]",
    "\x1b[31mred\x1b[0m",
    "\x1b]0;title\x07",
    "\u202eevil\u202c",
    "界界 😀👍🏽",
    'it\'s "quoted" \\ and ?, %s, $1',
    "A" * 300,
]


@contextmanager
def opened(open_store: OpenStore) -> Iterator[SqlPlayerStore]:
    store = open_store()
    try:
        yield store
    finally:
        store.close()


def check_chat_lines_are_kept_per_room_and_read_by_another_process(open_store: OpenStore) -> None:
    with opened(open_store) as store, opened(open_store) as other:
        first = store.add_chat_line("lobby", "name:ann", "ann", "anyone?", 100.0)
        at_table = other.add_chat_line("3", "name:bob", "bob", "gg", 101.0, spectator=True)
        second = store.add_chat_line("lobby", "name:bob", "bob", "me", 102.0)
        assert first.seq < at_table.seq < second.seq
        assert other.chat_lines("lobby") == [first, second]
        assert store.chat_lines("3") == [
            StoredChatLine(at_table.seq, "3", "name:bob", "bob", "gg", 101.0, True)
        ]
        assert store.chat_lines("lobby", after=first.seq) == [second]
        assert store.chat_lines("7") == []


def check_a_room_gives_its_last_lines_oldest_first(open_store: OpenStore) -> None:
    with opened(open_store) as store:
        for number in range(12):
            store.add_chat_line("5", "name:ann", "ann", f"line {number}", float(number))
        assert [line.text for line in store.chat_lines("5", limit=3)] == [
            "line 9",
            "line 10",
            "line 11",
        ]


def check_any_text_is_kept_as_given(open_store: OpenStore) -> None:
    with opened(open_store) as store, opened(open_store) as other:
        texts = ODD_TEXTS
        for text in texts:
            store.add_chat_line("lobby", "name:" + text[:30], text[:30], text, 1.0)
        assert [line.text for line in other.chat_lines("lobby", limit=len(texts))] == texts


def check_a_player_has_no_rating_before_a_rated_game(open_store: OpenStore) -> None:
    with opened(open_store) as store:
        assert store.rating("name:ann", GAME) is None
        assert store.ratings(GAME) == []


def check_a_rated_game_rates_both_players_by_glicko2(open_store: OpenStore) -> None:
    with opened(open_store) as store, opened(open_store) as other:
        ann, bob = store.rate_game(GAME, "name:ann", "name:bob", 1.0, 50.0)
        expected = rate_game(Rating(), Rating(), 1.0)
        assert (ann.rating, bob.rating) == expected
        assert (ann.games, bob.games, ann.updated) == (1, 1, 50.0)
        assert other.rating("name:ann", GAME) == ann
        assert other.ratings(GAME) == [ann, bob]
        assert other.rating("name:ann", "chase") is None  # a rating per game
        ann2, bob2 = other.rate_game(GAME, "name:bob", "name:ann", 0.5, 60.0)
        assert (ann2.rating, bob2.rating) == rate_game(bob.rating, ann.rating, 0.5)
        assert store.rating("name:ann", GAME) == bob2
        assert bob2.games == 2


def check_a_casual_game_changes_no_rating(open_store: OpenStore) -> None:
    with opened(open_store) as store:
        rated = store.rate_game(GAME, "name:ann", "name:bob", 0.0, 10.0)
        assert store.rate_game(GAME, "name:ann", "name:bob", 1.0, 20.0, rated=False) == rated
        assert store.rating("name:bob", GAME) == rated[1]


def check_a_tables_game_is_rated_once_whichever_process_asks(open_store: OpenStore) -> None:
    with opened(open_store) as store, opened(open_store) as other:
        assert not store.was_rated(7)
        rated = store.rate_game(GAME, "name:ann", "name:bob", 1.0, 10.0, table=7)
        assert rated[0].games == 1 and other.was_rated(7)
        assert other.rate_game(GAME, "name:ann", "name:bob", 1.0, 20.0, table=7) == rated
        assert store.rating("name:ann", GAME) == rated[0]
        again = other.rate_game(GAME, "name:ann", "name:bob", 1.0, 30.0, table=8)
        assert again[0].games == 2


def check_rated_games_finishing_at_once_are_all_counted(open_store: OpenStore) -> None:
    games_each = 10
    failures: list[BaseException] = []

    def play(opponent: str) -> None:
        try:
            with opened(open_store) as store:
                for number in range(games_each):
                    store.rate_game(GAME, "name:ann", opponent, 1.0, float(number))
        except BaseException as failure:
            failures.append(failure)

    workers = [threading.Thread(target=play, args=(f"name:p{n}",)) for n in range(3)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert failures == []
    with opened(open_store) as store:
        ann = store.rating("name:ann", GAME)
        assert ann is not None and ann.games == 3 * games_each


def check_a_wait_for_chat_hears_a_line_kept_by_another_process(open_store: OpenStore) -> None:
    with opened(open_store) as store, opened(open_store) as other:
        assert store.newest_chat() == 0
        assert store.wait_for_chat(0, 0.05) == 0  # nothing yet: the wait runs out
        heard: list[int] = []
        waiting = threading.Thread(target=lambda: heard.append(store.wait_for_chat(0, 30)))
        waiting.start()
        kept = other.add_chat_line("lobby", "name:ann", "ann", "hello", 1.0)
        waiting.join(30)
        assert heard == [kept.seq]
        own = store.add_chat_line("4", "name:bob", "bob", "mine", 2.0)
        assert store.wait_for_chat(kept.seq, 30) == own.seq == store.newest_chat()
        assert other.wait_for_chat(kept.seq, 30) == own.seq


def check_a_closed_store_ends_a_wait_for_chat(open_store: OpenStore) -> None:
    store = open_store()
    ended = threading.Event()

    def wait() -> None:
        store.wait_for_chat(0, 60)
        ended.set()

    waiting = threading.Thread(target=wait)
    waiting.start()
    store.close()
    assert ended.wait(10)
    waiting.join()


CHECKS = [
    check_a_wait_for_chat_hears_a_line_kept_by_another_process,
    check_a_closed_store_ends_a_wait_for_chat,
    check_chat_lines_are_kept_per_room_and_read_by_another_process,
    check_a_room_gives_its_last_lines_oldest_first,
    check_any_text_is_kept_as_given,
    check_a_player_has_no_rating_before_a_rated_game,
    check_a_rated_game_rates_both_players_by_glicko2,
    check_a_casual_game_changes_no_rating,
    check_a_tables_game_is_rated_once_whichever_process_asks,
    check_rated_games_finishing_at_once_are_all_counted,
]
