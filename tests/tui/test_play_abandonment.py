"""Claiming the win from a player who has gone, without Textual: once the player to move has
been away from the table (in every process) for the grace period, each other player is offered
the win and may claim it; coming back takes the offer away; the game ends with the reason
"South left the game", survives the save text, and a rated game is rated once."""

from __future__ import annotations

from pathlib import Path

import pytest
from net_helpers import make_hall

from core import GameRecord, find_game
from core.time_control import DAY
from saves.format import dumps, loads
from saves.store.sqlite_players import SqlitePlayerStore
from tui.play.abandonment import claim_offer, claim_win
from tui.play.away_seats import GRACE_SECONDS
from tui.play.hall import ME, OPEN
from tui.play.identity import PlayerIdentity
from tui.play.rated_games import rated_tags
from tui.play.table import SeatHolder, Table, TableRefusal

MARTIAN = find_game("martian-chess")
ANN, BO, CY = PlayerIdentity("ann"), PlayerIdentity("bo"), PlayerIdentity("cy")
OFFER = "ann (South) left: press W to claim the win"


class Screen:
    """A session showing the table: its player is present while it watches."""

    def __init__(self, player: PlayerIdentity) -> None:
        self.player = player
        self.news: list[str] = []

    def table_changed(self, table: Table, news: str) -> None:
        self.news.append(news)


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def table_of(tags: dict[str, str] | None = None) -> tuple[Table, Clock]:
    """ann (South, to move) and bo at a table on a fake clock; nobody watches yet."""
    table = Table(1, GameRecord(MARTIAN, seed=1, tags=tags), [SeatHolder.person(ANN), None])
    clock = Clock()
    table.time = clock
    table.sit(BO, 1)
    return table, clock


def test_the_win_is_offered_once_the_player_to_move_is_gone_for_the_grace_period() -> None:
    table, clock = table_of({"TimeControl": "300+3"})
    bo, cy = Screen(BO), Screen(CY)
    table.watch(bo)  # ann, to move, never came: away from now on
    table.watch(cy)
    clock.now += GRACE_SECONDS - 1
    table.check_flags()
    assert claim_offer(table, BO) == ""
    with pytest.raises(TableRefusal, match="away for 1 minute"):
        claim_win(table, BO)
    clock.now += 1
    heard = len(bo.news)
    table.check_flags()  # the hall's rounds: every screen looks again, once
    assert len(bo.news) == heard + 1
    table.check_flags()
    assert len(bo.news) == heard + 1
    assert claim_offer(table, BO) == OFFER
    assert claim_offer(table, CY) == ""  # a spectator claims nothing
    with pytest.raises(TableRefusal, match="only its players"):
        claim_win(table, CY)
    claim_win(table, BO)
    outcome = table.record.outcome()
    assert outcome is not None and outcome.winners == (1,)
    assert outcome.reason == "South left the game"
    assert bo.news[-1] == cy.news[-1] == "game over: bo (North) wins (South left the game)"
    clocks = table.clocks
    assert clocks is not None and clocks.running is None
    assert loads(dumps(table.record)).outcome() == outcome
    with pytest.raises(TableRefusal, match="The game is over"):
        claim_win(table, BO)


def test_coming_back_takes_the_offer_away_and_a_new_absence_counts_afresh() -> None:
    table, clock = table_of()  # no clock: the grace period is the same minute
    bo, ann = Screen(BO), Screen(ANN)
    table.watch(bo)
    clock.now += GRACE_SECONDS
    assert claim_offer(table, BO) == OFFER
    table.watch(ann)
    assert claim_offer(table, BO) == ""
    with pytest.raises(TableRefusal):
        claim_win(table, BO)
    table.unwatch(ann)
    clock.now += GRACE_SECONDS - 1
    assert claim_offer(table, BO) == ""
    table.seen_elsewhere({ANN.key: 1})  # a session of hers on another process
    clock.now += GRACE_SECONDS
    assert claim_offer(table, BO) == ""
    table.seen_elsewhere({})
    clock.now += GRACE_SECONDS
    assert claim_offer(table, BO) == OFFER


def test_only_the_player_to_move_may_be_claimed_from() -> None:
    table, clock = table_of()
    table.watch(Screen(ANN))  # bo, not to move, has gone
    clock.now += 10 * GRACE_SECONDS
    assert claim_offer(table, ANN) == ""
    with pytest.raises(TableRefusal):
        claim_win(table, ANN)
    assert not table.finished


def test_a_correspondence_game_waits_a_day() -> None:
    table, clock = table_of({"TimeControl": "1/259200"})  # three days a move
    table.watch(Screen(BO))
    clock.now += DAY - 1
    assert claim_offer(table, BO) == ""
    with pytest.raises(TableRefusal, match="away for 1 day"):
        claim_win(table, BO)
    clock.now += 1
    assert claim_offer(table, BO) == OFFER


def test_a_rated_game_won_from_a_player_gone_is_filed_and_rated_once(tmp_path: Path) -> None:
    alice = PlayerIdentity("alice", "SHA256:alice")
    bob = PlayerIdentity("bob", "SHA256:bob")
    hall = make_hall(tmp_path)
    try:
        table = hall.open_table(MARTIAN, {}, [ME, OPEN], alice, tags=rated_tags(True))
        clock = Clock()
        table.time = clock
        table.sit(bob, 1)
        table.watch(Screen(bob))
        clock.now += GRACE_SECONDS
        claim_win(table, bob)
        with pytest.raises(TableRefusal):
            claim_win(table, bob)
        assert table.filed_as is not None
        assert 'Termination "South left the game"' in table.filed_as.read_text()
        with SqlitePlayerStore(tmp_path) as players:
            rated = players.ratings(MARTIAN.id)
        assert sorted(stored.games for stored in rated) == [1, 1]
        assert table.rating_news.startswith("alice 1500 → ")
    finally:
        hall.close()
