"""Record every adb call AndroidWorld's own task code makes against a virtual phone.

The fixture ``plugins/aw_apps/tests/data/aw_commands.json`` is what
``tests/test_aw_command_replay.py`` replays through the stock ``adb`` client. It is
produced by AndroidWorld's code itself, never by droidhub's: for each of AW's 116 tasks,
instance 0 of suite seed 0 (drawn as ``aw_parity_fixture.py`` draws it), AW's
``initialize_task``, ``is_successful`` (before any action) and ``tear_down`` run on a
fresh virtual phone, after AW's ``save_snapshot`` of each of the task's apps (what
AW's device set-up leaves behind), and each adb call they make is kept with the phone's answer.

Run it inside AW's interpreter (see ``aw_parity_fixture.py`` for how /tmp/awsrc and
/tmp/awvenv are made); the phones are served by droidhub's own interpreter, in a
subprocess, so AW's packages never meet droidhub's::

    PYTHONPATH=/tmp/awsrc /tmp/awvenv/bin/python plugins/aw_apps/tools/aw_command_fixture.py \
        --aw-commit d9c569f --droidhub-python "$(which python)" \
        plugins/aw_apps/tests/data/aw_commands.json

How AW reaches the phone here: AW's ``AsyncAndroidEnv`` over AW's
``AndroidWorldController`` (uiautomator dumps for UI elements, as AW's
``A11yMethod.UIAUTOMATOR``) over a small stand-in for android_env's env whose
``execute_adb_call`` is android_env's own ``AdbCallParser`` over its ``AdbController``.
The one change to the controller: a failed command is recorded and raised at once,
where android_env would restart the adb server and try again.

Each task is set up twice, on two fresh phones, to tell what in an answer is
deterministic: an output both runs give alike is stored as ``"out"``; one whose
words differ only in place (times, sizes, rates) is stored as ``"re"``, a regular
expression whose differing words keep their shape (digits stand for digits); any
other is ``"any"``. A push keeps its remote path, size and sha256 but not its bytes;
the local temp paths android_env makes for a push or a pull are ``{local}``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import re
import shutil
import subprocess
import sys
import time
import traceback
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
from aw_parity_fixture import dumps, instance_seed

#: The droidhub side: a virtual device server in droidhub's interpreter that adds or
#: removes a phone per line read ("add" prints the new serial, "remove SERIAL"). Each
#: phone has an emulator console (named ``emulator-PORT``), as AW's emulator has, for
#: AW's ``adb emu sms send``.
SERVE = """
import sys
from droidhub.virtual.server import VirtualDeviceServer
with VirtualDeviceServer(devices=0, console_port=0) as server:
    print(server.port, flush=True)
    for line in sys.stdin:
        words = line.split()
        if words[0] == "add":
            print(server.add_phone(), flush=True)
        elif words[0] == "remove":
            server.remove_phone(words[1])
            print("removed", flush=True)
"""

#: What a call's output is when it is neither exact nor a regex.
ANY = "any"


class PhoneServer:
    """droidhub's virtual device server in a subprocess of droidhub's interpreter."""

    def __init__(self, python: str) -> None:
        env = {
            **os.environ,
            "DROIDHUB_VIRTUAL_DIR": os.environ.get("DROIDHUB_VIRTUAL_DIR", "/dev/shm"),
        }
        env.pop("PYTHONPATH", None)
        self.proc = subprocess.Popen(
            [python, "-c", SERVE],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        self.port = int(self._read())

    def _read(self) -> str:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("the virtual device server exited")
        return line.strip()

    def _send(self, line: str) -> str:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        return self._read()

    def add_phone(self) -> str:
        """A fresh phone's serial."""
        return self._send("add")

    def remove_phone(self, serial: str) -> None:
        """Detach ``serial`` and delete its sandbox."""
        self._send(f"remove {serial}")

    def close(self) -> None:
        """Stop the server."""
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(timeout=60)


