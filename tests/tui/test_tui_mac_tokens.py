"""MAC's power tokens on the board screen: each token by its key or its chip, its squares, then
the move; stepping back out of a token; the notation in the record; the hands kept secret at a
hot seat by the handover screen."""

from __future__ import annotations

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
    square_lines,
)

from core import GameRecord, find_game
from core.squares import parse_square
from tui.screens.board import BoardScreen
from tui.screens.handover import HandoverScreen
from tui.screens.input_modes.tokens import TARGET_PROMPTS, TokenMode
from tui.widgets.board import BoardWidget
from tui.widgets.player_panel import PlayerPanel
from tui.widgets.tray import TrayWidget

MAC = find_game("mac")
#: Red (seat 0) to move holding +1, Double Step and Push: R3 a1, R5 b2, R0 d1; Blue B2 a4,
#: B4 b3, B10 d8; portals c1 and b7.
TOKENS = "light+tokens ...B10/.@../..../..../B2.../.B4../.R5../R3.@R0 0 RB - +dp/- - -/- 0 -"
#: Red's cannon on a1 is walled in by B5 and B6: only a Push frees it.
FORCED = "light+tokens ..@./..../..../..../..../..@./B5.../R0B6.. 0 RB - p/- - -/- 0 -"
#: Dark Chess, Red holding Peek: face-down pieces on a8, b8 and c1, Red's 2 face up on a1.
PEEKING = "dark+tokens r5b3../..../..../@.../...@/..../..../R2.b7. 0 RB - k/- - -/- 0 -"
#: Red holds +1, but every Red piece has one already.
BOOSTED = "light+tokens ...B10/.@../..../..../B2.../.B4../.R5+../R3+.@R0+ 0 RB - +/- - -/- 0 -"
#: Both hold tokens: Red +1 and Push, Blue +1.
SECRETS = "light+tokens ...B10/.@../..../..../B2.../.B4../.R5../R3.@R0 0 RB - +p/+ - -/- 0 -"


B2, A3, B3 = 5, 8, 9
YOUR_MOVE = "now your move: select a piece (Esc takes the token back)"


def record(position: str) -> GameRecord:
    return GameRecord(MAC, {"tokens": "on"}, 1, ["Rae", "Bo"], position)


def squares(*names: str) -> set[int]:
    return {parse_square(name, 4, 8) for name in names}


def token_screen(app: object) -> BoardScreen:
    screen = board_screen(app)  # type: ignore[arg-type]
    assert isinstance(screen.mode, TokenMode)
    return screen


def tokens(screen: BoardScreen) -> TokenMode:
    """The power tokens' input mode the screen is in."""
    assert isinstance(screen.mode, TokenMode)
    return screen.mode


def targets(screen: BoardScreen) -> set[int]:
    return set(screen.query_one(BoardWidget).targets)


def status(screen: BoardScreen) -> str:
    return screen.query_one("#status").message


async def pass_handover(pilot: object, app: object) -> None:
    assert isinstance(app.screen, HandoverScreen)  # type: ignore[attr-defined]
    await pilot.press("enter")  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]


@app_test
async def test_plus_one_by_keys_then_the_move(data_dir: Path) -> None:
    app = make_app(data_dir, record=record(TOKENS))
    async with app.run_test(size=SIZE) as pilot:
        screen = token_screen(app)
        tray = screen.query_one("#tokens", TrayWidget)
        assert [(item.key, item.label) for item in tray.items] == [
            ("+", "+1"),
            ("d", "Double Step"),
            ("p", "Push"),
        ]
        assert status(screen) == "you may play a token first: + (+1), d (Double Step), p (Push)"
        await pilot.press("plus")
        assert tray.chosen == "+"
        assert status(screen) == TARGET_PROMPTS["+"]
        assert targets(screen) == squares("a1", "b2", "d1")
        await cursor_to(pilot, "b2")
        await pilot.press("enter")
        assert status(screen) == f"+1 on b2; {YOUR_MOVE}"
        assert screen.query_one(BoardWidget).selected == (B2,)  # the +1's piece
        await play_by_keys(pilot, ("b2", "b3"))
        assert line(screen.record) == ["+1:b2;b2xb3"]
        await pass_handover(pilot, app)


