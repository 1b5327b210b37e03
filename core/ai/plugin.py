"""What the search may know about a particular game, and where that knowledge is found.

``GamePlugin`` is also the generic fallback: random playouts played to the end, no evaluation,
moves in the order the rules list them. A game improves on it with a subclass, exported as
``PLUGIN`` by the module its entry in ``core.registry.GAMES`` names (``core.ai.mac``).
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any, ClassVar, Generic, TypeAlias

from core.game import Game, M, S
from core.outcome import Outcome
from core.registry import game_entries

#: ``determinize(view_state, seat, rng) -> state``: see the package documentation.
Determinizer: TypeAlias = Callable[[S, int, random.Random], S]

#: Values of a finished game for one seat, in reward units.
WIN, DRAW, LOSS = 1.0, 0.5, 0.0


def outcome_value(outcome: Outcome, seat: int) -> float:
    """What ``outcome`` is worth to ``seat``: 1 for a winner (team-mates included), 0.5 for
    everybody in a draw, 0 otherwise."""
    if not outcome.winners:
        return DRAW
    return WIN if seat in outcome.winners else LOSS


class GamePlugin(Generic[S, M]):
    """Game knowledge for the search; every method has a generic default.

    Values are rewards in [0, 1] per seat: 1 is a certain win, 0 a certain loss.
    """

    #: The search ``auto`` levels use: ``"mcts"`` or ``"alphabeta"`` (needs ``evaluate``).
    algorithm: ClassVar[str] = "mcts"
    #: The UCT exploration constant (rewards are in [0, 1]).
    exploration: ClassVar[float] = 0.7
    #: Plies a Monte Carlo playout runs before ``evaluate`` cuts it short (when it can).
    playout_depth: ClassVar[int] = 12
    #: A playout that reaches this many plies without a result counts as a draw.
    max_playout_plies: ClassVar[int] = 400
    #: How many plies of ``tactical_moves`` the alpha-beta search follows past its depth.
    quiescence_depth: ClassVar[int] = 6
    #: When something is hidden: whether alpha-beta may search positions drawn by the
    #: determinization hook and average them (see ``core.ai.determinized``); Monte Carlo
    #: tree search otherwise.
    hidden_alphabeta: ClassVar[bool] = False
    #: How much less than an even game a draw is worth to the side searching (alpha-beta):
    #: above 0 the computer plays on for a win rather than settle for a sure draw.
    contempt: ClassVar[float] = 0.0
    #: Plies without ``progress`` after which the computer takes a game that is going
    #: nowhere for a draw: a draw is then worth ``weariness`` more than an even game, so that
    #: it calls a clock or repeats a position rather than shuffle on for ever. Before that
    #: the contempt fades in proportion (see ``draw_bias``).
    patience: ClassVar[int] = 40
    weariness: ClassVar[float] = 0.05
    #: Plies without ``progress`` after which the computer leans towards the moves that
    #: ``advance`` the game towards an ending (``None``: never), and the plies over which
    #: that lean grows by ``full_urge`` (see ``urge``).
    urge_after: ClassVar[int | None] = None
    urge_growth: ClassVar[int] = 40
    #: The margin, in reward units, by which an advancing move may fall short of the best
    #: ``urge_growth`` plies after ``urge_after``: more than any evaluation spans, less than
    #: a lost game. It keeps growing, so that in the end a move that ends the game is played
    #: even when it loses.
    full_urge: ClassVar[float] = 1.2

    def __init__(self, game: Game[S, M]) -> None:
        self.game = game
        #: Plies played without ``progress`` before the position searched (the search sets
        #: it from the game's record; 0 when the history is unknown).
        self.quiet_plies = 0

    # -- a game that goes nowhere -----------------------------------------------------------

    def progress(self, before: S, after: S) -> bool:
        """Whether the move from ``before`` to ``after`` changed the game for good (a capture,
        a tile drawn): the count of quiet plies starts again. Default: nothing is progress,
        so the length of the game itself measures how long it has gone on."""
        return False

    @property
    def draw_bias(self) -> float:
        """What a draw is worth above an even unfinished game, ``quiet_plies`` into a stretch
        without progress: ``-contempt`` at first, ``weariness`` once ``patience`` runs out."""
        share = min(1.0, self.quiet_plies / self.patience)
        return (1.0 - share) * -self.contempt + share * self.weariness

    def advances(self, before: S, after: S) -> bool:
        """Whether the move from ``before`` to ``after`` brings one of the rules' endings
        nearer: what a computer tired of a game going nowhere plays (see ``urge``; a move
        that ends the game always counts). Default: ``progress``."""
        return self.progress(before, after)

    def urge(self, state: S) -> float:
        """How far below the best move, in reward units, an advancing move may be valued
        and still be played from ``state``, ``quiet_plies`` into a stretch without progress:
        0 up to ``urge_after`` plies, then growing by ``full_urge`` every ``urge_growth``
        plies, without end.

        For games whose only endings need a side to give something up (with no draw to
        take): once both sides would rather wait for ever, the computer gives way first to a
        move that costs it a little, later to one that costs it more, and in the end to one
        that loses, so that a game between computers always ends."""
        if self.urge_after is None:
            return 0.0
        over = self.quiet_plies - self.urge_after
        return 0.0 if over <= 0 else self.full_urge * over / self.urge_growth

    @property
    def has_evaluation(self) -> bool:
        """True when ``evaluate`` is overridden (alpha-beta and short playouts need it)."""
        return type(self).evaluate is not GamePlugin.evaluate

    def evaluate(self, state: S) -> Sequence[float] | None:
        """How good an unfinished ``state`` is for each seat (indexed by seat), or ``None``."""
        return None

    def playout_move(self, state: S, moves: Sequence[M], rng: random.Random) -> M:
        """The move a Monte Carlo playout makes from ``state`` (default: uniformly random)."""
        return moves[rng.randrange(len(moves))]

    def order_moves(self, state: S, moves: Sequence[M]) -> Sequence[M]:
        """``moves`` with the most promising first, for alpha-beta cut-offs."""
        return moves

    def search_moves(self, state: S, moves: Sequence[M]) -> Sequence[M]:
        """The moves the tree searches look at in ``state`` (default: every legal move).

        A game whose turns offer hundreds of moves that differ only in degree (every amount
        of gold on every tile) may keep a representative few, so that the search can look
        deeper; the computer then plays one of these. Playouts still see every move. Every
        move returned is legal, and the list is never empty when ``moves`` is not.
        """
        return moves

    def searched_moves(self, state: S) -> Sequence[M]:
        """``search_moves`` of every legal move of ``state``: what the tree searches expand.

        A plug-in whose ``search_moves`` keeps a small part of a long list may build that part
        directly, without listing every legal move first; it must give the same moves.
        """
        return self.search_moves(state, self.game.legal_moves(state))

    def tactical_moves(self, state: S, moves: Sequence[M]) -> Sequence[M]:
        """The moves that change the material balance (captures, goal moves): the alpha-beta
        search keeps following these past its depth so it never stops in mid-exchange.
        ``moves`` are the ``searched_moves`` of ``state``."""
        return ()

    def capture_search_moves(self, state: S) -> Sequence[M]:
        """The moves the capture search follows from ``state``: ``tactical_moves`` of the
        searched moves. A plug-in may find them more cheaply (the capture search visits most
        of the positions an alpha-beta search sees) or keep fewer there than in the main
        search."""
        moves = self.searched_moves(state)
        return self.tactical_moves(state, moves) if moves else ()

    def allies(self, state: S, seat: int) -> frozenset[int]:
        """The seats playing for the same result as ``seat`` (its team), itself included."""
        return frozenset((seat,))

    # -- hidden information ------------------------------------------------------------------

    @property
    def has_determinizer(self) -> bool:
        """True when ``determinize`` is overridden: the game hides something (a hand, face-down
        pieces) and its plug-in declares how to fill it in."""
        return type(self).determinize is not GamePlugin.determinize

    def determinize(self, view: S, seat: int, rng: random.Random) -> S:
        """A complete state that looks to ``seat`` exactly like ``view``, every hidden part
        filled in at random with ``rng`` among the possibilities consistent with what ``seat``
        knows (see the package documentation). Default: ``view`` itself; the search then
        plays on the masked view as if it were the whole truth, in one tree."""
        return view

    def determinizer(self) -> Determinizer[S] | None:
        """``determinize`` when the plug-in declares one, else ``None``."""
        return self.determinize if self.has_determinizer else None


def plugin_for(game: Game[S, M]) -> GamePlugin[S, M]:
    """The plug-in for ``game``: the ``PLUGIN`` of the computer player its registry entry
    names, or the generic one for a game outside the registry."""
    for entry in game_entries():
        if entry.id == game.id and entry.computer_player:
            plugin: GamePlugin[S, M] = _plugin_class(entry.computer_player)(game)
            return plugin
    return GamePlugin(game)


@cache
def _plugin_class(module: str) -> type[GamePlugin[Any, Any]]:
    """The ``PLUGIN`` of ``module``, imported on first use."""
    plugin = getattr(importlib.import_module(module), "PLUGIN", None)
    if not (isinstance(plugin, type) and issubclass(plugin, GamePlugin)):
        raise TypeError(f"{module} does not export a computer player as PLUGIN")
    return plugin
