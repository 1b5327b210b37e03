"""The server's log file: the only place a running server writes to.

The server's stdout and stderr belong to whoever started it, and while apps run Textual
redirects them process-wide; so the server keeps its own logger, detached from the logging
tree, writing to a rotating file in the data directory.
"""

from __future__ import annotations

import logging
from logging.handlers import RotatingFileHandler
from pathlib import Path

LOG_FORMAT = "%(asctime)s %(levelname)s %(message)s"
MAX_LOG_BYTES = 2 * 1024 * 1024
LOG_BACKUPS = 3


def open_server_log(path: Path) -> logging.Logger:
    """A logger writing to ``path`` (rotated at 2 MiB), and nowhere else."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handler = RotatingFileHandler(
        path, maxBytes=MAX_LOG_BYTES, backupCount=LOG_BACKUPS, encoding="utf-8"
    )
    handler.setFormatter(logging.Formatter(LOG_FORMAT))
    # Not from logging.getLogger: every server gets its own logger, which is never shared
    # with (or kept alive by) the logging module's registry.
    log = logging.Logger("pawnshop.ssh", logging.INFO)
    log.addHandler(handler)
    log.propagate = False
    return log


def close_server_log(log: logging.Logger) -> None:
    for handler in list(log.handlers):
        log.removeHandler(handler)
        handler.close()
