"""AndroidWorld's adb calls, answered by a droidhub :class:`~droidhub.device.Device`.

AndroidWorld's agents and helpers reach the phone through ``env.controller``:
``adb_utils`` builds an android_env ``AdbRequest`` (``generic`` shell commands, ``tap``,
``press_button``, ``settings``...) and hands it to ``execute_adb_call``, which returns an
``AdbResponse`` whose ``status`` is ``OK`` and whose payload (``generic.output``...)
holds what the phone printed. :class:`Controller` does the same over droidhub's device,
so AW's own parsers (``dumpsys input | grep physicalFrame``, ``dumpsys window | grep
mCurrentRotation``, ``wm size``) read the phone's real answers.

The messages are android_env's protos (``android_env.proto.adb_pb2``) when the
``android-env`` package is installed (``pip install 'droidhub[aw]'``); otherwise
:data:`adb_pb2` is a stand-in with the same names and attribute shape, enough for code
written to AW's ``adb_utils``. Calls made here go straight to the phone: they are not
steps of the episode (AW's agents use them to read the screen's geometry).
"""

from __future__ import annotations

import re
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

from droidhub.device.emulator_console import NotAnEmulatorError, emulator_command
from droidhub.device.quoting import join

if TYPE_CHECKING:
    from droidhub.device.client import Device


class _Message:
    """A protobuf message stand-in: keyword fields; an unset field reads as an empty
    sub-message, which is then kept (as protobuf's sub-messages are)."""

    def __init__(self, **fields: Any) -> None:
        self.__dict__.update(fields)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        child = _Message()
        self.__dict__[name] = child
        return child

    def HasField(self, name: str) -> bool:  # protobuf's name
        """Whether ``name`` was set."""
        return name in self.__dict__

    def WhichOneof(self, group: str) -> str | None:  # protobuf's name
        """The first sub-message set (the oneofs read here hold only sub-messages)."""
        del group
        return next((k for k, v in self.__dict__.items() if isinstance(v, _Message)), None)

    def __bool__(self) -> bool:
        return bool(self.__dict__)

    def __iter__(self) -> Any:
        return iter(())  # an unset repeated field

    def __repr__(self) -> str:
        return f"Message({self.__dict__!r})"


def _message(name: str, **constants: Any) -> type[_Message]:
    return type(name, (_Message,), dict(constants))


_Namespace = SimpleNamespace(UNKNOWN=0, SYSTEM=1, SECURE=2, GLOBAL=3)
_Status = SimpleNamespace(
    UNDEFINED=0, OK=1, UNKNOWN_COMMAND=2, FAILED_PRECONDITION=3,
    INTERNAL_ERROR=4, ADB_ERROR=5, TIMEOUT=6,
)  # fmt: skip
_PackageList = _message("List", Packages=_message("Packages"))
_StandInRequest = _message(
    "AdbRequest",
    GenericRequest=_message("GenericRequest"),
    Tap=_message("Tap"),
    PressButton=_message("PressButton", HOME=0, BACK=1, ENTER=2),
    InputText=_message("InputText"),
    StartActivity=_message("StartActivity"),
    ForceStop=_message("ForceStop"),
    SendBroadcast=_message("SendBroadcast"),
    GetCurrentActivity=_message("GetCurrentActivity"),
    GetOrientationRequest=_message("GetOrientationRequest"),
    Push=_message("Push"),
    Pull=_message("Pull"),
    DumpsysRequest=_message("DumpsysRequest"),
    SettingsRequest=_message(
        "SettingsRequest",
        Namespace=_Namespace,
        Get=_message("Get"),
        Put=_message("Put"),
        Delete=_message("Delete"),
        List=_message("List"),
    ),
    PackageManagerRequest=_message("PackageManagerRequest", List=_PackageList),
)
_StandInResponse = _message("AdbResponse", Status=_Status)

try:  # android_env's own messages, when installed
    from android_env.proto import adb_pb2 as _real_adb_pb2

    #: android_env's ``adb_pb2`` module, or a stand-in with its names and shape.
    adb_pb2: Any = _real_adb_pb2
except ImportError:
    adb_pb2 = SimpleNamespace(AdbRequest=_StandInRequest, AdbResponse=_StandInResponse)

#: Settings namespaces by android_env's enum value.
_NAMESPACES = {1: "system", 2: "secure", 3: "global"}
#: Keys of android_env's ``PressButton.Button``.
_BUTTONS = {0: "KEYCODE_HOME", 1: "KEYCODE_BACK", 2: "KEYCODE_ENTER"}
_ROTATION = re.compile(r"mCurrentRotation=ROTATION_(\d+)")
_PHYSICAL_FRAME = re.compile(r"physicalFrame=\[(\d+), (\d+), (\d+), (\d+)\]")
_LOGICAL_FRAME = re.compile(r"logicalFrame=\[0, 0, (\d+), (\d+)\]")
_PHYSICAL_SIZE = re.compile(r"Physical size: (\d+)x(\d+)")


