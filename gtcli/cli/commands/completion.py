"""``gt completion SHELL``: print Click's completion script, so completion is one line away.

Click completes by running ``gt`` itself with ``_GT_COMPLETE`` set; the script printed
here is what a shell needs to do that. It completes commands, options, choices (``--lang
es``, ``--format json``) and file names, and what :mod:`gtcli.cli.completing` knows: rule
profiles, variants, rule codes, the sample, card names from the set given, player names.
"""

from __future__ import annotations

import click

from gtcli.cli.options import json_option
from gtcli.cli.terminal.output import print_json

SHELLS = ("bash", "zsh", "fish")
COMPLETE_VAR = "_GT_COMPLETE"  # what Click derives from the program name `gt`
INSTALL = {
    "bash": 'eval "$(gt completion bash)"   # in ~/.bashrc',
    "zsh": 'eval "$(gt completion zsh)"    # in ~/.zshrc',
    "fish": "gt completion fish > ~/.config/fish/completions/gt.fish",
}


@click.command()
@click.argument("shell", type=click.Choice(SHELLS, case_sensitive=False))
@json_option
def completion(shell: str, as_json: bool) -> None:
    """Print the shell completion script for bash, zsh or fish.

    \b
    Turn it on once:
      bash:  eval "$(gt completion bash)"   in ~/.bashrc
      zsh:   eval "$(gt completion zsh)"    in ~/.zshrc
      fish:  gt completion fish > ~/.config/fish/completions/gt.fish
    """
    from click.shell_completion import get_completion_class

    from gtcli.cli.main import cli

    shell = shell.lower()
    script = get_completion_class(shell)(cli, {}, "gt", COMPLETE_VAR).source()
    if as_json:
        print_json({"shell": shell, "script": script, "install": INSTALL[shell]})
    else:
        click.echo(script)
