"""The ids of Markor's views that its screens declare and its UI solvers look for."""

#: The editor's HighlightingEditor.
EDITOR = "document__fragment__edit__highlighting_editor"
#: The new-file dialog's name and extension fields.
NAME_FIELD = "new_file_dialog__name"
EXT_FIELD = "new_file_dialog__ext"
#: The rename dialog's field.
RENAME_FIELD = "new_name"
#: A file browser row's name and its description (the date, or a folder's count).
ROW_TITLE = "opoc_filesystem_item__title"
ROW_DESCRIPTION = "opoc_filesystem_item__description"
