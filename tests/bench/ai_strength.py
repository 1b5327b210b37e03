"""How strong the computer levels are: seeded matches per game, win rates with 95% intervals.

Usage: ``python tests/bench/ai_strength.py [game ...] [--games N] [--scale F]
[--pairs hard-random,hard-easy,normal-easy] [--option name=value ...] [--jobs 1|2]``

Each pairing plays ``--games`` games, the first player taking each seat in turn. ``--scale``
multiplies the thinking time of the levels that search for a time (0.1 for a quick run: Normal
0.1 s, Hard 0.5 s a move); a level held to a depth (Easy: one move and its capture search) keeps
its own time, which only guards against a runaway search, so a quick run does not weaken it.
The score counts a draw as half a win; the interval is Wilson's. Figures only, never asserted.

With three sides or more (four players of Martian Chess without teams) one player faces three
and an outright win is the least it can show; the line then also gives the share of the other
sides the first player finished ahead of on points, which is what "beats" means side by side.
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import random
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from core import all_games, find_game
from core.ai import LEVELS, Searcher, plugin_for
from core.game import Game, Move, State
from core.options import format_options, parse_options

#: A game that runs this long without an ending is stopped and counted as a draw.
MAX_PLIES = 300
DEFAULT_PAIRS = "hard-random,hard-easy,normal-easy"


@dataclass(frozen=True, slots=True)
class MatchGame:
    game_id: str
    options: tuple[tuple[str, str], ...]
    first: str  # the player under test
    second: str
    first_seat: int  # with teams, the first player plays this seat's whole team
    seed: int
    scale: float


def wilson(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson's 95% score interval for a proportion."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def pick(
    game: Game, state: State, player: str, seed: int, scale: float, quiet_plies: int = 0
) -> Move:
    """``player``'s move; ``quiet_plies`` as the app passes it (``core.ai.stagnation``)."""
    moves = game.legal_moves(state)
    if player == "random":
        return moves[random.Random(seed).randrange(len(moves))]
    level = LEVELS[player]
    if level.seconds is not None and level.depth is None:
        level = dataclasses.replace(level, seconds=level.seconds * scale)
    return Searcher(game, state, level, seed, quiet_plies=quiet_plies).run()


def ahead_of_each(game: Game, state: State, team: frozenset[int], seats: int) -> float | None:
    """With three sides or more, the share of the other sides that ``team`` finished ahead of
    on points (a tie counts half); ``None`` for two sides or a game without points."""
    plugin = plugin_for(game)
    sides = {plugin.allies(state, seat) for seat in range(seats)}
    points = getattr(state, "scores", None)
    if len(sides) < 3 or points is None:
        return None
    mine = sum(points[seat] for seat in team)
    others = [sum(points[seat] for seat in side) for side in sides if side != team]
    return sum(1.0 if mine > theirs else 0.5 if mine == theirs else 0.0 for theirs in others) / len(
        others
    )


def play(match: MatchGame) -> tuple[float, int, float, float | None]:
    """Score of the first player (1, 0.5 or 0), plies played, its mean seconds a move, and with
    three sides or more the share of the others it finished ahead of (``ahead_of_each``)."""
    game = find_game(match.game_id)
    state = game.new(dict(match.options), match.seed)
    plugin = plugin_for(game)
    team = plugin.allies(state, match.first_seat)
    thinking = moves = plies = quiet = 0
    while plies < MAX_PLIES and game.outcome(state) is None:
        seat = game.to_move(state)
        player = match.first if seat in team else match.second
        start = time.monotonic()
        move = pick(game, state, player, match.seed * 1000 + plies, match.scale, quiet)
        if player == match.first:
            thinking += time.monotonic() - start
            moves += 1
        before, state = state, game.apply(state, move)
        quiet = 0 if plugin.progress(before, state) else quiet + 1
        plies += 1
    outcome = game.outcome(state)
    if outcome is None or not outcome.winners:
        score = 0.5
    else:
        score = 1.0 if match.first_seat in outcome.winners else 0.0
    seats = len(game.seat_names(dict(match.options)))
    return score, plies, thinking / max(moves, 1), ahead_of_each(game, state, team, seats)


def run_pair(
    game: Game, options: dict[str, str], first: str, second: str, args: argparse.Namespace
) -> None:
    seats = len(game.seat_names(options))
    matches = [
        MatchGame(
            game.id,
            tuple(options.items()),
            first,
            second,
            index % seats,
            args.seed + index,
            args.scale,
        )
        for index in range(args.games)
    ]
    start = time.monotonic()
    if args.jobs > 1:
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            results: Sequence[tuple[float, int, float, float | None]] = list(
                pool.map(play, matches)
            )
    else:
        results = [play(match) for match in matches]
    elapsed = time.monotonic() - start
    scores = [result[0] for result in results]
    wins = scores.count(1.0)
    draws = scores.count(0.5)
    losses = len(results) - wins - draws
    points = wins + draws / 2
    low, high = wilson(points, len(results))
    plies = sum(result[1] for result in results) / len(results)
    think = sum(result[2] for result in results) / len(results)
    label = f"{game.id} {format_options(options)}".strip()
    ahead = [result[3] for result in results if result[3] is not None]
    pairwise = ""
    if ahead:
        share = sum(ahead) / len(ahead)
        low_each, high_each = wilson(sum(ahead) * (seats - 1), len(ahead) * (seats - 1))
        pairwise = f"  ahead of each other side {share:5.1%} [{low_each:5.1%}, {high_each:5.1%}]"
    print(
        f"{label:20} {first:>6} vs {second:<6} +{wins} ={draws} -{losses}  "
        f"score {points / len(results):5.1%}  95% CI [{low:5.1%}, {high:5.1%}]  "
        f"{plies:5.1f} plies/game  {think:5.2f} s/move  ({elapsed:.0f} s){pairwise}",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games_to_play", nargs="*", metavar="game")
    parser.add_argument("--games", type=int, default=20, help="games per pairing (default 20)")
    parser.add_argument("--scale", type=float, default=1.0, help="thinking time factor")
    parser.add_argument("--pairs", default=DEFAULT_PAIRS, help=f"default {DEFAULT_PAIRS}")
    parser.add_argument("--option", action="append", default=[], help="name=value")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1, choices=(1, 2), help="processes")
    args = parser.parse_args()
    options = parse_options(" ".join(args.option))
    names = args.games_to_play or [game.id for game in all_games()]
    pairs = [pair.split("-") for pair in args.pairs.split(",")]
    for name in names:
        game = find_game(name)
        resolved = game.resolve_options(options)
        chosen = {key: resolved[key] for key in options}
        for first, second in pairs:
            run_pair(game, chosen, first, second, args)


if __name__ == "__main__":
    main()
