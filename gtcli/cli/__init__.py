"""The ``gt`` command line: Click commands and rich rendering only.

Command modules import nothing heavy at module level (no rich, no lark), so that
``gt --help`` starts instantly; the work is imported inside each command.
"""
