"""Standard mode setup: the coin flip, the placement phase and who moves first."""

from __future__ import annotations

from test_mac_helpers import GAME, notations, play

from core.view import TrayItem

ITEMS = ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "p")
RED_HALF = [f"{f}{r}" for r in range(1, 5) for f in "abcd"]
BLUE_HALF = [f"{f}{r}" for r in range(5, 9) for f in "abcd"]


def first_placer(seed: int) -> int:
    return GAME.to_move(GAME.new({}, seed))


def test_a_seeded_coin_flip_decides_who_places_first():
    # "Flip a game piece to see who goes first."
    firsts = [first_placer(seed) for seed in range(20)]
    assert set(firsts) == {0, 1}
    assert firsts == [first_placer(seed) for seed in range(20)]


def test_the_game_opens_with_an_empty_board_and_full_hands():
    state = GAME.new({}, 0)
    assert GAME.phase(state) == "placement"
    assert GAME.write_position(state).split()[1] == "/".join(["...."] * 8)
    assert GAME.tray(state) == (
        TrayItem("0", "0 (cannon)", 2),
        TrayItem("1", "1", 4),
        *(TrayItem(str(n), str(n), 1) for n in range(2, 10)),
        TrayItem("t", "10", 1),
        TrayItem("p", "portal", 1),
    )


def test_red_places_on_ranks_1_to_4_and_blue_on_ranks_5_to_8():
    # "players take turns placing one of their pieces or their Portal Tile onto their 4x4
    # starting half of the board"
    red = next(GAME.new({}, seed) for seed in range(10) if first_placer(seed) == 0)
    assert notations(red) == {f"{item}@{square}" for item in ITEMS for square in RED_HALF}
    blue = play(red, "5@c3")
    assert GAME.to_move(blue) == 1
    assert notations(blue) == {f"{item}@{square}" for item in ITEMS for square in BLUE_HALF}


def test_a_placed_item_leaves_the_hand_and_its_square():
    red = next(GAME.new({}, seed) for seed in range(10) if first_placer(seed) == 0)
    state = play(red, "9@a1", "9@a8", "p@b1", "p@b8")
    assert not any(text.startswith(("9@", "p@")) for text in notations(state))
    assert not any(text.endswith(("@a1", "@b1")) for text in notations(state))
    assert {item.key: item.count for item in GAME.tray(state)}.keys() == set("012345678t")


def test_placement_moves_by_tray_key():
    red = next(GAME.new({}, seed) for seed in range(10) if first_placer(seed) == 0)
    a1, a8 = 0, 28
    assert GAME.placement_move(red, "t", a1) == GAME.parse_move(red, "10@a1")
    assert GAME.placement_move(red, "10", a1) == GAME.parse_move(red, "10@a1")
    assert GAME.placement_move(red, "p", a1) == GAME.parse_move(red, "p@a1")
    assert GAME.placement_move(red, "0", a1) == GAME.parse_move(red, "0@a1")
    assert GAME.placement_move(red, "5", a8) is None  # Blue's half
    assert GAME.placement_move(red, "x", a1) is None
    after = play(red, "7@a1")
    assert GAME.placement_move(after, "3", a1) is None  # wrong side's turn and taken


def fill_halves(state):
    """Place every item: each turn the first legal placement."""
    while GAME.phase(state) == "placement":
        state = GAME.apply(state, GAME.legal_moves(state)[0])
    return state


def test_the_first_placer_makes_the_first_move():
    # "The player who placed the first piece of the game will make the first move after the
    # placement phase is complete."
    for seed in range(6):
        start = GAME.new({}, seed)
        battle = fill_halves(start)
        assert GAME.phase(battle) == "play"
        assert GAME.to_move(battle) == GAME.to_move(start)
        assert 0 not in battle.board  # 15 pieces + 1 portal fill each half exactly
        assert len(battle.portals) == 2
        assert GAME.tray(battle) == ()


def test_placement_turns_count_for_neither_draw():
    battle = fill_halves(GAME.new({}, 3))
    assert battle.quiet == 0
    assert battle.history == ()
    assert GAME.write_position(battle).split()[8:] == ["0", "-"]


def test_placed_pieces_are_face_up_for_both():
    # "The pieces are visible to the opponent."
    red = next(GAME.new({}, seed) for seed in range(10) if first_placer(seed) == 0)
    state = play(red, "p@b4", "7@c5", "3@a1")
    for seat in (0, 1, None):
        seen = GAME.view(state, seat)
        assert seen == state
        cells = GAME.board_view(seen).cells
        assert (cells[13].text, cells[13].mark) == ("()", "portal")
        assert (cells[18].text, cells[18].owner) == ("B7", 1)
        assert (cells[0].text, cells[0].owner) == ("R3", 0)
