"""The analysis and the computer players against the test sets of every game.

``tests/core/data/analysis_<game>.txt`` holds positions where exactly one move wins at once
or exactly one move keeps the opponent from winning at once: the first ones from random games
(``analysis_positions.py``), the rest named by the way the rules end the game there
(``analysis_endings.py``: Martian Chess's emptied zone and clock, MAC's last piece taken,
Macadam's goal and six pawns across, Chase's opponent left without an action or a debt, by a
move or a merge, in each mode). At Normal strength the analysis names that move first in
each, the protocol's ``genmove`` plays it, and in each position won at once, a move that lets
the opponent win at once instead is marked a blunder.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from analysis_endings import ending, threat

from core import find_game
from core.analysis import analyse_game, analyse_position
from core.analysis_marks import BLUNDER
from core.game import Game
from core.protocol import Session
from core.record import GameRecord

DATA = Path(__file__).parent / "data"
GAMES = ["martian-chess", "mac", "macadam", "chase"]


def rows_of(game_id: str) -> list[list[str]]:
    """Each line's columns: kind, move, position, and the ending where it is named."""
    path = DATA / f"analysis_{game_id.replace('-', '_')}.txt"
    return [line.split("\t") for line in path.read_text(encoding="utf-8").splitlines() if line]


def positions_of(game_id: str) -> list[tuple[str, str, str]]:
    return [(kind, move, position) for kind, move, position, *_ in rows_of(game_id)]


CASES = [
    pytest.param(game_id, kind, move, position, id=f"{game_id}-{kind}-{index}")
    for game_id in GAMES
    for index, (kind, move, position) in enumerate(positions_of(game_id))
]


def test_every_set_has_twenty_positions_or_more_of_both_kinds() -> None:
    for game_id in GAMES:
        kinds = [kind for kind, _, _ in positions_of(game_id)]
        assert len(kinds) >= 20
        assert {"win", "save"} == set(kinds)


#: The ways the rules end each game that its set holds positions of, with their kind.
ENDINGS = {
    "martian-chess": {
        ("win", "zone emptied, ahead on points"),
        ("win", "zone emptied, tied: the last mover wins"),
        ("win", "clock: the seventh quiet turn after the call"),
        ("save", "clock: the seventh quiet turn after the call"),
    },
    "mac": {("win", "no pieces left"), ("save", "no pieces left"), ("win", "no legal move")},
    "macadam": {
        ("win", "a pawn on the goal"),
        ("save", "a pawn on the goal"),
        ("win", "six across against two"),
        ("save", "six across against two"),
        ("win", "no legal move"),
    },
    "chase": {
        ("win", "regular mode, move: no legal action"),
        ("save", "regular mode, move: no legal action"),
        ("win", "regular mode, merge: no legal action"),
        ("save", "regular mode, merge: no legal action"),
        ("save", "regular mode, merge: no legal action, only one square of the pawn's moves saves"),
        ("win", "regular mode, move: a debt not paid"),
        ("save", "regular mode, move: a debt not paid"),
        ("win", "tiles mode, move: a debt not paid"),
        ("save", "tiles mode, move: a debt not paid"),
        ("save", "gold mode, move: no legal action"),
        ("win", "gold mode, move: no legal action"),
        ("win", "gold mode, merge: no legal action"),
        ("save", "tiles mode, move: no legal action"),
        ("save", "regular mode, move: no legal action, only one square of the pawn's moves saves"),
        ("save", "regular mode, move: a debt not paid, only one square of the pawn's moves saves"),
    },
}


@pytest.mark.parametrize("game_id", GAMES)
def test_every_ending_of_the_rules_has_its_positions_named_rightly(game_id: str) -> None:
    """Each ending of ``ENDINGS`` has a position, and each position's ending is the one its
    move (a win) or the opponent's threat (a save) brings about."""
    game = find_game(game_id)
    rows = rows_of(game_id)
    assert all(len(row) == 4 for row in rows)
    assert {(kind, name) for kind, _, _, name in rows} >= ENDINGS[game_id]
    for kind, move, position, name in rows:
        state = game.read_position(position)
        chosen = game.parse_move(state, move)
        if kind == "win":
            assert ending(game, state, chosen) == name, (move, position)
        else:
            threatened, same_piece = threat(game, state, chosen)
            assert name.startswith(threatened), (move, position)
            assert name.endswith("saves") == (game_id == "chase" and same_piece)


