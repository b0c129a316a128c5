"""Property tests: whatever JSON arrives (any shape, any text, surrogates included), every door
answers with a 2xx or a 4xx in the one error shape, never a 500; and a merged-text stream never
sends a byte that the final file does not have at that place."""

from __future__ import annotations

import json

import httpx
import pytest

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from fastapply.api.streaming import MergedTextStream  # noqa: E402
from fastapply.merge import splice  # noqa: E402
from fastapply.models.prompt import extract_merged, get_format  # noqa: E402

# Text with lone surrogates, NUL, markers and tags in it: what a hostile or buggy client may send.
TEXT = st.text(alphabet=st.characters(codec=None, categories=None), max_size=40) | st.sampled_from(
    ["\ud800", "x\udfff", "\x00", "# ... existing code ...\n", "<code>", "</update>", "def f():\n    pass\n"]
)
JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-2, 10**7) | st.floats(allow_nan=False) | TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4),
    max_leaves=12,
)
OPTIONS = st.fixed_dictionaries(
    {"mode": st.just("deterministic")},
    optional={"windowing": JSON, "k": JSON, "stream": st.booleans(), "max_tokens": JSON},
)
APPLY = st.fixed_dictionaries({"original": TEXT | JSON, "snippet": TEXT | JSON}, optional={"options": OPTIONS})
CHAT = st.fixed_dictionaries(
    {
        "model": st.just("auto") | TEXT,
        "messages": st.lists(
            st.fixed_dictionaries({"role": st.sampled_from(["user", "system", "x"]), "content": TEXT | JSON}),
            max_size=3,
        ),
    },
    optional={"max_tokens": st.integers(1, 4) | JSON},
)
RELACE = st.fixed_dictionaries(
    {"initial_code": TEXT | JSON, "edit_snippet": TEXT | JSON}, optional={"stream": st.booleans()}
)
FUZZ = settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)


def check_answer(response: httpx.Response) -> None:
    assert response.status_code < 500, response.text
    if response.status_code >= 400:
        error = response.json()["error"]
        assert error["message"] and error["code"] and error["type"]


def post_raw(client: httpx.Client, path: str, body) -> httpx.Response:
    # json.dumps escapes lone surrogates as \ud800, the way a JSON encoder in any language may send them.
    return client.post(path, content=json.dumps(body), headers={"content-type": "application/json"})


@pytest.fixture(scope="module")
def client(live):
    with httpx.Client(base_url=live.url, timeout=30) as c:
        yield c


@FUZZ
@given(body=APPLY | JSON)
def test_apply_never_500(client, body):
    check_answer(post_raw(client, "/apply", body))


@FUZZ
@given(body=CHAT)
def test_chat_never_500(client, body):
    # max_tokens is capped so a body that happens to be valid costs a few passes at most.
    if isinstance(body.get("max_tokens"), int) or "max_tokens" not in body:
        body["max_tokens"] = min(body.get("max_tokens", 4), 4)
    check_answer(post_raw(client, "/v1/chat/completions", body))


@FUZZ
@given(body=RELACE)
def test_relace_never_500(client, body):
    body["model"] = "nope"  # the body is validated first; valid ones stop at routing instead of running the model
    check_answer(post_raw(client, "/v1/code/apply", body))


@settings(max_examples=100, deadline=None, derandomize=True)
@given(
    lines=st.lists(st.sampled_from(["a\n", "  b = 1\n", "\n", "é🚀\n", "</code>\n"]), min_size=1, max_size=12),
    window=st.tuples(st.integers(0, 12), st.integers(0, 12)),
    raw=st.text(max_size=60),
    step=st.integers(1, 7),
    fmt=st.sampled_from(["morph", "fastapply-oss"]),
)
def test_a_window_stream_is_always_a_prefix_of_the_spliced_file(lines, window, raw, step, fmt):
    original = "".join(lines)
    start, end = sorted(min(w, len(lines)) for w in window)
    prompt_format = get_format(fmt)
    merged = splice(original, [(start, end)], [extract_merged(raw, prompt_format)])
    stream = MergedTextStream(prompt_format)
    sent = "".join(lines[:start]) + "".join(stream.push(raw[i : i + step]) for i in range(0, len(raw), step))
    assert merged.startswith(sent)
