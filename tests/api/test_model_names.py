"""One table of model names for every route: a name one route accepts, every route accepts (the
served id, Morph's morph-v3-fast and morph-v3-large, Relace's relace-apply-3, auto); any other name
is 404 model_not_found on every route."""

from __future__ import annotations

import httpx
import openai
import pytest

from fastapply.api import Settings

ORIGINAL = "def add(a, b):\n    return a + b\n\n\ndef sub(a, b):\n    return a - b\n"
SNIPPET = "# ... existing code ...\ndef sub(a, b):\n    return b - a\n"
MERGED = ORIGINAL.replace("a - b", "b - a")
MESSAGE = f"<code>{ORIGINAL}</code>\n<update>{SNIPPET}</update>"
NAMES = ["fastapply-smollm2-135m", "morph-v3-fast", "morph-v3-large", "relace-apply-3", "auto"]


@pytest.fixture(scope="module")
def server(serve_factory):
    with serve_factory(Settings(api_key=None, served_model_name=NAMES[0]), server_default_mode=True) as live:
        yield live


@pytest.mark.parametrize("name", NAMES)
def test_every_route_takes_every_name(server, name):
    assert name in {m.id for m in openai.OpenAI(base_url=server.url + "/v1", api_key="x").models.list()}
    for base in ("/v1", "/v1/apply"):  # OpenAI clients with Morph's or Relace's base URL
        client = openai.OpenAI(base_url=server.url + base, api_key="x", max_retries=0)
        completion = client.chat.completions.create(model=name, messages=[{"role": "user", "content": MESSAGE}])
        assert completion.choices[0].message.content == MERGED, base
    relace = httpx.post(
        server.url + "/v1/code/apply",
        json={"initial_code": ORIGINAL, "edit_snippet": SNIPPET, "model": name},
        timeout=30,
    )
    assert relace.status_code == 200 and relace.json()["mergedCode"] == MERGED


def test_an_unknown_name_is_404_on_every_route(server):
    for base in ("/v1", "/v1/apply"):
        client = openai.OpenAI(base_url=server.url + base, api_key="x", max_retries=0)
        with pytest.raises(openai.NotFoundError) as error:
            client.chat.completions.create(model="relace-apply-9", messages=[{"role": "user", "content": MESSAGE}])
        assert error.value.code == "model_not_found"
    relace = httpx.post(
        server.url + "/v1/code/apply",
        json={"initial_code": ORIGINAL, "edit_snippet": SNIPPET, "model": "relace-apply-9"},
        timeout=30,
    )
    assert relace.status_code == 404 and relace.json()["error"]["code"] == "model_not_found"
