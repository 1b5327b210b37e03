"""Start-up time: from starting the process to the first screen drawn.

Runs ``python -m tui`` (and the ``pawnshop`` console script when it is installed) in a
pseudo-terminal of 80x24 with ``PAWNSHOP_EXIT_AFTER_FIRST_FRAME=1``, which makes the app quit
as soon as its first screen has been drawn. Measured: the time until the first screen's text
reaches the terminal, the time until the process has exited, and the processor time it used
(which other work on a busy machine inflates less than the clock). The bare interpreter is
shown for comparison. Target: the first frame in under 0.5 s.

Usage: ``python tests/bench/bench_startup.py [--runs 7]``
A figure, not a test: nothing here is asserted.
"""

from __future__ import annotations

import argparse
import fcntl
import os
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from typing import NamedTuple

#: Text of the first screen; its arrival in the terminal is the first frame.
FIRST_SCREEN = b"Choose a game"


class Run(NamedTuple):
    first_frame: float | None
    exited: float
    processor: float


def run_in_terminal(command: list[str], data_dir: str) -> Run:
    """Run ``command`` in an 80x24 pseudo-terminal: seconds until the first screen shows and
    until the process exits, and the processor seconds (user + system) it used."""
    leader, follower = os.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = dict(os.environ, PAWNSHOP_EXIT_AFTER_FIRST_FRAME="1", TERM="xterm-256color")
    env["PAWNSHOP_DATA_DIR"] = data_dir
    start = time.perf_counter()
    process = subprocess.Popen(
        command, stdin=follower, stdout=follower, stderr=follower, env=env, close_fds=True
    )
    os.close(follower)
    output = b""
    first_frame = None
    while True:  # keep the terminal drained so the app never blocks on output
        try:
            chunk = os.read(leader, 65536)
        except OSError:
            break
        if not chunk:
            break
        if first_frame is None:
            output = output[-len(FIRST_SCREEN) :] + chunk
            if FIRST_SCREEN in output:
                first_frame = time.perf_counter() - start
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    os.close(leader)
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed with status {process.returncode}")
    return Run(first_frame, elapsed, usage.ru_utime + usage.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    commands = {"python (nothing)": [sys.executable, "-c", "pass"]}
    commands["python -m tui"] = [sys.executable, "-m", "tui"]
    script = shutil.which("pawnshop", path=os.path.dirname(sys.executable))
    if script:
        commands["pawnshop"] = [script]
    with tempfile.TemporaryDirectory() as data_dir:
        for name, command in commands.items():
            runs = [run_in_terminal(command, data_dir) for _ in range(args.runs)]
            frames = [run.first_frame for run in runs if run.first_frame is not None]
            frame = f"first frame {statistics.median(frames):.3f} s" if frames else "no frame"
            print(
                f"{name:18} {frame:18}  exited {statistics.median([r.exited for r in runs]):.3f} s"
                f"  processor {statistics.median([r.processor for r in runs]):.3f} s  (medians)"
            )
    print(f"({args.runs} runs each; target: under 0.5 s to the first frame)")


if __name__ == "__main__":
    main()
