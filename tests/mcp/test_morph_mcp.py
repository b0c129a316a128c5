"""Morph's own MCP server, ``@morphllm/morphmcp`` (pinned in ``tests/mcp/morph_mcp/package.json``),
with ``MORPH_API_URL`` pointed at a fastapply server, driven by the official MCP client over stdio.

Its ``edit_file`` reads the file, sends the apply through ``@morphllm/morphsdk`` (a streamed
``/v1/chat/completions`` request; files of 128 KiB and more in Morph's compacted large-file form)
and writes what comes back. The file it writes must be the one ``POST /apply`` returns, and a result
the server refuses (422) must leave the file as it was.

Installed once, not by the tests: ``make mcp-node`` (``npm ci`` into ``.cache/node-mcp/``, ignored by
git). Without node or that install the module is skipped; it never touches the network.
``FASTAPPLY_NODE_MCP_DIR`` points it at another install folder.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import anyio
import httpx
import pytest

from .conftest import CALC, LONG, NO_SDK, SWAP, SWAPPED, UNANCHORED, fingerprint, mcp

pytest.importorskip("mcp", reason=NO_SDK)

HERE = Path(__file__).parent / "morph_mcp"
ROOT = Path(__file__).resolve().parents[2]
MCP_DIR = Path(os.environ.get("FASTAPPLY_NODE_MCP_DIR") or ROOT / ".cache" / "node-mcp")
PACKAGE = MCP_DIR / "node_modules" / "@morphllm" / "morphmcp"
PINNED = json.loads((HERE / "package.json").read_text())["dependencies"]["@morphllm/morphmcp"]
NODE = shutil.which("node")


def installed_version() -> str | None:
    try:
        return json.loads((PACKAGE / "package.json").read_text())["version"]
    except (OSError, ValueError, KeyError):
        return None


INSTALLED = installed_version()
pytestmark = [
    pytest.mark.skipif(NODE is None, reason="node is not installed: Morph's MCP server cannot run"),
    pytest.mark.skipif(
        INSTALLED is None, reason=f"@morphllm/morphmcp is not installed in {MCP_DIR}: run `make mcp-node`"
    ),
    pytest.mark.skipif(
        INSTALLED is not None and INSTALLED != PINNED,
        reason=f"@morphllm/morphmcp {INSTALLED} in {MCP_DIR}, {PINNED} pinned: run `make mcp-node`",
    ),
]


def morph_mcp_client(url: str, *dirs: Path):
    """A client that starts Morph's server as its README configures it: the allowed directories as
    arguments, the API's URL and key in the environment (nothing else of this process's)."""
    env = {"PATH": os.environ.get("PATH", ""), "HOME": os.environ.get("HOME", "/tmp")}
    env.update(MORPH_API_URL=url, MORPH_API_KEY="sk-unused")
    server = mcp.StdioServerParameters(
        command=NODE, args=[str(PACKAGE / "dist" / "index.js"), *map(str, dirs)], env=env
    )
    return mcp.Client(server)


def morph_edits(url: str, workspace: Path, *calls: dict) -> list:
    answers = []

    async def main():
        async with morph_mcp_client(url, workspace) as client:
            for call in calls:
                answers.append(await client.call_tool("edit_file", {"instruction": "", **call}))

    anyio.run(main)
    return answers


def served(url: str, original: str, snippet: str, instruction: str = "") -> str:
    body = {"original": original, "snippet": snippet, "instruction": instruction}
    return httpx.post(url + "/apply", json=body, timeout=120).json()["merged"]


def test_an_edit_writes_the_file_that_apply_returns(fastapply_server, workspace):
    target = workspace / "calc.py"
    call = {"path": str(target), "code_edit": SWAP, "instruction": "I swap sub's operands."}
    before = fingerprint(workspace)
    [dry] = morph_edits(fastapply_server, workspace, {**call, "dryRun": True})
    assert not dry.is_error and dry.content[0].text.startswith("Morph Edit Preview"), dry.content[0].text
    assert fingerprint(workspace) == before
    [done] = morph_edits(fastapply_server, workspace, call)
    assert not done.is_error and done.content[0].text.startswith("Morph Edit Applied"), done.content[0].text
    assert target.read_text() == served(fastapply_server, CALC, SWAP, call["instruction"]) == SWAPPED


def test_a_refused_result_is_a_tool_error_and_the_file_stays(fastapply_server, workspace):
    before = fingerprint(workspace.parent)
    [refused] = morph_edits(fastapply_server, workspace, {"path": str(workspace / "long.py"), "code_edit": UNANCHORED})
    assert refused.is_error
    assert "the merged file failed validation: unsure_merge" in refused.content[0].text
    assert fingerprint(workspace.parent) == before
    assert (workspace / "long.py").read_text() == LONG


def test_a_large_file_goes_through_the_compacted_protocol_unchanged(fastapply_server, workspace):
    """300 KiB: over the SDK's 128 KiB compaction threshold and the server's 256 KiB large lane."""
    original = "".join(f"def value_{i}(x):\n    return compute(x, {i}, {i * 7})\n\n\n" for i in range(6000))
    assert len(original) > 300 * 1024  # chars: ASCII, so bytes too
    target = workspace / "big.py"
    target.write_text(original)
    snippet = "# ... existing code ...\ndef value_3000(x):\n    return compute(x, 3000, 0)\n\n\ndef value_3001(x):\n# ... existing code ...\n"
    [done] = morph_edits(
        fastapply_server,
        workspace,
        {"path": str(target), "code_edit": snippet, "instruction": "I zero value_3000's factor."},
    )
    assert not done.is_error, done.content[0].text
    expected = original.replace("compute(x, 3000, 21000)", "compute(x, 3000, 0)")
    assert served(fastapply_server, original, snippet) == expected
    assert target.read_text() == expected


def test_its_directory_argument_does_not_stop_a_write_outside_it(fastapply_server, workspace):
    """Measured behaviour of the pinned version, which docs/mcp.md reports: its ``edit_file`` edits a
    file outside the one directory it was started with (ours refuses the same call)."""
    outside = workspace.parent / "outside" / "secret.py"
    [done] = morph_edits(fastapply_server, workspace, {"path": str(outside), "code_edit": SWAP})
    assert not done.is_error and outside.read_text() == SWAPPED
