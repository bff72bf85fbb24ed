"""Virtual phones join a threads run while its first episodes play (a run of N phones
starts with two, and each phone started afterwards gets a worker of its own), are
served from a process of their own and past 32 from a process per core, and leave
the run one by one as it runs out of episodes."""

from __future__ import annotations

import contextlib
import os
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from runner_plugins import droidhub, hang_site, results_rows, serves_phones, wait_until

from droidhub.device.connect import FIRST_PHONES, Phones, open_devices

#: An agent whose episodes each wait (a guard of 20 s) until four phones have started
#: one: two phones alone cannot finish, so the run ends on four only if the phones that
#: join later are given episodes.
WAITING_AGENT = """
import threading

from droidhub import Action

SEEN, LOCK, FOUR = set(), threading.Lock(), threading.Event()


class WaitForFour:
    def reset(self, goal, task, env, rng):
        with LOCK:
            SEEN.add(env.device.serial)
            if len(SEEN) >= 4:
                FOUR.set()
        FOUR.wait(20)

    def step(self, state):
        return Action(action_type="status", goal_status="complete")
"""


def _run_quick_tasks(
    tmp_path: Path, agent_source: str, agent: str, phones: int, *extra: str
) -> list[dict[str, Any]]:
    """The hang family's three Quick tasks run on ``phones`` virtual phones in threads
    by ``agent`` (``module:Class``, the module's text ``agent_source``); the results."""
    site = hang_site(tmp_path / "site")
    module = agent.split(":")[0]
    (site / f"{module}.py").write_text(textwrap.dedent(agent_source), encoding="utf-8")
    out = tmp_path / "run"
    done = droidhub(
        site, "run", "--suite", "hang", "--tasks", "Quick,Quick2,Quick3", *extra,
        "--agent", agent, "--out", str(out),
        "--device", f"virtual:{phones}", "--executor", "threads", timeout=240,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return results_rows(out)


def test_phones_started_later_are_given_episodes(tmp_path: Path) -> None:
    rows = _run_quick_tasks(
        tmp_path, WAITING_AGENT, "waiting_agent:WaitForFour", 4, "--n-combinations", "3"
    )
    assert len(rows) == 9 and all(r["error"] is None for r in rows)
    assert len({r["device"] for r in rows}) == 4


#: An agent whose Quick2 episode waits (a guard of 20 s) until its phone is the only one
#: the adb server still has: the run's other phone, with nothing left to play, must
#: have been stopped while this episode still plays. It fails the episode otherwise.
RETIRED_AGENT = """
import time

from droidhub import Action
from droidhub.device.transport import AdbTransport


class WaitForTheOtherToStop:
    def reset(self, goal, task, env, rng):
        if task.name != "Quick2":
            return
        server = AdbTransport(env.device.serial, env.device.host, env.device.port)
        deadline = time.monotonic() + 20
        while [s for s, _ in server.attached()] != [env.device.serial]:
            if time.monotonic() > deadline:
                raise RuntimeError(f"still attached: {server.attached()}")
            time.sleep(0.05)

    def step(self, state):
        return Action(action_type="status", goal_status="complete")
"""


def test_a_phone_with_nothing_left_to_play_stops_before_the_run_ends(tmp_path: Path) -> None:
    rows = _run_quick_tasks(tmp_path, RETIRED_AGENT, "retired_agent:WaitForTheOtherToStop", 2)
    assert len(rows) == 3 and all(r["error"] is None for r in rows), rows
    assert len({r["device"] for r in rows}) == 2


def test_a_staggered_start_opens_two_phones_then_hands_over_the_rest() -> None:
    with open_devices("virtual:5", stagger=True) as phones:
        first = [d.serial for d in phones[:FIRST_PHONES]]
        arrived: list[str] = []

        def all_three() -> bool:
            arrived.extend(d.serial for d in phones.arrivals())
            return len(arrived) == 3

        assert wait_until(all_three, 60)  # a guard only: they come within seconds
        assert len(set(first + arrived)) == 5
        assert sorted(d.serial for d in phones) == sorted(first + arrived)
        assert all(d.shell("echo ok").strip() == "ok" for d in phones)


@contextlib.contextmanager
def _staggered_phones(count: int) -> Iterator[tuple[Phones, list[Any]]]:
    """``count`` virtual phones opened as a run opens them, once every one has joined,
    with the phones' processes that serve them; those must stop with the block."""
    import psutil

    me = psutil.Process()
    before = _phone_processes(me)  # another test's phones may still be up
    with open_devices(f"virtual:{count}", stagger=True) as phones:
        arrived: list[str] = []

        def all_of_them() -> bool:
            arrived.extend(d.serial for d in phones.arrivals())
            return len(arrived) == count - FIRST_PHONES

        assert wait_until(all_of_them, 120)
        yield phones, [c for c in _phone_processes(me) if c not in before]
    assert set(_phone_processes(me)) == set(before)  # stopped with the block


def test_eight_phones_or_more_are_served_from_a_process_of_their_own() -> None:
    from droidhub.device.connect import PHONES_IN_THEIR_OWN_PROCESS

    count = PHONES_IN_THEIR_OWN_PROCESS
    with _staggered_phones(count) as (phones, children):
        # The child starts with the first phones and builds the rest ahead as spares.
        assert [c.cmdline()[-4:] for c in children] == [
            [str(FIRST_PHONES), str(count - FIRST_PHONES), "0", "1"]  # serials from 0, by 1
        ]
        # The phones answer over adb, from the child's adb server, not from this process.
        port = phones[0].transport.port
        assert any(c.laddr.port == port for c in children[0].net_connections("tcp"))
        assert all(d.shell("echo ok").strip() == "ok" for d in phones)
        fresh = phones.renew(phones[0])
        assert fresh is not None and fresh.shell("getprop ro.product.model").strip() == "Pixel 6"


@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="one core: one phones' process")
def test_past_thirty_two_phones_they_are_spread_over_a_process_per_core() -> None:
    from droidhub.device.connect import PHONES_A_PROCESS
    from droidhub.virtual.server_process import FORKS

    count = PHONES_A_PROCESS + 2
    with _staggered_phones(count) as (phones, children):
        # Two children: the first made the first phones, each built half the rest ahead;
        # the first numbers its serials 0, 2, 4..., the second 1, 3, 5...
        half = str((count - FIRST_PHONES) // 2)
        if FORKS:  # the second forked from the first, once that one had imported
            (first,) = [c for c in children if c.ppid() == os.getpid()]
            (second,) = [c for c in children if c.ppid() == first.pid]
            words = first.cmdline()[first.cmdline().index("droidhub.virtual.server_process") :]
            assert words[1:10] == [str(FIRST_PHONES), half, "0", "2", "fork", "0", half, "1", "2"]
            assert second.cmdline() == first.cmdline()  # no interpreter of its own
        else:
            assert sorted(c.cmdline()[-4:] for c in children) == [
                ["0", half, "1", "2"],
                [str(FIRST_PHONES), half, "0", "2"],
            ]
        ports = {d.serial: d.transport.port for d in phones}
        assert len(ports) == count  # no serial twice
        by_port: dict[int, set[int]] = {}
        for serial, port in ports.items():
            by_port.setdefault(port, set()).add(int(serial.removeprefix("virtual-")) % 2)
        assert sorted(by_port.values(), key=sorted) == [{0}, {1}]  # a child's parity each
        assert all(d.shell("echo ok").strip() == "ok" for d in phones)
        fresh = phones.renew(phones[1])
        assert fresh is not None and fresh.serial not in ports
        assert fresh.shell("getprop ro.product.model").strip() == "Pixel 6"


def test_a_run_launches_its_phones_process_early_and_opens_that_one() -> None:
    import psutil

    from droidhub.device.connect import PHONES_IN_THEIR_OWN_PROCESS, launch_early

    spec = f"virtual:{PHONES_IN_THEIR_OWN_PROCESS}"
    me = psutil.Process()
    before = _phone_processes(me)  # another test's phones may still be up
    launch_early("virtual:nine")  # not a spec: left for open_devices to refuse
    launch_early(spec)
    early = [c for c in _phone_processes(me) if c not in before]
    assert len(early) == 1  # started, not waited for
    with open_devices(spec, stagger=True) as phones:
        assert set(_phone_processes(me)) == set(before + early)  # that one, no second
        assert phones[0].shell("echo ok").strip() == "ok"
    assert set(_phone_processes(me)) == set(before)


def test_released_phones_stop_in_their_process_before_the_block_ends() -> None:
    import psutil

    from droidhub.device.connect import PHONES_IN_THEIR_OWN_PROCESS

    me = psutil.Process()
    before = _phone_processes(me)  # another test's phones may still be up
    with open_devices(f"virtual:{PHONES_IN_THEIR_OWN_PROCESS}", stagger=True) as phones:
        (child,) = [c for c in _phone_processes(me) if c not in before]
        assert phones[0].shell("echo ok").strip() == "ok"
        phones.release()  # the run is over: the child tears its phones down meanwhile
        assert wait_until(lambda: not child.is_running() or child.status() == "zombie", 60)
    assert set(_phone_processes(me)) == set(before)


def test_spare_phones_are_no_device_until_added_and_none_outlive_the_server(
    tmp_path: Path,
) -> None:
    from droidhub.device.client import Device
    from droidhub.virtual.server import VirtualDeviceServer

    with VirtualDeviceServer(devices=1, root=tmp_path) as server:
        server.make_spares(2)
        first = Device(server.serials[0], port=server.port)
        assert first.transport.attached() == [(server.serials[0], "device")]
        added = [server.add_phone() for _ in range(3)]  # two spares, then one made now
        assert len(set(added + server.serials)) == 4
        for serial in added:
            assert Device(serial, port=server.port).shell("echo ok").strip() == "ok"
    assert list(tmp_path.iterdir()) == []


def test_phones_join_as_many_as_are_ready_and_one_is_made_when_none_is(
    tmp_path: Path,
) -> None:
    from droidhub.device.client import Device
    from droidhub.virtual.server import VirtualDeviceServer

    with VirtualDeviceServer(devices=1, root=tmp_path) as server:
        server.make_spares(3)
        joined: list[str] = []
        while len(joined) < 5:  # three spares, then phones made when asked for
            batch = server.add_ready_phones(5 - len(joined))
            assert 1 <= len(batch) <= 5 - len(joined)
            joined += batch
        assert len(set(joined + server.serials)) == 6 == len(server.serials)
        for serial in joined:
            assert Device(serial, port=server.port).shell("echo ok").strip() == "ok"


def test_the_phones_process_hands_over_the_ready_phones_in_one_answer() -> None:
    from droidhub.device.client import Device
    from droidhub.virtual.server_process import ServerProcess

    with ServerProcess(devices=1, spares=4) as host:
        joined: list[str] = []
        while len(joined) < 4:
            batch = host.add_ready_phones(4 - len(joined))
            assert 1 <= len(batch) <= 4 - len(joined)
            joined += batch
        assert sorted(host.serials) == sorted([host.serials[0], *joined])
        assert all(Device(s, port=host.port).shell("echo ok").strip() == "ok" for s in joined)


def test_a_server_stopped_while_it_builds_spares_leaves_no_sandbox(tmp_path: Path) -> None:
    from droidhub.virtual.server import VirtualDeviceServer

    with VirtualDeviceServer(devices=1, root=tmp_path) as server:
        server.make_spares(20)
    assert list(tmp_path.iterdir()) == []


def _phone_processes(me: Any) -> list[Any]:
    """This process's children (and theirs) serving virtual phones (pytest may have
    others)."""
    return [child for child in me.children(recursive=True) if serves_phones(child)]
