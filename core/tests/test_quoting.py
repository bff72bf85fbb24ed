"""droidhub.device.client.quote: whatever text an agent sends arrives as one argument, unchanged,
and never runs as a command. Proven under real POSIX shells: mksh (Android's
/system/bin/sh) when installed, dash, and bash in POSIX mode."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from droidhub.device.client import join, quote

SHELLS = [
    pytest.param(
        [name] if name != "bash" else ["bash", "--posix"],
        id=name,
        marks=pytest.mark.skipif(shutil.which(name) is None, reason=f"{name} not installed"),
    )
    for name in ("mksh", "dash", "bash")
]

# Text an agent might type, weighted towards what shells treat specially.
SPECIAL = [*"'\"\\$`;&|<>(){}[]*?!#~= \t\n\r%^", "$(id)", "`id`", "${HOME}", "'\\''"]
text = st.lists(
    st.one_of(
        st.text(alphabet=st.characters(codec="utf-8", exclude_characters="\0")),
        st.sampled_from(SPECIAL),
        st.sampled_from(["é", "日本語", "😀", "\u200b", "\u00a0", "\U0001f469\u200d\U0001f4bb"]),
    ),
    max_size=8,
).map("".join)


def printed_by(shell: list[str], command: str) -> bytes:
    """What ``shell -c command`` writes to stdout."""
    done = subprocess.run([*shell, "-c", command], capture_output=True, timeout=10)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.parametrize("shell", SHELLS)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(value=text)
@example(value="")
@example(value="'")
@example(value="a'b''c'''")
@example(value="; rm -rf /sdcard")
@example(value="$(touch pwned) `touch pwned` ${IFS}")
@example(value="line one\nline two\n")
@example(value="-n")
@example(value="😀 naïve — 日本")
def test_quote_round_trips_through_a_real_shell(shell: list[str], value: str) -> None:
    assert printed_by(shell, "printf '%s' " + quote(value)) == value.encode("utf-8")


@pytest.mark.parametrize("shell", SHELLS)
@settings(max_examples=60, deadline=None)
@given(values=st.lists(text, max_size=5))
def test_join_keeps_every_argument_separate(shell: list[str], values: list[str]) -> None:
    # One NUL-terminated record per argument the shell received.
    out = printed_by(shell, "for a in " + join(values) + "; do printf '%s\\0' \"$a\"; done")
    expected = b"".join(v.encode("utf-8") + b"\0" for v in values)
    assert out == expected


INJECTIONS = [
    "; touch {canary}",
    "&& touch {canary}",
    "| touch {canary}",
    "$(touch {canary})",
    "`touch {canary}`",
    "'; touch {canary}; '",
    "'\"'\"'; touch {canary} #",
    "\ntouch {canary}\n",
    "x' ; touch {canary} ; echo '",
    "\\'; touch {canary}; \\'",
    "${{IFS}}; touch {canary}",
]


@pytest.mark.parametrize("shell", SHELLS)
@pytest.mark.parametrize("template", INJECTIONS)
def test_agent_text_never_runs_a_command(shell: list[str], template: str, tmp_path: Path) -> None:
    canary = tmp_path / "canary"
    value = template.format(canary=canary)
    assert printed_by(shell, "printf '%s' " + quote(value)) == value.encode()
    assert not canary.exists()


def test_plain_words_stay_readable() -> None:
    assert join(["settings", "get", "global", "wifi_on"]) == "settings get global wifi_on"
    assert quote("/sdcard/Download/a-b_c.txt") == "/sdcard/Download/a-b_c.txt"
    assert quote("") == "''"
    assert quote("a b") == "'a b'"
    assert quote("it's") == "'it'\\''s'"
    # An assignment-looking word is quoted: bare, it would set a variable in first place.
    assert quote("A=b") == "'A=b'"


def test_nul_is_refused_with_a_clear_error() -> None:
    with pytest.raises(ValueError, match="NUL"):
        quote("before\0after")


def test_lone_surrogate_is_refused() -> None:
    with pytest.raises(ValueError, match="not valid Unicode"):
        quote("bad \ud800 text")


def test_join_refuses_a_bare_string() -> None:
    # join("ls -l") would quote each character: almost surely a bug in the caller.
    with pytest.raises(TypeError, match="sequence"):
        join("ls -l")
