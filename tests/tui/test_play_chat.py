"""Chat: lines of plain text (every hostile text of the corpus through it), the rate limit on
an injected clock, muting, spectators hidden by a player, rooms per table and the lobby."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest
from hostile_text import CORPUS, LONG, MARKUP

from saves.store.sqlite_players import SqlitePlayerStore
from tui.play.chat import (
    LOBBY,
    MAX_CHARACTERS,
    ChatRefused,
    ChatRoom,
    ChatViewer,
    stored_room,
    typed,
)


class FakeTime:
    def __init__(self) -> None:
        self.now = 50.0

    def __call__(self) -> float:
        return self.now


def room(name: str = "7") -> tuple[ChatRoom, FakeTime]:
    time = FakeTime()
    return ChatRoom(name, time), time


@pytest.mark.parametrize("text", [t for t in CORPUS if t not in LONG])
def test_every_hostile_text_is_kept_as_plain_text_or_refused_in_one_sentence(text: str) -> None:
    chat, _ = room()
    try:
        line = chat.say("name:ann", "ann", text)
    except ChatRefused as refusal:
        assert str(refusal) == "There is nothing to send in that line."
        return
    assert line.text and len(line.text) <= MAX_CHARACTERS
    assert "\x1b" not in line.text and "\x9b" not in line.text
    categories = {unicodedata.category(ch) for ch in line.text}
    assert not categories & {"Cc", "Cf", "Cs", "Zl", "Zp"}
    assert list(chat.lines) == [line]
    if text in MARKUP:
        assert line.text == text.strip()  # markup is data: kept exactly as typed


@pytest.mark.parametrize("text", LONG)
def test_a_line_over_300_characters_is_refused(text: str) -> None:
    chat, _ = room()
    with pytest.raises(ChatRefused) as refusal:
        chat.say("name:ann", "ann", text)
    assert str(refusal.value) == "A chat line is at most 300 characters."
    assert not chat.lines


def test_a_line_of_exactly_300_characters_is_sent_and_one_more_is_not() -> None:
    chat, _ = room()
    assert chat.say("name:ann", "ann", "界" * MAX_CHARACTERS).text == "界" * MAX_CHARACTERS
    with pytest.raises(ChatRefused):
        chat.say("name:ann", "ann", "a" * (MAX_CHARACTERS + 1))


def test_escapes_are_dropped_and_the_rest_kept() -> None:
    chat, _ = room()
    assert chat.say("name:ann", "ann", "\x1b[31mred\x1b[0m hi").text == "[31mred[0m hi"
    assert chat.say("name:ann", "ann", "\u202eevil\u202c").text == "evil"


def test_five_lines_in_ten_seconds_per_person() -> None:
    chat, time = room()
    for number in range(5):
        chat.say("name:ann", "ann", f"line {number}")
        time.now += 1.0
    with pytest.raises(ChatRefused) as refusal:
        chat.say("name:ann", "ann", "one too many")
    assert str(refusal.value) == "You may send 5 lines in 10 seconds: wait 6 s before the next."
    chat.say("name:bob", "bob", "bob is not limited by ann")
    time.now = 60.0  # ten seconds after ann's first line
    chat.say("name:ann", "ann", "again")
    assert [line.text for line in chat.lines][-2:] == ["bob is not limited by ann", "again"]


def test_a_viewer_mutes_and_unmutes_by_name() -> None:
    chat, _ = room()
    ann = ChatViewer("ann", is_player=True)
    assert (
        typed(chat, ann, "name:ann", "/mute Bob") == "Bob is muted: you will not see what they say."
    )
    chat.say("name:bob", "bob", "hello")
    chat.say("name:cy", "cy", "hi")
    assert [line.text for line in ann.shown(chat.lines)] == ["hi"]
    assert [line.text for line in ChatViewer("cy", True).shown(chat.lines)] == ["hello", "hi"]
    assert typed(chat, ann, "name:ann", "/unmute bob") == "bob is no longer muted."
    assert [line.text for line in ann.shown(chat.lines)] == ["hello", "hi"]


@pytest.mark.parametrize(
    ("command", "sentence"),
    [
        ("/mute", "Say whom: /mute NAME."),
        ("/mute ann", "You cannot mute yourself."),
        ("/unmute zed", "zed is not muted."),
        ("/spectators maybe", "Type /spectators off to hide spectators, on to show them."),
        ("/kick\x1b[2J bob", "There is no command '/kick[2J': try /mute NAME, /unmute NAME"),
    ],
)
def test_a_bad_command_gets_one_sentence(command: str, sentence: str) -> None:
    chat, _ = room()
    with pytest.raises(ChatRefused) as refusal:
        typed(chat, ChatViewer("ann", is_player=True), "name:ann", command)
    assert str(refusal.value).startswith(sentence)
    assert not chat.lines


def test_a_player_hides_spectators_talk_and_a_spectator_cannot() -> None:
    chat, _ = room()
    ann = ChatViewer("ann", is_player=True)
    watcher = ChatViewer("wat", is_player=False)
    typed(chat, watcher, "name:wat", "nice move")
    typed(chat, ann, "name:ann", "thanks")
    assert chat.lines[0].spectator and not chat.lines[1].spectator
    assert typed(chat, ann, "name:ann", "/spectators off") == "Spectators' talk is hidden."
    assert [line.text for line in ann.shown(chat.lines)] == ["thanks"]
    with pytest.raises(ChatRefused, match="Only a player at the table"):
        typed(chat, watcher, "name:wat", "/spectators off")
    typed(chat, ann, "name:ann", "/spectators on")
    assert len(ann.shown(chat.lines)) == 2


def test_rooms_keep_their_own_lines() -> None:
    time = FakeTime()
    lobby, table = ChatRoom(LOBBY, time), ChatRoom("3", time)
    lobby.say("name:ann", "ann", "anyone for Chase?")
    table.say("name:bob", "bob", "good game")
    assert [line.text for line in lobby.lines] == ["anyone for Chase?"]
    assert [line.text for line in table.lines] == ["good game"]
    again = ChatRoom("3", time, table.lines)
    assert list(again.lines) == list(table.lines)


def test_a_stored_room_keeps_its_lines_for_the_next_server_process(tmp_path: Path) -> None:
    time = FakeTime()
    texts = [t for t in CORPUS if t not in LONG and t.strip("\x00 ")]
    with SqlitePlayerStore(tmp_path) as store:
        lobby = stored_room(store, LOBBY, time)
        said = []
        for number, text in enumerate(texts):
            try:
                said.append(lobby.say(f"name:p{number}", f"p{number}", text))
            except ChatRefused:
                continue
        stored_room(store, "4", time).say("name:ann", "ann", "at the table")
    with SqlitePlayerStore(tmp_path) as again:
        assert list(stored_room(again, LOBBY, time).lines) == said
        assert [line.text for line in stored_room(again, "4", time).lines] == ["at the table"]


def test_mutes_lists_the_muted_names_and_one_set_serves_every_room() -> None:
    """One session's set of mutes, handed to the viewer of each room, hides a person in all
    of them; ``/mutes`` lists them, hostile names as typed."""
    first, _ = room()
    second, _ = room()
    muted: set[str] = set()
    lobby = ChatViewer("ann", is_player=False, muted=muted)
    table = ChatViewer("ann", is_player=True, muted=muted)
    assert typed(first, lobby, "name:ann", "/mutes") == "You have muted nobody."
    typed(first, lobby, "name:ann", "/mute bob")
    typed(first, lobby, "name:ann", "/mute [b]x[/]")
    second.say("name:bob", "bob", "hello")
    assert table.shown(second.lines) == []
    assert typed(second, table, "name:ann", "/mutes") == "Muted: [b]x[/], bob."
    typed(second, table, "name:ann", "/unmute bob")
    assert typed(first, lobby, "name:ann", "/mutes") == "Muted: [b]x[/]."
    assert [line.text for line in table.shown(second.lines)] == ["hello"]
