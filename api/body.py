"""Reading a request body into JSON, every failure a 4xx: size, upload aborts, encoding, syntax,
nesting and text that is not Unicode (lone surrogates written as ``\\ud800`` escapes).

Large bodies are decoded on a worker thread so that parsing megabytes never stalls the event loop
(and with it every other request).
"""

from __future__ import annotations

import asyncio
import json
import re

from fastapi import Request
from starlette.requests import ClientDisconnect

from .errors import APIError

MAX_DEPTH = 32  # the deepest request schema nests 5 levels (chat -> messages -> content part)
MAX_VALUES = 200_000  # JSON values in one body; real requests hold a few hundred
OFF_LOOP_BYTES = 256 * 1024  # bodies above this are decoded on a worker thread
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")


async def read_json(request: Request, max_bytes: int) -> object:
    """The request body as JSON, enforcing the size limit while reading (never buffering more)."""
    declared = request.headers.get("content-length")
    if declared and declared.isdigit() and int(declared) > max_bytes:
        raise APIError(
            413, f"request body of {declared} bytes exceeds the limit of {max_bytes} bytes", "body_too_large"
        )
    chunks, size = [], 0
    try:
        async for chunk in request.stream():
            size += len(chunk)
            if size > max_bytes:
                raise APIError(413, f"request body exceeds the limit of {max_bytes} bytes", "body_too_large")
            chunks.append(chunk)
    except ClientDisconnect:
        # Nobody is left to read an answer; the 499 only reaches the logs and metrics.
        raise APIError(499, "the client closed the connection while sending the body", "client_disconnected") from None
    raw = b"".join(chunks)
    if len(raw) > OFF_LOOP_BYTES:
        return await asyncio.to_thread(decode_json, raw)
    return decode_json(raw)


def decode_json(raw: bytes) -> object:
    if not raw.strip():
        raise APIError(400, "request body is empty; send a JSON object", "empty_body")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise APIError(
            400, f"request body is not valid UTF-8 ({e.reason} at byte {e.start})", "invalid_encoding"
        ) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise APIError(
            400, f"request body is not valid JSON: {e.msg} at line {e.lineno} column {e.colno}", "invalid_json"
        ) from None
    except RecursionError:
        raise APIError(400, f"request body nests JSON deeper than {MAX_DEPTH} levels", "nesting_too_deep") from None
    check_structure(data, surrogates=_SURROGATE_ESCAPE.search(text) is not None)
    return data


def check_structure(data: object, surrogates: bool) -> None:
    """Depth and size limits, and (when the text has surrogate escapes) strings UTF-8 can encode.

    Iterative on purpose: the check must not itself recurse on the nesting it is there to refuse.
    """
    stack: list[tuple[object, int, str]] = [(data, 1, "body")]
    values = 0
    while stack:
        value, depth, where = stack.pop()
        values += 1
        if depth > MAX_DEPTH:
            raise APIError(400, f"request body nests JSON deeper than {MAX_DEPTH} levels", "nesting_too_deep")
        if values > MAX_VALUES:
            raise APIError(400, f"request body holds more than {MAX_VALUES} JSON values", "too_many_values")
        if isinstance(value, dict):
            for key, item in value.items():
                if surrogates:
                    _check_text(key, f"{where} (a key)")
                stack.append((item, depth + 1, f"{where}.{_printable_key(key)}"))
        elif isinstance(value, list):
            stack.extend((item, depth + 1, f"{where}[{i}]") for i, item in enumerate(value))
        elif surrogates and isinstance(value, str):
            _check_text(value, where)


def _check_text(text: str, where: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as e:
        raise APIError(
            400,
            f"{where.removeprefix('body.')}: text holds a lone UTF-16 surrogate "
            f"(U+{ord(text[e.start]):04X} at character {e.start}); send valid Unicode",
            "invalid_unicode",
        ) from None


def _printable_key(key: str) -> str:
    return key.encode("utf-8", "backslashreplace").decode("utf-8")
