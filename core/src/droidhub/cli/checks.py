"""Checks of what a command is given, made before any work starts, and how their
failures are shown: one line naming the bad value and what to do, with the exit code
:data:`EXIT_CODES` lists (`droidhub --help` prints it)."""

from __future__ import annotations

import os
import weakref
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click

from droidhub.cli.run import EXIT_LOAD_FAILED
from droidhub.plugins import catalog
from droidhub.plugins.manager import PluginManager, get_plugin_manager
from droidhub.results.layout import RunFolder

# How many of each manager's (append-only) errors were already printed.
_warned: weakref.WeakKeyDictionary[PluginManager, int] = weakref.WeakKeyDictionary()


def warn_plugin_errors() -> None:
    """Print each plugin load error once (commands call this before and after loading).

    Every contribution but the virtual app models is gathered first, so that a plugin
    which lost a name (``--agent oracle`` claimed twice) is named before the work starts.
    """
    pm = get_plugin_manager()
    catalog.load_all(virtual_apps=False)
    for err in pm.errors[_warned.get(pm, 0) :]:
        click.secho(f"warning: {err}", fg="yellow", err=True)
    _warned[pm] = len(pm.errors)


def run_folder_given(path: Path, param_hint: str = "RUN", usual: str = "") -> Path:
    """``path`` if it holds a run's ``results.jsonl``, else a usage error saying what to
    pass (``usual``: which run is the usual one, for the message)."""
    if not RunFolder(path).results.is_file():
        raise click.BadParameter(
            f"{path} holds no results.jsonl: pass the --out folder of a `droidhub run`{usual}",
            param_hint=param_hint,
        )
    return path


def refuse_run_records(path: Path, runs: Sequence[Path], param_hint: str) -> None:
    """A usage error when ``path``, where ``param_hint`` writes, is one of the records
    of a run in ``runs`` (its results, its episodes...) or the run folder itself: writing
    there would destroy what the run recorded."""
    for run in runs:
        record = RunFolder(run).record_at(path)
        if record is not None:
            what = f"the run folder {run} itself" if record == "." else f"{run}'s own {record}"
            raise click.BadParameter(
                f"{path} is {what}: writing there would destroy what the run recorded; "
                "pick a path outside the run's records",
                param_hint=param_hint,
            )


def warn_without_ui_solver(agent: str, instances: Sequence[Any]) -> None:
    """With ``--agent ui_oracle``, name in one line the chosen tasks it has no UI-only
    solver for: on those it answers 'infeasible' at once, which would read as a failure
    of the task rather than a gap of the solver."""
    if agent != "ui_oracle":
        return
    solved = catalog.ui_solvers()
    missing = sorted({f"{i.family}/{i.name}" for i in instances} - set(solved))
    if missing:
        shown = ", ".join(missing[:5]) + (", ..." if len(missing) > 5 else "")
        click.secho(
            f"warning: ui_oracle has no UI-only solver for {len(missing)} of the chosen "
            f"tasks ({shown}); it answers 'infeasible' on them",
            fg="yellow",
            err=True,
        )


def warn_unreadable_results(run_dir: Path) -> None:
    """Name, in one line, what of ``run_dir``'s results could not be read (and so is
    left out of what the command shows), if anything."""
    from droidhub.results.records import unreadable_note

    note = unreadable_note(run_dir)
    if note:
        click.secho(f"warning: {note}", fg="yellow", err=True)


def split_values(values: tuple[str, ...]) -> list[str]:
    return [v.strip() for value in values for v in value.split(",") if v.strip()]


class LoadFailed(click.ClickException):
    """A plugin, or a task spec file, that a command needs failed to load."""

    exit_code = EXIT_LOAD_FAILED


def refuse_broken_families(families: list[str]) -> None:
    """Stop before the work starts if a plugin that contributes one of ``families`` had a
    load error (a composite spec file that does not parse...): the run or check would
    otherwise go on silently without part of the family."""
    pm = get_plugin_manager()
    catalog.load_all(virtual_apps=False)
    owners = {name for name, info in pm.plugins.items() if set(info.families) & set(families)}
    broken = [e for e in pm.errors if e.plugin in owners]
    if broken:
        more = f" (and {len(broken) - 1} more, see `droidhub plugins`)" if len(broken) > 1 else ""
        raise LoadFailed(f"{broken[0]}{more}; fix it, or leave its family out of --suite")


def agent_given(value: str | None) -> str:
    """``--agent`` has no default: a run with a silent no-op agent scores 0 everywhere."""
    if not value:
        raise click.UsageError(
            "--agent is required: an agent from `droidhub agents` (e.g. --agent oracle) "
            "or your own as module:Class"
        )
    return value


def out_folder(value: Path | None) -> Path | None:
    """``--out`` checked when the options are read: a file there is refused before
    anything starts or is written."""
    if value is not None and value.exists() and not value.is_dir():
        raise click.BadParameter(
            f"{value} is a file; give a folder: a new one, or the run folder to resume"
        )
    if value is not None:
        refuse_inside_other_run(value, "--out")
    return value


def refuse_inside_other_run(folder: Path, param_hint: str) -> None:
    """A usage error when run folder ``folder`` would lie among the records of another
    run (``RUN/episodes/...``): its files would mix with that run's."""
    for parent in Path(os.path.abspath(folder)).parents:
        above = RunFolder(parent)
        if not above.manifest.is_file():
            continue
        record = above.record_at(folder)
        if record not in (None, "."):
            raise click.BadParameter(
                f"{folder} lies in {parent}'s own {record}: a run there would mix its files "
                "with that run's; give a folder outside it",
                param_hint=param_hint,
            )


def usage_line(exc: click.UsageError) -> str:
    """``Error: <what was wrong>``, plus where the options are explained when the message
    is click's own (ours already say what to do)."""
    hint = ""
    if type(exc) is not click.UsageError and exc.ctx is not None:
        hint = f" (see `{exc.ctx.command_path} --help`)"
    return f"Error: {exc.format_message()}{hint}"


#: Exit codes of every command, shown by `droidhub --help` and `droidhub run --help`.
EXIT_CODES = """\b
Exit codes:
  0    done (run: every episode ran without an error)
  1    run: the run could not go on (--out busy or unwritable); check: a task failed;
       device doctor: the phone misses something; device setup: a step failed
  2    a bad option or value (unknown task or agent, --out is a file...)
  3    run: finished, but some episodes ended in an error
  4    run: every device was quarantined (rerun to run the rest)
  5    run: stopped early (the same agent error K times, or a FatalAgentError)
  6    run, mcp, device doctor/setup: no device reachable (no adb server, or no such phone)
  7    a plugin or a task spec file failed to load (see `droidhub plugins`)
  130  run: stopped by Ctrl-C (rerun to resume)
  143  run: stopped by SIGTERM (rerun to resume)
"""
