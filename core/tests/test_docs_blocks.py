"""Every code block of README.md and docs/ runs, through sybil.

- ``python``: executed; the blocks of one page share a namespace, as a reader who
  pastes them in order would. A block whose first line is ``# some/path.py`` is a file
  of the page's example package: it is also written at that path in the page's scratch
  folder, which is importable while the page's blocks run (so the page's test file
  imports the page's plugin module, as it will once installed).
- ``sh`` / ``bash``: run in one scratch folder per page, so a page's later blocks see
  what its earlier ones wrote (``droidhub report`` after ``droidhub run``). A block of
  plain ``droidhub ...`` commands runs them through the CLI in this process (click's
  runner: the plugins load once, not once per command, which keeps this test fast);
  any other block is run by bash (``-e -o pipefail``) with this environment's
  ``droidhub`` first on PATH.
- ``console``: each ``$ command`` is run the same way; a transcript that shows an
  ``Error:`` line must fail with that line, any other must exit 0.
- ``toml`` / ``json``: parsed.
- ``text``: output shown, not code; nothing to run.

A block that needs a phone, a model server or minutes is preceded by
``<!-- skip: next "why" -->``; the reason shows in pytest's skip report.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner
from sybil import Example, Sybil
from sybil.parsers.markdown import CodeBlockParser, SkipParser

REPO = Path(__file__).resolve().parents[2]
DOCS = [REPO / "README.md", *sorted((REPO / "docs").rglob("*.md"))]
#: The first line of a block that is a file of the page's example package.
PATH_HEADER = re.compile(r"# ([\w./-]+\.(?:py|toml))\n")


def _scratch(example: Example) -> Path:
    folder = example.namespace.get("__scratch__")
    if folder is None:
        raise RuntimeError("the test gives each page a scratch folder first")
    return Path(folder)


def _bash(command: str, example: Example) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    return subprocess.run(
        ["bash", "-e", "-o", "pipefail", "-c", command],
        cwd=_scratch(example),
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def run_python(example: Example) -> None:
    """Execute a ``python`` block in its page's namespace (see the module docstring)."""
    source, scratch = str(example.parsed), _scratch(example)
    header = PATH_HEADER.match(source)
    if header:
        target = scratch / header.group(1)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(source, encoding="utf-8")
    # Padding makes a traceback's line numbers those of the page.
    code = compile("\n" * example.line + source, example.path, "exec")
    sys.path.insert(0, str(scratch))
    try:
        exec(code, example.namespace)
    finally:
        sys.path.remove(str(scratch))
        for name, module in list(sys.modules.items()):
            if str(getattr(module, "__file__", None) or "").startswith(str(scratch)):
                del sys.modules[name]


def droidhub_commands(block: str) -> list[list[str]] | None:
    """The argument lists of a block made only of ``droidhub ...`` commands (comments and
    ``\\`` continuations allowed), or None when anything else is in it."""
    commands = []
    for line in block.replace("\\\n", " ").splitlines():
        if re.search(r"[|&;<>$`]", line.split("#", 1)[0]):
            return None
        words = shlex.split(line, comments=True)
        if not words:
            continue
        if words[0] != "droidhub":
            return None
        commands.append(words[1:])
    return commands or None


def _droidhub_in_process(args: list[str], example: Example) -> tuple[int, str]:
    """``droidhub ARGS`` through click's runner in the page's scratch folder: the exit
    code and everything it printed (stdout and stderr)."""
    from droidhub.cli.main import main

    here = os.getcwd()
    os.chdir(_scratch(example))
    try:
        result = CliRunner().invoke(main, args)
    finally:
        os.chdir(here)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"`droidhub {shlex.join(args)}` raised") from result.exception
    return result.exit_code, result.output


