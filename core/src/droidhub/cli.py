"""The ``droidhub`` command line."""

from __future__ import annotations

import json
import sys
import weakref
from pathlib import Path
from typing import Any

import click

from droidhub import catalog
from droidhub.cli_run import (
    RunSettings,
    parse_agent_options,
    print_report,
    recorded_options,
    run_in_folder,
)
from droidhub.plugins import PluginManager, get_plugin_manager
from droidhub.registry import UnknownTaskError
from droidhub.run_layout import RunFolder
from droidhub.suite import DEFAULT_SEED

# How many of each manager's (append-only) errors were already printed.
_warned: weakref.WeakKeyDictionary[PluginManager, int] = weakref.WeakKeyDictionary()


def _warn_plugin_errors() -> None:
    """Print each plugin load error once (commands call this before and after loading).

    Every contribution but the virtual app models is gathered first, so that a plugin
    which lost a name (``--agent oracle`` claimed twice) is named before the work starts.
    """
    pm = get_plugin_manager()
    catalog.load_all(virtual_apps=False)
    for err in pm.errors[_warned.get(pm, 0) :]:
        click.secho(f"warning: {err}", fg="yellow", err=True)
    _warned[pm] = len(pm.errors)


def _split(values: tuple[str, ...]) -> list[str]:
    return [v.strip() for value in values for v in value.split(",") if v.strip()]


class _Main(click.Group):
    """The root group; adds plugin commands on first use."""

    _plugins_added = False

    def _add_plugin_commands(self) -> None:
        if self._plugins_added:
            return
        self._plugins_added = True
        pm = get_plugin_manager()
        for name in self.commands:  # built-in commands belong to droidhub itself
            pm.claim("command", name, "droidhub")
        # collect() leaves out (and reports) a command name an earlier plugin took.
        for _plugin, command in pm.collect("droidhub_cli_commands"):
            self.add_command(command)

    def list_commands(self, ctx: click.Context) -> list[str]:
        self._add_plugin_commands()
        return super().list_commands(ctx)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        self._add_plugin_commands()
        return super().get_command(ctx, cmd_name)


@click.group(cls=_Main, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="droidhub")
def main() -> None:
    """droidhub: benchmark agents that operate Android phones.

    Task suites come from installed plugins (`droidhub plugins`). Everything runs on a
    real phone or emulator (--device SERIAL) or on droidhub's virtual phone
    (--device virtual, the default), which needs no emulator.
    """


@main.command()
@click.option("--json", "as_json", is_flag=True, help="One JSON object per plugin.")
def plugins(as_json: bool) -> None:
    """List installed plugins: version, task families and any load error."""
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
    if as_json:
        for row in rows:
            click.echo(json.dumps(row))
        return
    for row in rows:
        fams = ", ".join(row["families"]) or "-"
        click.echo(
            f"{row['distribution']} {row['version']}  (plugin {row['name']}; families: {fams})"
        )
        for e in row["errors"]:
            click.secho(f"    FAILED {e}", fg="red")


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


@main.command("list")
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
    """List task families and their tasks."""
    _warn_plugin_errors()
    reg = catalog.registry()
    try:
        families = [reg.family(f) for f in _split(suites)] if suites else reg.families
    except UnknownTaskError as exc:
        raise click.UsageError(str(exc)) from None
    _warn_plugin_errors()
    for fam in families:
        tasks = [fam.get(n) for n in fam.task_names()]
        if as_json:
            for task in tasks:
                click.echo(json.dumps(_task_row(task)))
            for name, reason in fam.unavailable.items():
                click.echo(json.dumps({"name": name, "family": fam.name, "unavailable": reason}))
            continue
        click.secho(
            f"{fam.name} ({len(tasks)} tasks, from {fam.plugin}): {fam.description}", bold=True
        )
        for task in tasks:
            apps = ",".join(task.app_names) or "-"
            click.echo(f"  {task.name:<48} {apps:<28} {task.difficulty:<7} {task.complexity:g}")
        for name, reason in fam.unavailable.items():
            click.echo(f"  {name:<48} unavailable: {reason}")


