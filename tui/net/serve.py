"""``pawnshop serve``: the SSH server with its lobby and tables, until Ctrl+C or SIGTERM."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from saves import paths

if TYPE_CHECKING:
    from textual.app import App

    from tui.ssh.server import Listening
    from tui.ssh.session_info import SessionInfo
    from tui.web.server import WebServer

#: ``tui.ssh.config.AUTH_MODES``, spelt out: importing ``tui.ssh`` loads asyncssh, which the
#: command line must not pay for on every start.
AUTH_MODES = ("none", "publickey")

#: The server keeps its tables and finished games apart from the games played at the keyboard.
SERVER_FOLDER = "server"

HOST_HELP = "the address to listen on (default: %(default)s; 0.0.0.0 opens it to every network)"
HOST_KEY_HELP = "the server's SSH host key file, made on first start (default: in the data folder)"
DATA_DIR_HELP = (
    "where the tables, finished games, host key and log live "
    f"(default: the '{SERVER_FOLDER}' folder in pawnshop's data folder)"
)
MAX_SESSIONS_HELP = "the most players and spectators at once (default: %(default)s)"
IDLE_HELP = "close a session after this long without a key press (default: %(default)s; 0: never)"
DATABASE_HELP = (
    "the PostgreSQL database that servers on several machines share, "
    "postgresql://USER:PASSWORD@HOST:PORT/DATABASE (default: SQLite in the data folder)"
)
WORKERS_HELP = (
    "server processes sharing the port, each using one core; a supervisor restarts any that "
    "stops (default: one per core, here %(default)s; 1: one process)"
)
WEB_PORT_HELP = (
    "also answer browsers on this TCP port: the same lobby and tables in a web page (default: none)"
)
WEB_HOST_HELP = (
    "the address browsers reach (default: %(default)s; 0.0.0.0 opens it to every network)"
)
WEB_CERT_HELP = "serve the page over HTTPS with this PEM certificate (chain) file; needs --web-key"
WEB_KEY_HELP = "the PEM private key of --web-cert"
AUTH_HELP = (
    "none: the SSH user name is the player; publickey: any key is let in and its "
    "fingerprint is the player, who keeps the name it first logged in under (default: none "
    "on loopback, publickey on any other address)"
)


def add_serve_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    serve = commands.add_parser(
        "serve",
        help="let players in over SSH: a lobby, tables, spectators",
        description=(
            "Serve games over SSH. Players connect with `ssh -p PORT NAME@HOST` from any "
            "OpenSSH client and meet in a lobby; games are saved in the data folder."
        ),
    )
    option = serve.add_argument
    option("--host", default="127.0.0.1", help=HOST_HELP)
    option("--port", type=int, default=2222, help="TCP port (default: %(default)s)")
    option("--host-key", metavar="FILE", help=HOST_KEY_HELP)
    option("--data-dir", metavar="DIR", default=argparse.SUPPRESS, help=DATA_DIR_HELP)
    option("--max-sessions", type=int, default=100, metavar="N", help=MAX_SESSIONS_HELP)
    option("--idle-timeout", type=float, default=1800.0, metavar="SECONDS", help=IDLE_HELP)
    option("--auth", choices=AUTH_MODES, default=None, help=AUTH_HELP)
    option("--database", metavar="URL", help=DATABASE_HELP)
    option("--workers", type=int, default=default_workers(), metavar="N", help=WORKERS_HELP)
    option("--web-port", type=int, metavar="PORT", help=WEB_PORT_HELP)
    option("--web-host", default="127.0.0.1", metavar="HOST", help=WEB_HOST_HELP)
    option("--web-cert", metavar="FILE", help=WEB_CERT_HELP)
    option("--web-key", metavar="FILE", help=WEB_KEY_HELP)


def server_data_dir(given: str | None) -> Path:
    if given:
        return Path(given).expanduser()
    return paths.data_dir() / SERVER_FOLDER


def default_workers() -> int:
    """One worker per core."""
    return max(1, os.cpu_count() or 1)


def run_serve(args: argparse.Namespace) -> int:
    """Serve until stopped; 2 with one line on stderr if the settings or the address are bad.
    With more than one worker, this process supervises that many server processes."""
    workers = getattr(args, "workers", 1)
    if workers < 1:
        print(f"pawnshop: --workers must be 1 or more, not {workers}", file=sys.stderr)
        return 2
    web_port = getattr(args, "web_port", None)
    if web_port is not None and not 0 <= web_port <= 65535:
        print(
            f"pawnshop: --web-port {web_port} is not a TCP port number (0 to 65535)",
            file=sys.stderr,
        )
        return 2
    tls = web_tls(args)
    if isinstance(tls, str):
        print(f"pawnshop: {tls}", file=sys.stderr)
        return 2
    if getattr(args, "auth", None) is None:  # decided here, once, for every worker
        from tui.ssh.config import default_auth

        args.auth = default_auth(args.host)
    if workers == 1:
        return serve_here(args)
    return supervise_workers(args, workers)


def supervise_workers(args: argparse.Namespace, workers: int) -> int:
    """Check the settings and the host key here, once, then start and watch the workers."""
    from tui.net.workers import supervise
    from tui.ssh import ServerConfig
    from tui.ssh.hostkey import HostKeyError, load_or_create_host_key
    from tui.ssh.server_log import close_server_log, open_server_log

    try:
        config = server_config(args)
    except ValueError as error:
        print(f"pawnshop: {error}", file=sys.stderr)
        return 2
    assert isinstance(config, ServerConfig)
    from saves.store.postgres import StoreUnavailable
    from tui.net.server_store import check_database

    try:
        check_database(getattr(args, "database", None))
    except StoreUnavailable as error:
        print(f"pawnshop: {error}", file=sys.stderr)
        return 2
    # Made before the workers start, so that they do not race to make it.
    log = open_server_log(config.log_path)
    try:
        load_or_create_host_key(config.resolved_host_key_path, log)
    except HostKeyError as error:
        print(f"pawnshop: {error}", file=sys.stderr)
        return 2
    finally:
        close_server_log(log)
    from tui.net.workers import reserve_port

    web_port = getattr(args, "web_port", None)
    if web_port is not None:
        # Reserved here so that every worker answers browsers on the one port.
        try:
            reserved = reserve_port(args.web_host, web_port)
        except OSError as error:
            print(f"pawnshop: {web_address_error(args, error)}", file=sys.stderr)
            return 2
        args.web_port = reserved.getsockname()[1]
        print(f"pawnshop: browsers open {web_url(args)}", flush=True)
    return supervise(args, workers, config.data_dir, config.log_path)


def web_address_error(args: argparse.Namespace, error: OSError) -> str:
    reason = error.strerror or str(error)
    return f"cannot answer browsers on {args.web_host} port {args.web_port}: {reason}."


def web_url(args: argparse.Namespace) -> str:
    host = args.web_host
    shown = f"[{host}]" if ":" in host else host
    scheme = "https" if getattr(args, "web_cert", None) else "http"
    return f"{scheme}://{shown}:{args.web_port}/"


def web_tls(args: argparse.Namespace) -> Any:
    """The TLS settings of ``--web-cert`` and ``--web-key`` (``None`` without them), or the
    sentence saying why they will not do."""
    cert, key = getattr(args, "web_cert", None), getattr(args, "web_key", None)
    if cert is None and key is None:
        return None
    if getattr(args, "web_port", None) is None:
        return "--web-cert and --web-key serve the page of --web-port: give it too."
    from tui.web.tls import CertificateProblem, server_tls

    try:
        return server_tls(cert, key)
    except CertificateProblem as problem:
        return str(problem)


def server_config(args: argparse.Namespace) -> Any:
    """The ``ServerConfig`` of the command's options; ``ValueError`` for a bad one."""
    from tui.ssh import ServerConfig
    from tui.ssh.config import default_auth

    return ServerConfig(
        data_dir=server_data_dir(getattr(args, "data_dir", None)),
        host=args.host,
        port=args.port,
        host_key_path=Path(args.host_key).expanduser() if args.host_key else None,
        max_sessions=args.max_sessions,
        idle_timeout=args.idle_timeout,
        auth=args.auth or default_auth(args.host),
    )