def recording_env(port: int, serial: str, calls: list[dict[str, Any]]) -> Any:
    """AW's AsyncAndroidEnv on phone ``serial``, appending each adb call to ``calls``."""
    import numpy as np
    from android_env.components import adb_call_parser, adb_controller, config_classes, errors
    from android_world.env import android_world_controller, interface

    class RecordingController(adb_controller.AdbController):
        """android_env's AdbController that records each call and tries it once."""

        def execute_command(
            self, args: list[str], timeout: float | None = None, device_specific: bool = True
        ) -> bytes:
            command = self.command_prefix(include_device_name=device_specific) + args
            env = {**self._os_env_vars, "ADB_SERVER_SOCKET": f"tcp:127.0.0.1:{port}"}
            proc = subprocess.run(
                command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, timeout=120
            )
            calls.append({"args": list(args), "status": proc.returncode, "raw": proc.stdout})
            if proc.returncode != 0:
                raise errors.AdbControllerError(f"adb {args!r} exited {proc.returncode}")
            return proc.stdout

    config = config_classes.AdbControllerConfig(
        adb_path=shutil.which("adb") or "adb",
        adb_server_port=port,
        device_name=serial,
        default_timeout=120.0,
    )
    parser = adb_call_parser.AdbCallParser(RecordingController(config))

    class PhoneOnlyEnv:
        """The part of android_env's env AW's task code reaches: adb calls, and a
        time step whose pixels are blank (android_env takes them from the emulator,
        not through adb)."""

        def execute_adb_call(self, request: Any) -> Any:
            return parser.parse(request)

        def _timestep(self) -> Any:
            import dm_env

            pixels = np.zeros((2400, 1080, 3), dtype=np.uint8)
            return dm_env.restart({"pixels": pixels})

        def reset(self) -> Any:
            return self._timestep()

        def step(self, action: Any) -> Any:
            return self._timestep()

    controller = android_world_controller.AndroidWorldController(
        PhoneOnlyEnv(),
        a11y_method=android_world_controller.A11yMethod.UIAUTOMATOR,
    )
    return interface.AsyncAndroidEnv(controller)


def run_task(cls: Any, server: PhoneServer) -> dict[str, Any]:
    """AW's set-up, check and tear-down of instance 0 of suite seed 0 of ``cls`` on a
    fresh phone: the calls, in order, and where AW's code stopped if it failed."""
    iseed = instance_seed(0, cls.__name__, 0)
    cls.set_device_time(None)
    random.seed(iseed)
    params = cls.generate_random_params()
    params["seed"] = iseed
    task = cls(params)
    calls: list[dict[str, Any]] = []
    serial = server.add_phone()
    result: dict[str, Any] = {"instance_seed": iseed, "calls": calls, "phases": {}}
    try:
        env = recording_env(server.port, serial, calls)
        for phase in ("save_snapshot", "initialize_task", "is_successful", "tear_down"):
            start = len(calls)
            try:
                if phase == "save_snapshot":
                    value: Any = save_snapshots(task, env)
                else:
                    value = getattr(task, phase)(env)
            except Exception as error:  # AW's code could not go on: keep the reason
                result["phases"][phase] = {"from": start, "error": _reason(error)}
                if phase == "initialize_task":
                    break
            else:
                result["phases"][phase] = {"from": start}
                if phase == "is_successful":
                    result["phases"][phase]["value"] = float(value)
    finally:
        server.remove_phone(serial)
    return result


def save_snapshots(task: Any, env: Any) -> float:
    """What AW's device set-up leaves for each of the task's apps once installed: a
    snapshot of its data, which every task's set-up restores."""
    from android_world.utils import app_snapshot

    for app_name in task.app_names:
        if app_name and app_name != "clipper":  # as TaskEval._initialize_apps skips it
            app_snapshot.save_snapshot(app_name, env.controller)
    return 1.0


