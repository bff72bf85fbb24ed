"""Resource-ids and labels of the Tasks screens, shared by the screens and the solvers
(org.tasks 13.6.5: ``task_adapter_row.xml``, the Sort sheet, the task editor)."""

PACKAGE = "org.tasks"
#: The task list's rows: the title and the due date or time under it.
ROW = "row"
TITLE = "title"
DUE_DATE = "due_date"
#: Section headers of the grouped list ("Today", "Fri, Oct 20", "High priority"...).
HEADER = "header"
SORT = "Sort"
SORT_MODES = ("Due date", "Priority", "Title")
SHOW_COMPLETED = "Show completed"
SHOW_UNSTARTED = "Show unstarted"
DONE = "Done"
PRIORITIES = ("High", "Medium", "Low", "None")
#: Headers of the priority groups, by ``importance`` (0 high ... 3 none).
PRIORITY_HEADERS = ("High priority", "Medium priority", "Low priority", "No priority")
NO_DUE_DATE = "No due date"
