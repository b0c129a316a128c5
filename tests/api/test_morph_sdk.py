"""The service through Morph's own JavaScript SDK, ``@morphllm/morphsdk`` (pinned in
``tests/api/morph_sdk/package.json``), run by node against a live server on loopback.

Morph publishes this package as its official TypeScript/JavaScript client for Fast Apply
(``applyEdit``, ``MorphClient().fastApply.applyEdit / .execute``); pointing its ``morphApiUrl`` at a
fastapply server is exactly what a Morph user does to self-host. The SDK sends the apply as a
streamed ``/v1/chat/completions`` request (``morph-v3-large``, or ``morph-v3-fast`` with
``large: false``) through the ``openai`` npm package, which the non-streamed and chunk-level checks
below use directly (the SDK's own copy).

The SDK is installed once, not by the tests: ``make sdk-node`` (``npm ci`` into ``.cache/node-sdk/``,
ignored by git). Without node or that install the module is skipped; it never touches the network.
``FASTAPPLY_NODE_SDK_DIR`` points it at another install folder.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import httpx
import pytest

from fastapply.api import Settings

HERE = Path(__file__).parent / "morph_sdk"
ROOT = Path(__file__).resolve().parents[2]
SDK_DIR = Path(os.environ.get("FASTAPPLY_NODE_SDK_DIR") or ROOT / ".cache" / "node-sdk")
PINNED = json.loads((HERE / "package.json").read_text())["dependencies"]["@morphllm/morphsdk"]
NODE = shutil.which("node")


def _installed_version() -> str | None:
    try:
        return json.loads((SDK_DIR / "node_modules/@morphllm/morphsdk/package.json").read_text())["version"]
    except (OSError, ValueError, KeyError):
        return None


INSTALLED = _installed_version()
pytestmark = [
    pytest.mark.skipif(NODE is None, reason="node is not installed: Morph's JavaScript SDK cannot run"),
    pytest.mark.skipif(
        INSTALLED is None, reason=f"@morphllm/morphsdk is not installed in {SDK_DIR}: run `make sdk-node`"
    ),
    pytest.mark.skipif(
        INSTALLED is not None and INSTALLED != PINNED,
        reason=f"@morphllm/morphsdk {INSTALLED} in {SDK_DIR}, {PINNED} pinned: run `make sdk-node`",
    ),
]

ORIGINAL = """import { readFile } from "node:fs/promises";

export async function loadConfig(path) {
  const text = await readFile(path, "utf-8");
  return JSON.parse(text);
}

export function greet(name) {
  return `Hello, ${name}!`;
}

