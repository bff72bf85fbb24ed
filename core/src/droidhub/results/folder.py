"""The run folder before and after a run: ``run.json`` made or checked, and what the
run adds to it at its end (observer-hook failures of plugins)."""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from droidhub.results.layout import RunFolder
from droidhub.results.records import (
    EpisodeResult,
    RunManifest,
    check_regular,
    repair_results,
    write_error,
)

if TYPE_CHECKING:
    from droidhub.plugins.manager import PluginManager

#: Observer hooks: their failures are kept in run.json as ``plugin_errors``.
OBSERVER_HOOKS = ("droidhub_episode_start", "droidhub_step", "droidhub_episode_end")


#: What run.json records instead of a secret option's value (an API key, a token).
HIDDEN = "(hidden)"


class RunConfigError(ValueError):
    """A run folder that belongs to a different configuration, or a bad option."""


def manifest_key(m: RunManifest) -> dict[str, Any]:
    """What makes two runs the same run: resuming or merging needs these equal."""
    return {
        "suite": m.suite,
        "tasks": m.tasks,
        "n_combinations": m.n_combinations,
        "seed": m.seed,
        "agent": m.agent,
        # Options such as model= decide what the numbers mean; secrets are recorded
        # hidden, so a new API key does not stop a resume.
        "agent_options": {
            k: v
            for k, v in ((m.model_extra or {}).get("agent_options") or {}).items()
            if v != HIDDEN
        },
        # A shard resumes only as the same shard (merge compares shards without it).
        "shard": (m.model_extra or {}).get("shard"),
    }


def prepare_run_dir(out: Path, manifest: RunManifest) -> tuple[list[EpisodeResult], list[str]]:
    """Create ``out`` with ``run.json``, or check that it belongs to the same run and
    repair its ``results.jsonl`` (:func:`~droidhub.results.records.repair_results`).

    Returns the results already recorded there (empty for a new run) and one line per
    repair made, for the user.
    """
    out.mkdir(parents=True, exist_ok=True)
    check_regular(RunFolder(out).results)
    path = RunFolder(out).manifest
    if path.exists():
        try:
            old = RunManifest.model_validate_json(path.read_text(encoding="utf-8"))
        except ValueError as exc:
            raise RunConfigError(f"{path} is not a droidhub run manifest: {exc}") from exc
        if manifest_key(old) != manifest_key(manifest):
            diff = {
                k: (v, manifest_key(manifest)[k])
                for k, v in manifest_key(old).items()
                if v != manifest_key(manifest)[k]
            }
            shown = ", ".join(f"{k}: {a!r} there vs {b!r} now" for k, (a, b) in diff.items())
            raise RunConfigError(
                f"{out} holds a different run ({shown}); resume it with the same options "
                "or pass a new --out folder"
            )
        notes, recorded = repair_results(out)
        return recorded, notes
    path.write_text(manifest.model_dump_json(indent=2), encoding="utf-8")
    return [], []


def observer_errors(pm: PluginManager) -> list[dict[str, Any]]:
    """Failures of plugins' observer hooks in this process, one per (plugin, hook):
    ``{plugin, hook, cause, count}``.

    Uses the plugin manager's ``observer_errors()`` when it has one; otherwise picks
    them out of its error list.
    """
    own = getattr(pm, "observer_errors", None)
    raw: Sequence[Any] = own() if callable(own) else pm.errors
    found: dict[tuple[str, str], dict[str, Any]] = {}
    for err in raw:
        plugin = str(getattr(err, "plugin", "?"))
        hook = str(getattr(err, "stage", "")).removeprefix("hook ")
        if hook not in OBSERVER_HOOKS:
            continue
        row = found.setdefault(
            (plugin, hook),
            {"plugin": plugin, "hook": hook, "cause": str(getattr(err, "cause", err)), "count": 0},
        )
        row["count"] += int(getattr(err, "count", 1))
    return list(found.values())


def record_plugin_errors(out: Path, errors: Sequence[dict[str, Any]]) -> None:
    """Add ``plugin_errors`` to ``run.json`` (replaced atomically; other fields kept)."""
    path = RunFolder(out).manifest
    data = json.loads(path.read_text(encoding="utf-8"))
    data["plugin_errors"] = list(errors)
    tmp = path.with_name(path.name + ".tmp")
    try:
        tmp.write_text(json.dumps(data, indent=2), encoding="utf-8")
        os.replace(tmp, path)
    except OSError as exc:
        raise write_error(path, exc) from None
