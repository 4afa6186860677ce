"""The safe-file layer every game uses: reading, shape limits, atomic saves, locks, guarded edits,
session documents, configuration discovery, caches.

Files are read only where the user pointed, within limits, and every problem carries its
file, line and column; a file a person owns is rewritten only locked, unchanged since read,
atomically, and never past what gt would read back (docs/files.md). A game's own formats
(tables, sessions, logs) live in its package and are built on this room.
"""
