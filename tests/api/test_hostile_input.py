"""Hostile bodies: lone surrogates, deep nesting, aborted uploads and unexpected failures are 4xx
JSON errors (or a quiet close), never a 500 with a traceback, and the keep-alive connection lives on."""

from __future__ import annotations

import json
import logging
import socket
import time

import httpx
import pytest

from fastapply.api import Settings

ORIGINAL = "def add(a, b):\n    return a + b\n"
SNIPPET = "def add(a, b):\n    return b + a\n"
LONE = "\\ud800"  # a JSON escape for a lone UTF-16 surrogate: decodes to a str UTF-8 cannot encode


@pytest.fixture(scope="module")
def roomy(serve_factory):
    """The default 8 MB body limit: room for 100,000 nested arrays."""
    with serve_factory(Settings(api_key=None)) as server:
        yield server


def raw_body(template: str) -> bytes:
    return template.replace("LONE", LONE).encode()


@pytest.mark.parametrize(
    "path, body",
    [
        ("/apply", '{"original": "x = 1LONE\\n", "snippet": "x = 2\\n"}'),
        ("/apply", '{"original": "x = 1\\n", "snippet": "LONEx = 2\\n"}'),
        ("/apply", '{"original": "x = 1\\n", "snippet": "x = 2\\n", "options": {"LONE": 1}}'),
        (
            "/v1/chat/completions",
            '{"model": "auto", "messages": [{"role": "user", "content": "<code>LONE</code><update>y</update>"}]}',
        ),
        (
            "/v1/chat/completions",
            '{"model": "auto", "messages": [{"role": "user", "content": "hi"}], '
            '"prediction": {"type": "content", "content": "LONE"}}',
        ),
        ("/v1/code/apply", '{"initial_code": "LONE", "edit_snippet": "y"}'),
    ],
)
def test_lone_surrogates_are_400(live, path, body):
    response = httpx.post(live.url + path, content=raw_body(body), headers={"content-type": "application/json"})
    assert response.status_code == 400, response.text
    assert response.json()["error"]["code"] == "invalid_unicode" and "surrogate" in response.json()["error"]["message"]


def test_paired_surrogates_are_fine(live):
    body = {"original": "s = '🚀'\n", "snippet": "s = '🚀🚀'\n", "options": {"mode": "deterministic"}}
    raw = json.dumps(body)  # ensure_ascii: the emoji travels as a \\ud83d\\ude80 pair
    response = httpx.post(live.url + "/apply", content=raw, headers={"content-type": "application/json"})
    assert response.status_code == 200 and response.json()["merged"] == "s = '🚀🚀'\n"


@pytest.mark.parametrize(
    "body",
    [
        "[" * 100_000 + "]" * 100_000,
        '{"original": "x", "snippet": "y", "options": ' + '{"a": ' * 5_000 + "1" + "}" * 5_000 + "}",
        '{"original": "x", "snippet": "y", "options": ' + '{"a": ' * 40 + "1" + "}" * 40 + "}",
    ],
)
def test_deep_nesting_is_400(roomy, body):
    response = httpx.post(roomy.url + "/apply", content=body, headers={"content-type": "application/json"})
    assert response.status_code == 400 and response.json()["error"]["code"] == "nesting_too_deep"


def http_exchange(sock: socket.socket, path: str, body: bytes) -> tuple[int, dict, bytes]:
    """One HTTP/1.1 request on an open socket; (status, headers, body) of its response."""
    sock.sendall(
        f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\n\r\n".encode()
        + body
    )
    data = b""
    while b"\r\n\r\n" not in data:
        data += sock.recv(65536)
    head, rest = data.split(b"\r\n\r\n", 1)
    lines = head.decode().split("\r\n")
    headers = dict(line.lower().split(": ", 1) for line in lines[1:])
    length = int(headers.get("content-length", 0))
    while len(rest) < length:
        rest += sock.recv(65536)
    return int(lines[0].split()[1]), headers, rest


def test_errors_keep_the_connection_alive(roomy, monkeypatch):
    from fastapply.api.service import Service

    async def broken(self, request):
        raise RuntimeError("a bug")

    host, port = roomy.url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as sock:
        status, headers, _ = http_exchange(sock, "/apply", raw_body('{"original": "LONE", "snippet": "y"}'))
        assert status == 400 and headers.get("connection") != "close"
        status, _, _ = http_exchange(sock, "/apply", b"[" * 100_000 + b"]" * 100_000)
        assert status == 400
        monkeypatch.setattr(Service, "apply_work", broken)
        status, headers, body = http_exchange(sock, "/apply", json.dumps({"original": "x", "snippet": "y"}).encode())
        assert status == 500 and json.loads(body)["error"]["code"] == "internal_error"
        assert headers.get("connection") != "close"
        monkeypatch.undo()
        ok = json.dumps({"original": ORIGINAL, "snippet": SNIPPET, "options": {"mode": "deterministic"}}).encode()
        status, _, body = http_exchange(sock, "/apply", ok)  # the same socket still serves
        assert status == 200 and json.loads(body)["merged"] == SNIPPET


def test_a_client_leaving_mid_upload_is_a_quiet_499(live, caplog):
    def aborted() -> float:
        return live.app.state.metrics.counter_value("fastapply_requests_total", endpoint="/apply", status="499")

    before = aborted()
    host, port = live.url.removeprefix("http://").split(":")
    with caplog.at_level(logging.ERROR):
        with socket.create_connection((host, int(port)), timeout=10) as sock:
            sock.sendall(
                b"POST /apply HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                b'Content-Length: 1000\r\n\r\n{"original": "'
            )
            time.sleep(0.1)
        deadline = time.time() + 30  # generous: behind Ray the record can take seconds on a loaded machine
        while aborted() == before:
            assert time.time() < deadline, "the aborted upload was never recorded"
            time.sleep(0.02)
    assert not [r for r in caplog.records if r.exc_info], [r.getMessage() for r in caplog.records]
    assert httpx.get(live.url + "/health").status_code == 200
