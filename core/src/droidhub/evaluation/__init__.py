"""Measuring agents beyond a task's reward.

Judges of recorded episodes, an LLM's or a human's (:mod:`.judges`), their calibration
against the programmatic rewards (:mod:`.calibration`), step-level action matching
(:mod:`.step_metrics`) and XBOUND's probes (:mod:`.probes`). Reads run folders through
:mod:`droidhub.results` and may use the plugin catalogue; reports and the command line
use it.
"""
