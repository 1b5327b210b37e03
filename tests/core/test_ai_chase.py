"""The Chase plug-in: which moves the search looks at, which it follows as tactics, and what
the evaluation rewards (gold, free pawns, room for tiles)."""

from __future__ import annotations

import dataclasses
import random
from functools import cache
from pathlib import Path

import pytest
from test_chase_support import after, position

from core import find_game
from core.ai import LEVELS, Searcher
from core.ai.alphabeta import AlphaBetaSearch
from core.ai.budget import Budget
from core.ai.chase import MERGE_AWAY_STACKS, MERGE_STACKS, NEAR_MASK, ChasePlugin, pawn_moves
from core.game import Move
from core.games.chase.board import SIZE
from core.games.chase.moves import AddGold, Merge, Pivot, Place, Walk
from core.games.chase.state import GOLD, ChaseState, stack_at
from core.games.chase.survey import survey
from core.games.chase.walks import PAWN_EVENT, TAUNT_EVENT, trace_walk, walk_board

GAME = find_game("chase")
PLUGIN = ChasePlugin(GAME)


@cache
def positions() -> tuple[ChaseState, ...]:
    """Positions from seeded random games of every mode, neither the start nor an end."""
    rng = random.Random(8)
    states = []
    for mode in ("regular", "tiles", "gold"):
        for seed in range(4):
            state = GAME.new({"mode": mode, "pawns": str(1 + seed)}, seed)
            for _ in range(150):
                moves = GAME.legal_moves(state)
                state = GAME.apply(state, moves[rng.randrange(len(moves))])
                if GAME.outcome(state) is not None:
                    break
                states.append(state)
    return tuple(states)


def square(name: str) -> int:
    return (int(name[1]) - 1) * SIZE + "abcdefgh".index(name[0])


def jumps_by_the_rules(state: ChaseState) -> set[Walk]:
    """The pawn moves whose events, as the rules trace them, include an enemy pawn jumped."""
    board = walk_board(state, state.to_move)
    found = set()
    for move in GAME.legal_moves(state):
        if isinstance(move, Walk):
            events, _ = trace_walk(board, move.path)
            if any(PAWN_EVENT <= event < TAUNT_EVENT for event in events):
                found.add(move)
    return found


def cheapest_claims_by_the_rules(state: ChaseState) -> set[AddGold]:
    """The legal gold moves onto enemy stacks, the fewest coins for each stack."""
    enemy = 1 - state.to_move
    least: dict[int, int] = {}
    for move in GAME.legal_moves(state):
        if isinstance(move, AddGold) and stack_at(state, move.square)[1] == enemy:
            least[move.square] = min(least.get(move.square, move.amount), move.amount)
    return {AddGold(square, amount) for square, amount in least.items()}


def cheapest_claiming_merges_by_the_rules(state: ChaseState, finishing: bool) -> set[Merge]:
    """In Gold mode, for a side with few stacks: the legal merges onto enemy stacks, those of
    the fewest coins for each stack (``finishing``: only those that leave the opponent
    nothing to do)."""
    if state.mode != GOLD or survey(state).stacks[state.to_move].bit_count() > MERGE_STACKS:
        return set()
    enemy = 1 - state.to_move
    least: dict[int, list[tuple[int, Merge]]] = {}
    for move in GAME.legal_moves(state):
        if isinstance(move, Merge) and stack_at(state, move.dest)[1] == enemy:
            total = sum(stack_at(state, source)[0] for source in move.sources)
            least.setdefault(move.dest, []).append((total, move))
    return {
        move
        for merges in least.values()
        for total, move in merges
        if total == min(fewest for fewest, _ in merges)
        and (not finishing or GAME.outcome(GAME.apply(state, move)) is not None)
    }


def test_the_tactical_moves_are_the_pawn_jumps_and_the_cheapest_claims() -> None:
    jumps = claims = 0
    for state in positions()[::3]:
        moves = GAME.legal_moves(state)
        tactical = PLUGIN.tactical_moves(state, moves)
        assert len(set(tactical)) == len(tactical)
        walks = {move for move in tactical if isinstance(move, Walk)}
        gold = {move for move in tactical if isinstance(move, AddGold)}
        merges = {move for move in tactical if isinstance(move, Merge)}
        assert len(walks) + len(gold) + len(merges) == len(tactical)
        assert walks == jumps_by_the_rules(state)
        assert gold == cheapest_claims_by_the_rules(state)
        assert merges == cheapest_claiming_merges_by_the_rules(state, finishing=True)
        assert all(move in moves for move in tactical)
        jumps += len(walks)
        claims += len(gold)
    assert jumps > 0, "no position had a jump: the test proves nothing"
    assert claims > 0, "no position had a claim of a stack: the test proves nothing"