def _reason(error: BaseException) -> str:
    """The last line of ``error``'s traceback, with the AW frame that raised it."""
    frames = [f for f in traceback.extract_tb(error.__traceback__) if "android_world" in f.filename]
    where = f" at {Path(frames[-1].filename).name}:{frames[-1].lineno}" if frames else ""
    return f"{type(error).__name__}: {str(error)[:300]}{where}"


#: android_env's temp files for a push or a pull, in the args AW's request became.
LOCAL = re.compile(r"^/tmp/[^ ]+$")


def normalize_args(args: list[str]) -> list[str]:
    """``args`` with android_env's local temp path of a push or pull as ``{local}``."""
    if args and args[0] in ("push", "pull"):
        return [("{local}" if LOCAL.match(a) and i in (1, 2) else a) for i, a in enumerate(args)]
    return args


def shape(word: str) -> str:
    """A regular expression for words like ``word``: digit runs stand for any digits."""
    return "".join(
        r"\d+" if part.isdigit() else re.escape(part) for part in re.split(r"(\d+)", word) if part
    )


#: Words that hold the host's time or speed, not the phone's, however alike two runs
#: gave them: the host's date (a pushed file keeps its local time, as adbd keeps it)
#: and adb's transfer rate and duration.
VOLATILE = re.compile(r"(?:\(?\d+ bytes in )?\d+\.\d+s?\)?|" + re.escape(time.strftime("%Y-%m-%d")))

#: An exact output longer than this is stored as its sha256.
LONG = 2000


#: What AW reads back from a UI dump (``cat`` of uiautomator's file): a hierarchy
#: document, parsed as XML. Its nodes are the screen droidhub's app models draw, which
#: change as they grow more faithful; the shape AW's parser needs is what is kept.
UI_DUMP = re.compile(r"cat \S*window_dump\.xml")
HIERARCHY = r"(?s)<\?xml .*</hierarchy>\s*"


def expected_output(first: str, second: str) -> dict[str, Any]:
    """What the fixture keeps of an output two runs gave as ``first`` and ``second``."""
    a, b = re.split(r"(\s+)", first), re.split(r"(\s+)", second)
    if first == second and not any(VOLATILE.fullmatch(word) for word in a):
        if len(first) > LONG:
            return {"digest": hashlib.sha256(first.encode()).hexdigest(), "chars": len(first)}
        return {"out": first}
    if len(a) == len(b):
        pattern = "".join(
            re.escape(x) if x == y and not VOLATILE.fullmatch(x) else shape(x)
            for x, y in zip(a, b, strict=True)
        )
        if re.fullmatch(pattern, first) and re.fullmatch(pattern, second):
            return {"re": pattern}
    return {"out": ANY}


def merge(first: dict[str, Any], second: dict[str, Any], pushes: dict[str, Any]) -> dict[str, Any]:
    """One task's entry from two recordings of it, or the reason they cannot be merged."""
    entry: dict[str, Any] = {"instance_seed": first["instance_seed"], "phases": first["phases"]}
    a, b = first["calls"], second["calls"]
    if [normalize_args(c["args"]) for c in a] != [normalize_args(c["args"]) for c in b]:
        entry["unstable"] = (
            "the two runs made different calls; the first run is kept, outputs as any"
        )
        b = []
    calls = []
    for i, call in enumerate(a):
        args = normalize_args(call["args"])
        row: dict[str, Any] = {"args": args, "status": call["status"]}
        first_out = call["raw"].decode("utf-8", "replace")
        if UI_DUMP.fullmatch(" ".join(args[1:])):
            row["re"] = HIERARCHY
        elif b:
            second_out = b[i]["raw"].decode("utf-8", "replace")
            row.update(expected_output(first_out, second_out))
        else:
            row["out"] = ANY
        if args[0] == "push":
            row["push"] = pushes[call["args"][1]]
        calls.append(row)
    entry["calls"] = calls
    return entry


