"""Fuzzing gt with hostile and odd input (issue 11).

:mod:`tests.fuzz.corpus` turns an integer into one scenario (files, a command, typed input)
deterministically; :mod:`tests.fuzz.harness` runs a scenario in process with Click's
CliRunner and judges it. ``tests/test_fuzz.py`` runs a few hundred in the test suite;
``python -m tests.fuzz.long_run`` runs 100,000 on every core and keeps what fails.
"""
