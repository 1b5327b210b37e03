"""``python -m tui``: the same as the ``pawnshop`` command."""

from tui.cli import main

raise SystemExit(main())
