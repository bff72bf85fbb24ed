"""System tasks: Wi-Fi, Bluetooth, brightness, the clipboard, and opening an app.

Wi-Fi and Bluetooth are switched with ``svc`` (the radios follow, and the settings
``global/wifi_on`` / ``global/bluetooth_on`` report them); brightness is the setting
``system/screen_brightness`` (1 is AndroidWorld's minimum, 255 its maximum). Set-up
remembers each value it changes and tear-down puts it back.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, ClassVar, Literal, TypeVar

from pydantic import BaseModel, ConfigDict

from droidhub import Evaluator, Footprint, StateRefs, TaskEval
from droidhub_aw_apps.camera import model as camera
from droidhub_aw_apps.clipboard import model as clipboard
from droidhub_aw_apps.clock import model as clock
from droidhub_aw_apps.contacts import model as contacts
from droidhub_aw_apps.system.model import (
    _BRIGHTNESS_WRONG,
    APPS,
    BRIGHTNESS_MAX,
    BRIGHTNESS_MIN,
    DIALER_PACKAGE,
    SETTINGS_PACKAGE,
)

if TYPE_CHECKING:
    from droidhub import Device, Env


def setting_in(env: Env, namespace: str, key: str, values: tuple[str, ...]) -> float:
    """1.0 when ``settings get namespace key`` answers one of ``values``."""
    return 1.0 if env.device.get_setting(namespace, key) in values else 0.0


SETTING_IN = Evaluator("setting_in", "a setting has one of several values", setting_in)

EVALUATORS = (SETTING_IN,)

TaskT = TypeVar("TaskT", bound=TaskEval)

# --- radios -----------------------------------------------------------------------------


class OnOffParams(BaseModel):
    """Which state the radio should end in."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    on_or_off: Literal["on", "off"]


def _switch(device: Device, service: str, on: bool) -> None:
    device.shell(["svc", service, "enable" if on else "disable"])


class _RadioToggle(TaskEval):
    """Turn a radio on or off; subclasses fix the start state and the goal."""

    app_names = ("settings",)
    complexity = 1.0
    params: OnOffParams
    #: ``svc`` service name (``wifi``, ``bluetooth``).
    service: ClassVar[str] = ""
    #: The global setting that reports the radio's state.
    setting: ClassVar[str] = ""
    #: Setting values that mean "on".
    on_values: ClassVar[tuple[str, ...]] = ("1",)
    #: State set-up leaves the radio in.
    start_on: ClassVar[bool] = False
    #: The state the goal asks for.
    goal_on: ClassVar[bool] = True

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> OnOffParams:
        """The goal is fixed by the task; ``rng`` is not needed."""
        del rng
        return OnOffParams(on_or_off="on" if cls.goal_on else "off")

    def _is_on(self, device: Device) -> bool:
        return device.get_setting("global", self.setting) in self.on_values

    def initialize_task(self, env: Env) -> None:
        """Remember the radio's state, then switch it to the start state."""
        super().initialize_task(env)
        self._was_on = self._is_on(env.device)
        _switch(env.device, self.service, self.start_on)

    def is_successful(self, env: Env) -> float:
        """Whether the setting reports the asked state."""
        if self.params.on_or_off == "on":
            return SETTING_IN(env, namespace="global", key=self.setting, values=self.on_values)
        return float(env.device.get_setting("global", self.setting) == "0")

    def oracle(self, env: Env) -> None:
        """Switch the radio with ``svc``."""
        _switch(env.device, self.service, self.params.on_or_off == "on")

    def wrong_action(self, env: Env) -> None:
        """Flip the radio away from the goal (what a Verify task must not provoke)."""
        _switch(env.device, self.service, self.params.on_or_off != "on")

    def tear_down(self, env: Env) -> None:
        """Put the radio back as set-up found it."""
        if hasattr(self, "_was_on"):
            _switch(env.device, self.service, self._was_on)
        super().tear_down(env)


class _WifiToggle(_RadioToggle):
    template = "Turn wifi {on_or_off}."
    service = "wifi"
    setting = "wifi_on"
    # 2 means on while airplane mode is on.
    on_values = ("1", "2")
    footprint = Footprint(writes=StateRefs(settings=frozenset({"global/wifi_on"})))


class _BluetoothToggle(_RadioToggle):
    template = "Turn bluetooth {on_or_off}."
    service = "bluetooth"
    setting = "bluetooth_on"
    on_values = ("1",)
    footprint = Footprint(writes=StateRefs(settings=frozenset({"global/bluetooth_on"})))


