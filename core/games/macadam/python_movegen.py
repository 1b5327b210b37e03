"""Every legal slide and jump from a bitboard position, in Python.

This is the reference generator: ``movegen`` uses it where the C generator (``_movegen.c``)
was not built, and the tests hold the C generator to it, move for move and in order. It is
imported only when needed, as its tables take a tenth of a second and 20 MB to make.

A slide runs orthogonally over empty squares of the mover's own half and never enters the
mover's own goal, so the slides of a pawn depend only on which squares of its rank and file
(within that room) are taken: they are looked up by that occupancy. A jump goes over an
adjacent pawn of the mover to the empty square beyond, in any of the eight directions, never
landing on a square already landed on this turn (the start included) nor on the mover's own
goal; the jumps open from a square are looked up by which neighbours hold the mover's pawns.
Chains are followed depth first, every prefix being a move of its own.

The tables are filled in full at import (some 44,000 slide entries, 9,000 first-jump and
9,000 further-jump entries, 34,000 second-jump entries, and 3,000 rows of third-jump moves),
from what the walkers (``walks``) that also explain a refused move say of each slide and
jump, and are plain dicts or tuples, which Python indexes fastest. Everything a pawn needs is
reached without arithmetic on its square: the pawns of a seat are gathered from its ranks,
each rank's byte of the bitboard naming a ready tuple of its pawns with their tables, and
each jump carries the table of the square it lands on, so a chain goes on from there with
one look-up. The moves of the first three jumps of a chain are made once, at import,
rather than each time they are found: the second jump is tabled for each start and first
landing square, the third by its landing square for each start, first and second landing
square. Most chains stop there; longer ones make their moves as they go, from the landing
squares and their bits of the first three jumps, also made at import.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, TypeVar

from core.bitboards import subsets
from core.games.macadam.board import NORTH, SOUTH, mask
from core.games.macadam.lines import JUMP_LINES, slide_rays
from core.games.macadam.moves import PawnMove, step_move
from core.games.macadam.walks import walk_jump, walk_slide

_new_pawn_move = tuple.__new__
#: The largest answer a board gives a probe at a free landing square (see ``Probe``).
_FREE = (1 << 64) - 1
T = TypeVar("T")

#: The slides from a square, keyed by which squares of its slide cross are taken.
SlideTable = dict[int, tuple[PawnMove, ...]]
#: A board is the mover's pawns in its low 64 bits and every taken square (and every square
#: landed on so far) in its high 64 bits. A probe of a jump asks it two things with one
#: ``&``: the landing square's bit in the high half, and in the low half the neighbours to
#: look at there, all but the pawn just jumped over (from the landing square it could only
#: be jumped straight back, onto a square already landed on). ``board & probe`` is above
#: ``_FREE`` if the landing square is taken; else it is the key of the landing square's
#: jump table: which of those neighbours hold the mover's pawns.
Probe = int
#: A jump of a chain going on (the third of a chain or later): ``(landing square, its bit in
#: the high half of a board, the jump's probe, the jump table of the landing square)``.
JumpStep = tuple[int, int, Probe, "JumpTable"]
#: The jumps from a square, keyed by which of its neighbours hold the mover's pawns: those
#: landing on the board and off the mover's own goal (whether the landing square is free is
#: for the caller to check).
JumpTable = dict[int, tuple[JumpStep, ...]]
#: The second jump of a chain, which belongs to one start and one first landing square, so
#: its move is made in advance: ``(the jump's probe, the move start-first-second, the jump
#: table of the landing square, the moves of the third jumps from there indexed by their
#: landing square, and each third jump's chain so far keyed by its landing square)``. The
#: third jumps are found in the shared jump table and their moves, which belong to the whole
#: chain, read from the fourth (``None`` on squares no third jump lands on); the last serves
#: the rare chains that go on.
SecondJump = tuple[Probe, PawnMove, JumpTable, tuple[PawnMove | None, ...], "dict[int, ChainSoFar]"]
#: A chain of three jumps, as a longer chain needs it: ``(its three landing squares, their
#: bits in the high half of a board)``, made in advance rather than each time a chain goes on.
ChainSoFar = tuple[tuple[int, int, int], int]
#: The first jump of a pawn: ``(the jump's probe, the single jump as a move, the second
#: jumps from there keyed like a jump table)``.
FirstJump = tuple[Probe, PawnMove, dict[int, tuple[SecondJump, ...]]]


def _table(parts: list[list[tuple[list[int], tuple[T, ...]]]]) -> dict[int, tuple[T, ...]]:
    """A look-up table built from independent parts of its key.

    Each part lists its alternatives as (the keys that choose it, its values); the parts'
    keys are disjoint bitboards. The table maps every union of one key from each part to
    the values of the chosen alternatives, one after the other.
    """
    combined: list[tuple[list[int], tuple[T, ...]]] = [([0], ())]
    for part in parts:
        combined = [
            ([key | more for key in keys for more in extra], found + values)
            for keys, found in combined
            for extra, values in part
        ]
    table: dict[int, tuple[T, ...]] = {}
    for keys, values in combined:
        table.update(dict.fromkeys(keys, values))
    return table


def _by_friends(jumps: list[tuple[int, T]]) -> dict[int, tuple[T, ...]]:
    """A table of ``(square jumped over, jump)`` pairs keyed by every set of squares that
    hold the mover's pawns: each key gets the jumps over its squares, in the given order."""
    table: dict[int, tuple[T, ...]] = {0: ()}
    for over, jump in jumps:
        # Every key so far, with and without this square among the mover's pawns.
        table |= {friends | 1 << over: (*found, jump) for friends, found in table.items()}
    return table


