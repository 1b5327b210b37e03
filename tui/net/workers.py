"""``pawnshop serve --workers N``: N server processes on one port, and the supervisor that
keeps them running.

One server process runs every session on one event loop, so it uses one core however many the
machine has. With ``--workers N`` the command becomes a supervisor: it reserves the port, then
starts N worker processes (``python -m tui.net.serve SETTINGS``), each a whole server with its
own hall over the shared store, listening on that same port with ``SO_REUSEPORT`` (the system
hands each new connection to one of them). The supervisor

- writes the log: each worker sends its log lines (marked with its pid) to the supervisor's
  pipe, and the supervisor alone writes them to ``ssh-server.log``, so that the file has one
  writer and rotates safely; whatever else a worker prints (a crash) is logged too;
- restarts a worker that stops unexpectedly (killed, crashed), with a log line, waiting a
  little longer each time one stops soon after it started;
- stops them all on SIGINT or SIGTERM, and gives up at start, with one sentence, if a worker
  cannot start at all.

A worker stops by itself when the supervisor goes away (its stdin, a pipe from the supervisor,
reaches its end), so no worker outlives a supervisor killed outright.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import signal
import socket
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

#: What a worker prints on its stdout once it listens: ``ready PORT``.
READY = "ready"
#: Seconds a worker may take to start listening before the supervisor gives up on it.
START_LIMIT = 60.0
#: Seconds the workers get to stop before they are killed: each gives its apps
#: ``tui.ssh.server.SHUTDOWN_GRACE`` seconds, then closes its connections, which with a
#: hundred sessions on a busy machine was seen to take over ten seconds.
STOP_LIMIT = 30.0
#: A worker that stops sooner than this after starting is restarted after a pause, doubled at
#: each such stop up to ``LONGEST_PAUSE``.
SHORT_LIFE = 10.0
FIRST_PAUSE = 0.5
LONGEST_PAUSE = 30.0

#: How a worker's log lines look: the supervisor writes them as they come.
WORKER_LOG_FORMAT = "%(asctime)s %(levelname)s [worker %(process)d] %(message)s"
SUPERVISOR_LOG_FORMAT = "%(asctime)s %(levelname)s [supervisor %(process)d] %(message)s"


class WorkerFailed(Exception):
    """A worker could not start: one sentence, for the command line."""


# -- the port -------------------------------------------------------------------------------


def reserve_port(host: str, port: int) -> socket.socket:
    """A socket bound to ``host``:``port`` with ``SO_REUSEPORT``, not listening: it holds the
    port for the workers (port 0: the system picks one, the same for every worker) and takes
    no connection itself. Raises ``OSError`` if the port is taken by another program."""
    family, kind, proto, _, address = socket.getaddrinfo(
        host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
    )[0]
    reserved = socket.socket(family, kind, proto)
    try:
        reserved.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        reserved.bind(address)
    except OSError:
        reserved.close()
        raise
    return reserved


# -- the supervisor's log -------------------------------------------------------------------


class _Forwarded(logging.Formatter):
    """The supervisor's own lines in its format; a worker's lines as the worker wrote them."""

    def format(self, record: logging.LogRecord) -> str:
        if getattr(record, "forwarded", False):
            return record.getMessage()
        return super().format(record)


def supervisor_log(path: Path) -> logging.Logger:
    from tui.ssh.server_log import open_server_log

    log = open_server_log(path)
    for handler in log.handlers:
        handler.setFormatter(_Forwarded(SUPERVISOR_LOG_FORMAT))
    return log


# -- the supervisor -------------------------------------------------------------------------


class Worker:
    """One worker's place: its process (the latest one started) and how it is doing."""

    def __init__(self, number: int) -> None:
        self.number = number
        self.process: asyncio.subprocess.Process | None = None
        self.ready = asyncio.Event()
        self.started_at = 0.0
        self.pause = FIRST_PAUSE


