"""What Simple Calendar Pro 6.22.2's screens are named by: resource-ids and labels.

Spelled once for the screens (:mod:`droidhub_aw_apps.calendar.screens`) and the UI
solvers (:mod:`droidhub_aw_apps.calendar.solvers`), from the app's layouts
(``activity_main.xml``, ``activity_event.xml``, ``top_navigation.xml``,
``event_list_item.xml``, ``fragment_day.xml``, ``fragment_event_list.xml``), its menus
(``menu_main.xml``, ``menu_event.xml``) and ``strings.xml``; the date picker's are the
framework's (``android:id/...``) as Android 13's DatePickerDialog reports them, the time
picker's Material's MaterialTimePicker's (merged into the app's package). This module
imports nothing.
"""

PACKAGE = "com.simplemobiletools.calendar.pro"

# --- main screen (MainActivity) ---------------------------------------------------------
FAB = "calendar_fab"
FAB_DESC = "New Event"
SEARCH_FIELD = "top_toolbar_search"
GO_TO_TODAY = "Go to today"
CHANGE_VIEW = "Change view"
GO_TO_DATE = "Go to date"
SEARCH_RESULTS = "search_results_list"
NO_ITEMS_FOUND = "No items found."
TYPE_2_CHARACTERS = "Type at least 2 characters to start the search."
CREATE_NEW_EVENT = "Create a new event"

#: The "Change view" dialog's choices, in the app's order.
DAILY_VIEW = "Daily view"
WEEKLY_VIEW = "Weekly view"
MONTHLY_VIEW = "Monthly view"
MONTHLY_DAILY_VIEW = "Monthly and daily view"
YEARLY_VIEW = "Yearly view"
SIMPLE_EVENT_LIST = "Simple event list"

# top_navigation.xml: the arrows and the shown month or day of the month and day views.
TOP_LEFT_ARROW = "top_left_arrow"
TOP_VALUE = "top_value"
TOP_RIGHT_ARROW = "top_right_arrow"
#: One clickable cell per day of the month grid (month_view_background.xml).
MONTH_CELL = "month_view_background"
#: The day view's list and the event list view's list.
DAY_EVENTS = "day_events"
EVENTS_LIST = "calendar_events_list"
NO_UPCOMING_EVENTS = "No upcoming events."

# event_list_item.xml and the section headers of the event list.
EVENT_ITEM = "event_item_holder"
EVENT_ITEM_TITLE = "event_item_title"
EVENT_ITEM_TIME = "event_item_time"
EVENT_ITEM_DESCRIPTION = "event_item_description"
SECTION_TITLE = "event_section_title"

# --- the event editor (EventActivity) ---------------------------------------------------
NEW_EVENT = "New Event"
EDIT_EVENT = "Edit Event"
TITLE = "event_title"
LOCATION = "event_location"
DESCRIPTION = "event_description"
ALL_DAY = "event_all_day"
START_DATE = "event_start_date"
START_TIME = "event_start_time"
END_DATE = "event_end_date"
END_TIME = "event_end_time"
REPETITION = "event_repetition"
SAVE = "save"
SAVE_DESC = "Save"
DELETE = "delete"
DELETE_DESC = "Delete"

#: The repetition dialog's choices (getRepetitionText), in the app's order.
NO_REPETITION = "No repetition"
DAILY = "Daily"
WEEKLY = "Weekly"
MONTHLY = "Monthly"
YEARLY = "Yearly"

# --- dialogs ----------------------------------------------------------------------------
PROCEED_WITH_DELETION = "Are you sure you want to proceed with the deletion?"
YES = "Yes"
NO = "No"
OK = "OK"
CANCEL = "Cancel"

# Android 13's DatePickerDialog (calendar mode): header, month arrows, day cells whose
# content-desc is "15 October 2023", the picked one selected.
DATE_HEADER_YEAR = "android:id/date_picker_header_year"
DATE_HEADER_DATE = "android:id/date_picker_header_date"
PREVIOUS_MONTH = "Previous month"
NEXT_MONTH = "Next month"

# Material's MaterialTimePicker (clock mode), which the editor opens under the system
# theme: the hour and minute chips, AM/PM, the clock face whose numbers are TextViews
# ("12", "1".. for hours; "00", "05".. for minutes), OK and Cancel.
TIME_HOURS = "material_hour_tv"
TIME_MINUTES = "material_minute_tv"
TIME_AM = "material_clock_period_am_button"
TIME_PM = "material_clock_period_pm_button"
TIME_FACE = "material_clock_face"
TIME_OK = "material_timepicker_ok_button"
TIME_CANCEL = "material_timepicker_cancel_button"
