"""The whole app in 7-bit ASCII, for terminals and locales that cannot show UTF-8.

``glyphs``: the ASCII stand-in of any text, cell for cell (frames, arrows, marks, names).
``detect``: whether a terminal can show UTF-8, from its TERM and locale (here or over SSH).
``drawing``: the line filter that passes every cell the app draws through ``glyphs``, and the
app that switches it on and off (``--ascii``, and ``a`` in the lobby over SSH).
"""
