"""The placement screen, played like a player: MAC's standard mode and Macadam's free placement.

Pieces are chosen by key or by clicking the hand, placed with the cursor or a click; wrong
squares are refused with the rules' reason; undo takes a placement back; auto-place finishes
the phase; the last placement moves on to the battle screen and an undo brings the placement
screen back; a game saved or autosaved while placing comes back to the placement screen.
"""

from __future__ import annotations

import random
from pathlib import Path

from tui_helpers import (
    SIZE,
    app_test,
    board_screen,
    click_square,
    click_tray,
    cursor_to,
    line,
    make_app,
    play_by_keys,
    square,
)

from core import GameRecord, find_game
from core.errors import IllegalMoveError
from core.squares import square_name
from saves.format import load
from saves.paths import games_dir
from tui.screens.board import BoardScreen
from tui.screens.help import HelpScreen
from tui.screens.input_modes.moves import MovesMode
from tui.screens.input_modes.placement import PlacementMode, random_placements
from tui.screens.resume import ResumeScreen
from tui.widgets.board import BoardWidget
from tui.widgets.tray import TrayWidget

MAC = find_game("mac")
MACADAM = find_game("macadam")
#: With this seed Red (seat 0) places first.
SEED = 1
FULL_HAND = {str(n): 1 for n in range(2, 10)} | {"0": 2, "1": 4, "t": 1, "p": 1}


def mac_record() -> GameRecord:
    record = GameRecord(MAC, {}, SEED, ["Rae", "Bo"])
    assert MAC.to_move(record.state) == 0
    return record


def macadam_record() -> GameRecord:
    return GameRecord(MACADAM, {"start": "free"}, SEED, ["Sue", "Ned"])


def placement_screen(screen: BoardScreen) -> BoardScreen:
    assert isinstance(screen.mode, PlacementMode), f"expected placement, got {screen.mode!r}"
    return screen


def hand(screen: BoardScreen) -> dict[str, int]:
    """The tray as shown: key and count of every item."""
    return {item.key: item.count for item in screen.query_one("#tray", TrayWidget).items}


def status(screen: BoardScreen) -> tuple[str, bool]:
    widget = screen.query_one("#status")
    return widget.message, widget.is_error


def without(hand_items: dict[str, int], *keys: str) -> dict[str, int]:
    return {key: count for key, count in hand_items.items() if key not in keys}


def refusal(record: GameRecord, text: str) -> str:
    """What the rules say about the placement ``text`` (which they refuse)."""
    try:
        record.game.parse_move(record.state, text)
    except IllegalMoveError as error:
        return str(error)
    raise AssertionError(f"{text} should be refused")


def name(index: int) -> str:
    return square_name(index, 4)


@app_test
async def test_pieces_are_chosen_and_placed_by_keys(data_dir: Path) -> None:
    app = make_app(data_dir, record=mac_record())
    async with app.run_test(size=SIZE) as pilot:
        screen = placement_screen(board_screen(app))
        assert hand(screen) == FULL_HAND
        await pilot.press("3")
        assert screen.query_one("#tray", TrayWidget).chosen == "3"
        assert status(screen) == (
            "placing 3: select a highlighted square (Esc chooses again)",
            False,
        )
        assert screen.query_one(BoardWidget).targets == set(range(16))  # Red's half, all empty
        await cursor_to(pilot, "b2")
        await pilot.press("enter")
        assert line(screen.record) == ["3@b2"]
        assert hand(screen) == FULL_HAND  # now Blue's hand, still full
        assert screen.query_one(BoardWidget).targets == set(range(16, 32))
        await pilot.press("p")
        await cursor_to(pilot, "c6")
        await pilot.press("enter")
        await pilot.press("t")
        await cursor_to(pilot, "d4")
        await pilot.press("space")
        assert line(screen.record) == ["3@b2", "p@c6", "10@d4"]
        assert hand(screen) == without(FULL_HAND, "p")  # Blue's hand: the portal is down
        await pilot.press("0")
        await cursor_to(pilot, "a5")
        await pilot.press("enter")
        assert line(screen.record)[-1] == "0@a5"


@app_test
async def test_pieces_are_chosen_and_placed_by_clicks(data_dir: Path) -> None:
    app = make_app(data_dir, record=mac_record())
    async with app.run_test(size=SIZE) as pilot:
        screen = placement_screen(board_screen(app))
        await click_tray(pilot, "tray", "0")
        await click_square(pilot, "a1")
        await click_tray(pilot, "tray", "1")
        await click_square(pilot, "a8")
        await click_tray(pilot, "tray", "0")
        await click_square(pilot, "d1")
        assert line(screen.record) == ["0@a1", "1@a8", "0@d1"]
        assert hand(screen)["1"] == 3  # Blue placed one of its four 1s
        red = MAC.panel_lines(screen.record.state, 0)
        assert "to place: 13 pieces and the portal" in red


