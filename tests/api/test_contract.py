"""The result contract (api/contract.py), the same through /apply, chat completions and Relace: a
complete, clean file is a 200 with finish_reason "stop"; an incomplete or flagged one is an error
(or, with allow_flagged, a 200 that says "length" and lists warnings), streaming or not."""

from __future__ import annotations

import json

import httpx
import openai
import pytest

from fastapply.api import Settings

from .test_apply_endpoints import sse_events

ORIGINAL = "def add(a, b):\n    return a + b\n\n\ndef sub(a, b):\n    return a - b\n"
CLEAN = "def add(a, b):\n    return a + b + 0\n\n# ... existing code ...\n"
EDIT = "def add(a, b):\n    return b + a\n\n# ... existing code ...\n"
TRUNCATING = {"original": ORIGINAL, "snippet": "def sub(a, b):\n    return b - a\n", "options": {"max_tokens": 8}}


def chat_message(snippet: str) -> str:
    return f"<code>{ORIGINAL}</code>\n<update>{snippet}</update>"


@pytest.fixture(scope="module")
def auto_server(serve_factory):
    """The server's default mode (auto), as every Morph and Relace client gets it."""
    with serve_factory(Settings(api_key=None), server_default_mode=True) as server:
        yield server


def test_a_clean_result_is_stop_everywhere(auto_server):
    url = auto_server.url
    native = httpx.post(url + "/apply", json={"original": ORIGINAL, "snippet": CLEAN}, timeout=30).json()
    assert native["finish_reason"] == "stop" and native["warnings"] == [] and native["mode_used"] == "deterministic"
    client = openai.OpenAI(base_url=url + "/v1", api_key="x", max_retries=0)
    messages = [{"role": "user", "content": chat_message(CLEAN)}]
    chat = client.chat.completions.create(model="morph-v3-fast", messages=messages)
    assert chat.choices[0].finish_reason == "stop" and chat.choices[0].message.content == native["merged"]
    relace = httpx.post(url + "/v1/code/apply", json={"initial_code": ORIGINAL, "edit_snippet": CLEAN}, timeout=30)
    assert relace.json()["mergedCode"] == native["merged"] and relace.json()["finish_reason"] == "stop"


def test_deterministic_answers_report_real_usage(auto_server):
    native = httpx.post(auto_server.url + "/apply", json={"original": ORIGINAL, "snippet": CLEAN}, timeout=30).json()
    stats = native["stats"]
    assert stats["finish_reason"] == "deterministic" and stats["passes"] == 0
    assert stats["output_tokens"] > 10 and stats["prompt_tokens"] > stats["output_tokens"] and stats["latency_ms"] > 0


def test_a_flagged_result_is_422_with_its_warnings_unless_allowed(live, merge_flagged):
    body = {"original": ORIGINAL, "snippet": EDIT, "options": {"mode": "deterministic"}}
    refused = httpx.post(live.url + "/apply", json=body, timeout=30)
    assert refused.status_code == 422, refused.text
    error = refused.json()["error"]
    assert error["code"] == "output_flagged" and "syntax_error" in error["message"]
    assert error["finish_reason"] == "stop" and error["warnings"][0]["code"] == "syntax_error"
    body["options"]["allow_flagged"] = True
    allowed = httpx.post(live.url + "/apply", json=body, timeout=30).json()
    assert allowed["finish_reason"] == "stop" and {w["code"] for w in allowed["warnings"]} == {"syntax_error"}
    body["options"] = {"mode": "deterministic", "stream": True}
    events = sse_events(httpx.post(live.url + "/apply", json=body, timeout=30).text)
    assert events[-1][0] == "error" and json.loads(events[-1][1])["error"]["code"] == "output_flagged"
    assert not any(name == "done" for name, _ in events)


def test_truncated_output_is_refused_through_every_door(live):
    native = httpx.post(live.url + "/apply", json=TRUNCATING, timeout=30)
    assert native.status_code == 422 and native.json()["error"]["code"] == "output_truncated"
    assert native.json()["error"]["finish_reason"] == "length"
    client = openai.OpenAI(base_url=live.url + "/v1", api_key="x", max_retries=0)
    message = [{"role": "user", "content": f"<code>{ORIGINAL}</code><update>{TRUNCATING['snippet']}</update>"}]
    with pytest.raises(openai.UnprocessableEntityError) as info:
        client.chat.completions.create(model="auto", max_tokens=8, messages=message)
    assert info.value.body["code"] == "output_truncated"
    with pytest.raises(openai.APIError) as streamed:  # the stream ends in an error, never a "stop"
        for chunk in client.chat.completions.create(model="auto", max_tokens=8, messages=message, stream=True):
            assert not chunk.choices or chunk.choices[0].finish_reason is None
    assert "stopped before the file was complete" in streamed.value.message
    relace = {"initial_code": ORIGINAL, "edit_snippet": "def sub(a, b):\n    return b - a\n"}
    with_relace = httpx.post(live.url + "/v1/code/apply", json=relace, timeout=60)
    assert with_relace.status_code in (200, 422)  # no token limit here: refused only if it is flagged
    if with_relace.status_code == 200:
        assert with_relace.json()["warnings"] == [] and with_relace.json()["finish_reason"] == "stop"


def test_relace_stream_ends_in_an_error_when_refused(auto_server, merge_flagged):
    body = {"initial_code": ORIGINAL, "edit_snippet": EDIT, "stream": True}
    events = sse_events(httpx.post(auto_server.url + "/v1/code/apply", json=body, timeout=60).text)
    assert events[-1] == (None, "[DONE]")
    last = json.loads(events[-2][1])
    assert last["error"]["code"] == "output_flagged" and "mergedCode" not in last
    client = openai.OpenAI(base_url=auto_server.url + "/v1", api_key="x", max_retries=0)
    with pytest.raises(openai.UnprocessableEntityError) as info:
        client.chat.completions.create(model="auto", messages=[{"role": "user", "content": chat_message(EDIT)}])
    assert "syntax_error" in info.value.message


def test_prediction_does_not_bypass_the_apply_path(auto_server):
    client = openai.OpenAI(base_url=auto_server.url + "/v1", api_key="x", max_retries=0)
    messages = [{"role": "user", "content": chat_message(CLEAN)}]
    with_prediction = client.chat.completions.create(
        model="auto", messages=messages, prediction={"type": "content", "content": ORIGINAL}
    )
    without = client.chat.completions.create(model="auto", messages=messages)
    assert with_prediction.choices[0].message.content == without.choices[0].message.content
    assert with_prediction.model_extra["fastapply"]["mode_used"] == "deterministic"
