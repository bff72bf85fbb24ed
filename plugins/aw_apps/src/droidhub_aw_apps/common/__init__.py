"""Pieces the app packages share: fake user data, relative dates, fuzzy matching,
SQLite files and rows, shared-storage folders, media files, the widget tree and key codes
of app screens, and the machinery of information-retrieval (IR) task specs."""
