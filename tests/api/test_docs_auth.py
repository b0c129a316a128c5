"""With an API key set, the API description and its pages need the key like every endpoint but
/health; without one they are open."""

from __future__ import annotations

import httpx
import pytest

from fastapply.api import Settings

PAGES = ["/openapi.json", "/docs", "/docs/oauth2-redirect", "/redoc"]


@pytest.fixture(scope="module")
def keyed(serve_factory):
    with serve_factory(Settings(api_key="sekret")) as live:
        yield live.url


@pytest.mark.parametrize("path", PAGES)
def test_the_description_needs_the_key(keyed, path):
    refused = httpx.get(keyed + path)
    assert refused.status_code == 401 and refused.json()["error"]["code"] == "invalid_api_key"
    assert refused.headers["www-authenticate"] == "Bearer"
    assert httpx.get(keyed + path, headers={"Authorization": "Bearer nope"}).status_code == 401
    assert httpx.get(keyed + path, headers={"Authorization": "Bearer sekret"}).status_code == 200
    assert httpx.get(keyed + path, headers={"x-api-key": "sekret"}).status_code == 200


def test_health_stays_open_and_the_schema_is_whole_with_the_key(keyed):
    assert httpx.get(keyed + "/health").status_code == 200
    spec = httpx.get(keyed + "/openapi.json", headers={"Authorization": "Bearer sekret"}).json()
    assert {"/apply", "/v1/chat/completions", "/v1/code/apply"} <= set(spec["paths"])


def test_without_a_key_the_description_is_open(live):
    for path in PAGES:
        assert httpx.get(live.url + path).status_code == 200, path