def serve_here(
    args: argparse.Namespace,
    *,
    listening: Listening | None = None,
    announce: Callable[[int], None] | None = None,
) -> int:
    """Serve in this process until stopped. A worker among several is given its way of
    ``listening`` and says it is ready with ``announce(port)`` instead of the line for people."""
    from tui.net.app import net_app_factory
    from tui.net.collector import settle_collector
    from tui.net.server_hall import server_hall
    from tui.play.hall import TableHall
    from tui.ssh import GameServer, ServerConfig, run
    from tui.ssh.config import listens_on_loopback
    from tui.ssh.hostkey import HostKeyError

    try:
        config: ServerConfig = server_config(args)
    except ValueError as error:
        print(f"pawnshop: {error}", file=sys.stderr)
        return 2
    from saves.store.postgres import StoreUnavailable
    from tui.net.server_store import open_server_store

    database = getattr(args, "database", None)
    try:  # with no database the hall opens the data folder's SQLite store itself
        store = open_server_store(database, config.data_dir) if database is not None else None
    except StoreUnavailable as error:
        print(f"pawnshop: {error}", file=sys.stderr)
        return 2
    halls: list[TableHall] = []
    browsers = web_server(args, config.data_dir, listening)
    if isinstance(browsers, str):
        print(f"pawnshop: {browsers}", file=sys.stderr)
        return 2
    browser_tasks: list[asyncio.Task[None]] = []

    def sessions_app(info: SessionInfo) -> App[Any]:
        return net_app_factory(halls[0])(info)

    app_factory = sessions_app

    def ready(server: GameServer) -> None:
        hall = server_hall(config.data_dir, server.log, store=store)
        hall.open_names = config.auth == "none" and not listens_on_loopback(config.host)
        hall.rated_tables = config.auth == "publickey"
        hall.restore()
        hall.start()
        halls.append(hall)
        if browsers is not None:
            browser_tasks.append(asyncio.get_running_loop().create_task(browsers.serve(server)))
        # Once, before any session: what a session makes is never frozen.
        settle_collector(log=server.log)
        if announce is not None:
            announce(server.port)
            return
        who = "any SSH key" if config.auth == "publickey" else "no password"
        print(
            f"pawnshop: serving on {config.host} port {server.port} ({who}); players type "
            f"`ssh -p {server.port} NAME@{config.host}`. Log: {config.log_path}. Ctrl+C stops.",
            flush=True,
        )
        if browsers is not None:
            print(f"pawnshop: browsers open {web_url(args)}", flush=True)

    try:
        run(config, app_factory, on_ready=ready, listening=listening)
    except HostKeyError as error:
        print(f"pawnshop: {error}", file=sys.stderr)
        return 2
    finally:
        for hall in halls:
            hall.close()
        if store is not None:
            store.close()
        if browsers is not None:
            browsers.close_names()
    return 0


