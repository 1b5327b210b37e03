"""Helpers shared by the Chase tests, and a deliberately simple second implementation of the
rules for moves (squares as (file, rank) pairs, plain loops, every path tried, no bitmasks and
no search cut-offs) to check the engine by.

The tests at the bottom check the helpers themselves.
"""

from __future__ import annotations

from itertools import combinations

from core.games.chase import GAME
from core.games.chase.moves import AddGold, Merge, Pivot, Place, Walk
from core.games.chase.state import ChaseState, position_key
from core.games.chase.tiles import DECK

FILES = "abcdefgh"
DIRECTIONS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
STEPS = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))
KINDS = {Place: "place", AddGold: "gold", Merge: "merge", Pivot: "pivot", Walk: "walk"}


# -- setting up and looking at positions --------------------------------------------------------


def position(
    board: str = "-",
    turn: str = "S",
    gold: str = "24,24",
    deck: str = "-",
    mode: str = "regular",
    lock: str = "-",
) -> ChaseState:
    """A position from its parts, as a position text (see docs/notation.md)."""
    return GAME.read_position(
        f"mode:{mode} turn:{turn} gold:{gold} deck:{deck} lock:{lock} board:{board}"
    )


def moves_of(state: ChaseState, kind: type | None = None) -> set[str]:
    """The notation of every legal move (of one kind)."""
    return {
        GAME.format_move(state, move)
        for move in GAME.legal_moves(state)
        if kind is None or isinstance(move, kind)
    }


def after(state: ChaseState, *texts: str) -> ChaseState:
    """The position after playing the moves written in ``texts``, each checked by the rules."""
    for text in texts:
        state = GAME.play(state, GAME.parse_move(state, text))
    return state


def index(name: str) -> int:
    return FILES.index(name[0]) + 8 * (int(name[1:]) - 1)


def square_name(square: int) -> str:
    return f"{FILES[square % 8]}{square // 8 + 1}"


def stacks(state: ChaseState) -> dict[str, tuple[int, str]]:
    """``{"c5": (3, "N")}``: every gold stack with its size and owner."""
    return {square_name(sq): (size, "SN"[owner]) for sq, size, owner in state.stacks}


def gold_total(state: ChaseState) -> int:
    return sum(state.loose) + sum(size for _, size, _ in state.stacks)


# -- the simple second implementation -------------------------------------------------------------


def mask_of(names: str) -> int:
    return sum(1 << DIRECTIONS.index(name) for name in names.split(",") if name)


def rotate(mask: int) -> int:
    """An exit mask a quarter turn clockwise (every direction two steps on)."""
    return ((mask << 2) | (mask >> 6)) & 0xFF


def exits_names(mask: int) -> str:
    return ",".join(name for bit, name in enumerate(DIRECTIONS) if mask >> bit & 1)


