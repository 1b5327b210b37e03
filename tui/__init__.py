"""The pawnshop terminal app (Textual): screens, widgets, styles and the command line."""
