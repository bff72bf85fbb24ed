"""What ``droidhub run`` does once its options are read: take the run folder's lock,
prepare or resume the folder, run the episodes on the devices, report.

The command itself, with its options, is in :mod:`droidhub.cli.main`.
"""

from __future__ import annotations

import contextlib
import io
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import click

from droidhub.plugins import catalog
from droidhub.plugins.manager import get_plugin_manager
from droidhub.report.summary import plural
from droidhub.results.layout import RunFolder

if TYPE_CHECKING:
    from droidhub.plugins.manager import PluginManager
    from droidhub.results.records import RunManifest


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
    teardown_timeout: float
    quarantine_after: int
    early_stop: int
    retry_errors: bool
    #: Print only the headline (no progress, no tables).
    quiet: bool = False
    #: Print the summary as one JSON object on stdout instead of tables.
    as_json: bool = False
    #: The agent spec and its options, as given (a worker process builds its own agent).
    agent: str = ""
    agent_options: Mapping[str, str] = field(default_factory=dict)
    #: ``threads``, ``processes`` (:mod:`droidhub.run.process_pool`) or ``ray``
    #: (:mod:`droidhub.run.ray_cluster`, joining the cluster at ``ray_address`` if given).
    executor: str = "threads"
    ray_address: str | None = None

    def episode_limits(self) -> dict[str, Any]:
        """The step budget override and the time limits of every episode, by the names
        both the runner and a worker process's settings take them."""
        return {
            "max_steps": self.max_steps,
            "step_timeout": self.step_timeout,
            "episode_timeout": self.episode_timeout,
            "teardown_timeout": self.teardown_timeout,
        }


#: No device could be reached (no adb server, or no such phone); nothing was written.
EXIT_NO_DEVICE = 6
#: A plugin, or a task spec file of a family asked for, failed to load.
EXIT_LOAD_FAILED = 7


def run_manifest(
    params: Mapping[str, Any],
    families: list[str],
    task_names: list[str] | None,
    agent_options: Mapping[str, str],
    planned: int,
    pm: PluginManager,
) -> RunManifest:
    """``run.json`` of a new run from ``droidhub run``'s option values: what makes two
    runs the same run, the versions in use and the ``planned`` episode count."""
    from droidhub.results.records import RunManifest
    from droidhub.run.provenance import describe_environment

    manifest = RunManifest(
        suite=families,
        tasks=task_names,
        n_combinations=params["n_combinations"],
        seed=params["seed"],
        agent=params["agent"],
        **recorded_options(dict(agent_options)),
        devices=[params["device"]],
        episodes_planned=planned,
        **describe_environment(pm),
    )
    if params["shard"] is not None:
        manifest = manifest.model_copy(update={"shard": params["shard"].strip()})
    return manifest


def run_settings(
    out: Path,
    manifest: Any,
    params: Mapping[str, Any],
    make_agent: Callable[[], Any],
    agent_options: Mapping[str, str],
    executor: str,
) -> RunSettings:
    """The settings of a run from ``droidhub run``'s option values (``params``, as click
    parsed them) and what the command made of them."""
    return RunSettings(
        out=out,
        manifest=manifest,
        device=params["device"],
        adb_host=params["adb_host"],
        adb_port=params["adb_port"],
        make_agent=make_agent,
        agent=params["agent"],
        agent_options=agent_options,
        executor=executor,
        ray_address=params["ray_address"],
        max_steps=params["max_steps"],
        step_timeout=params["step_timeout"],
        episode_timeout=params["episode_timeout"],
        teardown_timeout=params["teardown_timeout"],
        quarantine_after=params["quarantine_after"],
        early_stop=params["early_stop"],
        retry_errors=params["retry_errors"],
        quiet=params["quiet"],
        as_json=params["as_json"],
    )


def fail(message: str, code: int) -> NoReturn:
    """Print ``error: message`` in red and exit with ``code``."""
    click.secho(f"error: {message}", fg="red", err=True)
    sys.exit(code)


def fail_to_write(exc: OSError, path: Path | str) -> NoReturn:
    """``error: cannot write FILE: why`` (the file the error names, else ``path``), exit 1."""
    from droidhub.run.outcome import EXIT_FAILED

    fail(f"cannot write {exc.filename or path}: {exc.strerror or exc}", EXIT_FAILED)


