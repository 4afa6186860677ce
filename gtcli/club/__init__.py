"""The club archive (gt club, docs/club.md)."""
