"""Allow ``python -m gtcli``."""

from gtcli.cli.main import main

main()
