"""How droidhub's arguments become a device command line.

Every argument that reaches a device shell goes through :func:`quote`; agent text never
forms a command. The typed ``--bind`` values of ``content``, the ``--es/--ei/...`` extras
of ``am`` and the pieces ``input text`` must be sent to type a text are written here too.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence

__all__ = ["bind_value", "extra_args", "input_text_pieces", "join", "quote"]

# Words made only of these characters mean the same to every POSIX shell (mksh, dash,
# bash, toybox's sh) whether quoted or not, so they stay bare and commands stay readable.
# '=' is left out on purpose: a bare ``A=b`` in first position is an assignment.
_BARE_WORD = re.compile(r"[A-Za-z0-9_@%+:,./-]+")


def quote(arg: str) -> str:
    """Quote one argument so that the device's POSIX shell passes it through unchanged.

    Android's ``/system/bin/sh`` is mksh. Inside single quotes nothing is special to it
    (or to any POSIX shell), so the argument is wrapped in ``'...'`` and each ``'`` in it
    becomes ``'\\''`` (close the quote, an escaped quote, reopen). Whatever the text holds
    (``;``, ``$(...)``, backticks, newlines, non-ASCII), it arrives as one argument.

    Raises ``ValueError`` for text that no command line can carry: a NUL character (a C
    string ends there, so the argument would arrive cut short) or a lone surrogate (not
    encodable as UTF-8).
    """
    if not isinstance(arg, str):
        raise TypeError(f"quote() takes a str, got {type(arg).__name__}: {arg!r}")
    if "\0" in arg:
        raise ValueError(
            f"cannot pass {arg!r} to a device shell: it contains a NUL character, which "
            "ends a command-line argument; remove it (push the data as a file instead)"
        )
    if _BARE_WORD.fullmatch(arg):
        return arg
    try:
        arg.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise ValueError(
            f"cannot pass {arg!r} to a device shell: it is not valid Unicode text ({exc})"
        ) from None
    return "'" + arg.replace("'", "'\\''") + "'"


def join(args: Sequence[str]) -> str:
    """Quote every argument and join them into one command line."""
    if isinstance(args, str):
        raise TypeError(f"join() takes a sequence of arguments, not the str {args!r}")
    return " ".join(quote(a) for a in args)


def bind_value(column: str, value: str | int | float | bool | None) -> str:
    """One ``--bind COLUMN:TYPE:VALUE`` for ``content insert/update``."""
    if isinstance(value, bool):  # before int: bool is an int
        return f"{column}:b:{'true' if value else 'false'}"
    if isinstance(value, int):
        kind = "i" if -(2**31) <= value < 2**31 else "l"
        return f"{column}:{kind}:{value}"
    if isinstance(value, float):
        # 'd' (double): the content command parses it with Double.parseDouble; 'f' would
        # go through a Java float and lose digits.
        return f"{column}:d:{value!r}"
    if isinstance(value, str):
        return f"{column}:s:{value}"
    if value is None:
        return f"{column}:n:"
    raise TypeError(f"cannot bind {column}={value!r}: use str, int, float, bool or None")


def extra_args(extras: Mapping[str, str | int | float | bool] | None) -> list[str]:
    """``--es/--ei/--el/--ef/--ez`` options of ``am start`` / ``am broadcast``."""
    args: list[str] = []
    for key, value in (extras or {}).items():
        if isinstance(value, bool):
            args += ["--ez", key, "true" if value else "false"]
        elif isinstance(value, int):
            args += ["--ei" if -(2**31) <= value < 2**31 else "--el", key, str(value)]
        elif isinstance(value, float):
            args += ["--ef", key, repr(value)]
        elif isinstance(value, str):
            args += ["--es", key, value]
        else:
            raise TypeError(f"intent extra {key}={value!r}: use str, int, float or bool")
    return args


def input_text_pieces(text: str) -> Iterator[str | None]:
    """What ``input text`` must be sent to type ``text``; None means press ENTER.

    Android's ``input text`` reads ``%s`` as a space (that is how spaces used to survive
    adb's unquoted command line), so a space is sent as ``%s``. A literal ``%`` followed
    by a literal ``s`` would read as a space too: the text is cut between them and sent
    in two commands. A newline is the ENTER key, as in AndroidWorld.
    """
    for index, line in enumerate(text.split("\n")):
        if index:
            yield None
        piece: list[str] = []
        previous = ""
        for char in line:
            if char == "s" and previous == "%" and piece:
                yield "".join(piece)
                piece = []
            piece.append("%s" if char == " " else char)
            previous = "" if char == " " else char
        if piece:
            yield "".join(piece)


#: Most bytes of typed text one ``input text`` command carries, quoted. A phone without
#: shell v2 (before Android 7) takes a service request of at most 4096 bytes (adb's
#: MAX_PAYLOAD_V1); newer ones take what the host protocol's four hex digits allow
#: (65535). Staying under the older limit works on every phone and keeps each command
#: short on a real one, where ``input text`` injects key events one by one.
INPUT_TEXT_CHUNK_BYTES = 4000


def typing_chunks(text: str, budget: int = INPUT_TEXT_CHUNK_BYTES) -> Iterator[str]:
    """``text`` cut into consecutive parts whose ``input text`` argument fits ``budget``.

    Cutting anywhere is safe: each part is encoded on its own (a ``%`` ending one part
    and an ``s`` starting the next are typed by two commands, as a literal ``%s`` is).
    """
    start, used = 0, 0
    for index, char in enumerate(text):
        # Its cost quoted: a space is sent as "%s", a quote as '\'', the rest as UTF-8.
        cost = 2 if char == " " else 4 if char == "'" else len(char.encode("utf-8", "replace"))
        if used + cost > budget and index > start:
            yield text[start:index]
            start, used = index, 0
        used += cost
    if start < len(text):
        yield text[start:]


def argument_batches(
    args: Sequence[str], budget: int = INPUT_TEXT_CHUNK_BYTES
) -> Iterator[list[str]]:
    """``args`` (operands of one command, such as ``touch``'s files) split into
    consecutive runs whose quoted, space-joined form fits ``budget`` bytes, so that each
    run's command line stays under the oldest phone's service limit (above); an argument
    longer than ``budget`` is a run of its own."""
    batch: list[str] = []
    used = 0
    for arg in args:
        cost = len(quote(arg).encode("utf-8")) + 1  # and the space before it
        if batch and used + cost > budget:
            yield batch
            batch, used = [], 0
        batch.append(arg)
        used += cost
    if batch:
        yield batch