def run_in_folder(instances: list[Any], s: RunSettings) -> int:
    """Hold the run folder's lock for the whole run; return the exit code."""
    from droidhub.results.lock import RunFolderBusy, RunLock
    from droidhub.run.outcome import EXIT_FAILED, stop_on_sigterm

    lock = RunLock(s.out)
    made = not s.out.exists()
    try:
        lock.acquire()
    except RunFolderBusy as exc:
        fail(str(exc), EXIT_FAILED)
    except OSError as exc:
        fail_to_write(exc, s.out)
    try:
        with stop_on_sigterm():
            return _run_locked(instances, s, made)
    finally:
        lock.release()


def _run_locked(instances: list[Any], s: RunSettings, made: bool) -> int:
    from droidhub.device.client import DeviceError
    from droidhub.device.connect import DeviceSpecError, open_devices
    from droidhub.results.records import RunFolderError
    from droidhub.run.outcome import (
        EXIT_DEVICES_LOST,
        EXIT_FAILED,
        EXIT_INTERRUPTED,
        EXIT_TERMINATED,
        Terminated,
    )
    from droidhub.run.runner import RunConfigError

    out = s.out
    pm = get_plugin_manager()
    reached = False
    try:
        if s.executor in ("processes", "ray"):
            from droidhub.run.process_pool import phone_plans

            plans = phone_plans(s.device, s.adb_host, s.adb_port)
            serials = [p.serial for p in plans if p.serial]
            if serials:  # real phones must answer before anything is written
                with open_devices(",".join(serials), s.adb_host, s.adb_port):
                    pass  # each worker opens its own
            reached = True
            return _run_on(plans, instances, s, pm)
        with open_devices(s.device, s.adb_host, s.adb_port, stagger=True) as devices:
            reached = True
            # The folder is prepared only once the devices answered, so that a run that
            # never started leaves no run.json behind (a later run would keep its devices).
            return _run_on(devices, instances, s, pm)
    except (DeviceSpecError, RunConfigError) as exc:
        raise click.UsageError(str(exc)) from None
    except DeviceError as exc:
        if not reached:
            _clean_up_unstarted(out, made)
            fail(str(exc), EXIT_NO_DEVICE)
        fail(str(exc), EXIT_DEVICES_LOST)
    except RunFolderError as exc:
        fail(str(exc), EXIT_FAILED)
    except KeyboardInterrupt as exc:
        by = "SIGTERM" if isinstance(exc, Terminated) else "Ctrl-C"
        click.echo(f"\nStopped by {by}. Rerun the same command (--out {out}) to resume.", err=True)
        return EXIT_TERMINATED if isinstance(exc, Terminated) else EXIT_INTERRUPTED


def _runner(out: Path, devices: list[Any], s: RunSettings) -> Callable[..., Any]:
    """The runner of ``s.executor`` over ``devices`` (phone plans for processes), to be
    called with the options both take."""
    import functools

    from droidhub.device.connect import Phones
    from droidhub.run.runner import Runner

    if s.executor not in ("processes", "ray"):
        renew = devices.renew if isinstance(devices, Phones) else None
        return functools.partial(Runner, out, devices, make_agent=s.make_agent, renew=renew)
    from droidhub.run.process_pool import ProcessRunner, WorkerSettings

    settings = WorkerSettings(
        out=out,
        agent=s.agent,
        agent_options=dict(s.agent_options),
        agent_name=s.manifest.agent,
        **s.episode_limits(),
    )
    if s.executor == "ray":
        from droidhub.run.ray_cluster import RayRunner

        return functools.partial(RayRunner, out, devices, settings, ray_address=s.ray_address)
    return functools.partial(ProcessRunner, out, devices, settings)


def _clean_up_unstarted(out: Path, made: bool) -> None:
    """After a run that never reached its devices: unless ``out`` holds an earlier run
    (a run.json), remove what this one made of it: the lock file, and the folder when
    this run created it."""
    folder = RunFolder(out)
    if folder.manifest.exists():
        return
    with contextlib.suppress(OSError):
        folder.lock.unlink()
        if made:
            out.rmdir()


