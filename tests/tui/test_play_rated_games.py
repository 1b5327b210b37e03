"""Rated tables: a rated two-player game changes both players' ratings once, where the hall
files it; a casual one changes nothing; and the lobby's texts say which is rated."""

from __future__ import annotations

from pathlib import Path

from net_helpers import make_hall
from test_hall_filing import MARTIAN, SHORT_GAME

from core.ratings import Rating, rate_game
from saves.store.sqlite_players import SqlitePlayerStore
from tui.play.hall import ME, OPEN
from tui.play.identity import PlayerIdentity
from tui.play.rated_games import first_score, rate_finished, rated_tags
from tui.play.table import Table
from tui.play.table_rows import game_and_clock, options_text

ALICE = PlayerIdentity("alice", "SHA256:alice")
BOB = PlayerIdentity("bob", "SHA256:bob")


def play_to_the_end(table: Table) -> None:
    for notation in SHORT_GAME:
        state = table.record.state
        player = ALICE if table.record.game.to_move(state) == 0 else BOB
        table.play(player, MARTIAN.parse_move(state, notation))
    assert table.finished


def finished_table(data: Path, rated: bool) -> Table:
    hall = make_hall(data)
    try:
        table = hall.open_table(MARTIAN, {}, [ME, OPEN], ALICE, tags=rated_tags(rated))
        table.sit(BOB, 1)
        play_to_the_end(table)
        return table
    finally:
        hall.close()


def test_a_rated_game_changes_both_ratings_once_by_glicko2(tmp_path: Path) -> None:
    table = finished_table(tmp_path, rated=True)
    score = first_score(table.record)
    assert score is not None
    expected = rate_game(Rating(), Rating(), score)
    with SqlitePlayerStore(tmp_path) as players:
        alice = players.rating(ALICE.key, MARTIAN.id)
        bob = players.rating(BOB.key, MARTIAN.id)
    assert alice is not None and bob is not None
    assert (alice.rating, bob.rating) == expected
    assert (alice.games, bob.games) == (1, 1)
    assert table.rating_news == (
        f"alice 1500 → {round(expected[0].rating)}, bob 1500 → {round(expected[1].rating)}"
    )


def test_a_casual_game_changes_no_rating(tmp_path: Path) -> None:
    table = finished_table(tmp_path, rated=False)
    with SqlitePlayerStore(tmp_path) as players:
        assert players.ratings(MARTIAN.id) == []
    assert table.rating_news == ""


def test_only_a_game_between_two_people_is_rated(tmp_path: Path) -> None:
    (tmp_path / "game").mkdir()
    table = finished_table(tmp_path / "game", rated=True)  # rated there: not in tmp_path
    with SqlitePlayerStore(tmp_path) as players:
        assert rate_finished(players, table.record, [ALICE.key, ""]) == ()  # a computer
        assert rate_finished(players, table.record, [ALICE.key, ALICE.key]) == ()
        assert players.ratings(MARTIAN.id) == []


def test_the_lobby_says_a_table_is_rated(tmp_path: Path) -> None:
    hall = make_hall(tmp_path)
    try:
        rated = hall.open_table(MARTIAN, {}, [ME, OPEN], ALICE, tags=rated_tags(True))
        casual = hall.open_table(MARTIAN, {}, [OPEN, ME], ALICE)
        assert game_and_clock(rated) == "Martian Chess rated"
        assert options_text(rated).endswith(", rated")
        assert game_and_clock(casual) == "Martian Chess"
        assert "rated" not in options_text(casual)
    finally:
        hall.close()


def test_another_process_says_the_ratings_its_players_have_now(tmp_path: Path) -> None:
    here, there = make_hall(tmp_path), make_hall(tmp_path)
    try:
        mine = here.open_table(MARTIAN, {}, [ME, OPEN], ALICE, tags=rated_tags(True))
        mine.sit(BOB, 1)
        there.flush()
        theirs = there.table(mine.number)
        assert theirs is not None
        theirs.watch(_Watcher(BOB))  # kept listed once finished
        play_to_the_end(mine)
        there.flush()
        assert theirs.finished
        with SqlitePlayerStore(tmp_path) as players:
            alice = players.rating(ALICE.key, MARTIAN.id)
            bob = players.rating(BOB.key, MARTIAN.id)
        assert alice is not None and bob is not None and alice.games == bob.games == 1
        assert theirs.rating_news == (
            f"alice now {round(alice.rating.rating)}, bob now {round(bob.rating.rating)}"
        )
    finally:
        here.close()
        there.close()


class _Watcher:
    def __init__(self, player: PlayerIdentity) -> None:
        self.player = player

    def table_changed(self, table: Table, news: str) -> None:
        pass
