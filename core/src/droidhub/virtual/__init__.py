"""The virtual phone: Android 13 on a Pixel 6, with no emulator, behind a real adb server.

An adb server (:mod:`.server`, :mod:`.adb_server`) hosts phones (:mod:`.phone`) whose
filesystem is a sandbox folder, whose shell answers as ``adb shell`` does (:mod:`.shell`,
:mod:`.commands`), with content providers (:mod:`.providers`), a launcher and System UI,
and app models drawn by the view engine (:mod:`.views`, :mod:`.widgets`). Of the core it
imports only the layers below it (in practice :mod:`droidhub.android`'s facts), except
its test fixtures and its server's plugin lookup, which pyproject's contract lists. The
device layer starts it (:mod:`droidhub.device.connect`); plugins use only
:mod:`.appmodel` and the view engine.
"""
