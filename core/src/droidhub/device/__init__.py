"""The only way anything talks to a phone: the adb protocol.

:class:`~droidhub.device.client.Device` (shell, files, SQLite, settings, intents,
input, screenshots, UI dumps) over the adb transport (:mod:`.transport`: the host
protocol's framing in :mod:`.wire`, shell commands over open sessions in
:mod:`.shell_session`, files over adb sync in :mod:`.file_sync`), quoting for
the device shell (:mod:`.quoting`), the screen's capture and UI dump (:mod:`.screen`),
parsers of Android's command output (:mod:`.parsers`), and turning ``--device`` into
connected phones (:mod:`.connect`, which starts virtual phones when asked). May import
:mod:`droidhub.android`, :mod:`droidhub.tasks` and :mod:`droidhub.virtual` (to start
it); nothing above.
"""
