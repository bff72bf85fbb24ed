"""The commands that list what is installed: ``plugins``, ``list`` (tasks) and ``agents``."""

from __future__ import annotations

import json
from typing import Any

import click

from droidhub.cli.checks import LoadFailed, split_values, warn_plugin_errors
from droidhub.plugins import catalog
from droidhub.plugins.manager import get_plugin_manager
from droidhub.report.summary import plural, text_table
from droidhub.tasks.families import UnknownTaskError


@click.command()
@click.option("--json", "as_json", is_flag=True, help="One JSON object per plugin.")
def plugins(as_json: bool) -> None:
    """List installed plugins: version, task families and any load error.

    Exits 7 when a plugin failed to load (its causes are listed under it).
    """
    pm = get_plugin_manager()
    catalog.load_all()  # gathers every contribution, recording any failure
    errors: dict[str, list[str]] = {}
    for err in pm.errors:
        errors.setdefault(err.plugin, []).append(f"{err.stage}: {err.cause}")
    rows = [
        {
            "name": info.name,
            "distribution": info.distribution,
            "version": info.version,
            "families": info.families,
            "errors": errors.get(info.name, []),
        }
        for info in pm.plugins.values()
    ]
    for row in rows:
        if as_json:
            click.echo(json.dumps(row))
            continue
        fams = ", ".join(row["families"]) or "-"
        click.echo(
            f"{row['distribution']} {row['version']}  (plugin {row['name']}; families: {fams})"
        )
        for e in row["errors"]:
            click.secho(f"    FAILED {e}", fg="red")
    if errors:
        names = ", ".join(errors)
        raise LoadFailed(f"{plural(len(errors), 'plugin')} failed to load: {names} (causes above)")


def _task_row(task: Any) -> dict[str, Any]:
    return {
        "name": task.name,
        "family": task.family,
        "apps": list(task.app_names),
        "difficulty": task.difficulty,
        "complexity": task.complexity,
        "max_steps": task.step_budget(),
        "tags": list(task.tags),
        "template": task.template,
        "has_oracle": task.has_oracle(),
        # How the task's instances differ from the benchmark it reproduces, when its
        # plugin says so ({"parts", "kind", "reason"}); null when they do not.
        "fidelity": getattr(task, "fidelity", None),
    }


@click.command("list")
@click.option(
    "--suite",
    "suites",
    multiple=True,
    metavar="FAMILY",
    help="Only these task families (repeat or comma-separate).",
)
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="One JSON object per task: name, family, apps, difficulty, complexity, tags.",
)
def list_tasks(suites: tuple[str, ...], as_json: bool) -> None:
    """List task families and their tasks, named as --tasks takes them (family/Task)."""
    warn_plugin_errors()
    reg = catalog.registry()
    try:
        families = [reg.family(f) for f in split_values(suites)] if suites else reg.families
    except UnknownTaskError as exc:
        raise click.UsageError(str(exc)) from None
    warn_plugin_errors()
    for fam in families:
        tasks = [fam.get(n) for n in fam.task_names()]
        if as_json:
            for task in tasks:
                click.echo(json.dumps(_task_row(task)))
            for name, reason in fam.unavailable.items():
                click.echo(json.dumps({"name": name, "family": fam.name, "unavailable": reason}))
            continue
        if fam is not families[0]:
            click.echo()
        count = plural(len(tasks), "task")
        click.secho(f"{fam.name}: {count}, from {fam.plugin}: {fam.description}", bold=True)
        rows = [
            [
                f"{fam.name}/{task.name}",
                ", ".join(task.app_names) or "-",
                task.difficulty or "-",
                f"{task.complexity:g}",
                str(task.step_budget()),
            ]
            for task in tasks
        ]
        if rows:
            headers = ["task", "apps", "difficulty", "complexity", "max steps"]
            click.echo(text_table(headers, rows))
        for name, reason in fam.unavailable.items():
            click.echo(f"unavailable {fam.name}/{name}: {reason}")


@click.command()
@click.option("--json", "as_json", is_flag=True, help="One JSON object per agent.")
def agents(as_json: bool) -> None:
    """List every agent: its name, distribution, what it does, and its options
    (--agent-option KEY=VALUE) with their types and defaults."""
    from droidhub.agents.base import describe_options

    warn_plugin_errors()
    factories = catalog.agents()
    dists = catalog.agent_distributions()
    names = sorted(factories)
    if as_json:
        for name in names:
            factory = factories[name]
            row = {
                "name": name,
                "distribution": dists.get(name, ""),
                "description": factory.description,
                "options": describe_options(factory.options),
            }
            click.echo(json.dumps(row))
        return
    table = [
        [name, dists.get(name, ""), _first_line(factories[name].description)] for name in names
    ]
    click.echo(text_table(["agent", "distribution", "description"], table))
    for name in names:
        options = describe_options(factories[name].options)
        if options:
            click.secho(f"\nOptions of {name} (--agent-option KEY=VALUE):", bold=True)
            rows = [[o["name"], o["type"], o["default"], o["description"]] for o in options]
            click.echo(text_table(["option", "type", "default", "description"], rows))
    click.echo("\nOwn agents: --agent module:Class (with an `Options` pydantic model to take")
    click.echo("options); AndroidWorld agents: add --agent-option compat=android_world.")


def _first_line(text: str) -> str:
    return text.strip().splitlines()[0] if text.strip() else "-"
