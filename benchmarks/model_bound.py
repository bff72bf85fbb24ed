"""How close a model-bound run comes to its ideal step rate: many phones, a slow model.

    python benchmarks/model_bound.py [--phones 64] [--latency 1.0] [--episodes 252]

A loopback chat-completions server answers every request after ``--latency`` seconds
with a ``navigate_home`` action (one that costs the phone next to nothing; ``wait``
would add AndroidWorld's own second), so each episode is exactly ``--steps`` model
calls. ``droidhub run --agent t3a --device virtual:N`` (threads) then plays
``--episodes`` episodes of android_world on N virtual phones. With the model the only
bottleneck, N phones make N calls every ``latency`` seconds: that is the ideal rate.
Printed, measured in this one run: model calls per second over the whole run (start-up
and tail included) and from the first answer to the last, each as a ratio to the
ideal. Target (issue 34): at 64 phones and 1 s latency, >= 80 % of the ideal over the
whole run. The default workload is the issue's own measure's: 1,511 model calls (226 t3a
episodes); 252 episodes of 6 calls make 1,512.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

TARGET = 0.80
_REPLY = 'Reason: start from the home screen.\nAction: {"action_type": "navigate_home"}'


class SlowModel:
    """The loopback model: every request answered after ``latency`` seconds; the time
    of each answer kept."""

    def __init__(self, latency: float) -> None:
        self.latency = latency
        self.answered: list[float] = []
        self.lock = threading.Lock()

    def handler(self) -> type[BaseHTTPRequestHandler]:
        model = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            # The headers and the body go out as two writes: with Nagle's algorithm the
            # second waits for the client's delayed ACK (~40 ms on loopback), a cost
            # of this stand-in server, not of the run measured.
            disable_nagle_algorithm = True

            def log_message(self, format: str, *args: object) -> None:
                """Quiet."""

            def do_POST(self) -> None:
                self.rfile.read(int(self.headers.get("Content-Length", 0)))
                time.sleep(model.latency)
                body = json.dumps(
                    {
                        "id": "bench",
                        "object": "chat.completion",
                        "created": 0,
                        "model": "slow",
                        "choices": [
                            {
                                "index": 0,
                                "message": {"role": "assistant", "content": _REPLY},
                                "finish_reason": "stop",
                            }
                        ],
                        "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
                    }
                ).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
                with model.lock:
                    model.answered.append(time.perf_counter())

        return Handler


def _suite_tasks() -> list[str]:
    """The android_world task names, as ``droidhub list`` prints them."""
    listed = subprocess.run(
        [sys.executable, "-m", "droidhub", "list", "--suite", "android_world", "--json"],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    return [json.loads(line)["name"] for line in listed.stdout.splitlines() if line.strip()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--phones", type=int, default=64)
    parser.add_argument("--latency", type=float, default=1.0, help="seconds per model call")
    parser.add_argument("--episodes", type=int, default=252)
    parser.add_argument("--steps", type=int, default=6, help="model calls an episode")
    parser.add_argument("--executor", default="threads", choices=("threads", "processes"))
    args = parser.parse_args()

    model = SlowModel(args.latency)
    server = ThreadingHTTPServer(("127.0.0.1", 0), model.handler())
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/v1"
    # Exactly --episodes episodes: instances of the suite's first tasks. On 64 phones, 252
    # make four rounds less four episodes: the phones that joined last play three (192, a
    # multiple of the phones, make three full rounds, each phone's last ending late by as
    # much as the phone joined late).
    names = sorted(_suite_tasks())
    n = -(-args.episodes // len(names))  # instances a task
    tasks = names[: -(-args.episodes // n)]
    with tempfile.TemporaryDirectory() as tmp:
        command = [
            sys.executable, "-m", "droidhub", "run", "--suite", "android_world",
            "--tasks", ",".join(tasks), "--n-combinations", str(n), "--agent", "t3a",
            "--agent-option", f"base_url={url}", "--agent-option", "model=slow",
            "--agent-option", "api_key=none", "--max-steps", str(args.steps),
            "--device", f"virtual:{args.phones}", "--executor", args.executor,
            "--out", str(Path(tmp) / "run"), "--quiet",
        ]  # fmt: skip
        started = time.perf_counter()
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        ended = time.perf_counter()
        wall = ended - started
    server.shutdown()
    if done.returncode not in (0, 3):
        sys.exit(f"droidhub run failed ({done.returncode}):\n{done.stderr[-2000:]}")
    calls = len(model.answered)
    ideal = args.phones / args.latency
    overall = calls / wall
    # Busy: the span in which answers come at the full rate, from the first answer to
    # the moment the last phone's last episode was handed out (calls past it: the tail).
    first, last = model.answered[0], model.answered[-1]
    steady = calls / (last - first) if last > first else 0.0
    print(
        f"{args.phones} phones, model latency {args.latency:.2f} s: {calls} model calls "
        f"({calls // args.steps} episodes of {args.steps}) in {wall:.1f} s"
    )
    print(f"ideal rate                  {ideal:7.1f} calls/s")
    print(
        f"start-up {first - started:5.1f} s to the first answer, tail {ended - last:5.1f} s "
        "after the last"
    )
    print(f"whole run (start-up, tail)  {overall:7.1f} calls/s = {overall / ideal:5.1%} of ideal")
    print(f"first to last answer        {steady:7.1f} calls/s = {steady / ideal:5.1%} of ideal")
    verdict = "met" if overall / ideal >= TARGET else "MISSED"
    print(f"target: >= {TARGET:.0%} of ideal over the whole run: {verdict}")


if __name__ == "__main__":
    main()