@main.command()
@click.option(
    "--suite",
    "suites",
    multiple=True,
    required=True,
    metavar="FAMILY",
    help="Task family to run (repeat or comma-separate), e.g. android_world.",
)
@click.option(
    "--tasks",
    "tasks",
    multiple=True,
    metavar="A,B",
    help="Only these tasks of the suite (comma-separated names).",
)
@click.option(
    "--n-combinations",
    default=1,
    show_default=True,
    type=click.IntRange(min=1),
    help="Instances (parameter draws) per task.",
)
@click.option(
    "--seed",
    default=DEFAULT_SEED,
    show_default=True,
    type=int,
    help="Suite seed; instance seeds follow AndroidWorld's formula.",
)
@click.option(
    "--agent",
    default="noop",
    show_default=True,
    help="A registered agent (noop, random, oracle, ui_oracle, ...) or module:Class.",
)
@click.option(
    "--agent-option",
    "agent_options",
    multiple=True,
    metavar="KEY=VALUE",
    help="An option of the agent (repeatable), e.g. model=NAME; `droidhub agents` lists them.",
)
@click.option(
    "--device",
    default="virtual",
    show_default=True,
    help="Serials (comma-separated) on the adb server, or virtual / virtual:N.",
)
@click.option("--adb-host", default="127.0.0.1", show_default=True, help="adb server host.")
@click.option("--adb-port", default=5037, show_default=True, type=int, help="adb server port.")
@click.option(
    "--out",
    type=click.Path(path_type=Path),
    default=None,
    help="Run folder; rerunning with the same folder resumes. [default: runs/SUITE-AGENT-seedSEED]",
)
@click.option(
    "--html",
    "html_out",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="When the run ends, also write its HTML report here (see `droidhub report`).",
)
@click.option(
    "--max-steps",
    type=click.IntRange(min=1),
    default=None,
    help="Override every task's step budget (10 x complexity).",
)
@click.option(
    "--step-timeout",
    type=click.FloatRange(min=0, min_open=True),
    default=300,
    show_default=True,
    metavar="SECONDS",
    help="Limit of the agent's reset and of each step with its action; past it the "
    "episode ends with a timeout error and the run goes on.",
)
@click.option(
    "--episode-timeout",
    type=click.FloatRange(min=0, min_open=True),
    default=1800,
    show_default=True,
    metavar="SECONDS",
    help="Limit of a whole episode, set-up and scoring included.",
)
@click.option(
    "--quarantine-after",
    type=click.IntRange(min=1),
    default=3,
    show_default=True,
    metavar="N",
    help="Take a device out of the run after N episodes in a row failed on it with "
    "device errors (its episodes go to the other devices).",
)
@click.option(
    "--early-stop",
    type=click.IntRange(min=0),
    default=3,
    show_default=True,
    metavar="K",
    help="Stop when the first K episodes all fail with the same agent error (0: never).",
)
@click.option(
    "--retry-errors",
    is_flag=True,
    help="Run again the episodes of this --out that ended in an error (not those the "
    "agent failed); earlier attempts move to OUT/attempts.jsonl.",
)
def run(
    suites: tuple[str, ...],
    tasks: tuple[str, ...],
    n_combinations: int,
    seed: int,
    agent: str,
    agent_options: tuple[str, ...],
    device: str,
    adb_host: str,
    adb_port: int,
    out: Path | None,
    html_out: Path | None,
    max_steps: int | None,
    step_timeout: float,
    episode_timeout: float,
    quarantine_after: int,
    early_stop: int,
    retry_errors: bool,
) -> None:
    """Run a suite with an agent and record every episode.

    Results go to OUT/results.jsonl (one line per finished episode), OUT/run.json and
    one folder per episode; a summary table is printed at the end and written to
    OUT/summary.json. Stopping and rerunning with the same --out resumes the run; one
    run at a time may use an --out folder.

    \b
    Exit codes:
      0    every episode ran without an error
      1    the run could not go on (--out in use by another run, or unwritable)
      2    a bad option
      3    the run finished, but some episodes ended in an error
      4    every device was quarantined (rerun to run the rest)
      5    stopped early: the same agent error K times, or a FatalAgentError
      130  stopped by Ctrl-C (rerun to resume)
    """
    from droidhub.agents import AgentLoadError, load_agent
    from droidhub.connect import parse_device_spec
    from droidhub.results import RunManifest
    from droidhub.runner import describe_environment
    from droidhub.suite import build_suite

    pm = get_plugin_manager()
    reg = catalog.registry()
    _warn_plugin_errors()
    families, task_names = _split(suites), _split(tasks) or None
    try:
        instances = build_suite(reg, families, task_names, n_combinations, seed)
        factories = catalog.agents()
        agent_opts = parse_agent_options(agent_options)
        load_agent(agent, factories, agent_opts)  # fail before touching any device
        parse_device_spec(device)
    except (UnknownTaskError, AgentLoadError, ValueError) as exc:
        raise click.UsageError(str(exc)) from None
    out = out or Path("runs") / f"{'+'.join(families)}-{agent.replace(':', '.')}-seed{seed}"
    manifest = RunManifest(
        suite=families,
        tasks=task_names,
        n_combinations=n_combinations,
        seed=seed,
        agent=agent,
        **recorded_options(agent_opts),
        devices=[device],
        episodes_planned=len(instances),
        **describe_environment(pm),
    )
    settings = RunSettings(
        out=out,
        manifest=manifest,
        device=device,
        adb_host=adb_host,
        adb_port=adb_port,
        make_agent=lambda: load_agent(agent, factories, agent_opts),
        max_steps=max_steps,
        step_timeout=step_timeout,
        episode_timeout=episode_timeout,
        quarantine_after=quarantine_after,
        early_stop=early_stop,
        retry_errors=retry_errors,
    )
    code = run_in_folder(instances, settings)
    if html_out is not None and code in (0, 3):  # the run ran to its end
        _write_html(out, html_out)
    sys.exit(code)


