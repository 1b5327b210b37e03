"""Servers on two machines sharing one PostgreSQL database, each with a data folder of its own:
a game finished and filed on one is copied into the other's saved games from the store, so
both list and open it (as the one that filed it: the same name, the same game); a server
started later copies every game filed before; a name the other folder has for another game
gives the copy the table's number."""

from __future__ import annotations

from pathlib import Path

from test_hall_postgres import machine
from test_play_rated_games import ALICE, BOB, play_to_the_end

from core.registry import find_game
from saves import paths
from saves.format import loads
from tui.play.hall import ME, OPEN, TableHall
from tui.play.table import Table

MARTIAN = find_game("martian-chess")


def finished_here(hall: TableHall) -> Table:
    table = hall.open_table(MARTIAN, {}, [ME, OPEN], ALICE)
    table.sit(BOB, 1)
    play_to_the_end(table)
    assert table.filed_as is not None
    return table


def games_in(folder: Path) -> list[str]:
    return sorted(path.name for path in paths.games_dir(folder).glob("*.pawn"))


def test_a_game_filed_on_one_machine_is_listed_and_opened_on_the_other(
    tmp_path: Path, postgres_url: str
) -> None:
    with (
        machine(tmp_path / "one", postgres_url) as here,
        machine(tmp_path / "two", postgres_url) as there,
    ):
        here.restore()
        there.restore()
        table = finished_here(here)
        assert table.filed_as is not None
        assert games_in(tmp_path / "two") == []
        there.filing.retry()  # what the feed's thread does now and then
        assert games_in(tmp_path / "two") == [table.filed_as.name]
        copy = loads((tmp_path / "two" / "games" / table.filed_as.name).read_text())
        assert copy.outcome() == table.record.outcome()
        assert [node.notation for node in copy.line()] == [
            node.notation for node in table.record.line()
        ]
        listed = there.storage.list_games()
        assert [entry.path.name for entry in listed] == [table.filed_as.name]
        there.filing.retry()
        assert games_in(tmp_path / "two") == [table.filed_as.name]  # copied once
        assert games_in(tmp_path / "one") == [table.filed_as.name]  # nothing back


def test_a_server_started_later_copies_every_game_filed_before(
    tmp_path: Path, postgres_url: str
) -> None:
    with machine(tmp_path / "one", postgres_url) as here:
        here.restore()
        first, second = finished_here(here), finished_here(here)
        names = sorted(table.filed_as.name for table in (first, second) if table.filed_as)
    with machine(tmp_path / "two", postgres_url) as later:
        clash = tmp_path / "two" / "games" / names[0]
        clash.parent.mkdir(parents=True)
        clash.write_text("another game under that name")
        later.restore()
        number = (
            first.number if first.filed_as and first.filed_as.name == names[0] else second.number
        )
        stem = names[0].removesuffix(".pawn")
        assert games_in(tmp_path / "two") == sorted(
            [names[0], f"{stem}-table-{number}.pawn", names[1]]
        )
        assert clash.read_text() == "another game under that name"
