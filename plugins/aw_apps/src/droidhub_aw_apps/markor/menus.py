"""Markor's menus (``res/menu``) that show as popups: the file browser's Sort by and
Go to submenus (``filesystem__menu.xml``) and the editor's overflow
(``document__edit__menu.xml``), the items an English phone shows, in their order."""

from __future__ import annotations

from droidhub.virtual.views import MenuItem, dp
from droidhub.virtual.views.window import CONTENT


def _menu(*items: tuple[str, str]) -> tuple[MenuItem, ...]:
    """A menu's items from their ``(id, title)`` pairs, in order."""
    return tuple(MenuItem(id, title) for id, title in items)


#: ``action_sort``'s submenu.
SORT = _menu(
    ("action_sort_by_name", "Name"),
    ("action_sort_by_date", "Date"),
    ("action_sort_by_filesize", "Size"),
    ("action_sort_by_mimetype", "MIME type"),
    ("action_folder_first", "Folder first"),
    ("action_sort_reverse", "Reverse order"),
    ("action_show_dotfiles", ".dotfiles"),
)
#: ``action_go_to``'s submenu (the SD card entries hide without a card).
GO_TO = _menu(
    ("action_go_to_appdata_private", "AppData (private)"),
    ("action_go_to_appdata_public", "AppData (public)"),
    ("action_go_to_storage", "Internal storage"),
    ("action_go_to_recent_files", "Recently viewed documents"),
    ("action_go_to_popular_files", "Popular documents"),
    ("action_go_to_favourite_files", "Favourites"),
    ("action_go_to_home", "Notebook"),
)
#: The editor's items that go to its overflow (``showAsAction="never"``).
DOCUMENT_OVERFLOW = _menu(
    ("submenu_per_file_settings", "File settings"),
    ("submenu_share", "Share"),
    ("submenu_tools", "Tools"),
    ("action_info", "Info"),
    ("action_reload", "Reload"),
)


def menu_anchor(slot: int) -> tuple[int, int, int, int]:
    """The bounds of the toolbar's menu item ``slot`` places from its end (0: the
    overflow button, 40 dp; then 48 dp action items)."""
    right = CONTENT[2] - (dp(40) + dp(48) * (slot - 1) if slot else 0)
    width = dp(40) if slot == 0 else dp(48)
    return (right - width, CONTENT[1], right, CONTENT[1] + dp(56))
