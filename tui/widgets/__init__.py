"""Widgets that draw what a screen gives them and post messages about what the player did."""
