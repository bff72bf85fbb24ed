"""Resource-ids of OpenTracks' screens, shared by the screens and the solvers
(``track_list_item.xml``, ``statistics_recorded.xml``)."""

PACKAGE = "de.dennisguse.opentracks"
ITEM = "track_list_item"
NAME = "track_list_item_name"
DATE = "track_list_item_date"
TIME = "track_list_item_time"
TIME_DISTANCE = "track_list_item_time_distance"
CATEGORY = "track_list_item_category_description"
#: What separates the total time from the distance in a row ("1:30:00 ‧ 12.35 km").
SEPARATOR = " ‧ "
