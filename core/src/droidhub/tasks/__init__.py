"""The task contract: what a task is and how it is found.

:class:`~droidhub.tasks.task_eval.TaskEval` (a goal, its set-up, its reward), task
families and the registry (:mod:`.families`), app specs, the built-in state checks
(evaluators), suite instances and their seeds, and the rule for names that become file
names. The lowest layer: it imports nothing else of droidhub. Everything above builds
on it; plugins reach it through ``droidhub``'s public names.
"""
