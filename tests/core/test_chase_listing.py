"""The pawn moves of a move list, held to the search as it was before it had a limit
(``chase_reference_search``), which finds every result however long it takes.

Where the engine's search stays within its limit the two list the same paths in the same
order. On the largest webs of tiles, where it stops at its limit, the list still holds every
move that a route of fewer than 10 squares makes and nothing that is not a move, one path
per result, and every move left out can still be played by typing its route.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import chase_reference_search as reference
import pytest
from test_chase_support import GAME

from core.games.chase.moves import Walk
from core.games.chase.rules import walk_problem
from core.games.chase.search import SEARCH_LIMIT
from core.games.chase.state import ChaseState
from core.games.chase.walks import TAUNT_TILES, Events, trace_walk, walk_board

DATA = Path(__file__).parent / "data" / "chase_large_webs.txt"
LARGE_WEBS = [
    line
    for line in DATA.read_text(encoding="utf-8").splitlines()
    if line.strip() and not line.startswith("#")
]

Route = tuple[int, ...]
#: A pawn move's result: the square it starts from, where it ends, and its events.
Result = tuple[int, int, Events]


def listed_routes(state: ChaseState) -> list[Route]:
    """The paths of the pawn moves of the engine's move list, in order."""
    return [move.path for move in GAME.legal_moves(state) if isinstance(move, Walk)]


def reference_listing(state: ChaseState) -> tuple[dict[Result, Route], list[Route], bool]:
    """The reference's results with their paths and its move list (the paths the mover can
    pay for, in order), and whether the engine's search reaches its limit here: its pawns
    share ``SEARCH_LIMIT`` branches in turn, each taking its share of what is left (as
    ``rules.walk_paths`` does), and the reference opens the same branches up to there."""
    seat = state.to_move
    board = walk_board(state, seat)
    pawns = [pawn for pawn in state.pawns[seat] if board.exits[pawn]]
    lines = reference.hop_lines(board)
    budget = SEARCH_LIMIT
    limited = False
    results: dict[Result, Route] = {}
    routes: list[Route] = []
    for index, pawn in enumerate(pawns):
        found, branches = reference.walk_results(board, pawn, lines)
        share = budget // (len(pawns) - index)
        limited |= branches > share
        budget -= min(branches, share)
        for (end, events), route in found.items():
            if walk_problem(state, route) == "":
                results[pawn, end, events] = route
                routes.append(route)
    return results, routes, limited


def check_listing(state: ChaseState) -> bool:
    """Hold the pawn moves listed in ``state`` to the reference's; whether the engine's
    search reached its limit."""
    results, routes, limited = reference_listing(state)
    listed = listed_routes(state)
    if not limited:
        assert listed == routes
        return False
    board = walk_board(state, state.to_move)
    shown: set[Result] = set()
    for route in listed:
        events, reason = trace_walk(board, route)
        assert not reason and walk_problem(state, route) == ""
        result = (route[0], route[-1], events)
        assert result in results, f"the reference has no move {result}"
        assert result not in shown, f"two paths listed for {result}"
        shown.add(result)
    for result, route in results.items():
        if result in shown:
            continue
        assert len(route) >= TAUNT_TILES, f"{result} left out, with a route of {len(route)}"
        typed = GAME.parse_move(state, GAME.format_move(state, Walk(route)))
        assert typed == Walk(route)
        assert GAME.play(state, typed) == GAME.apply(state, Walk(route))
    return True


def random_positions(
    options: dict[str, str], seeds: tuple[int, ...], every: int
) -> Iterator[ChaseState]:
    """Every ``every``-th position of the random games with these seeds."""
    for seed in seeds:
        chance = random.Random(seed)
        state = GAME.new(options, seed)
        for ply in range(600):
            moves = GAME.legal_moves(state)
            if not moves or GAME.outcome(state) is not None:
                break
            if ply % every == 0:
                yield state
            state = GAME.apply(state, moves[chance.randrange(len(moves))])


#: ``(mode, pawns, seeds, every)``: random games whose positions are checked. Random Tiles
#: games end on large webs, some of which make the search reach its limit (these seeds give
#: such positions in which the reference takes well under a second; with others it can take
#: a minute).
RANDOM_GAMES = [
    ("regular", "1", (0, 1, 2, 3), 5),
    ("regular", "3", (0, 1, 2, 3), 5),
    ("tiles", "1", (1, 2, 4, 5), 9),
    ("tiles", "3", (0, 2, 4), 9),
    ("gold", "1", tuple(range(12)), 1),
    ("gold", "3", tuple(range(12)), 1),
]


@pytest.mark.parametrize(("mode", "pawns", "seeds", "every"), RANDOM_GAMES)
def test_random_positions_list_the_reference_moves(
    mode: str, pawns: str, seeds: tuple[int, ...], every: int
) -> None:
    checked = 0
    for state in random_positions({"mode": mode, "pawns": pawns}, seeds, every):
        check_listing(state)
        checked += 1
    assert checked >= 20


@pytest.mark.parametrize("text", LARGE_WEBS, ids=[f"web{i}" for i in range(len(LARGE_WEBS))])
def test_large_webs_list_every_short_move_and_nothing_else(text: str) -> None:
    state = GAME.read_position(text)
    assert check_listing(state), "the position no longer makes the search reach its limit"
