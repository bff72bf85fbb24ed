"""Finding plugins and gathering what they contribute.

The plugin manager (:mod:`.manager`: entry points, name claims, load errors), the
catalogue of families, agents, evaluators, apps and solvers (:mod:`.catalog`),
droidhub's own contributions (:mod:`.builtin`), the ``ui_oracle`` agent's plugin
(:mod:`.ui_oracle`) and evaluators by name (:mod:`.evaluators`). Imports the layers
below it; the core never imports a plugin distribution: only entry points lead there.
"""
