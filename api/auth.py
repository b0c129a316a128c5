"""Optional bearer-token auth (``--api-key`` / ``FASTAPPLY_API_KEY``): with a key set, every path but
``/health`` needs it, the API description and its pages (``/openapi.json``, ``/docs``, ``/redoc``)
included. ``/health`` stays open for load balancers and probes."""

from __future__ import annotations

import hmac

from fastapi import Request
from starlette.datastructures import Headers

from .errors import APIError

# FastAPI serves these outside the routers, so the routers' dependency does not reach them.
DOC_PATHS = frozenset({"/openapi.json", "/docs", "/docs/oauth2-redirect", "/redoc"})


def key_error(headers: Headers, expected: str | None) -> APIError | None:
    """The 401 for a request without the key, or None (also when no key is set)."""
    if not expected:
        return None
    header = headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer":
        token = headers.get("x-api-key", "")  # what some Relace/Morph clients send instead
    if token and hmac.compare_digest(token.strip().encode(), expected.encode()):
        return None
    return APIError(
        401,
        "missing or invalid API key: send 'Authorization: Bearer <key>'",
        "invalid_api_key",
        headers={"WWW-Authenticate": "Bearer"},
    )


def require_api_key(request: Request) -> None:
    error = key_error(request.headers, request.app.state.settings.api_key)
    if error is not None:
        raise error


class DocsNeedTheKey:
    """Pure ASGI middleware: the API description and its pages answer 401 without the key."""

    def __init__(self, app, api_key: str | None):
        self.app, self.api_key = app, api_key

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http" and self.api_key:
            path, root = scope.get("path", ""), scope.get("root_path", "")
            if root and path.startswith(root):
                path = path[len(root) :] or "/"
            error = key_error(Headers(scope=scope), self.api_key) if path in DOC_PATHS else None
            if error is not None:
                return await error.response()(scope, receive, send)
        await self.app(scope, receive, send)