def test_the_search_keeps_every_pawn_move_and_the_least_gold_per_tile() -> None:
    seen_kinds: set[type] = set()
    for state in positions()[::2]:
        moves = list(GAME.legal_moves(state))
        kept = list(PLUGIN.search_moves(state, moves))
        assert kept, "the search would have nothing to look at"
        assert set(kept) <= set(moves)
        assert len(set(kept)) == len(kept)
        near = 0
        for square_ in (*state.pawns[0], *state.pawns[1]):
            near |= NEAR_MASK[square_]
        assert {m for m in moves if isinstance(m, Walk)} <= set(kept)
        least: dict[int, int] = {}
        for move in moves:
            if isinstance(move, AddGold):
                least[move.square] = min(least.get(move.square, move.amount), move.amount)
        kept_gold = {(m.square, m.amount) for m in kept if isinstance(m, AddGold)}
        if state.mode == GOLD:
            assert set(least.items()) <= kept_gold
            assert all(amount in gold_choices(state, sq, least[sq]) for sq, amount in kept_gold)
        else:
            assert kept_gold == set(least.items())
        bare_pawns = {sq for sq in state.pawns[state.to_move] if stack_at(state, sq)[0] == 0}
        claiming = cheapest_claiming_merges_by_the_rules(state, finishing=False)
        for move in kept:
            seen_kinds.add(type(move))
            if isinstance(move, Merge):
                stacks = survey(state).stacks[state.to_move].bit_count()
                away = state.mode != GOLD and stacks <= MERGE_AWAY_STACKS and near >> move.dest & 1
                assert (
                    move.dest in move.sources
                    or (state.mode == GOLD and move.dest in bare_pawns)
                    or move in claiming
                    or away
                )
            if isinstance(move, Pivot):
                assert near >> move.square & 1, f"{move} is far from every pawn"
        places = {m for m in moves if isinstance(m, Place)}
        places_near = {m for m in places if near >> m.square & 1}
        # Placements near a pawn, or every placement when there is no room near one.
        assert {m for m in kept if isinstance(m, Place)} == (places_near or places)
        stacks = survey(state).stacks[state.to_move].bit_count()
        merges_away = state.mode != GOLD and stacks <= MERGE_AWAY_STACKS
        in_place = {
            m
            for m in moves
            if isinstance(m, Merge)
            and (
                m.dest in m.sources
                or (state.mode == GOLD and m.dest in bare_pawns)
                or m in claiming
                or (merges_away and near >> m.dest & 1)
            )
        }
        few_stacks = survey(state).stacks[state.to_move].bit_count() <= MERGE_STACKS
        assert {m for m in kept if isinstance(m, Merge)} == (in_place if few_stacks else set())
        dropped_near = [m for m in moves if isinstance(m, Place | Pivot) and near >> m.square & 1]
        assert set(dropped_near) <= set(kept)
    assert {Walk, AddGold, Place, Pivot} <= seen_kinds


# Tiles mode, South to move: every square near the two pawns (d1, d8) holds a tile, so only
# pivots are left near them, while the stack still holds 43 tiles and squares of South's
# colour on files a, g and h are free.
NO_ROOM_NEAR = (
    "mode:tiles turn:S gold:0,0 deck:DDXYDVTSDAVIDSXYSPAVISIXYTSPIPTTISTIYTAIXYY lock:e2 "
    "board:b1=NE.SE~,c1=N.E.S.W,d1=N.E.S.W@S,e1=NE.NW,f1=SE~,b2=NE.SW,c2=N.E.S.W~,d2=NW,"
    "e2=N.S.W~,b3=NE.SE.SW.NW,c3=NE.SE,d3=NE.SE.SW.NW~,e3=SE.NW,f3=NE~,"
    "b6=N.NE.E.SE.S.SW.W.NW~,c6=N.E.S.W,d6=N.S~,e6=SE,f6=SE.NW~,b7=SE.SW.NW,c7=N.E.S.W~,"
    "d7=NE.SE.NW,e7=NE.SE.SW.NW~,f7=N.NE.E.SE.S.SW.W.NW,b8=NE.SE~,c8=NE.SE.SW.NW,d8=SW@N,"
    "e8=E.S.W,f8=NE.SE~ rep:77850de5c9bf4244,51d44d0bbeb67b90 end:-"
)


