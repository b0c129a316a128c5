"""Every failure becomes one JSON shape, OpenAI's: ``{"error": {"message", "type", "code"}}``.

OpenAI clients parse that shape into their exception's message, and the native and Relace clients
get the same shape, so there is one error format to document. Bodies are read and decoded here (not
by FastAPI) so that oversized, non-UTF-8 and malformed JSON bodies get precise messages.
"""
from __future__ import annotations

import json
import logging

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException

log = logging.getLogger(__name__)

ERROR_TYPES = {400: "invalid_request_error", 401: "authentication_error", 404: "not_found_error",
               405: "invalid_request_error", 408: "timeout_error", 413: "request_too_large",
               422: "unprocessable_entity", 429: "rate_limit_error", 503: "overloaded_error"}


class APIError(Exception):
    def __init__(self, status: int, message: str, code: str | None = None, headers: dict | None = None,
                 type: str | None = None):
        super().__init__(message)
        self.status, self.message, self.headers = status, message, headers or {}
        self.code = code or ERROR_TYPES.get(status, "server_error")
        self.type = type or ERROR_TYPES.get(status, "server_error" if status >= 500 else "invalid_request_error")

    def body(self) -> dict:
        return {"error": {"message": self.message, "type": self.type, "code": self.code}}

    def response(self) -> JSONResponse:
        return JSONResponse(self.body(), status_code=self.status, headers=self.headers)


def validation_message(error: ValidationError | RequestValidationError) -> str:
    """'options.max_tokens: Input should be less than or equal to 131072; ...' (one line per field)."""
    parts = []
    for item in error.errors():
        where = ".".join(str(p) for p in item.get("loc", ()) if p not in ("body",)) or "body"
        parts.append(f"{where}: {item.get('msg', 'invalid')}")
    return "; ".join(parts)


async def read_json(request: Request, max_bytes: int) -> object:
    """The request body as JSON, enforcing the size limit while reading (never buffering more)."""
    declared = request.headers.get("content-length")
    if declared and declared.isdigit() and int(declared) > max_bytes:
        raise APIError(413, f"request body of {declared} bytes exceeds the limit of {max_bytes} bytes",
                       "body_too_large")
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > max_bytes:
            raise APIError(413, f"request body exceeds the limit of {max_bytes} bytes", "body_too_large")
        chunks.append(chunk)
    raw = b"".join(chunks)
    if not raw.strip():
        raise APIError(400, "request body is empty; send a JSON object", "empty_body")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise APIError(400, f"request body is not valid UTF-8 ({e.reason} at byte {e.start})", "invalid_encoding")
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise APIError(400, f"request body is not valid JSON: {e.msg} at line {e.lineno} column {e.colno}",
                       "invalid_json")


def parse_body(model: type[BaseModel], data: object):
    if not isinstance(data, dict):
        raise APIError(400, f"request body must be a JSON object, got {type(data).__name__}", "invalid_body")
    try:
        return model.model_validate(data)
    except ValidationError as e:
        raise APIError(400, validation_message(e), "invalid_request") from None


def install_handlers(app: FastAPI) -> None:
    @app.exception_handler(APIError)
    async def _api_error(request: Request, exc: APIError):
        return exc.response()

    @app.exception_handler(RequestValidationError)
    async def _validation(request: Request, exc: RequestValidationError):
        return APIError(400, validation_message(exc), "invalid_request").response()

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException):
        message = exc.detail if isinstance(exc.detail, str) else json.dumps(exc.detail)
        if exc.status_code == 404:
            message = f"no route {request.method} {request.url.path}"
        return APIError(exc.status_code, message, headers=getattr(exc, "headers", None)).response()

    @app.exception_handler(Exception)
    async def _unexpected(request: Request, exc: Exception):
        log.exception("unhandled error on %s %s", request.method, request.url.path)
        return APIError(500, f"internal error: {type(exc).__name__}", "internal_error").response()
