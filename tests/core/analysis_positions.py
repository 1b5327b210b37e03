"""Makes the analysis test sets ``tests/core/data/analysis_<game>.txt`` from random games.

Each line is ``KIND<TAB>MOVE<TAB>POSITION``: in the position (the protocol's ``set_position``
text) the side to move has exactly one move that wins at once (``win``), or the opponent
threatens to win at once and exactly one move leaves it no winning reply (``save``); MOVE is
that move. Run ``python tests/core/analysis_positions.py GAME [COUNT]`` to make a set anew.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

from core.registry import find_game

DATA = Path(__file__).parent / "data"
#: Positions with more legal moves than this are passed over (the test of every reply of
#: every move would take too long).
MOST_MOVES = 400


def wins_at_once(game: Any, state: Any) -> list[Any]:
    seat = game.to_move(state)
    winning = []
    for move in game.legal_moves(state):
        outcome = game.outcome(game.apply(state, move))
        if outcome is not None and seat in outcome.winners:
            winning.append(move)
    return winning


def only_save(game: Any, state: Any) -> Any | None:
    """The one move that leaves the opponent no winning reply, when the opponent threatens
    one and exactly one move parries it."""
    seat = game.to_move(state)
    saving = []
    for move in game.legal_moves(state):
        after = game.apply(state, move)
        outcome = game.outcome(after)
        if outcome is not None:
            if seat in outcome.winners:
                return None  # a win at once, not a save
            continue
        if game.to_move(after) == seat or len(game.legal_moves(after)) > MOST_MOVES:
            return None
        if not wins_at_once(game, after):
            saving.append(move)
            if len(saving) > 1:
                return None
    return saving[0] if len(saving) == 1 else None


def threatened(game: Any, state: Any) -> bool:
    """Whether the opponent could win at once after the first legal move: a cheap sign of a
    threat, before ``only_save`` tries every move."""
    return any(wins_at_once(game, game.apply(state, move)) for move in game.legal_moves(state)[:1])


def collect(game_id: str, count: int, seed: int = 1) -> list[str]:
    game = find_game(game_id)
    rng = random.Random(seed)
    found: dict[str, list[str]] = {"win": [], "save": []}
    seen: set[str] = set()
    while min(len(lines) for lines in found.values()) < count // 2 and seed < 5000:
        seed += 1
        state = game.new(None, seed)
        while game.outcome(state) is None:
            moves = game.legal_moves(state)
            if len(moves) <= MOST_MOVES and game.phase(state) != "placement":
                text = game.write_position(state)
                winning = wins_at_once(game, state)
                kind, move = None, None
                if len(winning) == 1:
                    kind, move = "win", winning[0]
                elif not winning and threatened(game, state):
                    saving = only_save(game, state)
                    if saving is not None:
                        kind, move = "save", saving
                wanted = kind is not None and len(found[kind]) < count // 2
                if kind and move is not None and text not in seen and wanted:
                    seen.add(text)
                    notation = game.format_move(state, move)
                    found[kind].append(f"{kind}\t{notation}\t{text}")
            state = game.apply(state, moves[rng.randrange(len(moves))])
    return found["win"] + found["save"]


def main() -> None:
    game_id = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 24
    lines = collect(game_id, count)
    path = DATA / f"analysis_{game_id.replace('-', '_')}.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{len(lines)} positions written to {path}")


if __name__ == "__main__":
    main()