def test_a_placement_is_searched_when_there_is_no_room_near_the_pawns() -> None:
    # The search used to see only the pivots near the pawns here, and two computers pivoted
    # the same few tiles back and forth for ever (in Tiles mode a pivot only hands a tile
    # over): drawing the stack down is what moves the game on.
    state = GAME.read_position(NO_ROOM_NEAR)
    moves = GAME.legal_moves(state)
    near = NEAR_MASK[square("d1")] | NEAR_MASK[square("d8")]
    places = {m for m in moves if isinstance(m, Place)}
    assert places and not any(near >> m.square & 1 for m in places)
    assert any(isinstance(m, Pivot) and near >> m.square & 1 for m in moves)
    kept = PLUGIN.search_moves(state, moves)
    assert {m for m in kept if isinstance(m, Place)} == places


def gold_choices(state: ChaseState, square_: int, least: int) -> set[int]:
    """The amounts Gold mode may search on a square taking ``least`` coins or more: the least,
    all the loose coins, and the least that leaves a stack the opponent cannot claim."""
    seat = state.to_move
    loose, enemy_loose = state.loose[seat], state.loose[1 - seat]
    size = stack_at(state, square_)[0]
    return {least, loose, max(least, enemy_loose - size)} & set(range(least, loose + 1))


def test_gold_mode_also_searches_safe_amounts_and_all_the_loose_gold() -> None:
    state = position("d1$2S@S,d8@N", gold="7,5", mode="gold")
    kept = {GAME.format_move(state, m) for m in PLUGIN.search_moves(state, GAME.legal_moves(state))}
    # e2 is a step from South's pawn: 2 at least, 5 so that North's 5 coins cannot claim it, 7
    # (all). a8 is in no line with the pawn or a stack: the least only.
    assert {m for m in kept if m.endswith(":e2")} == {"g2:e2", "g5:e2", "g7:e2"}
    assert {m for m in kept if m.endswith(":a8")} == {"g2:a8"}


def test_the_searched_moves_are_the_search_moves_of_every_legal_move() -> None:
    for state in positions()[::4]:
        expected = PLUGIN.search_moves(state, GAME.legal_moves(state))
        assert list(PLUGIN.searched_moves(state)) == list(expected)
    finished = after(position("d8=SE.SW@N,c7=NE,d1@S", gold="2,0"), "g2:c7")
    assert GAME.outcome(finished) is not None
    assert list(PLUGIN.searched_moves(finished)) == []


def test_a_turn_of_hundreds_of_moves_becomes_a_third_or_fewer() -> None:
    sizes = [
        (len(GAME.legal_moves(s)), len(PLUGIN.search_moves(s, GAME.legal_moves(s))))
        for s in positions()
    ]
    big = [(full, kept) for full, kept in sizes if full >= 500]
    assert big, "no position with 500 moves or more"
    assert all(kept * 3 <= full for full, kept in big)


def test_a_pawn_that_can_move_is_worth_more_than_a_stuck_one() -> None:
    start = GAME.new()
    assert PLUGIN.evaluate(start) == pytest.approx((0.5, 0.5))
    assert pawn_moves(start, 0) == 0
    # A tile under South's pawn on d1 with an exit north-west, and a South tile on c2 (a light
    # square, South's colour) to step to.
    exits = list(start.exits)
    exits[square("d1")] = 1 << 7  # NW
    exits[square("c2")] = 1 << 3  # SE
    free = start._replace(exits=tuple(exits))
    assert square("d1") in free.pawns[0]
    assert pawn_moves(free, 0) == 1
    south, north = PLUGIN.evaluate(free)
    assert south > 0.5 > north


def test_gold_counts_loose_and_in_stacks() -> None:
    start = GAME.new()
    richer = start._replace(loose=(start.loose[0] - 4, start.loose[1]), stacks=((0, 12, 0),))
    south, north = PLUGIN.evaluate(richer)
    assert south > 0.5 > north
    poorer = start._replace(loose=(start.loose[0] - 6, start.loose[1] + 6))
    south, north = PLUGIN.evaluate(poorer)
    assert south < 0.5 < north


# -- forced wins and traps ------------------------------------------------------------------------
#
# Each position is checked here by a deliberately plain exhaustive solver before the searches are
# asked to find its move. North has no gold and no tile to place in every one: a North pawn that
# cannot move leaves North with no legal action, which loses.


def wins_within(state: ChaseState, seat: int, plies: int) -> bool:
    """Whether ``seat`` wins by force within ``plies`` plies, by trying everything."""
    outcome = GAME.outcome(state)
    if outcome is not None:
        return seat in outcome.winners
    if plies == 0:
        return False
    results = (wins_within(GAME.apply(state, m), seat, plies - 1) for m in GAME.legal_moves(state))
    return any(results) if state.to_move == seat else all(results)