class Simple:
    """A position spelled out square by square, and the rules for moves in plain loops."""

    def __init__(self, state: ChaseState) -> None:
        self.state = state
        self.mode = state.mode
        self.me = state.to_move
        self.other = 1 - state.to_move
        self.tiles = {(sq % 8, sq // 8): exits for sq, exits in enumerate(state.exits) if exits}
        self.turned = {(sq % 8, sq // 8) for sq in range(64) if state.turned >> sq & 1}
        self.gold = {(sq % 8, sq // 8): (size, owner) for sq, size, owner in state.stacks}
        self.pawns = {(sq % 8, sq // 8): seat for seat in (0, 1) for sq in state.pawns[seat]}

    # facts about squares
    @staticmethod
    def colour(square: tuple[int, int]) -> int:
        return 1 if (square[0] + square[1]) % 2 == 0 else 0

    def face(self, square: tuple[int, int]) -> int:
        return self.colour(square) ^ (1 if square in self.turned else 0)

    def exits(self, square: tuple[int, int]) -> int:
        if self.mode == "gold":
            return 0xFF if square in self.gold else 0
        return self.tiles.get(square, 0)

    def controls(self, seat: int, square: tuple[int, int]) -> bool:
        if square in self.gold:
            return self.gold[square][1] == seat
        return self.mode != "gold" and square in self.tiles and self.face(square) == seat

    @staticmethod
    def name(square: tuple[int, int]) -> str:
        return f"{FILES[square[0]]}{square[1] + 1}"

    @staticmethod
    def on_board(square: tuple[int, int]) -> bool:
        return 0 <= square[0] < 8 and 0 <= square[1] < 8

    def all_squares(self) -> list[tuple[int, int]]:
        return [(file, rank) for rank in range(8) for file in range(8)]

    def own_gold(self, seat: int) -> int:
        return self.state.loose[seat] + sum(s for s, o in self.gold.values() if o == seat)

    def free_tiles(self, seat: int) -> int:
        return sum(
            1 for square in self.tiles if self.face(square) == seat and square not in self.pawns
        )

    def can_pay(self, seat: int, amount: int) -> bool:
        if self.mode == "tiles":
            return self.free_tiles(seat) > amount
        return self.own_gold(seat) >= amount

    # the actions other than pawn moves, as notation
    def placements(self) -> set[str]:
        if self.mode == "gold" or not self.state.deck:
            return set()
        shapes, mask = set(), DECK[self.state.deck[0]].exits
        for _ in range(4):
            shapes.add(mask)
            mask = rotate(mask)
        found = set()
        for square in self.all_squares():
            if self.colour(square) != self.me or square in self.tiles:
                continue
            if self.pawns.get(square) == self.other:
                continue
            found |= {f"T:{self.name(square)}={exits_names(shape)}" for shape in shapes}
        return found

    def fewest_coins(self, square: tuple[int, int], seat: int) -> int | None:
        """The fewest coins ``seat`` may put on ``square``, or None if it may put none."""
        pawn = self.pawns.get(square)
        size, owner = self.gold.get(square, (0, -1))
        if self.mode == "tiles":
            return None
        if self.mode == "gold":
            if size == 0:
                if pawn == seat or (self.colour(square) == seat and pawn is None):
                    return 2
                return None
            if owner == seat:
                return None if pawn == seat else 2
            return None if pawn is not None else size + 1
        if square not in self.tiles or pawn == seat:
            return None
        if self.controls(seat, square):
            return 2
        if pawn is not None:
            return None
        return size + 1 if size else 2

    def gold_moves(self) -> set[str]:
        found = set()
        for square in self.all_squares():
            fewest = self.fewest_coins(square, self.me)
            if fewest is None:
                continue
            for amount in range(fewest, self.state.loose[self.me] + 1):
                found.add(f"g{amount}:{self.name(square)}")
        return found

    def merges(self) -> set[str]:
        if self.mode == "tiles":
            return set()
        mine = sorted((sq for sq, (_, owner) in self.gold.items() if owner == self.me),
                      key=lambda sq: (sq[1], sq[0]))  # fmt: skip
        found = set()
        for count in range(2, len(mine) + 1):
            for sources in combinations(mine, count):
                total = sum(self.gold[sq][0] for sq in sources)
                if max(self.gold[sq][0] for sq in sources) < 2:
                    continue
                names = "+".join(self.name(sq) for sq in sources)
                for dest in self.all_squares():
                    if dest in sources:
                        ok = self.pawns.get(dest) != self.me
                    elif dest in self.gold and self.gold[dest][1] == self.me:
                        ok = False
                    else:
                        fewest = self.fewest_coins(dest, self.me)
                        ok = fewest is not None and fewest <= total
                    if ok:
                        found.add(f"m:{names}>{self.name(dest)}")
        return found

    def pivots(self) -> set[str]:
        if self.mode == "gold" or not self.can_pay(self.me, 1):
            return set()
        found = set()
        lock = self.state.lock
        for square, exits in self.tiles.items():
            if lock >= 0 and square == (lock % 8, lock // 8):
                continue
            shape = exits
            for _ in range(3):
                shape = rotate(shape)
                if shape != exits:
                    found.add(f"p:{self.name(square)}={exits_names(shape)}")
        return found

    # pawn moves
    def passable(self, square: tuple[int, int], direction: int) -> bool:
        exits = self.exits(square)
        return exits == 0 or bool(exits >> direction & 1)

    def pass_over(self, square: tuple[int, int], jumped: set) -> list[tuple[str, str]] | None:
        """The events of passing over ``square``; None if an own pawn or a pawn already
        jumped is there."""
        events = []
        size, owner = self.gold.get(square, (0, -1))
        if size and owner == self.other:
            events.append(("gold", self.name(square)))
        pawn = self.pawns.get(square)
        if pawn == self.me or square in jumped:
            return None
        if pawn == self.other:
            events.append(("pawn", self.name(square)))
        return events

    def lands_on(self, square: tuple[int, int], start: tuple[int, int]) -> bool:
        return self.controls(self.me, square) and (square not in self.pawns or square == start)

    def all_walks(self) -> dict[tuple[str, ...], tuple]:
        """Every legal pawn path (as square names) with its result: (end, events)."""
        results: dict[tuple[str, ...], tuple] = {}
        for start, seat in self.pawns.items():
            if seat == self.me and self.exits(start):
                self._walk_from(start, results)
        return results

    def _walk_from(self, start: tuple[int, int], results: dict) -> None:
        def extend(path, visited, events, jumped, pure):
            here = path[-1]
            first = len(path) == 1
            for direction, (df, dr) in enumerate(STEPS):
                if not self.exits(here) >> direction & 1:
                    continue
                for distance in range(1, 8 if first else 3):
                    target = (here[0] + df * distance, here[1] + dr * distance)
                    if not self.on_board(target):
                        break
                    over = [(here[0] + df * k, here[1] + dr * k) for k in range(1, distance)]
                    hop = distance == 2 and self.pawns.get(over[0]) == self.other
                    if distance == 2 and not first and not hop:
                        break
                    passed_events, passed_jumped, blocked = [], set(), False
                    for square in over:
                        passed = self.pass_over(square, jumped)
                        if passed is None or not self.passable(square, direction):
                            blocked = True
                            break
                        passed_events += passed
                        if self.pawns.get(square) == self.other:
                            passed_jumped.add(square)
                    if blocked:
                        break
                    if not self.lands_on(target, start):
                        continue
                    if first and distance >= 2 and not hop:  # a jump
                        now_pure, now_visited = False, {target}
                    elif target in visited:
                        continue
                    else:
                        now_pure, now_visited = pure, visited | {target}
                    new_path = (*path, target)
                    new_events = events + passed_events
                    if target != start:
                        names = tuple(self.name(sq) for sq in new_path)
                        results[names] = (self.name(target), tuple(new_events), now_pure)
                    extend(new_path, now_visited, new_events, jumped | passed_jumped, now_pure)

        extend((start,), {start}, [], set(), True)

    def walk_results(self) -> dict[tuple[str, ...], tuple]:
        """Every legal pawn path with its result (end, events with the taunt), for the paths
        whose costs the mover can pay."""
        found = {}
        for path, (end, events, pure) in self.all_walks().items():
            squares = [(FILES.index(n[0]), int(n[1:]) - 1) for n in path]
            full = list(events)
            if pure and len(squares) >= 10:
                own = sum(1 for sq in squares if self.mode == "gold" or self.face(sq) == self.me)
                if own // 10:
                    full.append(("taunt", str(own // 10)))
            if self.affordable(full):
                found[path] = (path[0], end, tuple(full))
        return found

    def affordable(self, events: list[tuple[str, str]]) -> bool:
        """Whether the mover can pay its own costs as they fall due (debts in order)."""
        if not any(kind == "gold" for kind, _ in events) or self.mode == "tiles":
            return True
        loose = list(self.state.loose)
        gold = dict(self.gold)

        def pay(payer: int, amount: int) -> bool:
            mine = sorted((size, sq[1], sq[0]) for sq, (size, o) in gold.items() if o == payer)
            if loose[payer] + sum(size for size, _, _ in mine) < amount:
                return False
            paid = min(loose[payer], amount)
            loose[payer] -= paid
            for size, rank, file in mine:
                if paid >= amount:
                    break
                del gold[(file, rank)]
                paid += size
            loose[1 - payer] += paid
            return True

        for kind, where in events:
            square = (FILES.index(where[0]), int(where[1:]) - 1) if kind != "taunt" else None
            if kind == "gold":
                size, owner = gold.get(square, (0, -1))
                if size and owner == self.other and not pay(self.me, size):
                    return False
            elif kind == "pawn":
                if not pay(self.other, 2 + gold.get(square, (0, -1))[0]):
                    return True
            elif not pay(self.other, int(where)):
                return True
        return True

    def counted_moves(self) -> int:
        """How many moves the engine should list: every other action, plus one pawn move per
        distinct result."""
        walks = {result for result in self.walk_results().values()}
        others = self.placements() | self.gold_moves() | self.merges() | self.pivots()
        return len(others) + len(walks)


def simple_count(state: ChaseState) -> int:
    """The number of legal moves by the simple implementation (0 once the game is over)."""
    return 0 if state.end else Simple(state).counted_moves()


def engine_walk_results(state: ChaseState) -> dict[tuple[str, ...], tuple]:
    """The engine's listed pawn moves, each read by the simple implementation."""
    simple = Simple(state).walk_results()
    found = {}
    for move in GAME.legal_moves(state):
        if isinstance(move, Walk):
            path = tuple(square_name(sq) for sq in move.path)
            assert path in simple, f"the engine lists {'-'.join(path)}, which is not legal"
            found[path] = simple[path]
    return found


# -- the invariants of every position ------------------------------------------------------------


def check_invariants(state: ChaseState, gold: int, pawns: int) -> None:
    """Everything that must hold in any position reached in a game that started with
    ``gold`` coins and ``pawns`` pawns each."""
    both = state.pawns[0] + state.pawns[1]
    assert len(state.pawns[0]) == len(state.pawns[1]) == pawns
    assert len(set(both)) == len(both), "two pawns on one square"
    assert all(list(side) == sorted(side) for side in state.pawns)
    squares = [square for square, _, _ in state.stacks]
    assert squares == sorted(set(squares)), "stacks listed once each, in square order"
    assert all(size >= 2 and owner in (0, 1) for _, size, owner in state.stacks)
    tiles = [sq for sq in range(64) if state.exits[sq]]
    if state.mode == "gold":
        assert not tiles and not state.deck and state.turned == 0
        assert sum(state.loose) + sum(size for _, size, _ in state.stacks) == 2 * gold
        for seat in (0, 1):
            for pawn in state.pawns[seat]:
                owner = next((o for sq, _, o in state.stacks if sq == pawn), seat)
                assert owner == seat, "a pawn on the opponent's gold"
    else:
        counts = [0] * len(DECK)
        for kind in state.deck:
            counts[kind] += 1
        for sq in tiles:
            kinds = [i for i, kind in enumerate(DECK) if state.exits[sq] in kind.orientations]
            assert kinds, f"{square_name(sq)} shows exits no tile has"
            counts[kinds[0]] += 1
        assert counts == [kind.count for kind in DECK], "tiles on the board and in the stack"
        assert all(state.exits[sq] for sq in range(64) if state.turned >> sq & 1)
        assert all(state.exits[sq] for sq, _, _ in state.stacks), "gold off the tiles"
        if state.mode == "tiles":
            assert state.loose == (0, 0) and not state.stacks
        else:
            assert state.turned == 0
            assert gold_total(state) == 2 * gold
        simple = Simple(state)
        for pawn, seat in simple.pawns.items():
            size, owner = simple.gold.get(pawn, (0, -1))
            if size and owner != seat:
                assert simple.face(pawn) == owner, "a pawn under gold claimed over it"
    assert state.lock == -1 or state.exits[state.lock]
    assert state.history and state.history[-1] == position_key(state)
    assert (state.end == "") == (state.winner == -1 or False) or state.end == "repetition"
    if state.end == "repetition":
        assert state.winner == -1 and state.history.count(state.history[-1]) >= 3


# -- checks of the helpers themselves -----------------------------------------------------------


def test_position_reads_the_parts_given() -> None:
    state = position("d4=NE.SW$3N@S", turn="N", gold="1,2", deck="XA", lock="d4")
    assert state.to_move == 1 and state.loose == (1, 2) and state.lock == index("d4")
    assert stacks(state) == {"d4": (3, "N")} and state.pawns == ((index("d4"),), ())


def test_rotate_turns_a_quarter_clockwise() -> None:
    assert exits_names(rotate(mask_of("N,NE"))) == "E,SE"
    assert exits_names(rotate(mask_of("NW"))) == "NE"


def test_simple_walks_find_steps_jumps_and_hops() -> None:
    state = position("b1=NE@S,c2=NE.SW,d3=NE,e4=NE$2S,f5@N,g6=SW")
    results = Simple(state).all_walks()
    assert results[("b1", "c2")] == ("c2", (), True)
    assert results[("b1", "d3")] == ("d3", (), False)
    assert results[("b1", "c2", "d3")] == ("d3", (), True)
    assert results[("b1", "c2", "d3", "e4", "g6")] == ("g6", (("pawn", "f5"),), True)
    assert results[("b1", "g6")] == ("g6", (("pawn", "f5"),), False)  # f5 has no tile