@main.command()
@click.option("--json", "as_json", is_flag=True, help="One JSON object per agent.")
def agents(as_json: bool) -> None:
    """List every agent with its options (--agent-option KEY=VALUE), types and defaults."""
    from droidhub.agents import describe_options

    _warn_plugin_errors()
    factories = catalog.agents()
    for name in sorted(factories):
        factory = factories[name]
        options = describe_options(factory.options)
        if as_json:
            row = {"name": name, "description": factory.description, "options": options}
            click.echo(json.dumps(row))
            continue
        click.secho(f"{name}: {factory.description}", bold=True)
        for opt in options:
            click.echo(
                f"  {opt['name']:<17} {opt['type']:<13} {opt['default']:<14} {opt['description']}"
            )
    if not as_json:
        click.echo("\nOwn agents: --agent module:Class (with an `Options` pydantic model to take")
        click.echo("options); AndroidWorld agents: add --agent-option compat=android_world.")


def _check_run_dir(run_dir: Path) -> None:
    results = RunFolder(run_dir).results
    if not results.exists():
        raise click.UsageError(f"{run_dir} has no {results.name}: is it a droidhub run folder?")


@main.command()
@click.argument(
    "run_dirs",
    nargs=-1,
    required=True,
    type=click.Path(exists=True, file_okay=False, path_type=Path),
)
@click.option(
    "--html",
    "html_out",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Also write a self-contained HTML report (tables, episodes, annotated steps).",
)
@click.option("--no-steps", is_flag=True, help="Leave the step screenshots out of the HTML.")
def report(run_dirs: tuple[Path, ...], html_out: Path | None, no_steps: bool) -> None:
    """Summarise a run, or compare two: `droidhub report RUN_A RUN_B`.

    One run: prints the summary (means over tasks, with 95% bootstrap intervals, and
    per family/app/difficulty/tag tables) and writes RUN_DIR/summary.json. Two runs:
    prints a per-task comparison with differences and the tasks that flipped.
    """
    from droidhub.results import read_results

    for run_dir in run_dirs:
        _check_run_dir(run_dir)
    if len(run_dirs) > 2:
        raise click.UsageError("give one run folder to summarise, or two to compare")
    if len(run_dirs) == 2:
        if html_out is not None:
            raise click.UsageError(
                "--html writes the report of one run; compare two runs without it"
            )
        from droidhub.compare import compare, format_comparison

        rows = compare(read_results(run_dirs[0]), read_results(run_dirs[1]))
        click.echo(format_comparison(rows, str(run_dirs[0]), str(run_dirs[1])))
        return
    print_report(run_dirs[0])
    if html_out is not None:
        _write_html(run_dirs[0], html_out, with_steps=not no_steps)


