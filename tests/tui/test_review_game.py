"""The controller of a game under review, without Textual: walking the tree, choosing and
editing variations, what an unfinished game shows, and a new game from any position."""

from __future__ import annotations

import random

from hop_game import HOP

from core import GameRecord, find_game
from core.record import Node
from tui.play.review_game import HIDDEN_REFUSAL, ReviewGame

MARTIAN = find_game("martian-chess")
MAC = find_game("mac")


def with_a_variation() -> tuple[GameRecord, list[Node], Node]:
    """Three moves on the main line, and another second move as a variation."""
    record = GameRecord(MARTIAN, seed=1)
    main = []
    for _ in range(3):
        main.append(record.play(MARTIAN.legal_moves(record.state)[0], main=True))
    record.goto(main[0])
    other = record.play(MARTIAN.legal_moves(record.state)[-1])
    return record, main, other


def test_to_the_start_and_the_end_and_not_past_them() -> None:
    record, main, _ = with_a_variation()
    review = ReviewGame(record)
    record.goto(main[1])
    assert review.to_end() and record.current is main[2]
    assert not review.to_end()
    assert review.to_start() and record.current is record.root
    assert not review.to_start()


def test_variations_are_chosen_at_a_branch_and_between_siblings() -> None:
    record, main, other = with_a_variation()
    review = ReviewGame(record)
    record.goto(main[0])
    main[0].redo_index = 0  # redo goes along the main line
    choice = review.variation(1)
    assert not choice.moved and choice.text.endswith("(variation 1, 2 of 2)")
    assert main[0].children[main[0].redo_index] is other
    record.goto(main[1])
    choice = review.variation(1)
    assert choice.moved and record.current is other
    record.goto(main[0])
    record.goto(record.root)
    assert review.variation(1).text == ""  # one first move: no choice


def test_promoting_and_deleting_a_variation() -> None:
    record, main, other = with_a_variation()
    review = ReviewGame(record)
    record.goto(main[1])
    assert review.promote() == "" and review.deletable() is None
    record.goto(other)
    assert review.deletable() is other
    assert review.promote() == f"2. {other.notation}"
    assert record.mainline()[1] is other and review.deletable() is None
    record.goto(main[2])
    assert review.deletable() is main[1]
    review.delete(main[1])
    assert main[1] not in main[0].children


def test_an_unfinished_game_shows_only_what_the_seat_to_carry_on_may_see() -> None:
    record = GameRecord(MAC, {"mode": "dark", "tokens": "on"}, 3, ["Ann", "Bo"])
    for _ in range(4):
        record.play(MAC.legal_moves(record.state)[0], main=True)
    review = ReviewGame(record)
    seat = MAC.to_move(record.state)
    assert review.sight() == (False, seat)
    assert review.state() == MAC.view(record.state, seat) != record.state
    refusals = set()
    for node in record.mainline():
        record.goto(node)
        refusals.add(review.trial_refusal())
    assert HIDDEN_REFUSAL in refusals


def test_a_finished_game_shows_everything() -> None:
    record = GameRecord(HOP, seed=0)
    rng = random.Random(3)
    for _ in range(500):
        if record.outcome() is not None:
            break
        record.play(rng.choice(record.game.legal_moves(record.state)), main=True)
    assert record.outcome() is not None
    review = ReviewGame(record)
    record.goto(record.mainline()[3])
    assert review.sight() == (True, None)
    assert review.state() == record.state and review.trial_refusal() == ""


def test_playing_on_copies_the_line_that_leads_here_as_the_main_line() -> None:
    record, main, other = with_a_variation()
    record.tags["Date"] = "2026.01.01"
    record.goto(other)
    new = ReviewGame(record).play_on(lambda name: MARTIAN)
    assert new is not record and "Date" not in new.tags
    assert [node.notation for node in new.mainline()] == [main[0].notation, other.notation]
    assert new.current is new.mainline()[-1]
    assert record.mainline()[1] is main[1]  # the game reviewed is left as it was
