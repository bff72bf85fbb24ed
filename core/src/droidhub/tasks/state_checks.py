"""The :class:`Evaluator` type (what the ``droidhub_evaluators`` hook returns) and the
generic state checks droidhub itself contributes.

It sits below the plugin manager: :mod:`droidhub.plugins.evaluators` looks evaluators up by
name through the catalog, which this module must not import.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from droidhub.env.environment import Env


@dataclass(frozen=True)
class Evaluator:
    """A named check. ``check(env, **kwargs)`` returns a reward in ``[0, 1]``."""

    name: str
    description: str
    check: Callable[..., float]

    def __call__(self, env: Env, **kwargs: Any) -> float:
        reward = float(self.check(env, **kwargs))
        if not 0.0 <= reward <= 1.0:
            raise ValueError(f"evaluator {self.name} returned {reward}, outside [0, 1]")
        return reward


def _as_reward(ok: bool) -> float:
    return 1.0 if ok else 0.0


def setting_equals(env: Env, namespace: str, key: str, value: str) -> float:
    """1.0 when ``settings get namespace key`` answers ``value``."""
    return _as_reward(env.device.get_setting(namespace, key) == value)


def file_has_content(env: Env, path: str, content: str | None = None) -> float:
    """1.0 when ``path`` exists and, if ``content`` is given, holds exactly that text."""
    if not env.device.exists(path):
        return 0.0
    return _as_reward(content is None or env.device.read_text(path) == content)


def file_absent(env: Env, path: str) -> float:
    """1.0 when ``path`` does not exist."""
    return _as_reward(not env.device.exists(path))


def sqlite_rows_exist(
    env: Env,
    db: str,
    table: str,
    where: str,
    params: tuple[Any, ...] = (),
    count: int | None = None,
) -> float:
    """1.0 when ``table`` in database ``db`` has rows matching ``where`` (exactly
    ``count`` of them, if given)."""
    rows = env.device.query_db(db, f"SELECT COUNT(*) AS n FROM {table} WHERE {where}", params)
    found = int(rows[0]["n"]) if rows else 0
    return _as_reward(found == count if count is not None else found > 0)


def sqlite_rows_absent(
    env: Env, db: str, table: str, where: str, params: tuple[Any, ...] = ()
) -> float:
    """1.0 when no row of ``table`` in ``db`` matches ``where``."""
    return 1.0 - sqlite_rows_exist(env, db, table, where, params)


def app_in_foreground(env: Env, package: str) -> float:
    """1.0 when the focused activity belongs to ``package``."""
    return _as_reward(env.device.foreground_activity().split("/")[0] == package)


def normalize_answer(text: str) -> str:
    """Lower-case, trim and collapse inner whitespace."""
    return " ".join(text.strip().lower().split())


def answer_matches(env: Env, expected: str, unordered_list: bool = False) -> float:
    """1.0 when the agent's ``answer`` equals ``expected`` ignoring case and surrounding
    whitespace; with ``unordered_list``, comma-separated items may come in any order."""
    given = env.answer
    if given is None:
        return 0.0
    if unordered_list:
        items = sorted(normalize_answer(p) for p in given.split(",") if p.strip())
        wanted = sorted(normalize_answer(p) for p in expected.split(",") if p.strip())
        return _as_reward(items == wanted)
    return _as_reward(normalize_answer(given) == normalize_answer(expected))


BUILTIN = (
    Evaluator("setting_equals", "a system/secure/global setting has a value", setting_equals),
    Evaluator("file_has_content", "a file exists (with exactly the given text)", file_has_content),
    Evaluator("file_absent", "a file does not exist", file_absent),
    Evaluator(
        "sqlite_rows_exist", "rows matching a condition exist in a SQLite table", sqlite_rows_exist
    ),
    Evaluator(
        "sqlite_rows_absent", "no row matches a condition in a SQLite table", sqlite_rows_absent
    ),
    Evaluator("app_in_foreground", "an app's activity is focused", app_in_foreground),
    Evaluator("answer_matches", "the agent's answer matches the truth", answer_matches),
)