export function farewell(name) {
  return `Goodbye, ${name}.`;
}
"""
EDIT = """// ... existing code ...
export function greet(name, punctuation = "!") {
  return `Hello, ${name}${punctuation}`;
}
// ... existing code ...
"""
INSTRUCTION = "I add an optional punctuation argument to greet."
EXPECTED = ORIGINAL.replace(
    """export function greet(name) {
  return `Hello, ${name}!`;
}""",
    """export function greet(name, punctuation = "!") {
  return `Hello, ${name}${punctuation}`;
}""",
)
APPLY = {"originalCode": ORIGINAL, "codeEdit": EDIT, "instruction": INSTRUCTION}
MESSAGE = f"<instruction>{INSTRUCTION}</instruction>\n<code>{ORIGINAL}</code>\n<update>{EDIT}</update>"
KEY = "fastapply-test-key"


def run_sdk(url: str, *calls: dict, env: dict | None = None) -> list[dict]:
    """Each call through the SDK in one node process (client.mjs); their results, in order."""
    child_env = {k: v for k, v in os.environ.items() if not k.startswith("MORPH_")}
    child_env.update(env or {})
    proc = subprocess.run(
        [NODE, str(HERE / "client.mjs"), str(SDK_DIR)],
        input=json.dumps({"url": url, "calls": calls}),
        capture_output=True,
        text=True,
        timeout=120,
        env=child_env,
    )
    assert proc.returncode == 0, proc.stderr[-4000:]
    return json.loads(proc.stdout)


@pytest.fixture(scope="module")
def auto_server(serve_factory):
    """The server's default mode (auto), as every Morph client gets it: confident edits are merged
    deterministically."""
    with serve_factory(Settings(api_key=None), server_default_mode=True) as server:
        yield server


def test_apply_edit_returns_the_merged_file(auto_server):
    native = httpx.post(
        auto_server.url + "/apply", timeout=30, json={"original": ORIGINAL, "snippet": EDIT, "instruction": INSTRUCTION}
    ).json()
    assert native["merged"] == EXPECTED and native["mode_used"] == "deterministic"
    large, fast, client = run_sdk(
        auto_server.url,
        {"op": "applyEdit", "apiKey": "unused", **APPLY},
        {"op": "applyEdit", "apiKey": "unused", "large": False, **APPLY},
        {"op": "client.applyEdit", "apiKey": "unused", **APPLY},
    )
    for result in (large, fast, client):
        assert result["success"] is True, result
        assert result["mergedCode"] == EXPECTED
        assert result["completionId"].startswith("chatcmpl-")
        assert result["changes"] == {"linesAdded": 0, "linesRemoved": 0, "linesModified": 2}
        assert '+export function greet(name, punctuation = "!") {' in result["udiff"]
        assert "-export function greet(name) {" in result["udiff"]


def test_execute_writes_the_merged_file(auto_server, tmp_path):
    (tmp_path / "src").mkdir()
    target = tmp_path / "src" / "greet.js"
    target.write_text(ORIGINAL)
    [result] = run_sdk(
        auto_server.url,
        {
            "op": "client.execute",
            "apiKey": "unused",
            "baseDir": str(tmp_path),
            "targetFilepath": "src/greet.js",
            "codeEdit": EDIT,
            "instruction": INSTRUCTION,
        },
    )
    assert result["success"] is True and result["filepath"] == "src/greet.js", result
    assert target.read_text() == EXPECTED


def test_stream_concatenates_to_the_non_streamed_file(auto_server):
    whole, streamed = run_sdk(
        auto_server.url, {"op": "chat", "message": MESSAGE}, {"op": "chat", "message": MESSAGE, "stream": True}
    )
    assert whole["content"] == EXPECTED and whole["finishReasons"] == ["stop"]
    assert "error" not in streamed, streamed
    assert "".join(streamed["chunks"]) == EXPECTED and streamed["finishReasons"] == ["stop"]


def test_a_flagged_result_is_an_error_and_the_file_is_left_alone(auto_server, merge_flagged, tmp_path):
    target = tmp_path / "greet.js"
    target.write_text(ORIGINAL)
    applied, executed, whole, streamed = run_sdk(
        auto_server.url,
        {"op": "applyEdit", "apiKey": "unused", **APPLY},
        {
            "op": "client.execute",
            "apiKey": "unused",
            "baseDir": str(tmp_path),
            "targetFilepath": "greet.js",
            "codeEdit": EDIT,
            "instruction": INSTRUCTION,
        },
        {"op": "chat", "message": MESSAGE},
        {"op": "chat", "message": MESSAGE, "stream": True},
    )
    assert applied["success"] is False and "mergedCode" not in applied
    assert "syntax_error" in applied["error"]  # the message names each warning
    assert executed["success"] is False and "syntax_error" in executed["error"]
    assert target.read_text() == ORIGINAL
    assert whole["error"]["status"] == 422 and whole["error"]["code"] == "output_flagged"
    assert streamed["error"]["code"] == "output_flagged" and "finishReasons" not in streamed


def test_an_invalid_request_is_a_400_error(auto_server):
    applied, unknown_model = run_sdk(
        auto_server.url,
        {"op": "applyEdit", "apiKey": "unused", **APPLY, "codeEdit": "  \n"},
        {"op": "chat", "message": MESSAGE, "model": "morph-v9"},
    )
    assert applied["success"] is False and "mergedCode" not in applied
    assert applied["error"].startswith("400") and "<update> is empty" in applied["error"]
    assert unknown_model["error"]["status"] == 404 and unknown_model["error"]["code"] == "model_not_found"


def test_an_incomplete_model_answer_is_an_error(serve_factory):
    """The model path (a random tiny model never finishes the file): text is streamed, then the stream
    ends in an error instead of a final chunk, and the SDK returns no file."""
    with serve_factory(Settings(api_key=None)) as server:
        applied, streamed = run_sdk(
            server.url,
            {"op": "applyEdit", "apiKey": "unused", **APPLY},
            {"op": "chat", "message": MESSAGE, "stream": True},
        )
    assert applied["success"] is False and "mergedCode" not in applied, applied
    assert streamed["chunks"] and streamed["error"]["code"] == "output_truncated" and "finishReasons" not in streamed
    assert applied["error"] == streamed["error"]["message"]
    assert applied["error"].startswith("the output stopped before the file was complete")


def test_the_large_file_protocol_round_trips(auto_server, monkeypatch):
    """The SDK compacts files of 128 KiB and more into anchors; a lower threshold makes it compact
    this one. The server expands it and answers with the plain file, which the SDK keeps as it is."""
    from fastapply.api import routes_openai

    seen = []
    real = routes_openai.unpack_extralong

    def spy(instruction, code, update, apply_context):
        seen.append((code, apply_context))
        return real(instruction, code, update, apply_context)

    monkeypatch.setattr(routes_openai, "unpack_extralong", spy)
    [result] = run_sdk(
        auto_server.url, {"op": "applyEdit", "apiKey": "unused", "anchorCompactionThreshold": 64, **APPLY}
    )
    [(code, apply_context)] = seen
    assert apply_context == "extralong" and code.startswith("\u27eaMORPH_DEFINITIONS_BEGIN_")
    assert result["success"] is True and result["mergedCode"] == EXPECTED, result


def test_a_wrong_api_key_is_401(serve_factory):
    with pytest.MonkeyPatch.context() as env:
        env.setenv("FASTAPPLY_API_KEY", KEY)
        settings = Settings()
    assert settings.api_key == KEY
    with serve_factory(settings, server_default_mode=True) as server:
        wrong, wrong_client, wrong_chat, from_env, right_client = run_sdk(
            server.url,
            {"op": "applyEdit", "apiKey": "not-the-key", **APPLY},
            {"op": "client.applyEdit", "apiKey": "not-the-key", **APPLY},
            {"op": "chat", "apiKey": "not-the-key", "message": MESSAGE},
            {"op": "applyEdit", **APPLY},  # the SDK's default: MORPH_API_KEY
            {"op": "client.applyEdit", "apiKey": KEY, **APPLY},
            env={"MORPH_API_KEY": KEY},
        )
    for result in (wrong, wrong_client):
        assert result["success"] is False and "mergedCode" not in result
        assert result["error"].startswith("Authentication failed")  # the SDK's wording for a 401
    assert wrong_chat["error"]["status"] == 401 and wrong_chat["error"]["code"] == "invalid_api_key"
    assert from_env["success"] is True and from_env["mergedCode"] == EXPECTED
    assert right_client["success"] is True and right_client["mergedCode"] == EXPECTED
