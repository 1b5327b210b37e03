"""Playing against the computer on the board screen: it moves by itself in a separate process
while the app keeps answering keys; move now, undo to your own move, hints, computers only."""

from __future__ import annotations

from pathlib import Path

from computer_helpers import against_computers, computer_workers_over, thinking, wait_until
from hop_game import HOP
from tui_helpers import (
    MARTIAN,
    SIZE,
    app_test,
    board_screen,
    click_square,
    cursor_to,
    line,
    make_app,
    play_by_keys,
    square,
)

from core import find_game
from core.record import GameRecord
from saves.format import load
from saves.paths import autosave_file
from tui.play.seat_types import computer_type, tag_name
from tui.screens.game_over import GameOverScreen
from tui.screens.handover import HandoverScreen
from tui.screens.help import HelpScreen
from tui.widgets.board import BoardWidget
from tui.widgets.player_panel import PlayerPanel
from tui.widgets.status_line import StatusLine

#: South's drone on a3 can take North's queen on a5: the move any sensible search finds.
FREE_QUEEN = "3p/4/4/q3/4/d3/4/2pp 1 0/0 - -"
#: A few pawns each: two computers finish this in a handful of moves.
ENDGAME = "4/4/1p2/p3/3p/2p1/4/4 1 0/0 - o"


def status(app: object) -> StatusLine:
    return board_screen(app).query_one(StatusLine)  # type: ignore[arg-type]


@app_test
async def test_the_app_answers_keys_and_opens_help_while_the_computer_thinks(
    data_dir: Path,
) -> None:
    app = make_app(data_dir, record=against_computers({1: "hard"}))
    async with app.run_test(size=SIZE) as pilot:
        screen = board_screen(app)
        await play_by_keys(pilot, ("c3", "d4"))
        assert line(screen.record) == ["c3-d4"]
        assert thinking(pilot) == "North is thinking"
        assert status(app).message == "Bob (North) is thinking: m or Esc makes it move now"
        # The Hard level thinks for about five seconds; meanwhile every key is answered.
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        described = {description for _, description in app.screen.rows}
        assert {"Computer: move now", "Hint", "Undo"} <= described
        await pilot.press("escape")
        assert app.screen is screen
        await cursor_to(pilot, "b2")
        assert screen.computers.busy is not None, "the computer answered before the keys did"
        assert line(screen.record) == ["c3-d4"]
        await pilot.press("m")
        await wait_until(pilot, lambda: len(line(screen.record)) == 2, "the computer's move")
        assert screen.computers.last_result is not None
        assert screen.computers.last_result.stopped
        assert thinking(pilot) == ""
        reply = screen.record.current
        assert MARTIAN.to_move(reply.parent.state) == 1
        assert reply.move in MARTIAN.legal_moves(reply.parent.state)
        assert screen.cursor == square(MARTIAN, screen.record, "b2")  # left where it was
        saved = load(autosave_file(data_dir))
        assert line(saved) == line(screen.record)


@app_test
async def test_escape_tells_the_computer_to_move_now(data_dir: Path) -> None:
    app = make_app(data_dir, record=against_computers({1: "hard"}))
    async with app.run_test(size=SIZE) as pilot:
        screen = board_screen(app)
        await play_by_keys(pilot, ("c3", "d4"))
        assert screen.computers.busy is not None
        await pilot.press("escape")
        await wait_until(pilot, lambda: len(line(screen.record)) == 2, "the computer's move")
        result = screen.computers.last_result
        assert result is not None and result.stopped, "the search was not cut short"


@app_test
async def test_move_now_with_no_computer_thinking_says_so(data_dir: Path) -> None:
    app = make_app(data_dir, record=against_computers({1: "easy"}))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("m")
        assert status(app).message == "no computer is thinking now"
        assert status(app).is_error


@app_test
async def test_the_player_cannot_move_for_the_computer(data_dir: Path) -> None:
    app = make_app(data_dir, record=against_computers({1: "hard"}))
    async with app.run_test(size=SIZE) as pilot:
        screen = board_screen(app)
        await play_by_keys(pilot, ("c3", "d4"))
        await click_square(pilot, "b6")  # a North pawn
        assert status(app).message == "it is Bob (North)'s turn: m or Esc makes it move now"
        assert screen.selection == ()
        await pilot.press("colon", *"b6-a5", "enter")
        assert status(app).is_error
        assert line(screen.record) == ["c3-d4"]
        await pilot.press("escape", "escape")  # close the move line, then hurry the computer
        await wait_until(pilot, lambda: len(line(screen.record)) == 2, "the computer's move")


