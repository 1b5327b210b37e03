"""Save, load, save: the same tree, the same current node, the same bytes, for random games
edited with undos, variations, promotions, deletions and comments of any text."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from save_helpers import NOW, check_line_ends, edit_randomly, play_random_game, tree
from toy_game import TOY, find_toy_game

from core import GameRecord, all_games, find_game
from core.game import Game
from saves.format import dumps, load, loads, save
from saves.header import is_derived

steps = st.lists(
    st.tuples(st.integers(0, 9), st.integers(0, 2**16), st.text(max_size=40)),
    max_size=60,
)
tag_names = st.from_regex(r"[A-Za-z][A-Za-z0-9_]{0,8}", fullmatch=True).filter(
    lambda name: not is_derived(name)
)
extra_tags = st.dictionaries(tag_names, st.text(max_size=20), max_size=4)


def assert_round_trip(record: GameRecord) -> None:
    check_line_ends(record)
    text = dumps(record, NOW)
    loaded = loads(text, games=find_toy_game)
    assert tree(loaded.root) == tree(record.root)
    assert loaded.current.path() == record.current.path()
    assert loaded.state == record.state
    assert loaded.players == record.players
    assert loaded.options == record.options
    assert loaded.seed == record.seed
    assert loaded.start_position == record.start_position
    expected_tags = {"Date": "2026.11.21", "Time": "14:03:09", **record.tags}
    assert loaded.tags == expected_tags
    assert [node.path() for node in loaded.mainline()] == [
        node.path() for node in record.mainline()
    ]
    assert dumps(loaded) == text


@settings(max_examples=50, deadline=None)
@given(
    piles=st.sampled_from(["2", "3", "4"]),
    seats=st.sampled_from(["2", "3"]),
    seed=st.integers(-(2**70), 2**70),
    players=st.lists(st.text(max_size=12), min_size=3, max_size=3),
    tags=extra_tags,
    root_comment=st.text(max_size=30),
    script=steps,
)
def test_toy_games_round_trip(
    piles: str,
    seats: str,
    seed: int,
    players: list[str],
    tags: dict[str, str],
    root_comment: str,
    script: list[tuple[int, int, str]],
) -> None:
    options = {"piles": piles, "players": seats}
    record = GameRecord(TOY, options, seed, players[: int(seats)], tags=tags)
    record.root.comment = root_comment
    edit_randomly(record, script)
    assert_round_trip(record)


@settings(max_examples=25, deadline=None)
@given(position=st.sampled_from(["2,0,3 1 2 -", "1,1,1,1 0 3 -", "5 0 2 -"]), script=steps)
def test_games_set_up_from_a_position_round_trip(
    position: str, script: list[tuple[int, int, str]]
) -> None:
    record = GameRecord(TOY, {"players": position.split()[2]}, 0, start_position=position)
    edit_randomly(record, script)
    assert_round_trip(record)


MARTIAN_CHESS_OPTIONS = [
    {},
    {"players": "4"},
    {"players": "4", "teams": "off", "clock": "off"},
    {"first": "random"},
]


@settings(max_examples=25, deadline=None)
@given(
    options=st.sampled_from(MARTIAN_CHESS_OPTIONS),
    seed=st.integers(0, 2**32),
    plies=st.integers(0, 120),
    script=st.lists(
        st.tuples(st.integers(0, 9), st.integers(0, 2**16), st.text(max_size=20)), max_size=25
    ),
)
def test_martian_chess_games_round_trip_through_a_file(
    tmp_path_factory, options: dict[str, str], seed: int, plies: int, script: list
) -> None:
    game = find_game("martian-chess")
    record = GameRecord(game, options, seed)
    play_random_game(record, seed, plies)
    edit_randomly(record, script)
    path = tmp_path_factory.mktemp("saves") / "game.pawn"
    save(record, path, now=NOW)
    loaded = load(path)
    assert tree(loaded.root) == tree(record.root)
    assert loaded.current.path() == record.current.path()
    assert loaded.state == record.state
    save(loaded, path)
    assert path.read_text(encoding="utf-8") == dumps(record, NOW)


def test_a_finished_martian_chess_game_round_trips_with_its_result() -> None:
    game = find_game("martian-chess")
    for seed in range(3):
        record = GameRecord(game, {"players": "4"} if seed == 2 else {}, seed)
        play_random_game(record, seed, plies=3000)
        outcome = record.outcome()
        assert outcome is not None
        text = dumps(record, NOW)
        assert f'[Result "{outcome.result(len(record.players))}"]' in text
        assert f'[Termination "{outcome.reason}"]' in text
        loaded = loads(text)
        assert loaded.outcome() == outcome
        assert dumps(loaded) == text


@pytest.mark.parametrize("game", all_games(), ids=lambda game: game.id)
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32), plies=st.integers(0, 150), script=steps)
def test_every_registered_game_round_trips(
    game: Game, seed: int, plies: int, script: list[tuple[int, int, str]]
) -> None:
    record = GameRecord(game, {}, seed)
    play_random_game(record, seed, plies)
    edit_randomly(record, script)
    text = dumps(record, NOW)
    loaded = loads(text)
    assert tree(loaded.root) == tree(record.root)
    assert loaded.current.path() == record.current.path()
    assert dumps(loaded) == text
