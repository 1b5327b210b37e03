"""Chat in the lobby over the hall: a line typed in one session's lobby shows in another's
with the speaker's name, as plain text; a refusal is one sentence; ``/mute`` hides a person
from that viewer only; a line kept by another process of the server is heard through the
store."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

from hostile_text import CORPUS, LONG, MARKUP
from net_helpers import make_hall
from textual.widgets import Input
from waiting import wait_for

from saves.store.sqlite_players import SqlitePlayerStore
from tui.net.app import NetApp
from tui.net.chat_panel import ChatPanel
from tui.net.server_chat import chat_rooms_of
from tui.play.chat import LOBBY, ChatRefused
from tui.play.identity import PlayerIdentity

ALICE, BOB, CAROL = (PlayerIdentity(name) for name in ("alice", "bob", "carol"))
SIZE = (80, 24)


def chat_text(app: NetApp) -> str:
    """The chat lines the screen on top shows ("" while it shows none)."""
    found = app.screen.query(ChatPanel)
    return found.first().shown_text().plain if found else ""


def note_text(app: NetApp) -> str:
    return app.screen.query_one(ChatPanel).note_sentence


def run(tmp_path: Path, scenario) -> None:  # type: ignore[no-untyped-def]
    hall = make_hall(tmp_path)

    async def main() -> None:
        alice = NetApp(hall, ALICE, ascii_board=False)
        bob = NetApp(hall, BOB, ascii_board=False)
        async with alice.run_test(size=SIZE) as one, bob.run_test(size=SIZE) as two:
            await one.pause()
            await two.pause()
            await scenario(hall, alice, one, bob, two)
        chat_rooms_of(hall).stop()

    try:
        asyncio.run(asyncio.wait_for(main(), 60))
    finally:
        hall.close()


async def say(pilot, text: str) -> None:  # type: ignore[no-untyped-def]
    await pilot.press("c")
    await pilot.pause()
    line = pilot.app.screen.query_one("#chat-input", Input)
    assert pilot.app.screen.focused is line
    line.value = text
    await pilot.press("enter")
    await pilot.pause()


def test_a_line_said_in_one_lobby_shows_in_the_other_with_the_speakers_name(
    tmp_path: Path,
) -> None:
    async def scenario(hall, alice, one, bob, two) -> None:  # type: ignore[no-untyped-def]
        await say(one, "hello bob")
        await wait_for(lambda: "alice: hello bob" in chat_text(bob), what="bob to hear alice")
        assert "alice: hello bob" in chat_text(alice)
        await one.press("escape")
        await one.pause()
        assert alice.screen.focused is not None and alice.screen.focused.id == "tables"

    run(tmp_path, scenario)


def test_every_hostile_text_in_a_chat_line_is_shown_as_plain_text(tmp_path: Path) -> None:
    """Each line of the corpus (those too long are refused before) is shown as typed, once
    cleaned: only the speaker's name is bold, nothing else styles, links or escapes."""

    async def scenario(hall, alice, one, bob, two) -> None:  # type: ignore[no-untyped-def]
        room = chat_rooms_of(hall).room(LOBBY)
        for number, text in enumerate(t for t in CORPUS if t not in LONG):
            try:
                line = room.say(f"key{number}", f"p{number}", text)
            except ChatRefused:
                continue
            said = f"p{number}: {line.text}"
            await wait_for(lambda said=said: said in chat_text(bob), what=repr(text))
            rendered = bob.screen.query_one(ChatPanel).shown_text()
            assert "\x1b" not in rendered.plain and "\x9b" not in rendered.plain
            for span in rendered.spans:  # only each speaker's name is styled: bold
                assert str(span.style) == "bold"
                assert re.fullmatch(r"p\d+", rendered.plain[span.start : span.end])
        for text in MARKUP:
            assert any(line.text == text.strip() for line in room.lines)

    run(tmp_path, scenario)


def test_the_rate_limit_and_a_mute_are_one_sentence_each_and_per_viewer(
    tmp_path: Path,
) -> None:
    async def scenario(hall, alice, one, bob, two) -> None:  # type: ignore[no-untyped-def]
        await say(two, "/mute alice")
        assert note_text(bob) == "alice is muted: you will not see what they say."
        for number in range(5):
            await say(one, f"line {number}")
        await say(one, "one too many")
        assert note_text(alice).startswith("You may send 5 lines in 10 seconds: wait")
        assert "line 4" in chat_text(alice) and "one too many" not in chat_text(alice)
        await say(one, "/mute")
        assert note_text(alice) == "Say whom: /mute NAME."
        # carol is not muted by bob: her line shows, alice's never do
        chat_rooms_of(hall).room(LOBBY).say("carol", "carol", "from carol")
        await wait_for(lambda: "carol: from carol" in chat_text(bob), what="carol's line")
        assert "alice" not in chat_text(bob)

    run(tmp_path, scenario)


def test_a_line_kept_by_another_process_is_heard_through_the_store(tmp_path: Path) -> None:
    async def scenario(hall, alice, one, bob, two) -> None:  # type: ignore[no-untyped-def]
        with SqlitePlayerStore(tmp_path) as elsewhere:
            elsewhere.add_chat_line(LOBBY, "dave", "dave", "from the other worker", 1.0)
        await wait_for(
            lambda: "dave: from the other worker" in chat_text(bob),
            what="the line of the other process",
        )
        assert chat_text(alice).count("from the other worker") == 1

    run(tmp_path, scenario)


