"""Numbers no board needs (past Python's 4,300-digit limit for reading an integer) and digits
that are not ASCII: refused with a sentence wherever a person types them, never a traceback."""

from __future__ import annotations

import pytest

from core.errors import NotationError, OptionError
from core.registry import find_game

HUGE = "9" * 5000


def test_a_square_with_a_huge_or_unusual_number_is_not_a_square() -> None:
    mac = find_game("mac")
    with pytest.raises(OptionError, match="is off the board"):
        mac.new({"mode": "dark", "portals": f"a{HUGE},b3"})
    with pytest.raises(OptionError, match="'a²' is not a square"):
        mac.new({"mode": "dark", "portals": "a²,b3"})


def test_a_huge_amount_of_gold_in_a_typed_chase_move_is_not_a_move() -> None:
    chase = find_game("chase")
    state = chase.new({}, 0)
    with pytest.raises(NotationError, match="is not a Chase move"):
        chase.parse_move(state, f"g{HUGE}:c5")