def winning_moves(state: ChaseState, plies: int) -> set[str]:
    return {
        GAME.format_move(state, move)
        for move in GAME.legal_moves(state)
        if wins_within(GAME.apply(state, move), state.to_move, plies - 1)
    }


#: The real levels' searches, capped by depth so that the result does not depend on the clock.
SEARCHES = {
    name: dataclasses.replace(LEVELS[name], seconds=None, depth=depth)
    for name, depth in (("normal", 3), ("hard", 4))
}


def searched(state: ChaseState, search: str) -> str:
    return GAME.format_move(state, Searcher(GAME, state, SEARCHES[search], seed=1).run())


def alphabeta_move(state: ChaseState, depth: int) -> Move:
    """The alpha-beta search's own choice, without the searcher's look for a win in one."""
    moves = PLUGIN.search_moves(state, GAME.legal_moves(state))
    search = AlphaBetaSearch(GAME, PLUGIN, state, state.to_move, moves, random.Random(1))
    search.run(Budget(depth=depth))
    return search.best_so_far()


def test_the_last_pawn_is_trapped_in_one() -> None:
    # North's pawn on d8 can only step to c7 (and back): South claims c7 with 2 gold and North
    # is left with nothing to do. Pivoting d8 would hand North a coin to pivot with.
    state = position("d8=SE.SW@N,c7=NE,d1@S", gold="2,0")
    assert winning_moves(state, 1) == {"g2:c7"}
    assert GAME.format_move(state, alphabeta_move(state, 1)) == "g2:c7"
    for search in SEARCHES:
        assert searched(state, search) == "g2:c7"


TRAPS_IN_THREE = [
    # A claim on d6 leaves North's pawn two ways out, each into a dead end South closes next.
    ("d8=N.E.S.W@N,f8=E.S.W,d6=N.NE.E.SE.S.SW.W.NW,b6=SE.SW,b8=SE,g7=NE.SW,d1@S", "4,0", "g2:d6"),
    # South pays a coin to turn d8's exits off the board; North's coin cannot undo it.
    ("d8=SE.SW@N,c7=NE,b6=NE,f6=NW,h8=SW,d1@S", "2,0", "p:d8=NE,NW"),
]


@pytest.mark.parametrize("search", list(SEARCHES))
@pytest.mark.parametrize(("board", "gold", "move"), TRAPS_IN_THREE)
def test_the_last_pawn_is_trapped_in_three(board: str, gold: str, move: str, search: str) -> None:
    state = position(board, gold=gold)
    assert winning_moves(state, 1) == set()
    assert winning_moves(state, 3) == {move}
    assert searched(state, search) == move


TRAP_ESCAPES = [
    # South, without gold, must move; every move but one lets North trap South's pawn at once.
    ("d1=NE.NW@S,b3=N.S,f3=SE.NW,e4=E.S.W,c2=E.S.W,e2=NE.SE.SW,d8@N", "0,4", "d1-e2"),
    ("d1=NE.SE.SW.NW@S,g2=NE,b3=SE.SW.NW,c4=N.S,f3=SE.SW.NW,d8@N", "0,4", "d1-f3"),
    ("d1=N.NE.E.SE.S.SW.W.NW@S,g2=NE.SW.NW,c2=NE.SE.NW,b3=SE.SW,e2=SE.NW,d8@N", "0,3", "d1-c2"),
]


@pytest.mark.parametrize("search", list(SEARCHES))
@pytest.mark.parametrize(("board", "gold", "move"), TRAP_ESCAPES)
def test_a_move_that_lets_the_pawn_be_trapped_next_turn_is_avoided(
    board: str, gold: str, move: str, search: str
) -> None:
    state = position(board, gold=gold)
    moves = {GAME.format_move(state, m): m for m in GAME.legal_moves(state)}
    trapped = {text for text, m in moves.items() if winning_moves(GAME.apply(state, m), 1)}
    assert len(moves) >= 3
    assert set(moves) - trapped == {move}
    assert searched(state, search) == move
    assert GAME.format_move(state, alphabeta_move(state, 2)) == move


