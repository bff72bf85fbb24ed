"""The words of the virtual phone's shell (Android's mksh): how a command line is cut into
operators, words (literal and ``$`` parts, with their quoting) and redirections."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_OPERATORS = ("&&", "||", ";;", ";", "|", "&", "(", ")")
_OPERATOR_STARTS = frozenset(op[0] for op in _OPERATORS)
_WORD_END = set(" \t\n;&|<>()")
#: Characters that start an expansion (``$``) or a refused command substitution.
_EXPANDING = "$`"


def _run_end(characters: str) -> re.Pattern[str]:
    return re.compile("[" + re.escape("".join(sorted(characters))) + "]")


#: Characters a word's plain run stops at: its end, and those that mean more than
#: themselves (escapes, quotes, expansions). A run of any others is one literal.
_PLAIN_RUN_END = _run_end("".join(_WORD_END) + "\\'\"" + _EXPANDING)
#: What a run inside double quotes stops at: its end, an escape, an expansion.
_QUOTED_RUN_END = _run_end('"\\' + _EXPANDING)
RESERVED = frozenset(
    {"if", "then", "elif", "else", "fi", "do", "done", "case", "esac", "while", "until"}
    | {"for", "in", "{", "}", "!", "function"}
)


class ShellSyntaxError(Exception):
    """The command line cannot be parsed; the message is mksh's wording."""


class IncompleteInput(ShellSyntaxError):
    """The command line ends inside a quote or a compound command: a shell reading its
    commands from input reads the next line before it runs this one."""


def unexpected(token: str) -> ShellSyntaxError:
    """mksh's error for a token where none of its kind may stand."""
    shown = "newline" if token == "\n" else token
    return ShellSyntaxError(f"syntax error: '{shown}' unexpected")


# --- words --------------------------------------------------------------------------------
@dataclass(frozen=True)
class Lit:
    """Literal text of a word; ``quoted`` text is never globbed nor split."""

    text: str
    quoted: bool


@dataclass(frozen=True)
class Var:
    """A parameter expansion: ``$NAME``, ``${NAME}``, ``$?``, ``$1``, ``$@``..."""

    name: str
    quoted: bool


@dataclass
class Word:
    """One shell word as written: its literal and expanded parts in order."""

    parts: list[Lit | Var] = field(default_factory=list)

    def add(self, text: str, quoted: bool) -> None:
        """Append literal text (to the last part when that is literal text quoted alike:
        ``ab`` is one part, not two)."""
        parts = self.parts
        if parts and text:
            last = parts[-1]
            if type(last) is Lit and last.quoted == quoted:
                parts[-1] = Lit(last.text + text, quoted)
                return
        parts.append(Lit(text, quoted))

    def plain(self) -> str | None:
        """The word's text when it is all unquoted literal text (a reserved word can be)."""
        if not self.parts or any(not isinstance(p, Lit) or p.quoted for p in self.parts):
            return None
        return "".join(p.text for p in self.parts if isinstance(p, Lit))


@dataclass
class Redirect:
    """``N> f``, ``N>> f``, ``N< f`` or ``N>&M``."""

    fd: int
    op: str  # ">", ">>", "<", ">&"
    target: Word


# --- lexer --------------------------------------------------------------------------------
Token = str | Word | Redirect


def lex(line: str) -> list[Token]:
    """Split a command line into operators (str, newline included), words and redirections."""
    tokens: list[Token] = []
    i, n = 0, len(line)
    while i < n:
        c = line[i]
        if c in " \t":
            i += 1
        elif c == "\n":
            tokens.append("\n")
            i += 1
        elif c == "#":
            while i < n and line[i] != "\n":
                i += 1
        elif c in _OPERATOR_STARTS:
            op = next(op for op in _OPERATORS if line.startswith(op, i))
            # `&` runs in order here (no background jobs): it ends a command as `;` does.
            tokens.append(";" if op == "&" else op)
            i += len(op)
        else:
            j = i
            while j < n and line[j].isdigit():
                j += 1
            if j < n and line[j] in "<>" and (j > i or c in "<>"):
                redirect, i = _lex_redirect(line, i, j)
                tokens.append(redirect)
            else:
                word, i = _lex_word(line, i)
                tokens.append(word)
    return tokens


