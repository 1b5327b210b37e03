"""Whether a terminal can show UTF-8: decided from its TERM and its locale.

The app is drawn in ASCII (``tui.ascii.drawing``) when either says no:

- **TERM**: the hardware terminals and their emulations (``vt52``, ``vt100``, ``vt102``,
  ``vt220``, ... any ``vt`` followed by a digit), ``dumb``, ``ansi`` (the code pages of DOS
  consoles) and ``unknown``, or no TERM at all. ``linux`` (the Linux console) keeps UTF-8: it
  maps Unicode onto its font, whose default sets hold the box drawing, the blocks and shades,
  ``·`` ``•`` and the four arrows that frame and mark the screens; a character missing from
  the font shows as one replacement cell, so the alignment holds, and a player who misses one
  of Chase's diagonal arrows there chooses ASCII with ``--ascii`` (``a`` over SSH).
- **the locale**: the first of ``LC_ALL``, ``LC_CTYPE`` and ``LANG`` that is set names the
  character set the terminal is taken to use (the rule ``tmux`` and ``less`` follow); UTF-8
  if it says ``UTF-8`` or ``utf8``, else not (``C``, ``POSIX``, ``en_US.ISO-8859-1``). At one
  keyboard no locale variable at all is the ``C`` locale, which is ASCII. Python at start-up
  replaces a ``C`` locale's ``LC_CTYPE`` by ``C.UTF-8`` in its own environment (PEP 538), and
  then ``locale.getpreferredencoding()`` says UTF-8 whatever the terminal shows; so on Linux
  the variables are read as the process was started with them (``/proc/self/environ``).
- **over SSH** the session's TERM (sent with its pty request) and whatever locale variables
  the client sent (OpenSSH sends ``LANG`` and ``LC_*`` where its configuration says
  ``SendEnv``): a client that sent none says nothing of its character set, and only its TERM
  decides.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping

#: TERM values of terminals that show no UTF-8 (``vt`` followed by a digit is matched apart).
ASCII_TERMS = frozenset({"", "dumb", "ansi", "unknown"})
_HARDWARE_VT = re.compile(r"vt\d")
#: The locale variables, the one that wins first.
LOCALE_VARIABLES = ("LC_ALL", "LC_CTYPE", "LANG")
#: Where Linux keeps the environment a process was started with.
START_ENVIRONMENT = "/proc/self/environ"


def term_shows_utf8(term: str) -> bool:
    """Whether a terminal of type ``term`` shows UTF-8 (see the module's docstring)."""
    name = term.strip().lower()
    return name not in ASCII_TERMS and not _HARDWARE_VT.match(name)


def locale_is_utf8(environment: Mapping[str, str]) -> bool | None:
    """Whether the locale that ``environment`` sets uses UTF-8; ``None`` if it sets none."""
    for variable in LOCALE_VARIABLES:
        value = environment.get(variable, "")
        if value:
            charset = value.lower().replace("-", "")
            return "utf8" in charset
    return None


def session_wants_ascii(term: str, environment: Mapping[str, str]) -> bool:
    """Whether an SSH session with ``term`` whose client sent ``environment`` gets ASCII."""
    return not term_shows_utf8(term) or locale_is_utf8(environment) is False


def local_wants_ascii(environment: Mapping[str, str] | None = None) -> bool:
    """Whether the terminal this process runs in gets ASCII (``environment``: the process's
    own, as it was started, by default)."""
    if environment is None:
        environment = start_environment()
    return not term_shows_utf8(environment.get("TERM", "")) or not locale_is_utf8(environment)


def start_environment() -> Mapping[str, str]:
    """The environment this process was started with, before Python changed its locale
    variables; ``os.environ`` where the system does not keep it."""
    try:
        with open(START_ENVIRONMENT, "rb") as source:
            raw = source.read()
    except OSError:
        return os.environ
    environment: dict[str, str] = {}
    for entry in raw.split(b"\0"):
        name, equals, value = entry.partition(b"=")
        if equals:
            environment[name.decode(errors="replace")] = value.decode(errors="replace")
    return environment
