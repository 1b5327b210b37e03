from typing import NamedTuple

from core.tuples import from_fields


class Point(NamedTuple):
    x: int
    y: int = 0


def test_from_fields_gives_the_same_value_as_the_constructor() -> None:
    make = from_fields(Point)
    made = make((3, 4))
    assert made == Point(3, 4)
    assert type(made) is Point
    assert made.x == 3 and made.y == 4
    assert made._replace(y=5) == Point(3, 5)
