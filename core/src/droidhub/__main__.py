"""``python -m droidhub``: the same as the ``droidhub`` command."""

from droidhub.cli.main import program

program()
