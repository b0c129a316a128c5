"""A bounded schemathesis run against /openapi.json: generated requests to every operation get a
declared status, a declared content type and a body that matches the declared schema, never a 500."""

from __future__ import annotations

import pytest

from fastapply.api import Settings

schemathesis = pytest.importorskip("schemathesis")
from hypothesis import HealthCheck, settings  # noqa: E402


def no_internal_error(ctx, response, case):
    """500 is a bug; 503 (queue) and 504 (generation timeout) are declared answers of a busy server."""
    assert response.status_code != 500, response.text


# Acceptance of schema-valid data is not among them: a chat message without <code>/<update> and
# without a prediction is valid JSON Schema and still a documented 400.
CHECKS = [
    no_internal_error,
    schemathesis.checks.status_code_conformance,
    schemathesis.checks.content_type_conformance,
    schemathesis.checks.response_schema_conformance,
]


@pytest.fixture(scope="module")
def short_server(serve_factory):
    # A valid generated apply may ask for thousands of tokens: a short generation clock bounds each
    # call (the answer is then a declared 504, or a 200 with allow_flagged).
    with serve_factory(Settings(api_key=None, request_timeout=0.3)) as server:
        yield server


def test_every_operation_keeps_its_contract(short_server):
    from hypothesis import given

    schema = schemathesis.openapi.from_url(short_server.url + "/openapi.json")
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 7

    for operation in operations:

        @given(case=operation.as_strategy())
        @settings(max_examples=5, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
        def keeps_its_contract(case):
            case.call_and_validate(base_url=short_server.url, checks=CHECKS)

        keeps_its_contract()
