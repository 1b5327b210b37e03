"""The app's screens: one module per screen, each with its styles in a .tcss file beside it."""
