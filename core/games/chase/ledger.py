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
from core.games.chase.exit_masks import exit_masks, with_exits
from core.games.chase.state import TILES, ChaseState
from core.games.chase.survey import COLOUR_MASK, bits, survey
from core.tuples import from_fields

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


#: A ``Debt`` from a tuple of all its fields (see ``core.tuples``).
_new_debt = from_fields(Debt)
#: A debt as the ledger records it: the fields of its ``Debt``, in order, as a plain tuple
#: (most turns only need to know whether every debt was paid, so the named values are made
#: only when asked for, by ``Ledger.settled``).
DebtFields = tuple[str, int, int, int, int, tuple[int, ...], bool]

#: ``(exits, turned, stacks, pawns, loose)``: the fields of a ``ChaseState`` a turn changes.
BoardParts = tuple[
    tuple[int, ...],
    int,
    tuple[tuple[int, int, int], ...],
    tuple[tuple[int, ...], tuple[int, ...]],
    tuple[int, int],
]
#: Flipping a square's rank (rank r to 7 - r) is an exclusive or with this.
RANK_FLIP = (SIZE - 1) * SIZE


def in_payment_order(mask: int, seat: int) -> list[int]:
    """The squares of ``mask`` in the order the seat turns its tiles over in Tiles mode: its own
    back rank first, each rank from file a. North's order is South's with the ranks flipped,
    that is with the mask's bytes (one per rank) reversed."""
    if seat == SOUTH:
        return bits(mask)
    flipped = int.from_bytes(mask.to_bytes(SIZE, "little"), "big")
    return [square ^ RANK_FLIP for square in bits(flipped)]


