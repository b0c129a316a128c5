"""/v1/chat/completions through the official ``openai`` client: Morph apply messages, Predicted Outputs,
streaming and not, usage, model names and OpenAI-shaped errors."""

from __future__ import annotations

import httpx
import openai
import pytest

ORIGINAL = "const x = 1;\nfunction f() {\n  return x;\n}\n"
SNIPPET = "// ... existing code ...\nfunction f() {\n  return x + 1;\n}\n"
MESSAGE = f"<instruction>increment</instruction>\n<code>{ORIGINAL}</code>\n<update>{SNIPPET}</update>"
FLAGGED_OK = {"allow_flagged": True}  # a random model's applies are flagged: mechanics tests opt in


@pytest.fixture(scope="module")
def client(live):
    return openai.OpenAI(base_url=live.url + "/v1", api_key="unused", max_retries=0, timeout=60)


def test_apply_message_matches_native_apply(live, client):
    completion = client.chat.completions.create(
        model="morph-v3-fast", max_tokens=40, extra_body=FLAGGED_OK, messages=[{"role": "user", "content": MESSAGE}]
    )
    native = httpx.post(
        live.url + "/apply",
        timeout=60,
        json={
            "original": ORIGINAL,
            "snippet": SNIPPET,
            "instruction": "increment",
            "options": {"max_tokens": 40, "allow_flagged": True},
        },
    ).json()
    choice = completion.choices[0]
    assert choice.message.role == "assistant" and choice.message.content == native["merged"]
    assert choice.finish_reason == "length"
    usage = completion.usage
    assert usage.completion_tokens == 40 and usage.prompt_tokens == native["stats"]["prompt_tokens"]
    assert usage.total_tokens == usage.prompt_tokens + usage.completion_tokens
    details = usage.completion_tokens_details
    assert details.accepted_prediction_tokens == native["stats"]["accepted_tokens"]
    assert details.accepted_prediction_tokens + details.rejected_prediction_tokens == native["stats"]["drafted_tokens"]


def test_streaming_equals_non_streaming(client):
    kwargs = dict(model="auto", max_tokens=48, messages=[{"role": "user", "content": MESSAGE}], extra_body=FLAGGED_OK)
    full = client.chat.completions.create(**kwargs).choices[0].message.content
    chunks = list(client.chat.completions.create(stream=True, stream_options={"include_usage": True}, **kwargs))
    text = "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
    assert text == full
    assert chunks[0].choices[0].delta.role == "assistant"
    assert [c.choices[0].finish_reason for c in chunks if c.choices][-1] == "length"
    assert chunks[-1].choices == [] and chunks[-1].usage.completion_tokens == 48
    assert len({c.id for c in chunks}) == 1


def test_predicted_output_is_lossless_and_accepted(live, client):
    messages = [{"role": "system", "content": "Rewrite the text."}, {"role": "user", "content": "some text"}]
    unrelated = client.chat.completions.create(
        model="auto", messages=messages, max_tokens=40, prediction={"type": "content", "content": "zzz"}
    )
    passes = live.engine.total_passes
    own = unrelated.choices[0].message.content  # the model's own greedy output: a perfect prediction
    predicted = client.chat.completions.create(
        model="auto", messages=messages, max_tokens=40, prediction={"type": "content", "content": own}
    )
    assert predicted.choices[0].message.content == own  # the draft never changes the output
    assert predicted.usage.completion_tokens == unrelated.usage.completion_tokens == 40
    accepted = predicted.usage.completion_tokens_details.accepted_prediction_tokens
    assert accepted >= 30 and unrelated.usage.completion_tokens_details.accepted_prediction_tokens == 0
    assert live.engine.total_passes - passes < 20  # far fewer passes than 40 tokens one at a time
    stream = client.chat.completions.create(
        model="auto",
        messages=messages,
        max_tokens=40,
        stream=True,
        prediction={"type": "content", "content": [{"type": "text", "text": own}]},
    )
    assert "".join(c.choices[0].delta.content or "" for c in stream if c.choices) == own


def test_stop_sequence_ends_the_text_before_it(client):
    messages = [{"role": "user", "content": "some text"}]
    own = (
        client.chat.completions.create(
            model="auto", messages=messages, max_tokens=24, prediction={"type": "content", "content": "x"}
        )
        .choices[0]
        .message.content
    )
    stop = own[10:14]
    cut = client.chat.completions.create(
        model="auto", messages=messages, max_tokens=24, stop=[stop], prediction={"type": "content", "content": own}
    )
    assert cut.choices[0].message.content == own[: own.index(stop)]
    assert cut.choices[0].finish_reason == "stop"


def test_unknown_model_is_openai_404(client):
    with pytest.raises(openai.NotFoundError) as info:
        client.chat.completions.create(model="gpt-9", messages=[{"role": "user", "content": MESSAGE}])
    assert info.value.body["code"] == "model_not_found"
    assert "gpt-9" in info.value.body["message"]


@pytest.mark.parametrize(
    "kwargs, needle",
    [
        (dict(messages=[{"role": "user", "content": "hello"}]), "<code>"),
        (dict(messages=[]), "messages"),
        (dict(messages=[{"role": "user", "content": MESSAGE}], max_tokens=0), "max_tokens"),
        (dict(messages=[{"role": "user", "content": MESSAGE}], max_tokens=10**7), "max_tokens"),
        (dict(messages=[{"role": "user", "content": MESSAGE}], n=2), "n"),
        (dict(messages=[{"role": "user", "content": "<code>x</code><update> </update>"}]), "<update> is empty"),
        (dict(messages=[{"role": "wizard", "content": MESSAGE}]), "role"),
    ],
)
def test_bad_chat_requests_are_400(client, kwargs, needle):
    with pytest.raises(openai.BadRequestError) as info:
        client.chat.completions.create(model="auto", **kwargs)
    assert needle in info.value.body["message"]
    assert info.value.body["type"] == "invalid_request_error"


def test_models_list_through_client(client):
    assert {"morph-v3-fast", "auto"} <= {m.id for m in client.models.list()}
