"""``droidhub judge`` and ``droidhub calibrate``: judges' verdicts on a run's episodes,
and how far they agree with the programmatic rewards."""

from __future__ import annotations

import json
from pathlib import Path

import click

from droidhub.agents.base import AgentOptionsError
from droidhub.cli.checks import run_folder_given
from droidhub.cli.run import fail
from droidhub.evaluation.calibration import (
    Measure,
    classifier_measures,
    kendall_tau,
    no_tau_reason,
)
from droidhub.evaluation.judges import append_judgement, read_judgements, recorded_episode
from droidhub.plugins import catalog
from droidhub.results.records import read_results
from droidhub.run.outcome import EXIT_FAILED
from droidhub.tasks.names import BadNameError, check_name

_MEASURES = ("accuracy", "precision", "recall", "npv", "tnr", "f1")


def _judge_name(name: str) -> str:
    """``name`` if it can be a judge's (it names a file of the run), else a usage error."""
    try:
        return check_name("judge", name)
    except BadNameError as exc:
        raise click.BadParameter(str(exc), param_hint="--judge") from None


def _options(values: tuple[str, ...]) -> dict[str, str]:
    parsed: dict[str, str] = {}
    for value in values:
        key, sep, val = value.partition("=")
        if not sep or not key.strip():
            raise click.BadParameter(f"{value!r} is not KEY=VALUE", param_hint="--agent-option")
        parsed[key.strip()] = val
    return parsed


class _ListsJudges(click.Command):
    """A command whose help ends with the judges installed, each with what it does."""

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        judges = catalog.judges()
        with formatter.section("Judges installed"):
            if judges:
                formatter.write_dl([(name, judges[name].description) for name in sorted(judges)])
            else:
                formatter.write_text(
                    "none: install a plugin that contributes one (droidhub-agents has `llm`)"
                )


@click.command("judge", cls=_ListsJudges)
@click.argument("run", type=click.Path(path_type=Path))
@click.option("--judge", "name", required=True, help="The judge: one of those listed below.")
@click.option(
    "--agent-option",
    "options",
    multiple=True,
    metavar="KEY=VALUE",
    help="An option of the judge, as for agents (model=..., base_url=...).",
)
def judge(run: Path, name: str, options: tuple[str, ...]) -> None:
    """Judge every episode of RUN from its recorded steps, one verdict per episode.

    Verdicts (success, reasoning, tokens) go to RUN/judgements/NAME.jsonl as they come;
    rerun the command to judge only the episodes not judged yet.
    """
    run_folder_given(run)
    _judge_name(name)
    factories = catalog.judges()
    if name not in factories:
        known = ", ".join(sorted(factories)) or "none installed"
        raise click.BadParameter(f"no judge {name!r} (known: {known})", param_hint="--judge")
    try:
        built = factories[name].build(_options(options))
    except (ValueError, AgentOptionsError) as exc:
        raise click.BadParameter(str(exc), param_hint="--agent-option") from None
    done = read_judgements(run, name)
    results = sorted(read_results(run), key=lambda r: r.episode_id)
    todo = [r for r in results if r.episode_id not in done]
    click.echo(f"{len(results)} episodes, {len(done)} judged before, {len(todo)} to judge")
    agree = 0
    for i, result in enumerate(todo, 1):
        try:
            verdict = built.judge(recorded_episode(run, result))
        except Exception as exc:  # the judge's model or code: say which episode, keep the rest
            fail(
                f"judge {name} failed on {result.episode_id}: {type(exc).__name__}: {exc} "
                f"({i - 1} verdicts written to {run}/judgements/{name}.jsonl; rerun to judge "
                "the rest)",
                EXIT_FAILED,
            )
        append_judgement(run, name, verdict)
        agree += verdict.success == result.success
        click.echo(
            f"[{i}/{len(todo)}] {result.episode_id}: judged "
            f"{'success' if verdict.success else 'failure'}, reward {result.reward:g}"
        )
    if todo:
        click.echo(f"{agree} of {len(todo)} verdicts agree with the reward")


def _format(m: Measure) -> str:
    if m.value is None:
        return "-"
    return f"{m.value:.1%} [{m.low:.1%}, {m.high:.1%}]"


@click.command("calibrate")
@click.argument("runs", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--judge", "name", default=None, help="Only this judge (default: every judge found).")
@click.option("--json", "as_json", is_flag=True, help="The measures as one JSON object.")
def calibrate(runs: tuple[Path, ...], name: str | None, as_json: bool) -> None:
    """How far each judge's verdicts in RUNS agree with the programmatic rewards.

    Accuracy, precision, recall, NPV, TNR (Wilson 95 % intervals) and F1 (bootstrap 95 %
    interval) over all judged episodes; with two runs or more, Kendall's tau between
    the runs ranked by judged success and by real success.
    """
    for run in runs:
        run_folder_given(run)
    if name is not None:
        _judge_name(name)
    names = (
        {name} if name else {p.stem for run in runs for p in (run / "judgements").glob("*.jsonl")}
    )
    if not names:
        raise click.ClickException(
            "no judgements in these runs: run `droidhub judge RUN --judge NAME` first"
        )
    report: dict[str, object] = {}
    for judge_name in sorted(names):
        pairs: list[tuple[bool, bool]] = []
        judged_rates, real_rates = [], []
        for run in runs:
            verdicts = read_judgements(run, judge_name)
            both = [(verdicts[r.episode_id].success, r.success) for r in read_results(run)
                    if r.episode_id in verdicts]  # fmt: skip
            pairs += both
            if both:
                judged_rates.append(sum(j for j, _ in both) / len(both))
                real_rates.append(sum(r for _, r in both) / len(both))
        if not pairs:
            raise click.ClickException(f"judge {judge_name!r} judged no episode of these runs")
        measures = classifier_measures(pairs)
        tau = kendall_tau(judged_rates, real_rates)
        report[judge_name] = {
            "episodes": len(pairs),
            **{k: vars(measures[k]) for k in _MEASURES},
            "kendall_tau": tau,
        }
        if not as_json:
            click.echo(f"Judge {judge_name}: {len(pairs)} judged episodes")
            for key in _MEASURES:
                click.echo(f"  {key:<9} {_format(measures[key])}")
            shown = (
                no_tau_reason(judged_rates, real_rates, "judged success rate", "success rate")
                if tau is None
                else f"{tau:.3f}"
            )
            click.echo(f"  Kendall's tau over {len(judged_rates)} runs: {shown}")
    if as_json:
        click.echo(json.dumps(report, indent=2))
