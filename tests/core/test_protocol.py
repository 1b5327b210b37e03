"""The engine text protocol: commands, answers, errors that never end the session."""

from __future__ import annotations

import io
from pathlib import Path

from core import find_game
from core.protocol import Session
from tui.gtp import main


def ask(session: Session, line: str) -> str:
    reply = session.handle(line)
    assert reply is not None
    return reply[0]


def test_answers_follow_the_gtp_framing() -> None:
    session = Session()
    assert ask(session, "protocol_version") == "= 2\n\n"
    assert ask(session, "name") == "= pawnshop\n\n"
    assert ask(session, "7 name") == "=7 pawnshop\n\n"
    assert ask(session, "frobnicate").startswith("? unknown command 'frobnicate'")
    assert ask(session, "known_command play") == "= true\n\n"
    assert session.handle("   # just a comment") is None


def test_list_commands_names_every_command_of_the_protocol() -> None:
    listed = set(ask(Session(), "list_commands")[2:].split())
    required = {
        "protocol_version", "name", "version", "list_commands", "list_games", "new_game",
        "set_position", "position", "legal_moves", "play", "undo", "showboard", "outcome", "quit",
    }  # fmt: skip
    assert required <= listed


def test_a_game_can_be_played_and_undone() -> None:
    session = Session()
    assert ask(session, "new_game martian-chess") == "= martian-chess\n\n"
    game = find_game("martian-chess")
    start = game.write_position(game.new({}, 0))
    assert ask(session, "position") == f"= {start}\n\n"
    moves = ask(session, "legal_moves")[2:].split()
    expected = [game.format_move(game.new({}, 0), m) for m in game.legal_moves(game.new({}, 0))]
    assert moves == expected
    assert ask(session, f"play {moves[0]}") == "=\n\n"
    assert ask(session, "position") != f"= {start}\n\n"
    assert ask(session, "undo") == "=\n\n"
    assert ask(session, "position") == f"= {start}\n\n"
    assert ask(session, "undo").startswith("? nothing to undo")
    assert ask(session, "outcome") == "= *\n\n"


def test_bad_input_answers_with_a_reason_and_the_session_goes_on() -> None:
    session = Session()
    assert ask(session, "legal_moves").startswith("? no game yet")
    assert ask(session, "new_game chess960").startswith("? there is no game called 'chess960'")
    assert ask(session, "new_game martian-chess players=3").startswith("? option players")
    assert ask(session, "new_game martian-chess") == "= martian-chess\n\n"
    assert ask(session, "play zz9-q").startswith("? ")
    assert ask(session, "play a1-a2").startswith("? ")
    assert ask(session, "set_position nonsense").startswith("? ")
    assert ask(session, "name") == "= pawnshop\n\n"


def test_set_position_sets_up_any_position() -> None:
    session = Session()
    ask(session, "new_game martian-chess")
    moves = ask(session, "legal_moves")[2:].split()
    ask(session, f"play {moves[0]}")
    after = ask(session, "position")[2:].strip()
    fresh = Session()
    ask(fresh, "new_game martian-chess")
    assert ask(fresh, f"set_position {after}") == "=\n\n"
    assert ask(fresh, "position") == f"= {after}\n\n"


def test_showboard_draws_the_board_with_labels() -> None:
    session = Session()
    ask(session, "new_game martian-chess")
    board = ask(session, "showboard")
    assert board.startswith("= \n") or board.startswith("=\n")
    assert "South to move" in board
    lines = board.splitlines()
    assert any(line.startswith("8 ") for line in lines) and any(
        line.startswith("1 ") for line in lines
    )


def test_the_stdio_loop_stops_at_quit_or_end_of_input() -> None:
    out = io.StringIO()
    main(io.StringIO("name\nquit\nname\n"), out)
    assert out.getvalue() == "= pawnshop\n\n=\n\n"
    out = io.StringIO()
    main(io.StringIO("name\nbogus"), out)
    assert out.getvalue().count("\n\n") == 2


def test_a_position_with_millions_of_moves_is_not_listed() -> None:
    position = (Path(__file__).parent / "data" / "chase_many_stacks.txt").read_text().strip()
    session = Session()
    ask(session, "new_game chase")
    assert ask(session, f"set_position {position}") == "=\n\n"
    assert ask(session, "legal_moves") == (
        "? this position has 109,051,760 legal moves, too many to list (at most 10,000)\n\n"
    )
    assert ask(session, "play m:c2+e3>e3") == "=\n\n"  # any of them can still be played
