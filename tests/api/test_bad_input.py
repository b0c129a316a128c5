"""Bad input: every case is a clear 4xx in the one error shape, and the server keeps serving."""

from __future__ import annotations

import httpx
import pytest

from fastapply.api import Settings

ORIGINAL = "def add(a, b):\n    return a + b\n"
SNIPPET = "def add(a, b):\n    return b + a\n"


def apply_with(**changes) -> dict:
    # allow_flagged: a random model's answers are always flagged; these tests are about the input
    body = {"original": ORIGINAL, "snippet": SNIPPET, "options": {"max_tokens": 8, "allow_flagged": True}}
    for key, value in changes.items():
        if key.startswith("options."):
            body["options"][key[8:]] = value
        elif value is ...:
            body.pop(key)
        else:
            body[key] = value
    return body


@pytest.mark.parametrize(
    "body, status, needle",
    [
        (apply_with(original=...), 400, "original: Field required"),
        (apply_with(snippet=...), 400, "snippet: Field required"),
        (apply_with(snippet="  \n"), 400, "snippet is empty"),
        (apply_with(original="", snippet="# ... existing code ...\nx = 1\n"), 400, "elides nothing"),
        (apply_with(original=123), 400, "original: Input should be a valid string"),
        (apply_with(instruction=["x"]), 400, "instruction"),
        (apply_with(**{"options.max_tokens": 0}), 400, "max_tokens"),
        (apply_with(**{"options.max_tokens": -5}), 400, "max_tokens"),
        (apply_with(**{"options.max_tokens": "8"}), 400, "max_tokens"),
        (apply_with(**{"options.max_tokens": 10**6}), 400, "context of 4096"),
        (apply_with(**{"options.k": -1}), 400, "options.k"),
        (apply_with(**{"options.mode": "magic"}), 400, "options.mode"),
        (apply_with(**{"options.maxtokens": 5}), 400, "options.maxtokens: Extra inputs"),
        (apply_with(**{"options.stop_loops": "no"}), 400, "options.stop_loops"),
        (apply_with(original="a\x00b"), 400, "NUL"),
        (
            apply_with(
                **{"options.mode": "deterministic"},
                snippet="# ... existing code ...\nzzz = 1\n# ... existing code ...\nyyy = 2\n# ... existing code ...\n",
            ),
            422,
            "not confident",
        ),
        ([1, 2], 400, "JSON object"),
    ],
)
def test_bad_apply_bodies(live, body, status, needle):
    response = httpx.post(live.url + "/apply", json=body, timeout=30)
    assert response.status_code == status, response.text
    error = response.json()["error"]
    assert needle in error["message"] and error["type"] and error["code"]


@pytest.mark.parametrize(
    "raw, needle, code",
    [
        (b'{"original": "x", ', "not valid JSON", "invalid_json"),
        (b'{"original": "\xff\xfe", "snippet": "y"}', "not valid UTF-8", "invalid_encoding"),
        (b"", "empty", "empty_body"),
    ],
)
def test_undecodable_bodies(live, raw, needle, code):
    response = httpx.post(live.url + "/apply", content=raw, headers={"content-type": "application/json"}, timeout=30)
    assert response.status_code == 400
    assert needle in response.json()["error"]["message"] and response.json()["error"]["code"] == code


def test_body_over_the_size_limit_is_413(live):
    big = "x = 1\n" * 20_000  # 120 kB > the fixture's 64 kB limit
    response = httpx.post(live.url + "/apply", json=apply_with(original=big), timeout=30)
    assert response.status_code == 413 and "65536" in response.json()["error"]["message"]


def test_input_over_the_model_context_is_413_with_the_limit(live):
    long_original = "".join(f"value_{i} = compute({i}, {i * 7})\n" for i in range(1200))  # ~17k tokens, 50 kB
    for windowing in ("never", "auto"):
        body = apply_with(original=long_original, snippet="totally_new = 1\n", **{"options.windowing": windowing})
        response = httpx.post(live.url + "/apply", json=body, timeout=60)
        assert response.status_code == 413, response.text
        assert "4096" in response.json()["error"]["message"]
    relace = httpx.post(
        live.url + "/v1/code/apply",
        timeout=60,
        json={"initial_code": long_original, "edit_snippet": "totally_new = 1\n"},
    )
    assert relace.status_code == 413


def test_relace_and_routing_errors(live):
    missing = httpx.post(live.url + "/v1/code/apply", json={"edit_snippet": "x"}, timeout=30)
    assert missing.status_code == 400 and "initial_code" in missing.json()["error"]["message"]
    wrong_model = httpx.post(
        live.url + "/v1/code/apply", json={"initial_code": "a", "edit_snippet": "b", "model": "nope"}, timeout=30
    )
    assert wrong_model.status_code == 404 and wrong_model.json()["error"]["code"] == "model_not_found"
    assert httpx.get(live.url + "/nowhere").json()["error"]["message"] == "no route GET /nowhere"
    assert httpx.get(live.url + "/apply").status_code == 405
    assert httpx.get(live.url + "/health").status_code == 200  # still serving after all of the above


def test_api_key(serve_factory):
    with serve_factory(Settings(api_key="sekret")) as server:
        url = server.url
        assert httpx.post(url + "/apply", json=apply_with()).status_code == 401
        wrong = httpx.post(url + "/apply", json=apply_with(), headers={"Authorization": "Bearer nope"})
        assert wrong.status_code == 401 and wrong.json()["error"]["code"] == "invalid_api_key"
        ok = httpx.post(url + "/apply", json=apply_with(), headers={"Authorization": "Bearer sekret"}, timeout=30)
        assert ok.status_code == 200
        assert httpx.get(url + "/metrics").status_code == 401
        assert httpx.get(url + "/v1/models").status_code == 401
        assert httpx.get(url + "/health").status_code == 200  # health stays open for probes
        import openai

        client = openai.OpenAI(base_url=url + "/v1", api_key="sekret", max_retries=0)
        assert client.models.list().data
        with pytest.raises(openai.AuthenticationError):
            openai.OpenAI(base_url=url + "/v1", api_key="bad", max_retries=0).models.list()