def catch_pushes(pushes: dict[str, Any]) -> None:
    """Keep the size and sha256 of each local file android_env pushes, by its path."""
    from android_env.components import adb_call_parser

    original = adb_call_parser.AdbCallParser._execute_command

    def execute(self: Any, args: list[str], timeout: float | None) -> Any:
        if args and args[0] == "push":
            data = Path(args[1]).read_bytes()
            pushes[args[1]] = {"size": len(data), "sha256": hashlib.sha256(data).hexdigest()}
        return original(self, args, timeout)

    adb_call_parser.AdbCallParser._execute_command = execute


def shared_calls(entries: dict[str, Any]) -> tuple[list[Any], dict[str, Any]]:
    """The distinct calls of all tasks, and each task with its calls as indexes into them:
    AW's tasks make the same few hundred calls ten thousand times."""
    table: list[Any] = []
    index: dict[str, int] = {}
    tasks = {}
    for name, entry in sorted(entries.items()):
        order = []
        for call in entry["calls"]:
            key = json.dumps(call, sort_keys=True)
            if key not in index:
                index[key] = len(table)
                table.append(call)
            order.append(index[key])
        tasks[name] = {**entry, "calls": order}
    return table, tasks


def write(out: str, aw_commit: str, entries: dict[str, Any]) -> None:
    """Write the fixture: AW's commit, the shared calls, the tasks, and the tasks whose
    set-up or check AW's code could not finish here (the reason is in their phases)."""
    table, tasks = shared_calls(entries)
    fixture = {
        "source": "google-research/android_world",
        "aw_commit": aw_commit,
        "suite_seed": 0,
        "instance": 0,
        "stopped": sorted(
            name
            for name, entry in entries.items()
            if any("error" in phase for phase in entry["phases"].values())
        ),
        "calls": table,
        "tasks": tasks,
    }
    Path(out).write_text(dumps(fixture, lists=("calls",)), encoding="utf-8")


def recorded_entries(path: Path) -> dict[str, Any]:
    """The tasks of the fixture at ``path``, each with its calls written out again."""
    fixture = json.loads(path.read_text(encoding="utf-8"))
    return {
        name: {**entry, "calls": [fixture["calls"][i] for i in entry["calls"]]}
        for name, entry in fixture["tasks"].items()
    }


def main(argv: list[str] | None = None) -> int:
    """Write the fixture named on the command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", help="where to write the JSON fixture")
    parser.add_argument("--aw-commit", default="", help="AW commit the source came from")
    parser.add_argument("--droidhub-python", default="python", help="droidhub's interpreter")
    parser.add_argument("--tasks", default="", help="comma-separated task names (default all)")
    parser.add_argument(
        "--update", action="store_true", help="record only --tasks anew, keep the others of OUT"
    )
    args = parser.parse_args(argv)
    if args.update and not args.tasks:
        parser.error("--update records the --tasks named: name some")

    from android_world import registry  # AW's own package, from PYTHONPATH

    reg = registry.TaskRegistry()
    tasks = reg.get_registry(reg.ANDROID_WORLD_FAMILY)
    names = sorted(tasks) if not args.tasks else args.tasks.split(",")
    pushes: dict[str, Any] = {}
    # AW waits for a real phone to settle; the virtual one answers when it has settled.
    real_sleep = time.sleep

    def short_sleep(seconds: Any) -> None:
        real_sleep(min(float(seconds), 0.05))

    time.sleep = short_sleep
    catch_pushes(pushes)
    server = PhoneServer(args.droidhub_python)
    entries: dict[str, Any] = recorded_entries(Path(args.out)) if args.update else {}
    try:
        for name in names:
            runs = [run_task(tasks[name], server) for _ in range(2)]
            entries[name] = merge(runs[0], runs[1], pushes)
            errors = {p: v["error"] for p, v in runs[0]["phases"].items() if "error" in v}
            print(f"{name}: {len(runs[0]['calls'])} calls {errors or ''}", flush=True)
    finally:
        server.close()
    write(args.out, args.aw_commit, entries)
    total = sum(len(e["calls"]) for e in entries.values())
    print(f"wrote {len(entries)} tasks, {total} calls to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
