"""One chat-completions call with the policy users need around it.

Per-call time limit; retries with doubling back-off on 429, 5xx, timeouts and refused
connections, honouring the server's ``Retry-After``; a refused key (401/403) or an
unknown model/endpoint (404) raises :class:`droidhub.FatalAgentError`, which stops the
run at once, because every later call would fail the same way.
"""

from __future__ import annotations

import email.utils
import importlib
import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from types import ModuleType
from typing import TYPE_CHECKING, Any

from droidhub import FatalAgentError
from droidhub_agents.options import LLMOptions

if TYPE_CHECKING:
    import openai

_SEMAPHORES: dict[tuple[str, str, int], threading.BoundedSemaphore] = {}
_SEMAPHORES_LOCK = threading.Lock()
# One OpenAI client per server, key and timeout, shared by every agent of a run: the
# client (an httpx connection pool) is safe across threads, and building one (its TLS
# context) costs tens of milliseconds, which 64 phones would pay 64 times as they start.
# Keyed by process too: a forked worker makes its own rather than share sockets.
_OPENAI_CLIENTS: dict[tuple[int, str, str | None, float], openai.OpenAI] = {}
_OPENAI_CLIENTS_LOCK = threading.Lock()
#: Where the ``openai`` client sends requests when no base URL is given.
DEFAULT_BASE_URL = "https://api.openai.com/v1"
_IMPORTING: list[threading.Thread] = []


def _openai() -> ModuleType:
    """The ``openai`` package, imported on first use.

    Importing it takes most of a second of CPU. :class:`ChatClient` starts that import
    on a thread when it is built, so a run sets up its first episodes' phones (which
    mostly wait on the phones) while the import runs, instead of after it.
    """
    return importlib.import_module("openai")


def _start_importing_openai() -> None:
    with _OPENAI_CLIENTS_LOCK:
        if _IMPORTING:
            return
        importing = threading.Thread(target=_openai, name="droidhub-openai-import")
        _IMPORTING.append(importing)
        # A process forked mid-import would find the import's locks held by a thread it
        # does not have, and its own `import openai` would wait forever: forks wait.
        os.register_at_fork(before=importing.join)
        importing.start()


class ModelCallError(RuntimeError):
    """A model call that failed for this episode only (retries exhausted, bad request)."""


@dataclass
class Usage:
    """What model calls cost: summed per step here, per episode by the runner."""

    prompt_tokens: int = 0
    completion_tokens: int = 0
    total_tokens: int = 0
    calls: int = 0
    retries: int = 0
    latency_s: float = 0.0
    cost: float | None = None

    def add(self, other: Usage) -> None:
        """Add ``other``'s counts to these."""
        self.prompt_tokens += other.prompt_tokens
        self.completion_tokens += other.completion_tokens
        self.total_tokens += other.total_tokens
        self.calls += other.calls
        self.retries += other.retries
        self.latency_s += other.latency_s
        if other.cost is not None:
            self.cost = (self.cost or 0.0) + other.cost

    def to_json(self) -> dict[str, Any]:
        """Numbers only (the runner sums them); cost only when prices were given."""
        data: dict[str, Any] = {
            "prompt_tokens": self.prompt_tokens,
            "completion_tokens": self.completion_tokens,
            "total_tokens": self.total_tokens,
            "calls": self.calls,
            "retries": self.retries,
            "latency_s": round(self.latency_s, 4),
        }
        if self.cost is not None:
            data["cost"] = round(self.cost, 8)
        return data


@dataclass
class Reply:
    """The text of one answered call, with the model that answered and its usage."""

    text: str
    model: str
    usage: Usage = field(default_factory=Usage)


def _retry_after(exc: openai.APIStatusError) -> float | None:
    """Seconds the server asks us to wait (``Retry-After``: seconds or an HTTP date)."""
    value = exc.response.headers.get("retry-after")
    if value is None:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    when = email.utils.parsedate_to_datetime(value) if value else None
    if when is None:
        return None
    return max(0.0, when.timestamp() - time.time())


def _first_line(exc: Exception) -> str:
    """The server's own error message if it sent one, else the exception's first line."""
    body = getattr(exc, "body", None)
    if isinstance(body, dict):
        error = body.get("error")
        inner: dict[str, Any] = error if isinstance(error, dict) else body
        message = inner.get("message")
        if isinstance(message, str) and message.strip():
            return message.strip().splitlines()[0][:300]
    text = str(exc).strip().splitlines()
    return text[0][:300] if text else type(exc).__name__


def _shared_openai_client(api_key: str, base_url: str | None, timeout: float) -> openai.OpenAI:
    key = (os.getpid(), api_key, base_url, timeout)
    openai = _openai()
    with _OPENAI_CLIENTS_LOCK:
        client = _OPENAI_CLIENTS.get(key)
        if client is None:
            client = _OPENAI_CLIENTS[key] = openai.OpenAI(
                api_key=api_key, base_url=base_url, timeout=timeout, max_retries=0
            )
        return client


