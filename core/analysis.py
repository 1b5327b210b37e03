"""The computer's judgement of positions and of every move of a game, as win chances.

**Win chance.** Every game's search values a position for the seat to move in reward units
(``core.ai.plugin``): its plug-in's evaluation, a logistic curve of the side's lead,
``1 / (1 + exp(-lead / SCALE))`` (the lead in points and ``POINT_SCALE`` 3 in Martian Chess;
in coins with ``SCALE`` 8 in Chase, 4 in MAC, in pawn progress with ``SCALE`` 2 in Macadam),
taken at the end of the best line the search found; or, in a Monte Carlo search, the mean
result of its playouts. A won game the search has found by force is worth more than 1 and a
lost one less than 0. The win chance is that value held to [0, 1]: ``win_chance(value)``.
With teams (4-player Martian Chess) it is the team's chance; a draw counts half. Among
three sides or more a move's chances are read for its player where the best lines lead.

**Verdicts.** A move is judged by how much it lowered its player's win chance: the chance
before it (the best the search found for the mover) less the chance after it (the mover's,
from the search of the position it made). Lichess draws its lines at 0.10, 0.20 and 0.30 of a
scale twice as wide (-1 to 1); ours are on the 0 to 1 scale, twice as coarse, because our
evaluations count material and progress only and two one-second searches of neighbouring
positions disagree by a few hundredths: a drop of a tenth is something a player can see.
The move the search itself prefers is never marked.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from core.ai import Searcher, StopFlag, find_level, move_seed, plugin_for
from core.ai.levels import Level
from core.ai.plugin import GamePlugin, outcome_value
from core.analysis_marks import VERDICT_NAGS, verdict, win_chance
from core.game import Game, Move, State
from core.record import GameRecord, Node

#: The longest best line an analysis gives.
LINE_LIMIT = 12


@dataclass(frozen=True, slots=True)
class PositionAnalysis:
    """The search's judgement of one position, for the seat to move (its team)."""

    seat: int
    win_chance: float
    best_move: Move
    #: The best move and the moves expected after it, and the same in notation.
    best_line: tuple[Move, ...]
    best_line_text: tuple[str, ...]
    #: The search's own value, before it is held to [0, 1].
    value: float
    #: The positions the search looked at (alpha-beta) or its playouts (Monte Carlo).
    work: int = 0


def analyse_position(
    record_or_state: GameRecord | State,
    level: Level | str = "normal",
    budget: float | None = None,
    *,
    game: Game[Any, Any] | None = None,
    reveal: bool | None = None,
    seed: int = 0,
    quiet_plies: int = 0,
    stop: StopFlag | None = None,
) -> PositionAnalysis | None:
    """The judgement of a record's current position, or of ``state`` of ``game``; ``None``
    when the game is over there.

    ``budget`` is the seconds to think (the level's own time by default). Something hidden
    stays hidden (the seat to move sees its view) unless ``reveal``; for a record it is
    revealed when the record's main line has finished.
    """
    if isinstance(record_or_state, GameRecord):
        record = record_or_state
        game, state = record.game, record.state
        if reveal is None:
            reveal = _finished(record)
        seed = move_seed(record.seed, record.current.ply)
    elif game is None:
        raise ValueError("analyse_position needs the game of a bare state")
    else:
        state = record_or_state
    if game.outcome(state) is not None:
        return None
    chosen = find_level(level)
    if budget is not None:
        chosen = dataclasses.replace(chosen, seconds=budget)
    searcher = Searcher(game, state, chosen, seed, quiet_plies=quiet_plies, reveal=bool(reveal))
    searcher.run(stop=stop, forced=True)
    judgement = searcher.judgement(LINE_LIMIT)
    seen = state if reveal else game.view(state, searcher.seat)
    line, text = _playable_line(game, seen, judgement.line)
    chance = win_chance(judgement.value)
    work = searcher.stats.work
    return PositionAnalysis(searcher.seat, chance, line[0], line, text, judgement.value, work)


def _finished(record: GameRecord) -> bool:
    mainline = record.mainline()
    end = mainline[-1] if mainline else record.root
    return record.game.outcome(end.state) is not None


def _playable_line(
    game: Game[Any, Any], state: State, line: Sequence[Move]
) -> tuple[tuple[Move, ...], tuple[str, ...]]:
    """The line as far as each move is legal where it stands (a line found in one drawn
    truth of a hidden position may stop making sense), with each move's notation."""
    moves: list[Move] = []
    texts: list[str] = []
    for move in line:
        if moves and (game.outcome(state) is not None or move not in game.legal_moves(state)):
            break
        moves.append(move)
        texts.append(game.format_move(state, move))
        state = game.apply(state, move)
    return tuple(moves), tuple(texts)


@dataclass(frozen=True, slots=True)
class MoveAnalysis:
    """One main-line move judged: the mover's win chance before and after, and the verdict."""

    node: Node
    mover: int
    before: float
    after: float
    best: PositionAnalysis
    nag: int | None

    @property
    def drop(self) -> float:
        return self.before - self.after


