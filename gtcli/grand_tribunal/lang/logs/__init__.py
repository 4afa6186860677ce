"""The game-log language (.gtl): reading, checking by replay, formatting, reporting."""
