"""Named tuples made quickly, for the values a hot loop makes every move."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, TypeVar

T = TypeVar("T", bound=tuple[Any, ...])


def from_fields(cls: type[T]) -> Callable[[tuple[Any, ...]], T]:
    """A maker of ``cls`` values from a tuple of all their fields, in order.

    A named tuple's own ``__new__`` is Python code that takes the fields one by one; calling
    ``tuple.__new__`` on the class directly skips it and gives the same value, at a fraction
    of the cost. The caller passes every field, defaults included.
    """
    return partial(tuple.__new__, cls)
