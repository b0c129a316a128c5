"""Stopping ``fastapply serve`` stops every process it started: the large-input worker, its fork
server and the resource tracker end with the server, whether it is stopped (SIGTERM, SIGINT) or
killed (SIGKILL: no shutdown code runs at all)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def group_members(group: int) -> list[str]:
    """The command lines of the live processes in process group `group`."""
    members = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            if int(fields[2]) == group and fields[0] != "Z":
                members.append((stat.parent / "cmdline").read_bytes().replace(b"\0", b" ").decode()[:120])
        except (OSError, IndexError, ValueError):
            continue  # the process ended while being read
    return members


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc to find the server's processes")
@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT, signal.SIGKILL], ids=lambda s: s.name)
def test_no_process_outlives_the_server(tiny_model_dir, stop):
    port = free_port()
    command = [sys.executable, "-m", "fastapply.api.server", "--port", str(port), "--model", str(tiny_model_dir)]
    server = subprocess.Popen(
        [*command, "--device", "cpu", "--log-level", "warning"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,  # its own process group: every process it starts is found by the group id
    )
    try:
        url, deadline = f"http://127.0.0.1:{port}", time.time() + 120
        while True:
            assert server.poll() is None and time.time() < deadline, "the server did not start"
            try:
                if httpx.get(url + "/health", timeout=5).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.2)
        # Over 256 KiB: prepared by the large-input worker. Long lines: the merge's time goes by lines.
        original = "".join(f"value_{i} = compute({i}, {i * 7})  # {'-' * 120}\n" for i in range(2000))
        assert len(original) > 256 * 1024
        first, second, third = original.splitlines(keepends=True)[:3]
        changed = second.replace("compute(1, 7)", "compute(1, 8)")
        snippet = first + changed + third + "# ... existing code ...\n"
        expected = original.replace(second, changed, 1)
        body = {"original": original, "snippet": snippet, "options": {"mode": "deterministic"}}
        answer = httpx.post(url + "/apply", json=body, timeout=120)
        assert answer.status_code == 200 and answer.json()["merged"] == expected
        assert any("forkserver" in m for m in group_members(server.pid))  # the worker ran, under its fork server
        server.send_signal(stop)
        server.wait(30)
        deadline = time.time() + 20
        while group_members(server.pid) and time.time() < deadline:
            time.sleep(0.2)
        assert group_members(server.pid) == []
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
        for _ in group_members(server.pid):
            os.killpg(server.pid, signal.SIGKILL)  # never leave them behind, even when the test fails
            break
