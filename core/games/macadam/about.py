"""What the list of games shows of Macadam: read by ``core.registry`` without importing
the rules, and by the game itself."""

ID = "macadam"
NAME = "Macadam"
DESCRIPTION = (
    "Slide your pawns on your own side, leapfrog them across the lane, and land one "
    "on the opponent's goal."
)
ALIASES: tuple[str, ...] = ()
