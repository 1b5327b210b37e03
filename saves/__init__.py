"""Everything pawnshop keeps on disk: save files, the autosaves, the library of saved games.

Pure of the user interface: it uses the engine (``core``) and the file system only.
``saves.format`` reads and writes save files, ``saves.paths`` says where they live,
``saves.autosave`` keeps each unfinished game in a file of its own, ``saves.unfinished`` lists
them, ``saves.library`` lists and manages saved games, served by the index of
``saves.store`` (a database that only indexes the files and is made anew from them).
Every problem with a file is a ``SaveError`` whose message is one sentence.
"""

from saves.errors import SaveError

__all__ = ["SaveError"]