@pytest.mark.parametrize(("game_id", "kind", "move", "position"), CASES)
def test_the_analysis_and_genmove_name_the_only_move(
    game_id: str, kind: str, move: str, position: str
) -> None:
    game = find_game(game_id)
    record = GameRecord(game, start_position=position)
    analysis = analyse_position(record, "normal")
    assert analysis is not None
    assert analysis.best_line_text[0] == move
    session = Session()
    session.handle(f"new_game {game_id}")
    session.handle(f"set_position {position}")
    assert session.handle("genmove normal") == (f"= {move}\n\n", False)


def test_throwing_away_the_game_is_a_blunder() -> None:
    """A move that lets the opponent win at once: in a position won at once (Martian Chess's
    wins at once leave the opponent no such reply), or in a position with one saving move
    where the analysis judges the mover's chance with it at 0.30 or more."""
    thrown = 0
    for game_id in GAMES:
        game = find_game(game_id)
        for kind, only, position in positions_of(game_id):
            record = GameRecord(game, start_position=position)
            losing = _move_that_lets_the_opponent_win(game, record.state, only)
            if losing is None:
                continue
            record.play(losing, main=True)
            (judged,) = list(analyse_game(record, "normal"))
            if kind == "save" and judged.move.before < 0.3:
                continue  # lost either way, or nearly
            assert judged.move.nag == BLUNDER, (game_id, position)
            assert record.mainline()[0].nags == (BLUNDER,)
            thrown += 1
    assert thrown >= 10


def _move_that_lets_the_opponent_win(
    game: Game[object, object], state: object, only: str
) -> object | None:
    """A move other than ``only`` after which the opponent can win at once."""
    seat = game.to_move(state)
    for move in game.legal_moves(state):
        if game.format_move(state, move) == only:
            continue
        after = game.apply(state, move)
        if game.outcome(after) is not None or game.to_move(after) == seat:
            continue
        for reply in game.legal_moves(after):
            outcome = game.outcome(game.apply(after, reply))
            if outcome is not None and seat not in outcome.winners and outcome.winners:
                return move
    return None


def test_the_pawn_sent_to_the_square_that_does_not_save_is_judged_against_the_one_that_does() -> (
    None
):
    """Chase: where only one square of a pawn's moves keeps the opponent from winning at once
    (``g6-f7`` saves, ``g6-e8`` loses), the analysis of the same pawn sent elsewhere names
    the saving move as best instead, and marks the move a blunder unless it finds the game
    lost with the saving move too (the mover's chance under 0.30, as above: these positions
    from random games are mostly lost either way, the save only putting the end off)."""
    game = find_game("chase")
    rows = [row for row in rows_of("chase") if row[3].endswith("saves")]
    assert len(rows) >= 5
    for _, only, position, _ in rows:
        record = GameRecord(game, start_position=position)
        state = record.state
        start = only.split("-")[0]
        other = next(
            move
            for move in game.legal_moves(state)
            if game.format_move(state, move).split("-")[0] == start
            and game.format_move(state, move) != only
            and _lets_the_opponent_win(game, state, move)
        )
        record.play(other, main=True)
        (judged,) = list(analyse_game(record, "normal"))
        assert record.mainline()[0].best_line[0] == only, (only, position)
        if judged.move.before >= 0.3:
            assert judged.move.nag == BLUNDER, (game.format_move(state, other), position)


def _lets_the_opponent_win(game: Game[object, object], state: object, move: object) -> bool:
    seat = game.to_move(state)
    after = game.apply(state, move)
    if game.outcome(after) is not None:
        return False
    return any(
        (outcome := game.outcome(game.apply(after, reply))) is not None
        and seat not in outcome.winners
        and bool(outcome.winners)
        for reply in game.legal_moves(after)
    )
