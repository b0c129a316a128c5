"""Every failure becomes one JSON shape, OpenAI's: ``{"error": {"message", "type", "code"}}``.

OpenAI clients parse that shape into their exception's message, and the native and Relace clients
get the same shape, so there is one error format to document. Bodies are read and decoded by
``body.py`` (not by FastAPI) so that oversized, non-UTF-8 and malformed JSON bodies get precise messages.
"""

from __future__ import annotations

import json
import logging

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException

from fastapply.apply.request import ApplyError

log = logging.getLogger(__name__)

ERROR_TYPES = {
    400: "invalid_request_error",
    401: "authentication_error",
    404: "not_found_error",
    405: "invalid_request_error",
    408: "timeout_error",
    413: "request_too_large",
    422: "unprocessable_entity",
    429: "rate_limit_error",
    499: "client_closed_request",
    503: "overloaded_error",
    504: "timeout_error",
}


class APIError(Exception):
    """``details``: extra fields of the error object (the finish_reason and warnings of a refused result)."""

    def __init__(
        self,
        status: int,
        message: str,
        code: str | None = None,
        headers: dict | None = None,
        type: str | None = None,
        details: dict | None = None,
    ):
        super().__init__(message)
        self.status, self.message, self.headers = status, message, headers or {}
        self.code = code or ERROR_TYPES.get(status, "server_error")
        self.type = type or ERROR_TYPES.get(status, "server_error" if status >= 500 else "invalid_request_error")
        self.details = details or {}

    def body(self) -> dict:
        # Messages may quote input (field names, values): never let a lone surrogate break the encoder.
        return {"error": {"message": printable(self.message), "type": self.type, "code": self.code, **self.details}}

    def response(self) -> JSONResponse:
        return JSONResponse(self.body(), status_code=self.status, headers=self.headers)


def printable(text: str) -> str:
    """``text`` with anything UTF-8 cannot encode (lone surrogates) written as a backslash escape."""
    try:
        text.encode("utf-8")
        return text
    except UnicodeEncodeError:
        return text.encode("utf-8", "backslashreplace").decode("utf-8")


def apply_error(error: ApplyError) -> APIError:
    """The HTTP error for bad or unserviceable apply input."""
    code = {413: "context_length_exceeded", 422: "not_confident"}.get(error.status, "invalid_request")
    return APIError(error.status, str(error), code)


def validation_message(error: ValidationError | RequestValidationError) -> str:
    """'options.max_tokens: Input should be less than or equal to 131072; ...' (one line per field)."""
    parts = []
    for item in error.errors():
        where = ".".join(str(p) for p in item.get("loc", ()) if p not in ("body",)) or "body"
        parts.append(f"{where}: {item.get('msg', 'invalid')}")
    return "; ".join(parts)


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
