"""App colours the screens are painted in, from the apps' own resources."""

from __future__ import annotations

from droidhub.virtual.appmodel import Theme

#: Simple Mobile Tools' default colours (Simple-Commons ``default_primary_color`` and
#: accent, #F57C00), shared by Simple Calendar Pro, SMS Messenger, Gallery and Draw.
SIMPLE_MOBILE_TOOLS = Theme(primary="#F57C00", on_primary="#FFFFFF", accent="#F57C00")