@app_test
async def test_undo_takes_back_to_your_own_last_move(data_dir: Path) -> None:
    app = make_app(data_dir, record=against_computers({1: "easy"}))
    async with app.run_test(size=SIZE) as pilot:
        screen = board_screen(app)
        record = screen.record
        await play_by_keys(pilot, ("c3", "d4"))
        await wait_until(pilot, lambda: len(line(record)) == 2, "the computer's reply")
        await play_by_keys(pilot, ("b2", "c3"))
        await wait_until(pilot, lambda: len(line(record)) == 4, "the computer's second reply")
        await pilot.press("u")
        assert line(record) == ["c3-d4", line(record)[1]]
        assert MARTIAN.to_move(record.state) == 0, "back to South's turn, not to the computer's"
        assert screen.computers.busy is None
        await pilot.press("u")
        assert line(record) == []
        await pilot.press("u")
        assert status(app).message == "nothing to undo: this is the start"
        # Redo brings back your move and the computer's answer to it.
        await pilot.press("ctrl+y")
        assert len(line(record)) == 2
        assert MARTIAN.to_move(record.state) == 0


@app_test
async def test_undo_while_the_computer_thinks_drops_its_search(data_dir: Path) -> None:
    app = make_app(data_dir, record=against_computers({1: "normal"}))
    async with app.run_test(size=SIZE) as pilot:
        screen = board_screen(app)
        await play_by_keys(pilot, ("c3", "d4"))
        busy = screen.computers.busy
        assert busy is not None and busy.handle is not None
        handle = busy.handle
        # Dropped while a worker searches, not while the search only waits for one.
        await wait_until(pilot, lambda: handle.started, "the search to start")
        assert not handle.done()
        await pilot.press("u")
        assert line(screen.record) == []
        assert screen.computers.busy is None
        assert thinking(pilot) == ""
        # Once the dropped search is over and nothing awaits it any more, its move cannot come.
        await wait_until(pilot, handle.done, "the dropped search to end")
        await wait_until(pilot, lambda: computer_workers_over(pilot), "its worker to end")
        assert screen.computers.last_result is None, "the dropped search's move came"
        assert line(screen.record) == []
        await play_by_keys(pilot, ("b2", "a3"))
        await wait_until(pilot, lambda: len(line(screen.record)) == 2, "the computer's move")
        assert line(screen.record)[0] == "b2-a3"


@app_test
async def test_a_computer_to_move_when_the_game_opens_starts_by_itself(data_dir: Path) -> None:
    app = make_app(data_dir, record=against_computers({0: "easy"}))
    async with app.run_test(size=SIZE) as pilot:
        screen = board_screen(app)
        await wait_until(pilot, lambda: len(line(screen.record)) == 1, "the computer's move")
        assert MARTIAN.to_move(screen.record.state) == 1


@app_test
async def test_the_hint_shows_the_hard_levels_move(data_dir: Path) -> None:
    record = against_computers({1: "easy"}, position=FREE_QUEEN)
    app = make_app(data_dir, record=record)
    async with app.run_test(size=SIZE) as pilot:
        screen = board_screen(app)
        board = screen.query_one(BoardWidget)
        await pilot.press("H")
        assert status(app).message == "looking for the move the Hard level would play"
        assert thinking(pilot) == "finding a hint"
        await pilot.press("m")  # show it now rather than after the five seconds
        await wait_until(pilot, lambda: bool(board.hint), "the hint")
        assert status(app).message == "hint: a3xa5 (the Hard level's move)"
        assert board.hint == (square(MARTIAN, record, "a3"), square(MARTIAN, record, "a5"))
        assert line(record) == [], "a hint is shown, never played"
        await play_by_keys(pilot, ("a3", "a5"))
        assert board.hint == ()


@app_test
async def test_no_hint_while_the_computer_is_to_move(data_dir: Path) -> None:
    app = make_app(data_dir, record=against_computers({1: "hard"}))
    async with app.run_test(size=SIZE) as pilot:
        screen = board_screen(app)
        await play_by_keys(pilot, ("c3", "d4"))
        await pilot.press("H")
        assert status(app).message == "it is Bob (North)'s turn: m or Esc makes it move now"
        assert screen.computers.busy is not None and screen.computers.busy.kind == "move"
        await pilot.press("m")
        await wait_until(pilot, lambda: len(line(screen.record)) == 2, "the computer's move")