@pytest.mark.parametrize(("gold", "claims"), [("5,8", True), ("5,10", False)])
def test_a_stack_is_claimed_only_if_it_cannot_be_claimed_back_at_once(
    gold: str, claims: bool
) -> None:
    # South may claim North's 4 coins on c7 with 5. With 10 loose coins North takes the stack of
    # 9 straight back (South loses 5); with 8 it cannot. A one-ply search sees the answer only
    # because claims are followed past its depth.
    state = position("d1=N.S@S,d8=N.S@N,c7=N.S$4N", gold=gold)
    claimed = after(state, "g5:c7")
    back = {
        m for m in GAME.legal_moves(claimed) if isinstance(m, AddGold) and m.square == square("c7")
    }
    assert bool(back) is not claims
    chosen = GAME.format_move(state, alphabeta_move(state, 1))
    assert (chosen == "g5:c7") is claims


# -- Gold mode ------------------------------------------------------------------------------------


def test_in_gold_mode_a_pile_of_gold_is_worth_little_to_a_side_that_has_nothing_to_do() -> None:
    # North owns 31 coins to South's 17, but its pawn stands on no gold and its one stack cannot
    # be merged or added to: whatever South does, North has no action next turn. South's pawn
    # goes back and forth between d1 and e2.
    state = position("b1$30N,d1$2S@S,e2$13S,d8@N", gold="2,1", mode="gold")
    for move in GAME.legal_moves(state):
        outcome = GAME.outcome(GAME.apply(state, move))
        assert outcome is not None and outcome.winners == (0,)
    south, north = PLUGIN.evaluate(state)
    assert south > 0.75 > north


def test_in_gold_mode_only_all_the_loose_gold_keeps_the_new_stack_from_a_claim() -> None:
    # South's pawn on d1 needs a second stack to move to. Two coins on it, and North claims the
    # stack with its 3 and South is left with nothing to do; 3 coins cannot be claimed, and North
    # runs out of turns first. The least gold on each square (all the search used to try) loses.
    state = position("d1$2S@S,d8@N", gold="3,3", mode="gold")
    winning = winning_moves(state, 3)
    assert winning
    assert all(text.startswith("g3:") for text in winning)
    least_on_e2 = after(state, "g2:e2")
    assert winning_moves(least_on_e2, 2) == {"g3:e2"}
    assert GAME.format_move(state, alphabeta_move(state, 1)) in winning
    for search in SEARCHES:
        assert searched(state, search) in winning


#: From random games: every move that wins at once in these positions is a merge the searches
#: leave out (three stacks or more, onto a tile far from the pawns), such as m:a1+c4>h8.
WON_BY_A_FAR_MERGE = (
    (Path(__file__).parent / "data" / "chase_far_merge_wins.txt")
    .read_text(encoding="utf-8")
    .split("\n")[:-1]
)


@pytest.mark.parametrize("text", WON_BY_A_FAR_MERGE)
@pytest.mark.parametrize("level", ["easy", "normal"])
def test_a_merge_left_out_of_the_search_is_still_played_when_it_wins(text: str, level: str) -> None:
    state = GAME.read_position(text)
    kept = set(PLUGIN.search_moves(state, GAME.legal_moves(state)))
    winning = {
        move
        for move in GAME.legal_moves(state)
        if (outcome := GAME.outcome(GAME.apply(state, move))) and state.to_move in outcome.winners
    }
    assert winning and not winning & kept
    assert Searcher(GAME, state, LEVELS[level], 0).run() in winning


#: Gold mode, from random games: North's only save is g2:d8. Two coins anywhere else, a1 say,
#: and South merges its two stacks onto them (m:h7+g8>a1), claiming North's only stack under
#: no pawn: North is left with nothing to do.
LOST_TO_A_CLAIMING_MERGE = (
    "mode:gold turn:N gold:2,2 deck:- lock:- board:c1$10N,d1@S,h7$3S,d8@N,g8$7S rep:- end:-"
)


def test_in_gold_mode_a_merge_onto_an_enemy_stack_is_searched_and_followed_as_a_claim() -> None:
    state = GAME.read_position(LOST_TO_A_CLAIMING_MERGE)
    threatened = after(state, "g2:a1")
    claim = GAME.parse_move(threatened, "m:h7+g8>a1")
    outcome = GAME.outcome(GAME.apply(threatened, claim))
    assert outcome is not None and outcome.winners == (0,)
    assert claim in PLUGIN.searched_moves(threatened)
    assert claim in PLUGIN.tactical_moves(threatened, PLUGIN.searched_moves(threatened))
    # One ply and the claims past it see the threat; so does every level, at any speed.
    assert GAME.format_move(state, alphabeta_move(state, 1)) == "g2:d8"
    for search in SEARCHES:
        assert searched(state, search) == "g2:d8"