def web_server(
    args: argparse.Namespace, data_dir: Path, listening: Listening | None
) -> WebServer | str | None:
    """The web server of ``--web-port``, its address taken; ``None`` without the option, or
    the sentence saying why the address cannot be had."""
    if getattr(args, "web_port", None) is None:
        return None
    from tui.web.names import NameRegistry
    from tui.web.server import WebServer

    reuse_port = listening is not None and listening.reuse_port
    tls = web_tls(args)
    if isinstance(tls, str):
        return tls
    names = NameRegistry(data_dir, getattr(args, "database", None))
    browsers = WebServer(
        names, host=args.web_host, port=args.web_port, reuse_port=reuse_port, tls=tls
    )
    try:
        browsers.bind()
    except OSError as error:
        return web_address_error(args, error)
    args.web_port = browsers.port
    return browsers


def worker_main(settings: str) -> int:
    """A worker of ``pawnshop serve --workers N``, started by its supervisor with the
    command's options as JSON (``tui.net.workers``)."""
    from tui.net.workers import READY, stop_with_supervisor, worker_log
    from tui.ssh.balance import Balancing
    from tui.ssh.server import Listening

    args = argparse.Namespace(**json.loads(settings))
    # Textual takes stdout and stderr over while apps run: the log and the ready line go to
    # copies of the pipes, made before any app starts.
    log = worker_log(os.fdopen(os.dup(2), "w", buffering=1, encoding="utf-8"))
    ready_line = os.fdopen(os.dup(1), "w", buffering=1, encoding="utf-8")
    stop_with_supervisor()

    def announce(port: int) -> None:
        print(f"{READY} {port}", file=ready_line, flush=True)

    balancing = Balancing(
        group=args.balance_group,
        worker=args.worker,
        count=args.workers,
        table=Path(args.balance_table),
    )
    listening = Listening(reuse_port=True, log=log, balancing=balancing)
    return serve_here(args, listening=listening, announce=announce)


if __name__ == "__main__":
    raise SystemExit(worker_main(sys.argv[1]))
