"""``droidhub metrics`` (AITW action matching of runs against a reference run) and
``droidhub merge`` (shard folders joined into one run)."""

from __future__ import annotations

from pathlib import Path

import click

from droidhub.cli.checks import refuse_inside_other_run, run_folder_given
from droidhub.evaluation.calibration import no_tau_reason
from droidhub.evaluation.step_metrics import kendall_tau, match_run, write_matches


@click.command("metrics")
@click.argument("runs", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option(
    "--reference",
    required=True,
    type=click.Path(path_type=Path),
    help="The run whose trajectories are the reference (e.g. a ui_oracle run).",
)
def metrics(runs: tuple[Path, ...], reference: Path) -> None:
    """Step accuracy of RUNS against a reference run, by AITW's action matching.

    For every episode a run shares with the reference (same task and instance), each
    reference step is matched with the run's step at the same position: same action
    type; taps within 14 % of the screen diagonal or inside the reference element's box
    enlarged to 240 %; scrolls along the same axis; typed text equal after
    normalisation. Prints each run's step accuracy (mean partial match), complete-match
    rate and success rate, writes step_metrics.json into each run, and with two runs or
    more, Kendall's tau between step accuracy and success.
    """
    run_folder_given(reference)
    found = [match_run(run_folder_given(run), reference) for run in runs]
    width = max(len(str(r.run)) for r in found)
    click.echo(f"{'run':<{width}}  episodes  step accuracy  complete match  success")
    for r in found:
        write_matches(r, reference)
        click.echo(
            f"{r.run!s:<{width}}  {len(r.episodes):>8}  {r.step_accuracy:>12.1%}  "
            f"{r.complete_rate:>14.1%}  {r.success_rate:>7.1%}"
        )
    if not any(r.episodes for r in found):
        raise click.ClickException(
            f"no episode of {', '.join(map(str, runs))} is in the reference {reference}: "
            "compare runs of the same tasks, seeds and instances"
        )
    tau = kendall_tau(found)
    if tau is None:
        why = no_tau_reason(
            [r.step_accuracy for r in found], [r.success_rate for r in found],
            "step accuracy", "success rate",
        )  # fmt: skip
        click.echo(f"Kendall's tau (step accuracy vs success): {why}")
    else:
        click.echo(f"Kendall's tau (step accuracy vs success): {tau:.3f} over {len(found)} runs")


@click.command("merge")
@click.argument("out", type=click.Path(path_type=Path))
@click.argument("runs", nargs=-1, required=True, type=click.Path(path_type=Path))
def merge(out: Path, runs: tuple[Path, ...]) -> None:
    """Join the run folders RUNS (the shards of one run, `run --shard I/N`) into OUT.

    The runs must share their configuration (suite, tasks, seeds, agent and its
    options), and no episode may be in two of them. OUT then reads like one run:
    `droidhub report OUT`, export and resume work on it.
    """
    from droidhub.cli.checks import warn_unreadable_results
    from droidhub.cli.run import fail
    from droidhub.results.shards import MergeError, merge_runs
    from droidhub.run.outcome import EXIT_FAILED

    refuse_inside_other_run(out, "OUT")
    for run in runs:
        warn_unreadable_results(run)
    try:
        count = merge_runs(out, runs)
    except MergeError as exc:
        raise click.ClickException(str(exc)) from None
    except OSError as exc:  # the runs are only read: nothing of theirs is lost
        why = f"{exc.filename or out}: {exc.strerror or exc}"
        fail(f"merging into {out} failed: {why}", EXIT_FAILED)
    click.echo(f"{count} episodes of {len(runs)} runs merged into {out}")