def _radio_tasks(
    toggle: type[_RadioToggle], radio: str, turn_off_tags: tuple[str, ...]
) -> tuple[type[_RadioToggle], ...]:
    """AW's four tasks of a radio, ``System<Service>TurnOn``, ``...TurnOff`` and their
    ``Verify`` twins: the radio starts in the other state, or (Verify) already is as
    asked, so doing nothing passes and a wrong action fails. AW tags a TurnOn
    ``screen_reading`` and a TurnOff ``turn_off_tags``."""
    stem = f"System{toggle.service.capitalize()}Turn"
    turns, verifies = [], []
    for way, other in (("on", "off"), ("off", "on")):
        goal_on = way == "on"
        turns.append(
            _task_class(
                f"{stem}{way.capitalize()}",
                toggle,
                f"{radio} starts {other}; turn it {way}.",
                tags=("screen_reading",) if goal_on else turn_off_tags,
                start_on=not goal_on,
                goal_on=goal_on,
            )
        )
        verifies.append(
            _task_class(
                f"{stem}{way.capitalize()}Verify",
                toggle,
                f"{radio} is already {way}; leave it {way}.",
                tags=("verification",),
                met_at_start=True,
                start_on=goal_on,
                goal_on=goal_on,
            )
        )
    return (*turns, *verifies)


def _task_class(name: str, base: type[TaskT], doc: str, **constants: Any) -> type[TaskT]:
    """The subclass ``name`` of ``base`` in this module, differing only in ``constants``."""
    namespace = {"__doc__": doc, "__module__": __name__, "__qualname__": name, **constants}
    return type(name, (base,), namespace)


SystemWifiTurnOn, SystemWifiTurnOff, SystemWifiTurnOnVerify, SystemWifiTurnOffVerify = _radio_tasks(
    _WifiToggle, "Wi-Fi", turn_off_tags=("screen_reading",)
)
(
    SystemBluetoothTurnOn,
    SystemBluetoothTurnOff,
    SystemBluetoothTurnOnVerify,
    SystemBluetoothTurnOffVerify,
) = _radio_tasks(_BluetoothToggle, "Bluetooth", turn_off_tags=())


# --- brightness -------------------------------------------------------------------------


class MaxOrMinParams(BaseModel):
    """Which end of the brightness range the goal asks for."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    max_or_min: Literal["max", "min"]


class _BrightnessToggle(TaskEval):
    """Set the brightness to its maximum or minimum; subclasses fix start and goal."""

    template = "Turn brightness to the {max_or_min} value."
    app_names = ("settings",)
    complexity = 1.0
    footprint = Footprint(writes=StateRefs(settings=frozenset({"system/screen_brightness"})))
    params: MaxOrMinParams
    #: Level set-up leaves the screen at.
    start_level: ClassVar[str] = BRIGHTNESS_MIN
    #: The end of the range the goal asks for.
    wanted: ClassVar[Literal["max", "min"]] = "max"

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> MaxOrMinParams:
        """The goal is fixed by the task; ``rng`` is not needed."""
        del rng
        return MaxOrMinParams(max_or_min=cls.wanted)

    def _target(self) -> str:
        return BRIGHTNESS_MAX if self.params.max_or_min == "max" else BRIGHTNESS_MIN

    def initialize_task(self, env: Env) -> None:
        """Remember the brightness, then set the start level."""
        super().initialize_task(env)
        self._saved = env.device.get_setting("system", "screen_brightness")
        env.device.put_setting("system", "screen_brightness", self.start_level)

    def is_successful(self, env: Env) -> float:
        """Whether ``screen_brightness`` is exactly the asked end of the range."""
        return float(env.device.get_setting("system", "screen_brightness") == self._target())

    def oracle(self, env: Env) -> None:
        """Set the level directly."""
        env.device.put_setting("system", "screen_brightness", self._target())

    def wrong_action(self, env: Env) -> None:
        """Drag the slider to the middle."""
        env.device.put_setting("system", "screen_brightness", _BRIGHTNESS_WRONG)

    def tear_down(self, env: Env) -> None:
        """Put the brightness back as set-up found it."""
        if hasattr(self, "_saved"):
            if self._saved is None:
                env.device.delete_setting("system", "screen_brightness")
            else:
                env.device.put_setting("system", "screen_brightness", self._saved)
        super().tear_down(env)


class SystemBrightnessMax(_BrightnessToggle):
    """Brightness starts at the minimum; set it to the maximum."""

    start_level, wanted = BRIGHTNESS_MIN, "max"


class SystemBrightnessMin(_BrightnessToggle):
    """Brightness starts at the maximum; set it to the minimum."""

    start_level, wanted = BRIGHTNESS_MAX, "min"


class SystemBrightnessMaxVerify(_BrightnessToggle):
    """Brightness is already at the maximum."""

    tags = ("verification",)
    met_at_start = True
    start_level, wanted = BRIGHTNESS_MAX, "max"


class SystemBrightnessMinVerify(_BrightnessToggle):
    """Brightness is already at the minimum."""

    tags = ("verification",)
    met_at_start = True
    start_level, wanted = BRIGHTNESS_MIN, "min"


# --- clipboard --------------------------------------------------------------------------

#: The texts AndroidWorld asks to copy.
CLIPBOARD_TEXTS: tuple[str, ...] = (
    "1234 Elm St, Springfield, IL", "Acme Corp, Suite 200", "john.doe@example.com",
    "Jane's Flower Shop", "Call me at 555-1234", "Order No: A123456",
    "Reservation under: Jane", "Discount code: SAVE20", "Membership ID: XYZ789",
    "Invoice #98765", "Tracking #: 1Z204E2A", "Transaction ID: abc123",
    "9876 Pine Ave, Riverside, CA", "Global Tech, Floor 3", "jane.smith@example.com",
    "Mike's Grocery Store", "Text me at 555-6789", "Order No: B654321",
    "Reservation under: Mike", "Promo code: DEAL30", "Membership ID: ABC123",
    "Invoice #54321", "Tracking #: 3H488Y2B", "Transaction ID: def456",
    "2554 Oak Street, Boston, MA", "Innovate Inc, Room 10", "alex.jordan@example.net",
    "Sara's Bakery", "Reach out at 555-9101", "Order No: C987654", "Reservation under: Sara",
    "Coupon code: OFF50", "Membership ID: LMN456", "Invoice #32198", "Tracking #: 5K672F4C",
    "Transaction ID: ghi789",
)  # fmt: skip

#: What set-up leaves on the clipboard, so an old copy of the text cannot count.
CLIPBOARD_RESET = "~~~RESET~~~"


class ClipboardParams(BaseModel):
    """The text to copy."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    clipboard_content: str