def _slides(seat: int, square: int) -> tuple[int, SlideTable]:
    """The slide cross of a pawn of ``seat`` on ``square`` and its slide table: the slides
    of each ray by its nearest taken square, as ``walk_slide`` finds them."""
    rays = slide_rays(seat, square)
    parts = []
    for ray in rays:
        part = []
        # The slides of a ray depend only on its nearest taken square, whatever lies beyond.
        for nearest in (None, *range(len(ray))):
            if nearest is None:
                keys, taken = [0], 0
            else:
                taken = 1 << ray[nearest]
                keys = [taken | beyond for beyond in subsets(mask(ray[nearest + 1 :]))]
            slides = (walk_slide(seat, 1 << square, taken, square, target) for target in ray)
            part.append((keys, tuple(move for move in slides if isinstance(move, PawnMove))))
        parts.append(part)
    return mask(target for ray in rays for target in ray), _table(parts)


def _probe(neighbours: list[int], land: int, over: int) -> Probe:
    """The probe of a jump landing on ``land`` over ``over``."""
    return 1 << 64 + land | neighbours[land] & ~(1 << over)


def _further_jumps(lines: list[list[tuple[int, int]]], neighbours: list[int]) -> list[JumpTable]:
    """Per square, the table of the jumps that go on from it (the third of a chain or later)."""
    tables: list[JumpTable] = [{} for _ in lines]
    for square, open_lines in enumerate(lines):
        steps = [
            (over, (land, 1 << 64 + land, _probe(neighbours, land, over), tables[land]))
            for over, land in open_lines
        ]
        tables[square].update(_by_friends(steps))
    return tables


@cache
def _chain_so_far(first: int, second: int, third: int) -> ChainSoFar:
    """The chain landing on ``first``, ``second`` and ``third``: one value for every start."""
    return (first, second, third), (1 << first | 1 << second | 1 << third) << 64


def _lands_again(seat: int, over: int, landed: int, here: int, there: int) -> bool:
    """Whether ``walk_jump`` refuses a jump of a chain from ``here`` over ``over`` to
    ``there`` on an otherwise empty board, the chain having landed on ``landed``: whether it
    lands twice on one square."""
    return walk_jump(seat, 1 << over, 0, landed, here, there, True) is not None


def _first_jumps(
    seat: int,
    start: int,
    lines: list[list[tuple[int, int]]],
    neighbours: list[int],
    further: list[JumpTable],
) -> dict[int, tuple[FirstJump, ...]]:
    """The first jumps of a pawn on ``start``, each with the second jumps that follow it."""
    firsts = []
    for over, land in lines[start]:
        seconds = []
        for over2, land2 in lines[land]:
            if _lands_again(seat, over2, 1 << start, land, land2):  # back onto the start
                continue
            triples: list[PawnMove | None] = [None] * 64
            chains: dict[int, ChainSoFar] = {}
            landed = 1 << start | 1 << land
            for over3, land3 in lines[land2]:
                # Not back over the second pawn, onto the first landing; nor onto the start,
                # which the pawn that moves keeps taken until the move is made.
                if not _lands_again(seat, over3, landed, land2, land3):
                    triples[land3] = _new_pawn_move(PawnMove, (start, land3, (land, land2)))
                    chains[land3] = _chain_so_far(land, land2, land3)
            double = _new_pawn_move(PawnMove, (start, land2, (land,)))
            probe = _probe(neighbours, land2, over2)
            second = (probe, double, further[land2], tuple(triples), chains)
            seconds.append((over2, second))
        single = step_move(start, land)
        firsts.append((over, (_probe(neighbours, land, over), single, _by_friends(seconds))))
    return _by_friends(firsts)


