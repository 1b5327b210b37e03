"""No finished game is left unfiled: the process that finishes a game files it into
``games/`` and keeps the file's name in the archive, so that another process's players are
told where it went; and a game whose process died between storing the finish and writing the
file is filed by the server's other processes, once between them."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

from net_helpers import make_hall
from waiting import wait_for

from core.registry import find_game
from saves import paths
from tui.play.computer import ComputerRunner
from tui.play.hall import ME, OPEN, TableHall
from tui.play.identity import PlayerIdentity
from tui.play.table import Table

MARTIAN = find_game("martian-chess")
ALICE, BOB = PlayerIdentity("alice"), PlayerIdentity("bob")
#: A game of Martian Chess that ends by the clock.
SHORT_GAME = ("clock", "b1-a1", "c8-d8", "a1-b1", "d8-c8", "b1-a1", "c8-d8", "a1-b1")
#: Seconds a claim on a filing lasts: short, for the test's sake.
LEASE = 0.5
DEADLINE = 30.0


def play_to_the_end(table: Table) -> None:
    for notation in SHORT_GAME:
        state = table.record.state
        player = ALICE if table.record.game.to_move(state) == 0 else BOB
        table.play(player, MARTIAN.parse_move(state, notation))
    assert table.finished


def filed_games(data: Path) -> list[Path]:
    return sorted(paths.games_dir(data).glob("*.pawn"))


def hall_in(data: Path, name: str) -> TableHall:
    log = logging.Logger(name)
    log.addHandler(logging.FileHandler(data / f"{name}.log"))
    return TableHall(data, log, runner=ComputerRunner(), new_seed=lambda: 1, lease_seconds=LEASE)


def test_a_game_finished_on_the_other_process_says_where_it_was_filed(tmp_path: Path) -> None:
    here, there = make_hall(tmp_path), make_hall(tmp_path)
    try:
        mine = here.open_table(MARTIAN, {}, [ME, OPEN], ALICE)
        mine.sit(BOB, 1)
        there.flush()
        theirs = there.table(mine.number)
        assert theirs is not None
        theirs.watch(_Watcher(BOB))  # kept listed once finished
        play_to_the_end(mine)
        assert mine.filed_as is not None and filed_games(tmp_path) == [mine.filed_as]
        archived = here.store.archived(mine.number)
        assert archived is not None and archived.filed_as == mine.filed_as.name
        there.flush()
        assert theirs.finished and theirs.filed_as == mine.filed_as
    finally:
        here.close()
        there.close()


class _Watcher:
    def __init__(self, player: PlayerIdentity) -> None:
        self.player = player

    def table_changed(self, table: Table, news: str) -> None:
        pass


def test_a_game_whose_process_died_before_filing_it_is_filed_once(tmp_path: Path) -> None:
    dying = hall_in(tmp_path, "dying")
    table = dying.open_table(MARTIAN, {}, [ME, OPEN], ALICE)
    table.sit(BOB, 1)
    # The process dies after storing the finish and before writing the file: its claim on
    # the filing stays in the store until it runs out.
    setattr(dying, "_finished", lambda table: None)  # noqa: B010
    play_to_the_end(table)
    dying.store.close()
    assert filed_games(tmp_path) == []

    async def scenario() -> None:
        first, second = hall_in(tmp_path, "first"), hall_in(tmp_path, "second")
        try:
            for hall in (first, second):
                hall.restore()
                hall.start()
            await wait_for(
                lambda: getattr(first.store.archived(table.number), "filed_as", None),
                DEADLINE,
                "the game filed and its file name kept",
            )
            entry = first.store.archived(table.number)
            assert entry is not None and entry.filed_as
            # Each hall has done with it (nothing left to try again), and it is there once.
            await wait_for(
                lambda: not first.filing.pending and not second.filing.pending,
                DEADLINE,
                "both halls done",
            )
            assert [path.name for path in filed_games(tmp_path)] == [entry.filed_as]
            assert 'Result "1/2-1/2"' in filed_games(tmp_path)[0].read_text()
        finally:
            first.close()
            second.close()

    asyncio.run(scenario())


def test_a_game_left_unfiled_is_filed_when_the_server_starts_again(tmp_path: Path) -> None:
    dying = hall_in(tmp_path, "dying")
    table = dying.open_table(MARTIAN, {}, [ME, OPEN], ALICE)
    table.sit(BOB, 1)
    setattr(dying, "_finished", lambda table: None)  # noqa: B010
    play_to_the_end(table)
    dying.leases.release_all()
    dying.filing.release(table.number)  # as if its claim had run out long ago
    dying.store.close()

    again = hall_in(tmp_path, "again")
    try:
        again.restore()
        entry = again.store.archived(table.number)
        assert entry is not None and entry.filed_as
        assert [path.name for path in filed_games(tmp_path)] == [entry.filed_as]
        assert again.store.unfiled() == []
    finally:
        again.close()


def test_a_game_whose_process_died_after_writing_its_file_keeps_that_one_file(
    tmp_path: Path,
) -> None:
    """The process wrote the game's file and died before keeping its name: whoever files the
    game later finds that file (by the name filing gives it and the game's table) and keeps
    its name, writing no second file."""
    dying = hall_in(tmp_path, "dying")
    table = dying.open_table(MARTIAN, {}, [ME, OPEN], ALICE)
    table.sit(BOB, 1)
    setattr(dying.filing, "_recorded", lambda number, path: None)  # noqa: B010
    play_to_the_end(table)
    written = filed_games(tmp_path)
    assert len(written) == 1
    dying.leases.release_all()
    dying.filing.release(table.number)  # as if its claim had run out
    dying.store.close()

    again = hall_in(tmp_path, "again")
    try:
        again.restore()
        entry = again.store.archived(table.number)
        assert entry is not None and entry.filed_as == written[0].name
        assert filed_games(tmp_path) == written
    finally:
        again.close()
