"""The shared core: what every game uses, knowing no game (docs/architecture.md)."""
