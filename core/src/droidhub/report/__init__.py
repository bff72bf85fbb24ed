"""Summaries and reports of run folders.

The results tables (:mod:`.summary`), the HTML report (:mod:`.html`) and its charts
(:mod:`.charts`), two runs compared (:mod:`.compare`) and trajectories exported
(:mod:`.export`). Reads through :mod:`droidhub.results` and :mod:`droidhub.evaluation`;
the runner's checks and the command line use it.
"""
