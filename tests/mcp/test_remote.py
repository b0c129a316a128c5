"""``fastapply mcp --server URL``: the same tool, the apply done by a running ``fastapply serve``.
A result the server flags comes back with its warnings and is refused here, as in process."""

from __future__ import annotations

import anyio
import pytest

from .conftest import LONG, NO_SDK, SWAP, SWAPPED, UNANCHORED, fingerprint, free_port, stdio_client

pytest.importorskip("mcp", reason=NO_SDK)


def calls(workspace, *server_args, calls):
    answers = []

    async def main():
        async with stdio_client(str(workspace), *server_args) as client:
            for call in calls:
                answers.append(await client.call_tool("edit_file", call))

    anyio.run(main)
    return answers


def test_edits_through_a_fastapply_server(fastapply_server, workspace):
    before = fingerprint(workspace.parent)
    refused, done = calls(
        workspace,
        "--server",
        fastapply_server,
        calls=[{"path": "long.py", "code_edit": UNANCHORED}, {"path": "calc.py", "code_edit": SWAP}],
    )
    assert refused.is_error and "flag: unsure_merge:" in refused.content[0].text
    assert (workspace / "long.py").read_text() == LONG
    assert not done.is_error and done.structured_content["mode_used"] == "deterministic"
    assert (workspace / "calc.py").read_text() == SWAPPED
    before.pop("ws/calc.py")
    after = fingerprint(workspace.parent)
    after.pop("ws/calc.py")
    assert after == before


def test_an_unreachable_server_is_a_tool_error(workspace):
    url = f"http://127.0.0.1:{free_port()}"
    [answer] = calls(workspace, "--server", url, calls=[{"path": "calc.py", "code_edit": SWAP}])
    assert answer.is_error and f"cannot reach the fastapply server at {url}" in answer.content[0].text