def run_shell(example: Example) -> None:
    """Run an ``sh`` block; fail with its output when a command fails."""
    commands = droidhub_commands(example.parsed)
    if commands is not None:
        for args in commands:
            code, said = _droidhub_in_process(args, example)
            assert code == 0, f"`droidhub {shlex.join(args)}`: exit {code}\n{said[-3000:]}"
        return
    done = _bash(example.parsed, example)
    if done.returncode != 0:
        raise AssertionError(
            f"exit {done.returncode}\n--- stdout\n{done.stdout[-3000:]}\n"
            f"--- stderr\n{done.stderr[-3000:]}"
        )


def console_commands(text: str) -> list[tuple[str, list[str]]]:
    """``$ command`` lines (with ``\\`` continuations) and the output shown under each."""
    commands: list[tuple[str, list[str]]] = []
    continuing = False
    for line in text.splitlines():
        if continuing:
            command, shown = commands[-1]
            commands[-1] = (f"{command}\n{line}", shown)
        elif line.startswith("$ "):
            commands.append((line[2:], []))
        elif commands:
            commands[-1][1].append(line)
        continuing = line.endswith("\\")
    return commands


def _words(text: str) -> str:
    return " ".join(text.split())


def run_console(example: Example) -> None:
    """Run each command of a ``console`` transcript and hold it to what is shown."""
    commands = console_commands(example.parsed)
    assert commands, "a console block shows at least one `$ command`"
    for command, shown in commands:
        plain = droidhub_commands(command)
        if plain is not None:
            code, output = _droidhub_in_process(plain[0], example)
        else:
            done = _bash(command, example)
            code, output = done.returncode, done.stdout + "\n" + done.stderr
        errors = [line for line in shown if line.startswith(("Error:", "error:"))]
        said = _words(output)
        if errors:
            assert code != 0, f"`{command}` should fail as shown, but exit 0"
            assert _words(errors[0]) in said, f"`{command}` said:\n{said}"
        else:
            assert code == 0, f"`{command}`: exit {code}\n{said[-3000:]}"


def parse_toml(example: Example) -> None:
    """A ``toml`` block is valid TOML."""
    tomllib.loads(example.parsed)


def parse_json(example: Example) -> None:
    """A ``json`` block is one valid JSON value per line, or one value over many lines."""
    text = example.parsed.strip()
    try:
        json.loads(text)
    except json.JSONDecodeError:
        for line in text.splitlines():
            json.loads(line)


def _nothing(example: Example) -> None:
    del example


SYBIL = Sybil(
    parsers=[
        SkipParser(),
        CodeBlockParser("python", run_python),
        *(CodeBlockParser(lang, run_shell) for lang in ("sh", "bash")),
        CodeBlockParser("console", run_console),
        CodeBlockParser("toml", parse_toml),
        CodeBlockParser("json", parse_json),
        CodeBlockParser("text", _nothing),
    ]
)
EXAMPLES = [example for path in DOCS for example in SYBIL.parse(path)]


def _example_id(example: Example) -> str:
    return f"{Path(example.path).relative_to(REPO)}:{example.line}"


def test_every_fenced_block_has_a_language() -> None:
    """A block without a language would be silently left out of the run below."""
    bare = [
        f"{path.relative_to(REPO)}:{number}"
        for path in DOCS
        for number, line in enumerate(_fences(path.read_text("utf-8")), start=1)
        if line == "```"
    ]
    assert not bare, f"fenced blocks without a language (add sh, console, text...): {bare}"


def _fences(text: str) -> list[str]:
    """Each line, with the closing fences of blocks blanked out (only openings stay)."""
    lines, inside = [], False
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("```"):
            lines.append("" if inside else stripped)
            inside = not inside
        else:
            lines.append("")
    return lines


@pytest.mark.parametrize("example", EXAMPLES, ids=_example_id)
def test_doc_block(example: Example, tmp_path_factory: pytest.TempPathFactory) -> None:
    if "__scratch__" not in example.namespace:
        example.namespace["__scratch__"] = tmp_path_factory.mktemp(Path(example.path).stem)
    example.evaluate()
