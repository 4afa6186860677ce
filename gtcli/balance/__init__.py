"""The balance lab: statistics, reports and sequential tests on many games (docs/balance.md).

:mod:`~gtcli.balance.stats` counts games' summaries into a report, :mod:`~gtcli.balance.sprt`
holds the sequential tests, :mod:`~gtcli.balance.compare` plays two card sets against a
metric, :mod:`~gtcli.balance.sources` finds games in folders, :mod:`~gtcli.balance.folder`
writes a study folder safely and :mod:`~gtcli.balance.report_html` draws the page. The
games themselves are played by :mod:`gtcli.grand_tribunal.play.simulation`, spread by :mod:`gtcli.core.executor`.
"""
