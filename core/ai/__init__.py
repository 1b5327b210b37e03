"""Computer players for every game, through the generic ``Game`` interface only.

Use ``choose_move(game, state, level, seed, deadline=None, stop=None)`` for one move, or a
``Searcher`` to watch a search (``best_so_far()`` at any moment, ``stats`` afterwards).
Levels are data (``LEVELS``: easy, normal, hard): thinking time, algorithm, caps and noise.

Two searches are available. Monte Carlo tree search (UCT) works for every game and any
number of seats. Alpha-beta with iterative deepening, a transposition table and a capture
search suits games with a good static evaluation; it needs the position to be fully known.

Per-game knowledge: the module a game's entry in ``core.registry.GAMES`` names as its
computer player (``core.ai.mac``) exports ``PLUGIN``, a subclass of ``GamePlugin`` (see
``core.ai.plugin``), which may supply an
``evaluate(state)`` (per-seat values in [0, 1]), a playout policy, a move order for alpha-beta,
the tactical moves its capture search follows, a representative set of moves for turns that
offer hundreds (``search_moves``, or ``searched_moves`` built without listing them all), teams
(``allies``) and the preferred algorithm.
A game without one (a game outside the registry) gets the generic plug-in: random playouts
to the end, outcome only.

A game going nowhere: a position does not always tell how long nothing has happened, so the
callers of a search for a game in progress pass ``quiet_plies``, the plies since the last move
the plug-in's ``progress`` counts (``core.ai.stagnation.record_quiet_plies``). As it grows, a
draw is worth more (``GamePlugin.draw_bias``): the computer calls the Martian Chess clock or
repeats a position rather than shuffle on for ever. Where no draw can be had (Martian Chess
with the clock off, a Chase Tiles war of pivots), a plug-in with ``urge_after`` has the
computer lean, by a margin that grows without end, towards the moves it says ``advance`` the
game to an ending, and towards any move that ends it (``core.ai.stagnation.urged_move``).

Hidden information: the search only ever sees ``game.view(state, seat)`` for the seat to
move. If that view differs from the state (something is masked), the search asks the
plug-in for its determinization hook and searches several complete positions drawn from it:

    determinize(view_state, seat, rng) -> state

It takes the masked view as ``seat`` sees it and a ``random.Random``, and returns a complete
state that ``legal_moves``/``apply``/``outcome`` accept, in which everything ``seat`` can see
is unchanged and every hidden part (the opponent's hand, face-down pieces, the order of a
draw pile) is filled in at random among the possibilities consistent with what ``seat``
knows (pieces already seen, counts that are public). It must use only ``rng`` for chance,
never the true state. A game with hidden information declares it by overriding
``GamePlugin.determinize`` in its plug-in (``GamePlugin.has_determinizer`` then says so).
Without it the search plays on the masked view as if it were the whole truth. The Monte Carlo
search grows one tree per determinization; a plug-in with ``hidden_alphabeta`` set has
alpha-beta search a few determinizations instead and average their values (see
``core.ai.determinized``), which suits games where little is hidden.
"""

from core.ai.budget import Budget, StopFlag
from core.ai.levels import LEVELS, Level, find_level
from core.ai.plugin import GamePlugin, plugin_for
from core.ai.searcher import Searcher, SearchStats, choose_move
from core.ai.seeds import move_seed

__all__ = [
    "LEVELS",
    "Budget",
    "GamePlugin",
    "Level",
    "SearchStats",
    "Searcher",
    "StopFlag",
    "choose_move",
    "find_level",
    "move_seed",
    "plugin_for",
]
