#!/usr/bin/env python3
"""Copy the MiniWoB++ pages and droidhub's bridge script into the app's assets.

The pages come from the installed ``miniwob`` package (``pip install miniwob``), the
bridge script from ``droidhub-miniwob``: the app ships exactly what the virtual
WebView app serves. Run it before building (Gradle's preBuild does)::

    python3 copy_pages.py [--assets app/src/main/assets]
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path


def copy_pages(assets: Path) -> int:
    """Fill ``assets`` with ``miniwob/``, ``core/``, ``common/`` and ``droidhub/bridge.js``
    (plus the pages built from others, e.g. drag-item); return the number of task pages."""
    try:
        from droidhub_miniwob.contract import ASSET_DIR, bridge_script
        from droidhub_miniwob.pages import (
            BUILT_PAGES,
            PAGE_PATCHES,
            built_page,
            html_root,
            patched,
        )
    except ImportError as exc:
        raise SystemExit(
            f"cannot import droidhub_miniwob ({exc}); run: pip install droidhub-miniwob miniwob"
        ) from exc
    source = html_root()
    assets.mkdir(parents=True, exist_ok=True)
    # Pages load ../core/*.js and ../common/*: keep the folders side by side.
    for folder in sorted(p for p in source.iterdir() if p.is_dir()):
        target = assets / (ASSET_DIR if folder.name == "miniwob" else folder.name)
        if target.exists():
            shutil.rmtree(target)
        shutil.copytree(folder, target, ignore=shutil.ignore_patterns("__pycache__", "*.py"))
    # droidhub's patches (the app behaves as AndroidWorld's on a phone).
    for relative in PAGE_PATCHES:
        target = assets / relative.replace("miniwob/", f"{ASSET_DIR}/", 1)
        target.write_bytes(patched(relative, target.read_bytes()))
    # Pages MobileMiniWoB++ serves that the package lacks, built from one it ships.
    for task in BUILT_PAGES:
        page = built_page(assets / ASSET_DIR, task)
        if page is not None and not (assets / ASSET_DIR / f"{task}.html").exists():
            (assets / ASSET_DIR / f"{task}.html").write_bytes(page)
    bridge = assets / "droidhub" / "bridge.js"
    bridge.parent.mkdir(parents=True, exist_ok=True)
    bridge.write_text(bridge_script(), encoding="utf-8")
    return len(list((assets / ASSET_DIR).glob("*.html")))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default = Path(__file__).resolve().parent / "app" / "src" / "main" / "assets"
    parser.add_argument("--assets", type=Path, default=default, help="assets folder to fill")
    args = parser.parse_args(argv)
    count = copy_pages(args.assets)
    print(f"copied {count} MiniWoB++ task pages and the bridge script into {args.assets}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
