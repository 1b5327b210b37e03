"""Table files (as earlier versions kept tables) the server cannot use are set aside, never
deleted, and never in the way: a damaged file, an unknown game, a record that does not replay,
or a second file with a table's number goes to ``tables/set-aside/`` with one log line, and the
other tables (hostile player names and all) come into the store and are listed. A table the
lobby cannot show is set aside in the store, its game written into ``tables/set-aside/``."""

from __future__ import annotations

from pathlib import Path

import pytest
from hostile_text import SAFE_NAMES
from net_helpers import make_hall

from core.registry import find_game
from tui.net.app import net_app_factory
from tui.net.server_hall import lobby_problem
from tui.play.hall import ME, OPEN, TableHall
from tui.play.identity import PlayerIdentity, display_name
from tui.play.stored_tables import IMPORTED_FOLDER
from tui.play.table import Table
from tui.play.table_files import SET_ASIDE_FOLDER, table_path, tables_dir
from tui.ssh.session_info import SessionInfo

MARTIAN = find_game("martian-chess")
HOSTILE = PlayerIdentity("[[/]")
BOB = PlayerIdentity('[link="https://evil.exam')


def hall_log(data_dir: Path) -> list[str]:
    return (data_dir / "tables.log").read_text().splitlines()


def saved_table(
    data_dir: Path, first: PlayerIdentity = HOSTILE, second: PlayerIdentity = BOB
) -> str:
    """Table 1 as a table file in ``data_dir``, a move into a game between ``first`` and
    ``second``; its file's text."""
    elsewhere = data_dir / "elsewhere"
    elsewhere.mkdir()
    hall = make_hall(elsewhere)
    try:
        table = hall.open_table(MARTIAN, {}, [ME, OPEN], first)
        table.sit(second, 1)
        table.play(first, MARTIAN.parse_move(table.record.state, "b1-a1"))
        stored = hall.store.load(1)
    finally:
        hall.close()
    assert stored is not None
    tables_dir(data_dir).mkdir(parents=True, exist_ok=True)
    table_path(data_dir, 1).write_text(stored.game_text)
    return stored.game_text


def restarted(data_dir: Path) -> TableHall:
    hall = make_hall(data_dir)
    hall.restore()
    return hall


def test_a_table_with_hostile_names_comes_back_as_it_was(tmp_path: Path) -> None:
    saved_table(tmp_path)
    hall = restarted(tmp_path)
    try:
        table = hall.table(1)
        assert table is not None
        assert [holder and holder.name for holder in table.holders] == [HOSTILE.name, BOB.name]
        assert table.seat_of(HOSTILE) == 0 and table.seat_of(BOB) == 1
        assert lobby_problem(table) is None
        assert not (tables_dir(tmp_path) / SET_ASIDE_FOLDER).exists()
    finally:
        hall.close()


@pytest.mark.parametrize("name", SAFE_NAMES)
def test_every_hostile_name_goes_to_its_table_file_and_back(tmp_path: Path, name: str) -> None:
    player = PlayerIdentity(display_name(name))  # as a login would name the player
    saved_table(tmp_path, player, PlayerIdentity("bob"))
    hall = restarted(tmp_path)
    try:
        table = hall.table(1)
        assert table is not None and table.seat_of(player) == 0
        assert table.holders[0] is not None and table.holders[0].name == player.name
        assert lobby_problem(table) is None
    finally:
        hall.close()


def test_files_that_cannot_be_restored_are_set_aside_and_the_rest_come_back(
    tmp_path: Path,
) -> None:
    good = saved_table(tmp_path)
    folder = tables_dir(tmp_path)
    bad = {
        "table-2.pawn": "\x00\xff not a save at all [[/]",
        "table-3.pawn": good.replace('"martian-chess"', '"no-such-game"').replace(
            '"1"]', '"3"]', 1
        ),
        "table-4.pawn": good.replace('[Table "1"]', '[Table "4"]').replace("1. b1-a1", "1. a1-h8"),
        "table-5.pawn": good,  # table 1 again
    }
    for name, text in bad.items():
        (folder / name).write_text(text, encoding="utf-8", errors="surrogateescape")
    hall = restarted(tmp_path)
    try:
        assert [table.number for table in hall.listed()] == [1]
        assert not list(folder.glob("*.pawn"))
        assert [path.read_text() for path in (folder / IMPORTED_FOLDER).iterdir()] == [good]
        aside = folder / SET_ASIDE_FOLDER
        assert sorted(path.name for path in aside.iterdir()) == sorted(bad)
        for name, text in bad.items():
            assert (aside / name).read_bytes() == text.encode("utf-8", "surrogateescape")
        lines = [line for line in hall_log(tmp_path) if "set aside" in line]
        assert len(lines) == len(bad)
        for name, line in zip(sorted(bad), lines, strict=True):
            assert f"table file '{name}' set aside as {SET_ASIDE_FOLDER}/{name}: " in line
        assert "another file's table number" in lines[-1]
    finally:
        hall.close()
    # The next start finds only the good table, and sets nothing more aside.
    again = restarted(tmp_path)
    try:
        assert [table.number for table in again.listed()] == [1]
        assert len([line for line in hall_log(tmp_path) if "set aside" in line]) == len(bad)
    finally:
        again.close()


def test_a_file_set_aside_twice_keeps_both_copies(tmp_path: Path) -> None:
    folder = tables_dir(tmp_path)
    folder.mkdir(parents=True)
    for text in ("first", "second"):
        (folder / "table-7.pawn").write_text(text)
        restarted(tmp_path).close()
    aside = folder / SET_ASIDE_FOLDER
    assert sorted(path.read_text() for path in aside.iterdir()) == ["first", "second"]


def test_a_table_the_lobby_cannot_show_is_set_aside_when_a_newcomer_arrives(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    hall = make_hall(tmp_path)
    cy = PlayerIdentity("cy")
    arrive = net_app_factory(hall)

    def newcomer() -> None:
        info = SessionInfo(
            player=PlayerIdentity("newcomer"),
            term="xterm",
            colours="256",
            size=(80, 24),
            peer="test",
            data_dir=tmp_path,
        )
        arrive(info)
        hall.flush()

    try:
        kept = hall.open_table(MARTIAN, {}, [ME, OPEN], PlayerIdentity("ann"))
        broken = hall.open_table(MARTIAN, {}, [ME, OPEN], cy)
        newcomer()
        assert hall.listed() == [kept, broken]
        original = Table.state_text

        def state_text(table: Table) -> str:
            if table is broken and table.started:
                raise KeyError("a state the lobby has no words for")
            return original(table)

        monkeypatch.setattr(Table, "state_text", state_text)
        broken.sit(PlayerIdentity("dee"), 1)  # the table changed: checked again
        newcomer()
        assert hall.listed() == [kept]
        aside = tables_dir(tmp_path) / SET_ASIDE_FOLDER
        assert [path.name for path in aside.iterdir()] == ["table-2.pawn"]
        assert [table.number for table in hall.store.listed()] == [1]
        line = next(line for line in hall_log(tmp_path) if "set aside" in line)
        assert "'table-2.pawn'" in line and "a state the lobby has no words for" in line
        # Play at the table set aside is no longer kept.
        broken.play(cy, MARTIAN.parse_move(broken.record.state, "b1-a1"))
        stored = hall.store.load(2)
        assert stored is not None and stored.status == "set-aside" and stored.plies == 0
    finally:
        hall.close()
