"""Adds to the analysis test sets positions of every way the rules end a game.

``analysis_positions.py`` finds positions where one move wins at once, or one move alone
keeps the opponent from winning at once, wherever random games pass them, so the common
endings fill its sets. Here each such position is named by the way the game would end
(``ending``): by the winning move itself, or for a save by the opponent's win it parries.
Random games of each game's options (Chase's three modes, MAC's random layouts, Macadam's
free placement) are played until every ending has its positions of both kinds, as far as
random play reaches them, and the lines are added to ``analysis_<game>.txt`` with the ending
as a fourth column. Endings random play seldom reaches with one move alone (Martian Chess's
tie won by the last mover and its clock, Macadam's opponent left without a move) were set up
by hand and named the same way.

Run ``python tests/core/analysis_endings.py GAME [PER_ENDING] [SECONDS]``; it prints each
ending and how many positions it found. ``python tests/core/analysis_endings.py --hits GAME
LEVEL`` prints instead how often the analysis and ``genmove`` at that level name the move of
each position of the game's whole set (a figure: the test asserts Normal's).
"""

from __future__ import annotations

import random
import sys
import time
from typing import Any

from analysis_positions import DATA, MOST_MOVES, only_save, wins_at_once

from core.analysis import analyse_position
from core.protocol import Session
from core.record import GameRecord
from core.registry import find_game

#: The most moves of one random game: random play can go round in circles for ever.
LONGEST = 400
#: The options random games are played with, for each game.
OPTIONS: dict[str, list[dict[str, str]]] = {
    "martian-chess": [{}],
    "mac": [{}, {"mode": "light"}],
    "macadam": [{}, {"start": "free"}],
    "chase": [
        {"mode": "regular"},
        {"mode": "tiles"},
        {"mode": "gold"},
        {"mode": "regular", "pawns": "2"},
        {"mode": "gold", "gold": "12"},
    ],
}


def ending(game: Any, state: Any, move: Any) -> str:
    """The way the game ends when ``move`` is played in ``state``, in a few words."""
    after = game.apply(state, move)
    outcome = game.outcome(after)
    assert outcome is not None
    reason = outcome.reason
    if game.id == "martian-chess":
        if reason.startswith("deadlock"):
            return "clock: the seventh quiet turn after the call"
        if "made the last move" in reason:
            return "zone emptied, tied: the last mover wins"
        return "zone emptied, ahead on points"
    if game.id == "mac":
        return "no pieces left" if "no pieces" in reason else "no legal move"
    if game.id == "macadam":
        if "reached" in reason:
            return "a pawn on the goal"
        if "pawns on" in reason:
            return "six across against two"
        return "no legal move"
    kind = "no legal action" if "no legal action" in reason else "a debt not paid"
    how = "merge" if game.format_move(state, move).startswith("m:") else "move"
    return f"{state.mode} mode, {how}: {kind}"


def threat(game: Any, state: Any, saving: Any) -> tuple[str, bool]:
    """For a position where only ``saving`` saves: the ending the opponent threatens (after
    the first other move that lets it win), and whether another move of the same piece (to
    another square) is among those that lose."""
    text = game.format_move(state, saving)
    seat = game.to_move(state)
    named, same_piece = "", False
    for move in game.legal_moves(state):
        if move == saving:
            continue
        after = game.apply(state, move)
        if game.outcome(after) is not None:
            continue
        wins = wins_at_once(game, after)
        if not wins:
            continue
        if not named:
            named = ending(game, after, wins[0])
        other = game.format_move(state, move)
        if _piece(text) and _piece(other) == _piece(text):
            same_piece = True
    assert named, f"no threat found for seat {seat}"
    return named, same_piece


def _piece(notation: str) -> str:
    """The square a piece's move starts from (``g6`` of ``g6-f7``), "" for other actions."""
    head = notation.split("-")[0].split("x")[0]
    return head if len(head) == 2 and head[0].isalpha() and head[1].isdigit() else ""


