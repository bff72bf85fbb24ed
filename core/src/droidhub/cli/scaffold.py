"""``droidhub new suite NAME`` / ``droidhub new agent NAME``: a plugin package to start from.

Each scaffold is a pip-installable package (pyproject with the ``droidhub`` entry
point, one working task or agent, a pytest on the virtual phone, a README) that
installs, lists, checks and runs green exactly as written. The files are templates
shipped inside droidhub (``scaffold_templates/``); ``$name``-style placeholders are
filled with :class:`string.Template`, so the braces of Python and TOML need no escaping.
"""

from __future__ import annotations

import re
import string
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

import click

#: What a scaffold may be named: it becomes a family or agent name, an entry point and
#: (prefixed with ``droidhub_``) a Python package.
NAME_PATTERN = re.compile(r"[a-z][a-z0-9_]*")
KINDS = ("suite", "agent")


class ScaffoldError(ValueError):
    """A scaffold could not be written (bad name, folder in the way); one line."""


def placeholders(name: str) -> dict[str, str]:
    """The values templates use: ``name``, ``pkg``, ``dist`` and ``cls`` (the agent class)."""
    if not NAME_PATTERN.fullmatch(name):
        hint = re.sub(r"[^a-z0-9_]+", "_", name.lower()).strip("_")
        if not hint or not hint[0].isalpha():
            hint = "my_" + hint if hint else "my_tasks"
        raise ScaffoldError(
            f"bad name {name!r}: use lowercase letters, digits and underscores, "
            f"starting with a letter (e.g. {hint})"
        )
    return {
        "name": name,
        "pkg": f"droidhub_{name}",
        "dist": f"droidhub-{name.replace('_', '-')}",
        "cls": "".join(part.capitalize() for part in name.split("_")) + "Agent",
    }


def _templates(root: Traversable, prefix: str = "") -> list[tuple[str, Traversable]]:
    found: list[tuple[str, Traversable]] = []
    for entry in sorted(root.iterdir(), key=lambda e: e.name):
        if entry.name == "__pycache__":
            continue
        relative = f"{prefix}{entry.name}"
        if entry.is_dir():
            found += _templates(entry, relative + "/")
        elif entry.name.endswith(".tmpl"):
            found.append((relative.removesuffix(".tmpl"), entry))
    return found


def write_scaffold(kind: str, name: str, dest: Path) -> list[Path]:
    """Write the ``kind`` scaffold (``suite`` or ``agent``) called ``name`` into ``dest``.

    ``dest`` must not exist or be an empty folder. Returns the files written.
    """
    if kind not in KINDS:
        raise ScaffoldError(f"unknown scaffold {kind!r}; choose one of {', '.join(KINDS)}")
    values = placeholders(name)
    if dest.exists() and (not dest.is_dir() or any(dest.iterdir())):
        raise ScaffoldError(f"{dest} already exists; choose another --dir or remove it")
    root = resources.files("droidhub.cli") / "scaffold_templates" / kind
    written: list[Path] = []
    for relative, template in _templates(root):
        target = dest / relative.replace("__pkg__", values["pkg"]).replace(
            "__name__", values["name"]
        )
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(string.Template(template.read_text("utf-8")).substitute(values))
        written.append(target)
    return written


def _new_command(kind: str, short: str, summary: str) -> click.Command:
    @click.command(kind, short_help=short, help=summary)
    @click.argument("name")
    @click.option(
        "--dir",
        "dest",
        type=click.Path(path_type=Path),
        default=None,
        help="Where to write it (default: ./droidhub-NAME).",
    )
    def command(name: str, dest: Path | None) -> None:
        try:
            values = placeholders(name)
            folder = dest if dest is not None else Path(values["dist"])
            files = write_scaffold(kind, name, folder)
        except (ScaffoldError, OSError) as exc:
            raise click.ClickException(str(exc)) from None
        click.echo(f"wrote {len(files)} files to {folder}/")
        shown = folder.as_posix() if folder.is_absolute() else f"./{folder.as_posix()}"
        click.echo(f"next: pip install -e '{shown}[test]' and see {shown}/README.md")

    return command


@click.group("new")
def new_group() -> None:
    """Start a plugin package: a task suite or an agent, ready to pip install."""


new_group.add_command(
    _new_command(
        "suite",
        "A task-suite package: one task, its test, a README.",
        "Write the task-suite package droidhub-NAME (family NAME): one task with an "
        "oracle, its pytest on the virtual phone, a README. It installs, lists, checks "
        "and runs as generated.",
    )
)
new_group.add_command(
    _new_command(
        "agent",
        "An agent package: one agent, its test, a README.",
        "Write the agent package droidhub-NAME: one agent registered as --agent NAME, "
        "its pytest on the virtual phone, a README.",
    )
)
