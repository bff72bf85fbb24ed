"""``droidhub mcp``: a phone and droidhub's tasks served over the Model Context Protocol
(:mod:`droidhub.faces.mcp_phone`), on standard input/output or on loopback HTTP."""

from __future__ import annotations

import contextlib
import socket

import click

from droidhub.cli.checks import warn_plugin_errors


@click.command("mcp")
@click.option(
    "--device",
    default="virtual",
    show_default=True,
    help="The phone to serve: an adb serial, or 'virtual' for a virtual phone of this process.",
)
@click.option("--adb-host", default="127.0.0.1", show_default=True, help="The adb server's host.")
@click.option("--adb-port", default=5037, show_default=True, type=int, help="Its port.")
@click.option(
    "--http",
    "http_port",
    type=click.IntRange(0, 65535),
    default=None,
    metavar="PORT",
    help="Serve streamable HTTP on 127.0.0.1:PORT instead of standard input/output.",
)
def mcp_command(device: str, adb_host: str, adb_port: int, http_port: int | None) -> None:
    """Serve a phone and droidhub's tasks to any MCP client.

    Tools: list_tasks, start_task (a goal from a task, seed and instance, set up as
    `droidhub run` would), score_task, stop_task; screenshot, ui_elements, tap,
    long_press, type_text, scroll, press, open_app (AndroidWorld's actions). With
    --device virtual (the default) the phone lives as long as the server.
    """
    try:
        import mcp  # noqa: F401  # the optional extra, checked before anything starts
    except ImportError:
        raise click.ClickException(
            "droidhub mcp needs the mcp package: pip install './core[mcp]'"
        ) from None
    from droidhub.cli.run import EXIT_NO_DEVICE, fail
    from droidhub.device.connect import DeviceSpecError, open_devices
    from droidhub.device.transport import DeviceError
    from droidhub.faces.mcp_phone import build_server
    from droidhub.faces.phone_session import PhoneSession

    warn_plugin_errors()
    if http_port is not None:
        _refuse_a_busy_port(http_port)
    with contextlib.ExitStack() as stack:
        try:
            phones = stack.enter_context(open_devices(device, adb_host, adb_port))
        except DeviceSpecError as exc:
            raise click.UsageError(str(exc)) from None
        except DeviceError as exc:  # no adb server, or no such phone: nothing to serve
            fail(str(exc), EXIT_NO_DEVICE)
        if len(phones) != 1:
            raise click.UsageError(f"--device {device}: serve one phone at a time")
        server = build_server(PhoneSession(phones[0]))
        if http_port is None:
            server.run("stdio")
        else:
            server.run("streamable-http", host="127.0.0.1", port=http_port)


def _refuse_a_busy_port(port: int) -> None:
    """A usage error, before any phone starts, if 127.0.0.1:``port`` cannot be listened
    on (the HTTP server would otherwise log the failure and stop with exit 3)."""
    with socket.socket() as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server binds
        try:
            probe.bind(("127.0.0.1", port))
        except OSError as exc:
            raise click.UsageError(
                f"cannot listen on 127.0.0.1:{port}: {exc.strerror or exc}; pick another --http"
            ) from None