def collect(game_id: str, per_ending: int, seconds: float, seed: int = 1) -> list[str]:
    game = find_game(game_id)
    rng = random.Random(seed)
    found: dict[tuple[str, str], list[str]] = {}
    seen: set[str] = set()
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        seed += 1
        options = OPTIONS[game_id][seed % len(OPTIONS[game_id])]
        state = game.new(options, seed)
        plies = 0
        while game.outcome(state) is None and plies < LONGEST and time.monotonic() < deadline:
            plies += 1
            moves = game.legal_moves(state)
            if len(moves) <= MOST_MOVES and game.phase(state) != "placement":
                _look(game, state, per_ending, found, seen)
            state = game.apply(state, moves[rng.randrange(len(moves))])
    for (kind, name), lines in sorted(found.items()):
        print(f"{kind:5} {len(lines):3}  {name}")
    return [line for lines in found.values() for line in lines]


def _look(
    game: Any, state: Any, per: int, found: dict[tuple[str, str], list[str]], seen: set[str]
) -> None:
    text = game.write_position(state)
    if text in seen:
        return
    winning = wins_at_once(game, state)
    if len(winning) == 1:
        kind, move = "win", winning[0]
        name = ending(game, state, move)
    elif winning or not _threatened(game, state):
        return
    else:
        saving = only_save(game, state)
        if saving is None:
            return
        kind, move = "save", saving
        name, same_piece = threat(game, state, saving)
        if game.id == "chase" and same_piece:
            name += ", only one square of the pawn's moves saves"
    lines = found.setdefault((kind, name), [])
    if len(lines) < per:
        seen.add(text)
        lines.append(f"{kind}\t{game.format_move(state, move)}\t{text}\t{name}")


def _threatened(game: Any, state: Any) -> bool:
    """Whether some move lets the opponent win at once (a sign worth the full test)."""
    for move in game.legal_moves(state)[:3]:
        after = game.apply(state, move)
        if game.outcome(after) is None and wins_at_once(game, after):
            return True
    return False


def rows_of(game_id: str) -> list[list[str]]:
    """The rows of the game's test set: kind, move, position and, for most, the ending."""
    path = DATA / f"analysis_{game_id.replace('-', '_')}.txt"
    return [line.split("\t") for line in path.read_text(encoding="utf-8").splitlines() if line]


def hits(game_id: str, level: str) -> None:
    """Print the share of positions where the analysis and ``genmove`` find the move."""
    game = find_game(game_id)
    found = {"analysis": 0, "genmove": 0}
    rows = rows_of(game_id)
    for kind, move, position, *name in rows:
        analysis = analyse_position(GameRecord(game, start_position=position), level)
        found["analysis"] += analysis is not None and analysis.best_line_text[0] == move
        session = Session()
        session.handle(f"new_game {game_id}")
        session.handle(f"set_position {position}")
        played = session.handle(f"genmove {level}")[0].removeprefix("= ").strip()
        found["genmove"] += played == move
        if played != move:
            print(f"  genmove missed {kind} {move} ({name[0] if name else 'from random games'})")
    total = len(rows)
    figures = ", ".join(f"{what} {count}/{total}" for what, count in found.items())
    print(f"{game_id} at {level}: {figures}")


def main() -> None:
    if sys.argv[1] == "--hits":
        hits(sys.argv[2], sys.argv[3])
        return
    game_id = sys.argv[1]
    per = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    seconds = float(sys.argv[3]) if len(sys.argv) > 3 else 120.0
    path = DATA / f"analysis_{game_id.replace('-', '_')}.txt"
    known = {row[2] for row in rows_of(game_id)}
    lines = [line for line in collect(game_id, per, seconds) if line.split("\t")[2] not in known]
    with path.open("a", encoding="utf-8") as kept:
        kept.writelines(line + "\n" for line in lines)
    print(f"{len(lines)} positions added to {path}")


if __name__ == "__main__":
    main()
