"""``python -m droidhub``: the same as the ``droidhub`` command."""

from droidhub.cli import main

main()
