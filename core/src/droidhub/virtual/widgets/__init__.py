"""The virtual phone's widget toolkit: app screens declared from Android widgets.

Public names are re-exported from :mod:`droidhub.virtual.appmodel`, where plugins
import them. :class:`WidgetApp` is the app model; the dataclasses of
:mod:`droidhub.virtual.widgets.kit` are the widgets.
"""