class SystemCopyToClipboard(TaskEval):
    """Copy a given text to the clipboard."""

    template = "Copy the following text to the clipboard: {clipboard_content}"
    app_names = ("clipper",)
    complexity = 1.0
    tags = ("data_entry", "parameterized")
    params: ClipboardParams
    footprint = Footprint(writes=clipboard.CLIPBOARD_STATE)

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> ClipboardParams:
        """One of AndroidWorld's texts."""
        return ClipboardParams(clipboard_content=rng.choice(CLIPBOARD_TEXTS))

    def initialize_task(self, env: Env) -> None:
        """Remember the clipboard, then overwrite it with a marker."""
        super().initialize_task(env)
        self._saved = clipboard.read_clipboard(env.device)
        clipboard.write_clipboard(env.device, CLIPBOARD_RESET)

    def is_successful(self, env: Env) -> float:
        """Whether the clipboard holds the text (up to small typos)."""
        return clipboard.CLIPBOARD_MATCHES(env, text=self.params.clipboard_content)

    def oracle(self, env: Env) -> None:
        """Put the text on the clipboard through Clipper."""
        clipboard.write_clipboard(env.device, self.params.clipboard_content)

    def tear_down(self, env: Env) -> None:
        """Put back what the clipboard held before set-up."""
        if hasattr(self, "_saved"):
            clipboard.write_clipboard(env.device, self._saved)
        super().tear_down(env)


# --- opening an app ---------------------------------------------------------------------

#: The apps AndroidWorld asks to open, by the name in the goal.
OPENABLE_APPS: dict[str, str] = {
    "camera": camera.PACKAGE,
    "clock": clock.PACKAGE,
    "contacts": contacts.PACKAGE,
    "settings": SETTINGS_PACKAGE,
    "dialer": DIALER_PACKAGE,
}

_LAUNCH_COMPONENTS: dict[str, str] = {
    "camera": f"{camera.PACKAGE}/{camera.ACTIVITY}",
    "clock": f"{clock.PACKAGE}/{clock.ACTIVITY}",
    "contacts": f"{contacts.PACKAGE}/{contacts.ACTIVITY}",
    "settings": f"{SETTINGS_PACKAGE}/.Settings",
    "dialer": f"{DIALER_PACKAGE}/{APPS[1].activity}",
}


class OpenAppParams(BaseModel):
    """The app to open."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    app_name: Literal["camera", "clock", "contacts", "settings", "dialer"]


class OpenAppTaskEval(TaskEval):
    """Open an app (and get past its permission pop-ups)."""

    template = (
        "Open the {app_name} app. Clear any pop-ups that may appear by granting all "
        "permissions that are required."
    )
    app_names = tuple(OPENABLE_APPS)
    complexity = 1.0
    tags = ("parameterized",)
    params: OpenAppParams

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> OpenAppParams:
        """One of the five apps."""
        return OpenAppParams.model_validate({"app_name": rng.choice(list(OPENABLE_APPS))})

    def is_successful(self, env: Env) -> float:
        """Whether the focused activity belongs to the app."""
        package = OPENABLE_APPS[self.params.app_name]
        return float(env.device.foreground_activity().split("/")[0] == package)

    def oracle(self, env: Env) -> None:
        """Start the app's launch activity."""
        env.device.start_activity(component=_LAUNCH_COMPONENTS[self.params.app_name])


TASKS: tuple[type[TaskEval], ...] = (
    SystemWifiTurnOn,
    SystemWifiTurnOff,
    SystemWifiTurnOnVerify,
    SystemWifiTurnOffVerify,
    SystemBluetoothTurnOn,
    SystemBluetoothTurnOff,
    SystemBluetoothTurnOnVerify,
    SystemBluetoothTurnOffVerify,
    SystemBrightnessMax,
    SystemBrightnessMin,
    SystemBrightnessMaxVerify,
    SystemBrightnessMinVerify,
    SystemCopyToClipboard,
    OpenAppTaskEval,
)
