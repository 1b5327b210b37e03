"""Seeds of new games."""

from __future__ import annotations

import os


def random_seed() -> int:
    """A fresh seed for a new game (os.urandom: the secrets module costs start-up time)."""
    return int.from_bytes(os.urandom(4), "big") % 2**31
