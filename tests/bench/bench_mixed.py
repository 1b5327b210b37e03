"""Browsers and SSH players on one ``pawnshop serve --web-port``, at mixed tables: a move's time
to the opponent's screen for each kind of player, connect times, and memory per browser.

Usage: ``python tests/bench/bench_mixed.py [--browsers 50] [--ssh 50] [--keys 10]
[--workers 2] [--database URL|postgres] [--pace SECONDS] [--timeout 1800]``

Starts ``pawnshop serve --workers N --web-port 0`` in a child process on loopback and plays
from this process: SSH players as ``bench_ssh.py``'s, browsers as ``bench_web.py``'s (the
page's messages over a WebSocket, the join first). About half the tables seat a browser
against an SSH player (each kind South at every other one), the rest two browsers or two SSH
players. Prints

- connect: from opening the connection (the join, for a browser) to the lobby on screen, all
  browsers at once and then all SSH players at once, held to the goal p95 < 1 s;
- memory: the server's resident memory (supervisor and workers) per browser session (its
  growth with every browser in the lobby, over their number, after one warm-up browser and
  one warm-up SSH session), the same per SSH session, and per session once all sit at tables;
- move to the opponent's screen: from a move's Enter to the opponent's screen showing it in
  the log, in three phases of ``--keys`` moves a game: one game at a time; burst, every game
  moving at the same instant; and paced, every game in play at once, each moving every
  ``--pace`` seconds (0 leaves it out) from a random offset, as on a full server. Each phase
  is printed for all moves and for each pair of kinds (SSH to browser, browser to SSH, SSH to
  SSH, browser to browser), held to the goal median < 50 ms, p95 < 150 ms.

A figure, not a test: nothing is asserted; each wait for a screen gives up after 120 s.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path

from bench_players import (
    LOBBY_READY,
    BenchClient,
    Played,
    Player,
    burst,
    one_game_at_a_time,
    open_tables,
    paced,
    table_player,
)
from bench_server import (
    MOVE_GOAL,
    Phases,
    Served,
    connect_goal,
    database,
    meets_move_goal,
    resident_kib,
    serve_command,
    served,
    server_report,
    settled,
    summary,
)
from bench_web import Tab

KINDS = (("ssh", "browser"), ("browser", "ssh"), ("ssh", "ssh"), ("browser", "browser"))


class BrowserKeys:
    """A tab's keyboard as a player's channel: ``write`` queues the keys, and one task sends
    them in order as the page's ``stdin`` messages."""

    def __init__(self, tab: Tab) -> None:
        self.tab = tab
        self.queue: asyncio.Queue[bytes] = asyncio.Queue()
        self.sender = asyncio.get_running_loop().create_task(self._send())

    def write(self, data: bytes) -> None:
        self.queue.put_nowait(data)

    async def _send(self) -> None:
        while True:
            data = await self.queue.get()
            await self.tab.press(data.decode())


class BrowserPlayer(Player):
    """A browser's tab on the page, a 100x32 terminal, playing as an SSH player does."""

    kind = "browser"

    def __init__(self, url: str, index: int) -> None:
        super().__init__(0, index, LOBBY_READY, echo=False)
        self.url = url
        self.name = f"web{index}"
        self.tab: Tab | None = None
        self.keys: BrowserKeys | None = None

    async def connect(self) -> float:
        started = time.perf_counter()
        client = BenchClient()
        client.name = self.name
        self.client = client
        self.tab = await Tab.open(
            self.url, self.name, lambda data: client.data_received(data, None), size=(100, 32)
        )
        self.keys = self.channel = BrowserKeys(self.tab)
        self.tab.reader.add_done_callback(lambda _: client.connection_lost(None))
        await client.wait_for(self.ready)
        return time.perf_counter() - started

    async def close(self) -> None:
        if self.keys is not None:
            self.keys.sender.cancel()
        if self.tab is not None:
            await self.tab.close()


