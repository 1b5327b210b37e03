"""How long a game has gone without progress: what makes a computer take a draw or end it.

A position alone does not always tell how long nothing has happened (in Martian Chess, a
level game with the clock not yet called looks the same after four plies as after four
hundred), so the search is told: ``quiet_plies`` counts the plies since the last move the
game's plug-in calls progress (``GamePlugin.progress``), along the line of a record. Every
caller of the search for a game in progress (the app's computer seats, the text protocol's
``genmove``) passes it, so that computers playing each other do the same thing everywhere.

It makes a draw welcome (``GamePlugin.draw_bias``) and, in games whose plug-in asks for it,
moves that bring an ending nearer preferred at the root of the search (``urged_move``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from core.ai.plugin import GamePlugin, plugin_for
from core.game import Game, Move, State
from core.record import GameRecord, Node


def quiet_plies(plugin: GamePlugin[Any, Any], states: Sequence[State]) -> int:
    """Plies without progress at the end of ``states`` (a game's positions, oldest first)."""
    count = 0
    for index in range(len(states) - 1, 0, -1):
        if plugin.progress(states[index - 1], states[index]):
            break
        count += 1
    return count


def record_quiet_plies(record: GameRecord, node: Node | None = None) -> int:
    """Plies without progress before ``node`` of ``record`` (default: the current node),
    counted from the record's start."""
    states = [record.root.state, *(line.state for line in record.line(node))]
    return quiet_plies(plugin_for(record.game), states)


def urged_move(
    game: Game[Any, Any],
    plugin: GamePlugin[Any, Any],
    state: State,
    values: Mapping[Move, float],
    chosen: Move,
) -> Move:
    """The move to play from ``state`` instead of ``chosen`` when the game has gone on too
    long without progress: the best of the moves that ``advance`` it (``GamePlugin.advances``)
    among ``values`` (the root moves whose values the search knows exactly) within
    ``plugin.urge(state)`` of the best value; ``chosen`` when it advances itself, when no such
    move exists, or when the search has found a forced win."""
    urge = plugin.urge(state)
    if urge <= 0 or not values:
        return chosen
    best = max(values.values())
    if best > 1.0 or advances(game, plugin, state, chosen):
        return chosen
    floor = best - urge
    advancing = [
        (value, move)
        for move, value in values.items()
        if value >= floor and advances(game, plugin, state, move)
    ]
    if not advancing:
        return chosen
    return max(advancing, key=lambda pair: pair[0])[1]


def advances(game: Game[Any, Any], plugin: GamePlugin[Any, Any], state: State, move: Move) -> bool:
    """Whether ``move`` brings an ending nearer: ``GamePlugin.advances``, or it ends the game."""
    after = game.apply(state, move)
    return game.outcome(after) is not None or plugin.advances(state, after)
