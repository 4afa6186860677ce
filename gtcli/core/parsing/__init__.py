"""Lark machinery that knows no grammar: the fast LALR runner, comments kept through rewrites."""
