"""The analysis and the computer players against the test sets of every game.

``tests/core/data/analysis_<game>.txt`` (made by ``analysis_positions.py`` from random games)
holds positions where exactly one move wins at once or exactly one move keeps the opponent
from winning at once. At Normal strength the analysis names that move first in each, the
protocol's ``genmove`` plays it, and in each position won at once, a move that lets the
opponent win at once instead is marked a blunder.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from core import find_game
from core.analysis import analyse_game, analyse_position
from core.analysis_marks import BLUNDER
from core.game import Game
from core.protocol import Session
from core.record import GameRecord

DATA = Path(__file__).parent / "data"
GAMES = ["martian-chess", "mac", "macadam", "chase"]


def positions_of(game_id: str) -> list[tuple[str, str, str]]:
    path = DATA / f"analysis_{game_id.replace('-', '_')}.txt"
    rows = [line.split("\t") for line in path.read_text(encoding="utf-8").splitlines() if line]
    return [(kind, move, position) for kind, move, position in rows]


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
