"""Resource-ids and labels of the Tasks screens, shared by the screens and the solvers
(org.tasks 13.6.5: ``task_adapter_row.xml``, ``menu_task_list_fragment_bottom.xml``,
the Sort sheet, the task editor)."""

PACKAGE = "org.tasks"
#: The task list's rows: the title and the due date or time under it.
ROW = "row"
TITLE = "title"
DUE_DATE = "due_date"
#: Section headers of the grouped list ("Overdue", "Due today", "Due Friday", "Due
#: Friday, October 27", "High priority", "Completed"...).
HEADER = "header"
OVERDUE = "Overdue"
COMPLETED = "Completed"
SORT = "Sort"
MORE_OPTIONS = "More options"
#: The Sort sheet's two choices, as the app words them.
GROUPING = "Grouping"
GROUP_MODES = ("None", "By due date", "By priority")
#: The grouping's order button shows the current order.
ASCENDING = "Ascending"
DESCENDING = "Descending"
SORTING = "Sorting"
SORT_MODES = ("By due date", "By priority", "By title")
COMPLETED_AT_BOTTOM = "Move completed tasks to bottom"
#: Checkable items of the list's overflow menu.
SHOW_COMPLETED = "Show completed"
SHOW_UNSTARTED = "Show unstarted"
PRIORITIES = ("High", "Medium", "Low", "None")
#: Headers of the priority groups, by ``importance`` (0 high ... 3 none).
#: The same words are a row's content-desc, standing for its checkbox's colour.
PRIORITY_HEADERS = ("High priority", "Medium priority", "Low priority", "No priority")
NO_DUE_DATE = "No due date"
#: The editor's labels and overflow menu (``menu_task_edit_fragment.xml``).
DUE_DATE_LABEL = "Due date"
PRIORITY_LABEL = "Priority"
DISCARD = "Discard changes"
DELETE_TASK = "Delete task"
DELETE_QUESTION = "Delete this task?"
