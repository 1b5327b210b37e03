"""The seats of a new table as its creator chooses them: themselves once, a player to come or
a computer, and one sentence for a choice no table may have."""

from __future__ import annotations

import pytest

from tui.play.identity import PlayerIdentity
from tui.play.seat_choices import ME, OPEN, chosen_holders
from tui.play.table import TableRefusal

ANN = PlayerIdentity("ann", "SHA256:ann")
SEATS = ("South", "North")


def test_each_choice_gives_its_holder() -> None:
    me, computer = chosen_holders("Martian Chess", SEATS, [ME, "computer:easy"], ANN)
    assert me is not None and me.identity == ANN.key and not me.is_computer
    assert computer is not None and computer.is_computer
    assert chosen_holders("Martian Chess", SEATS, [OPEN, ME], ANN)[0] is None


@pytest.mark.parametrize(
    ("seats", "sentence"),
    [
        ([ME], "Martian Chess with these options has 2 seats."),
        ([ME, ME], "You can take only one seat at a table."),
        (["computer:easy", "computer:hard"], "A table needs at least one seat for a person."),
    ],
)
def test_a_choice_no_table_may_have_is_one_sentence(seats: list[str], sentence: str) -> None:
    with pytest.raises(TableRefusal) as refusal:
        chosen_holders("Martian Chess", SEATS, seats, ANN)
    assert str(refusal.value) == sentence
