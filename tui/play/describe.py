"""Words and lists the screens show about a game record: whose turn, panels, log, results.

Plain functions of a ``GameRecord`` (no widgets), so every screen says the same thing the
same way.
"""

from __future__ import annotations

from typing import NamedTuple

from rich.cells import cell_len, set_cell_size

from core.game import State
from core.outcome import Outcome
from core.record import GameRecord, Node
from core.view import TrayItem
from tui.play.move_tree_rows import TURN_JOINER, followed_line, starts_turn, turn_number


class LogEntry(NamedTuple):
    """One row of the move log: the move's ply, its notation, who played it, and whether it
    lies ahead of the current position (what redo would replay)."""

    ply: int
    notation: str
    mover: str
    ahead: bool = False


class PanelInfo(NamedTuple):
    """What a player's panel shows: the player, their seat, score, whether it is their turn,
    and the game's own lines about the seat."""

    player: str
    seat_name: str
    score: int | None = None
    to_move: bool = False
    lines: tuple[str, ...] = ()


def seat_label(record: GameRecord, seat: int) -> str:
    """``Alice (South)``, or just ``South`` when the player has the seat's name."""
    player, seat_name = record.players[seat], record.seat_names[seat]
    return seat_name if player == seat_name else f"{player} ({seat_name})"


#: The cells the names of more than two players share in a title (the board's, a table's):
#: what is left of the board's width at 80 columns beside the game's name.
PLAYERS_CELLS = 25


def players_text(record: GameRecord) -> str:
    """``Alice vs Bob`` (or ``South vs North`` for unnamed players); more players are listed
    ``Ann, Bob, Cy, Di``, the longest names shortened first so that every name shows within
    ``PLAYERS_CELLS``."""
    if len(record.players) <= 2:
        return " vs ".join(record.players)
    separator = ", "
    room = PLAYERS_CELLS - len(separator) * (len(record.players) - 1)
    return separator.join(shortened(record.players, room))


def shortened(names: list[str], room: int) -> list[str]:
    """``names`` cut (with ``…``) so that together they take at most ``room`` cells: every
    name gets an equal share, a short name leaving what it does not need to the longer ones."""
    widths = [cell_len(name) for name in names]
    limits = list(widths)
    left, waiting = room, sorted(range(len(names)), key=widths.__getitem__)
    while waiting:
        share = max(left // len(waiting), 2)
        index = waiting.pop(0)
        limits[index] = min(widths[index], share)
        left -= limits[index]
    return [
        name if width <= limit else set_cell_size(name, limit - 1).rstrip() + "…"
        for name, width, limit in zip(names, widths, limits, strict=True)
    ]


def turn_text(record: GameRecord) -> str:
    game, state = record.game, record.state
    if record.outcome() is not None:  # an ending on time too, which the rules do not see
        return "game over"
    verb = "place" if game.phase(state) == "placement" else "move"
    return f"{seat_label(record, game.to_move(state))} to {verb}"


def shown_state(record: GameRecord, *, hot_seat: bool) -> State:
    """The current state as the person at the keyboard may see it.

    At a hot seat that is the player to move; once the game is over, everything is shown.
    """
    game, state = record.game, record.state
    if not hot_seat or record.outcome() is not None:
        return state
    return game.view(state, game.to_move(state))


def panel_infos(record: GameRecord, shown: State) -> list[PanelInfo]:
    game, state = record.game, record.state
    scores = game.scores(shown)
    over = record.outcome() is not None
    mover = game.to_move(state)
    infos = []
    for seat, seat_name in enumerate(record.seat_names):
        lines = tuple(game.panel_lines(shown, seat))
        if seat == mover and not over:
            tray = game.tray(shown)
            if tray:
                lines += ("hand: " + " ".join(tray_text(item) for item in tray),)
        infos.append(
            PanelInfo(
                player=record.players[seat],
                seat_name=seat_name,
                score=None if scores is None else scores[seat],
                to_move=seat == mover and not over,
                lines=lines,
            )
        )
    return infos


def tray_text(item: TrayItem) -> str:
    """``t=10``, ``1×4``: the key to press, what it places when the key does not say, and
    how many are left when more than one."""
    text = item.key if item.label == item.key else f"{item.key}={item.label}"
    return f"{text}×{item.count}" if item.count != 1 else text


def log_line(record: GameRecord) -> tuple[tuple[LogEntry, ...], list[Node], int]:
    """The log of the line through the current node, continued the way redo would go.

    Returns the entries, the node of each entry, and the index of the current entry
    (``-1`` at the start position). Entries are numbered by turns: a move that starts a turn
    (calling the clock) shares the entry of the move after it, as in ``tree_rows``.
    """
    nodes = followed_line(record)
    game, seat_names = record.game, record.seat_names
    entries: list[LogEntry] = []
    shown: list[Node] = []
    current = -1
    number, ahead, held = 0, record.current is record.root, ""
    for node in nodes:
        parent = node.parent
        assert parent is not None
        number = turn_number(record, number, parent)
        if node is record.current:
            current = len(entries)
        if starts_turn(record, node) and node is not nodes[-1] and node is not record.current:
            held = node.notation
            continue
        notation = f"{held}{TURN_JOINER}{node.notation}" if held else node.notation
        held = ""
        mover = seat_names[game.to_move(parent.state)]
        entries.append(LogEntry(number, notation, mover, ahead=ahead))
        shown.append(node)
        ahead = ahead or node is record.current
    return tuple(entries), shown, current


def winners_text(record: GameRecord, outcome: Outcome) -> str:
    """``Alice (South) wins``, ``Alice (South-West) and Carol (North-East) win``, or ``Draw``."""
    if outcome.is_draw:
        return "Draw"
    names = [seat_label(record, seat) for seat in outcome.winners]
    if len(names) == 1:
        return f"{names[0]} wins"
    return f"{', '.join(names[:-1])} and {names[-1]} win"


def scores_text(record: GameRecord) -> str:
    """``South 9 · North 7``, or ``""`` for a game without scores."""
    scores = record.game.scores(record.state)
    if scores is None:
        return ""
    return " · ".join(f"{seat_label(record, seat)} {score}" for seat, score in enumerate(scores))
