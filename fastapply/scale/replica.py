"""One engine replica: the single-process FastAPI app (``create_app``), run in-process behind Ray.

The front hands each HTTP request over as a ``ForwardedRequest``; the replica plays it into the very
app ``fastapply serve`` runs (same routes, validation, auth, errors, streaming, metrics) and streams
the ASGI response back: first ``ResponseHead`` (status, headers, the first body bytes), then body
chunks. Holding the head until the first body bytes exist lets the front retry a request on another
replica whenever this one dies before anything reached the client.

When the front cancels the call (the client went away), the app sees ``http.disconnect``, exactly as
under uvicorn, so it frees the request's batch row and counts the cancellation the same way.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass

from fastapply import env
from fastapply.api.app import create_app, load_applier
from fastapply.api.routes_native import health, metrics
from fastapply.api.settings import Settings
from fastapply.apply.applier import Applier

log = logging.getLogger(__name__)
DISCONNECT_GRACE_S = 10.0  # how long a cancelled request may take to clean up after the disconnect


@dataclass
class ForwardedRequest:
    method: str
    path: str
    query_string: bytes
    headers: list[tuple[bytes, bytes]]
    body: bytes
    client: tuple[str, int] | None = None


@dataclass
class ResponseHead:
    status: int
    headers: list[tuple[bytes, bytes]]
    body: bytes  # the first body bytes (all of them when not more_body)
    more_body: bool
    replica: str


class EngineReplica:
    """``load``: builds the applier from the settings (default: the model ``settings.model`` names)."""

    async def __init__(
        self, settings: Settings, torch_threads: int = 1, load: Callable[[Settings], Applier] | None = None
    ):
        import torch
        from ray import serve

        env.set_process_defaults()
        torch.set_num_threads(torch_threads)
        self.replica_id = serve.get_replica_context().replica_id.unique_id
        applier = await asyncio.to_thread(load or load_applier, settings)
        self.app = create_app(applier, settings)
        self._lifespan = self.app.router.lifespan_context(self.app)
        await self._lifespan.__aenter__()  # the engine thread starts; exited in __del__ at shutdown
        log.info("engine replica %s ready", self.replica_id)

    async def __del__(self):
        with contextlib.suppress(Exception):
            await self._lifespan.__aexit__(None, None, None)

    async def check_health(self) -> None:
        """Ray's health check: a replica whose engine thread died is replaced."""
        if not self.app.state.engine_loop.alive:
            raise RuntimeError("the engine thread stopped")

    # -- control plane (the front broadcasts these to every replica) ------------------------------
    async def health(self) -> dict:
        return {"replica": self.replica_id, **await health(self._request("/health"))}

    async def metrics_text(self) -> tuple[str, str]:
        response = await metrics(self._request("/metrics"))
        return self.replica_id, response.body.decode()

    def _request(self, path: str):
        """A request for calling a route function directly: no auth, no request counting (the front
        counts the scrape once, not once per replica)."""
        from starlette.requests import Request

        return Request({"type": "http", "app": self.app, "method": "GET", "path": path, "headers": []})

    # -- data plane -------------------------------------------------------------------------------
    async def handle_http(self, request: ForwardedRequest, route_key: str | None = None) -> AsyncIterator:
        """Yields one ``ResponseHead``, then ``bytes`` chunks. ``route_key`` only steers the router."""
        sent: asyncio.Queue = asyncio.Queue()
        disconnected = asyncio.Event()
        body_read = False

        async def receive():
            nonlocal body_read
            if not body_read:
                body_read = True
                return {"type": "http.request", "body": request.body, "more_body": False}
            await disconnected.wait()
            return {"type": "http.disconnect"}

        async def send(message):
            await sent.put(message)

        app_call = asyncio.create_task(self._run_app(self._scope(request), receive, send, sent))
        complete = False
        try:
            start = await sent.get()
            if start is None:
                return  # the app ended without a response (it cannot, but never hang on it)
            first = await sent.get()
            more = first is not None and first.get("more_body", False)
            yield ResponseHead(
                start["status"],
                list(start.get("headers", [])),
                first.get("body", b"") if first else b"",
                more,
                self.replica_id,
            )
            while more:
                message = await sent.get()
                if message is None:
                    break
                more = message.get("more_body", False)
                if message.get("body"):
                    yield message["body"]
            complete = True
        finally:
            if not complete:  # the caller went away: tell the app, as uvicorn would
                disconnected.set()
            done, _ = await asyncio.wait({app_call}, timeout=DISCONNECT_GRACE_S)
            if not done:
                app_call.cancel()

    async def _run_app(self, scope, receive, send, sent: asyncio.Queue) -> None:
        try:
            await self.app(scope, receive, send)
        except Exception:  # RequestMetrics answers errors itself; anything left means the response broke
            log.exception("request %s %s failed", scope["method"], scope["path"])
        finally:
            await sent.put(None)

    @staticmethod
    def _scope(request: ForwardedRequest) -> dict:
        return {
            "type": "http",
            "asgi": {"version": "3.0", "spec_version": "2.3"},
            "http_version": "1.1",
            "method": request.method,
            "scheme": "http",
            "path": request.path,
            "raw_path": request.path.encode(),
            "root_path": "",
            "query_string": request.query_string,
            "headers": request.headers,
            "client": request.client,
            "server": None,
            "state": {},
        }
