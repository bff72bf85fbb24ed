"""``droidhub report`` and ``droidhub export``: a run folder summarised, compared,
drawn as HTML or exported as trajectories."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from droidhub.cli.checks import refuse_run_records, warn_unreadable_results
from droidhub.cli.run import print_report
from droidhub.results.layout import RunFolder

#: RUN_DIRS of ``droidhub report`` and ``droidhub view``: one or more existing folders.
run_dirs_argument = click.argument(
    "run_dirs",
    nargs=-1,
    required=True,
    type=click.Path(exists=True, file_okay=False, path_type=Path),
)


def check_run_dir(run_dir: Path) -> None:
    """A usage error unless ``run_dir`` is a run folder; a warning for unreadable lines."""
    results = RunFolder(run_dir).results
    if not results.exists():
        raise click.UsageError(f"{run_dir} has no {results.name}: is it a droidhub run folder?")
    warn_unreadable_results(run_dir)


@click.command()
@run_dirs_argument
@click.option(
    "--html",
    "html_out",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Also write an HTML report (tables, charts, episodes and their steps); its "
    "screenshots link to the run folder's files, relative to the report's folder.",
)
@click.option("--no-steps", is_flag=True, help="Leave the steps out of the HTML.")
@click.option(
    "--embed-screenshots",
    is_flag=True,
    help="Embed the screenshots in the HTML (annotated, scaled down) instead of linking "
    "them: one file to send on its own, many times larger.",
)
def report(
    run_dirs: tuple[Path, ...], html_out: Path | None, no_steps: bool, embed_screenshots: bool
) -> None:
    """Summarise a run, or compare two: `droidhub report RUN_A RUN_B`.

    One run: prints the summary (means over tasks, with 95% bootstrap intervals, and
    per family/app/difficulty/tag tables) and writes RUN_DIR/summary.json. Two runs:
    prints a per-task comparison with differences and the tasks that flipped.
    """
    from droidhub.results.records import read_results

    for run_dir in run_dirs:
        check_run_dir(run_dir)
    if len(run_dirs) > 2:
        raise click.UsageError("give one run folder to summarise, or two to compare")
    if len(run_dirs) == 2:
        if html_out is not None:
            raise click.UsageError(
                "--html writes the report of one run; to browse two runs side by side, "
                f"use droidhub view {run_dirs[0]} {run_dirs[1]}"
            )
        from droidhub.report.compare import compare, format_comparison, format_mcnemar

        results_a, results_b = read_results(run_dirs[0]), read_results(run_dirs[1])
        rows = compare(results_a, results_b)
        click.echo(format_comparison(rows, str(run_dirs[0]), str(run_dirs[1])))
        click.echo(format_mcnemar(results_a, results_b))
        return
    if html_out is not None:
        refuse_run_records(html_out, run_dirs, "--html")
    print_report(run_dirs[0])
    if html_out is not None:
        write_html(run_dirs[0], html_out, with_steps=not no_steps, embed=embed_screenshots)


def write_html(run_dir: Path, html_out: Path, with_steps: bool = True, embed: bool = False) -> None:
    """Write ``run_dir``'s HTML report to ``html_out`` and say where."""
    from droidhub.cli.run import fail_to_write
    from droidhub.report import html

    try:
        html.write_html(run_dir, html_out, with_steps=with_steps, embed=embed)
    except OSError as exc:  # the run folder stays as it was: only the report is missing
        fail_to_write(exc, html_out)
    # On stderr: stdout ends with the run's headline (or is JSON, with --json).
    click.echo(f"HTML report written to {html_out}", err=True)


@click.command()
@click.argument("run_dir", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["jsonl", "hf"]),
    default="jsonl",
    show_default=True,
    help="Output format: JSON lines, or a Hugging Face dataset saved to disk "
    "(needs the hf extra; see docs/trajectory-format.md).",
)
@click.option(
    "--out",
    type=click.Path(path_type=Path),
    default=None,
    help="Output file (jsonl) [default: standard output], or directory (hf, required).",
)
def export(run_dir: Path, fmt: str, out: Path | None) -> None:
    """Export a run's trajectories: one JSON line, or one dataset row, per agent step."""
    from droidhub.cli.run import fail_to_write
    from droidhub.report.export import export_hf, export_jsonl

    check_run_dir(run_dir)
    if out is not None:
        refuse_run_records(out, [run_dir], "--out")
    if fmt == "hf":
        if out is None:
            raise click.UsageError("--format hf writes a directory: give it with --out DIR")
        try:
            count = export_hf(run_dir, out)
        except ImportError as exc:
            raise click.ClickException(str(exc)) from None
        except OSError as exc:
            fail_to_write(exc, out)
        click.echo(f"{count} steps written to {out} (datasets.load_from_disk)", err=True)
        return
    if out is None:
        export_jsonl(run_dir, sys.stdout)
        return
    try:
        with out.open("w", encoding="utf-8") as fh:
            count = export_jsonl(run_dir, fh)
    except OSError as exc:
        fail_to_write(exc, out)
    click.echo(f"{count} steps written to {out}", err=True)
