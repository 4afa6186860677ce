"""Trickerion's rules: pure functions over small frozen dataclasses."""
