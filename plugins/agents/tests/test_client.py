"""The model call's policy, against a real HTTP server: time limit, retries that give
up, the concurrency limit across agents, and the reply parser."""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Iterator

import pytest
from pytest_httpserver import HTTPServer
from werkzeug import Request, Response

from droidhub import FatalAgentError
from droidhub_agents.client import ChatClient, ModelCallError
from droidhub_agents.options import T3AOptions
from droidhub_agents.prompts import parse_reply

from conftest import completion

MESSAGES = [{"role": "user", "content": "hi"}]


@pytest.fixture
def threaded_server() -> Iterator[HTTPServer]:
    server = HTTPServer(threaded=True)
    server.start()
    yield server
    server.clear()
    server.stop()


def _options(server: HTTPServer, **extra: object) -> T3AOptions:
    return T3AOptions.model_validate({"base_url": server.url_for("/v1"), **extra})


def test_a_call_past_its_time_limit_is_retried_then_given_up(
    threaded_server: HTTPServer,
) -> None:
    release = threading.Event()
    calls: list[float] = []

    def hang(request: Request) -> Response:
        calls.append(time.monotonic())
        release.wait(10)  # far past the 0.2 s limit; released when the test ends
        return Response(json.dumps(completion("late")), content_type="application/json")

    threaded_server.expect_request("/v1/chat/completions").respond_with_handler(hang)
    client = ChatClient(_options(threaded_server, timeout_s=0.2, max_retries=1))
    client.sleep = lambda _s: None
    try:
        with pytest.raises(ModelCallError, match="still failing after 2 attempts"):
            client.complete(MESSAGES)
    finally:
        release.set()
    assert len(calls) == 2


def test_5xx_without_retry_after_backs_off_doubling(threaded_server: HTTPServer) -> None:
    threaded_server.expect_request("/v1/chat/completions").respond_with_data(
        "overloaded", status=503
    )
    client = ChatClient(_options(threaded_server, max_retries=3, retry_backoff_s=0.5))
    waits: list[float] = []
    client.sleep = waits.append
    with pytest.raises(ModelCallError, match="HTTP 503"):
        client.complete(MESSAGES)
    assert waits == [0.5, 1.0, 2.0]


def test_retry_after_is_capped_by_max_retry_wait(threaded_server: HTTPServer) -> None:
    answers = iter([Response("busy", status=429, headers={"Retry-After": "120"})])

    def handler(request: Request) -> Response:
        early = next(answers, None)
        if early is not None:
            return early
        return Response(json.dumps(completion("ok")), content_type="application/json")

    threaded_server.expect_request("/v1/chat/completions").respond_with_handler(handler)
    client = ChatClient(_options(threaded_server, max_retry_wait_s=7))
    waits: list[float] = []
    client.sleep = waits.append
    reply = client.complete(MESSAGES)
    assert reply.text == "ok" and reply.usage.retries == 1 and waits == [7]


def test_max_concurrency_holds_across_agents(threaded_server: HTTPServer) -> None:
    lock = threading.Lock()
    in_flight, peak = [0], [0]

    def slow(request: Request) -> Response:
        with lock:
            in_flight[0] += 1
            peak[0] = max(peak[0], in_flight[0])
        time.sleep(0.2)
        with lock:
            in_flight[0] -= 1
        return Response(json.dumps(completion("ok")), content_type="application/json")

    threaded_server.expect_request("/v1/chat/completions").respond_with_handler(slow)
    # One client per device, as the runner builds one agent per device.
    clients = [ChatClient(_options(threaded_server, max_concurrency=2)) for _ in range(5)]
    threads = [threading.Thread(target=c.complete, args=(MESSAGES,)) for c in clients]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert peak[0] == 2