@app_test
async def test_choosing_again_puts_the_piece_back_and_a_square_needs_a_choice(
    data_dir: Path,
) -> None:
    app = make_app(data_dir, record=mac_record())
    async with app.run_test(size=SIZE) as pilot:
        screen = placement_screen(board_screen(app))
        await pilot.press("5", "5")
        assert screen.query_one("#tray", TrayWidget).chosen is None
        await click_square(pilot, "c3")
        message, error = status(screen)
        assert error and message == "choose a piece first (0-9, t, p or click it in the hand)"
        await pilot.press("5", "escape")
        assert screen.query_one("#tray", TrayWidget).chosen is None
        await click_square(pilot, "c3")
        assert line(screen.record) == []


@app_test
async def test_a_wrong_square_is_refused_with_the_rules_reason(data_dir: Path) -> None:
    app = make_app(data_dir, record=mac_record())
    async with app.run_test(size=SIZE) as pilot:
        screen = placement_screen(board_screen(app))
        await pilot.press("7")
        await click_square(pilot, "b6")
        assert status(screen) == (refusal(screen.record, "7@b6"), True)
        await click_square(pilot, "b3")
        await pilot.press("7")
        await click_square(pilot, "b3")  # Blue on Red's half, and taken too
        assert status(screen) == (refusal(screen.record, "7@b3"), True)
        assert line(screen.record) == ["7@b3"]


@app_test
async def test_undo_takes_a_placement_back(data_dir: Path) -> None:
    app = make_app(data_dir, record=mac_record())
    async with app.run_test(size=SIZE) as pilot:
        screen = placement_screen(board_screen(app))
        await pilot.press("9")
        await click_square(pilot, "a2")
        await pilot.press("9")
        await click_square(pilot, "a7")
        assert "9" not in hand(screen)
        await pilot.press("u")
        assert line(screen.record) == ["9@a2"]
        assert hand(screen) == FULL_HAND  # Blue's 9 is back in hand
        assert (
            MAC.board_view(screen.record.state).cells[square(MAC, screen.record, "a7")].text == ""
        )
        await pilot.press("u")
        assert line(screen.record) == []
        assert MAC.to_move(screen.record.state) == 0
        await pilot.press("u")
        assert status(screen) == ("nothing to undo: this is the start", True)


@app_test
async def test_auto_place_fills_both_halves_and_the_battle_begins(data_dir: Path) -> None:
    app = make_app(data_dir, record=mac_record())
    async with app.run_test(size=SIZE) as pilot:
        placing = placement_screen(board_screen(app))
        await pilot.press("4")
        await click_square(pilot, "c2")
        await pilot.press("a")
        await pilot.pause()
        screen = board_screen(app)
        assert type(screen.mode) is MovesMode and screen.record is placing.record
        record = screen.record
        notations = line(record)
        assert len(notations) == 32 and notations[0] == "4@c2"
        assert MAC.phase(record.state) == "play"
        cells = MAC.board_view(record.state).cells
        texts = sorted(cell.text for cell in cells)
        army = ["0", "0", "1", "1", "1", "1", *map(str, range(2, 11))]
        assert texts == ["()", "()", *sorted(f"B{n}" for n in army), *sorted(f"R{n}" for n in army)]
        assert all(cells[n].text in ("()",) or cells[n].text[0] == "R" for n in range(16))
        assert MAC.to_move(record.state) == 0  # the first placer moves first


@app_test
async def test_auto_place_is_repeatable_for_the_same_game(data_dir: Path, tmp_path: Path) -> None:
    layouts = []
    for seed, folder in ((SEED, "one"), (SEED, "two"), (SEED + 1, "three")):
        record = GameRecord(MAC, {}, seed, ["Rae", "Bo"])
        (tmp_path / folder).mkdir()
        app = make_app(tmp_path / folder, record=record)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("a")
            await pilot.pause()
            layouts.append(line(board_screen(app).record))
    assert layouts[0] == layouts[1]
    assert layouts[0] != layouts[2]


