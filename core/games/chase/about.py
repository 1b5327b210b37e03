"""What the list of games shows of Chase: read by ``core.registry`` without importing
the rules, and by the game itself."""

ID = "chase"
NAME = "Chase"
DESCRIPTION = "Place tiles, claim them with gold, jump and sweep until your opponent is stuck."
ALIASES: tuple[str, ...] = ("chase-chess",)
