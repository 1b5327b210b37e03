"""Helpers for sets of squares held as the bits of an ``int`` (bitboards)."""

from __future__ import annotations

from collections.abc import Iterator


def subsets(bits: int) -> Iterator[int]:
    """Every subset of the bitboard ``bits``, the empty one first."""
    subset = 0
    while True:
        yield subset
        subset = (subset - bits) & bits
        if not subset:
            return
