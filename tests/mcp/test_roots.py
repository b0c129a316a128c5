"""Started without directories, the server edits inside the client's MCP roots, as Morph's does:
clients on the handshake protocol (every editor's client today) answer ``roots/list``; on a
connection without that back-channel no path is allowed. Over HTTP the directories are required."""

from __future__ import annotations

import subprocess

import anyio
import pytest

from .conftest import CALC, NO_SDK, SWAP, SWAPPED, fingerprint, mcp, mcp_command, stdio_client

pytest.importorskip("mcp", reason=NO_SDK)


def roots(*dirs):
    async def answer(_context):
        return mcp.types.ListRootsResult(roots=[mcp.types.Root(uri=d.as_uri(), name=d.name) for d in dirs])

    return answer


def test_the_clients_roots_are_the_allowed_directories(workspace):
    answers = []

    async def main():
        async with stdio_client(mode="legacy", list_roots_callback=roots(workspace)) as client:
            for path in (workspace / "calc.py", workspace.parent / "outside" / "secret.py"):
                answers.append(await client.call_tool("edit_file", {"path": str(path), "code_edit": SWAP}))

    before = fingerprint(workspace.parent / "outside")
    anyio.run(main)
    inside, outside = answers
    assert not inside.is_error and (workspace / "calc.py").read_text() == SWAPPED
    assert outside.is_error and "is outside the allowed directories" in outside.content[0].text
    assert fingerprint(workspace.parent / "outside") == before


def test_without_directories_or_roots_nothing_is_allowed(workspace):
    async def main():
        async with stdio_client() as client:  # the 2026-07-28 protocol: no roots/list back-channel
            return await client.call_tool("edit_file", {"path": str(workspace / "calc.py"), "code_edit": SWAP})

    answer = anyio.run(main)
    assert answer.is_error and answer.content[0].text.startswith("no allowed directories")
    assert (workspace / "calc.py").read_text() == CALC


def test_http_needs_directories_and_bad_directories_are_refused(tmp_path):
    no_dirs = subprocess.run(mcp_command("--http"), capture_output=True, text=True, timeout=60)
    assert no_dirs.returncode == 2 and "--http needs the allowed directories" in no_dirs.stderr
    missing = subprocess.run(mcp_command(str(tmp_path / "nope")), capture_output=True, text=True, timeout=60)
    assert missing.returncode == 2 and "nope: not a directory" in missing.stderr
