"""One sub-package per game; each exports ``GAME``, an instance of ``core.game.Game``."""
