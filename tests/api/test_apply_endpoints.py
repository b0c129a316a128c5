"""Native /apply and Relace /v1/code/apply over a real uvicorn: JSON, SSE, and the read-only endpoints."""

from __future__ import annotations

import json

import httpx
import pytest

from fastapply.api import Settings
from fastapply.apply.runaway import RunawaySlack

ORIGINAL = "def add(a, b):\n    return a + b\n\n\ndef sub(a, b):\n    return a - b\n"
SNIPPET = "# ... existing code ...\n\ndef sub(a, b):\n    # subtract\n    return a - b\n"
STATS_FIELDS = {
    "prompt_tokens",
    "output_tokens",
    "passes",
    "drafted_tokens",
    "accepted_tokens",
    "ttft_ms",
    "latency_ms",
    "queue_ms",
    "generation_ms",
    "tokens_per_s",
    "tokens_per_pass",
    "acceptance_rate",
    "finish_reason",
}


def sse_events(text: str) -> list[tuple[str | None, str]]:
    events = []
    for block in text.strip().split("\n\n"):
        name, data = None, []
        for line in block.splitlines():
            if line.startswith("event: "):
                name = line[7:]
            elif line.startswith("data: "):
                data.append(line[6:])
        events.append((name, "\n".join(data)))
    return events


def post_apply(url: str, **options) -> httpx.Response:
    """A random model's answers are flagged: these mechanics tests opt in to receive them."""
    options = {"max_tokens": 32, "allow_flagged": True, **options}
    body = {"original": ORIGINAL, "snippet": SNIPPET, "path": "calc.py", "options": options}
    return httpx.post(url + "/apply", json=body, timeout=60)


def test_apply_json_has_merged_diff_stats_warnings(live):
    response = post_apply(live.url)
    assert response.status_code == 200, response.text
    body = response.json()
    assert isinstance(body["merged"], str) and body["merged"]
    assert body["diff"].startswith("--- a/calc.py\n+++ b/calc.py\n")
    assert STATS_FIELDS <= set(body["stats"])
    assert body["stats"]["output_tokens"] == 32 and body["finish_reason"] == "length"
    assert body["mode_used"] == "model" and body["windowed"] is False and body["timed_out"] is False
    assert any(w["code"] == "truncated" for w in body["warnings"])


def test_update_is_an_alias_of_snippet(live):
    a = httpx.post(
        live.url + "/apply",
        json={"original": ORIGINAL, "update": SNIPPET, "options": {"max_tokens": 8, "allow_flagged": True}},
        timeout=60,
    ).json()
    b = post_apply(live.url, max_tokens=8).json()
    assert a["merged"] == b["merged"]


def test_apply_stream_deltas_add_up_to_merged(live):
    plain = post_apply(live.url, max_tokens=48).json()
    response = post_apply(live.url, max_tokens=48, stream=True)
    assert response.headers["content-type"].startswith("text/event-stream")
    events = sse_events(response.text)
    deltas = [json.loads(data)["text"] for name, data in events if name == "delta"]
    name, final = events[-1]
    final = json.loads(final)
    assert name == "done" and final["type"] == "done"
    assert "".join(deltas) == final["merged"] == plain["merged"]  # streaming never changes the bytes
    assert len(deltas) > 1  # it really streamed
    assert STATS_FIELDS <= set(final["stats"]) and "warnings" in final


def test_a_looping_output_is_stopped_and_flagged_unless_the_request_says_not_to(serve_factory):
    with serve_factory(Settings(api_key=None), runaway_slack=RunawaySlack()) as server:
        stopped = post_apply(server.url).json()
        full = post_apply(server.url, stop_loops=False).json()
    assert stopped["stats"]["finish_reason"] == "loop" and stopped["stats"]["output_tokens"] < 32  # it loops
    assert stopped["finish_reason"] == "length"  # incomplete, in the standard field
    assert any(w["code"] == "truncated" for w in stopped["warnings"])
    assert full["finish_reason"] == "length" and full["stats"]["output_tokens"] == 32


def test_deterministic_mode_needs_no_engine_pass(live):
    passes = live.engine.total_passes
    snippet = "def add(a, b):\n    return a + b + 0\n\n# ... existing code ...\n"
    body = {"original": ORIGINAL, "snippet": snippet, "options": {"mode": "deterministic"}}
    response = httpx.post(live.url + "/apply", json=body, timeout=60)
    assert response.status_code == 200, response.text
    result = response.json()
    assert result["mode_used"] == "deterministic"
    assert result["merged"] == ORIGINAL.replace("return a + b\n", "return a + b + 0\n")
    assert live.engine.total_passes == passes


def test_relace_apply_json_and_stream(live):
    body = {"initial_code": ORIGINAL, "edit_snippet": SNIPPET, "allow_flagged": True}
    native = post_apply(live.url, max_tokens=None).json()
    response = httpx.post(live.url + "/v1/code/apply", json=body, timeout=120)
    assert response.status_code == 200, response.text
    relace = response.json()
    assert relace["mergedCode"] == native["merged"]
    assert relace["usage"]["total_tokens"] == relace["usage"]["prompt_tokens"] + relace["usage"]["completion_tokens"]
    camel = {"initialCode": ORIGINAL, "editSnippet": SNIPPET, "stream": True, "allow_flagged": True}
    events = sse_events(httpx.post(live.url + "/v1/code/apply", json=camel, timeout=120).text)
    assert events[-1] == (None, "[DONE]")
    payloads = [json.loads(data) for _, data in events[:-1]]
    assert "".join(p["chunk"] for p in payloads[:-1]) == payloads[-1]["mergedCode"] == native["merged"]