@pytest.mark.parametrize(
    ("reply", "action"),
    [
        ('Reason: tap it.\nAction: {"action_type": "click", "index": 4}', {"index": 4}),
        (
            'Reason: the Action: word.\nAction:\n```json\n{"action_type": "navigate_back"}\n```',
            {"action_type": "navigate_back"},
        ),
        ('{"action_type": "open_app", "app_name": "Clock"} done', {"app_name": "Clock"}),
    ],
)
def test_parse_reply_finds_the_action(reply: str, action: dict[str, object]) -> None:
    parsed = parse_reply(reply)
    assert parsed.error is None and parsed.action is not None
    assert action.items() <= parsed.action.to_json().items()


@pytest.mark.parametrize(
    ("reply", "error"),
    [
        ("Reason: hmm\nAction: click the blue one", "no JSON action"),
        ('Action: {"action_type": "click", "index": ', "not valid JSON"),
        ('Action: {"action_type": "fly"}', "action_type"),
        ('Action: {"action_type": "click"}', "needs a target"),
    ],
)
def test_parse_reply_names_what_is_wrong(reply: str, error: str) -> None:
    parsed = parse_reply(reply)
    assert parsed.action is None and parsed.error is not None and error in parsed.error


@pytest.mark.parametrize(
    ("status", "words"),
    [(401, "refused the API key (HTTP 401"), (403, "refused the API key (HTTP 403"),
     (404, "model 'gpt-4o-mini' or its endpoint not found")],
)  # fmt: skip
def test_refused_key_or_unknown_model_is_fatal_at_once(
    threaded_server: HTTPServer, status: int, words: str
) -> None:
    body = json.dumps({"error": {"message": "nope"}})
    threaded_server.expect_request("/v1/chat/completions").respond_with_data(
        body, status=status, content_type="application/json"
    )
    client = ChatClient(_options(threaded_server))
    client.sleep = lambda _s: pytest.fail("a fatal answer must not be retried")
    with pytest.raises(FatalAgentError, match=re.escape(words)):
        client.complete(MESSAGES)
    assert len(threaded_server.log) == 1


def test_the_request_carries_the_messages_as_given_and_the_reply_is_read(
    threaded_server: HTTPServer,
) -> None:
    sent: list[dict[str, object]] = []

    def answer(request: Request) -> Response:
        sent.append(json.loads(request.get_data()))
        return Response(json.dumps(completion("Action: ok")), content_type="application/json")

    threaded_server.expect_request("/v1/chat/completions", method="POST").respond_with_handler(
        answer
    )
    image = {"type": "image_url", "image_url": {"url": "data:image/png;base64,AAAA"}}
    messages = [
        {"role": "system", "content": "be brief"},
        {"role": "user", "content": [{"type": "text", "text": "what is here?"}, image]},
    ]
    client = ChatClient(_options(threaded_server, model="m1", temperature=0.5, max_tokens=7))
    reply = client.complete(messages)
    assert reply.text == "Action: ok" and reply.usage.calls == 1
    assert sent == [{"model": "m1", "messages": messages, "temperature": 0.5, "max_tokens": 7}]
    assert client.where == threaded_server.url_for("/v1").rstrip("/")


def test_loading_the_client_module_leaves_openai_unimported() -> None:
    import subprocess
    import sys

    probe = "import sys, droidhub_agents.client; print('openai' in sys.modules)"
    shown = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert shown.stdout.strip() == "False", shown.stderr


def test_a_fork_while_openai_is_imported_waits_for_the_import() -> None:
    import subprocess
    import sys

    # The child imports openai at once: had the fork come mid-import, it would hang.
    probe = (
        "import os, sys\n"
        "from droidhub_agents.client import ChatClient\n"
        "from droidhub_agents.options import T3AOptions\n"
        "ChatClient(T3AOptions())\n"
        "pid = os.fork()\n"
        "if pid == 0:\n"
        "    import openai\n"
        "    os._exit(0 if openai.OpenAI else 1)\n"
        "print(os.waitpid(pid, 0)[1])\n"
    )
    shown = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                           timeout=120)  # fmt: skip
    assert shown.stdout.strip() == "0", shown.stderr