class Ledger:
    """A position being changed by one turn; ``debts`` records every debt in order (as
    ``DebtFields``: see ``settled``).

    The parts of the position a turn changes are copied only when it changes them, so that
    ``parts`` can hand the others back as they were."""

    def __init__(self, state: ChaseState) -> None:
        mode, _, exits, turned, stacks, pawns, loose, _, _, _, _, _, _ = state
        self.mode = mode
        #: Tile exits by square, a tuple replaced by ``set_exits``.
        self.exits = exits
        self.turned = turned
        self.pawns = pawns
        self.loose = [loose[0], loose[1]]
        self.debts: list[DebtFields] = []
        self.loser = -1
        self._stacks = stacks
        self._stack_map: dict[int, tuple[int, int]] | None = None
        self._stacks_changed = False

    @property
    def stacks(self) -> dict[int, tuple[int, int]]:
        """square -> (size, owner) of every stack (made when first asked for: most turns
        only look at a stack or two)."""
        if self._stack_map is None:
            self._stack_map = {square: (size, owner) for square, size, owner in self._stacks}
        return self._stack_map

    def stack(self, square: int) -> tuple[int, int]:
        """``(size, owner)`` of the stack on ``square``, ``(0, -1)`` if none."""
        if self._stack_map is not None:
            return self._stack_map.get(square, (0, -1))
        for where, size, owner in self._stacks:
            if where == square:
                return size, owner
        return 0, -1

    # -- what a seat can pay with ---------------------------------------------------------

    def size(self, square: int) -> int:
        return self.stack(square)[0]

    def owner(self, square: int) -> int:
        return self.stack(square)[1]

    def face(self, square: int) -> int:
        return COLOUR[square] ^ (self.turned >> square & 1)

    def stacks_of(self, seat: int) -> list[tuple[int, int]]:
        """``(size, square)`` of the seat's stacks, smallest first."""
        return sorted(
            [(size, square) for square, (size, owner) in self.stacks.items() if owner == seat]
        )

    def free_tile_mask(self, seat: int) -> int:
        """Tiles mode: the seat's tiles with no pawn on them, as a mask."""
        south = COLOUR_MASK[SOUTH] ^ self.turned
        faces = south if seat == SOUTH else ~south
        taken = 0
        for square in (*self.pawns[0], *self.pawns[1]):
            taken |= 1 << square
        return exit_masks(self.exits).tiles & faces & ~taken

    def free_tiles(self, seat: int) -> list[int]:
        """Tiles mode: the seat's tiles with no pawn on them, in the order they are given."""
        return in_payment_order(self.free_tile_mask(seat), seat)

    # -- paying -----------------------------------------------------------------------------

    def pay(self, kind: str, payer: int, amount: int, square: int = -1) -> bool:
        """Settle one debt; False (and ``loser`` set) when the payer cannot: in Tiles mode,
        when they have no more free tiles than the debt; else when their loose gold and
        stacks together fall short."""
        loose = self.loose
        payee = 1 - payer
        given: list[int] = []
        if self.mode == TILES:
            free = self.free_tiles(payer)
            if len(free) <= amount:
                return self._unpaid(kind, payer, amount, square)
            given = free[:amount]
            for tile in given:
                self.turned ^= 1 << tile
            paid = amount
        elif loose[payer] >= amount:
            # Most debts are paid from loose gold: the quick way.
            loose[payer] -= amount
            loose[payee] += amount
            self.debts.append((kind, payer, amount, amount, square, (), True))
            return True
        else:
            stacks = self.stacks_of(payer)
            paid = loose[payer]
            if paid + sum([size for size, _ in stacks]) < amount:
                return self._unpaid(kind, payer, amount, square)
            loose[payer] = 0
            for size, stack in stacks:
                if paid >= amount:
                    break
                self.take_stack(stack)
                given.append(stack)
                paid += size
            loose[payee] += paid
        self.debts.append((kind, payer, amount, paid, square, tuple(given), True))
        return True

    def _unpaid(self, kind: str, payer: int, amount: int, square: int) -> bool:
        """Record a debt the payer cannot pay: they lose and pay nothing."""
        self.debts.append((kind, payer, amount, 0, square, (), False))
        self.loser = payer
        return False

    # -- moving pieces ----------------------------------------------------------------------

    def set_exits(self, square: int, exits: int) -> None:
        """Lay a tile on ``square`` or turn the one there, to show ``exits``."""
        self.exits = with_exits(self.exits, square, exits)

    def move_pawn(self, seat: int, start: int, end: int) -> None:
        moved = tuple(sorted([end if square == start else square for square in self.pawns[seat]]))
        self.pawns = (moved, self.pawns[1]) if seat == SOUTH else (self.pawns[0], moved)

    def take_stack(self, square: int) -> int:
        self._stacks_changed = True
        return self.stacks.pop(square, (0, -1))[0]

    def put_gold(self, seat: int, square: int, amount: int) -> None:
        """Add coins on top of a stack (or start one); the whole stack becomes ``seat``'s."""
        self._stacks_changed = True
        self.stacks[square] = (self.size(square) + amount, seat)

    def stranded(self, seat: int) -> list[int]:
        """The seat's pawns on a tile they do not control (Gold mode has no tiles to strand on)."""
        stranded = []
        for square in self.pawns[seat]:
            if self.exits[square]:
                size, owner = self.stack(square)
                if (owner if size else self.face(square)) != seat:
                    stranded.append(square)
        return stranded

    def settled(self) -> tuple[Debt, ...]:
        """Every debt of the turn so far, in the order they were settled."""
        return tuple(map(_new_debt, self.debts))

    def parts(self) -> BoardParts:
        """``(exits, turned, stacks, pawns, loose)`` as they stand, as ``ChaseState`` holds them."""
        stacks = self._stacks
        if self._stacks_changed:
            stacks = tuple(
                [(square, size, owner) for square, (size, owner) in sorted(self.stacks.items())]
            )
        return self.exits, self.turned, stacks, self.pawns, (self.loose[0], self.loose[1])


def can_pay(state: ChaseState, seat: int, amount: int) -> bool:
    """Whether ``seat`` could pay ``amount`` now (see ``Ledger.can_pay``), without copying."""
    if state.mode == TILES:
        facts = survey(state)
        free = facts.colour[seat] & facts.tiles & ~(facts.pawns[0] | facts.pawns[1])
        return free.bit_count() > amount
    if state.loose[seat] >= amount:
        return True
    owned = sum([size for _, size, owner in state.stacks if owner == seat])
    return state.loose[seat] + owned >= amount
