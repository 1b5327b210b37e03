"""The autosave after a move: written and renamed into place at once, flushed to disk on a
thread of its own, and flushed before the app quits."""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Any

from tui_helpers import SIZE, app_test, make_app, martian_record, play_by_keys

from saves import atomic
from saves.atomic import deferred_syncs, write_atomically
from saves.format import load
from saves.paths import autosave_file
from tui.play.disk_sync import BackgroundSync


class Fsyncs:
    """Records the thread of every ``os.fsync`` (and still does it)."""

    def __init__(self, monkeypatch: Any) -> None:
        self.threads: list[str] = []
        original = os.fsync

        def fsync(descriptor: int) -> None:
            self.threads.append(threading.current_thread().name)
            original(descriptor)

        monkeypatch.setattr(atomic.os, "fsync", fsync)


def test_a_write_flushes_to_disk_at_once_outside_deferred_syncs(
    tmp_path: Path, monkeypatch: Any
) -> None:
    fsyncs = Fsyncs(monkeypatch)
    write_atomically(tmp_path / "a.pawn", b"one")
    assert (tmp_path / "a.pawn").read_bytes() == b"one"
    assert len(fsyncs.threads) == 2  # the file, then the folder's entry


def test_inside_deferred_syncs_the_file_is_in_place_and_the_flush_left_to_the_caller(
    tmp_path: Path, monkeypatch: Any
) -> None:
    fsyncs = Fsyncs(monkeypatch)
    with deferred_syncs() as written:
        write_atomically(tmp_path / "a.pawn", b"one")
        write_atomically(tmp_path / "b.pawn", b"two")
    assert (tmp_path / "a.pawn").read_bytes() == b"one"
    assert written == [tmp_path / "a.pawn", tmp_path / "b.pawn"]
    assert fsyncs.threads == []
    atomic.sync_file(tmp_path / "a.pawn")
    assert len(fsyncs.threads) == 2
    atomic.sync_file(tmp_path / "gone.pawn")  # a file removed since: nothing to do
    assert len(fsyncs.threads) == 2
    write_atomically(tmp_path / "c.pawn", b"three")  # outside again: at once
    assert len(fsyncs.threads) == 4


def test_paths_are_flushed_in_order_each_once_off_the_callers_thread() -> None:
    started = threading.Event()
    release = threading.Event()
    synced: list[tuple[Path, str]] = []

    def sync(path: Path) -> None:
        started.set()
        release.wait(10)
        synced.append((path, threading.current_thread().name))

    syncs = BackgroundSync(sync)
    syncs.sync_later([Path("a")])
    assert started.wait(10)  # "a" is being flushed; these wait behind it
    syncs.sync_later([Path("b"), Path("c")])
    syncs.sync_later([Path("b")])
    assert not syncs.flush(timeout=0)  # "a" is held: nothing can be flushed yet
    release.set()
    assert syncs.flush(timeout=10)
    assert [path for path, _ in synced] == [Path("a"), Path("b"), Path("c")]
    assert {thread for _, thread in synced} == {"disk-sync"}
    syncs.sync_later([Path("a")])  # the thread ended when idle; more work starts it again
    assert syncs.flush(timeout=10)
    assert [path for path, _ in synced][-1] == Path("a")


def test_a_flush_that_fails_does_not_stop_the_next_ones() -> None:
    synced: list[Path] = []

    def sync(path: Path) -> None:
        if path == Path("bad"):
            raise RuntimeError("no disk")
        synced.append(path)

    syncs = BackgroundSync(sync)
    syncs.sync_later([Path("bad")])
    assert syncs.flush(timeout=10)
    syncs.sync_later([Path("good")])
    assert syncs.flush(timeout=10)
    assert synced == [Path("good")]


@app_test
async def test_a_move_is_autosaved_at_once_and_flushed_to_disk_off_the_app(
    data_dir: Path, monkeypatch: Any
) -> None:
    fsyncs = Fsyncs(monkeypatch)
    app = make_app(data_dir, record=martian_record())
    async with app.run_test(size=SIZE) as pilot:
        await play_by_keys(pilot, ("c3", "d4"))
        saved = load(autosave_file(data_dir))  # complete before the move is even shown
        assert [node.notation for node in saved.line()] == ["c3-d4"]
        assert app.disk_sync.flush(timeout=10)
        assert fsyncs.threads  # flushed ...
        assert set(fsyncs.threads) == {"disk-sync"}  # ... and never by the app itself


@app_test
async def test_quitting_waits_for_the_last_flush(data_dir: Path) -> None:
    """The flush is held until the app, quitting, asks to wait for it: had the app not
    waited, the flush would still be held when the app is gone."""
    asked = threading.Event()
    synced: list[Path] = []

    def held_sync(path: Path) -> None:
        asked.wait(30)
        synced.append(path)

    class WaitedSync(BackgroundSync):
        def flush(self, timeout: float | None = None) -> bool:
            asked.set()
            flushed = super().flush(timeout)
            on_disk_when_done.append(list(synced))
            return flushed

    on_disk_when_done: list[list[Path]] = []
    app = make_app(data_dir, record=martian_record())
    app.disk_sync = WaitedSync(held_sync)
    async with app.run_test(size=SIZE) as pilot:
        await play_by_keys(pilot, ("c3", "d4"))
        assert not asked.is_set()  # the move's flush is held ...
        await pilot.press("q")
    # ... until quitting asked for it, and quitting went on only once it was done.
    assert on_disk_when_done == [[autosave_file(data_dir)]]
