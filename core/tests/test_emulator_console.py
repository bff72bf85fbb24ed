"""The virtual phone's emulator console, reached as AndroidWorld reaches an emulator's:
``adb -s emulator-PORT emu sms send ...`` through the stock client, android_env's own
AdbController (where installed), droidhub's compat controller, and ``droidhub device
serve --console-port``.

The stock client reads the console token from ``$HOME``: every call here runs with a
home folder of the test's own, with or without a token file.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from other_user import AS_ROOT, exchange_as_nobody

from droidhub.compat.adb_requests import Controller, adb_pb2
from droidhub.device.client import Device
from droidhub.device.emulator_console import NotAnEmulatorError, emulator_command
from droidhub.virtual.server import VirtualDeviceServer

pytestmark = [
    pytest.mark.adb,
    pytest.mark.skipif(shutil.which("adb") is None, reason="the stock adb client is not on PATH"),
]

TOKEN = ".emulator_console_auth_token"


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A home folder with no console token (the server reads it as the client does)."""
    folder = tmp_path / "home"
    folder.mkdir()
    monkeypatch.setenv("HOME", str(folder))
    return folder


@pytest.fixture
def server(home: Path) -> Iterator[VirtualDeviceServer]:
    del home
    with VirtualDeviceServer(devices=2, console_port=0) as served:
        yield served


def adb(server: VirtualDeviceServer, serial: str, *args: str) -> str:
    result = subprocess.run(
        ["adb", "-P", str(server.port), "-s", serial, *args],
        capture_output=True,
        text=True,
        timeout=60,
        env={k: v for k, v in os.environ.items() if k != "ANDROID_SERIAL"},
        check=True,
    )
    return result.stdout


def inbox(server: VirtualDeviceServer, serial: str) -> str:
    return adb(
        server,
        serial,
        "shell",
        "content",
        "query",
        "--uri",
        "content://sms/inbox",
        "--projection",
        "address:body:read:type",
    )


def call_log(server: VirtualDeviceServer, serial: str) -> str:
    query = ["content", "query", "--uri", "content://call_log/calls", "--projection"]
    return adb(server, serial, "shell", *query, "number:type")


def test_phones_are_named_after_their_console_ports(server: VirtualDeviceServer) -> None:
    listed = adb(server, server.serials[0], "devices").splitlines()[1:3]
    assert [line.split("\t")[0] for line in listed] == server.serials
    assert all(s.startswith("emulator-") for s in server.serials)


def test_sms_send_delivers_to_that_phones_inbox(server: VirtualDeviceServer) -> None:
    first, second = server.serials
    out = adb(server, first, "emu", "sms", "send", "+15551234", "Running late, see you at 7")
    # No token file: the banner's OK and the command's are the two the client skips.
    assert out == ""
    assert inbox(server, first) == (
        "Row: 0 address=+15551234, body=Running late, see you at 7, read=0, type=1\n"
    )
    assert inbox(server, second) == "No result found.\n"


def test_a_call_rings_until_the_phone_ends_it(server: VirtualDeviceServer) -> None:
    serial = server.serials[0]
    adb(server, serial, "emu", "gsm", "call", "5557777")
    registry = adb(server, serial, "shell", "dumpsys", "telephony.registry")
    assert "mCallState=1" in registry and "mCallIncomingNumber=5557777" in registry
    adb(server, serial, "shell", "input", "keyevent", "KEYCODE_ENDCALL")
    assert "mCallState=0" in adb(server, serial, "shell", "dumpsys", "telephony.registry")
    calls = call_log(server, serial)
    assert calls == "Row: 0 number=5557777, type=5\n"  # REJECTED_TYPE


def test_a_cancelled_call_is_missed_and_an_answered_one_goes_off_hook(
    server: VirtualDeviceServer,
) -> None:
    serial = server.serials[1]
    adb(server, serial, "emu", "gsm", "call", "5550001")
    adb(server, serial, "emu", "gsm", "cancel", "5550001")
    adb(server, serial, "emu", "gsm", "call", "5550002")
    adb(server, serial, "emu", "gsm", "accept", "5550002")
    assert "mCallState=2" in adb(server, serial, "shell", "dumpsys", "telephony.registry")
    calls = call_log(server, serial)
    assert calls == "Row: 0 number=5550001, type=3\n"  # MISSED_TYPE; the other is still on


def test_the_token_is_asked_for_when_the_home_folder_holds_one(
    server: VirtualDeviceServer, home: Path, tmp_path: Path
) -> None:
    serial = server.serials[0]
    (home / TOKEN).write_text("aB3dE5fG7hI9")
    assert adb(server, serial, "emu", "avd", "name") == "AndroidWorldAvd\nOK\n"
    adb(server, serial, "emu", "gsm", "call", "5551212")
    assert adb(server, serial, "emu", "gsm", "list") == "inbound from 5551212 : incoming\nOK\n"
    stranger = tmp_path / "stranger"
    stranger.mkdir()
    (stranger / TOKEN).write_text("not-it")
    result = subprocess.run(
        ["adb", "-P", str(server.port), "-s", serial, "emu", "sms", "send", "1", "x"],
        capture_output=True,
        text=True,
        timeout=60,
        env=dict(os.environ, HOME=str(stranger)),
    )
    assert result.stdout.splitlines() == [
        f"KO: authentication token does not match ~/{TOKEN}",
        "KO: unknown command, try 'help'",
    ]
    assert inbox(server, serial) == "No result found.\n"