class AdbCallError(RuntimeError):
    """An adb call the phone refused, or one this controller does not answer."""


class Controller:
    """What AndroidWorld's ``env.controller`` offers its agents, over a droidhub device.

    ``execute_adb_call(request)`` answers android_env's request kinds (``generic``,
    ``tap``, ``press_button``, ``input_text``, ``start_activity``, ``force_stop``,
    ``send_broadcast``, ``get_current_activity``, ``get_orientation``, ``settings``,
    ``push``, ``pull``, ``package_manager`` list, ``dumpsys``); others are answered
    ``UNKNOWN_COMMAND``. The screen sizes are read from the phone once and kept.
    """

    def __init__(self, device: Device) -> None:
        self.device = device
        self._device_size: tuple[int, int] | None = None
        self._logical_size: tuple[int, int] | None = None
        self._frame: tuple[int, int, int, int] | None = None

    @property
    def env(self) -> Controller:
        """AW's controller wraps an android_env env with the same ``execute_adb_call``;
        here the controller is its own."""
        return self

    # --- the screen's geometry, as AW's adb_utils reads it -----------------------------
    @property
    def device_screen_size(self) -> tuple[int, int]:
        """The physical size, (width, height), from ``wm size`` (read once)."""
        if self._device_size is None:
            self._device_size = _two(_PHYSICAL_SIZE, self._shell("wm size"), "wm size")
        return self._device_size

    @property
    def logical_screen_size(self) -> tuple[int, int]:
        """The logical size, (width, height), from ``dumpsys input`` (read once)."""
        if self._logical_size is None:
            out = self._shell("dumpsys input | grep logicalFrame")
            self._logical_size = _two(_LOGICAL_FRAME, out, "dumpsys input (logicalFrame)")
        return self._logical_size

    @property
    def physical_frame_boundary(self) -> tuple[int, int, int, int]:
        """The display's physical frame in portrait coordinates (read once)."""
        if self._frame is None:
            out = self._shell("dumpsys input | grep physicalFrame")
            for match in _PHYSICAL_FRAME.finditer(out):
                left, top, right, bottom = (int(g) for g in match.groups())
                if (left, top, right, bottom) != (0, 0, 0, 0):
                    self._frame = (left, top, right, bottom)
                    break
            else:
                raise AdbCallError(f"no physicalFrame in `dumpsys input`: {out[:200]!r}")
        return self._frame

    @property
    def orientation(self) -> int:
        """0 portrait, 1 landscape, 2 reverse portrait, 3 reverse landscape."""
        out = self._shell("dumpsys window | grep mCurrentRotation")
        match = _ROTATION.search(out)
        if match is None:
            raise AdbCallError(f"no mCurrentRotation in `dumpsys window`: {out[:200]!r}")
        return int(match.group(1)) // 90

    def _shell(self, command: str) -> str:
        result = self.device.run(command)
        if result.exit_code != 0:
            raise AdbCallError(f"`{command}` exited {result.exit_code}: {result.output[:200]!r}")
        return result.output

    # --- android_env's execute_adb_call ------------------------------------------------
    def execute_adb_call(self, request: Any) -> Any:
        """Answer one android_env ``AdbRequest`` with an ``AdbResponse``."""
        status = adb_pb2.AdbResponse.Status
        response = adb_pb2.AdbResponse(status=status.OK)
        kind = request.WhichOneof("command")
        handler = _HANDLERS.get(kind or "")
        if handler is None:
            response.status = status.UNKNOWN_COMMAND
            response.error_message = f"droidhub's controller does not answer {kind!r} requests"
            return response
        try:
            handler(self, getattr(request, kind or ""), response)
        except AdbCallError as exc:
            response.status = status.ADB_ERROR
            response.error_message = str(exc)
        return response

    def _run(self, args: str | list[str]) -> bytes:
        result = self.device.run(args)
        if result.exit_code != 0:
            shown = args if isinstance(args, str) else join(args)
            raise AdbCallError(f"`{shown}` exited {result.exit_code}: {result.output[:500]}")
        return result.output.encode()

    def _generic(self, call: Any, response: Any) -> None:
        args = [str(a) for a in call.args]
        if args[:1] == ["shell"]:
            # adb joins a shell command's words with spaces for the phone's shell to
            # read, pipes included: AW's `shell dumpsys input | grep ...` relies on it.
            response.generic.output = self._run(" ".join(args[1:]))
        elif args[:1] == ["root"]:
            response.generic.output = b"adbd is already running as root\n"
        elif args[:1] == ["emu"]:
            # AW's text_emulator and call_emulator: the emulator's console, not adbd.
            try:
                output = emulator_command(self.device.serial, args[1:])
            except (NotAnEmulatorError, OSError) as exc:
                raise AdbCallError(f"`adb emu {join(args[1:])}`: {exc}") from exc
            response.generic.output = output.encode()
        else:
            raise AdbCallError(f"only `shell`, `emu` and `root` generic requests: got {args}")

    def _tap(self, call: Any, response: Any) -> None:
        del response
        self.device.tap(int(call.x), int(call.y))

    def _press_button(self, call: Any, response: Any) -> None:
        response.press_button.output = self._run(["input", "keyevent", _BUTTONS[call.button]])

    def _input_text(self, call: Any, response: Any) -> None:
        del response  # AW's text comes already in `input text`'s own escapes (%s...)
        self._run(["input", "text", str(call.text)])

    def _start_activity(self, call: Any, response: Any) -> None:
        args = ["am", "start"] + (["-S"] if call.force_stop else [])
        args += ["-n", str(call.full_activity), *[str(a) for a in call.extra_args]]
        response.start_activity.output = self._run(args)
        response.start_activity.full_activity = str(call.full_activity)

    def _force_stop(self, call: Any, response: Any) -> None:
        del response
        self._run(["am", "force-stop", str(call.package_name)])

    def _send_broadcast(self, call: Any, response: Any) -> None:
        del response
        args = ["am", "broadcast", "-a", str(call.action)]
        self._run(args + (["-n", str(call.component)] if call.component else []))

    def _current_activity(self, call: Any, response: Any) -> None:
        del call
        response.get_current_activity.full_activity = self.device.foreground_activity()

    def _orientation(self, call: Any, response: Any) -> None:
        del call
        response.get_orientation.orientation = self.orientation

    def _settings(self, call: Any, response: Any) -> None:
        namespace = _NAMESPACES.get(int(call.name_space))
        if namespace is None:
            raise AdbCallError(f"settings request without a namespace: {call.name_space}")
        verb = call.WhichOneof("verb")
        if verb == "get":
            args = ["settings", "get", namespace, str(call.get.key)]
        elif verb == "put":
            args = ["settings", "put", namespace, str(call.put.key), str(call.put.value)]
        elif verb == "delete_key":
            args = ["settings", "delete", namespace, str(call.delete_key.key)]
        elif verb == "list":
            args = ["settings", "list", namespace]
        else:
            raise AdbCallError(f"settings verb {verb!r} is not answered here")
        response.settings.output = self._run(args)

    def _push(self, call: Any, response: Any) -> None:
        del response
        self.device.push(bytes(call.content), str(call.path))

    def _pull(self, call: Any, response: Any) -> None:
        response.pull.content = self.device.pull(str(call.path))

    def _package_manager(self, call: Any, response: Any) -> None:
        packages = call.list.packages
        args = ["pm", "list", "packages", *[str(o) for o in packages.options]]
        if packages.filter:
            args.append(str(packages.filter))
        output = self._run(args)
        response.package_manager.output = output
        items = [
            line.removeprefix("package:").strip()
            for line in output.decode().splitlines()
            if line.startswith("package:")
        ]
        listed = response.package_manager.list
        if hasattr(listed.items, "extend"):
            listed.items.extend(items)
        else:  # the stand-in's repeated field
            listed.items = items

    def _dumpsys(self, call: Any, response: Any) -> None:
        args = ["dumpsys"] + ([str(call.service)] if call.service else [])
        response.dumpsys.output = self._run(args + [str(a) for a in call.args])

    def close(self) -> None:
        """droidhub owns the device: nothing to close."""


_HANDLERS = {
    "generic": Controller._generic,
    "tap": Controller._tap,
    "press_button": Controller._press_button,
    "input_text": Controller._input_text,
    "start_activity": Controller._start_activity,
    "force_stop": Controller._force_stop,
    "send_broadcast": Controller._send_broadcast,
    "get_current_activity": Controller._current_activity,
    "get_orientation": Controller._orientation,
    "settings": Controller._settings,
    "push": Controller._push,
    "pull": Controller._pull,
    "package_manager": Controller._package_manager,
    "dumpsys": Controller._dumpsys,
}


def _two(pattern: re.Pattern[str], text: str, what: str) -> tuple[int, int]:
    for match in pattern.finditer(text):
        width, height = int(match.group(1)), int(match.group(2))
        if width and height:
            return width, height
    raise AdbCallError(f"no screen size in `{what}`: {text[:200]!r}")


__all__ = ["AdbCallError", "Controller", "adb_pb2"]
