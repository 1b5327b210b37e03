"""The running pawnshop app, typed, for screens that call its navigation and storage."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from textual.dom import DOMNode

if TYPE_CHECKING:
    from tui.app import PawnshopApp


def host(node: DOMNode) -> PawnshopApp:
    return cast("PawnshopApp", node.app)
