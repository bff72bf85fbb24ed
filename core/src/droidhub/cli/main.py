"""The ``droidhub`` command line."""

from __future__ import annotations

import gc
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import click

from droidhub.cli.checks import (
    EXIT_CODES,
    agent_given,
    out_folder,
    refuse_broken_families,
    refuse_run_records,
    split_values,
    usage_line,
    warn_plugin_errors,
    warn_without_ui_solver,
)
from droidhub.cli.report import write_html
from droidhub.cli.run import (
    parse_agent_options,
    run_in_folder,
    run_manifest,
    run_settings,
)
from droidhub.plugins import catalog
from droidhub.plugins.manager import get_plugin_manager
from droidhub.tasks.families import UnknownTaskError
from droidhub.tasks.suite import DEFAULT_SEED

F = TypeVar("F", bound=Callable[..., Any])

#: What click (8.2+) raises for a group called without a command; older clicks print
#: the help and exit 0 themselves.
_NO_ARGS_IS_HELP: type[click.UsageError] = getattr(
    click.exceptions, "NoArgsIsHelpError", type("_NeverRaised", (click.UsageError,), {})
)


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

    def main(  # type: ignore[override]  # click's overloads only split on standalone_mode
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        """Run the command; a bad option is reported in one line (click's usage block,
        four lines with the usage and a blank, would bury the one that matters)."""
        if not standalone_mode:
            return super().main(args, prog_name, standalone_mode=False, **extra)
        try:
            code = super().main(args, prog_name, standalone_mode=False, **extra)
        except _NO_ARGS_IS_HELP as exc:  # `droidhub` alone: its help, which is no error
            assert exc.ctx is not None
            click.echo(exc.ctx.get_help())
            sys.exit(0)
        except click.UsageError as exc:
            click.echo(usage_line(exc), err=True)
            sys.exit(exc.exit_code)
        except click.ClickException as exc:
            exc.show()
            sys.exit(exc.exit_code)
        except click.Abort:
            click.echo("Aborted!", err=True)
            sys.exit(1)
        # Without standalone mode click returns the exit code of a ctx.exit() (--help).
        sys.exit(code if isinstance(code, int) else 0)


@click.group(cls=_Main, context_settings={"help_option_names": ["-h", "--help"]}, epilog=EXIT_CODES)
@click.version_option(package_name="droidhub")
def main() -> None:
    """droidhub: benchmark agents that operate Android phones.

    Task suites come from installed plugins (`droidhub plugins`). Everything runs on a
    real phone or emulator (--device SERIAL) or on droidhub's virtual phone
    (--device virtual, the default), which needs no emulator.
    """


def _time_limit_option(flag: str, seconds: float, help: str) -> Callable[[F], F]:
    """An option of ``run`` that limits part of an episode to a number of seconds (more
    than 0), its default shown in ``--help``."""
    return click.option(
        flag,
        type=click.FloatRange(min=0, min_open=True),
        default=seconds,
        show_default=True,
        metavar="SECONDS",
        help=help,
    )


def _count_option(
    flag: str, default: int, help: str, *, metavar: str | None = None, minimum: int = 1
) -> Callable[[F], F]:
    """An option of ``run`` that takes a whole number of at least ``minimum``, its default
    shown in ``--help``."""
    return click.option(
        flag,
        type=click.IntRange(min=minimum),
        default=default,
        show_default=True,
        metavar=metavar,
        help=help,
    )


@main.command(epilog=EXIT_CODES)
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
@_count_option("--n-combinations", 1, "Instances (parameter draws) per task.")
@click.option(
    "--seed",
    default=DEFAULT_SEED,
    show_default=True,
    type=int,
    help="Suite seed; instance seeds follow AndroidWorld's formula.",
)
@click.option(
    "--agent",
    callback=lambda _ctx, _param, value: agent_given(value),
    help="(required) A registered agent (`droidhub agents` lists them: noop, random, oracle, "
    "ui_oracle, ...) or module:Class, imported from the current folder or the installed "
    "packages.",
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
@click.option(
    "--executor",
    type=click.Choice(["threads", "processes", "ray"]),
    default=None,
    help="How phones run side by side: threads of this process, a worker process per "
    "phone (faster with several phones: no shared interpreter), or a Ray actor per phone "
    "anywhere in a Ray cluster (pip install 'droidhub[ray]'; see docs/scaling.md). "
    "[default: processes with several phones, else threads]",
)
@click.option(
    "--ray-address",
    default=None,
    metavar="ADDR",
    help="With --executor ray: the cluster to join (auto, or the head's HOST:PORT); "
    "without it Ray starts a local cluster for the run.",
)
@click.option("--adb-host", default="127.0.0.1", show_default=True, help="adb server host.")
@click.option("--adb-port", default=5037, show_default=True, type=int, help="adb server port.")
@click.option(
    "--out",
    type=click.Path(path_type=Path),
    default=None,
    callback=lambda _ctx, _param, value: out_folder(value),
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
@_time_limit_option(
    "--step-timeout",
    300,
    "Limit of the agent's reset and of each step with its action; past it the "
    "episode ends with a timeout error and the run goes on.",
)
@_time_limit_option(
    "--episode-timeout",
    1800,
    "Limit of a whole episode, set-up and scoring included.",
)
@_time_limit_option(
    "--teardown-timeout",
    60,
    "Limit of a task's tear-down. A tear-down that fails or runs past it errors "
    "its episode (error_kind teardown); the phone is replaced by a fresh one (virtual) "
    "or restored and checked (real) and the run goes on.",
)
@_count_option(
    "--quarantine-after",
    3,
    "Take a device out of the run after N episodes in a row failed on it with "
    "device errors (its episodes go to the other devices).",
    metavar="N",
)
@_count_option(
    "--early-stop",
    3,
    "Stop when the first K episodes all fail with the same agent error (0: never).",
    metavar="K",
    minimum=0,
)
@click.option(
    "--retry-errors",
    is_flag=True,
    help="Run again the episodes of this --out that ended in an error (not those the "
    "agent failed); earlier attempts move to OUT/attempts.jsonl.",
)
@click.option(
    "--shard",
    default=None,
    metavar="I/N",
    help="Run only the I-th of N deterministic slices of the instances (for batch jobs); "
    "join the N run folders with `droidhub merge`.",
)
@click.option(
    "-q", "--quiet", is_flag=True, help="No progress and no tables: print the headline only."
)
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="Print the run's summary (as OUT/summary.json holds it) as one JSON object on "
    "stdout, and nothing else there.",
)
def run(
    suites: tuple[str, ...],
    tasks: tuple[str, ...],
    n_combinations: int,
    seed: int,
    agent: str,
    agent_options: tuple[str, ...],
    device: str,
    executor: str | None,
    ray_address: str | None,
    adb_host: str,
    adb_port: int,
    out: Path | None,
    html_out: Path | None,
    max_steps: int | None,
    step_timeout: float,
    episode_timeout: float,
    teardown_timeout: float,
    quarantine_after: int,
    early_stop: int,
    retry_errors: bool,
    shard: str | None,
    quiet: bool,
    as_json: bool,
) -> None:
    """Run a suite with an agent and record every episode.

    Results go to OUT/results.jsonl (one line per finished episode), OUT/run.json and
    one folder per episode; a summary table is printed at the end and written to
    OUT/summary.json. Stopping and rerunning with the same --out resumes the run; one
    run at a time may use an --out folder.
    """
    from droidhub.agents.base import AgentLoadError, load_agent
    from droidhub.device.connect import launch_early
    from droidhub.results.shards import parse_shard, shard_of
    from droidhub.run.runner import RunConfigError
    from droidhub.tasks.suite import build_suite

    if executor == "threads":
        launch_early(device)  # many virtual phones: their process starts as the suite loads
    pm = get_plugin_manager()
    reg = catalog.registry()
    families, task_names = split_values(suites), split_values(tasks) or None
    refuse_broken_families(families)  # before the warnings, so that it is said once
    warn_plugin_errors()
    try:
        # The agent first: a model client's import then runs while the suite is drawn.
        factories = catalog.agents()
        agent_opts = parse_agent_options(agent_options)
        load_agent(agent, factories, agent_opts)  # fail before touching any device
        instances = build_suite(reg, families, task_names, n_combinations, seed)
        if shard is not None:
            instances = shard_of(instances, lambda inst: inst.episode_id, *parse_shard(shard))
        count, serials = _usable_devices(device, executor, ray_address)
    except (UnknownTaskError, AgentLoadError, ValueError, RunConfigError) as exc:
        raise click.UsageError(str(exc)) from None
    warn_without_ui_solver(agent, instances)
    out = out_folder(
        out or Path("runs") / f"{'+'.join(families)}-{agent.replace(':', '.')}-seed{seed}"
    )
    assert out is not None
    if html_out is not None:
        refuse_run_records(html_out, [out], "--html")
    params = click.get_current_context().params
    manifest = run_manifest(params, families, task_names, agent_opts, len(instances), pm)
    settings = run_settings(
        out,
        manifest,
        params,
        make_agent=lambda: load_agent(agent, factories, agent_opts),
        agent_options=agent_opts,
        executor=executor or ("processes" if max(count, len(serials)) > 1 else "threads"),
    )
    code = run_in_folder(instances, settings)
    if html_out is not None and code in (0, 3):  # the run ran to its end
        write_html(out, html_out)
    sys.exit(code)


def _usable_devices(
    device: str, executor: str | None, ray_address: str | None
) -> tuple[int, list[str]]:
    """``(virtual phones, serials)`` of ``--device``, refused before ``--out`` is made:
    a ``$DROIDHUB_VIRTUAL_DIR`` that is no folder (or another phone setting that is
    wrong: see :func:`~droidhub.virtual.phone_settings.check_phone_settings`), Ray missing for
    ``--executor ray``, or ``--ray-address`` without it."""
    from droidhub.device.connect import parse_device_spec

    count, serials = parse_device_spec(device)
    if count:
        from droidhub.virtual.phone_settings import check_phone_settings

        check_phone_settings()
    if executor == "ray":
        from droidhub.run.ray_cluster import import_ray

        import_ray()
    elif ray_address is not None:
        raise ValueError("--ray-address goes with --executor ray")
    return count, serials


def _attach_core_groups() -> None:
    """Sub-commands of the core that live in their own modules."""
    from droidhub.cli.conformance import check
    from droidhub.cli.device_setup import doctor, setup
    from droidhub.cli.judge import calibrate, judge
    from droidhub.cli.listing import agents, list_tasks, plugins
    from droidhub.cli.mcp_server import mcp_command
    from droidhub.cli.metrics import merge, metrics
    from droidhub.cli.probe import probe_group
    from droidhub.cli.report import export, report
    from droidhub.cli.scaffold import new_group
    from droidhub.cli.view import view
    from droidhub.virtual.cli import device_group

    commands = (
        report, export, check, plugins, list_tasks, agents, device_group, new_group, metrics,
        judge, calibrate, merge, probe_group, mcp_command, view,
    )  # fmt: skip
    for command in commands:
        main.add_command(command)
    device_group.add_command(doctor)  # real phones: checked and prepared for the suites
    device_group.add_command(setup)


_attach_core_groups()


def program() -> None:
    """The ``droidhub`` executable and ``python -m droidhub``: :func:`main`, after which
    the objects it made are left to the operating system. A run's process ends holding
    every episode's objects (above a hundred thousand); the interpreter's last garbage
    collection went through them all, a third of a second after the summary was printed
    and written (measured on a 64-phone run: benchmarks/model_bound.py). Files are
    closed and processes stopped by the commands themselves, and the exit handlers
    still run; only the final collection is skipped (:func:`gc.freeze`)."""
    try:
        main()
    finally:
        gc.freeze()


if __name__ == "__main__":  # pragma: no cover
    program()
