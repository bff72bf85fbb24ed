"""The ``droidhub`` command, one module per command group.

:mod:`.main` holds the group and the run, report, export and check commands;
:mod:`.run` what ``run`` does once its options are read; each other module one group.
The top layer: nothing else of droidhub imports it.
"""

from droidhub.cli.main import main, program

__all__ = ["main", "program"]