def _lex_redirect(line: str, start: int, op_at: int) -> tuple[Redirect, int]:
    digits = line[start:op_at]
    i = op_at
    if line.startswith(">>", i):
        op, i = ">>", i + 2
    elif line.startswith(">&", i):
        op, i = ">&", i + 2
    elif line.startswith("<<", i):
        raise ShellSyntaxError("syntax error: here-documents are not supported")
    else:
        op, i = line[i], i + 1
    fd = int(digits) if digits else (0 if op == "<" else 1)
    while i < len(line) and line[i] in " \t":
        i += 1
    if i >= len(line) or line[i] in _WORD_END:
        raise unexpected(op)
    target, i = _lex_word(line, i)
    return Redirect(fd, op, target), i


def _lex_word(line: str, i: int) -> tuple[Word, int]:
    word = Word()
    n = len(line)
    while i < n and line[i] not in _WORD_END:
        c = line[i]
        if c == "\\":
            if i + 1 < n and line[i + 1] == "\n":
                i += 2
            elif i + 1 < n:
                word.add(line[i + 1], True)
                i += 2
            else:
                i += 1
        elif c == "'":
            end = line.find("'", i + 1)
            if end < 0:
                raise IncompleteInput("syntax error: unterminated quoted string")
            word.add(line[i + 1 : end], True)
            i = end + 1
        elif c == '"':
            i = _lex_double_quoted(line, i + 1, word)
        elif c in _EXPANDING:
            i = _lex_char(line, i, word, quoted=False)
        else:
            i = _lex_run(line, i, word, _PLAIN_RUN_END, quoted=False)
    return word, i


def _lex_double_quoted(line: str, i: int, word: Word) -> int:
    n = len(line)
    # An empty "" still makes a (quoted, empty) word part.
    word.add("", True)
    while True:
        if i >= n:
            raise IncompleteInput("syntax error: unterminated quoted string")
        c = line[i]
        if c == '"':
            return i + 1
        if c == "\\" and i + 1 < n and line[i + 1] in '$`"\\\n':
            if line[i + 1] != "\n":
                word.add(line[i + 1], True)
            i += 2
        elif c in _EXPANDING or c == "\\":
            i = _lex_char(line, i, word, quoted=True)
        else:
            i = _lex_run(line, i, word, _QUOTED_RUN_END, quoted=True)


def _lex_run(line: str, i: int, word: Word, end: re.Pattern[str], quoted: bool) -> int:
    """A run of characters that stand for themselves, up to the first that ``end``
    matches (or the line's end): one literal part of ``word``. The index after it."""
    stop = end.search(line, i)
    j = stop.start() if stop else len(line)
    word.add(line[i:j], quoted)
    return j


def _lex_char(line: str, i: int, word: Word, quoted: bool) -> int:
    """A character that means the same inside double quotes and out: ``$`` starts an
    expansion, a backquote is refused, any other stands for itself."""
    c = line[i]
    if c == "$":
        return _lex_dollar(line, i, word, quoted)
    if c == "`":
        raise ShellSyntaxError("syntax error: command substitution is not supported")
    word.add(c, quoted)
    return i + 1


def _lex_dollar(line: str, i: int, word: Word, quoted: bool) -> int:
    n = len(line)
    nxt = line[i + 1] if i + 1 < n else ""
    if nxt in ("?", "$", "#", "!", "@", "*") or nxt.isdigit():
        word.parts.append(Var(nxt, quoted))
        return i + 2
    if nxt == "(":
        raise ShellSyntaxError("syntax error: command substitution is not supported")
    if nxt == "{":
        end = line.find("}", i + 2)
        if end < 0:
            raise ShellSyntaxError("syntax error: missing '}'")
        word.parts.append(Var(line[i + 2 : end], quoted))
        return end + 1
    j = i + 1
    while j < n and (line[j].isalnum() or line[j] == "_"):
        j += 1
    if j == i + 1:
        word.add("$", quoted)
        return i + 1
    word.parts.append(Var(line[i + 1 : j], quoted))
    return j
