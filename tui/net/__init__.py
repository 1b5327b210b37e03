"""Playing over SSH: the lobby, shared tables, seats, spectators and reconnects.

- ``table``: one shared game, its seats, watchers and the rules of who may do what;
- ``takeback``: taking a move back with the other players' consent;
- ``hall``: every table of the server, saved after every change and restored at start;
- ``table_files``: tables as save files; ``table_computers``: computer seats at a table;
- ``app``: the app of one session; ``lobby``, ``new_table``, ``table_screen`` and the small
  dialogs: its screens;
- ``serve``: the ``pawnshop serve`` command.

The transport (one Textual app per SSH session on one event loop) is ``tui.ssh``.
"""
