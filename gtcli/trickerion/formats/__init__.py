"""Trickerion's TOML files: table files, turn entries and sessions."""