def _run_on(devices: list[Any], instances: list[Any], s: RunSettings, pm: Any) -> int:
    from droidhub.device.connect import Phones
    from droidhub.results.folder import observer_errors, record_plugin_errors
    from droidhub.results.records import (
        RunFolderError,
        next_attempts,
        read_results,
        set_aside_errored,
    )
    from droidhub.run.outcome import EXIT_FAILED, RunOutcome
    from droidhub.run.runner import RunConfigError, prepare_run_dir

    out = s.out
    try:
        already, repaired = prepare_run_dir(out, s.manifest)
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
        fail_to_write(exc, out)
    for note in repaired:  # even with --quiet: the folder was changed
        click.secho(f"note: {note}", fg="yellow", err=True)
    planned = {i.episode_id for i in instances}
    done = sum(1 for r in already if r.episode_id in planned)
    verb = "Resuming" if done else "Running"
    if s.retry_errors and not s.quiet:
        click.echo(
            f"Retrying {plural(len(retried), 'errored episode')} (earlier attempts kept in "
            f"{RunFolder(out).attempts})",
            err=True,
        )
    if not s.quiet:
        click.echo(
            f"{verb} {plural(len(instances), 'episode')} ({done} already recorded) of "
            f"{', '.join(s.manifest.suite)} with agent {s.manifest.agent} on {s.device}; "
            f"results in {out}",
            err=True,
        )
    runner = _runner(out, devices, s)(
        apps=catalog.apps(),
        notify=pm.notify,
        agent_name=s.manifest.agent,
        progress_stream=io.StringIO() if s.quiet else None,
        **s.episode_limits(),
        quarantine_after=s.quarantine_after,
        early_stop=s.early_stop,
        attempts=attempts,
    )
    outcome: RunOutcome = runner.run(instances, already)
    if isinstance(devices, Phones):
        devices.release()  # their process tears them down while the report is written
    plugin_errors = observer_errors(pm)
    if plugin_errors:
        with contextlib.suppress(OSError):
            record_plugin_errors(out, plugin_errors)
    if outcome.stop in ("interrupted", "terminated"):
        by = "Ctrl-C" if outcome.stop == "interrupted" else "SIGTERM"
        running = len(outcome.unfinished) - outcome.not_started
        click.echo(
            f"\nStopped by {by}: {plural(running, 'running episode')} torn down and not "
            f"recorded, {plural(outcome.not_started, 'queued episode')} not started. "
            f"Rerun the same command (--out {out}) to resume.",
            err=True,
        )
        return outcome.exit_code
    if outcome.stop is not None:
        click.secho(f"error: {outcome.message}", fg="red", err=True)
        return outcome.exit_code
    print_report(out, plugin_errors, quiet=s.quiet, as_json=s.as_json)
    return outcome.exit_code


def recorded_options(options: dict[str, str]) -> dict[str, Any]:
    """``agent_options`` for run.json: which model and settings the numbers came from,
    with the values of secrets (api_key, tokens, passwords) left out."""
    from droidhub.results.folder import HIDDEN

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


def print_report(
    run_dir: Path,
    plugin_errors: Sequence[Mapping[str, Any]] = (),
    quiet: bool = False,
    as_json: bool = False,
) -> None:
    """Print the run's summary and write ``summary.json``.

    The tables come first, then the notes (errored episodes, failed observer hooks),
    and the headline last, where a terminal shows it. ``quiet``: the headline only;
    ``as_json``: the summary as one JSON object on stdout, nothing else there.
    """
    from droidhub.report.summary import format_headline, format_run_notes, format_summary, summarize
    from droidhub.results.records import read_results

    summary = summarize(read_results(run_dir))
    path = RunFolder(run_dir).summary
    written = True
    try:
        path.write_text(summary.model_dump_json(indent=2), encoding="utf-8")
    except OSError as exc:
        written = False
        click.secho(f"error: cannot write {path}: {exc.strerror or exc}", fg="red", err=True)
    if as_json:
        click.echo(summary.model_dump_json())
        return
    if not quiet:
        notes = format_run_notes(summary, plugin_errors)
        click.echo(format_summary(summary, headline=False))
        click.echo(f"\n{notes}" if notes else "")
        if written:
            click.echo(f"Summary written to {path}\n")
    click.echo(format_headline(summary))
