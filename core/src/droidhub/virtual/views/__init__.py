"""The view engine: Android's view system in miniature, for the virtual phone's apps.

A screen is a tree of views declared as the app's layout file declares it: the same
ids, the same view classes (each reporting the class a real ``uiautomator dump``
shows), the same nesting, sizes in dp and text in sp. The engine measures and lays it
out as Android does (:mod:`.measure`, :mod:`.linear`, :mod:`.frame`, :mod:`.relative`,
:mod:`.recycler`), dumps it as Android 13's ``uiautomator dump`` writes it and paints
it with Skia (:mod:`.window`, :mod:`.paint`). An app model subclasses
:class:`ViewApp` and returns a :class:`Window` from ``build``::

    Window(
        LinearLayout("root",
            Toolbar("toolbar", TextView(text="Notes", text_size=20, medium=True)),
            RecyclerView("list", notes, lambda note: TextView("title", note.title)),
            orientation=VERTICAL, width=MATCH_PARENT, height=MATCH_PARENT,
        )
    )

It imports the layers below :mod:`droidhub.virtual` only (Android's facts), and its
pieces of the phone (the dump node, the system bars' nodes, the Roboto files).
"""

from droidhub.virtual.views.app import ViewApp
from droidhub.virtual.views.date_picker import DatePicker, date_picker
from droidhub.virtual.views.dialogs import (
    CoordinatorLayout,
    ScrollView,
    alert_dialog,
    bottom_sheet,
)
from droidhub.virtual.views.frame import CardView, FrameLayout, MaterialCardView
from droidhub.virtual.views.grid import GridRecyclerView
from droidhub.virtual.views.horizontal import HorizontalRecyclerView
from droidhub.virtual.views.linear import (
    HORIZONTAL,
    VERTICAL,
    LinearLayout,
    LinearLayoutCompat,
    TextInputLayout,
    Toolbar,
)
from droidhub.virtual.views.material import (
    NAVIGATE_UP,
    CheckedTextView,
    DrawerLayout,
    HorizontalScrollView,
    ProgressBar,
    RadioGroup,
    ScrollingListView,
    ScrollingScrollView,
    ViewGroupFrame,
    ViewGroupLinear,
    ViewGroupRelative,
    ViewPager,
    bottom_navigation,
    up_button,
)
from droidhub.virtual.views.measure import MATCH_PARENT, WRAP_CONTENT, Gravity, dp, sp
from droidhub.virtual.views.menus import (
    MORE_OPTIONS,
    ActionMenuItemView,
    ListView,
    MenuItem,
    OverflowMenuButton,
    action_menu,
    popup_menu,
)
from droidhub.virtual.views.preference import (
    PreferenceImageView,
    main_switch_bar,
    preference,
    switch_preference,
)
from droidhub.virtual.views.recycler import RecyclerView
from droidhub.virtual.views.relative import RelativeLayout
from droidhub.virtual.views.seekbar import SeekBar
from droidhub.virtual.views.status_bar import StatusBar
from droidhub.virtual.views.view import GONE, INVISIBLE, VISIBLE, Rules, View, ViewGroup
from droidhub.virtual.views.widgets import (
    Button,
    CheckBox,
    EditText,
    FloatingActionButton,
    ImageButton,
    ImageView,
    Switch,
    TextView,
)
from droidhub.virtual.views.window import (
    ADJUST_NOTHING,
    ADJUST_PAN,
    ADJUST_RESIZE,
    ADJUST_UNSPECIFIED,
    Window,
)

__all__ = [
    "ADJUST_NOTHING",
    "ADJUST_PAN",
    "ADJUST_RESIZE",
    "ADJUST_UNSPECIFIED",
    "GONE",
    "HORIZONTAL",
    "INVISIBLE",
    "MATCH_PARENT",
    "MORE_OPTIONS",
    "NAVIGATE_UP",
    "VERTICAL",
    "VISIBLE",
    "WRAP_CONTENT",
    "ActionMenuItemView",
    "Button",
    "CardView",
    "CheckBox",
    "CheckedTextView",
    "CoordinatorLayout",
    "DatePicker",
    "DrawerLayout",
    "EditText",
    "FloatingActionButton",
    "FrameLayout",
    "Gravity",
    "GridRecyclerView",
    "HorizontalRecyclerView",
    "HorizontalScrollView",
    "ImageButton",
    "ImageView",
    "LinearLayout",
    "LinearLayoutCompat",
    "ListView",
    "MaterialCardView",
    "MenuItem",
    "OverflowMenuButton",
    "PreferenceImageView",
    "ProgressBar",
    "RadioGroup",
    "RecyclerView",
    "RelativeLayout",
    "Rules",
    "ScrollView",
    "ScrollingListView",
    "ScrollingScrollView",
    "SeekBar",
    "StatusBar",
    "Switch",
    "TextInputLayout",
    "TextView",
    "Toolbar",
    "View",
    "ViewApp",
    "ViewGroup",
    "ViewGroupFrame",
    "ViewGroupLinear",
    "ViewGroupRelative",
    "ViewPager",
    "Window",
    "action_menu",
    "alert_dialog",
    "bottom_navigation",
    "bottom_sheet",
    "date_picker",
    "dp",
    "main_switch_bar",
    "popup_menu",
    "preference",
    "sp",
    "switch_preference",
    "up_button",
]