@app_test
async def test_a_game_between_computers_plays_itself_to_the_end(data_dir: Path) -> None:
    record = against_computers({0: "easy", 1: "easy"}, position=ENDGAME)
    app = make_app(data_dir, record=record)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameOverScreen), "the game's end")
        outcome = MARTIAN.outcome(record.state)
        assert outcome is not None
        assert len(line(record)) >= 2
        # Every move went through the rules: the main line replays from the start.
        state = MARTIAN.read_position(ENDGAME)
        for node in record.mainline():
            state = MARTIAN.play(state, node.move)
        assert state == record.state
        await pilot.press("r")  # review: nothing moves by itself any more
        screen = board_screen(app)
        await pilot.press("u")
        # No search began for the position undone to, and none began earlier still awaits.
        assert screen.computers.busy is None
        await wait_until(pilot, lambda: computer_workers_over(pilot), "the computers' workers")
        assert len(line(record)) == len(record.mainline()) - 1


#: MAC with power tokens, the battle under way, one secret token in each hand, Red to move.
MAC_TOKENS = (
    "standard+tokens .@B4./.B7../B10..B6/B1B5.B1+/...B1/R6R7.R10+/R1+.R8R9/B9B2@. "
    "0 RB - p/d p+p+ -/- 0 -"
)


@app_test
async def test_against_the_computer_the_screen_keeps_your_secrets_and_no_handover(
    data_dir: Path,
) -> None:
    mac = find_game("mac")
    record = GameRecord(mac, {"tokens": "on"}, 1, ["Ann", "Hard computer"], MAC_TOKENS)
    record.tags[tag_name(1)] = computer_type("hard")
    quiet = next(
        move
        for move in mac.legal_moves(record.state)
        if "x" not in (text := mac.format_move(record.state, move)) and ":" not in text
    )
    app = make_app(data_dir, record=record)
    async with app.run_test(size=SIZE) as pilot:
        screen = board_screen(app)

        def hands() -> list[tuple[str, ...]]:
            return [screen.query_one(f"#panel-{seat}", PlayerPanel).info.lines for seat in (0, 1)]

        assert hands() == [("plays Red", "hand: Push"), ("plays Blue", "hand: 1 token")]
        await pilot.press("colon", *mac.format_move(record.state, quiet), "enter")
        assert len(line(record)) == 1
        assert not isinstance(app.screen, HandoverScreen)
        # While the computer is to move, the screen still shows what Ann may see.
        assert mac.to_move(record.state) == 1
        assert hands()[0] == ("plays Red", "hand: Push")
        assert "Double Step" not in str(hands())
        await pilot.press("m")
        await wait_until(pilot, lambda: len(line(record)) == 2, "the computer's move")
        assert not isinstance(app.screen, HandoverScreen)
        assert "Double Step" not in str(hands())


@app_test
async def test_computers_place_their_pieces_and_play_mac_to_the_end(data_dir: Path) -> None:
    mac = find_game("mac")
    record = GameRecord(mac, {}, 5, ["Easy computer", "Easy computer"])
    record.tags.update({tag_name(0): computer_type("easy"), tag_name(1): computer_type("easy")})
    app = make_app(data_dir, record=record)
    async with app.run_test(size=SIZE) as pilot:
        assert mac.phase(record.state) == "placement"
        await wait_until(pilot, lambda: isinstance(app.screen, GameOverScreen), "the game's end")
        assert mac.outcome(record.state) is not None
        placements = [n for n in record.mainline() if mac.phase(n.parent.state) == "placement"]
        assert len(placements) == 32  # every piece and portal of both sides
        state = mac.new({}, 5)
        for node in record.mainline():
            state = mac.play(state, node.move)
        assert state == record.state


@app_test
async def test_a_computer_that_cannot_search_says_so_and_the_app_goes_on(data_dir: Path) -> None:
    # Hop is known to this app only, not to the search process: the search fails there.
    record = GameRecord(HOP, {}, 0, ["Sam", "Easy computer"], ".nnnn/n..../...../n..../S.... 1 0/0")
    record.tags[tag_name(1)] = computer_type("easy")
    app = make_app(data_dir, games=[MARTIAN, HOP], record=record)
    async with app.run_test(size=SIZE) as pilot:
        await click_square(pilot, "a1")
        await click_square(pilot, "b1")
        assert line(record) == ["a1-b1"]
        await wait_until(pilot, lambda: status(app).is_error, "the computer's failure")
        assert status(app).message.startswith("The computer could not find a move: ")
        assert "hop" in status(app).message
        assert thinking(pilot) == ""
        await pilot.press("u")
        assert line(record) == []
