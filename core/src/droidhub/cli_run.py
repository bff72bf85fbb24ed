"""What ``droidhub run`` does once its options are read: take the run folder's lock,
prepare or resume the folder, run the episodes on the devices, report.

The command itself, with its options, is in :mod:`droidhub.cli`.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

import click

from droidhub import catalog
from droidhub.plugins import get_plugin_manager
from droidhub.run_layout import RunFolder


@dataclass
class RunSettings:
    """What `droidhub run` hands from its options to the run itself."""

    out: Path
    manifest: Any
    device: str
    adb_host: str
    adb_port: int
    make_agent: Callable[[], Any]
    max_steps: int | None
    step_timeout: float
    episode_timeout: float
    quarantine_after: int
    early_stop: int
    retry_errors: bool


def fail(message: str, code: int) -> NoReturn:
    """Print ``error: message`` in red and exit with ``code``."""
    click.secho(f"error: {message}", fg="red", err=True)
    sys.exit(code)


def run_in_folder(instances: list[Any], s: RunSettings) -> int:
    """Hold the run folder's lock for the whole run; return the exit code."""
    from droidhub.run_lock import RunFolderBusy, RunLock
    from droidhub.runner import EXIT_FAILED

    lock = RunLock(s.out)
    try:
        lock.acquire()
    except RunFolderBusy as exc:
        fail(str(exc), EXIT_FAILED)
    except OSError as exc:
        fail(f"cannot write {exc.filename or s.out}: {exc.strerror or exc}", EXIT_FAILED)
    try:
        return _run_locked(instances, s)
    finally:
        lock.release()


def _run_locked(instances: list[Any], s: RunSettings) -> int:
    from droidhub.connect import DeviceSpecError, open_devices
    from droidhub.device import DeviceError
    from droidhub.results import RunFolderError, next_attempts, read_results, set_aside_errored
    from droidhub.run_folder import observer_errors, record_plugin_errors
    from droidhub.runner import (
        EXIT_DEVICES_LOST,
        EXIT_FAILED,
        EXIT_INTERRUPTED,
        RunConfigError,
        Runner,
        prepare_run_dir,
    )

    out = s.out
    try:
        already = prepare_run_dir(out, s.manifest)
        retried = set_aside_errored(out) if s.retry_errors else {}
        if retried:
            already = read_results(out)
        # Also right after a retry that was killed before it reran everything.
        attempts = next_attempts(out)
    except RunConfigError as exc:
        raise click.UsageError(str(exc)) from None
    except RunFolderError as exc:
        fail(str(exc), EXIT_FAILED)
    except OSError as exc:
        fail(f"cannot write {exc.filename or out}: {exc.strerror or exc}", EXIT_FAILED)
    planned = {i.episode_id for i in instances}
    done = sum(1 for r in already if r.episode_id in planned)
    verb = "Resuming" if done else "Running"
    if s.retry_errors:
        click.echo(
            f"Retrying {len(retried)} errored episodes (earlier attempts kept in "
            f"{RunFolder(out).attempts})",
            err=True,
        )
    click.echo(
        f"{verb} {len(instances)} episodes ({done} already recorded) of "
        f"{', '.join(s.manifest.suite)} with agent {s.manifest.agent} on {s.device}; "
        f"results in {out}",
        err=True,
    )
    pm = get_plugin_manager()
    try:
        with open_devices(s.device, s.adb_host, s.adb_port) as devices:
            runner = Runner(
                out,
                devices,
                make_agent=s.make_agent,
                apps=catalog.apps(),
                notify=pm.notify,
                agent_name=s.manifest.agent,
                max_steps=s.max_steps,
                step_timeout=s.step_timeout,
                episode_timeout=s.episode_timeout,
                quarantine_after=s.quarantine_after,
                early_stop=s.early_stop,
                attempts=attempts,
            )
            outcome = runner.run(instances, already)
    except (DeviceSpecError, RunConfigError) as exc:
        raise click.UsageError(str(exc)) from None
    except DeviceError as exc:
        fail(str(exc), EXIT_DEVICES_LOST)
    except RunFolderError as exc:
        fail(str(exc), EXIT_FAILED)
    except KeyboardInterrupt:
        click.echo(f"\nStopped. Rerun the same command (--out {out}) to resume.", err=True)
        return EXIT_INTERRUPTED
    plugin_errors = observer_errors(pm)
    if plugin_errors:
        with contextlib.suppress(OSError):
            record_plugin_errors(out, plugin_errors)
    if outcome.stop == "interrupted":
        click.echo(
            f"\nStopped by Ctrl-C: {len(outcome.unfinished)} episodes in flight were torn "
            f"down and not recorded. Rerun the same command (--out {out}) to resume.",
            err=True,
        )
        return outcome.exit_code
    if outcome.stop is not None:
        click.secho(f"error: {outcome.message}", fg="red", err=True)
        return outcome.exit_code
    print_report(out, plugin_errors)
    return outcome.exit_code


def recorded_options(options: dict[str, str]) -> dict[str, Any]:
    """``agent_options`` for run.json: which model and settings the numbers came from,
    with the values of secrets (api_key, tokens, passwords) left out."""
    from droidhub.run_folder import HIDDEN

    secret = ("key", "token", "secret", "password")
    return {
        "agent_options": {
            k: HIDDEN if any(w in k.lower() for w in secret) else v for k, v in options.items()
        }
    }


def parse_agent_options(values: tuple[str, ...]) -> dict[str, str]:
    """``KEY=VALUE`` strings into a dict; a value may itself hold ``=`` (URLs)."""
    parsed: dict[str, str] = {}
    for value in values:
        key, sep, val = value.partition("=")
        if not sep or not key.strip():
            raise ValueError(f"--agent-option {value!r} is not KEY=VALUE, e.g. model=gpt-4o")
        parsed[key.strip()] = val
    return parsed


def print_report(run_dir: Path, plugin_errors: Sequence[Mapping[str, Any]] = ()) -> None:
    """Print the run's summary (and observer failures) and write ``summary.json``."""
    from droidhub.results import read_results
    from droidhub.summary import format_run_notes, format_summary, summarize

    summary = summarize(read_results(run_dir))
    click.echo(format_summary(summary))
    notes = format_run_notes(summary, plugin_errors)
    if notes:
        click.echo("\n" + notes)
    path = RunFolder(run_dir).summary
    try:
        path.write_text(summary.model_dump_json(indent=2), encoding="utf-8")
    except OSError as exc:
        click.secho(f"error: cannot write {path}: {exc.strerror or exc}", fg="red", err=True)
        return
    click.echo(f"\nSummary written to {path}")