@dataclass(frozen=True, slots=True)
class Progress:
    """How far ``analyse_game`` has come: ``done`` of ``total`` moves to judge."""

    done: int
    total: int
    move: MoveAnalysis


def analyse_game(
    record: GameRecord,
    level: Level | str = "normal",
    budget: float | None = None,
    *,
    again: bool = False,
    stop: StopFlag | None = None,
) -> Iterator[Progress]:
    """Judge every move of ``record``'s main line, annotating each node as it goes (its
    ``evaluation``, the mover's win chance after it, its verdict among its ``nags`` and the
    ``best_line`` from the position before it); yields after each move.

    Stopping the iteration between moves cancels the rest and keeps what is done; ``stop``
    also ends the search under way, whose move is then left as it was. Moves already judged
    (``is_judged``) are skipped unless ``again``, so a cancelled analysis resumes where it
    stopped. A finished game is judged with everything revealed; an unfinished one as each
    player saw it.
    """
    nodes = record.mainline()
    todo = [index for index, node in enumerate(nodes) if again or not is_judged(node)]
    if not todo:
        return
    game = record.game
    plugin = plugin_for(game)
    reveal = _finished(record)
    states = [record.root.state, *(node.state for node in nodes)]
    quiet = _quiet_plies(plugin, states)
    seats = len(record.seat_names)
    analyses: dict[int, PositionAnalysis | None] = {}

    def position(index: int) -> PositionAnalysis | None:
        if index not in analyses:
            seed = move_seed(record.seed, index)
            analyses[index] = analyse_position(
                states[index], level, budget, game=game, reveal=reveal, seed=seed,
                quiet_plies=quiet[index], stop=stop,
            )  # fmt: skip
            analyses.pop(index - 2, None)
        return analyses[index]

    for done, index in enumerate(todo, start=1):
        before_state, after_state = states[index], states[index + 1]
        mover = game.to_move(before_state)
        best = position(index)
        after = position(index + 1)
        if stop is not None and stop.is_set():
            return
        assert best is not None  # a move was played from this position
        chance_before = best.win_chance
        chance_after = mover_chance(game, plugin, after_state, mover, after, seats)
        if len({plugin.allies(before_state, seat) for seat in range(seats)}) > 2:
            # Among three sides or more the search of each position is for the seat to move
            # alone: both chances are then read for the mover at the end of the best lines.
            chance_before = line_end_chance(game, plugin, before_state, best.best_line, mover)
            line = after.best_line if after is not None else ()
            chance_after = line_end_chance(game, plugin, after_state, line, mover)
        node = nodes[index]
        nag = None if node.move == best.best_move else verdict(chance_before - chance_after)
        node.evaluation = chance_after
        node.nags = tuple(n for n in node.nags if n not in VERDICT_NAGS) + (
            (nag,) if nag is not None else ()
        )
        node.best_line = best.best_line_text
        judged = MoveAnalysis(node, mover, chance_before, chance_after, best, nag)
        yield Progress(done, len(todo), judged)


def is_judged(node: Node) -> bool:
    """Whether ``node``'s move has been judged: its evaluation and the best line from the
    position before it are known (a file analysed before best lines were kept has only the
    evaluation, and its moves are judged again)."""
    return node.evaluation is not None and bool(node.best_line)


def line_end_chance(
    game: Game[Any, Any],
    plugin: GamePlugin[Any, Any],
    state: State,
    line: Sequence[Move],
    seat: int,
) -> float:
    """``seat``'s chance where ``line`` leads from ``state``: the outcome, or the plug-in's
    evaluation (an even 0.5 without one)."""
    for move in line:
        if game.outcome(state) is not None:
            break
        state = game.apply(state, move)
    outcome = game.outcome(state)
    if outcome is not None:
        return outcome_value(outcome, seat)
    values = plugin.evaluate(state)
    return 0.5 if values is None else win_chance(values[seat])


def mover_chance(
    game: Game[Any, Any],
    plugin: GamePlugin[Any, Any],
    state: State,
    mover: int,
    analysis: PositionAnalysis | None,
    seats: int,
) -> float:
    """``mover``'s win chance in ``state``, which its move made: from the outcome when the
    game is over, else from ``analysis`` (for the seat to move there). Against one other
    side it is the rest of that side's chance (among several, ``analyse_game`` reads it at
    the end of the best line instead; here the rest is shared equally)."""
    outcome = game.outcome(state)
    if outcome is not None or analysis is None:
        return outcome_value(outcome, mover) if outcome is not None else 0.5
    if analysis.seat in plugin.allies(state, mover):
        return analysis.win_chance
    sides = {plugin.allies(state, seat) for seat in range(seats)}
    return (1.0 - analysis.win_chance) / max(1, len(sides) - 1)


def _quiet_plies(plugin: GamePlugin[Any, Any], states: Sequence[State]) -> list[int]:
    """For each position of a line, the plies without progress before it."""
    counts = [0]
    for before, after in itertools.pairwise(states):
        counts.append(0 if plugin.progress(before, after) else counts[-1] + 1)
    return counts
