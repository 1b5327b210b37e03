"""The computer's analysis in review, as a player uses it: ``A`` analyses the game in a
process of its own with a progress bar, ``Esc`` stops it and ``A`` goes on where it stopped,
the file keeps it; the current move's chance, verdict and best line in words, the best move
marked on the board, ``B`` plays the best line as a variation."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from review_helpers import MAIN, log_rows, open_game, save_game
from test_tui_review_hidden import unfinished_with_secrets
from textual.pilot import Pilot
from tui_helpers import NOW, SIZE, app_test, board_screen, make_app, martian_record

from core.analysis import analyse_game
from core.analysis_marks import BLUNDER, MISTAKE, VERDICT_NAGS
from core.record import GameRecord
from saves.autosave import write_autosave
from saves.format import load, save
from saves.paths import autosave_files
from tui.ascii.glyphs import ascii_text
from tui.screens.board import BoardScreen
from tui.screens.help import HelpScreen
from tui.screens.resume import ResumeScreen
from tui.screens.review_analysis import ReviewAnalysis, first_side_chance, progress_bar
from tui.ssh.colours import apply_colour_system
from tui.widgets.board import BoardWidget
from tui.widgets.colour_depth import COLOUR_DEPTHS, ColourDepth, colour_depth
from tui.widgets.eval_graph import EvalGraph
from tui.widgets.move_tree import MoveTree
from tui.widgets.status_line import StatusLine

#: Long enough for a process to start and a few searches to run on a busy machine.
TIMEOUT = 60.0


async def until(pilot: Pilot[Any], condition: Callable[[], bool], what: str) -> None:
    """Let the app run until ``condition`` holds (the test fails after ``TIMEOUT``)."""
    deadline = time.monotonic() + TIMEOUT
    while not condition():
        if time.monotonic() >= deadline:
            screen = pilot.app.screen
            shown = status(pilot) if isinstance(screen, BoardScreen) else type(screen).__name__
            raise AssertionError(f"timed out waiting for {what}; the screen says {shown!r}")
        await pilot.pause(0.05)


def status(pilot: Pilot[Any]) -> str:
    return board_screen(pilot.app).query_one(StatusLine).message


def said_on(line: StatusLine) -> list[str]:
    """Every message ``line`` is given from now on, in order."""
    said: list[str] = []
    say = line.say

    def noted(message: str, *, error: bool = False, short: str = "") -> None:
        said.append(message)
        say(message, error=error, short=short)

    line.say = noted  # type: ignore[method-assign]
    return said


@pytest.fixture
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ReviewAnalysis, "SECONDS", 0.05)


@app_test
async def test_a_analyses_every_move_into_the_file_and_shows_it(
    data_dir: Path, quick: None
) -> None:
    path = save_game(data_dir, "club.pawn", martian_record(MAIN))
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await open_game(pilot, "club.pawn")
        screen = board_screen(app)
        assert not screen.query(EvalGraph)
        said = said_on(screen.query_one(StatusLine))
        await pilot.press("A")
        await until(pilot, lambda: status(pilot).startswith("analysis done"), "the analysis")
        # The quick analysis may be done before the status is read: what it said on the way.
        assert said[0].startswith("analysing") and said[0].endswith("A or Esc stops")
        assert "saved in club.pawn" in status(pilot)
        evaluations = [node.evaluation for node in screen.record.mainline()]
        assert all(value is not None for value in evaluations)
        kept = load(path)
        assert [node.evaluation for node in kept.mainline()] == pytest.approx(
            evaluations, abs=0.005
        )
        graph = screen.query_one(EvalGraph)
        assert len(graph.points) == len(MAIN)
        assert graph.current == len(MAIN) - 1

        await pilot.press("home", "right")  # the first move, the first seat's
        first = screen.record.mainline()[0]
        assert first.evaluation is not None
        seat = screen.record.seat_names[0]
        assert status(pilot).startswith(f"1. c3-d4 · {seat} {first.evaluation:.0%} to win")
        assert graph.current == 0
        best = screen.review.analysis.best_line(first)
        assert best, "the best line from the position after the first move"
        board = screen.query_one(BoardWidget)
        record = screen.record
        move = record.game.parse_move(record.state, best[0])
        assert board.hint == tuple(record.game.move_path(record.state, move))
        assert "best: " + best[0] in status(pilot)

        await pilot.press("B")  # the best line becomes a variation from here
        assert screen.record.current is first
        await pilot.press("right")  # stepping on follows it
        assert screen.record.current.parent is first
        assert screen.record.current.notation == best[0]
        assert [node.notation for node in load(path).mainline()] == list(MAIN)


@app_test
async def test_esc_stops_the_analysis_and_a_goes_on_where_it_stopped(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ReviewAnalysis, "SECONDS", 1.0)
    path = save_game(data_dir, "club.pawn", martian_record(MAIN))
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await open_game(pilot, "club.pawn")
        screen = board_screen(app)
        mainline = screen.record.mainline()
        await pilot.press("A")
        await until(pilot, lambda: mainline[0].evaluation is not None, "the first move judged")
        await pilot.press("escape")
        await until(pilot, lambda: status(pilot).startswith("analysis stopped"), "the stop")
        judged = [node.evaluation is not None for node in mainline]
        assert judged[0] and not all(judged)
        assert [node.evaluation is not None for node in load(path).mainline()] == judged
        first = mainline[0].evaluation

        monkeypatch.setattr(ReviewAnalysis, "SECONDS", 0.05)
        await pilot.press("A")  # goes on: only the moves not judged yet
        left = judged.count(False)
        await until(pilot, lambda: f"of {left} " in status(pilot) or "done" in status(pilot), "go")
        await until(pilot, lambda: status(pilot).startswith("analysis done"), "the rest")
        assert mainline[0].evaluation == first
        assert all(node.evaluation is not None for node in load(path).mainline())


@app_test
async def test_a_again_stops_the_analysis(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ReviewAnalysis, "SECONDS", 5.0)
    save_game(data_dir, "club.pawn", martian_record(MAIN))
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await open_game(pilot, "club.pawn")
        screen = board_screen(app)
        await pilot.press("A")
        assert screen.review.analysis.running
        await pilot.press("A")
        await until(pilot, lambda: not screen.review.analysis.running, "the stop")
        assert status(pilot).startswith("analysis stopped")
        assert all(node.evaluation is None for node in screen.record.mainline())


def analysed_record() -> GameRecord:
    """The main line as ``pawnshop analyse`` leaves it: a chance after every move, the second
    move a blunder (it loses the queen) and the fourth a mistake."""
    record = martian_record(MAIN)
    marks = [(0.55, ()), (0.2, (BLUNDER,)), (0.8, ()), (0.15, (MISTAKE,))]
    for node, (chance, nags) in zip(record.mainline(), marks, strict=True):
        node.evaluation, node.nags = chance, nags
    return record


@app_test
async def test_n_and_the_brackets_go_from_mistake_to_mistake_and_say_the_verdict(
    data_dir: Path,
) -> None:
    save_game(data_dir, "marked.pawn", analysed_record())
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await open_game(pilot, "marked.pawn")
        screen = board_screen(app)
        south, north = screen.record.seat_names
        await pilot.press("home", "n")
        assert screen.record.current is screen.record.mainline()[1]
        assert status(pilot) == f"2. b6-a5?? a blunder · {north} 20% to win"
        await pilot.press("right_square_bracket")
        assert screen.record.current is screen.record.mainline()[3]
        assert status(pilot) == f"4. a7-b6? a mistake · {north} 15% to win"
        await pilot.press("n")
        assert status(pilot) == "no more mistakes that way"
        await pilot.press("N")
        assert screen.record.current is screen.record.mainline()[1]
        await pilot.press("right_square_bracket", "left_square_bracket")
        assert screen.record.current is screen.record.mainline()[1]
        await pilot.press("left")
        assert status(pilot) == f"1. c3-d4 · {south} 55% to win"


@app_test
async def test_the_graph_marks_mistakes_and_the_current_move_and_a_click_goes_there(
    data_dir: Path,
) -> None:
    save_game(data_dir, "marked.pawn", analysed_record())
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await open_game(pilot, "marked.pawn")
        screen = board_screen(app)
        graph = screen.query_one(EvalGraph)
        # The first seat's chance after each move: its own after its moves, the rest after
        # the other's.
        assert graph.points == pytest.approx((0.55, 0.8, 0.8, 0.85))
        assert graph.mistakes == (False, True, False, True)
        assert graph.current == 3
        top = "".join(segment.text for segment in graph.render_line(0)).rstrip()
        # Three cells a move in a game this short: the second and the fourth moves marked.
        assert [top[x] == "?" for x in range(0, 12, 3)] == [False, True, False, True]
        await pilot.click(EvalGraph, offset=(1, 2))  # inside the border: the first column
        assert screen.record.current is screen.record.mainline()[0]
        assert graph.current == 0
        assert status(pilot).startswith("1. c3-d4 · ")


@app_test
async def test_the_graph_reads_in_ascii(data_dir: Path) -> None:
    save_game(data_dir, "marked.pawn", analysed_record())
    app = make_app(data_dir, ascii=True)
    async with app.run_test(size=SIZE) as pilot:
        await open_game(pilot, "marked.pawn")
        graph = board_screen(app).query_one(EvalGraph)
        rows = ["".join(s.text for s in graph.render_line(y)) for y in range(3)]
        columns = ["".join(row[x] for row in rows) for x in range(0, 12, 3)]
        # 0.55 of three rows: a full bottom row, a middle row filled to a bit more than half
        # (4 of 8 eighths and more), nothing at the top.
        assert columns[0] == " =#"
        assert columns[1] == "?##"  # 0.8, a mistake: its mark at the top
        assert all(character.isascii() for row in rows for character in row)


@app_test
async def test_a_game_without_analysis_shows_no_graph(data_dir: Path) -> None:
    save_game(data_dir, "plain.pawn", martian_record(MAIN))
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await open_game(pilot, "plain.pawn")
        screen = board_screen(app)
        assert not screen.query(EvalGraph)
        await pilot.press("right_square_bracket")
        assert status(pilot) == "no move is marked as a mistake (A analyses the game)"


@app_test
async def test_an_unfinished_game_with_secrets_shows_lines_only_where_the_reviewer_moves(
    data_dir: Path, quick: None
) -> None:
    record = unfinished_with_secrets()
    save_game(data_dir, "secret.pawn", record)
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await open_game(pilot, "secret.pawn")
        screen = board_screen(app)
        game = screen.record.game
        reviewer = game.to_move(screen.record.mainline()[-1].state)
        await pilot.press("A")
        await until(pilot, lambda: status(pilot).startswith("analysis done"), "the analysis")
        await pilot.press("home")
        shown = 0
        for node in screen.record.mainline()[:-1]:
            await pilot.press("right")
            assert screen.record.current is node
            line = "best: " in status(pilot)
            hinted = bool(screen.query_one(BoardWidget).hint)
            hidden = game.view(node.state, reviewer) != node.state
            if game.to_move(node.state) != reviewer and hidden:
                assert not line and not hinted, f"another seat's line shown at {node.notation}"
            shown += line
        assert shown, "the reviewing seat's best lines are shown"


@app_test
async def test_the_log_shows_the_verdicts(data_dir: Path) -> None:
    save_game(data_dir, "marked.pawn", analysed_record())
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await open_game(pilot, "marked.pawn")
        rows = log_rows(board_screen(app).query_one(MoveTree))
        moves = [row.split()[1] for row in rows[1:]]
        assert moves == ["c3-d4", "b6-a5??", "d2xa5", "a7-b6?"]


@app_test
async def test_the_help_names_the_analysis_keys_and_the_thresholds(data_dir: Path) -> None:
    save_game(data_dir, "marked.pawn", analysed_record())
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await open_game(pilot, "marked.pawn")
        await pilot.press("question_mark")
        help_screen = pilot.app.screen
        assert isinstance(help_screen, HelpScreen)
        rows = dict(help_screen.rows)
        assert rows["A"] == "Analyse (?! ? ??: win chance down 10, 20, 30 points)"
        assert rows["n ]"] == "Next mistake" and rows["N ["] == "Previous mistake"
        assert rows["o"] == "Play on from here"
        assert rows["B"] == "Play the best line"


@app_test
async def test_a_file_outside_the_library_is_left_alone_and_the_analysis_saved_beside_it(
    data_dir: Path, tmp_path: Path, quick: None
) -> None:
    opened = save(martian_record(MAIN), tmp_path / "friend.pawn", now=NOW)
    before = opened.read_bytes()
    app = make_app(data_dir, record=load(opened), path=opened)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ResumeScreen), "the question")
        await pilot.press("n")  # review it
        await until(pilot, lambda: isinstance(app.screen, BoardScreen), "the board")
        await pilot.press("A")
        await until(pilot, lambda: status(pilot).startswith("analysis done"), "the analysis")
        assert status(pilot) == "analysis done: saved beside the file as friend-analysed.pawn"
        assert opened.read_bytes() == before
        beside = load(tmp_path / "friend-analysed.pawn")
        assert all(node.evaluation is not None for node in beside.mainline())


@pytest.mark.parametrize("depth", COLOUR_DEPTHS)
@app_test
async def test_the_graph_marks_read_without_colour(data_dir: Path, depth: ColourDepth) -> None:
    """At every depth the current move is reverse video and a mistake a ``?``: neither needs
    a colour to be seen."""
    save_game(data_dir, "marked.pawn", analysed_record())
    app = make_app(data_dir)
    apply_colour_system(app, depth, SIZE)
    async with app.run_test(size=SIZE) as pilot:
        await open_game(pilot, "marked.pawn")
        assert colour_depth(app) == depth
        await pilot.press("home", "right")
        graph = board_screen(app).query_one(EvalGraph)
        for y in range(3):
            cells = list(graph.render_line(y))
            reversed_cells = [x for x, cell in enumerate(cells) if cell.style.reverse]
            assert reversed_cells == [0, 1, 2], f"row {y}: the first move's columns"
        top = "".join(cell.text for cell in graph.render_line(0))
        assert top[3:6] == top[9:12] == "???"


@app_test
async def test_an_autosave_reviewed_gets_no_file_beside_it(data_dir: Path, quick: None) -> None:
    """An autosave's folder holds the unfinished games, one a file: the analysis of one
    reviewed waits for ``S`` instead of adding a file there."""
    kept = write_autosave(martian_record(MAIN), data_dir, now=NOW)
    before = kept.read_bytes()
    app = make_app(data_dir, record=load(kept), path=kept)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ResumeScreen), "the question")
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, BoardScreen), "the board")
        await pilot.press("A")
        await until(pilot, lambda: status(pilot).startswith("analysis done"), "the analysis")
        assert status(pilot) == "analysis done: S saves the game with it"
        assert autosave_files(data_dir) == [kept]
        assert kept.read_bytes() == before


@app_test
async def test_a_game_analysed_before_shows_its_best_lines_b_and_puzzles_at_once(
    data_dir: Path,
) -> None:
    record = martian_record(MAIN)
    for _ in analyse_game(record, "normal", 0.05):
        pass
    lines = [node.best_line for node in record.mainline()]
    mistakes = [i for i, node in enumerate(record.mainline()) if set(VERDICT_NAGS) & set(node.nags)]
    assert all(lines) and mistakes
    save_game(data_dir, "analysed.pawn", record)
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await open_game(pilot, "analysed.pawn")
        screen = board_screen(app)
        record = screen.record
        await pilot.press("home", "right")  # after the first move: the line found for move 2
        first = record.current
        best = lines[1]
        assert "best: " + best[0] in status(pilot)
        move = record.game.parse_move(record.state, best[0])
        hint = tuple(record.game.move_path(record.state, move))
        assert screen.query_one(BoardWidget).hint == hint
        await pilot.press("B")
        await pilot.press("right")
        assert record.current.parent is first and record.current.notation == best[0]
        await pilot.press("home", "L")
        mistake = record.mainline()[mistakes[0]]
        assert record.current is mistake.parent
        assert status(pilot).startswith("puzzle: ")
        await pilot.press("colon", *lines[mistakes[0]][0], "enter")
        assert status(pilot).startswith(f"right: {lines[mistakes[0]][0]} is the computer's")


def test_the_progress_bar_reads_in_ascii() -> None:
    assert ascii_text(progress_bar(1, 2)) == "######::::::"
    assert ascii_text(progress_bar(0, 5)) == "::::::::::::"


@app_test
async def test_l_sets_each_mistake_as_a_puzzle_and_judges_the_move_tried(
    data_dir: Path, quick: None
) -> None:
    save_game(data_dir, "club.pawn", martian_record(MAIN))
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await open_game(pilot, "club.pawn")
        screen = board_screen(app)
        record = screen.record
        await pilot.press("A")
        await until(pilot, lambda: status(pilot).startswith("analysis done"), "the analysis")
        mainline = record.mainline()
        # a7-b6 gives up the chance that d2xa5 won: the computer marks it at every budget.
        mistakes = [n for n in mainline if set(VERDICT_NAGS) & set(n.nags)]
        assert mistakes
        await pilot.press("home", "L")
        mistake = mistakes[0]
        assert record.current is mistake.parent
        mover = record.seat_names[record.game.to_move(record.state)]
        assert status(pilot).startswith(f"puzzle: {mover} played {mistake.notation}")
        assert not screen.query_one(BoardWidget).hint, "the answer is not shown"
        best = screen.review.analysis.best_line(record.current)[0]
        await pilot.press("colon", *best, "enter")
        assert record.current.parent is mistake.parent and record.current.notation == best
        assert status(pilot) == f"right: {best} is the computer's best move · L: the next puzzle"


@pytest.mark.parametrize(
    ("teams", "expected"), [("on", [0.7, 0.7, 0.6, 0.7]), ("off", [0.7, 0.7, None, None])]
)
def test_the_graph_draws_the_first_seats_side_or_nothing_among_more_sides(
    teams: str, expected: list[float | None]
) -> None:
    """Four players: in teams the first seat's team's chance (its partner's moves as they
    are, the others' as the rest), free for all only the first seat's own moves."""
    record = martian_record(
        players=("Ann", "Bob", "Cy", "Di"), options={"players": "4", "teams": teams}
    )
    for _ in range(4):
        record.play(sorted(record.game.legal_moves(record.state))[0], main=True)
    movers = []
    for node in record.mainline():  # Ann's and Cy's moves 0.7 for them, Bob's 0.4 for him
        assert node.parent is not None
        movers.append(record.game.to_move(node.parent.state))
        node.evaluation = 0.7 if movers[-1] % 2 == 0 else 0.4
    assert movers == [0, 0, 1, 2]  # the first seat twice in its turn, then Bob, then Cy
    chances = [first_side_chance(record.game, node, 4) for node in record.mainline()]
    assert chances == pytest.approx(expected)


@app_test
async def test_quitting_during_the_analysis_keeps_the_moves_judged(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ReviewAnalysis, "SECONDS", 1.0)
    path = save_game(data_dir, "club.pawn", martian_record(MAIN))
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await open_game(pilot, "club.pawn")
        mainline = board_screen(app).record.mainline()
        await pilot.press("A")
        await until(pilot, lambda: mainline[0].evaluation is not None, "the first move judged")
        await pilot.press("q")
    deadline = time.monotonic() + TIMEOUT  # the reading thread saves as the app goes
    while load(path).mainline()[0].evaluation is None:
        assert time.monotonic() < deadline, "the moves judged were not saved"
        time.sleep(0.05)
    kept = [node.evaluation is not None for node in load(path).mainline()]
    assert not all(kept)
