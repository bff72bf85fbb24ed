"""The grammar of the virtual phone's ``/system/bin/sh`` (Android's mksh): lexer and parser.

A command line becomes a :data:`Sequence` of pipelines joined by ``;``, ``&&`` and
``||``; a pipeline's commands are simple commands (words and redirections) or mksh's
compound commands: ``if``/``then``/``elif``/``else``/``fi``, ``while``/``until``
... ``do``/``done``, ``for NAME [in WORDS]``, ``case WORD in PATTERN) ... ;; esac``,
``{ ...; }`` and function definitions (``name() { ...; }``, ``function name { ...; }``).
Reserved words are reserved only where a command starts, as in mksh. What the virtual
shell does not model (subshells ``( )``, command substitution, arithmetic, here-documents)
is a :class:`ShellSyntaxError`, never a silent success.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

from droidhub.virtual.shell_lexer import (
    RESERVED,
    IncompleteInput,
    Lit,
    Redirect,
    ShellSyntaxError,
    Token,
    Var,
    Word,
    lex,
    unexpected,
)

__all__ = [
    "Case",
    "Command",
    "For",
    "FunctionDef",
    "Group",
    "If",
    "Lit",
    "Loop",
    "Pipeline",
    "Redirect",
    "Sequence",
    "ShellSyntaxError",
    "Simple",
    "Var",
    "Word",
    "incomplete",
    "is_name",
    "parse",
]


# --- commands -----------------------------------------------------------------------------
@dataclass
class Simple:
    """A simple command: assignments, words and redirections."""

    words: list[Word] = field(default_factory=list)
    redirects: list[Redirect] = field(default_factory=list)


@dataclass
class Pipeline:
    """Commands joined by ``|``, its status negated by a leading ``!``."""

    commands: list[Command]
    negate: bool = False


#: A command list: each pipeline with the operator (``;``, ``&&``, ``||``) joining it to
#: the one before.
Sequence = list[tuple[str, Pipeline]]


@dataclass
class If:
    """``if C; then B; [elif C; then B;]... [else B;] fi``."""

    branches: list[tuple[Sequence, Sequence]]
    otherwise: Sequence | None
    redirects: list[Redirect] = field(default_factory=list)


@dataclass
class Loop:
    """``while C; do B; done`` (``until`` when ``until`` is set)."""

    condition: Sequence
    body: Sequence
    until: bool
    redirects: list[Redirect] = field(default_factory=list)


@dataclass
class For:
    """``for NAME [in WORDS]; do B; done`` (no ``in``: the positional parameters)."""

    name: str
    items: list[Word] | None
    body: Sequence
    redirects: list[Redirect] = field(default_factory=list)


@dataclass
class Case:
    """``case WORD in P|P) B;; ... esac``."""

    subject: Word
    items: list[tuple[list[Word], Sequence]]
    redirects: list[Redirect] = field(default_factory=list)


@dataclass
class Group:
    """``{ B; }``: a list run in the current shell."""

    body: Sequence
    redirects: list[Redirect] = field(default_factory=list)


@dataclass
class FunctionDef:
    """``name() COMMAND`` or ``function name COMMAND``."""

    name: str
    body: Command
    redirects: list[Redirect] = field(default_factory=list)


Command = Simple | If | Loop | For | Case | Group | FunctionDef


# --- parser -------------------------------------------------------------------------------
def is_name(text: str) -> bool:
    """Whether ``text`` is a shell identifier (a variable or function name)."""
    return bool(text) and (text[0].isalpha() or text[0] == "_") and text.replace("_", "a").isalnum()


class _Parser:
    """Recursive descent over the tokens of one command line."""

    def __init__(self, tokens: list[Token]) -> None:
        self.tokens = tokens
        self.at = 0

    def peek(self) -> Token | None:
        return self.tokens[self.at] if self.at < len(self.tokens) else None

    def reserved(self) -> str | None:
        """The reserved word at the cursor, if the token there is one."""
        token = self.peek()
        text = token.plain() if isinstance(token, Word) else None
        return text if text in RESERVED else None

    def take(self) -> Token:
        token = self.tokens[self.at]
        self.at += 1
        return token

    def skip_separators(self, newlines_only: bool = False) -> None:
        while self.peek() == "\n" or (not newlines_only and self.peek() == ";"):
            self.at += 1

    def expect(self, word: str, opener: str) -> None:
        if self.reserved() != word:
            raise self.unexpected_here(opener)
        self.at += 1

    def unexpected_here(self, opener: str) -> ShellSyntaxError:
        """The error for the token at hand: the end of the line inside ``opener`` (``if``,
        ``{``...; none: where a command should follow), or the token itself."""
        token = self.peek()
        if token is not None:
            return unexpected(token if isinstance(token, str) else _shown(token))
        if opener:
            return IncompleteInput(f"syntax error: '{opener}' unmatched")
        return IncompleteInput("syntax error: unexpected end of input")

    def sequence(self, stop: frozenset[str], opener: str = "", empty_ok: bool = False) -> Sequence:
        """Pipelines up to (not including) a reserved word in ``stop``, ``;;`` or the end."""
        result: Sequence = []
        self.skip_separators()
        while (token := self.peek()) is not None and token != ";;" and self.reserved() not in stop:
            joiner = ";"
            while True:
                result.append((joiner, self.pipeline(opener)))
                if self.peek() not in ("&&", "||"):
                    break
                joiner = str(self.take())
                self.skip_separators(newlines_only=True)
            if self.peek() in (";", "\n"):
                self.skip_separators()
            elif self.peek() not in (None, ";;") and self.reserved() not in stop:
                raise self.unexpected_here(opener)
        if not result and not empty_ok:
            raise self.unexpected_here(opener)
        return result

    def pipeline(self, opener: str) -> Pipeline:
        negate = False
        if self.reserved() == "!":
            self.at += 1
            negate = True
        commands = [self.command(opener)]
        while self.peek() == "|":
            self.at += 1
            self.skip_separators(newlines_only=True)
            commands.append(self.command(opener))
        return Pipeline(commands, negate)

    def command(self, opener: str) -> Command:
        word = self.reserved()
        token = self.peek()
        if token is None:
            raise self.unexpected_here(opener)
        compound: Command | None = None
        if word == "if":
            compound = self._if()
        elif word in ("while", "until"):
            compound = self._loop(word)
        elif word == "for":
            compound = self._for()
        elif word == "case":
            compound = self._case()
        elif word == "{":
            self.at += 1
            body = self.sequence(frozenset({"}"}), "{")
            self.expect("}", "{")
            compound = Group(body)
        elif word == "function":
            return FunctionDef(self._name_after("function"), self.command("function"))
        elif word is not None and word != "!":
            raise unexpected(word)
        elif isinstance(token, str):
            raise unexpected(token)
        if compound is None:
            return self._simple_or_function()
        while isinstance(self.peek(), Redirect):
            compound.redirects.append(self.take())  # type: ignore[arg-type]
        return compound

    def _simple_or_function(self) -> Command:
        first = self.peek()
        after = self.tokens[self.at + 1 : self.at + 3]
        if (
            isinstance(first, Word)
            and len(after) == 2
            and after[0] == "("  # a Word is never equal to an operator
            and after[1] == ")"
            and is_name(first.plain() or "")
        ):
            self.at += 3
            self.skip_separators(newlines_only=True)
            return FunctionDef(first.plain() or "", self.command("()"))
        simple = Simple()
        while isinstance(token := self.peek(), Word | Redirect):
            if isinstance(token, Word):
                simple.words.append(token)
            else:
                simple.redirects.append(token)
            self.at += 1
        if self.peek() == "(":
            raise unexpected("(")
        return simple

    def _if(self) -> If:
        self.at += 1
        branches: list[tuple[Sequence, Sequence]] = []
        otherwise: Sequence | None = None
        while True:
            condition = self.sequence(frozenset({"then"}), "if")
            self.expect("then", "if")
            body = self.sequence(frozenset({"elif", "else", "fi"}), "if")
            branches.append((condition, body))
            if self.reserved() != "elif":
                break
            self.at += 1
        if self.reserved() == "else":
            self.at += 1
            otherwise = self.sequence(frozenset({"fi"}), "if")
        self.expect("fi", "if")
        return If(branches, otherwise)

    def _loop(self, word: str) -> Loop:
        self.at += 1
        condition = self.sequence(frozenset({"do"}), word)
        self.expect("do", word)
        body = self.sequence(frozenset({"done"}), word)
        self.expect("done", word)
        return Loop(condition, body, until=word == "until")

    def _name_after(self, keyword: str) -> str:
        """The name after ``keyword`` (``function NAME``, ``for NAME``), read past it and
        the line breaks after it; a syntax error unless it is a shell name."""
        self.at += 1
        name = self.peek()
        if not isinstance(name, Word) or not is_name(name.plain() or ""):
            raise ShellSyntaxError(f"syntax error: '{keyword}' bad identifier")
        self.at += 1
        self.skip_separators(newlines_only=True)
        return name.plain() or ""

    def _for(self) -> For:
        name = self._name_after("for")
        items: list[Word] | None = None
        if self.reserved() == "in":
            self.at += 1
            items = []
            while isinstance(token := self.peek(), Word):
                items.append(token)
                self.at += 1
        if self.peek() in (";", "\n"):
            self.skip_separators()
        self.expect("do", "for")
        body = self.sequence(frozenset({"done"}), "for")
        self.expect("done", "for")
        return For(name, items, body)

    def _case(self) -> Case:
        self.at += 1
        subject = self.peek()
        if not isinstance(subject, Word):
            raise ShellSyntaxError("syntax error: 'case' unmatched")
        self.at += 1
        self.skip_separators(newlines_only=True)
        self.expect("in", "case")
        self.skip_separators(newlines_only=True)
        items: list[tuple[list[Word], Sequence]] = []
        while self.reserved() != "esac":
            if self.peek() == "(":
                self.at += 1
            patterns: list[Word] = []
            while True:
                pattern = self.peek()
                if not isinstance(pattern, Word):
                    raise ShellSyntaxError("syntax error: 'case' unmatched")
                patterns.append(pattern)
                self.at += 1
                if self.peek() != "|":
                    break
                self.at += 1
            if self.peek() != ")":
                raise ShellSyntaxError("syntax error: 'case' unmatched")
            self.at += 1
            body = self.sequence(frozenset({"esac"}), "case", empty_ok=True)
            items.append((patterns, body))
            if self.peek() == ";;":
                self.at += 1
                self.skip_separators(newlines_only=True)
        self.expect("esac", "case")
        return Case(subject, items)


def _shown(token: Word | Redirect) -> str:
    if isinstance(token, Redirect):
        return token.op
    return "".join(p.text if isinstance(p, Lit) else "$" + p.name for p in token.parts)


#: Command lines up to this long are remembered parsed (:func:`parse`); a longer one
#: (a script, a file's text in an ``echo``) is rarely sent twice.
REMEMBERED_LINE_MAX = 4096


def parse(line: str) -> Sequence:
    """Parse a whole command line (several lines for a script) into a :data:`Sequence`.

    Clients send the same few lines again and again (a dump, a tap, a setting read),
    so a short line's tree is remembered and shared: callers only read it.
    """
    return _remembered(line) if len(line) <= REMEMBERED_LINE_MAX else _parse(line)


def incomplete(line: str) -> bool:
    """Whether ``line`` ends inside a quote or a compound command (``{``, ``if``, a
    ``&&`` or ``|`` with nothing after it): sh, reading commands from its input, then
    reads the next line too before running any of it."""
    try:
        parse(line)
    except IncompleteInput:
        return True
    except ShellSyntaxError:
        return False
    return False


@functools.lru_cache(maxsize=256)
def _remembered(line: str) -> Sequence:
    return _parse(line)


def _parse(line: str) -> Sequence:
    parser = _Parser(lex(line))
    result = parser.sequence(frozenset(), empty_ok=True)
    token = parser.peek()
    if token is not None:
        raise unexpected(token if isinstance(token, str) else _shown(token))
    return result
