"""Limits: full queue (503 + Retry-After), generation timeout (504, or the incomplete output with
allow_flagged), queue timeout (503), KV budget (413) and client disconnects (the row is freed).
One server with one batch slot and one queue slot."""

from __future__ import annotations

import threading
import time

import httpx
import pytest

from fastapply.api import Settings

ORIGINAL = "def add(a, b):\n    return a + b\n"
SNIPPET = "def add(a, b):\n    return b + a\n"
LONG = {"original": ORIGINAL, "snippet": SNIPPET, "options": {"k": 0, "max_tokens": 3000}}  # ~10 s of passes
LONG_FLAGGED_OK = {**LONG, "options": {**LONG["options"], "allow_flagged": True}}
TIMEOUT_S = 1.5


@pytest.fixture(scope="module")
def small(serve_factory):
    settings = Settings(api_key=None, max_queue=1, request_timeout=TIMEOUT_S, queue_timeout=30)
    with serve_factory(settings, max_batch=1, max_kv_tokens=3500) as server:
        yield server


def wait_until(condition, timeout=10.0):
    deadline = time.time() + timeout
    while not condition():
        assert time.time() < deadline, "condition not reached"
        time.sleep(0.01)


def health(server) -> dict:
    return httpx.get(server.url + "/health").json()


def cancelled(server, reason: str) -> float:
    return server.app.state.metrics.counter_value("fastapply_cancelled_total", reason=reason)


def in_background(url: str, body: dict) -> tuple[threading.Thread, dict]:
    out = {}
    thread = threading.Thread(target=lambda: out.update(response=httpx.post(url + "/apply", json=body, timeout=30)))
    thread.start()
    return thread, out


def test_full_queue_is_503_and_timeouts_are_504_or_incomplete_on_request(small):
    started = time.time()
    first, first_out = in_background(small.url, LONG_FLAGGED_OK)
    wait_until(lambda: health(small)["running"] == 1)
    second, second_out = in_background(small.url, LONG)
    wait_until(lambda: health(small)["queued"] == 1)
    rejected = httpx.post(small.url + "/apply", json=LONG, timeout=30)
    assert rejected.status_code == 503 and rejected.headers["retry-after"] == "1"
    assert rejected.json()["error"]["code"] == "queue_full"
    first.join(30)
    second.join(30)
    body = first_out["response"].json()
    assert first_out["response"].status_code == 200  # it asked for incomplete output
    assert body["timed_out"] is True and body["finish_reason"] == "length"
    assert body["stats"]["finish_reason"] == "timeout"
    assert 0 < body["stats"]["output_tokens"] < 3000 and body["merged"]  # what was known, not nothing
    assert {"timeout", "truncated"} <= {w["code"] for w in body["warnings"]}
    assert body["stats"]["generation_ms"] < 1000 * (TIMEOUT_S + 2)
    refused = second_out["response"]
    assert refused.status_code == 504 and refused.headers["x-should-retry"] == "false"
    assert refused.json()["error"]["code"] == "timeout" and refused.json()["error"]["finish_reason"] == "length"
    # The second request's clock started when it got its slot, not while it queued behind the first.
    assert time.time() - started > 2 * TIMEOUT_S
    wait_until(lambda: health(small)["running"] == 0 and health(small)["queued"] == 0)


def test_waiting_too_long_for_a_slot_is_503_and_never_runs(serve_factory):
    settings = Settings(api_key=None, request_timeout=1.0, queue_timeout=0.3)
    with serve_factory(settings, max_batch=1) as server:
        first, _ = in_background(server.url, LONG)
        wait_until(lambda: health(server)["running"] == 1)
        queued = httpx.post(server.url + "/apply", json=LONG, timeout=30)
        assert queued.status_code == 503 and queued.headers["retry-after"] == "1"
        assert queued.json()["error"]["code"] == "queue_timeout"
        assert server.app.state.metrics.counter_value("fastapply_cancelled_total", reason="queue_timeout") == 1
        first.join(30)


def test_chat_timeout_is_504_or_length_on_request(serve_factory):
    import openai

    # A server of its own with a short timeout: the tiny model's chat output loops, drafting it from
    # itself writes ~1,900 tokens a second here; 0.3 s leaves a 5x margin before 3,000 tokens.
    kwargs = dict(
        model="auto",
        max_tokens=3000,
        messages=[{"role": "user", "content": "hi"}],
        prediction={"type": "content", "content": "hello"},
    )
    with serve_factory(Settings(api_key=None, request_timeout=0.3), max_batch=1) as server:
        client = openai.OpenAI(base_url=server.url + "/v1", api_key="x", max_retries=0)
        with pytest.raises(openai.APIStatusError) as refused:
            client.chat.completions.create(**kwargs)
        completion = client.chat.completions.create(**kwargs, extra_body={"allow_flagged": True})
    assert refused.value.status_code == 504 and refused.value.body["code"] == "timeout"
    assert completion.choices[0].finish_reason == "length"
    assert completion.model_extra["fastapply"]["stats"]["finish_reason"] == "timeout"
    assert 0 < completion.usage.completion_tokens < 3000


def test_single_request_over_the_kv_budget_is_413(small):
    body = {**LONG, "options": {"k": 0, "max_tokens": 3900}}  # prompt + 3900 > the 3500-token budget
    response = httpx.post(small.url + "/apply", json=body, timeout=30)
    assert response.status_code == 413 and "3500" in response.json()["error"]["message"]
    assert response.json()["error"]["code"] == "kv_budget_exceeded"


def test_stream_disconnect_frees_the_row(small):
    before = cancelled(small, "disconnected")
    with httpx.stream(
        "POST", small.url + "/apply", json={**LONG, "options": {**LONG["options"], "stream": True}}, timeout=30
    ) as response:
        for line in response.iter_lines():
            if line.startswith("event: delta"):
                break  # a first delta arrived: the row is generating; now hang up
    started = time.time()
    wait_until(lambda: cancelled(small, "disconnected") == before + 1, timeout=5)
    wait_until(lambda: health(small)["running"] == 0, timeout=5)
    assert time.time() - started < 1.0  # freed at the next pass boundary, not after 3000 tokens


def test_non_stream_disconnect_frees_the_row(small):
    before = cancelled(small, "disconnected")
    with pytest.raises(httpx.ReadTimeout):
        httpx.post(small.url + "/apply", json=LONG, timeout=httpx.Timeout(30, read=0.3))
    wait_until(lambda: cancelled(small, "disconnected") == before + 1, timeout=5)
    wait_until(lambda: health(small)["running"] == 0, timeout=5)
