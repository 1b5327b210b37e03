"""MAC: March and Chomp knowledge for the search: material, captures first, hidden pieces.

A side loses when it has no pieces or no move, so the evaluation counts what each colour
still has on the board, valuing a piece by what it can take: cannons (which jump-capture
anything) and 1s (which take 10s) above their printed number, and a power token in hand a
little. Face-down pieces belong to nobody yet and count for neither side. Twenty turns
without a capture draw the game, so a lead counts for less as they pass, and the side ahead
is rewarded for bringing its pieces near the enemy pieces they beat (``pressure``): without
that the search sees no difference between hunting and marking time until a capture comes
within its horizon. Playouts take their best capture most of the time.

Power tokens multiply a turn's moves: the searches look at a representative set of them
(see ``core.ai.mac_search_moves``).

What a seat cannot see (face-down pieces in Dark Chess, the other hand and the token pile)
is filled in by ``determinize``: the unseen pieces are dealt at random from the 30 pieces
less those the seat can see, the unseen tokens from the full set of tokens less its own hand.
The state keeps no list of captured pieces or played tokens, so those may be dealt again: a
small inaccuracy in a guess, never a peek at the truth.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence

from core.ai.mac_search_moves import after_token, kept_moves, searched_moves
from core.ai.plugin import GamePlugin
from core.games.mac.board import SIZE, WIDTH
from core.games.mac.movegen import piece_moves
from core.games.mac.moves import MOVE, MacMove
from core.games.mac.pieces import (
    ARMY,
    BLUE,
    CANNON,
    CAPTURES,
    DOUBLE_STEP,
    FACE_UP_COLOUR,
    HIDDEN,
    PEEK,
    PIECE,
    PLUS_ONE,
    PUSH,
    RED,
    TOKENS_PER_KIND,
    UNKNOWN_TOKEN,
    colour_of,
    piece,
    printed,
    strength,
)
from core.games.mac.state import DARK, QUIET_LIMIT, MacState

#: Piece values, in "pieces": a cannon and a 1 are worth more than their number says.
CANNON_VALUE = 4.0
ONE_VALUE = 2.0
BASE_VALUE = 1.0
PER_STRENGTH = 0.4
#: A lead of this much material is worth about 73%.
SCALE = 4.0
#: The least a lead still counts for on the last quiet turn before the draw (see ``evaluate``).
LAST_QUIET_TURN_WEIGHT = 0.25
#: How often a playout takes its best capture when it has one.
GREEDY_PLAYOUT = 0.7
#: A power token in hand, in "pieces": less than any piece, so a capture that hands the
#: loser a token still gains.
TOKEN_VALUE = 0.3
#: The side ahead by at least this much is rewarded for bringing its pieces near enemy
#: pieces they beat (see ``pressure``), so that it seeks the next capture before the
#: twenty-turn draw instead of marking time.
PRESSURE_LEAD = 0.9
#: What the pressure on one enemy piece is worth at distance 1, in "pieces".
PRESSURE_WEIGHT = 0.12


def piece_value(code: int) -> float:
    number = printed(code)
    if number == CANNON:
        return CANNON_VALUE
    if number == 1:
        return ONE_VALUE + (PER_STRENGTH if strength(code) > 1 else 0.0)
    return BASE_VALUE + PER_STRENGTH * strength(code)


#: ``VALUE[code]`` for every square code (0 for anything that is not a face-up piece).
VALUE: tuple[float, ...] = tuple(
    piece_value(code) if FACE_UP_COLOUR[code] >= 0 else 0.0 for code in range(256)
)


#: ``DISTANCE[a][b]``: the number of orthogonal steps from square ``a`` to square ``b``.
DISTANCE: tuple[tuple[int, ...], ...] = tuple(
    tuple(abs(a % WIDTH - b % WIDTH) + abs(a // WIDTH - b // WIDTH) for b in range(SIZE))
    for a in range(SIZE)
)
FARTHEST = max(max(row) for row in DISTANCE)


def pressure(board: Sequence[int], chasers: Sequence[int], targets: Sequence[int]) -> float:
    """How closely the pieces on ``chasers`` hunt the enemy pieces on ``targets``: for each
    target that some chaser beats with a step, 1 when such a chaser stands next to it, less
    the farther the nearest one is, summed over the targets."""
    hunters = [(CAPTURES[board[square]], DISTANCE[square]) for square in chasers]
    total = 0
    for target in targets:
        code = board[target]
        nearest = FARTHEST + 1
        for beaten, distance in hunters:
            if beaten[code] and distance[target] < nearest:
                nearest = distance[target]
        if nearest <= FARTHEST:
            total += FARTHEST + 1 - nearest
    return total / FARTHEST


class MacPlugin(GamePlugin[MacState, MacMove]):
    # Alpha-beta with its capture search; where something is hidden (the other hand of
    # tokens, face-down pieces), on a few positions drawn by ``determinize``.
    algorithm = "alphabeta"
    hidden_alphabeta = True
    playout_depth = 12

    def evaluate(self, state: MacState) -> Sequence[float]:
        colours = state.colour_of_seat
        if colours[0] < 0:
            return (0.5, 0.5)
        board = state.board
        material = [0.0, 0.0]
        squares: tuple[list[int], list[int]] = ([], [])
        for square, code in enumerate(board):
            colour = FACE_UP_COLOUR[code]
            if colour >= 0:
                material[colour] += VALUE[code]
                squares[colour].append(square)
        if state.tokens:
            material[colours[0]] += TOKEN_VALUE * len(state.hands[0])
            material[colours[1]] += TOKEN_VALUE * len(state.hands[1])
        lead = material[colours[0]] - material[colours[1]]
        # Twenty turns without a capture draw the game: the nearer that draw, the less a lead
        # is worth, so the side ahead keeps capturing instead of drifting into the draw.
        left = (QUIET_LIMIT - state.quiet) / QUIET_LIMIT
        lead *= max(LAST_QUIET_TURN_WEIGHT, left)
        if not state.to_place and abs(material[0] - material[1]) >= PRESSURE_LEAD:
            ahead = 0 if material[0] > material[1] else 1
            hunt = PRESSURE_WEIGHT * pressure(board, squares[ahead], squares[1 - ahead])
            lead += hunt if colours[0] == ahead else -hunt
        first = 1.0 / (1.0 + math.exp(-lead / SCALE))
        return (first, 1.0 - first)

    def progress(self, before: MacState, after: MacState) -> bool:
        """A placement, a capture or a flip: what starts the rules' own count of quiet turns
        again (twenty of them draw the game in any case)."""
        return after.quiet == 0

    def _captured_value(self, state: MacState, move: MacMove) -> float:
        """The value of the enemy piece ``move`` ends on (0 if it captures nothing), on the
        board as the move's token (a push) leaves it."""
        if move.kind != MOVE:
            return 0.0
        board: Sequence[int] = state.board
        if move.token_path:
            board = after_token(board, move)
        code = board[move.path[-1]]
        mover = FACE_UP_COLOUR[board[move.path[0]]]
        if FACE_UP_COLOUR[code] < 0 or FACE_UP_COLOUR[code] == mover:
            return 0.0
        return VALUE[code]

    def search_moves(self, state: MacState, moves: Sequence[MacMove]) -> Sequence[MacMove]:
        """Every action without a token, and the token moves that capture what no action
        without a token could (see ``core.ai.mac_search_moves``)."""
        return kept_moves(state, moves)

    def searched_moves(self, state: MacState) -> Sequence[MacMove]:
        return searched_moves(state)

    def order_moves(self, state: MacState, moves: Sequence[MacMove]) -> Sequence[MacMove]:
        return sorted(moves, key=lambda move: -self._captured_value(state, move))

    def tactical_moves(self, state: MacState, moves: Sequence[MacMove]) -> Sequence[MacMove]:
        scored = [(self._captured_value(state, move), move) for move in moves]
        return [move for value, move in sorted(scored, key=lambda pair: -pair[0]) if value]

    def capture_search_moves(self, state: MacState) -> Sequence[MacMove]:
        """Captures without a token, best first: a token's capture is searched in the main
        search, but in the capture search at its leaves every pairing of a token with a
        capture would cost more than it finds."""
        if state.to_place or state.result is not None:
            return ()
        colour = state.colour_of_seat[state.to_move]
        if colour < 0:
            return ()
        moves = piece_moves(state.board, colour, state.portals)
        return self.tactical_moves(state, moves)

    def playout_move(
        self, state: MacState, moves: Sequence[MacMove], rng: random.Random
    ) -> MacMove:
        if rng.random() < GREEDY_PLAYOUT:
            best, best_value = None, 0.0
            for move in moves:
                value = self._captured_value(state, move)
                if value > best_value:
                    best, best_value = move, value
            if best is not None:
                return best
        return moves[rng.randrange(len(moves))]

    def determinize(self, view: MacState, seat: int, rng: random.Random) -> MacState:
        """A complete position that looks to ``seat`` exactly like ``view``: MAC hides
        face-down pieces and power tokens, so its plug-in declares this hook."""
        hidden = [square for square, code in enumerate(view.board) if code == HIDDEN]
        unknown_tokens = sum(token == UNKNOWN_TOKEN for hand in view.hands for token in hand) + sum(
            token == UNKNOWN_TOKEN for token in view.pile
        )
        if not hidden and not unknown_tokens:
            return view
        board = list(view.board)
        for square, code in zip(hidden, _deal_pieces(view, len(hidden), rng), strict=True):
            board[square] = code
        dealt = tuple(board)
        # Face-down pieces never move, so earlier boards hid the same squares.
        history = tuple(
            tuple(dealt[sq] if code == HIDDEN else code for sq, code in enumerate(earlier))
            for earlier in view.history
        )
        tokens = iter(_deal_tokens(view, seat, unknown_tokens, rng))
        hands = tuple(
            tuple(sorted(next(tokens) if t == UNKNOWN_TOKEN else t for t in hand))
            for hand in view.hands
        )
        pile = tuple(next(tokens) if t == UNKNOWN_TOKEN else t for t in view.pile)
        return view._replace(board=dealt, history=history, hands=hands, pile=pile)


def _deal_pieces(view: MacState, count: int, rng: random.Random) -> list[int]:
    """``count`` face-down pieces drawn from those ``view`` does not show."""
    unseen = Counter((colour, number) for colour in (RED, BLUE) for number in ARMY)
    for code in view.board:
        if code >= PIECE:
            unseen[colour_of(code), printed(code)] -= 1
    pool = [key for key, left in sorted(unseen.items()) for _ in range(max(left, 0))]
    rng.shuffle(pool)
    return [piece(number, colour, face_down=True) for colour, number in pool[:count]]


def _deal_tokens(view: MacState, seat: int, count: int, rng: random.Random) -> list[int]:
    """``count`` tokens drawn from the whole set less the ones ``seat`` holds."""
    kinds = [PLUS_ONE, DOUBLE_STEP, PUSH] + ([PEEK] if view.mode == DARK else [])
    unseen = Counter({kind: TOKENS_PER_KIND for kind in kinds})
    unseen.subtract(token for token in view.hands[seat] if token != UNKNOWN_TOKEN)
    pool = [kind for kind, left in sorted(unseen.items()) for _ in range(max(left, 0))]
    rng.shuffle(pool)
    return pool[:count]


PLUGIN = MacPlugin