class Supervisor:
    """Starts ``count`` workers with ``settings`` (the ``serve`` command's options, the port
    resolved), keeps them running, and stops them when told."""

    def __init__(self, settings: dict[str, object], count: int, log: logging.Logger) -> None:
        self.settings = settings
        self.workers = [Worker(number) for number in range(1, count + 1)]
        self.log = log
        self.stopping = False
        self._failure: str | None = None
        self._failed = asyncio.Event()

    def command(self, worker: Worker) -> list[str]:
        """The command that starts ``worker``: the settings, and its place among the workers
        (``worker``: its index; ``workers``: how many)."""
        settings = {**self.settings, "worker": worker.number - 1, "workers": len(self.workers)}
        return [sys.executable, "-m", "tui.net.serve", json.dumps(settings)]

    async def run(self, stop: asyncio.Event, on_ready: Callable[[], None]) -> None:
        """Serve until ``stop`` is set. Raises ``WorkerFailed`` if a worker cannot start."""
        keepers = [asyncio.create_task(self._keep(worker)) for worker in self.workers]
        try:
            all_ready: asyncio.Future[object] = asyncio.ensure_future(self._all_ready())
            failed: asyncio.Future[object] = asyncio.ensure_future(self._failed.wait())
            stopped: asyncio.Future[object] = asyncio.ensure_future(stop.wait())
            done, _ = await asyncio.wait(
                [all_ready, failed, stopped],
                timeout=START_LIMIT,
                return_when=asyncio.FIRST_COMPLETED,
            )
            for waiter in (all_ready, failed, stopped):
                waiter.cancel()
            if self._failure is not None:
                raise WorkerFailed(self._failure)
            if not done:
                raise WorkerFailed(f"the workers did not start within {START_LIMIT:.0f} s")
            if not stop.is_set():
                on_ready()
                await stop.wait()
        finally:
            await self.stop(keepers)

    async def _all_ready(self) -> None:
        for worker in self.workers:
            await worker.ready.wait()

    async def stop(self, keepers: list[asyncio.Task[None]]) -> None:
        """Ask every worker to stop (SIGTERM), and kill those still running after
        ``STOP_LIMIT`` seconds."""
        self.stopping = True
        running = [w.process for w in self.workers if w.process and w.process.returncode is None]
        for process in running:
            process.send_signal(signal.SIGTERM)
        if running:
            await asyncio.wait(
                [asyncio.ensure_future(p.wait()) for p in running], timeout=STOP_LIMIT
            )
            for process in running:
                if process.returncode is None:
                    self.log.warning("worker %d did not stop; killed", process.pid)
                    process.kill()
        await asyncio.gather(*keepers, return_exceptions=True)
        self.log.info("all workers stopped")

    async def _keep(self, worker: Worker) -> None:
        """Run ``worker``, and start it again each time it stops unless the server stops."""
        while not self.stopping:
            process = await asyncio.create_subprocess_exec(
                *self.command(worker),
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE,
            )
            worker.process = process
            worker.started_at = time.monotonic()
            self.log.info("worker %d started as pid %d", worker.number, process.pid)
            assert process.stdout is not None and process.stderr is not None
            readers = [
                asyncio.create_task(self._read_ready(worker, process.stdout)),
                asyncio.create_task(self._forward(process.pid, process.stderr)),
            ]
            status = await process.wait()
            await asyncio.gather(*readers, return_exceptions=True)
            if self.stopping:
                return
            how = f"killed by signal {-status}" if status < 0 else f"exit status {status}"
            if not worker.ready.is_set():
                self._failure = self._failure or f"a worker could not start ({how})"
                self._failed.set()
                return
            lived = time.monotonic() - worker.started_at
            pause = worker.pause if lived < SHORT_LIFE else 0.0
            worker.pause = min(2 * worker.pause, LONGEST_PAUSE) if pause else FIRST_PAUSE
            self.log.warning(
                "worker %d (pid %d) stopped unexpectedly (%s); starting another%s",
                worker.number,
                process.pid,
                how,
                f" in {pause:g} s" if pause else "",
            )
            if pause:
                await asyncio.sleep(pause)

    async def _read_ready(self, worker: Worker, stdout: asyncio.StreamReader) -> None:
        async for line in stdout:
            if line.decode(errors="replace").split()[:1] == [READY]:
                worker.ready.set()

    async def _forward(self, pid: int, stderr: asyncio.StreamReader) -> None:
        """Write the worker's log lines to the log; anything else it says too, marked."""
        async for raw in stderr:
            line = raw.decode("utf-8", errors="replace").rstrip("\n")
            if not line:
                continue
            if f"[worker {pid}]" not in line:
                if line.startswith("pawnshop: ") and self._failure is None:
                    self._failure = line.removeprefix("pawnshop: ")
                line = f"worker {pid} said: {line}"
                self.log.warning(line)
                continue
            self.log.info(line, extra={"forwarded": True})


