"""A phone and its tasks as a Model Context Protocol server (``droidhub mcp``).

Any MCP client (a tool-using assistant, an agent framework) can then be evaluated on
droidhub's tasks: it starts a task, reads the screen and the UI elements, acts with
AndroidWorld's actions, and asks for the reward. The server adapts droidhub's
:class:`~droidhub.env.environment.Env` and task instances; it runs no episode loop of its
own, so the step budget is the client's to keep (``start_task`` says it).

Tools: ``list_tasks``, ``start_task``, ``score_task``, ``stop_task`` (the task), and
``screenshot``, ``ui_elements``, ``tap``, ``long_press``, ``type_text``, ``scroll``,
``press``, ``open_app`` (the phone). An action the phone cannot take comes back as a
tool error naming the reason. Needs the ``mcp`` extra (``pip install './core[mcp]'``);
the tools' annotations are read by mcp at run time, so the module imports it at once.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any, Literal

from mcp.server.mcpserver import Image, MCPServer
from mcp.server.mcpserver.exceptions import ToolError

from droidhub.device.client import DeviceError
from droidhub.faces.phone_session import PhoneSession, elements_text
from droidhub.plugins import catalog
from droidhub.tasks.suite import DEFAULT_SEED


def build_server(session: PhoneSession) -> MCPServer:
    """The MCP server of ``session``'s phone, with droidhub's task and phone tools."""
    server: MCPServer = MCPServer(
        "droidhub",
        instructions=(
            "An Android phone and droidhub's tasks. start_task gives a goal; act with "
            "tap, type_text, scroll, press and open_app (element indices come from "
            "ui_elements), then score_task for the reward and stop_task to tear down."
        ),
    )
    _add_task_tools(server, session)
    _add_phone_tools(server, session)
    return server


def _add_task_tools(server: MCPServer, session: PhoneSession) -> None:
    """The tools that list, start, score and stop droidhub's tasks."""

    @server.tool()
    def list_tasks(family: str = "android_world") -> list[str]:
        """The tasks of a family (``droidhub list`` shows every family)."""
        with _refusals_told():
            return catalog.registry().family(family).task_names()

    @server.tool()
    def start_task(
        task: str, family: str = "android_world", seed: int = DEFAULT_SEED, instance: int = 0
    ) -> dict[str, Any]:
        """Set a task up on the phone; its goal, step budget and apps."""
        with _refusals_told():
            return session.start(task, family, seed, instance)

    @server.tool()
    def score_task() -> float:
        """The started task's reward now: 1.0 when its goal is reached."""
        with _refusals_told():
            return session.score()

    @server.tool()
    def stop_task() -> str:
        """Tear the started task down."""
        with _refusals_told():
            return session.stop()


def _add_phone_tools(server: MCPServer, session: PhoneSession) -> None:
    """The tools that look at the phone and act on it."""

    @server.tool()
    def screenshot() -> Image:
        """The phone's screen as a PNG (1080 x 2400)."""
        with _refusals_told():
            return Image(data=session.device.screenshot_png(), format="png")

    @server.tool()
    def ui_elements() -> str:
        """The screen's UI elements, one per line: index, class, label, bounds, flags."""
        with _refusals_told():
            return elements_text(session)

    @server.tool()
    def tap(index: int | None = None, x: int | None = None, y: int | None = None) -> str:
        """Tap the element at ``index`` (from ui_elements), or the point ``x``, ``y``."""
        with _refusals_told():
            return session.act(action_type="click", index=index, x=x, y=y)

    @server.tool()
    def long_press(index: int | None = None, x: int | None = None, y: int | None = None) -> str:
        """Long-press the element at ``index``, or the point ``x``, ``y``."""
        with _refusals_told():
            return session.act(action_type="long_press", index=index, x=x, y=y)

    @server.tool()
    def type_text(text: str, index: int | None = None, clear: bool = False) -> str:
        """Type ``text`` into the field at ``index`` (the focused one without); ``clear``
        first empties it."""
        with _refusals_told():
            return session.act(action_type="input_text", text=text, index=index, clear_text=clear)

    @server.tool()
    def scroll(direction: Literal["up", "down", "left", "right"], index: int | None = None) -> str:
        """Scroll the screen (or the element at ``index``) towards ``direction``."""
        with _refusals_told():
            return session.act(action_type="scroll", direction=direction, index=index)

    @server.tool()
    def press(key: Literal["back", "home", "enter"]) -> str:
        """Press BACK, HOME or ENTER."""
        with _refusals_told():
            return session.press(key)

    @server.tool()
    def open_app(name: str) -> str:
        """Open an app by the name its launcher shows (``Settings``, ``Markor``...)."""
        with _refusals_told():
            return session.act(action_type="open_app", app_name=name)


@contextlib.contextmanager
def _refusals_told() -> Iterator[None]:
    """What the phone or the task refuses (an index past the screen's elements, an
    unknown task or app, no task started, a phone gone) as a tool error whose reason
    the client reads; mcp shows any other exception as a bare "Error executing tool"."""
    try:
        yield
    except (ValueError, LookupError, DeviceError) as exc:
        raise ToolError(str(exc)) from exc
