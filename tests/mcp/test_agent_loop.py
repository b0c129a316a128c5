"""The scripted agent loop (13 edits of one real file, 3 of them flagged) through our server in
process, through our server and Morph's pointed at a fastapply server, and through ``POST /apply``:
the same final file every way, and no flagged result ever written."""

from __future__ import annotations

import pytest

from fastapply.mcp.agent_loop import load_script, morph, ours, reference, run_rounds

from .conftest import NO_SDK
from .test_morph_mcp import INSTALLED, MCP_DIR, NODE, PINNED

pytest.importorskip("mcp", reason=NO_SDK)

SCRIPT = load_script()


def test_the_script_is_what_it_says():
    expects = [e["expect"] for e in SCRIPT.edits]
    assert len(expects) >= 10 and expects.count("refused") == 3
    assert SCRIPT.source["license"] == "MIT" and SCRIPT.original != SCRIPT.expected


def assert_passes(make_client):
    [steps], matched, _ = run_rounds(make_client, SCRIPT)
    assert [(s.style, s.outcome, s.changed) for s in steps if not s.ok] == []
    assert matched


def test_our_server_in_process(tiny_model_dir):
    """In ``auto`` mode, as served: the unanchored new function (step 6) has two readings, and the
    model chooses between them (a tiny random one here: the answer is flagged whichever it takes)."""
    assert_passes(lambda folder: ours(folder, "--model", str(tiny_model_dir), "--device", "cpu"))


def test_apply_and_our_server_through_a_fastapply_server(fastapply_server):
    final, outcomes = reference(fastapply_server, SCRIPT)
    assert final == SCRIPT.expected and outcomes == [e["expect"] for e in SCRIPT.edits]
    assert_passes(lambda folder: ours(folder, "--server", fastapply_server))


@pytest.mark.skipif(
    NODE is None or INSTALLED != PINNED, reason=f"needs node and @morphllm/morphmcp {PINNED} in {MCP_DIR}"
)
def test_morphs_server_pointed_at_a_fastapply_server(fastapply_server):
    assert_passes(lambda folder: morph(folder, fastapply_server, MCP_DIR))
