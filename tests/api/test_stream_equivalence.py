"""Streamed deltas add up to exactly the non-streamed file, through every door, mode and windowing:
including windows that start below line 1 and several windows at once."""

from __future__ import annotations

import json

import httpx
import openai
import pytest

from .test_apply_endpoints import sse_events

ORIGINAL = "".join(f"def f{i}(x):\n    return x + {i}\n\n\n" for i in range(30))
MIDDLE = "# ... existing code ...\n\ndef f15(x):\n    return x * 15\n\n# ... existing code ...\n"
TWO_PLACES = (
    "# ... existing code ...\n\ndef f3(x):\n    return x * 3\n\n# ... existing code ...\n\n"
    "def f25(x):\n    return x * 25\n\n# ... existing code ...\n"
)


def apply_body(snippet: str, **options) -> dict:
    return {
        "original": ORIGINAL,
        "snippet": snippet,
        "path": "f.py",
        "options": {"max_tokens": 40, "allow_flagged": True, **options},
    }


def streamed_apply(url: str, body: dict) -> tuple[str, dict]:
    body = {**body, "options": {**body["options"], "stream": True}}
    events = sse_events(httpx.post(url + "/apply", json=body, timeout=60).text)
    deltas = "".join(json.loads(data)["text"] for name, data in events if name == "delta")
    name, final = events[-1]
    assert name == "done", events[-1]
    return deltas, json.loads(final)


@pytest.mark.parametrize("mode", ["model", "deterministic", "auto"])
@pytest.mark.parametrize("windowing", ["auto", "always", "never"])
def test_apply_stream_equals_json_for_every_mode_and_windowing(live, mode, windowing):
    body = apply_body(MIDDLE, mode=mode, windowing=windowing)
    plain = httpx.post(live.url + "/apply", json=body, timeout=60)
    assert plain.status_code == 200, plain.text
    deltas, final = streamed_apply(live.url, body)
    assert deltas == final["merged"] == plain.json()["merged"]


@pytest.mark.parametrize("snippet, windows", [(MIDDLE, 1), (TWO_PLACES, 2)])
def test_windows_below_line_one_stream_the_whole_file(live, snippet, windows):
    body = apply_body(snippet, mode="model", windowing="always")
    plain = httpx.post(live.url + "/apply", json=body, timeout=60).json()
    assert plain["windowed"] and len(plain["windows"]) == windows and plain["windows"][0][0] > 0
    deltas, final = streamed_apply(live.url, body)
    assert deltas == plain["merged"] == final["merged"]
    assert deltas.startswith("def f0(x):\n")  # the file, not the window's fragment


def test_chat_and_relace_streams_equal_their_json_when_windowed(live):
    message = f"<code>{ORIGINAL}</code>\n<update>{MIDDLE}</update>"
    client = openai.OpenAI(base_url=live.url + "/v1", api_key="x", max_retries=0, timeout=60)
    kwargs = dict(
        model="auto", max_tokens=40, messages=[{"role": "user", "content": message}], extra_body={"allow_flagged": True}
    )
    full = client.chat.completions.create(**kwargs)
    assert full.model_extra["fastapply"]["windowed"]
    chunks = list(client.chat.completions.create(stream=True, **kwargs))
    assert "".join(c.choices[0].delta.content or "" for c in chunks if c.choices) == full.choices[0].message.content
    relace = {"initial_code": ORIGINAL, "edit_snippet": MIDDLE, "allow_flagged": True}
    plain = httpx.post(live.url + "/v1/code/apply", json=relace, timeout=60).json()
    events = sse_events(httpx.post(live.url + "/v1/code/apply", json={**relace, "stream": True}, timeout=60).text)
    payloads = [json.loads(data) for _, data in events[:-1]]
    assert "".join(p["chunk"] for p in payloads[:-1]) == payloads[-1]["mergedCode"] == plain["mergedCode"]