def test_bad_commands_get_ko(server: VirtualDeviceServer) -> None:
    serial = server.serials[0]
    assert emulator_command(serial, ["sms", "send", "not-a-number", "hi"]) == (
        "KO: bad phone number format, must be [+](0-9)*\r\n"
    )
    assert emulator_command(serial, ["sms", "send", "5551234"]).startswith("KO: missing argument")
    assert emulator_command(serial, ["fly"]) == "KO: unknown command, try 'help'\r\n"
    with pytest.raises(NotAnEmulatorError, match="virtual-0"):
        emulator_command("virtual-0", ["sms", "send", "1", "x"])


def test_compat_controller_sends_aws_text_emulator(server: VirtualDeviceServer) -> None:
    """AW's ``text_emulator`` is a generic ``emu`` request to its controller."""
    serial = server.serials[1]
    controller = Controller(Device(serial, port=server.port))
    args = ["emu", "sms", "send", "5559876", "On my way"]
    request = adb_pb2.AdbRequest(generic=adb_pb2.AdbRequest.GenericRequest(args=args))
    response = controller.execute_adb_call(request)
    assert response.status == adb_pb2.AdbResponse.Status.OK, response.error_message
    assert "address=5559876, body=On my way" in inbox(server, serial)


def test_consoles_take_every_second_port_from_the_one_given(home: Path) -> None:
    del home
    port = _free_pair()
    with VirtualDeviceServer(devices=2, console_port=port) as served:
        assert served.serials == [f"emulator-{port}", f"emulator-{port + 2}"]


def test_serve_names_a_taken_console_port_in_one_line(home: Path) -> None:
    del home
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        result = subprocess.run(
            [sys.executable, "-m", "droidhub", "device", "serve", "--console-port", str(port)],
            capture_output=True,
            text=True,
            timeout=60,
            stdin=subprocess.DEVNULL,
        )
    assert result.returncode == 1
    assert result.stderr.strip().splitlines() == [
        f"Error: cannot open a phone's emulator console on 127.0.0.1:{port}: Address already "
        "in use; pick another --console-port (an emulator may hold it), or --console-port 0 "
        "for free ones"
    ]


def test_android_envs_controller_reaches_the_console(server: VirtualDeviceServer) -> None:
    """android_env's AdbController runs ``adb -s emulator-PORT emu ...`` as AW's does."""
    pytest.importorskip("android_env")
    from android_env.components import adb_call_parser, adb_controller, config_classes
    from android_env.proto import adb_pb2

    serial = server.serials[0]
    config = config_classes.AdbControllerConfig(
        adb_path=shutil.which("adb") or "adb",
        adb_server_port=server.port,
        device_name=serial,
        default_timeout=30.0,
    )
    parser = adb_call_parser.AdbCallParser(adb_controller.AdbController(config))
    args = ["emu", "sms", "send", "5551111", "Dinner at 8?"]
    response = parser.parse(
        adb_pb2.AdbRequest(generic=adb_pb2.AdbRequest.GenericRequest(args=args), timeout_sec=30)
    )
    assert response.status == adb_pb2.AdbResponse.Status.OK, response
    assert "address=5551111, body=Dinner at 8?" in inbox(server, serial)


def _free_pair() -> int:
    """A port whose neighbour two above is free too (checked, then let go)."""
    for _ in range(50):
        with socket.create_server(("127.0.0.1", 0)) as probe:
            port = probe.getsockname()[1]
            if port >= 65000:
                continue
            try:
                with socket.create_server(("127.0.0.1", port + 2)):
                    return port
            except OSError:
                continue
    raise RuntimeError("no two free ports two apart")


@pytest.mark.skipif(not AS_ROOT, reason="needs root to switch users")
def test_another_users_client_is_refused_unless_allowed(home: Path) -> None:
    del home
    ask = b"sms send 5551234 hello\r\nquit\r\n"
    with VirtualDeviceServer(devices=1, console_port=0) as served:
        port = int(served.serials[0].removeprefix("emulator-"))
        refused = exchange_as_nobody(port, ask)
        assert refused.startswith(b"KO: this console serves only its own user")
        assert b"--allow-other-users" in refused
        assert "hello" not in inbox(served, served.serials[0])  # nothing reached the phone
    with VirtualDeviceServer(devices=1, console_port=0, allow_other_users=True) as served:
        port = int(served.serials[0].removeprefix("emulator-"))
        assert b"Android Console" in exchange_as_nobody(port, ask)
        assert "hello" in inbox(served, served.serials[0])