@app_test
async def test_the_battle_is_played_by_keys_and_clicks_and_undo_returns_to_placement(
    data_dir: Path,
) -> None:
    app = make_app(data_dir, record=mac_record())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a")
        await pilot.pause()
        screen = board_screen(app)
        record = screen.record
        for by_keys in (True, False):
            state = record.state
            move = next(m for m in MAC.legal_moves(state) if len(MAC.move_path(state, m)) == 2)
            names = [name(index) for index in MAC.move_path(state, move)]
            if by_keys:
                await play_by_keys(pilot, tuple(names))
            else:
                for each in names:
                    await click_square(pilot, each)
            assert line(record)[-1] == MAC.format_move(state, move)
        assert len(line(record)) == 34
        await pilot.press("u", "u")
        await pilot.pause()
        assert len(line(record)) == 32
        assert type(board_screen(app).mode) is MovesMode
        await pilot.press("u")
        await pilot.pause()
        placing = placement_screen(board_screen(app))
        assert len(line(record)) == 31 and placing.record is record
        assert sum(hand(placing).values()) == 1
        await pilot.press("ctrl+y")
        await pilot.pause()
        assert type(board_screen(app).mode) is MovesMode
        assert len(line(record)) == 32


@app_test
async def test_macadam_pawns_are_placed_by_click_and_key_without_choosing(data_dir: Path) -> None:
    app = make_app(data_dir, record=macadam_record(), games=[MACADAM])
    async with app.run_test(size=SIZE) as pilot:
        screen = placement_screen(board_screen(app))
        assert hand(screen) == {"p": 8}
        assert screen.query_one("#tray", TrayWidget).chosen == "p"
        assert status(screen) == ("select a highlighted square to place a pawn", False)
        targets = screen.query_one(BoardWidget).targets
        assert len(targets) == 30 and square(MACADAM, screen.record, "d1") not in targets
        await click_square(pilot, "c2")
        assert screen.cursor == square(MACADAM, screen.record, "c5")  # nearest North square
        await cursor_to(pilot, "f6")
        await pilot.press("enter")
        await click_square(pilot, "e1")
        assert status(screen) == (refusal(screen.record, "@e1"), True)
        await click_square(pilot, "e2")
        assert line(screen.record) == ["@c2", "@f6", "@e2"]
        assert hand(screen) == {"p": 7}


@app_test
async def test_macadam_auto_place_then_battle(data_dir: Path) -> None:
    app = make_app(data_dir, record=macadam_record(), games=[MACADAM])
    async with app.run_test(size=SIZE) as pilot:
        await click_square(pilot, "a4")
        await pilot.press("a")
        await pilot.pause()
        screen = board_screen(app)
        assert type(screen.mode) is MovesMode
        record = screen.record
        assert len(line(record)) == 16 and line(record)[0] == "@a4"
        assert MACADAM.phase(record.state) == "play"
        assert not screen.query("#tray")


@app_test
async def test_a_game_autosaved_while_placing_resumes_on_the_placement_screen(
    data_dir: Path,
) -> None:
    app = make_app(data_dir, record=mac_record())
    async with app.run_test(size=SIZE) as pilot:
        for key, where in (("2", "a1"), ("2", "a5"), ("8", "b1")):
            await pilot.press(key)
            await click_square(pilot, where)
    resumed = make_app(data_dir)
    async with resumed.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(resumed.screen, ResumeScreen)
        await pilot.press("y")
        await pilot.pause()
        screen = placement_screen(board_screen(resumed))
        assert line(screen.record) == ["2@a1", "2@a5", "8@b1"]
        assert hand(screen) == without(FULL_HAND, "2")  # Blue's
        await pilot.press("8")
        await click_square(pilot, "b5")
        assert line(screen.record) == ["2@a1", "2@a5", "8@b1", "8@b5"]


@app_test
async def test_a_game_saved_while_placing_loads_on_the_placement_screen(data_dir: Path) -> None:
    app = make_app(data_dir, record=macadam_record(), games=[MACADAM])
    async with app.run_test(size=SIZE) as pilot:
        for where in ("a1", "a8", "b1"):
            await click_square(pilot, where)
        await pilot.press("ctrl+s")
        await pilot.press(*"placing", "enter")
        await pilot.pause()
    saved = load(games_dir(data_dir) / "placing.pawn")
    assert line(saved) == ["@a1", "@a8", "@b1"]
    app = make_app(data_dir, record=saved, games=[MACADAM])
    async with app.run_test(size=SIZE) as pilot:
        screen = placement_screen(board_screen(app))
        assert hand(screen) == {"p": 7}
        await click_square(pilot, "b8")
        assert line(screen.record) == ["@a1", "@a8", "@b1", "@b8"]


@app_test
async def test_the_battle_screen_waits_until_a_dialog_over_the_placement_closes(
    data_dir: Path,
) -> None:
    record = mac_record()
    moves = random_placements(MAC, record.state, random.Random(3))
    for move in moves[:-1]:
        record.play(move, main=True)
    app = make_app(data_dir, record=record)
    async with app.run_test(size=SIZE) as pilot:
        placing = placement_screen(board_screen(app))
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        placing.play(moves[-1])  # as a computer seat would, with the help open
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert type(board_screen(app).mode) is MovesMode
        assert MAC.phase(board_screen(app).record.state) == "play"