def test_models_health_metrics(live):
    models = httpx.get(live.url + "/v1/models").json()
    ids = [m["id"] for m in models["data"]]
    assert models["object"] == "list" and {"morph-v3-fast", "morph-v3-large", "auto"} <= set(ids)
    health = httpx.get(live.url + "/health").json()
    assert health["status"] == "ok" and health["queued"] == 0
    post_apply(live.url, max_tokens=4)
    text = httpx.get(live.url + "/metrics").text
    for name in (
        "fastapply_requests_total",
        "fastapply_output_tokens_total",
        "fastapply_forward_passes_total",
        "fastapply_acceptance_rate",
        "fastapply_tokens_per_second",
        "fastapply_queue_depth",
        "fastapply_running_batch_size",
        "fastapply_request_latency_seconds_bucket",
        "fastapply_queue_wait_seconds_bucket",
        "fastapply_generation_seconds_bucket",
        "fastapply_peak_resident_memory_bytes",
    ):
        assert f"\n{name}" in text, name
    assert 'fastapply_requests_total{endpoint="/apply",status="200"}' in text
    passes = [line for line in text.splitlines() if line.startswith("fastapply_forward_passes_total ")]
    assert int(passes[0].split()[1]) == live.engine.total_passes


def test_server_default_mode_auto_answers_confident_edits_without_the_model(serve_factory):
    from fastapply.api.settings import Settings

    with serve_factory(Settings(api_key=None), server_default_mode=True) as server:
        body = httpx.post(
            server.url + "/apply", json={"original": ORIGINAL, "snippet": SNIPPET, "path": "calc.py"}, timeout=60
        ).json()
        relace = httpx.post(
            server.url + "/v1/code/apply", json={"initial_code": ORIGINAL, "edit_snippet": SNIPPET}, timeout=60
        ).json()
    assert body["mode_used"] == "deterministic" and body["stats"]["passes"] == 0
    assert relace["mergedCode"] == body["merged"]


def test_an_unsure_merge_is_refused_flagged_and_the_server_default_fallback_applies_to_every_door(serve_factory):
    from fastapply.api.settings import Settings

    vague = {"original": ORIGINAL, "snippet": "x = 1\n# ... existing code ...\ny = 2\n", "path": "calc.py"}
    with serve_factory(Settings(api_key=None), server_default_mode=True) as server:
        refused = httpx.post(server.url + "/apply", json=vague, timeout=60)
        served = httpx.post(server.url + "/apply", json={**vague, "options": {"allow_flagged": True}}, timeout=60)
    assert refused.status_code == 422 and "unsure_merge" in refused.text
    assert served.json()["mode_used"] == "deterministic" and served.json()["stats"]["passes"] == 0  # one reading
    with serve_factory(Settings(api_key=None, default_fallback="generate"), server_default_mode=True) as server:
        generated = httpx.post(
            server.url + "/apply", json={**vague, "options": {"allow_flagged": True, "max_tokens": 8}}, timeout=60
        ).json()
        chosen = httpx.post(
            server.url + "/apply",
            json={**vague, "options": {"allow_flagged": True, "fallback": "candidates"}},
            timeout=60,
        ).json()
    assert generated["mode_used"] == "model" and chosen["mode_used"] == "deterministic"
    with pytest.raises(ValueError, match="default_fallback"):
        Settings(api_key=None, default_fallback="guess")


NEW_FILE = "def mul(a, b):\n    return a * b\n"


def test_an_empty_original_creates_the_snippet_as_a_new_file_through_every_door(live):
    native = httpx.post(live.url + "/apply", json={"original": "", "snippet": NEW_FILE, "path": "mul.py"}, timeout=60)
    assert native.status_code == 200, native.text
    body = native.json()
    assert body["merged"] == NEW_FILE and body["mode_used"] == "deterministic" and body["warnings"] == []
    assert body["diff"].startswith("--- a/mul.py\n+++ b/mul.py\n@@ -0,0 +1,2 @@")
    relace = httpx.post(live.url + "/v1/code/apply", json={"initial_code": "", "edit_snippet": NEW_FILE}, timeout=60)
    assert relace.status_code == 200 and relace.json()["mergedCode"] == NEW_FILE
    morph = httpx.post(
        live.url + "/v1/chat/completions",
        timeout=60,
        json={
            "model": "morph-v3-fast",
            "messages": [
                {
                    "role": "user",
                    "content": f"<instruction>new</instruction>\n<code></code>\n<update>{NEW_FILE}</update>",
                }
            ],
        },
    )
    assert morph.status_code == 200, morph.text
    assert morph.json()["choices"][0]["message"]["content"] == NEW_FILE


def test_markers_in_a_new_file_are_a_400(live):
    snippet = "def mul(a, b):\n    # ... existing code ...\n    return a * b\n"
    response = httpx.post(live.url + "/apply", json={"original": "", "snippet": snippet, "path": "mul.py"}, timeout=60)
    assert response.status_code == 400
    assert "elides nothing" in response.json()["error"]["message"]