def test_at_a_table_tab_opens_the_chat_typed_keys_go_into_it_and_a_player_hides_spectators(
    tmp_path: Path,
) -> None:
    """alice plays, bob watches: what bob types (``u``, the takeback key, among it) reaches
    alice as a line, until alice hides spectators' talk; the board keeps its size."""
    from core.registry import find_game
    from tui.net.table_screen import TableScreen
    from tui.play.hall import ME, OPEN
    from tui.widgets.board import BoardWidget

    async def scenario(hall, alice, one, bob, two) -> None:  # type: ignore[no-untyped-def]
        table = hall.open_table(find_game("martian-chess"), {}, [ME, OPEN], ALICE)
        alice.open_table(table)
        bob.open_table(table)
        for app in (alice, bob):
            await wait_for(lambda app=app: isinstance(app.screen, TableScreen), what="the table")
        await one.pause()
        board_size = alice.screen.query_one(BoardWidget).size
        assert "Tab: chat" in chat_text(alice)
        await two.press("tab", *"up to you", "enter")
        await wait_for(lambda: "bob: up to you" in chat_text(alice), what="bob's line")
        assert table.record.current.ply == 0  # the u typed was chat, not a takeback
        await one.press("tab", *"/spectators off", "enter")
        await one.pause()
        assert note_text(alice) == "Spectators' talk is hidden."
        await two.press(*"still here", "enter")
        await wait_for(lambda: "still here" in chat_text(bob), what="bob's own line")
        await one.press(*"hi bob", "enter", "escape")
        await wait_for(lambda: "alice: hi bob" in chat_text(bob), what="alice's line")
        assert "still here" not in chat_text(alice) and "up to you" not in chat_text(alice)
        assert alice.screen.query_one(BoardWidget).size == board_size
        with SqlitePlayerStore(tmp_path) as store:
            kept = [line.text for line in store.chat_lines(str(table.number))]
        assert kept == ["up to you", "still here", "hi bob"]

    run(tmp_path, scenario)


def test_reviewing_a_game_of_a_table_shows_the_chat_kept_with_it(tmp_path: Path) -> None:
    """The chat of a table is kept in the store; a review of its game (tagged with the
    table's number, as a filed game is) shows it under the moves, to read only."""
    from core.registry import find_game
    from tui.play.hall import ME, OPEN
    from tui.play.table_files import TABLE_TAG
    from tui.screens.board import BoardScreen

    async def scenario(hall, alice, one, bob, two) -> None:  # type: ignore[no-untyped-def]
        table = hall.open_table(find_game("martian-chess"), {}, [ME, OPEN], ALICE)
        with SqlitePlayerStore(tmp_path) as store:
            store.add_chat_line(str(table.number), "bob", "bob", "[b]gg[/b]", 1.0)
        record = table.record
        record.tags[TABLE_TAG] = str(table.number)
        alice.review(record)
        await wait_for(
            lambda: isinstance(alice.screen, BoardScreen) and alice.screen.reviewing,
            what="the review",
        )
        await wait_for(lambda: "bob: [b]gg[/b]" in chat_text(alice), what="the kept chat")
        await one.press("tab", "c")
        await one.pause()
        assert not alice.screen.query("#chat-input.-open")

    run(tmp_path, scenario)


def test_a_line_said_on_one_worker_shows_on_another_sharing_its_store(tmp_path: Path) -> None:
    """Two halls on one data folder stand for two worker processes of one server."""
    first, second = make_hall(tmp_path), make_hall(tmp_path)

    async def main() -> None:
        alice = NetApp(first, ALICE, ascii_board=False)
        bob = NetApp(second, BOB, ascii_board=False)
        assert chat_rooms_of(first) is not chat_rooms_of(second)
        async with alice.run_test(size=SIZE) as one, bob.run_test(size=SIZE) as two:
            await one.pause()
            await two.pause()
            await say(one, "across workers")
            await wait_for(lambda: "alice: across workers" in chat_text(bob), what="bob")
            await say(two, "heard you")
            await wait_for(lambda: "bob: heard you" in chat_text(alice), what="alice")
            assert chat_text(alice).count("across workers") == 1
        chat_rooms_of(first).stop()
        chat_rooms_of(second).stop()

    try:
        asyncio.run(asyncio.wait_for(main(), 60))
    finally:
        first.close()
        second.close()


def test_the_typed_line_is_mounted_when_first_opened_and_kept_after(tmp_path: Path) -> None:
    """A session that never chats never builds the chat's text field: its lobby starts
    without one. ``c`` builds it and gives it the focus; Esc hides it; ``c`` again shows the
    same field, and a line typed into it is said."""

    async def scenario(hall, alice, one, bob, two) -> None:  # type: ignore[no-untyped-def]
        screen = alice.screen
        assert not screen.query(Input)
        await one.press("c")
        await wait_for(lambda: isinstance(alice.focused, Input), what="the typed line")
        line = screen.query_one(Input)
        assert line.has_class("-open")
        panel = screen.query_one(ChatPanel)
        await wait_for(lambda: line.region.height == 1, what="the line shown, one row high")
        assert line.region.y == panel.region.bottom  # right under the panel
        await one.press("escape")
        await wait_for(lambda: not line.has_class("-open"), what="the line hidden")
        assert alice.focused is not line
        await say(one, "hello")
        assert list(screen.query(Input)) == [line]
        await wait_for(lambda: "alice: hello" in chat_text(bob), what="the line said")

    run(tmp_path, scenario)
