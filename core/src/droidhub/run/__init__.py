"""Running episodes.

One episode (:mod:`.episode`), the runner over the phones of one host (:mod:`.runner`:
threads, time limits, quarantine, resume; a phone put right by :mod:`.recovery`), the
executors over worker processes (:mod:`.process_pool`) and over a Ray cluster
(:mod:`.ray_cluster`), and ``droidhub check`` (:mod:`.check`). Uses every layer below;
only the command line imports it.
"""
