"""What the list of games shows of Martian Chess: read by ``core.registry`` without importing
the rules, and by the game itself."""

ID = "martian-chess"
NAME = "Martian Chess"
DESCRIPTION = "Move only the pieces in your zone; capture across the canals for points."
ALIASES: tuple[str, ...] = ("martian", "mc")
