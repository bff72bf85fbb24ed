"""``droidhub check``: every task proved on fresh virtual phones (the conformance check
of docs/architecture.md: deterministic params, a goal, do-nothing scores 0, the oracle
1, tear-down restores, footprints hold; with --ui, the UI-only solver scores 1)."""

from __future__ import annotations

import sys

import click

from droidhub.cli.checks import refuse_broken_families, split_values, warn_plugin_errors
from droidhub.plugins import catalog
from droidhub.report.summary import plural
from droidhub.tasks.families import UnknownTaskError
from droidhub.tasks.suite import DEFAULT_SEED


@click.command()
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
    through the screen. Exits 1 if any task fails, 7 (before checking anything) if a
    plugin of a family to check, or one of its spec files, failed to load.
    """
    import time

    from droidhub.run.check import check_task, format_checks
    from droidhub.tasks.suite import select_tasks

    reg = catalog.registry()
    families = split_values(suites) or [f.name for f in reg.families]
    refuse_broken_families(families)  # before the warnings, so that it is said once
    warn_plugin_errors()
    try:
        chosen = select_tasks(reg, families, split_values(tasks) or None)
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
        f"\n{len(results) - failed} of {plural(len(results), 'task')} "
        f"{'passes' if len(results) == 1 else 'pass'} "
        f"({no_oracle} without an oracle) in {time.monotonic() - started:.1f}s"
    )
    if failed:
        sys.exit(1)
