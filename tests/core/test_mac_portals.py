"""Portals: entry by one step, the exit step out of the other portal, and its limits."""

from __future__ import annotations

from test_mac_helpers import GAME, notations, play, position

# The portals of these scenarios lie on b2 and c7.
#        a  b  c  d
# rank 8 .  .  .  .
# rank 7 .  .  @  .
# rank 2 .  @  .  .


def test_a_step_onto_a_portal_exits_from_the_other_with_one_more_step():
    # "The only way a game piece can enter a Portal is by moving one step onto a Portal
    # Tile. It immediately exits through the other Portal Tile and takes one additional,
    # immediate orthogonal step" - in any of the four directions.
    state = position(".... ..@. .... .... .... .... .@.. .R5..")
    assert notations(state) == {"b1-a1", "b1-c1", "b1-b2-c8", "b1-b2-b7", "b1-b2-d7", "b1-b2-c6"}
    after = play(state, "b1-b2-c8")
    assert GAME.write_position(after).split()[1] == "..R5./..@./..../..../..../..../.@../...."
    assert after.portals == state.portals


def test_the_exit_step_may_capture_under_the_normal_rule():
    # "(capturing an enemy on this final step is allowed)": the Red 5 takes the 5 and the 4
    # next to the far portal but not the 6; no exit onto its own piece.
    state = position("..B5. .B4@B6 ..R3. .... .... .... .@.. .R5..")
    assert {text for text in notations(state) if text.startswith("b1")} == {
        "b1-a1",
        "b1-c1",
        "b1-b2xc8",
        "b1-b2xb7",
    }


def test_a_cannon_exit_step_captures_only_a_zero():
    # (The portal on b2 also screens the cannon's jump up the b-file onto the Blue 4.)
    state = position("..B0. .B4@. .... .... .... .... .@.. .R0..")
    assert notations(state) == {"b1-a1", "b1-c1", "b1-b2xc8", "b1-b2-c6", "b1-b2-d7", "b1xb7"}


def test_no_entry_without_a_legal_exit():
    # "If no legal exit square is available, the piece cannot enter the first Portal."
    state = position("..B9. .R2@B8 ..R3. .... .... .... .@.. .R5..")
    assert {text for text in notations(state) if text.startswith("b1")} == {"b1-a1", "b1-c1"}


def test_the_exit_step_never_lands_on_a_portal():
    # Portals side by side on b2 and c2: from a2, the exit out of c2 may go to c1, c3 or d2
    # but not back onto b2.
    state = position(".... .... .... .... .... .... R5@@. ....")
    assert notations(state) == {"a2-a1", "a2-a3", "a2-b2-c1", "a2-b2-c3", "a2-b2-d2"}


def test_the_exit_step_may_not_return_to_the_starting_square():
    # Portals on b4 and c5: b5 is next to both. Entering one and stepping out of the other
    # back onto b5 would be a pass.
    state = position(".... .... .... .R5@. .@.. .... .... ....")
    assert notations(state) == {
        "b5-a5",
        "b5-b6",
        "b5-c5-a4",
        "b5-c5-b3",
        "b5-c5-c4",
        "b5-b4-c6",
        "b5-b4-d5",
        "b5-b4-c4",
    }


def test_both_players_may_use_either_portal():
    blue = position("..B5. ..@. .... .... .... .... .@.. .R5..", 1)
    assert notations(blue) == {"c8-b8", "c8-d8", "c8-c7-a2", "c8-c7-c2", "c8-c7-b3", "c8-c7xb1"}
    red = play(blue, "c8-b8")
    assert {text for text in notations(red) if "-b2-" in text} == {
        "b1-b2-b7",
        "b1-b2-c6",
        "b1-b2-c8",
        "b1-b2-d7",
    }
