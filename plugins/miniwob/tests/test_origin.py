"""Which URLs the page origin answers from the html folder, and which it refuses."""

from __future__ import annotations

from pathlib import Path

import pytest

from droidhub_miniwob.origin import ORIGIN, PageOrigin
from droidhub_miniwob.pages import PagesNotFoundError, UnknownTaskError


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """An html folder with one page, one script, a symlink out and a secret beside it."""
    root = tmp_path / "html"
    (root / "miniwob").mkdir(parents=True)
    (root / "core").mkdir()
    (root / "miniwob" / "click-test.html").write_text("<p>page</p>")
    (root / "core" / "core.js").write_text("var core = {};")
    (tmp_path / "secret.txt").write_text("secret")
    (root / "core" / "out.js").symlink_to(tmp_path / "secret.txt")
    (root / "core" / "in.js").symlink_to(root / "core" / "core.js")
    return root


def test_pages_and_their_files_are_served_from_the_folder(folder: Path) -> None:
    origin = PageOrigin(folder)
    root = folder.resolve()
    assert origin.task_url("click-test") == f"{ORIGIN}/miniwob/click-test.html"
    assert origin.file_for(f"{ORIGIN}/miniwob/click-test.html") == root / "miniwob/click-test.html"
    assert origin.file_for(f"{ORIGIN}/core/core.js?v=1#top") == root / "core/core.js"
    # A symlink that stays inside the folder is followed.
    assert origin.file_for(f"{ORIGIN}/core/in.js") == root / "core/core.js"


@pytest.mark.parametrize(
    "url",
    [
        f"{ORIGIN}/core/out.js",  # a symlink out of the folder
        f"{ORIGIN}/miniwob/../../secret.txt",
        f"{ORIGIN}/miniwob/%2e%2e/%2e%2e/secret.txt",
        f"{ORIGIN}/miniwob/..%2f..%2fsecret.txt",
        f"{ORIGIN}//etc/passwd",
        f"{ORIGIN}/%2fetc%2fpasswd",
        f"{ORIGIN}/core/core.js%00.html",
        f"{ORIGIN}/",
        f"{ORIGIN}/core",  # a folder, not a file
        "http://miniwob.invalid:8080/core/core.js",
        "http://user@miniwob.invalid/core/core.js",
        "https://miniwob.invalid/core/core.js",
        "http://example.com/core/core.js",
        "file:///etc/passwd",
    ],
)
def test_urls_off_the_origin_or_out_of_the_folder_get_nothing(folder: Path, url: str) -> None:
    assert PageOrigin(folder).file_for(url) is None


def test_a_task_is_a_catalogue_name_never_a_path(folder: Path) -> None:
    origin = PageOrigin(folder)
    for name in ("../core/core", "/etc/passwd", "click-test/../click-test", "no-such-task"):
        with pytest.raises(UnknownTaskError, match="unknown MiniWoB task"):
            origin.task_url(name)
    with pytest.raises(PagesNotFoundError, match="click-button"):
        origin.task_url("click-button")  # in the catalogue, but this folder lacks it
