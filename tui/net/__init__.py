"""Playing over SSH: the lobby, shared tables, seats, spectators and reconnects, as screens.

- ``app``: the app of one session; ``lobby``, ``new_table``, ``table_screen`` (the board
  screen at a table, in every input mode) and the small dialogs: its screens;
- ``server_hall``: the hall of tables as the server runs it (the lobby's check of what it can
  show, failing sessions closed);
- ``crossing``: news from one session's turn posted into another session's app;
- ``serve``: the ``pawnshop serve`` command.

The tables themselves (seats, watchers, who may do what, takebacks, their files, the computer
seats) and the hall that keeps them are the app's model, in ``tui.play``. The transport (one
Textual app per SSH session on one event loop) is ``tui.ssh``.
"""
