"""``droidhub view``: browse run folders in a local web viewer."""

from __future__ import annotations

import time
import webbrowser
from pathlib import Path

import click

from droidhub.cli.report import check_run_dir, run_dirs_argument


@click.command("view")
@run_dirs_argument
@click.option(
    "--port", type=click.IntRange(0, 65535), default=0, show_default=True,
    help="Port on 127.0.0.1 to serve on (0: any free port).",
)  # fmt: skip
@click.option("--no-browser", is_flag=True, help="Print the address only; open no browser.")
def view(run_dirs: tuple[Path, ...], port: int, no_browser: bool) -> None:
    """Browse RUN_DIRS in a local web viewer until Ctrl-C.

    Filter episodes by run, suite, app, task, outcome and error kind, search their
    goals, and play an episode step by step: the screenshot with the action drawn on
    it, the action, the UI elements, and what a model-driven agent reported (the
    reply, its reason, reflection or summary, tokens, latency, and the requests it
    sent). With two runs or more, "Side by side" lines up each task's episodes of
    every run. The viewer listens on 127.0.0.1 only and writes nothing.
    """
    from droidhub.report.viewer import serve

    for run_dir in run_dirs:
        check_run_dir(run_dir)
    try:
        server, _thread = serve(list(run_dirs), port)
    except OSError as exc:
        raise click.UsageError(f"cannot listen on 127.0.0.1:{port}: {exc.strerror}") from None
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    click.echo(f"Viewer of {len(run_dirs)} run(s) at {url} (Ctrl-C to stop)", err=True)
    if not no_browser:
        webbrowser.open(url)
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        server.shutdown()