#: A pawn of a seat on a square: ``(its slide cross (0 off the seat's own half, where a
#: pawn cannot slide), its slide table, its neighbours, its first jumps keyed by which of
#: those neighbours hold the mover's pawns)``. The square itself is not needed: the moves
#: carry it.
PawnSquare = tuple[int, SlideTable, int, dict[int, tuple[FirstJump, ...]]]


def _pawn_squares(seat: int) -> tuple[PawnSquare, ...]:
    lines = JUMP_LINES[seat]
    neighbours = [mask(over for over, _ in open_lines) for open_lines in lines]
    further = _further_jumps(lines, neighbours)
    pawn_squares = []
    for start in range(64):
        cross, slides = _slides(seat, start)
        firsts = _first_jumps(seat, start, lines, neighbours, further)
        pawn_squares.append((cross, slides, neighbours[start], firsts))
    return tuple(pawn_squares)


PAWN_SQUARES = (_pawn_squares(SOUTH), _pawn_squares(NORTH))

#: ``RANKS[seat][rank][byte]``: the pawns of ``seat`` on ``rank`` whose files are the set
#: bits of ``byte``, a-file first.
RANKS = tuple(
    tuple(
        tuple(
            tuple(PAWN_SQUARES[seat][rank * 8 + file] for file in range(8) if byte >> file & 1)
            for byte in range(256)
        )
        for rank in range(8)
    )
    for seat in (SOUTH, NORTH)
)


def python_pawn_moves(own: int, other: int, seat: int) -> list[PawnMove]:
    """Every slide and jump of ``seat``, whose pawns are ``own``, against ``other``.

    The first three jumps of a chain are followed here, without a call; the rest of a chain
    by ``_add_chains``. A pawn's start is an even number of files and ranks from every
    square it lands on, never a neighbour of one, so ``own`` serves for the mover's other
    pawns all along. Until the third jump only taken squares need checking: a second jump
    cannot land on the start, nor a third on the first landing square (either would jump
    back over the pawn just jumped), and a third jump landing on the start finds it taken
    by the pawn that moves. Each jump asks the board (see ``Probe``), with one ``&``, both
    whether its landing square is free and which neighbours there hold the mover's pawns;
    the landing square's jump table is asked only when some do: most landing squares have
    none, and any opens a jump (the tables hold only the neighbours with a square beyond),
    so no table gives an empty answer.

    The pawns are gathered by joining the ready tuples of the eight ranks, and moves are
    added by ``moves.append`` itself rather than an alias: both are markedly cheaper in
    CPython 3.11 than a loop over the ranks and a bound-method alias.
    """
    occupied = own | other
    board = occupied << 64 | own
    r1, r2, r3, r4, r5, r6, r7, r8 = RANKS[seat]
    b8, b7, b6, b5, b4, b3, b2, b1 = own.to_bytes(8)  # big-endian: no byte order to parse
    pawns = r1[b1] + r2[b2] + r3[b3] + r4[b4] + r5[b5] + r6[b6] + r7[b7] + r8[b8]
    moves: list[PawnMove] = []
    for cross, slides, near, firsts in pawns:
        if cross:
            moves += slides[occupied & cross]
        friends = own & near
        if not friends:
            continue
        for probe, single, seconds in firsts[friends]:
            friends = board & probe
            if friends > _FREE:
                continue
            moves.append(single)
            if not friends:
                continue
            for probe, double, thirds, triples, chains in seconds[friends]:
                friends = board & probe
                if friends > _FREE:
                    continue
                moves.append(double)
                if not friends:
                    continue
                for land3, _, probe, onward in thirds[friends]:
                    friends = board & probe
                    if friends > _FREE:
                        continue
                    triple = triples[land3]
                    if TYPE_CHECKING:  # a third jump lands here: its move is in the table
                        assert triple is not None
                    moves.append(triple)
                    if friends:
                        via, via_bits = chains[land3]
                        _add_chains(moves, triple[0], via, board | via_bits, onward[friends])
    return moves


def _add_chains(
    moves: list[PawnMove],
    start: int,
    via: tuple[int, ...],
    board: int,
    onward: tuple[JumpStep, ...],
) -> None:
    """Add the jumps by ``onward`` that go on from the chain from ``start`` whose landing
    squares so far are ``via``, each a move of its own, and every chain going on from them.
    ``board`` (see ``Probe``) counts every square landed on so far as taken."""
    for land, land_bit, probe, table in onward:
        friends = board & probe
        if friends <= _FREE:
            moves.append(_new_pawn_move(PawnMove, (start, land, via)))
            if friends:
                _add_chains(moves, start, (*via, land), board | land_bit, table[friends])
