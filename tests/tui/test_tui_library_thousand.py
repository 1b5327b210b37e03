"""A library of a thousand files, some of them bad: every file is listed, each bad one with its
own problem, and none hides the others."""

from __future__ import annotations

from pathlib import Path

from review_helpers import open_library
from textual.widgets import DataTable, Static
from tui_helpers import NOW, SIZE, app_test, make_app, martian_record
from waiting import wait_for

from saves.format import dumps
from saves.paths import games_dir

GOOD = dumps(martian_record(("c3-d4", "b6-a5")), NOW)

#: A file name and its bytes, for each kind of bad file, with a word its problem must hold.
BAD = {
    "empty.pawn": (b"", "is empty"),
    "binary.pawn": (b"\x00\x01\x02", "binary data"),
    "letter.pawn": (b"Dear Bob,\n", "does not begin with a tag"),
    "newer.pawn": (GOOD.replace("pawnshop-save 1", "pawnshop-save 9").encode(), "newer pawnshop"),
    "unknown.pawn": (GOOD.replace("martian-chess", "tic-tac-toe").encode(), "does not know"),
    "cut.pawn": (b'[Format "pawnshop-save 1"]\n[Game "mart', "never closed"),
    "options.pawn": (GOOD.replace("players=2", "players=7").encode(), "bad options"),
    "result.pawn": (GOOD.replace('[Result "*"]', '[Result "win"]').encode(), "bad Result tag"),
    "nogame.pawn": (GOOD.replace('[Game "martian-chess"]\n', "").encode(), "missing its Game"),
    "latin1.pawn": (GOOD.replace("Alice", "Zoë").encode("latin-1"), "not UTF-8"),
}


def fill(folder: Path) -> None:
    folder.mkdir(parents=True)
    for number in range(1000 - len(BAD)):
        text = GOOD.replace("Alice", f"Player{number:03}")
        (folder / f"game-{number:03}.pawn").write_text(text, encoding="utf-8")
    for name, (data, _) in BAD.items():
        (folder / name).write_bytes(data)


@app_test
async def test_a_thousand_files_are_listed_with_each_bad_one_and_its_problem(
    data_dir: Path,
) -> None:
    fill(games_dir(data_dir))
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_library(pilot)
        await wait_for(lambda: screen.synced, what="the first sync")
        table = screen.query_one(DataTable)
        assert len(screen.shown) == 1000
        assert table.row_count < SIZE[1]  # a window of rows, not a thousand
        assert str(screen.query_one("#library-title", Static).render()).startswith(
            "Saved games · 1000 games"
        )
        names = [entry.name for entry in screen.shown]
        assert sorted(names[-len(BAD) :]) == sorted(BAD)
        assert sorted(names[: -len(BAD)]) == [f"game-{n:03}.pawn" for n in range(990)]
        await pilot.press("end")
        for row in range(999, 999 - len(BAD), -1):
            entry = screen.highlighted()
            assert entry is not None and entry.name == names[row]
            assert str(table.get_row_at(table.cursor_row)[-1]) == entry.name
            detail = str(screen.query_one("#library-detail", Static).render())
            assert detail == entry.problem
            assert detail.startswith(f"{entry.name} ")
            assert BAD[entry.name][1] in detail, entry.name
            await pilot.press("up")
        await pilot.press("slash", *"player12")
        assert len(screen.shown) == 10 == table.row_count  # Player120 ... Player129
        screen.query_one("#library-filter").value = "binary"
        await pilot.pause()
        assert [str(table.get_row_at(0)[-1])] == ["binary.pawn"] and table.row_count == 1
