"""What the list of games shows of MAC: March and Chomp: read by ``core.registry`` without importing
the rules, and by the game itself."""

ID = "mac"
NAME = "MAC: March and Chomp"
DESCRIPTION = (
    "Numbered pieces on a 4x8 board: the stronger takes the weaker, the 1 takes the 10, "
    "cannons jump and portals link the halves."
)
ALIASES: tuple[str, ...] = ("march-and-chomp", "march and chomp")
