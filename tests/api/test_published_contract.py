"""The published contract: /openapi.json declares every request body and response, /metrics is text;
Relace's OpenAI base URL (/v1/apply) is served; Morph's large-file anchor protocol is unpacked."""

from __future__ import annotations

import json

import httpx
import openai
import pytest

from fastapply.api import Settings

ORIGINAL = (
    "def compute_the_total_of(values):\n    return sum(value for value in values)\n\n\n"
    "def compute_the_average_of(values):\n    return sum(values) / len(values)\n"
)
SNIPPET = "def compute_the_total_of(values):\n    return sum(values)\n\n# ... existing code ...\n"
MERGED = ORIGINAL.replace("return sum(value for value in values)", "return sum(values)")


@pytest.fixture(scope="module")
def auto_server(serve_factory):
    with serve_factory(Settings(api_key=None), server_default_mode=True) as server:
        yield server


def test_openapi_declares_every_body_and_response(live):
    spec = httpx.get(live.url + "/openapi.json").json()
    schemas = spec["components"]["schemas"]
    for path in ("/apply", "/v1/chat/completions", "/v1/apply/chat/completions", "/v1/code/apply"):
        post = spec["paths"][path]["post"]
        ref = post["requestBody"]["content"]["application/json"]["schema"]["$ref"]
        assert post["requestBody"]["required"] and ref.split("/")[-1] in schemas
        for status in ("200", "400", "413", "422", "503", "504"):
            assert status in post["responses"], (path, status)
        ok = post["responses"]["200"]["content"]
        assert "$ref" in ok["application/json"]["schema"] and "text/event-stream" in ok
        assert post["responses"]["400"]["content"]["application/json"]["schema"]["$ref"].endswith("ErrorResponse")
    assert "allow_flagged" in schemas["ApplyOptions"]["properties"]
    assert {"original", "snippet"} <= set(schemas["ApplyBody"]["properties"])
    assert "text/plain" in spec["paths"]["/metrics"]["get"]["responses"]["200"]["content"]
    refs = {part.split("/")[-1] for part in json.dumps(spec).split('"') if part.startswith("#/components/schemas/")}
    assert refs <= set(schemas)  # every reference resolves
    metrics = httpx.get(live.url + "/metrics")
    assert metrics.headers["content-type"].startswith("text/plain")


def test_relace_openai_base_url_is_served(auto_server):
    client = openai.OpenAI(base_url=auto_server.url + "/v1/apply", api_key="x", max_retries=0)
    message = f"<instruction>simplify</instruction>\n<code>{ORIGINAL}</code>\n<update>{SNIPPET}</update>"
    completion = client.chat.completions.create(model="auto", messages=[{"role": "user", "content": message}])
    assert completion.choices[0].message.content == MERGED and completion.choices[0].finish_reason == "stop"


def compact_like_morph_sdk(original: str, namespace: int = 0) -> tuple[str, str]:
    """(code, instruction suffix) as @morphllm/morphsdk's createAnchorCompactionPlan builds them for
    source files: each line of 24+ characters becomes a placeholder defined in a table."""
    prefix, definitions, values, skeleton = f"\u27eaM{namespace}:", {}, [], ""
    for line in original.splitlines(keepends=True):
        text = line.rstrip("\r\n")
        if len(text) >= 24:
            if text not in definitions:
                definitions[text] = len(values)
                values.append(text)
            skeleton += f"{prefix}{definitions[text]}:line\u27eb" + line[len(text) :]
        else:
            skeleton += line
    table = "\n".join(f"{prefix}{i}:line\u27eb={json.dumps(v, ensure_ascii=False)}" for i, v in enumerate(values))
    code = "\n".join(
        [
            f"\u27eaMORPH_DEFINITIONS_BEGIN_{namespace}\u27eb",
            table,
            f"\u27eaMORPH_DEFINITIONS_END_{namespace}\u27eb",
            f"\u27eaMORPH_CODE_BEGIN_{namespace}\u27eb",
            skeleton,
        ]
    )
    suffix = (
        "\n\nLARGE-FILE ANCHOR PROTOCOL:\nThe <code> block starts with an exact anchor definition table, "
        "then ...\nDo not invent or alter placeholder IDs."
    )
    return code, suffix


def test_morph_extralong_requests_are_unpacked(auto_server):
    code, suffix = compact_like_morph_sdk(ORIGINAL)
    assert "\u27eaM0:0:line\u27eb" in code and "return sum(values) / len(values)" not in code.split("CODE_BEGIN")[1]
    client = openai.OpenAI(
        base_url=auto_server.url + "/v1",
        api_key="x",
        max_retries=0,
        default_headers={"X-Morph-Apply-Context": "extralong"},
    )
    message = f"<instruction>simplify{suffix}</instruction>\n<code>{code}</code>\n<update>{SNIPPET}</update>"
    chunks = client.chat.completions.create(
        model="morph-v3-large", stream=True, messages=[{"role": "user", "content": message}]
    )
    assert "".join(c.choices[0].delta.content or "" for c in chunks if c.choices) == MERGED


@pytest.mark.parametrize("code", ["plain text, no table", "\u27eaMORPH_DEFINITIONS_BEGIN_0\u27eb\nbroken"])
def test_an_extralong_request_that_does_not_follow_the_protocol_is_400(live, code):
    client = openai.OpenAI(
        base_url=live.url + "/v1", api_key="x", max_retries=0, default_headers={"X-Morph-Apply-Context": "extralong"}
    )
    with pytest.raises(openai.BadRequestError) as info:
        client.chat.completions.create(
            model="auto", messages=[{"role": "user", "content": f"<code>{code}</code><update>x = 1</update>"}]
        )
    assert info.value.body["code"] == "invalid_extralong_context"
