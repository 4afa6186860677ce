"""Reading and writing the project's TOML files: tables, sessions, profiles, resources.

This room turns bytes into the plain dataclasses of :mod:`gtcli.grand_tribunal.rules` (and back),
attaching file, line and column to every problem it finds.
"""
