"""Shards and merge: one run split over batch jobs (SLURM arrays, CI matrices), then
joined back into one run folder.

``droidhub run --shard I/N`` runs the I-th of N deterministic slices of the suite's
instances (every N-th instance by episode id, from the I-th); the N shard folders,
run anywhere, are joined by ``droidhub merge OUT RUN...`` into one run folder that the
summary, the report, export and resume read like any other.
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar

from droidhub.results.folder import manifest_key
from droidhub.results.layout import RunFolder
from droidhub.results.records import RunManifest, read_results

_SHARD = re.compile(r"^(\d+)/(\d+)$")
T = TypeVar("T")


class MergeError(ValueError):
    """Shard folders that cannot be joined (the message names the folder and the cause)."""


def parse_shard(text: str) -> tuple[int, int]:
    """``"2/4"`` -> ``(2, 4)``; a ValueError naming the value otherwise."""
    match = _SHARD.match(text.strip())
    if not match or not 1 <= int(match[1]) <= int(match[2]):
        raise ValueError(f"--shard {text!r} is not I/N with 1 <= I <= N, e.g. --shard 1/4")
    return int(match[1]), int(match[2])


def shard_of(items: Sequence[T], key: Callable[[T], str], index: int, count: int) -> list[T]:
    """The ``index``-th of ``count`` slices of ``items``: every ``count``-th item in the
    order of ``key`` (episode ids), starting at the ``index``-th. The slices are
    disjoint and together hold every item, whatever order the items came in."""
    ordered = sorted(items, key=key)
    return [item for i, item in enumerate(ordered) if i % count == index - 1]


def _manifest(run: Path) -> RunManifest:
    folder = RunFolder(run)
    if not folder.results.is_file() or not folder.manifest.is_file():
        raise MergeError(f"{run} is not a run folder (no run.json and results.jsonl)")
    return RunManifest.model_validate_json(folder.manifest.read_text(encoding="utf-8"))


def merge_runs(out: Path, runs: Sequence[Path]) -> int:
    """Join the run folders ``runs`` into ``out`` (new or empty); the episodes merged.

    Refuses runs of different configurations (suite, tasks, seed, agent and its
    options...) and an episode that two runs both hold.
    """
    if out.exists() and any(out.iterdir()):
        raise MergeError(f"{out} is not empty: merge into a new folder")
    manifests = [_manifest(run) for run in runs]

    def config(manifest: RunManifest) -> dict[str, object]:
        return {k: v for k, v in manifest_key(manifest).items() if k != "shard"}

    first = config(manifests[0])
    for run, manifest in zip(runs[1:], manifests[1:], strict=True):
        key = config(manifest)
        if key != first:
            diff = ", ".join(f"{k}: {first[k]!r} vs {key[k]!r}" for k in key if key[k] != first[k])
            raise MergeError(f"{run} is a different run from {runs[0]} ({diff})")
    owner: dict[str, Path] = {}
    target = RunFolder(out)
    for run in runs:
        for result in read_results(run):
            if result.episode_id in owner:
                raise MergeError(
                    f"episode {result.episode_id} is in both {owner[result.episode_id]} and {run}"
                )
            owner[result.episode_id] = run
            try:  # a results file from elsewhere may name folders outside either run
                RunFolder(run).episode(result.family, result.task, result.instance)
                target.episode(result.family, result.task, result.instance)
            except ValueError as exc:
                raise MergeError(f"{run}: episode {result.episode_id}: {exc}") from None
    out.mkdir(parents=True, exist_ok=True)
    merged = manifests[0].model_copy(
        update={
            "devices": sorted({d for m in manifests for d in m.devices}),
            "episodes_planned": sum(m.episodes_planned for m in manifests),
        }
    )
    extra = dict(merged.model_extra or {})
    extra.pop("shard", None)
    extra["merged_from"] = [str(run) for run in runs]
    data = {**merged.model_dump(exclude=set(merged.model_extra or {})), **extra}
    target.manifest.write_text(json.dumps(data, indent=2), encoding="utf-8")
    with target.results.open("w", encoding="utf-8") as results:
        for run in runs:
            for result in sorted(read_results(run), key=lambda r: r.episode_id):
                results.write(result.model_dump_json() + "\n")
                source = RunFolder(run).episode(result.family, result.task, result.instance)
                if source.path.is_dir():
                    destination = target.episode(result.family, result.task, result.instance)
                    shutil.copytree(source.path, destination.path)
    attempts = [RunFolder(run).attempts for run in runs if RunFolder(run).attempts.is_file()]
    if attempts:
        target.attempts.write_text(
            "".join(path.read_text(encoding="utf-8") for path in attempts), encoding="utf-8"
        )
    return len(owner)
