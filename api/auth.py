"""Optional bearer-token auth (``--api-key`` / ``FASTAPPLY_API_KEY``); ``/health`` stays open."""

from __future__ import annotations

import hmac

from fastapi import Request

from .errors import APIError


def require_api_key(request: Request) -> None:
    expected = request.app.state.settings.api_key
    if not expected:
        return
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer":
        token = request.headers.get("x-api-key", "")  # what some Relace/Morph clients send instead
    if not token or not hmac.compare_digest(token.strip().encode(), expected.encode()):
        raise APIError(
            401,
            "missing or invalid API key: send 'Authorization: Bearer <key>'",
            "invalid_api_key",
            headers={"WWW-Authenticate": "Bearer"},
        )