@app_test
async def test_push_by_clicks_then_the_move(data_dir: Path) -> None:
    app = make_app(data_dir, record=record(TOKENS))
    async with app.run_test(size=SIZE) as pilot:
        screen = token_screen(app)
        await click_tray(pilot, "tokens", "p")
        assert status(screen) == TARGET_PROMPTS["p"]
        assert targets(screen) == squares("a4", "b3", "d8")
        await click_square(pilot, "b3")
        assert targets(screen) == squares("a3", "b4", "c3")
        await click_square(pilot, "c3")
        assert status(screen).startswith("Push b3-c3; now your move")
        await click_square(pilot, "b2")
        await click_square(pilot, "b3")
        assert line(screen.record) == ["push:b3-c3;b2-b3"]


@app_test
async def test_double_step_by_keys(data_dir: Path) -> None:
    app = make_app(data_dir, record=record(TOKENS))
    async with app.run_test(size=SIZE) as pilot:
        screen = token_screen(app)
        await pilot.press("d")
        assert status(screen) == "Double Step: select the piece, then each of its two steps"
        await cursor_to(pilot, "b2")
        await pilot.press("enter")
        await cursor_to(pilot, "c2")
        await pilot.press("enter")
        assert targets(screen) == squares("c1", "c3", "d2")
        await cursor_to(pilot, "d2")
        await pilot.press("enter")
        assert line(screen.record) == ["ds:b2-c2-d2"]


@app_test
async def test_stepping_back_out_of_a_token(data_dir: Path) -> None:
    app = make_app(data_dir, record=record(TOKENS))
    async with app.run_test(size=SIZE) as pilot:
        screen = token_screen(app)
        await pilot.press("p")
        await click_square(pilot, "b3")
        await click_square(pilot, "a3")
        assert tokens(screen).token_path == (B3, A3)
        await pilot.press("backspace")  # back into the push, its piece still selected
        assert (tokens(screen).token, tokens(screen).token_path, screen.selection) == (
            "p",
            None,
            (B3,),
        )
        await pilot.press("escape")
        assert (tokens(screen).token, screen.selection) == ("p", ())
        assert status(screen) == TARGET_PROMPTS["p"]
        await pilot.press("escape")
        assert tokens(screen).token is None
        assert status(screen).startswith("you may play a token first")
        await pilot.press("plus", "plus")
        assert tokens(screen).token is None
        await pilot.press("plus", "p")  # another token replaces the first
        assert tokens(screen).token == "p"
        await click_square(pilot, "b2")  # not an enemy piece: the rule is said
        assert status(screen) == (
            "Push moves a face-up enemy piece one step onto an empty square or into a portal: "
            "select a highlighted square"
        )
        assert line(screen.record) == []


@app_test
async def test_a_token_not_held_is_refused(data_dir: Path) -> None:
    app = make_app(data_dir, record=record(FORCED))
    async with app.run_test(size=SIZE) as pilot:
        screen = token_screen(app)
        await pilot.press("d")
        assert status(screen) == "you hold no Double Step token"
        assert screen.query_one("#status").is_error
        await pilot.press("e")
        assert status(screen) == "you hold no Peek token"


@app_test
async def test_a_token_that_no_turn_can_follow_is_refused(data_dir: Path) -> None:
    app = make_app(data_dir, record=record(BOOSTED))
    async with app.run_test(size=SIZE) as pilot:
        screen = token_screen(app)
        assert screen.query_one("#tokens", TrayWidget).items == ()
        await pilot.press("plus")
        assert status(screen) == "+1 cannot be played now: no legal turn begins with it"
        assert tokens(screen).token is None


@app_test
async def test_when_only_a_token_frees_a_move_the_player_is_told(data_dir: Path) -> None:
    app = make_app(data_dir, record=record(FORCED))
    async with app.run_test(size=SIZE) as pilot:
        screen = token_screen(app)
        assert status(screen) == "no move without a token: play one first: p (Push)"
        await click_square(pilot, "a1")
        assert screen.query_one("#status").is_error
        await pilot.press("p")
        await click_square(pilot, "b1")
        await click_square(pilot, "c1")
        await click_square(pilot, "a1")
        await click_square(pilot, "b1")
        assert line(screen.record) == ["push:b1-c1;a1-b1"]


