"""Chat at a table and in the lobby: lines of plain text, a rate limit, and what each viewer
hides.

A line is text a person typed: it is cleaned by the rules of a name (``identity.display_name``:
no controls, no escapes, no bidi or zero-width characters, markup kept as typed, to be shown
as plain text), up to ``MAX_CHARACTERS`` long. Each person may send ``RATE_LINES`` lines in
any ``RATE_SECONDS`` to a room; time comes from an injected source, as the clocks' does. The
limit counts the room's lines, so the lines a person said through another of the server's
processes (another worker, another machine), once heard here, count too. A room keeps
the lines of one table or of the lobby (``LOBBY``). What a viewer sees is their own choice
(``ChatViewer``): the people they muted (``/mute NAME``, ``/unmute NAME``) are hidden, and a
player may hide what spectators say (``/spectators off``, ``/spectators on``). Every refusal
is one sentence (``ChatRefused``).
"""

from __future__ import annotations

from collections import defaultdict, deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from saves.store.sql_players import SqlPlayerStore, StoredChatLine
from tui.play.identity import display_name

#: A line is at most this many characters, once cleaned.
MAX_CHARACTERS = 300
#: A person may send this many lines ...
RATE_LINES = 5
#: ... in any this many seconds.
RATE_SECONDS = 10.0
#: How many lines a room keeps to show.
KEPT_LINES = 200
#: The room of the lobby (a table's room is named by the table's number).
LOBBY = "lobby"

TimeSource = Callable[[], float]


class ChatRefused(ValueError):
    """A line or a command that is not taken; its text is one sentence to show the sender."""


@dataclass(frozen=True, slots=True)
class ChatLine:
    """One line said: who said it (their key and the name shown), the cleaned text, when
    (by the room's time source) and whether a spectator said it."""

    speaker_key: str
    speaker: str
    text: str
    at: float
    spectator: bool = False


def clean_line(text: str) -> str:
    """The line as it is kept and shown; ``ChatRefused`` if it is empty or too long."""
    shown = display_name(
        text,
        max_cells=4 * MAX_CHARACTERS,
        max_characters=MAX_CHARACTERS + 1,
        scan=4 * MAX_CHARACTERS,
    )
    if len(shown) > MAX_CHARACTERS or len(text) > 4 * MAX_CHARACTERS:
        raise ChatRefused(f"A chat line is at most {MAX_CHARACTERS} characters.")
    if not shown:
        raise ChatRefused("There is nothing to send in that line.")
    return shown


class ChatRoom:
    """The lines of one table or of the lobby, said here or heard from elsewhere (appended to
    ``lines``), and each sender's recent lines for the rate limit."""

    def __init__(
        self,
        name: str,
        now: TimeSource,
        lines: Iterable[ChatLine] = (),
        *,
        keep: Callable[[ChatLine], None] | None = None,
    ) -> None:
        """``keep`` is handed each line said, to keep it (``stored_room``)."""
        self.name = name
        self._now = now
        self.lines: deque[ChatLine] = deque(lines, maxlen=KEPT_LINES)
        self._sent: dict[str, deque[float]] = {}
        #: When each person's lines heard from the server's other processes were said.
        self._heard: defaultdict[str, deque[float]] = defaultdict(lambda: deque(maxlen=RATE_LINES))
        self._keep = keep
        for line in self.lines:  # kept by a process before this one: they count as well
            self._heard[line.speaker_key].append(line.at)

    def say(
        self, speaker_key: str, speaker: str, text: str, *, spectator: bool = False
    ) -> ChatLine:
        """Add a line from ``speaker`` (``ChatRefused`` for one that is empty, too long, or
        over the rate limit)."""
        shown = clean_line(text)
        now = self._now()
        sent = self._sent.setdefault(speaker_key, deque(maxlen=RATE_LINES))
        recent = sorted([*sent, *self._heard_from(speaker_key, now)])[-RATE_LINES:]
        if len(recent) == RATE_LINES and now - recent[0] < RATE_SECONDS:
            wait = max(1, round(RATE_SECONDS - (now - recent[0]) + 0.5))
            raise ChatRefused(
                f"You may send {RATE_LINES} lines in {RATE_SECONDS:g} seconds: "
                f"wait {wait} s before the next."
            )
        sent.append(now)
        line = ChatLine(speaker_key, speaker, shown, now, spectator)
        if self._keep is not None:
            self._keep(line)
        self.lines.append(line)
        return line

    def heard(self, line: ChatLine) -> None:
        """A line said through another process of the server, now kept here too."""
        self.lines.append(line)
        self._heard[line.speaker_key].append(line.at)

    def _heard_from(self, speaker_key: str, now: float) -> list[float]:
        """When ``speaker_key``'s lines heard from elsewhere were said, in the last
        ``RATE_SECONDS`` (at most ``RATE_LINES`` of them)."""
        heard = self._heard.get(speaker_key)
        if not heard:
            return []
        return [at for at in heard if now - at < RATE_SECONDS]


