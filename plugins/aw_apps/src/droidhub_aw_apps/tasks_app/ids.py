"""Resource-ids and strings of the Tasks screens, shared by the screens and the solvers
(org.tasks 13.6.3: ``task_adapter_row.xml``, ``task_adapter_header.xml``,
``menu_task_list_fragment_bottom.xml``, SortSettingsActivity, ``fragment_task_edit.xml``
and ``values/strings.xml``)."""

PACKAGE = "org.tasks"
#: The task list's rows: the check box (standing for the priority and completion),
#: the title and the due date beside it.
ROW = "row"
COMPLETE_BOX = "completeBox"
TITLE = "title"
DUE_DATE = "due_date"
DESCRIPTION_ID = "description"
#: Section headers of the grouped list ("Overdue", "Due today", "Due Friday", "Due
#: Friday, October 27", "High priority", "Completed"...).
HEADER = "header"
OVERDUE = "Overdue"
COMPLETED = "Completed"
MY_TASKS = "My Tasks"  # BFE_Active
NO_TASKS = "There are no tasks here."  # TLA_no_items
#: The list's SubscriptionNagBanner in the generic build (enjoying_tasks,
#: tasks_needs_your_support, dismiss, TLA_menu_donate).
ENJOYING_TASKS = "Enjoying Tasks?"
NEEDS_SUPPORT = "Tasks needs your support!"
DISMISS = "Dismiss"
DONATE = "Donate"
SEARCH = "Search"
SORT = "Sort"
CREATE_TASK = "Create new task"
MORE_OPTIONS = "More options"
#: The bottom menu's overflow items.
CLEAR_COMPLETED = "Clear Completed"
COLLAPSE_SUBTASKS = "Collapse subtasks"
EXPAND_SUBTASKS = "Expand subtasks"
SHOW_COMPLETED = "Show completed"
SHOW_UNSTARTED = "Show unstarted"
SHARE = "Share"
#: The Sort sheet's rows and their modes, as the app words them.
GROUPING = "Grouping"
SORTING = "Sorting"
SUBTASKS = "Subtasks"
COMPLETED_AT_BOTTOM = "Move completed tasks to bottom"
ASCENDING = "Ascending"
DESCENDING = "Descending"
NONE = "None"
BY_DUE_DATE = "By due date"
BY_START_DATE = "By start date"
BY_PRIORITY = "By priority"
BY_TITLE = "By title"
BY_MODIFIED = "By last modified"
SMART_SORT = "Smart sort"
BY_CREATED = "By creation time"
BY_LIST = "By list"
MY_ORDER = "My order"
BY_COMPLETION = "By completion time"
GROUP_MODES = (NONE, BY_DUE_DATE, BY_START_DATE, BY_PRIORITY, BY_MODIFIED, BY_CREATED, BY_LIST)
SORT_MODES = (BY_DUE_DATE, BY_START_DATE, BY_PRIORITY, BY_TITLE, BY_MODIFIED, SMART_SORT,
              BY_CREATED)  # fmt: skip
SUBTASK_MODES = (MY_ORDER, *SORT_MODES)
COMPLETED_MODES = (BY_COMPLETION, BY_DUE_DATE, BY_START_DATE, BY_PRIORITY, BY_TITLE,
                   BY_MODIFIED, BY_CREATED)  # fmt: skip
#: Headers of the priority groups, by ``importance`` (0 high ... 3 none).
#: The same words are a check box's content-desc, standing for its colour.
PRIORITY_HEADERS = ("High priority", "Medium priority", "Low priority", "No priority")
NO_DUE_DATE = "No due date"
#: The editor (``fragment_task_edit.xml`` and its Compose control sets).
TASK_NAME = "Task name"
SAVE = "Save"
DELETE_TASK = "Delete task"
DELETE_QUESTION = "Delete this task?"
DISCARD_QUESTION = "Are you sure you want to discard your changes?"
KEEP_EDITING = "Keep editing"
DISCARD = "Discard"
PRIORITY_LABEL = "Priority"
DESCRIPTION = "Description"
NO_START_DATE = "No start date"
DOES_NOT_REPEAT = "Does not repeat"
ADD_LOCATION = "Add location"
ADD_TAGS = "Add tags"
ADD_SUBTASK = "Add subtask"
ADD_REMINDER = "Add reminder"
ADD_ATTACHMENT = "Add attachment"
DEFAULT_LIST = "Default list"
#: The drawer's built-in filters, its sections and its actions.
TODAY = "Today"
RECENTLY_MODIFIED = "Recently modified"
FILTERS = "Filters"
TAGS = "Tags"
PLACES = "Places"
LOCAL_LISTS = "Local lists"
SETTINGS = "Settings"
HELP_AND_FEEDBACK = "Help & feedback"
