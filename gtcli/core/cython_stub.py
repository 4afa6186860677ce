"""What a module of the compiled build (``gtcli.HOT_MODULES``, setup.py) reads from ``cython`` when
Cython is not installed: its declarations, meaning nothing.

A hot module starts ``try: import cython`` / ``except ImportError: from gtcli.core.cython_stub
import cython``. Compiled, ``import cython`` is Cython's own (typed attributes, locals and
calls); pure Python with Cython installed, Cython's shadow module (no effect); without Cython,
this stand-in (no effect either).
"""

from __future__ import annotations


class cython:  # noqa: N801 - stands for the module
    compiled = False
    Py_ssize_t = int
    longlong = int
    bint = bool

    @staticmethod
    def cclass(cls):
        return cls

    @staticmethod
    def declare(**kinds) -> None:
        return None

    @staticmethod
    def locals(**kinds):
        return lambda f: f

    @staticmethod
    def ccall(f):
        return f