@app_test
async def test_peek_at_one_piece_then_flip_another(data_dir: Path) -> None:
    app = make_app(data_dir, record=record(PEEKING))
    async with app.run_test(size=SIZE) as pilot:
        screen = token_screen(app)
        await pilot.press("e")
        assert status(screen) == TARGET_PROMPTS["k"]
        assert targets(screen) == squares("a8", "b8", "c1")
        await cursor_to(pilot, "a8")
        await pilot.press("enter")
        assert status(screen) == "a8: Enter to stop here, or select the next square"
        await pilot.press("enter")
        assert status(screen).startswith("Peek at a8; now your move")
        await cursor_to(pilot, "b8")
        await pilot.press("enter")
        assert line(screen.record) == ["peek:a8;flip:b8"]
        await pass_handover(pilot, app)
        red = screen.query_one("#panel-0", PlayerPanel).info
        assert red is not None and "peeked: a8" in red.lines  # Blue learns where, not what


def drawn(screen: BoardScreen, name: str) -> str:
    """The text drawn on square ``name``, without what is drawn around it."""
    return "".join(square_lines(screen, name)).strip(" []()<>▒░·.")


@app_test
async def test_the_pieces_peeked_at_show_before_the_turn_s_action(data_dir: Path) -> None:
    app = make_app(data_dir, record=record(PEEKING))
    async with app.run_test(size=SIZE) as pilot:
        screen = token_screen(app)
        assert [drawn(screen, name) for name in ("a8", "b8", "c1")] == ["?", "?", "?"]
        await pilot.press("e")
        await click_square(pilot, "a8")
        await click_square(pilot, "c1")
        assert status(screen).startswith("Peek at c1 and a8; now your move")
        assert [drawn(screen, name) for name in ("a8", "b8", "c1")] == ["r5", "?", "b7"]
        red = screen.query_one("#panel-0", PlayerPanel).info
        assert red is not None and "peeked: c1 B7, a8 R5" in red.lines
        await pilot.press("escape")  # back into the Peek's squares: the pieces hide again
        assert [drawn(screen, name) for name in ("a8", "c1")] == ["?", "?"]
        await pilot.press("escape")
        assert (tokens(screen).token, screen.selection) == ("k", ())
        await click_square(pilot, "c1")
        await pilot.press("enter")
        assert [drawn(screen, name) for name in ("a8", "c1")] == ["?", "b7"]
        await click_square(pilot, "a1")
        await click_square(pilot, "a2")
        assert line(screen.record) == ["peek:c1;a1-a2"]
        await pass_handover(pilot, app)  # Blue's turn: the piece Red peeked at is hidden
        assert drawn(screen, "c1") == "?"


@app_test
async def test_peek_at_two_pieces_in_any_order(data_dir: Path) -> None:
    app = make_app(data_dir, record=record(PEEKING))
    async with app.run_test(size=SIZE) as pilot:
        screen = token_screen(app)
        await click_tray(pilot, "tokens", "e")
        for name in ("a8", "c1", "a1", "a2"):
            await click_square(pilot, name)
        assert line(screen.record) == ["peek:c1,a8;a1-a2"]


@app_test
async def test_the_handover_hides_the_hands_and_each_sees_only_their_own(data_dir: Path) -> None:
    app = make_app(data_dir, record=record(SECRETS))
    async with app.run_test(size=SIZE) as pilot:
        screen = token_screen(app)
        red = screen.query_one("#panel-0", PlayerPanel)
        blue = screen.query_one("#panel-1", PlayerPanel)
        assert "hand: +1, Push" in red.info.lines and "hand: 1 token" in blue.info.lines
        await play_by_keys(pilot, ("a1", "a2"))
        assert isinstance(app.screen, HandoverScreen)
        assert app.screen.player == "Bo (Blue)"
        picture = app.export_screenshot()
        assert "hand" not in picture and "Push" not in picture and "B10" not in picture
        await pass_handover(pilot, app)
        assert "hand: 2 tokens" in red.info.lines and "hand: +1" in blue.info.lines
        tray = screen.query_one("#tokens", TrayWidget)
        assert [item.key for item in tray.items] == ["+"]
