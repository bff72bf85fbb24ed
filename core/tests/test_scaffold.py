"""``droidhub new suite`` / ``droidhub new agent``: what they refuse. That the packages
they write install, list, check, run and test green is in test_author_packages.py."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from droidhub.cli.main import main


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["suite", "My-Tasks"], "bad name 'My-Tasks': use lowercase letters"),
        (["agent", "9lives"], "bad name '9lives'"),
        (["suite", "ok", "--dir", "taken"], "taken already exists; choose another --dir"),
    ],
)
def test_new_refuses_a_bad_name_or_a_used_folder_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], message: str
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / "keep.txt").write_text("mine")
    result = CliRunner().invoke(main, ["new", *args])
    assert result.exit_code == 1
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ") and message in lines[0]
    assert "Traceback" not in result.output
    assert (tmp_path / "taken" / "keep.txt").read_text() == "mine"
