"""A client that runs as another user: what a server answers uid 65534 (nobody).

Root can drop a forked child to nobody; the child connects, sends, reads until the
server closes, and hands the bytes back through a pipe. Tests that use it skip unless
run as root (``AS_ROOT``)."""

from __future__ import annotations

import os
import socket

#: Whether this process may switch users (tests of other users' clients need it).
AS_ROOT = os.name == "posix" and os.getuid() == 0
NOBODY = 65534


def exchange_as_nobody(port: int, payload: bytes, timeout: float = 20.0) -> bytes:
    """What a client running as nobody reads from 127.0.0.1:``port`` after sending
    ``payload`` (until the server closes or ``timeout``); ``error ...`` when it failed."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: drop to nobody, ask, report through the pipe
        answer = b"?"
        try:
            os.setgroups([])
            os.setgid(NOBODY)
            os.setuid(NOBODY)
            with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
                sock.sendall(payload)
                answer = b""
                while chunk := sock.recv(4096):
                    answer += chunk
        except OSError as exc:
            answer += f"error {exc}".encode()
        finally:
            os.write(write_end, answer)
            os._exit(0)
    os.close(write_end)
    try:
        answer = b""
        while chunk := os.read(read_end, 4096):
            answer += chunk
    finally:
        os.close(read_end)
        os.waitpid(pid, 0)
    return answer
