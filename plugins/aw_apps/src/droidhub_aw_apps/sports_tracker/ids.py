"""Resource-ids and strings of OpenTracks' screens, shared by the screens and the solvers
(v4.11.3: ``track_list.xml``, ``track_list_item.xml``, ``statistics_recorded.xml``, the
``track_list`` and ``track_detail`` menus and ``values/strings.xml``)."""

PACKAGE = "de.dennisguse.opentracks"
LIST = "track_list"
ICON = "track_list_item_icon"
NAME = "track_list_item_name"
DATE = "track_list_item_date"
TIME = "track_list_item_time"
TIME_DISTANCE = "track_list_item_time_distance"
DESCRIPTION = "track_list_item_category_description"
APP_NAME = "OpenTracks"
SEARCH = "Search"
MARKERS = "Markers"
SETTINGS = "Settings"
HELP = "Help"
RECORD = "Record"
STOP = "Stop"
TRACK = "Track"
ARROW = "Arrow"
EMPTY_MESSAGE = "Start recording your next adventure here"
TODAY = "Today"
YESTERDAY = "Yesterday"
#: The track screens' tabs.
TABS = ("Stats", "Intervals", "By time", "By distance")
DELETE = "Delete"
DELETE_TITLE = "Delete track?"
DELETE_MESSAGE = "The track and its markers will be permanently deleted from the device."
