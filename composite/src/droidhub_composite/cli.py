"""``droidhub compose``: make composites from registered tasks, or random ones."""

from __future__ import annotations

from pathlib import Path

import click

from droidhub import UnknownTaskError, catalog
from droidhub_composite.compose import CompositionError, default_name
from droidhub_composite.spec import CompositeSpec, random_specs


def _describe(spec: CompositeSpec) -> str:
    import random

    cls = spec.build(catalog.registry())
    task = cls(cls.generate_random_params(random.Random(0)))
    apps = ", ".join(cls.app_names) or "-"
    writes = cls.footprint.writes
    state = sorted(writes.settings | writes.paths | writes.content_uris | writes.packages)
    return (
        f"{cls.name}: {len(cls.subtasks)} tasks ({', '.join(spec.tasks)})\n"
        f"  apps: {apps}; complexity {cls.complexity:g}; difficulty {cls.difficulty}\n"
        f"  writes: {', '.join(state) or '-'}\n"
        f"  example goal: {task.goal}"
    )


@click.command("compose")
@click.argument("tasks", nargs=-1)
@click.option("--name", help="Name of the composite [default: the task names joined by Then].")
@click.option(
    "--alias",
    "aliases",
    multiple=True,
    help="Alias of each sub-task's parameters, in order (repeat).",
)
@click.option(
    "--link",
    "links",
    multiple=True,
    metavar="TARGET=SOURCE",
    help="Derive a parameter from an earlier sub-task's: sms.message=note.text.",
)
@click.option("--goal", default="", help="Goal template over {alias.field}.")
@click.option(
    "--random",
    "k",
    type=click.IntRange(min=2),
    default=None,
    help="Instead of TASKS: random composites of K tasks from different apps.",
)
@click.option(
    "--count",
    default=1,
    show_default=True,
    type=click.IntRange(min=1),
    help="With --random: how many composites.",
)
@click.option("--seed", default=0, show_default=True, type=int, help="With --random: the seed.")
@click.option(
    "--suite", "suites", multiple=True, help="With --random: draw only from these families."
)
@click.option(
    "--save",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Append the composites to this TOML spec file (use it via $DROIDHUB_COMPOSITES).",
)
def compose_command(
    tasks: tuple[str, ...],
    name: str | None,
    aliases: tuple[str, ...],
    links: tuple[str, ...],
    goal: str,
    k: int | None,
    count: int,
    seed: int,
    suites: tuple[str, ...],
    save: Path | None,
) -> None:
    """Compose registered tasks into a multi-app task, checking that they cannot interfere.

    `droidhub compose android_world/MarkorCreateNote android_world/SimpleSmsSend
    --alias note --alias sms --link sms.message=note.text` prints the composite;
    `--random 2 --count 5 --seed 1` draws five reproducible ones. Composites whose
    sub-tasks write the same state are refused with the reason.
    """
    if save is not None and save.suffix != ".toml":  # not a run's results.jsonl, say
        raise click.BadParameter(
            f"{save} is not a .toml file: the composites are appended as TOML specs; "
            "give a .toml file (e.g. composites.toml)",
            param_hint="--save",
        )
    try:
        if k is not None:
            if tasks:
                raise click.UsageError("give TASKS or --random K, not both")
            specs = random_specs(catalog.registry(), k, count, seed, list(suites) or None)
        else:
            if len(tasks) < 2:
                raise click.UsageError("give at least two TASKS (FAMILY/NAME), or --random K")
            default = default_name([t.split("/")[-1] for t in tasks])
            specs = [
                CompositeSpec(
                    name=name or default,
                    tasks=list(tasks),
                    aliases=list(aliases) or None,
                    links=list(links),
                    goal=goal,
                )
            ]
        descriptions = [_describe(spec) for spec in specs]
    except UnknownTaskError as exc:  # a bad value, as everywhere: exit 2
        raise click.UsageError(str(exc)) from None
    except (CompositionError, ValueError) as exc:  # refused, with the reason: exit 1
        raise click.ClickException(str(exc)) from None
    for text in descriptions:
        click.echo(text)
    if save is not None:
        try:
            with save.open("a", encoding="utf-8") as fh:
                for spec in specs:
                    fh.write("\n" + spec.to_toml())
        except OSError as exc:
            raise click.ClickException(f"cannot write {save}: {exc.strerror or exc}") from None
        click.echo(
            f"{len(specs)} composite(s) appended to {save}; "
            f"add it to ${'DROIDHUB_COMPOSITES'} to run them.",
            err=True,
        )
