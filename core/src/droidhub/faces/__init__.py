"""Faces: droidhub's tasks, phones and rewards behind the doors agent builders use.

One module (or two) per face, each adapting the Env (:mod:`droidhub.env`), the task
instances (:mod:`droidhub.tasks.suite`), the installed families
(:mod:`droidhub.plugins.catalog`) and the phones (:mod:`droidhub.device.connect`),
re-implementing none of them:

- Gymnasium: :mod:`.gym_env` (``gymnasium.make("droidhub/AndroidWorld-v0")`` and vector
  envs), its spaces and the Dict action wrapper in :mod:`.gym_spaces`;
- MCP: :mod:`.mcp_phone` (``droidhub mcp``), a phone and its tasks as MCP tools;
- inspect_ai: :mod:`.inspect_tasks` (``inspect eval droidhub/android_world``);
- :mod:`.phone_session`: the phone-and-task session MCP and inspect_ai share.

Each face needs an optional extra (``pip install './core[gym]'``, ``[mcp]``,
``[inspect]``), imported only by
the face's own modules: importing this package costs nothing. Only the command line
imports faces; faces import the layers below the runner, never the runner itself.
"""
