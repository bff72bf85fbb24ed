"""What an agent sees and does: the environment and its actions.

:class:`~droidhub.env.environment.Env` (reset, observe, execute) and AndroidWorld's
JSON :class:`~droidhub.env.actions.Action`. Built on :mod:`droidhub.device`; agents,
tasks' oracles and the runner use it.
"""
