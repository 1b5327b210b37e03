"""Perft: legal-move counts at depth 1..3, from a data file, checked against a deliberately
simple generator written here from the rule text (squares as (file, rank) pairs, pieces as
small records, nothing shared with the engine but the position reader)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

import pytest
from test_mac_helpers import GAME, notations

from core.games.mac.state import MacState

DATA = Path(__file__).parent / "data" / "mac_perft.txt"
FILES = "abcd"
ORTHOGONAL = ((0, 1), (1, 0), (0, -1), (-1, 0))
Square = tuple[int, int]


def name(square: Square) -> str:
    return f"{FILES[square[0]]}{square[1] + 1}"


def on_board(square: Square) -> bool:
    return 0 <= square[0] < 4 and 0 <= square[1] < 8


def plus(square: Square, step: tuple[int, int]) -> Square:
    return (square[0] + step[0], square[1] + step[1])


@dataclass(frozen=True)
class Piece:
    colour: int
    number: int
    boosted: bool = False
    down: bool = False


def strength(piece: Piece) -> int:
    return piece.number + (1 if piece.boosted else 0)


def plain_one(piece: Piece) -> bool:
    return piece.number == 1 and not piece.boosted


def step_beats(attacker: Piece, defender: Piece) -> bool:
    """The capture rule of a step: equal or lower; a 1 takes a 10 (or more); a 10 never
    takes a 1; face-down pieces and friends are never taken."""
    if defender.down or defender.colour == attacker.colour:
        return False
    if plain_one(attacker) and strength(defender) >= 10:
        return True
    if strength(attacker) == 10 and plain_one(defender):
        return False
    return strength(defender) <= strength(attacker)


@dataclass(frozen=True)
class Position:
    mode: str
    board: dict  # Square -> Piece
    portals: tuple[Square, Square]
    mover: int
    colours: tuple[int, int]  # colour of each seat, -1 while undecided
    hands: tuple[tuple[str, ...], tuple[str, ...]]
    pile: tuple[str, ...]
    quiet: int
    earlier: tuple  # keys of every earlier position of the game


def key(position: Position) -> tuple:
    return (frozenset(position.board.items()), position.hands, position.mover)


def from_state(state: MacState) -> Position:
    def board_of(codes: tuple[int, ...]) -> dict:
        return {
            (index % 4, index // 4): Piece(
                code >> 5 & 1, code & 15, bool(code & 16), bool(code & 64)
            )
            for index, code in enumerate(codes)
            if code >= 128
        }

    hands = tuple(tuple(sorted("+dpk"[t] for t in hand)) for hand in state.hands)
    count = len(state.history)
    earlier = tuple(
        (
            frozenset(board_of(board).items()),
            hands,
            state.to_move if (count - index) % 2 == 0 else 1 - state.to_move,
        )
        for index, board in enumerate(state.history)
    )
    return Position(
        mode=state.mode,
        board=board_of(state.board),
        portals=tuple((p % 4, p // 4) for p in state.portals),  # type: ignore[arg-type]
        mover=state.to_move,
        colours=state.colour_of_seat,
        hands=hands,  # type: ignore[arg-type]
        pile=tuple("+dpk"[t] for t in state.pile),
        quiet=state.quiet,
        earlier=earlier,
    )


def steps(board: dict, portals, origin: Square, piece: Piece, capture: bool = True):
    """One step of ``piece`` (already lifted off ``board``) from ``origin``: the squares it
    names, where it ends, and whether it captures."""
    found = []
    for direction in ORTHOGONAL:
        target = plus(origin, direction)
        if not on_board(target):
            continue
        if target in portals:
            other = portals[1] if target == portals[0] else portals[0]
            for out in ORTHOGONAL:
                exit_square = plus(other, out)
                if not on_board(exit_square) or exit_square in portals or exit_square == origin:
                    continue
                there = board.get(exit_square)
                if there is None or (capture and step_beats(piece, there)):
                    found.append(((target, exit_square), exit_square, there is not None))
            continue
        there = board.get(target)
        if there is None or (capture and step_beats(piece, there)):
            found.append(((target,), target, there is not None))
    return found


def path_text(origin: Square, tail, captures: bool) -> str:
    squares = [origin, *tail]
    text = "-".join(name(s) for s in squares[:-1])
    return text + ("x" if captures else "-") + name(squares[-1])


def actions(position: Position, board: dict):
    """(text, board after, captured piece, flipped) for every action without a token."""
    colour = position.colours[position.mover]
    found = []
    for origin, piece in sorted(board.items(), key=lambda item: item[0][::-1]):
        if piece.down and position.mode == "dark":
            after = dict(board)
            after[origin] = replace(piece, down=False)
            found.append((f"flip:{name(origin)}", after, None, True))
        if piece.down or piece.colour != colour:
            continue
        lifted = {s: p for s, p in board.items() if s != origin}
        for tail, end, captured in steps(lifted, position.portals, origin, piece):
            after = dict(lifted)
            after[end] = piece
            found.append((path_text(origin, tail, captured), after, board.get(end), False))
        if piece.number == 0:
            for direction in ORTHOGONAL:
                line = []
                square = plus(origin, direction)
                while on_board(square):
                    line.append(square)
                    square = plus(square, direction)
                for index, target in enumerate(line):
                    between = line[:index]
                    screens = sum(1 for s in between if s in board or s in position.portals)
                    victim = board.get(target)
                    if screens == 1 and victim and not victim.down and victim.colour != colour:
                        after = dict(lifted)
                        after[target] = piece
                        found.append((path_text(origin, (target,), True), after, victim, False))
    return found


def raw_moves(position: Position):
    """Every legal turn as (text, next position), before asking whether the game is over."""
    seat = position.mover
    colour = position.colours[seat]
    board = position.board
    turns = [(text, after, cap, flip, "") for text, after, cap, flip in actions(position, board)]
    if colour >= 0:
        hand = set(position.hands[seat])
        own = [(s, p) for s, p in board.items() if not p.down and p.colour == colour]
        if "+" in hand:
            for square, piece in own:
                if not piece.boosted:
                    boosted = dict(board)
                    boosted[square] = replace(piece, boosted=True)
                    for text, after, cap, flip in actions(position, boosted):
                        turns.append((f"+1:{name(square)};{text}", after, cap, flip, "+"))
        if "d" in hand:
            for origin, piece in own:
                lifted = {s: p for s, p in board.items() if s != origin}
                for tail, middle, captured in steps(lifted, position.portals, origin, piece):
                    if captured:
                        after = dict(lifted)
                        after[middle] = piece
                        text = "ds:" + path_text(origin, tail, True)
                        turns.append((text, after, board[middle], False, "d"))
                        continue
                    for tail2, end, captured2 in steps(lifted, position.portals, middle, piece):
                        if end != origin:
                            after = dict(lifted)
                            after[end] = piece
                            text = "ds:" + path_text(origin, (*tail, *tail2), captured2)
                            turns.append((text, after, board.get(end), False, "d"))
        if "p" in hand:
            for origin, piece in board.items():
                if piece.down or piece.colour == colour:
                    continue
                lifted = {s: p for s, p in board.items() if s != origin}
                for tail, end, _ in steps(lifted, position.portals, origin, piece, capture=False):
                    pushed = dict(lifted)
                    pushed[end] = piece
                    for text, after, cap, flip in actions(position, pushed):
                        push = path_text(origin, tail, False)
                        turns.append((f"push:{push};{text}", after, cap, flip, "p"))
        if "k" in hand:
            down = sorted((s for s, p in board.items() if p.down), key=lambda s: s[::-1])
            pairs = [(a, b) for i, a in enumerate(down) for b in down[i:]]
            for a, b in pairs:
                peeked = name(a) if a == b else f"{name(a)},{name(b)}"
                for text, after, cap, flip in actions(position, board):
                    turns.append((f"peek:{peeked};{text}", after, cap, flip, "k"))
    return [
        (text, advance(position, after, cap, flip, token))
        for text, after, cap, flip, token in turns
    ]


def advance(position: Position, board: dict, captured, flipped: bool, token: str) -> Position:
    seat = position.mover
    hands = [list(position.hands[0]), list(position.hands[1])]
    pile = list(position.pile)
    colours = position.colours
    if token:
        hands[seat].remove(token)
    if flipped and colours[0] < 0:
        newly = next(p for s, p in board.items() if not p.down)
        colours = (
            (newly.colour, 1 - newly.colour) if seat == 0 else (1 - newly.colour, newly.colour)
        )
    if captured is not None and pile:
        hands[colours.index(captured.colour)].append(pile.pop(0))
    return Position(
        mode=position.mode,
        board=board,
        portals=position.portals,
        mover=1 - seat,
        colours=colours,
        hands=(tuple(sorted(hands[0])), tuple(sorted(hands[1]))),
        pile=tuple(pile),
        quiet=0 if captured is not None or flipped else position.quiet + 1,
        earlier=(*position.earlier, key(position)),
    )


def brute_moves(position: Position):
    """No moves once the game is over: a colour without pieces, 20 quiet turns, a third
    occurrence; and a player without a legal move has none anyway."""
    colour = position.colours[position.mover]
    if colour >= 0 and (
        not any(p.colour == colour for p in position.board.values())
        or position.quiet >= 20
        or position.earlier.count(key(position)) >= 2
    ):
        return []
    return raw_moves(position)


def brute_perft(position: Position, depth: int) -> int:
    if depth == 0:
        return 1
    moves = brute_moves(position)
    if depth == 1:
        return len(moves)
    return sum(brute_perft(after, depth - 1) for _, after in moves)


def perft(state: MacState, depth: int) -> int:
    if depth == 0:
        return 1
    moves = GAME.legal_moves(state)
    if depth == 1:
        return len(moves)
    return sum(perft(GAME.apply(state, move), depth - 1) for move in moves)


def table() -> list[tuple[str, str, list[int]]]:
    rows = []
    for line in DATA.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            label, text, counts = (part.strip() for part in line.split("|"))
            rows.append((label, text, [int(n) for n in counts.split()]))
    return rows


ROWS = table()


def test_the_table_has_several_positions_of_every_mode():
    assert len(ROWS) >= 8
    assert {text.split()[0] for _, text, _ in ROWS} >= {
        "standard",
        "standard+tokens",
        "dark",
        "dark+tokens",
        "light",
    }
    assert all(len(counts) == 3 for _, _, counts in ROWS)


@pytest.mark.parametrize(("label", "text", "counts"), ROWS, ids=[row[0] for row in ROWS])
def test_perft_counts(label, text, counts):
    state = GAME.read_position(text)
    assert [perft(state, depth) for depth in (1, 2, 3)] == counts


@pytest.mark.parametrize(("label", "text", "counts"), ROWS, ids=[row[0] for row in ROWS])
def test_the_simple_generator_agrees(label, text, counts):
    state = GAME.read_position(text)
    position = from_state(state)
    assert sorted(text for text, _ in brute_moves(position)) == sorted(notations(state))
    assert len(GAME.legal_moves(state)) == len(notations(state))
    assert [brute_perft(position, depth) for depth in (1, 2, 3)] == counts
