"""Facts of Android 13 on a Pixel 6, as the modelled phone has them.

The screen and its bars, storage paths and their aliases (:mod:`.phone`), and the
format of a ``uiautomator dump`` (:mod:`.ui_tree`). Imports nothing else of droidhub;
the virtual phone, the device layer and the environment read their facts here.
"""
