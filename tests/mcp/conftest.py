"""Fixtures for the MCP server: real ``fastapply mcp`` processes (stdio, or streamable HTTP on a
loopback port), the official ``mcp`` client, a workspace with a file outside the allowed
directory, and a fingerprint of a folder tree to show that a refused call changed nothing."""

from __future__ import annotations

import contextlib
import hashlib
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

try:
    import mcp
except ImportError:  # the modules that need it skip themselves (needs_sdk)
    mcp = None

NO_SDK = "the MCP SDK is not installed: pip install 'fastapply[mcp]'"

CALC = "def add(a, b):\n    return a + b\n\n\ndef sub(a, b):\n    return a - b\n"
SWAP = "# ... existing code ...\ndef sub(a, b):\n    return b - a\n"
SWAPPED = CALC.replace("return a - b", "return b - a")
# An unsure merge with a single reading: auto serves it flagged ``unsure_merge`` without a model.
LONG = "".join(f"value_{i} = compute({i}, {i * 7})\n" for i in range(600))
UNANCHORED = "this chunk anchors nowhere\n# ... existing code ...\n"


def fingerprint(root: Path) -> dict:
    """Every entry under `root`: its kind, mode and content hash (a link: its target)."""
    seen = {}
    for folder, dirs, files in os.walk(root):
        for name in dirs + files:
            path = Path(folder) / name
            rel = str(path.relative_to(root))
            if path.is_symlink():
                seen[rel] = ("link", os.readlink(path))
            elif path.is_dir():
                seen[rel] = ("dir", path.stat().st_mode)
            else:
                seen[rel] = ("file", path.stat().st_mode, hashlib.sha256(path.read_bytes()).hexdigest())
    return seen


@pytest.fixture
def workspace(tmp_path) -> Path:
    """``tmp_path/ws`` (the allowed directory) with calc.py and long.py, and ``tmp_path/outside``
    with a file that links from inside the workspace point to."""
    ws, outside = tmp_path / "ws", tmp_path / "outside"
    ws.mkdir()
    outside.mkdir()
    (ws / "calc.py").write_text(CALC)
    (ws / "long.py").write_text(LONG)
    (outside / "secret.py").write_text(CALC)
    (ws / "link.py").symlink_to(outside / "secret.py")
    (ws / "out").symlink_to(outside, target_is_directory=True)
    return ws


def mcp_command(*args: str) -> list[str]:
    return [sys.executable, "-m", "fastapply.cli", "mcp", *args]


def stdio_client(*args: str, **client_options):
    """A client that starts ``fastapply mcp ARGS`` on stdio."""
    return mcp.Client(
        mcp.StdioServerParameters(command=mcp_command()[0], args=mcp_command(*args)[1:]), **client_options
    )


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port: int, process: subprocess.Popen, seconds: float = 60) -> None:
    deadline = time.time() + seconds
    while True:
        if process.poll() is not None:
            process.stderr.seek(0)
            raise RuntimeError(f"the server exited with {process.returncode}: {process.stderr.read()[-2000:]}")
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=1):
            return
        if time.time() > deadline:
            raise RuntimeError("the server did not open its port")
        time.sleep(0.1)


@contextlib.contextmanager
def running(command: list[str], port: int, seconds: float = 60):
    log = tempfile.TemporaryFile("w+")  # a pipe nobody reads would fill and stall the server
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=log, text=True)
    process.stderr = log
    try:
        wait_for_port(port, process, seconds)
        yield process
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()


@contextlib.contextmanager
def http_mcp(*args: str):
    """``fastapply mcp --http ARGS`` on a free loopback port; yields its URL."""
    port = free_port()
    with running(mcp_command("--http", "--port", str(port), *args), port):
        yield f"http://127.0.0.1:{port}/mcp"


@pytest.fixture(scope="session")
def fastapply_server(tiny_model_dir):
    """``fastapply serve`` (auto mode) with a tiny random model: confident edits are merged
    deterministically, exactly as with the embedded model."""
    port = free_port()
    command = [sys.executable, "-m", "fastapply.api.server", "--port", str(port), "--model", str(tiny_model_dir)]
    with running([*command, "--device", "cpu", "--log-level", "warning"], port, seconds=180):
        yield f"http://127.0.0.1:{port}"
