"""Agents: the Agent protocol, agent factories and options, the built-in agents
(:mod:`.base`), and the toolkit that tasks' UI-only solvers are written with
(:mod:`.ui_solver`, a public API for plugins). Built on :mod:`droidhub.env`; the plugin
manager and the runner use it.
"""
