"""What the user interface shows: the board, the players' panels and the debts of a turn."""

from __future__ import annotations

from core.games.chase.board import COLOUR, SEAT_NAMES, SIZE, SQUARES, exits_text, name
from core.games.chase.ledger import CROSSED, JUMPED, PIVOTED, TAUNTED, Debt
from core.games.chase.state import (
    TILES,
    ChaseState,
    face_of,
    pawn_owner,
    stack_at,
    stacks_of,
    stranded_pawns,
)
from core.games.chase.tiles import DECK, TileKind
from core.view import BoardView, Cell

PAWN_LETTERS = "Pp"
GOLD_LETTERS = "Gg"
TILE_LETTERS = "Tt"


def board_view(state: ChaseState) -> BoardView:
    """Cells: ``P``/``p`` a South/North pawn (with the size of the stack under it, ``P3``),
    ``G4``/``g4`` a stack of South's/North's gold, ``T``/``t`` a bare tile of South's/North's
    colour. ``mark`` holds a tile's exits (``exits:N,NE,E``), then ``turned`` for a tile
    showing the other colour than its square and ``locked`` for the tile the player to move
    may not pivot. ``region`` is the square's colour (0 light, South's; 1 dark, North's)."""
    cells = []
    for square in range(SQUARES):
        pawn = pawn_owner(state, square)
        size, gold_owner = stack_at(state, square)
        exits = state.exits[square]
        if pawn >= 0:
            text, owner = PAWN_LETTERS[pawn] + (str(size) if size else ""), pawn
        elif size:
            text, owner = GOLD_LETTERS[gold_owner] + str(size), gold_owner
        elif exits:
            face = face_of(state, square)
            text, owner = TILE_LETTERS[face], face
        else:
            text, owner = "", None
        marks = []
        if exits:
            marks.append("exits:" + exits_text(exits))
            if state.turned >> square & 1:
                marks.append("turned")
            if square == state.lock:
                marks.append("locked")
        cells.append(Cell(text=text, owner=owner, region=COLOUR[square], mark=" ".join(marks)))
    return BoardView(width=SIZE, height=SIZE, cells=tuple(cells))


def next_tiles(state: ChaseState, count: int = 5) -> tuple[TileKind, ...]:
    """The next tiles of the stack, the one a placement takes first."""
    return tuple(DECK[kind] for kind in state.deck[:count])


def panel_lines(state: ChaseState, seat: int) -> tuple[str, ...]:
    lines = []
    if state.mode == TILES:
        own = [square for square in range(SQUARES) if face_of(state, square) == seat]
        free = [square for square in own if pawn_owner(state, square) < 0]
        lines.append(f"Tiles of your colour: {len(own)} ({len(free)} without a pawn)")
    else:
        stacks = stacks_of(state, seat)
        total = state.loose[seat] + sum(size for _, size in stacks)
        listed = ", ".join(f"{size} on {name(square)}" for square, size in stacks) or "none"
        lines.append(f"Gold: {total} ({state.loose[seat]} loose; stacks: {listed})")
    if state.deck:
        upcoming = ", ".join(kind.name for kind in next_tiles(state))
        lines.append(f"Next tiles ({len(state.deck)} left): {upcoming}")
    for square in stranded_pawns(state, seat):
        lines.append(f"Your pawn on {name(square)} is on a tile you do not control: 2 a turn")
    if state.lock >= 0 and state.to_move == seat:
        lines.append(f"You may not pivot {name(state.lock)} this turn")
    return tuple(lines)


def debt_sentences(
    debts: tuple[Debt, ...], mover: int, seat: int | None, tiles: bool = False
) -> tuple[str, ...]:
    """Plain sentences for the debts of a turn, addressed to ``seat`` (None: a spectator);
    ``tiles`` for Tiles mode, where debts are paid by turning tiles over."""

    def who(player: int) -> str:
        return "you" if player == seat else SEAT_NAMES[player]

    def whose(player: int) -> str:
        return "your" if player == seat else f"{SEAT_NAMES[player]}'s"

    sentences = []
    for debt in debts:
        where = name(debt.square) if debt.square >= 0 else ""
        if debt.kind == JUMPED:
            what = f"{who(mover)} jumped {whose(debt.payer)} pawn on {where}"
        elif debt.kind == CROSSED:
            what = f"{who(mover)} jumped over {whose(1 - debt.payer)} gold on {where}"
        elif debt.kind == PIVOTED:
            what = f"{who(mover)} pivoted the tile on {where}"
        elif debt.kind == TAUNTED:
            what = f"{whose(mover)} sweep was a taunt"
        else:
            what = f"{whose(debt.payer)} pawn on {where} stands on a tile it does not control"
        sentence = f"{what}: {_payment(debt, who(debt.payer), who(1 - debt.payer), tiles)}"
        sentences.append(sentence[0].upper() + sentence[1:])
    return tuple(sentences)


def _payment(debt: Debt, payer: str, payee: str, tiles: bool) -> str:
    if not debt.settled:
        verb = "lose" if payer == "you" else "loses"
        unit = "tiles" if tiles else "gold"
        return f"{payer} cannot pay {debt.amount} {unit} and {verb}"
    given = ", ".join(name(square) for square in debt.given)
    if tiles:
        plural = "tile" if debt.paid == 1 else "tiles"
        return f"{payer} turned {debt.paid} {plural} over to {payee} ({given})"
    text = f"{payer} paid {payee} {debt.paid} gold"
    if debt.paid > debt.amount:
        text += f" for a debt of {debt.amount} (no change is given)"
    if debt.given:
        stacks = "stack" if len(debt.given) == 1 else "stacks"
        text += f", giving up the {stacks} on {given}"
    return text
