"""``Remote``: what a server's answer becomes, with a stand-in server on a loopback port."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer

import pytest

from fastapply.mcp.backends import Remote
from fastapply.mcp.edit import EditError, EditRefused, edit_file

from .conftest import CALC, SWAP, SWAPPED


def stand_in(status: int, body: dict):
    """A server that answers every POST with `status` and `body`, and keeps what it was sent."""
    seen = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):
            seen.append(
                (
                    self.path,
                    self.headers.get("Authorization"),
                    json.loads(self.rfile.read(int(self.headers["Content-Length"]))),
                )
            )
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *_):
            pass

    server = HTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}", seen


def answer(merged: str, warnings: list, finish_reason: str = "stop") -> dict:
    stats = {"latency_ms": 3.0, "finish_reason": "deterministic", "decode_ms": 0}
    return {
        "merged": merged,
        "warnings": warnings,
        "mode_used": "deterministic",
        "finish_reason": finish_reason,
        "stats": stats,
    }


def test_a_clean_answer_is_written_and_the_key_is_sent(tmp_path):
    server, url, seen = stand_in(200, answer(SWAPPED, []))
    target = tmp_path / "calc.py"
    target.write_text(CALC)
    try:
        report = edit_file(target, "calc.py", "swap", SWAP, Remote(url, api_key="k", mode="deterministic"))
    finally:
        server.shutdown()
    assert report.written and target.read_text() == SWAPPED
    [(path, auth, body)] = seen
    assert path == "/apply" and auth == "Bearer k"
    assert body["options"] == {"allow_flagged": True, "mode": "deterministic"} and body["snippet"] == SWAP


@pytest.mark.parametrize(
    "served",
    [
        answer(
            SWAPPED, [{"code": "a_code_of_a_newer_server", "message": "new check", "lines": [2], "severity": "flag"}]
        ),
        answer(SWAPPED, [], finish_reason="length"),
    ],
    ids=["unknown-flag", "incomplete"],
)
def test_a_flagged_or_incomplete_answer_is_refused(tmp_path, served):
    server, url, _ = stand_in(200, served)
    target = tmp_path / "calc.py"
    target.write_text(CALC)
    try:
        with pytest.raises(EditRefused):
            edit_file(target, "calc.py", "", SWAP, Remote(url))
    finally:
        server.shutdown()
    assert target.read_text() == CALC


def test_an_error_answer_is_an_edit_error_with_the_servers_message(tmp_path):
    error = {"error": {"message": "missing or invalid API key", "type": "x", "code": "invalid_api_key"}}
    server, url, _ = stand_in(401, error)
    target = tmp_path / "calc.py"
    target.write_text(CALC)
    try:
        with pytest.raises(EditError, match="answered 401: missing or invalid API key"):
            edit_file(target, "calc.py", "", SWAP, Remote(url))
    finally:
        server.shutdown()
    assert target.read_text() == CALC
