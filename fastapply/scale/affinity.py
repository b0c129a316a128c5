"""Which replica a request prefers: the same file goes to the same replica (no Ray needed here).

Speculative apply prompts for one file share a long prefix (the file itself), so sending a file's
requests to one replica keeps that prefix in one place for a prompt cache. The file is named by the
request's ``path`` when it sends one, else by the head of the code it edits. Rendezvous hashing
picks the replica: every replica gets a score per key and the highest wins, so when a replica joins
or leaves only the files that preferred it move.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable

from fastapply.api.routes_openai import ENDPOINT as CHAT
from fastapply.api.routes_openai import RELACE_BASE_ENDPOINT as RELACE_CHAT
from fastapply.api.routes_openai import parse_apply_message
from fastapply.api.routes_relace import ENDPOINT as RELACE

NATIVE = "/apply"
HEAD_CHARS = 2048  # the file's first characters name it when the request has no path
PARSED_BODY_LIMIT = 1 << 20  # larger bodies are keyed by their raw head: parsing them twice costs too much


def file_key(path: str, body: bytes) -> str | None:
    """The routing key of an apply request's file; None when the request edits no file (or is not JSON)."""
    if path not in (NATIVE, RELACE, CHAT, RELACE_CHAT) or not body:
        return None
    if len(body) > PARSED_BODY_LIMIT:
        return _digest(body[:HEAD_CHARS])
    try:
        data = json.loads(body)
    except (ValueError, RecursionError):
        return None  # the replica answers the 400; any replica will do
    if not isinstance(data, dict):
        return None
    if path == NATIVE:
        name = data.get("path")
        text = name if isinstance(name, str) and name else data.get("original")
    elif path == RELACE:
        text = data.get("initial_code", data.get("initialCode"))
    else:
        text = _chat_code(data)
    return _digest(text[:HEAD_CHARS].encode("utf-8", "surrogatepass")) if isinstance(text, str) and text else None


def _chat_code(data: dict) -> str | None:
    """The code of a Morph-style apply message, else the prediction (the text a predicted output edits)."""
    messages = data.get("messages")
    users = (
        [m for m in messages if isinstance(m, dict) and m.get("role") == "user"] if isinstance(messages, list) else []
    )
    parsed = parse_apply_message(_text(users[-1].get("content"))) if users else None
    if parsed is not None:
        return parsed[1]
    prediction = data.get("prediction")
    return _text(prediction.get("content")) if isinstance(prediction, dict) else None


def _text(content) -> str:
    """OpenAI content as sent: a string, or a list of parts of which the text parts count."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(p["text"] for p in content if isinstance(p, dict) and isinstance(p.get("text"), str))
    return ""


def _digest(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=8).hexdigest()


def rendezvous(key: str, replica_ids: Iterable[str]) -> str | None:
    """The replica id with the highest score for ``key`` (None when there are no replicas)."""
    return max(
        replica_ids, key=lambda rid: hashlib.blake2b(f"{key}|{rid}".encode(), digest_size=8).digest(), default=None
    )
