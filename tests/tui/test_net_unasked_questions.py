"""A question another player puts (a draw offered, a move to take back) comes unasked, maybe
while this player is typing a move. The Enter that ends the move must never answer yes: from
the first instant the question shows, the button with the focus is the one that says no.
Bob types a move on the move line; Ann asks; Bob's Enter arrives: the game goes on."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from net_helpers import make_hall
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static
from waiting import wait_for

from core.registry import find_game
from tui.net.app import NetApp
from tui.net.question_dialog import QuestionScreen
from tui.net.table_screen import TableScreen
from tui.net.takeback_dialog import TakebackScreen
from tui.play.hall import ME, OPEN
from tui.play.identity import PlayerIdentity
from tui.play.table import Table
from tui.play.table_endings import offer_draw, offered_seats

MARTIAN = find_game("martian-chess")
ANN = PlayerIdentity("ann", "SHA256:ann")
BOB = PlayerIdentity("bob", "SHA256:bob")


async def bob_sits_down(app: NetApp, table: Table) -> None:
    """Bob's session goes to his seat at ``table`` and waits for the table on screen."""
    app.open_table(table)
    await wait_for(
        lambda: isinstance(app.screen, TableScreen) and app.screen.query("#panel-0"),
        what="the table",
    )


def draw_offered(table: Table) -> None:
    offer_draw(table, ANN)


def takeback_asked(table: Table) -> None:
    table.ask_takeback(ANN)


@pytest.mark.parametrize(
    ("ask", "question", "yes_label"),
    [(draw_offered, QuestionScreen, "Accept (y)"), (takeback_asked, TakebackScreen, "Agree (y)")],
    ids=["draw", "takeback"],
)
def test_enter_at_the_instant_a_question_comes_never_answers_yes(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    ask: Callable[[Table], None],
    question: type[Screen[Any]],
    yes_label: str,
) -> None:
    hall = make_hall(tmp_path, games=[MARTIAN])
    focused: list[Widget | None] = []
    set_focus = Screen.set_focus

    def recording(screen: Screen[Any], widget: Widget | None, *args: Any, **kwargs: Any) -> None:
        if isinstance(screen, question):
            focused.append(widget)
        set_focus(screen, widget, *args, **kwargs)

    monkeypatch.setattr(Screen, "set_focus", recording)

    async def main() -> None:
        table = hall.open_table(MARTIAN, {}, [ME, OPEN], ANN)
        table.sit(BOB, 1)
        table.play(ANN, table.record.game.legal_moves(table.record.state)[0])
        app = NetApp(hall, BOB, ascii_board=False)
        async with app.run_test(size=(100, 30)) as pilot:
            await bob_sits_down(app, table)
            await pilot.press("colon", "c", "8", "-", "d")  # bob is typing his move
            ask(table)
            await wait_for(lambda: isinstance(app.screen, question), what="the question")
            await pilot.press("enter")
            await wait_for(lambda: isinstance(app.screen, TableScreen), what="the answer")
            assert focused, "the question never took the focus"
            labels = [str(getattr(widget, "label", widget)) for widget in focused]
            assert yes_label not in labels, f"the focus went to {yes_label}: {labels}"
            assert not table.finished
            assert not offered_seats(table)
            assert table.takeback is None
            assert table.record.current.ply == 1  # ann's move stands

    try:
        asyncio.run(asyncio.wait_for(main(), 60))
    finally:
        hall.close()


def test_the_draw_question_names_who_offers_whatever_news_came_after(tmp_path: Path) -> None:
    """The offer says who asks: news of someone coming or going, told the table in the same
    instant (the table's latest news then says nothing), leaves the question whole."""
    hall = make_hall(tmp_path, games=[MARTIAN])

    async def main() -> None:
        table = hall.open_table(MARTIAN, {}, [ME, OPEN], ANN)
        table.sit(BOB, 1)
        app = NetApp(hall, BOB, ascii_board=False)
        async with app.run_test(size=(100, 30)) as pilot:
            await bob_sits_down(app, table)
            offer_draw(table, ANN)
            table.tell("presence", "")  # as a player's coming or going is told
            await wait_for(
                lambda: (
                    isinstance(app.screen, QuestionScreen) and app.screen.query("#question-text")
                ),
                what="the question",
            )
            question = str(app.screen.query_one("#question-text", Static).render())
            assert question == "ann (South) offers a draw. Accept it?"
            await pilot.press("n")
            await wait_for(lambda: not offered_seats(table), what="the draw declined")

    try:
        asyncio.run(asyncio.wait_for(main(), 60))
    finally:
        hall.close()