def _from_store(stored: StoredChatLine) -> ChatLine:
    return ChatLine(
        stored.speaker_key, stored.speaker, stored.text, stored.said_at, stored.spectator
    )


def stored_room(store: SqlPlayerStore, name: str, now: TimeSource) -> ChatRoom:
    """The room ``name`` with the lines the store keeps of it, each new line kept there too
    (``now``: seconds since the epoch, as the store keeps them)."""

    def keep(line: ChatLine) -> None:
        store.add_chat_line(
            name, line.speaker_key, line.speaker, line.text, line.at, line.spectator
        )

    lines = [_from_store(stored) for stored in store.chat_lines(name, limit=KEPT_LINES)]
    return ChatRoom(name, now, lines, keep=keep)


@dataclass
class ChatViewer:
    """What one viewer chooses to see: ``muted`` holds the names they muted (compared
    without case), ``spectators_hidden`` is a player's choice to hide spectators' talk."""

    name: str
    is_player: bool
    muted: set[str] = field(default_factory=set)
    spectators_hidden: bool = False

    def command(self, typed: str) -> str:
        """Run a command (``/mute NAME``, ``/unmute NAME``, ``/mutes``, ``/spectators on|off``)
        and say what it did; ``ChatRefused`` for one that is not."""
        word, _, rest = typed.strip().partition(" ")
        argument = display_name(rest)
        if word == "/mute" or word == "/unmute":
            if not argument:
                raise ChatRefused(f"Say whom: {word} NAME.")
            if argument.casefold() == self.name.casefold():
                raise ChatRefused("You cannot mute yourself.")
            if word == "/mute":
                self.muted.add(argument.casefold())
                return f"{argument} is muted: you will not see what they say."
            if argument.casefold() not in self.muted:
                raise ChatRefused(f"{argument} is not muted.")
            self.muted.discard(argument.casefold())
            return f"{argument} is no longer muted."
        if word == "/mutes":
            if not self.muted:
                return "You have muted nobody."
            return f"Muted: {', '.join(sorted(self.muted))}."
        if word == "/spectators":
            if not self.is_player:
                raise ChatRefused("Only a player at the table may hide what spectators say.")
            if argument not in ("on", "off"):
                raise ChatRefused("Type /spectators off to hide spectators, on to show them.")
            self.spectators_hidden = argument == "off"
            return (
                "Spectators' talk is hidden."
                if self.spectators_hidden
                else ("Spectators' talk is shown.")
            )
        raise ChatRefused(
            f"There is no command {display_name(word)!r}: "
            "try /mute NAME, /unmute NAME, /mutes or /spectators on|off."
        )

    def sees(self, line: ChatLine) -> bool:
        if line.speaker.casefold() in self.muted:
            return False
        return not (self.spectators_hidden and line.spectator)

    def shown(self, lines: Iterable[ChatLine]) -> list[ChatLine]:
        """The lines this viewer sees, in order."""
        return [line for line in lines if self.sees(line)]


def typed(room: ChatRoom, viewer: ChatViewer, speaker_key: str, text: str) -> ChatLine | str:
    """What the viewer typed into the chat: a command's answer, or the line said."""
    if text.lstrip().startswith("/"):
        return viewer.command(text)
    return room.say(speaker_key, viewer.name, text, spectator=not viewer.is_player)