def seating(browsers: list[Player], ssh: list[Player]) -> list[Player]:
    """The players in the order ``open_tables`` pairs them: half the smaller kind at tables
    against the other kind (which is South alternating), the rest at tables of their own
    kind; one left over of each kind sit together, a last odd one waits in the lobby."""
    mixed = min(len(browsers), len(ssh)) // 2
    order: list[Player] = []
    for number, (browser, player) in enumerate(zip(browsers[:mixed], ssh[:mixed], strict=True)):
        order += [browser, player] if number % 2 == 0 else [player, browser]
    browsers_left, ssh_left = browsers[mixed:], ssh[mixed:]
    if len(browsers_left) % 2 == 1 and len(ssh_left) % 2 == 1:
        order += [browsers_left.pop(), ssh_left.pop()]
    order += browsers_left[: len(browsers_left) // 2 * 2]
    return order + ssh_left[: len(ssh_left) // 2 * 2]


def print_moves(name: str, played: list[Played]) -> None:
    """A phase's moves: all of them, then each pair of kinds, each against the goal."""
    print(f"move -> opponent's screen, {name} (goal {MOVE_GOAL}):")
    for kind in (None, *KINDS):
        label = "all" if kind is None else f"{kind[0]} -> {kind[1]}"
        seconds = [move.seconds for move in played if kind in (None, (move.mover, move.opponent))]
        if seconds:
            verdict = "met" if meets_move_goal(seconds) else "NOT met"
            print(f"  {label:18} {summary(seconds)}   goal {verdict}")


async def connect_all(players: list[Player]) -> list[float]:
    return list(await asyncio.gather(*(player.connect() for player in players)))


async def measure(server: Served, args: argparse.Namespace) -> None:
    assert server.web_url is not None
    pid, url, moves = server.pid, server.web_url, args.keys
    phases = Phases(pid)
    start_kib = resident_kib(pid)
    warm_up = [BrowserPlayer(url, 0), table_player(server.port, 0)]
    await connect_all(warm_up)
    for player in warm_up:
        await player.close()
    await settled(pid)
    baseline_kib = resident_kib(pid)
    phases.done("warm-up: one browser, one SSH session")

    browsers: list[Player] = [BrowserPlayer(url, index + 1) for index in range(args.browsers)]
    ssh = [table_player(server.port, index + 1) for index in range(args.ssh)]
    browser_connects = await connect_all(browsers)
    phases.done(f"{len(browsers)} browsers connect at once")
    await settled(pid)
    browsers_kib = resident_kib(pid)
    phases.restart()
    ssh_connects = await connect_all(ssh)
    phases.done(f"{len(ssh)} SSH sessions connect at once")
    await settled(pid)
    lobby_kib = resident_kib(pid)
    phases.restart()
    seated = seating(browsers, ssh)
    pairs = await open_tables(seated)
    await settled(pid)
    phases.done(f"{len(pairs)} tables opened and sat at")

    one_at_a_time = await one_game_at_a_time(pairs, 1, moves)
    phases.done(f"{moves * len(pairs)} moves, one game at a time")
    await settled(pid)
    phases.restart()
    all_at_once = await burst(pairs, moves + 1, moves)
    phases.done(f"{moves * len(pairs)} moves, burst: all games at the same instant")
    at_pace: list[Played] = []
    if args.pace > 0:
        await settled(pid)
        phases.restart()
        at_pace = await paced(pairs, 2 * moves + 1, moves, args.pace)
        phases.done(f"{moves * len(pairs)} moves, paced: each game every {args.pace:g} s")
    await settled(pid)
    tables_kib = resident_kib(pid)
    await asyncio.gather(*(player.close() for player in browsers + ssh))

    kinds = [(pair[0].kind, pair[1].kind) for pair in pairs]
    tables = ", ".join(
        f"{sum(sorted(k) == sorted(kind) for k in kinds)} {kind[0]}-{kind[1]}" for kind in KINDS[1:]
    )
    print(f"browsers: {len(browsers)}   SSH sessions: {len(ssh)}   tables: {len(pairs)} ({tables})")
    print(
        f"server memory: {start_kib / 1024:.1f} MiB at start, {baseline_kib / 1024:.1f} MiB "
        f"after the warm-up, {browsers_kib / 1024:.1f} MiB with the browsers in the lobby, "
        f"{lobby_kib / 1024:.1f} MiB with the SSH sessions too, {tables_kib / 1024:.1f} MiB "
        f"with {len(seated)} at tables"
    )
    per_browser = (browsers_kib - baseline_kib) / max(1, len(browsers)) / 1024
    per_ssh = (lobby_kib - browsers_kib) / max(1, len(ssh)) / 1024
    per_seated = (tables_kib - baseline_kib) / max(1, len(browsers) + len(ssh)) / 1024
    print(
        f"memory per browser session in the lobby: {per_browser:.2f} MiB; per SSH session in "
        f"the lobby: {per_ssh:.2f} MiB; per session (either kind) at a table: {per_seated:.2f} MiB"
    )
    print(f"browsers connecting at once: {summary(browser_connects)}")
    print(f"  {connect_goal(browser_connects)}")
    print(f"SSH sessions connecting at once: {summary(ssh_connects)}")
    print(f"  {connect_goal(ssh_connects)}")
    print_moves("one game at a time", one_at_a_time)
    print_moves(f"burst (all {len(pairs)} games at the same instant)", all_at_once)
    if args.pace > 0:
        print_moves(
            f"paced (all {len(pairs)} games in play, each moving every {args.pace:g} s)", at_pace
        )
    phases.print()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--browsers", type=int, default=50)
    parser.add_argument("--ssh", type=int, default=50)
    parser.add_argument("--keys", type=int, default=10, help="moves per game in each phase")
    parser.add_argument("--workers", type=int, default=2, metavar="N")
    parser.add_argument(
        "--database", metavar="URL", help="pawnshop serve --database URL (postgres: a throwaway)"
    )
    parser.add_argument("--pace", type=float, default=10.0, metavar="SECONDS")
    parser.add_argument("--timeout", type=float, default=1800.0)
    args = parser.parse_args()
    if args.browsers < 0 or args.ssh < 0 or args.browsers + args.ssh < 2 or args.workers < 1:
        parser.error("at least two players in all, and one worker")
    sessions = args.browsers + args.ssh + 2
    with tempfile.TemporaryDirectory(prefix="bench-mixed-") as data, database(args.database) as url:
        command = serve_command(data, sessions, args.workers, url, web=True)
        named = f" --database {args.database}" if args.database else ""
        said = f"pawnshop serve --workers {args.workers} --web-port 0{named}"
        with (
            server_report(Path(data) / "ssh-server.log", said),
            served(command, web=True) as server,
        ):
            asyncio.run(asyncio.wait_for(measure(server, args), args.timeout))


if __name__ == "__main__":
    main()