class ChatClient:
    """Calls one model on one OpenAI-compatible server with the options' policy.

    Clients built with the same server and ``max_concurrency`` share one limit on
    calls in flight, so N devices do not send more than ``max_concurrency`` at once.
    """

    def __init__(self, options: LLMOptions, sleep: Callable[[float], None] = time.sleep) -> None:
        self.options = options
        self.sleep = sleep
        self._base_url = options.base_url or os.environ.get("OPENAI_BASE_URL") or None
        # Local servers (vLLM, Ollama, llama.cpp) accept any key, but the client wants one.
        self._api_key = options.api_key or os.environ.get("OPENAI_API_KEY") or "no-key"
        self.where = (self._base_url or DEFAULT_BASE_URL).rstrip("/")
        _start_importing_openai()
        self.limit: threading.BoundedSemaphore | None = None
        if options.max_concurrency:
            key = (self.where, options.model, options.max_concurrency)
            with _SEMAPHORES_LOCK:
                self.limit = _SEMAPHORES.setdefault(
                    key, threading.BoundedSemaphore(options.max_concurrency)
                )

    @property
    def client(self) -> openai.OpenAI:
        """The ``openai`` client of this server, key and time limit (shared, made on
        first use)."""
        return _shared_openai_client(self._api_key, self._base_url, self.options.timeout_s)

    def complete(self, messages: list[dict[str, Any]]) -> Reply:
        """Send ``messages``; return the reply, retrying what may pass on a retry."""
        openai = _openai()
        opts = self.options
        usage = Usage()
        for attempt in range(opts.max_retries + 1):
            started = time.monotonic()
            try:
                response = self._call(messages)
            except (openai.AuthenticationError, openai.PermissionDeniedError) as exc:
                raise FatalAgentError(
                    f"model server {self.where} refused the API key (HTTP {exc.status_code}: "
                    f"{_first_line(exc)}); set OPENAI_API_KEY or --agent-option api_key=KEY"
                ) from None
            except openai.NotFoundError as exc:
                raise FatalAgentError(
                    f"model {opts.model!r} or its endpoint not found at {self.where} "
                    f"(HTTP 404: {_first_line(exc)}); check --agent-option model=NAME and "
                    "base_url=URL (it usually ends in /v1)"
                ) from None
            except (openai.RateLimitError, openai.InternalServerError) as exc:
                usage.latency_s += time.monotonic() - started
                wait = _retry_after(exc)
                problem = f"HTTP {exc.status_code}: {_first_line(exc)}"
            except (openai.APIConnectionError, openai.APITimeoutError) as exc:
                usage.latency_s += time.monotonic() - started
                wait, problem = None, _first_line(exc)
            except openai.APIStatusError as exc:
                raise ModelCallError(
                    f"model server {self.where} answered HTTP {exc.status_code}: {_first_line(exc)}"
                ) from None
            else:
                usage.latency_s += time.monotonic() - started
                usage.calls += 1
                return self._reply(response, usage)
            if attempt == opts.max_retries:
                break
            usage.retries += 1
            if wait is None:
                wait = opts.retry_backoff_s * 2**attempt
            self.sleep(min(wait, opts.max_retry_wait_s))
        raise ModelCallError(
            f"model server {self.where} still failing after {opts.max_retries + 1} "
            f"attempts: {problem}"
        )

    def _call(self, messages: list[dict[str, Any]]) -> Any:
        opts = self.options
        kwargs: dict[str, Any] = {
            "model": opts.model,
            "messages": messages,
            "temperature": opts.temperature,
            "max_tokens": opts.max_tokens,
        }
        client = self.client
        # The request as it is, through the client's own request path (its errors, time
        # limit and parsing): ``chat.completions.create`` would first walk the messages
        # to convert typed parameters, which plain JSON messages do not need: about a
        # quarter of the client's CPU a call.
        from openai.types.chat import ChatCompletion

        if self.limit is None:
            return client.post("/chat/completions", body=kwargs, cast_to=ChatCompletion)
        with self.limit:
            return client.post("/chat/completions", body=kwargs, cast_to=ChatCompletion)

    def _reply(self, response: Any, usage: Usage) -> Reply:
        text = ""
        if response.choices:
            text = response.choices[0].message.content or ""
        counted = response.usage
        if counted is not None:
            usage.prompt_tokens += counted.prompt_tokens or 0
            usage.completion_tokens += counted.completion_tokens or 0
            usage.total_tokens += counted.total_tokens or 0
        usage.cost = self.options.cost(usage.prompt_tokens, usage.completion_tokens)
        return Reply(text=text, model=response.model or self.options.model, usage=usage)
