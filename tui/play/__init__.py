"""The app's model: games being played, tables shared over SSH, computer seats, what is said
about a game, and where games are kept on disk.

Nothing here imports Textual, the SSH layer or any other part of ``tui`` outside this package
(``tests/test_boundaries.py`` checks it): screens and sessions hold these objects and call
them, never the other way round. Its modules may use ``core``, ``saves`` and the standard
library.
"""
