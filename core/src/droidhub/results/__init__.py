"""What a run leaves on disk, and how it is read back.

The run folder's layout (:mod:`.layout`), ``results.jsonl`` and its repair
(:mod:`.records`), ``run.json`` and resuming (:mod:`.folder`), the folder's lock
(:mod:`.lock`) and merging shards (:mod:`.shards`). May import :mod:`droidhub.tasks`
only; the runner writes through it, reports and evaluations read through it.
"""
