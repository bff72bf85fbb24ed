"""``droidhub probe``: build state-level probes from a reference run, run them with an
agent, and report XBOUND's Explore Metric (see :mod:`droidhub.evaluation.probes`)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from droidhub.cli.checks import out_folder, refuse_run_records, run_folder_given
from droidhub.cli.run import fail_to_write


@click.group("probe")
def probe_group() -> None:
    """XBOUND's Explore Metric: one-step probes on the screens of a reference run.

    \b
      droidhub run --suite android_world --agent ui_oracle --out runs/ref
      droidhub probe build runs/ref --out probes.jsonl
      droidhub probe run probes.jsonl --agent m3a --out runs/probes-m3a
      droidhub probe report runs/probes-m3a
    """


@probe_group.command("build")
@click.argument("reference", type=click.Path(path_type=Path))
@click.option("--out", required=True, type=click.Path(dir_okay=False, path_type=Path),
              help="The probes file to write (JSON lines).")  # fmt: skip
@click.option("--max-per-screen", type=click.IntRange(min=0), default=8, show_default=True,
              help="At most this many width probes (named elements) per screen.")  # fmt: skip
def build(reference: Path, out: Path, max_per_screen: int) -> None:
    """Write the probes of every screen REFERENCE's solved episodes start a step from:
    a width probe per nameable, actionable element (``Tap "Save"``), and a depth probe
    (the episode's goal; its right next step is the reference's)."""
    from droidhub.evaluation.probes import build_probes

    run_folder_given(reference, "REFERENCE", " (a ui_oracle run is the usual reference)")
    refuse_run_records(out, [reference], "--out")
    probes = build_probes(reference, max_per_screen)
    if not probes:
        raise click.ClickException(f"{reference} has no solved episode with recorded steps")
    try:
        out.write_text("".join(p.model_dump_json() + "\n" for p in probes), encoding="utf-8")
    except OSError as exc:
        fail_to_write(exc, out)
    screens = len({p.screen for p in probes})
    width = sum(1 for p in probes if p.kind == "width")
    click.echo(
        f"{len(probes)} probes ({width} width, {len(probes) - width} depth) on {screens} "
        f"screens written to {out}"
    )


@probe_group.command("run")
@click.argument("probes_file", metavar="PROBES", type=click.Path(path_type=Path))
@click.option("--agent", required=True, help="The agent to probe, as `droidhub run` takes it.")
@click.option("--agent-option", "agent_options", multiple=True, metavar="KEY=VALUE",
              help="An option of the agent (repeatable).")  # fmt: skip
@click.option("--device", default="virtual", show_default=True,
              help="Serials (comma-separated) on the adb server, or virtual:N.")  # fmt: skip
@click.option("--out", required=True, type=click.Path(path_type=Path), help="Run folder.",
              callback=lambda _ctx, _param, value: out_folder(value))  # fmt: skip
def run_probes(
    probes_file: Path, agent: str, agent_options: tuple[str, ...], device: str, out: Path
) -> None:
    """Run each probe of PROBES as a one-step episode of AGENT (a run folder like any
    other: rerunning resumes it; `droidhub probe report OUT` gives the metric)."""
    from pydantic import ValidationError

    from droidhub.agents.base import AgentLoadError, load_agent
    from droidhub.cli.run import RunSettings, parse_agent_options, recorded_options, run_in_folder
    from droidhub.evaluation.probes import FAMILY, ProbeParams, probe_instances
    from droidhub.plugins import catalog
    from droidhub.plugins.manager import get_plugin_manager
    from droidhub.results.records import RunManifest
    from droidhub.run.runner import describe_environment

    try:
        lines = probes_file.read_text(encoding="utf-8").splitlines()
        probes = [ProbeParams.model_validate_json(line) for line in lines if line.strip()]
    except OSError as exc:
        raise click.BadParameter(f"cannot read {probes_file}: {exc.strerror}") from None
    except ValidationError as exc:
        raise click.BadParameter(
            f"{probes_file} is not a probes file (`droidhub probe build` writes one): "
            f"{exc.errors()[0]['msg']}"
        ) from None
    factories = catalog.agents()
    try:
        options = parse_agent_options(agent_options)
        load_agent(agent, factories, options)
    except (AgentLoadError, ValueError) as exc:
        raise click.UsageError(str(exc)) from None
    instances = probe_instances(probes)
    manifest = RunManifest(
        suite=[FAMILY], agent=agent, devices=[device], episodes_planned=len(instances),
        **recorded_options(options), **describe_environment(get_plugin_manager()),
    )  # fmt: skip
    manifest = manifest.model_copy(update={"probes": str(probes_file)})
    settings = RunSettings(
        out=out, manifest=manifest, device=device, adb_host="127.0.0.1", adb_port=5037,
        make_agent=lambda: load_agent(agent, factories, options), max_steps=None,
        step_timeout=300, episode_timeout=1800, teardown_timeout=60, quarantine_after=3,
        early_stop=0,
        retry_errors=False, agent=agent, agent_options=options,
        executor="threads",  # probes are no registered family: workers could not rebuild them
    )  # fmt: skip
    sys.exit(run_in_folder(instances, settings))


@probe_group.command("report")
@click.argument("run", type=click.Path(path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="The figures as one JSON object.")
def report(run: Path, as_json: bool) -> None:
    """The Explore Metric of a run of probes: over all screens, per app, and the share of
    width and of depth probes done right, with XBOUND's stages."""
    from droidhub.evaluation.probes import explore_metric, judged_probes, stage

    run_folder_given(run)
    judged = judged_probes(run)
    if not judged:
        raise click.ClickException(f"{run} holds no probe results: run `droidhub probe run`")
    figures = explore_metric(judged)
    if as_json:
        click.echo(json.dumps(figures.as_json(), indent=2))
        return
    click.echo(
        f"Explore Metric: {figures.metric:.1%} ({stage(figures.metric)}) over "
        f"{len(figures.screens)} screens, {figures.probes} probes"
    )
    for kind, value in (("width", figures.width), ("depth", figures.depth)):
        if value is not None:
            click.echo(f"  {kind} probes right: {value:.1%}")
    click.echo("By app:")
    for app, value in figures.apps.items():
        click.echo(f"  {app:<45} {value:6.1%}  {stage(value)}")