def supervise(args: argparse.Namespace, count: int, data_dir: Path, log_path: Path) -> int:
    """``pawnshop serve --workers N`` with N > 1: serve until SIGINT or SIGTERM; 2 with one
    line on stderr if the port is taken or a worker cannot start."""
    try:
        reserved = reserve_port(args.host, args.port)
    except OSError as error:
        print(
            f"pawnshop: cannot listen on {args.host} port {args.port}: {error.strerror}.",
            file=sys.stderr,
        )
        return 2
    port = reserved.getsockname()[1]
    settings = {key: value for key, value in vars(args).items() if _is_plain(value)}
    settings.update(port=port, data_dir=str(data_dir))
    from tui.ssh.balance import prepare_table

    # Where the workers count the connections each holds, to even them out (tui.ssh.balance).
    table = data_dir / "run" / f"connections-{os.getpid()}"
    prepare_table(table, count)
    settings.update(balance_group=str(os.getpid()), balance_table=str(table))
    log = supervisor_log(log_path)
    supervisor = Supervisor(settings, count, log)

    def ready() -> None:
        who = "any SSH key" if args.auth == "publickey" else "no password"
        log.info("%d workers listening on %s port %d", count, args.host, port)
        print(
            f"pawnshop: serving on {args.host} port {port} with {count} workers ({who}); "
            f"players type `ssh -p {port} NAME@{args.host}`. Log: {log_path}. Ctrl+C stops.",
            flush=True,
        )

    async def main() -> None:
        loop = asyncio.get_running_loop()
        stop = asyncio.Event()
        for signal_number in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(signal_number, stop.set)
        await supervisor.run(stop, ready)

    try:
        asyncio.run(main())
    except WorkerFailed as failure:
        print(f"pawnshop: {failure}", file=sys.stderr)
        return 2
    finally:
        reserved.close()
        table.unlink(missing_ok=True)
        from tui.ssh.server_log import close_server_log

        close_server_log(log)
    return 0


def _is_plain(value: object) -> bool:
    return value is None or isinstance(value, str | int | float | bool)


# -- a worker -------------------------------------------------------------------------------


def worker_log(stream: TextIO) -> logging.Logger:
    """The worker's log: lines to ``stream`` (the supervisor's pipe), marked with its pid."""
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logging.Formatter(WORKER_LOG_FORMAT))
    log = logging.Logger("pawnshop.ssh", logging.INFO)
    log.addHandler(handler)
    log.propagate = False
    return log


def stop_with_supervisor() -> None:
    """SIGTERM this worker once its stdin (a pipe from the supervisor) is at its end: the
    supervisor is gone."""

    def wait() -> None:
        # os.read, not sys.stdin: a daemon thread blocked in a buffered read would hold the
        # buffer's lock as the interpreter shuts down.
        try:
            while os.read(0, 4096):
                pass
        except OSError:
            pass
        os.kill(os.getpid(), signal.SIGTERM)

    threading.Thread(target=wait, name="supervisor-watch", daemon=True).start()
