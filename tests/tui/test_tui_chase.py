"""The Chase board screen played like a player: a placement, a claim, a sweep with a jump, a
pivot and a merge, each by keys and by clicks, with the rule's sentence for a wrong action."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tui_helpers import (
    SIZE,
    app_test,
    board_screen,
    click_square,
    cursor_to,
    line,
    make_app,
    play_by_keys,
    square_lines,
)

from core import GameRecord, find_game
from core.games.chase.state import ChaseState, stack_at
from core.squares import parse_square
from tui.screens.board import BoardScreen
from tui.screens.input_modes.chase import ChaseMode
from tui.widgets.board import BoardWidget
from tui.widgets.chase_panels import DebtPanel, TileStackPanel
from tui.widgets.key_footer import shown_keys
from tui.widgets.status_line import StatusLine

CHASE = find_game("chase")
#: South to move with 20 loose gold and 4 on e6; South's pawn on a star tile on e4, North's
#: 2 gold on f5 between it and South's diagonal tiles g6 and f7; North's pawn on c6. The next
#: tile is an orthogonal tee (T).
POSITION = (
    "mode:regular turn:S gold:20,20 deck:TXPSI board:e4=N.NE.E.SE.S.SW.W.NW@S,"
    "f5=NE.SW$2N,g6=NW.SE,f7=NW.SE,e6=N.E.S.W$4S,c6=N.S@N"
)
#: South holds stacks on e6 (4) and c4 (2) and may merge them.
MERGING = (
    "mode:regular turn:S gold:18,20 deck:TXPSI board:e4=N.NE.E.SE.S.SW.W.NW@S,"
    "e6=N.E.S.W$4S,c4=N.S$2S,c6=N.S@N"
)


def sq(name: str) -> int:
    return parse_square(name, 8, 8)


def chase_app(data_dir: Path, position: str = POSITION) -> Any:
    record = GameRecord(CHASE, {}, 1, ["Sam", "Nat"], position)
    return make_app(data_dir, record=record, games=[CHASE])


def chase_screen(app: Any) -> BoardScreen:
    screen = board_screen(app)
    assert isinstance(screen.mode, ChaseMode)
    return screen


def chase_mode(app: Any) -> ChaseMode:
    """The screen's input mode, Chase's."""
    mode = board_screen(app).mode
    assert isinstance(mode, ChaseMode)
    return mode


def state(app: Any) -> ChaseState:
    current = chase_screen(app).record.state
    assert isinstance(current, ChaseState)
    return current


def status(app: Any) -> str:
    return chase_screen(app).query_one("#status").message  # type: ignore[attr-defined, no-any-return]


def targets(app: Any) -> set[int]:
    return set(chase_screen(app).query_one(BoardWidget).targets)


# -- placing a tile ----------------------------------------------------------------------------


@app_test
async def test_place_by_keys_turning_the_tile(data_dir: Path) -> None:
    app = chase_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")
        assert sq("d3") in targets(app) and sq("e5") not in targets(app)
        await cursor_to(pilot, "d3")
        await pilot.press("enter")
        assert "tile on d3 showing ↑→↓" in status(app)
        await pilot.press("r")
        assert "showing →↓←" in status(app)
        await pilot.press("enter")
        await pilot.pause()
        assert line(chase_screen(app).record) == ["T:d3=E,S,W"]
        assert state(app).exits[sq("d3")] == 0b0101_0100  # E, S, W
        assert state(app).deck[0] != chase_screen(app).record.root.state.deck[0]


@app_test
async def test_place_by_clicks_turning_back(data_dir: Path) -> None:
    app = chase_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")
        await click_square(pilot, "d3")
        await pilot.press("R")
        await click_square(pilot, "d3")  # the chosen square again places the tile
        assert line(chase_screen(app).record) == ["T:d3=N,E,W"]


@app_test
async def test_place_on_a_dark_square_is_refused_with_the_rule(data_dir: Path) -> None:
    app = chase_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")
        await click_square(pilot, "e5")
        assert status(app).startswith("T:e5=N,E,S: ")
        assert chase_screen(app).record.state is chase_screen(app).record.root.state


# -- adding and claiming gold ------------------------------------------------------------------


@app_test
async def test_claim_by_keys_typing_the_amount(data_dir: Path) -> None:
    app = chase_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g")
        await cursor_to(pilot, "f5")
        await pilot.press("enter")
        assert status(app).startswith("3 gold on f5")  # a claim takes one more than the stack
        await pilot.press("5", "enter")
        await pilot.pause()
        assert line(chase_screen(app).record) == ["g5:f5"]
        assert stack_at(state(app), sq("f5")) == (7, 0)
        # 5 paid out; then North's pawn on South's tile c6 pays South 2 as North's turn begins
        assert state(app).loose == (17, 18)


@app_test
async def test_claim_by_clicks_with_plus_and_minus(data_dir: Path) -> None:
    app = chase_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g")
        await click_square(pilot, "f5")
        await pilot.press("plus", "plus", "minus")
        await click_square(pilot, "f5")
        assert line(chase_screen(app).record) == ["g4:f5"]
        assert stack_at(state(app), sq("f5")) == (6, 0)


@app_test
async def test_too_little_gold_for_a_claim_is_refused(data_dir: Path) -> None:
    app = chase_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g")
        await click_square(pilot, "f5")
        await pilot.press("2", "enter")
        assert status(app).startswith("g2:f5: ")
        assert not line(chase_screen(app).record)


# -- moving a pawn -----------------------------------------------------------------------------


@app_test
async def test_jump_then_sweep_by_keys(data_dir: Path) -> None:
    app = chase_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await cursor_to(pilot, "e4")
        await pilot.press("enter")
        assert targets(app) == {sq("e6"), sq("g6")}
        await play_by_keys(pilot, ("g6", "f7"))
        assert line(chase_screen(app).record) == ["e4-g6-f7"]
        assert state(app).pawns[0] == (sq("f7"),)
        debts = chase_screen(app).query_one(DebtPanel).sentences
        assert any("jumped over" in sentence and "f5" in sentence for sentence in debts)


@app_test
async def test_jump_by_clicks_ended_with_enter(data_dir: Path) -> None:
    app = chase_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await click_square(pilot, "e4")
        await click_square(pilot, "g6")
        assert targets(app) == {sq("f7")}  # the sweep may go on; Enter stops here
        await pilot.press("enter")
        await pilot.pause()
        assert line(chase_screen(app).record) == ["e4-g6"]


@app_test
async def test_a_walk_off_the_tiles_is_refused_with_the_rule(data_dir: Path) -> None:
    app = chase_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await click_square(pilot, "e4")
        await click_square(pilot, "h1")
        assert status(app).startswith("e4-h1: ")
        assert not line(chase_screen(app).record)


# -- pivoting ----------------------------------------------------------------------------------


@app_test
async def test_pivot_by_keys_pays_one_gold(data_dir: Path) -> None:
    app = chase_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        assert targets(app) == {sq("f5"), sq("c6"), sq("g6"), sq("f7")}
        await cursor_to(pilot, "g6")
        await pilot.press("enter")
        assert "Enter pays North 1 gold" in status(app)
        await pilot.press("enter")
        await pilot.pause()
        assert line(chase_screen(app).record) == ["p:g6=NE,SW"]
        # South pays North 1; then North's pawn on South's tile c6 pays South 2
        assert state(app).loose == (21, 19)
        debts = chase_screen(app).query_one(DebtPanel).sentences
        assert any("pivoted the tile on g6" in sentence for sentence in debts)


@app_test
async def test_pivot_by_clicks(data_dir: Path) -> None:
    app = chase_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        await click_square(pilot, "c6")
        await pilot.press("r")
        await click_square(pilot, "c6")
        assert line(chase_screen(app).record) == ["p:c6=E,W"]


@app_test
async def test_pivot_of_a_bare_square_is_refused(data_dir: Path) -> None:
    app = chase_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        await click_square(pilot, "a1")
        assert status(app).startswith("p:a1")
        assert not line(chase_screen(app).record)


# -- merging -----------------------------------------------------------------------------------


@app_test
async def test_merge_by_clicks(data_dir: Path) -> None:
    app = chase_app(data_dir, MERGING)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("x")
        assert targets(app) == {sq("e6"), sq("c4")}
        await click_square(pilot, "c4")
        await click_square(pilot, "e6")
        await click_square(pilot, "e6")  # the last stack again: now where they go
        assert sq("e6") in targets(app)
        await click_square(pilot, "e6")
        assert line(chase_screen(app).record) == ["m:c4+e6>e6"]
        assert stack_at(state(app), sq("e6")) == (6, 0)


# -- the rest of the board screen keeps working ------------------------------------------------


@app_test
async def test_undo_and_typed_moves(data_dir: Path) -> None:
    app = chase_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("colon", *"g3:f5", "enter")
        await pilot.pause()
        assert line(chase_screen(app).record) == ["g3:f5"]
        await pilot.press("u")
        await pilot.pause()
        assert not line(chase_screen(app).record)
        await pilot.press("ctrl+y")
        await pilot.pause()
        assert line(chase_screen(app).record) == ["g3:f5"]


@app_test
async def test_escape_leaves_an_action(data_dir: Path) -> None:
    app = chase_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")
        await click_square(pilot, "d3")
        await pilot.press("escape", "escape")
        assert chase_mode(app).action == ""
        await click_square(pilot, "e4")  # squares select pawns again
        assert chase_screen(app).selection == (sq("e4"),)


@app_test
async def test_panels_show_the_stack_and_the_gold(data_dir: Path) -> None:
    app = chase_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        stack = chase_screen(app).query_one(TileStackPanel)
        assert [kind.letter for kind in stack.tiles] == list("TXPSI")
        # Each tile's name is whole, in short words where the panel is too narrow for it.
        assert stack.render().plain.splitlines() == [  # type: ignore[union-attr]
            "1 T ↑→↓      orth. tee",
            "2 X ↗↘↙↖     diag. cross",
            "3 P ↑→↓←     orth. cross",
            "4 S ↑↗→↘↓↙←↖ star",
            "5 I ↑↓       orth. line",
        ]
        south = chase_screen(app).query_one("#panel-0")
        assert south.info.lines == ("gold 20 + 4 on board",)  # type: ignore[attr-defined]
        north = chase_screen(app).query_one("#panel-1")
        assert north.info.lines == ("gold 20 + 2 on board", "c6 pawn: 2 a turn")  # type: ignore[attr-defined]


@app_test
async def test_merge_with_a_single_stack_is_refused(data_dir: Path) -> None:
    app = chase_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("x")
        assert status(app) == "merging takes two or more of your stacks on the board"
        assert chase_mode(app).action == ""


@app_test
async def test_gold_mode_has_no_placement(data_dir: Path) -> None:
    app = chase_app(data_dir, "mode:gold turn:S gold:20,20 deck:- board:e4$4S@S,c6$4N@N")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")
        assert status(app) == "Gold mode is played without tiles"


TILES_ONLY = "mode:tiles turn:S gold:0,0 deck:TXPSI board:e4=N.NE.E.SE.S.SW.W.NW@S,c6=N.S@N"
GOLD_ONLY = "mode:gold turn:S gold:20,20 deck:- board:e4$4S@S,c6$4N@N"


def footer_keys(app: Any) -> list[str]:
    """The keys the footer shows."""
    return [key for key, *_ in shown_keys(chase_screen(app))[1]]


@app_test
async def test_tiles_mode_offers_only_tiles_and_pivots(data_dir: Path) -> None:
    app = chase_app(data_dir, TILES_ONLY)
    async with app.run_test(size=(160, 40)) as pilot:
        await pilot.pause()
        keys = footer_keys(app)
        assert "t" in keys and "p" in keys and "g" not in keys and "x" not in keys
        prompt = status(app)
        assert prompt.endswith("or t place a tile, p pivot a tile"), prompt
        await pilot.press("g")
        assert status(app) == "Tiles mode is played without gold"
        await pilot.press("x")
        assert status(app) == "Tiles mode is played without gold"
        assert chase_mode(app).action == ""
        await pilot.press("t")
        assert chase_mode(app).action == "place"


@app_test
async def test_gold_mode_offers_only_gold_and_merges(data_dir: Path) -> None:
    app = chase_app(data_dir, GOLD_ONLY)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        keys = footer_keys(app)
        assert "g" in keys and "x" in keys and "t" not in keys and "p" not in keys
        line = chase_screen(app).query_one(StatusLine).render().plain
        assert line.startswith("a pawn, then its path; g gold, x merge "), line
        await pilot.press("p")
        assert status(app) == "Gold mode is played without tiles"
        assert chase_mode(app).action == ""


# -- drawing -----------------------------------------------------------------------------------


@app_test
async def test_squares_show_one_arrow_per_exit_at_80x24(data_dir: Path) -> None:
    app = chase_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = chase_screen(app)
        # Each square's arrows on the lines above and below its text (shared with the ranks
        # above and below it, whose squares here have no tiles).
        assert square_lines(screen, "e4") == ["↖ ↑ ↗ ", "← P → ", " ↙ ↓ ↘"]
        assert square_lines(screen, "f5") == ["    ↗ ", "  g2  ", " ↙    "]
        assert square_lines(screen, "e6") == ["  ↑   ", "← G4→ ", "   ↓  "]
        assert square_lines(screen, "a1") == ["      ", "      ", "      "]


@app_test
async def test_squares_show_a_compass_at_120x40(data_dir: Path) -> None:
    app = chase_app(data_dir)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = chase_screen(app)
        assert square_lines(screen, "e4") == [" ↖ ↑ ↗ ", " ← P → ", " ↙ ↓ ↘ "]
        assert square_lines(screen, "g6") == [" ↖     ", "   T   ", "     ↘ "]


@app_test
async def test_the_prompt_leaves_room_for_whose_turn_it_is(data_dir: Path) -> None:
    app = chase_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:  # 80x24: the short prompt
        await pilot.pause()
        line = chase_screen(app).query_one(StatusLine).render().plain
        assert line.startswith("a pawn, then its path; t tile, g gold, x merge, p pivot")
        assert line.endswith("Sam (South) to move")
    app = chase_app(data_dir)
    async with app.run_test(size=(160, 40)) as pilot:  # room for the whole sentence
        await pilot.pause()
        line = chase_screen(app).query_one(StatusLine).render().plain
        assert line.startswith("select a pawn, then its path (Enter ends); or t place a tile,")
        assert line.endswith("Sam (South) to move")
