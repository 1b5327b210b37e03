"""Debts: a mutable working copy of a position that pays and collects them, in order.

Payment is automatic (a ruling): loose gold first, then whole stacks, smallest first (equal
stacks in square order), and no change is given. A surrendered stack leaves its tile, which
shows its own colour again. In Tiles mode a debt of n is paid by turning n tiles of the
payer's colour that carry no pawn over to the payee's colour, those nearest the payer's own
back rank first (then from file a). A player who cannot pay in full, or in Tiles mode would
keep only the tiles under their pawns, loses and pays nothing.
"""

from __future__ import annotations

from typing import NamedTuple

from core.games.chase.board import COLOUR, SIZE, SOUTH
from core.games.chase.state import TILES, ChaseState
from core.games.chase.survey import survey

#: Kinds of debt, as ``Debt.kind``.
JUMPED, CROSSED, PIVOTED, TAUNTED, STRANDED = "jumped", "crossed", "pivot", "taunt", "stranded"


class Debt(NamedTuple):
    """One debt of a turn: who owed how much for what, and what they handed over.

    ``paid`` can exceed ``amount`` (no change is given); ``given`` lists the squares whose
    stacks (Tiles mode: tiles) went to the payee; ``paid`` is 0 and ``settled`` False when the
    payer could not pay and lost.
    """

    kind: str
    payer: int
    amount: int
    paid: int
    square: int
    given: tuple[int, ...]
    settled: bool


def payment_order(seat: int) -> tuple[int, ...]:
    """Squares in the order a seat turns its tiles over in Tiles mode: own back rank first."""
    ranks = range(SIZE) if seat == SOUTH else range(SIZE - 1, -1, -1)
    return tuple(rank * SIZE + file for rank in ranks for file in range(SIZE))


PAYMENT_ORDER = (payment_order(0), payment_order(1))


class Ledger:
    """A position being changed by one turn; ``debts`` records every debt in order."""

    def __init__(self, state: ChaseState) -> None:
        self.mode = state.mode
        self.exits = list(state.exits)
        self.turned = state.turned
        #: square -> (size, owner) of every stack.
        self.stacks = {square: (size, owner) for square, size, owner in state.stacks}
        self.pawns = [list(state.pawns[0]), list(state.pawns[1])]
        self.loose = list(state.loose)
        self.debts: list[Debt] = []
        self.loser = -1

    # -- what a seat can pay with ---------------------------------------------------------

    def size(self, square: int) -> int:
        return self.stacks.get(square, (0, -1))[0]

    def owner(self, square: int) -> int:
        return self.stacks.get(square, (0, -1))[1]

    def face(self, square: int) -> int:
        return COLOUR[square] ^ (self.turned >> square & 1)

    def stacks_of(self, seat: int) -> list[tuple[int, int]]:
        """``(size, square)`` of the seat's stacks, smallest first."""
        return sorted(
            (size, square) for square, (size, owner) in self.stacks.items() if owner == seat
        )

    def free_tiles(self, seat: int) -> list[int]:
        """Tiles mode: the seat's tiles with no pawn on them, in the order they are given."""
        taken = set(self.pawns[0]) | set(self.pawns[1])
        return [
            square
            for square in PAYMENT_ORDER[seat]
            if self.exits[square] and self.face(square) == seat and square not in taken
        ]

    def can_pay(self, seat: int, amount: int) -> bool:
        if self.mode == TILES:
            return len(self.free_tiles(seat)) > amount
        return self.loose[seat] + sum(size for size, _ in self.stacks_of(seat)) >= amount

    # -- paying -----------------------------------------------------------------------------

    def pay(self, kind: str, payer: int, amount: int, square: int = -1) -> bool:
        """Settle one debt; False (and ``loser`` set) when the payer cannot."""
        if not self.can_pay(payer, amount):
            self.debts.append(Debt(kind, payer, amount, 0, square, (), False))
            self.loser = payer
            return False
        payee = 1 - payer
        given: list[int] = []
        if self.mode == TILES:
            given = self.free_tiles(payer)[:amount]
            for tile in given:
                self.turned ^= 1 << tile
            paid = amount
        else:
            paid = min(self.loose[payer], amount)
            self.loose[payer] -= paid
            for size, stack in self.stacks_of(payer):
                if paid >= amount:
                    break
                del self.stacks[stack]
                given.append(stack)
                paid += size
            self.loose[payee] += paid
        self.debts.append(Debt(kind, payer, amount, paid, square, tuple(given), True))
        return True

    # -- moving pieces ----------------------------------------------------------------------

    def move_pawn(self, seat: int, start: int, end: int) -> None:
        pawns = self.pawns[seat]
        pawns[pawns.index(start)] = end

    def take_stack(self, square: int) -> int:
        return self.stacks.pop(square, (0, -1))[0]

    def put_gold(self, seat: int, square: int, amount: int) -> None:
        """Add coins on top of a stack (or start one); the whole stack becomes ``seat``'s."""
        self.stacks[square] = (self.size(square) + amount, seat)

    def stranded(self, seat: int) -> list[int]:
        """The seat's pawns on a tile they do not control (Gold mode has no tiles to strand on)."""
        stranded = []
        for square in sorted(self.pawns[seat]):
            if self.exits[square]:
                size, owner = self.stacks.get(square, (0, -1))
                if (owner if size else self.face(square)) != seat:
                    stranded.append(square)
        return stranded

    def board(self) -> dict[str, object]:
        """The changed fields, ready to go into a ``ChaseState``."""
        return {
            "exits": tuple(self.exits),
            "turned": self.turned,
            "stacks": tuple(
                (square, size, owner) for square, (size, owner) in sorted(self.stacks.items())
            ),
            "pawns": (tuple(sorted(self.pawns[0])), tuple(sorted(self.pawns[1]))),
            "loose": (self.loose[0], self.loose[1]),
        }


def can_pay(state: ChaseState, seat: int, amount: int) -> bool:
    """Whether ``seat`` could pay ``amount`` now (see ``Ledger.can_pay``), without copying."""
    if state.mode == TILES:
        facts = survey(state)
        free = facts.colour[seat] & facts.tiles & ~(facts.pawns[0] | facts.pawns[1])
        return free.bit_count() > amount
    if state.loose[seat] >= amount:
        return True
    owned = sum(size for _, size, owner in state.stacks if owner == seat)
    return state.loose[seat] + owned >= amount
