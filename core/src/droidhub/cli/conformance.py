"""``droidhub check``: every task proved on fresh virtual phones (the conformance check
of docs/architecture.md: deterministic params, a goal, do-nothing scores 0, the oracle
1, tear-down restores, footprints hold; with --ui, the UI-only solver scores 1)."""

from __future__ import annotations

import contextlib
import multiprocessing as mp
import os
import signal
import sys
import threading
from collections.abc import Generator, Iterator
from concurrent.futures import ProcessPoolExecutor
from itertools import repeat
from typing import TYPE_CHECKING

import click

from droidhub.cli.checks import refuse_broken_families, split_values, warn_plugin_errors
from droidhub.plugins import catalog
from droidhub.report.summary import plural
from droidhub.tasks.families import UnknownTaskError
from droidhub.tasks.suite import DEFAULT_SEED

if TYPE_CHECKING:
    from droidhub.run.check import TaskCheck
    from droidhub.tasks.task_eval import TaskEval


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
    "without a UI solver fails this column, unless its family has none at all "
    "(skipped, saying so).",
)
@click.option(
    "--jobs",
    type=click.IntRange(min=1),
    default=None,
    metavar="N",
    help="Tasks checked side by side, each in a process of its own [default: the cores].",
)
def check(
    suites: tuple[str, ...], tasks: tuple[str, ...], seed: int, ui: bool, jobs: int | None
) -> None:
    """Prove every task on a fresh virtual phone.

    Per task: parameters deterministic for the seed; goal renders; doing nothing
    scores 0 (for tasks declared met-at-start: the wrong action scores 0); the oracle
    scores 1; tear-down restores what set-up found; nothing outside the declared
    footprint changes. With --ui, the task's UI-only solver also scores 1 acting
    through the screen. Exits 1 if any task fails, 7 (before checking anything) if a
    plugin of a family to check, or one of its spec files, failed to load.
    """
    import time

    from droidhub.run.check import format_checks
    from droidhub.tasks.suite import select_tasks

    reg = catalog.registry()
    families = split_values(suites) or [f.name for f in reg.families]
    refuse_broken_families(families)  # before the warnings, so that it is said once
    warn_plugin_errors()
    from droidhub.virtual.phone_settings import check_phone_settings

    try:
        chosen = select_tasks(reg, families, split_values(tasks) or None)
        check_phone_settings(scratch=True)  # a $DROIDHUB_VIRTUAL_DIR that is no folder...
    except (UnknownTaskError, ValueError) as exc:
        raise click.UsageError(str(exc)) from None
    started = time.monotonic()
    results = []
    checked = contextlib.closing(checked_tasks(chosen, seed, ui, jobs or os.cpu_count() or 1))
    with checked as results_in_order:
        for i, (task_cls, result) in enumerate(zip(chosen, results_in_order, strict=True), 1):
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


_CHOSEN: list[type[TaskEval]] = []


def _check_one(index: int, seed: int, ui: bool) -> TaskCheck:
    """In a worker: check the ``index``-th chosen task (classes are not sent: a task a
    spec file declares is made at load time, and the worker has it from the fork)."""
    from droidhub.run.check import check_task

    return check_task(_CHOSEN[index], catalog.apps(), seed, ui=ui)


def _leave_ctrl_c_to_the_command() -> None:
    """In a worker: ignore SIGINT. A terminal's Ctrl-C reaches the whole process group;
    the command stops the pool, and each worker ends after its current check instead of
    dying mid-check with a KeyboardInterrupt traceback of its own."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def checked_tasks(
    chosen: list[type[TaskEval]], seed: int, ui: bool, jobs: int
) -> Generator[TaskCheck, None, None]:
    """Each task's check, in order: in this process, or over ``jobs`` forked workers
    (every check has fresh phones of its own, so checks do not meet)."""
    from droidhub.run.check import check_task

    if jobs <= 1 or len(chosen) <= 1 or "fork" not in mp.get_all_start_methods():
        for task_cls in chosen:
            yield check_task(task_cls, catalog.apps(), seed, ui=ui)
        return
    _CHOSEN[:] = chosen
    context = mp.get_context("fork")
    pool = ProcessPoolExecutor(
        min(jobs, len(chosen)), mp_context=context, initializer=_leave_ctrl_c_to_the_command
    )
    try:
        yield from pool.map(_check_one, range(len(chosen)), repeat(seed), repeat(ui))
    finally:
        # Closed early (Ctrl-C, a consumer that stops): the queued checks are dropped and
        # the workers end after their current one. A second Ctrl-C meanwhile would cut
        # the shutdown short and leave the interpreter's exit waiting for workers that
        # never get told to stop: it is ignored until the pool is down.
        with _ctrl_c_ignored():
            pool.shutdown(wait=True, cancel_futures=True)


@contextlib.contextmanager
def _ctrl_c_ignored() -> Iterator[None]:
    """SIGINT ignored within the block (in the main thread, where handlers are set)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