def _write_html(run_dir: Path, html_out: Path, with_steps: bool = True) -> None:
    from droidhub.report_html import render_html

    html_out.parent.mkdir(parents=True, exist_ok=True)
    html_out.write_text(render_html(run_dir, with_steps=with_steps), encoding="utf-8")
    click.echo(f"HTML report written to {html_out}")


@main.command()
@click.argument("run_dir", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["jsonl"]),
    default="jsonl",
    show_default=True,
    help="Output format (see docs/trajectory-format.md).",
)
@click.option(
    "--out",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Output file [default: standard output].",
)
def export(run_dir: Path, fmt: str, out: Path | None) -> None:
    """Export a run's trajectories: one JSON line per agent step."""
    from droidhub.export import export_jsonl

    del fmt  # jsonl is the only format so far
    _check_run_dir(run_dir)
    if out is None:
        export_jsonl(run_dir, sys.stdout)
        return
    with out.open("w", encoding="utf-8") as fh:
        count = export_jsonl(run_dir, fh)
    click.echo(f"{count} steps written to {out}", err=True)


@main.command()
@click.option(
    "--suite",
    "suites",
    multiple=True,
    metavar="FAMILY",
    help="Families to check (repeat or comma-separate) [default: all].",
)
@click.option("--tasks", "tasks", multiple=True, metavar="A,B", help="Only these tasks.")
@click.option(
    "--seed",
    default=DEFAULT_SEED,
    show_default=True,
    type=int,
    help="Suite seed of the instance checked.",
)
@click.option(
    "--ui",
    is_flag=True,
    help="Also prove each task doable through the screen: the ui_oracle agent (the "
    "task's UI-only solver) must score 1 through the runner's episode path. A task "
    "without a UI solver fails this column.",
)
def check(suites: tuple[str, ...], tasks: tuple[str, ...], seed: int, ui: bool) -> None:
    """Prove every task on a fresh virtual phone.

    Per task: parameters deterministic for the seed; goal renders; doing nothing
    scores 0 (for tasks declared met-at-start: the wrong action scores 0); the oracle
    scores 1; tear-down restores what set-up found; nothing outside the declared
    footprint changes. With --ui, the task's UI-only solver also scores 1 acting
    through the screen. Exits non-zero if any task fails.
    """
    import time

    from droidhub.check import check_task, format_checks
    from droidhub.suite import select_tasks

    _warn_plugin_errors()
    reg = catalog.registry()
    families = _split(suites) or [f.name for f in reg.families]
    try:
        chosen = select_tasks(reg, families, _split(tasks) or None)
    except UnknownTaskError as exc:
        raise click.UsageError(str(exc)) from None
    started = time.monotonic()
    results = []
    for i, task_cls in enumerate(chosen, 1):
        result = check_task(task_cls, catalog.apps(), seed, ui=ui)
        results.append(result)
        verdict = "ok" if result.ok else "FAILED"
        click.echo(
            f"[{i}/{len(chosen)}] {task_cls.family}/{task_cls.name}: {verdict} "
            f"({result.seconds:.2f}s)",
            err=True,
        )
    click.echo(format_checks(results))
    failed = sum(1 for r in results if not r.ok)
    no_oracle = sum(1 for r in results if r.verdicts.get("oracle", ("", ""))[0] == "skip")
    click.echo(
        f"\n{len(results) - failed} of {len(results)} tasks pass "
        f"({no_oracle} without an oracle) in {time.monotonic() - started:.1f}s"
    )
    if failed:
        sys.exit(1)


def _attach_core_groups() -> None:
    """Sub-commands of the core that live in their own modules."""
    from droidhub.scaffold import new_group
    from droidhub.virtual.cli import device_group

    main.add_command(device_group)
    main.add_command(new_group)


_attach_core_groups()


if __name__ == "__main__":  # pragma: no cover
    main()
