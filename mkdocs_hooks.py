"""mkdocs hooks of the documentation site (mkdocs.yml names this file).

droidhub's docstrings cross-reference in reStructuredText (``:class:`Footprint```,
``:meth:`~droidhub.env.environment.Env.reset```), which mkdocstrings renders as the role's name in
front of the code. The reference pages show the code alone, and a ``~`` target by its
last part, as Sphinx would.
"""

from __future__ import annotations

import re
from typing import Any

_ROLE = re.compile(r":(?:class|meth|func|attr|mod|data|exc|obj|const):<code>(~?)([^<]*)</code>")


def _code(match: re.Match[str]) -> str:
    short, target = match.groups()
    return f"<code>{target.rsplit('.', 1)[-1] if short else target}</code>"


def on_page_content(html: str, **kwargs: Any) -> str:
    """Drop reStructuredText role names left in front of inline code."""
    del kwargs
    return _ROLE.sub(_code, html)
