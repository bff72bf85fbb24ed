"""Chrome (``com.android.chrome``) as the browser tasks use it: the task page's path and
URL, the text a won game shows, and the app spec.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from droidhub import AppSpec
from droidhub_aw_apps.common import storage

if TYPE_CHECKING:
    pass


PACKAGE = "com.android.chrome"
ACTIVITY = "com.google.android.apps.chrome.Main"
COMPONENT = f"{PACKAGE}/{ACTIVITY}"
DOWNLOAD_DATA = storage.under_sdcard("Download")
TASK_PAGE = f"{DOWNLOAD_DATA}/task.html"
TASK_URL = f"file://{TASK_PAGE}"
SUCCESS_TEXT = "Success!"
#: The intent action that opens a URL.
VIEW_ACTION = "android.intent.action.VIEW"
#: The prefix of Chrome's view resource ids.
RESOURCE_ID_PREFIX = f"{PACKAGE}:id/"


APPS = (AppSpec(PACKAGE, ACTIVITY, names=("chrome", "google chrome", "browser"), label="Chrome"),)
