"""``fastapply mcp`` through the official MCP client, over stdio and over streamable HTTP: the tool
list, an edit, a dry run, a flagged edit, bad calls, and two edits at once. Every refused call is a
tool error and leaves the whole tree (the allowed directory and the one beside it) as it was."""

from __future__ import annotations

import anyio
import pytest

from .conftest import CALC, LONG, NO_SDK, SWAP, SWAPPED, UNANCHORED, fingerprint, http_mcp, mcp, stdio_client

pytest.importorskip("mcp", reason=NO_SDK)

pytestmark = pytest.mark.parametrize("transport", ["stdio", "http"])


def run(transport: str, workspace, scenario, *args: str):
    """``scenario(client)`` against a server that may edit `workspace`."""

    async def main(client):
        async with client:
            await scenario(client)

    if transport == "stdio":
        anyio.run(main, stdio_client(str(workspace), *args))
    else:
        with http_mcp(str(workspace), *args) as url:
            anyio.run(main, mcp.Client(url))


async def edit(client, path, code_edit, **extra):
    return await client.call_tool("edit_file", {"path": str(path), "code_edit": code_edit, **extra})


def test_the_tool_dry_run_and_edit(transport, workspace):
    async def scenario(client):
        [tool] = (await client.list_tools()).tools
        assert tool.name == "edit_file"
        assert {"path", "instruction", "code_edit", "dryRun", "allow_flagged"} == set(tool.input_schema["properties"])
        assert set(tool.input_schema["required"]) == {"path", "code_edit"}

        dry = await edit(client, workspace / "calc.py", SWAP, dryRun=True, instruction="I swap sub's operands.")
        assert not dry.is_error and dry.content[0].text.startswith("Dry run, nothing written")
        assert "-    return a - b\n+    return b - a" in dry.structured_content["diff"]
        assert (workspace / "calc.py").read_text() == CALC

        done = await edit(client, "calc.py", SWAP)  # relative to the allowed directory
        assert not done.is_error, done.content[0].text
        assert done.content[0].text.startswith("Applied the edit to calc.py: +1 -1 lines in 1 hunk (deterministic")
        assert done.structured_content["written"] is True and done.structured_content["mode_used"] == "deterministic"
        assert (workspace / "calc.py").read_text() == SWAPPED

    run(transport, workspace, scenario)


def test_a_flagged_edit_leaves_the_file_alone(transport, workspace):
    async def scenario(client):
        before = fingerprint(workspace.parent)
        refused = await edit(client, workspace / "long.py", UNANCHORED)
        assert refused.is_error
        text = refused.content[0].text
        assert text.startswith("Not applied: the merged file for long.py was flagged")
        assert "flag: unsure_merge:" in text and "Candidate diff:\n--- a/long.py" in text
        assert refused.structured_content["written"] is False and refused.structured_content["refused"] is True
        assert fingerprint(workspace.parent) == before  # nothing written, nothing beside it

        dry = await edit(client, workspace / "long.py", UNANCHORED, dryRun=True)
        assert dry.is_error and fingerprint(workspace.parent) == before  # a dry run says the same

        forced = await edit(client, workspace / "long.py", UNANCHORED, allow_flagged=True)
        assert not forced.is_error and forced.structured_content["written"] is True
        assert (workspace / "long.py").read_text().startswith("this chunk anchors nowhere\n")

    run(transport, workspace, scenario)


def test_bad_calls_are_tool_errors_and_change_nothing(transport, workspace):
    (workspace / "latin1.py").write_bytes(b"name = 'caf\xe9'\n")
    (workspace / "blob.bin").write_bytes(b"\x00\x01\x02")
    (workspace / "pkg").mkdir()
    outside = workspace.parent / "outside" / "secret.py"
    bad = [
        (outside, SWAP, "is outside the allowed directories"),
        ("../outside/secret.py", SWAP, "is outside the allowed directories"),
        ("link.py", SWAP, "is outside the allowed directories"),  # a link inside pointing outside
        ("out/secret.py", SWAP, "is outside the allowed directories"),
        ("missing.py", SWAP, "missing.py: no such file"),
        ("latin1.py", "name = 'tea'\n", "latin1.py: not valid UTF-8"),
        ("blob.bin", "x\n", "binary file"),
        ("pkg", SWAP, "pkg: not a regular file"),
        ("calc.py", "  \n", "the edit snippet is empty"),
        ("", SWAP, "path is empty"),
    ]

    async def scenario(client):
        before = fingerprint(workspace.parent)
        for path, code_edit, message in bad:
            answer = await edit(client, path, code_edit)
            assert answer.is_error and message in answer.content[0].text, (path, answer.content[0].text)
            assert fingerprint(workspace.parent) == before, path
        wrong_type = await client.call_tool("edit_file", {"path": "calc.py", "code_edit": 3})
        assert wrong_type.is_error and "code_edit" in wrong_type.content[0].text
        assert fingerprint(workspace.parent) == before

    run(transport, workspace, scenario)


def test_two_edits_of_different_files_at_once(transport, workspace):
    (workspace / "other.py").write_text(CALC)
    long_edit = "value_0 = compute(0, 0)\nvalue_1 = compute(1, 8)\n# ... existing code ...\n"
    answers = {}

    async def scenario(client):
        async def one(name, code_edit):
            answers[name] = await edit(client, name, code_edit)

        async with anyio.create_task_group() as group:
            group.start_soon(one, "other.py", SWAP)
            group.start_soon(one, "long.py", long_edit)

    run(transport, workspace, scenario)
    assert not answers["other.py"].is_error and not answers["long.py"].is_error
    assert (workspace / "other.py").read_text() == SWAPPED
    assert (workspace / "long.py").read_text() == LONG.replace("compute(1, 7)", "compute(1, 8)")
