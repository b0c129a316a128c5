"""The HTTP front of a scaled deployment: every request goes, as bytes, to one engine replica.

The replicas run the single-process app, so the front holds no endpoint logic of its own: it reads
the body (up to the same size limit), names the file the request edits for the router, and streams
the replica's answer back unchanged. It answers three things itself:
* ``GET /health`` and ``GET /metrics``, summed over every replica (each replica is asked);
* a replica that died: the request is sent again (to another replica) when nothing of its answer
  reached the client yet, else the failure is reported in the stream's own error format; either
  way it ends with a 503 ``replica_failed`` and ``Retry-After``, never silently and never hanging;
* a full deployment: 503 ``queue_full`` once ``max_queued_requests`` wait for a replica.
"""

from __future__ import annotations

import asyncio
import logging

from fastapi import Depends, FastAPI, Request
from fastapi.responses import JSONResponse, PlainTextResponse, Response, StreamingResponse
from ray.exceptions import ActorDiedError, ActorUnavailableError, RayActorError
from ray.serve.exceptions import BackPressureError, DeploymentUnavailableError, ReplicaUnavailableError
from starlette.requests import ClientDisconnect

from fastapply.api.app import KNOWN_PATHS
from fastapply.api.auth import require_api_key
from fastapply.api.errors import APIError, install_handlers
from fastapply.api.metrics import Metrics
from fastapply.api.routes_openai import ENDPOINT as CHAT
from fastapply.api.routes_openai import RELACE_BASE_ENDPOINT as RELACE_CHAT
from fastapply.api.routes_relace import ENDPOINT as RELACE
from fastapply.api.settings import Settings
from fastapply.api.streaming import sse

from .affinity import file_key
from .prometheus import Aggregator
from .replica import ForwardedRequest, ResponseHead
from .router import ROUTE_KEY

log = logging.getLogger(__name__)
REPLICA_HEADER = b"x-fastapply-replica"  # which replica answered (the front's own answers have none)
REPLICA_GONE = (ActorDiedError, ActorUnavailableError, RayActorError, ReplicaUnavailableError)
SCRAPE_TIMEOUT_S = 10.0
GRACE_S = 30.0  # beyond the request's own clocks, before a silent replica counts as failed
METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]


class Front:
    """A Ray Serve ingress deployment (see deploy.py); ``engine`` is the engine deployment's handle."""

    def __init__(self, engine, settings: Settings, retries: int = 1):
        self.engine, self.settings, self.retries = engine, settings, retries
        self.metrics = Metrics()  # what the front answers itself; the replicas count the rest
        self.aggregator = Aggregator()
        queue = settings.queue_timeout or settings.request_timeout
        self.answer_deadline_s = queue + settings.request_timeout + GRACE_S

    def __serve_build_asgi_app__(self):
        return create_front_app(self)

    # -- forwarding ---------------------------------------------------------------------------------
    async def forward(self, request: Request) -> Response:
        path = app_path(request.scope)
        forwarded = ForwardedRequest(
            request.method,
            path,
            request.scope.get("query_string", b""),
            list(request.scope["headers"]),
            await self._body(request),
            tuple(request.client) if request.client else None,
        )
        key = file_key(path, forwarded.body) if request.method == "POST" else None
        failure = None
        for attempt in range(self.retries + 1):
            stream = self.engine.options(stream=True).handle_http.remote(forwarded, **{ROUTE_KEY: key})
            try:
                head: ResponseHead = await asyncio.wait_for(stream.__anext__(), self.answer_deadline_s)
            except REPLICA_GONE as e:
                failure = e
                log.warning(
                    "replica failed before answering %s %s (try %d): %s",
                    request.method,
                    path,
                    attempt + 1,
                    type(e).__name__,
                )
                if attempt < self.retries:
                    self.metrics.inc(
                        "fastapply_retried_requests_total",
                        1,
                        "requests sent again because their replica died before answering",
                    )
                continue
            except asyncio.CancelledError:  # the client went away: so does its work on the replica
                stream.cancel()
                raise
            except BackPressureError:
                raise APIError(
                    503,
                    "every replica is busy and the front's queue is full; retry shortly",
                    "queue_full",
                    headers={"Retry-After": "1"},
                ) from None
            except DeploymentUnavailableError:
                raise replica_failed("the engine deployment is not available") from None
            except TimeoutError:
                stream.cancel()
                raise APIError(
                    504, f"no answer from the engine replica within {self.answer_deadline_s:g} s", "replica_timeout"
                ) from None
            return self._response(head, stream, path)
        raise replica_failed(
            f"the engine replica stopped before answering ({type(failure).__name__}); tried {self.retries + 1} time(s)"
        )

    async def _body(self, request: Request) -> bytes:
        """The body, read no further than the size limit (the replica then answers the 413 itself)."""
        limit = self.settings.max_body_bytes
        declared = request.headers.get("content-length")
        if declared and declared.isdigit() and int(declared) > limit:
            return b""
        chunks, size = [], 0
        try:
            async for chunk in request.stream():
                chunks.append(chunk)
                size += len(chunk)
                if size > limit:
                    break
        except ClientDisconnect:
            raise APIError(
                499, "the client closed the connection while sending the body", "client_disconnected"
            ) from None
        return b"".join(chunks)

    def _response(self, head: ResponseHead, stream, path: str) -> Response:
        headers = [(REPLICA_HEADER, head.replica.encode())]
        if not head.more_body:
            response = Response(head.body, head.status)
            response.raw_headers = list(head.headers) + headers  # the replica's, content-length included
            return response
        response = StreamingResponse(self._rest(head, stream, path), head.status)
        response.raw_headers = [(k, v) for k, v in head.headers if k.lower() != b"content-length"] + headers
        return response

    async def _rest(self, head: ResponseHead, stream, path: str):
        finished = False
        try:
            yield head.body
            async for chunk in stream:
                yield chunk
            finished = True
        except REPLICA_GONE as e:
            log.warning("replica %s failed while streaming %s: %s", head.replica, path, type(e).__name__)
            self.metrics.inc("fastapply_broken_streams_total", 1, "streams ended by a replica that died")
            finished = True
            yield in_band_error(
                path,
                replica_failed(
                    f"the engine replica stopped while streaming ({type(e).__name__}); the text above is incomplete"
                ),
            )
        finally:
            if not finished:  # the client went away: stop the replica's work for it
                stream.cancel()

    # -- the deployment as a whole ------------------------------------------------------------------
    async def replica_health(self) -> list[dict]:
        results = await self.engine.broadcast("health").results_async(
            timeout_s=SCRAPE_TIMEOUT_S, return_exceptions=True
        )
        return [r for r in results if isinstance(r, dict)]

    async def metrics_text(self) -> str:
        results = await self.engine.broadcast("metrics_text").results_async(
            timeout_s=SCRAPE_TIMEOUT_S, return_exceptions=True
        )
        scrapes = dict(r for r in results if isinstance(r, tuple))
        return self.aggregator.render(scrapes, complete=len(scrapes) == len(results), extra=self.metrics.render({}))


def app_path(scope) -> str:
    """The path below the application's route prefix (the replicas' app is mounted at its root)."""
    path, root = scope.get("path", ""), scope.get("root_path", "")
    return (path[len(root) :] or "/") if root and path.startswith(root) else path


def replica_failed(message: str) -> APIError:
    return APIError(503, f"{message}; retry the request", "replica_failed", headers={"Retry-After": "1"})


def in_band_error(path: str, error: APIError) -> bytes:
    """The failure in the stream's own format, as the single-process routes write it."""
    if path == "/apply":
        return sse({"type": "error", **error.body()}, "error")
    if path in (CHAT, RELACE_CHAT, RELACE):
        return sse(error.body()) + sse("[DONE]")
    return b""


def create_front_app(front: Front) -> FastAPI:
    # No docs or schema of its own: /openapi.json and /docs come from a replica, like every other path.
    app = FastAPI(title="fastapply", docs_url=None, redoc_url=None, openapi_url=None)
    app.state.settings, app.state.front = front.settings, front
    install_handlers(app)

    @app.get("/health", include_in_schema=False)
    async def health():
        replicas = await front.replica_health()
        if not replicas:
            return JSONResponse({"status": "unavailable", "model": front.settings.model_id, "replicas": []}, 503)
        total = {name: sum(r[name] for r in replicas) for name in ("queued", "running", "max_batch", "max_queue")}
        status = "ok" if all(r["status"] == "ok" for r in replicas) else "degraded"
        return {"status": status, "model": front.settings.model_id, **total, "replicas": replicas}

    @app.get("/metrics", dependencies=[Depends(require_api_key)], include_in_schema=False)
    async def metrics():
        return PlainTextResponse(await front.metrics_text(), media_type="text/plain; version=0.0.4")

    @app.api_route("/{path:path}", methods=METHODS, include_in_schema=False)
    async def forward(request: Request):
        return await front.forward(request)

    app.add_middleware(FrontRequestMetrics, metrics=front.metrics)
    return app


class FrontRequestMetrics:
    """Counts the requests the front answers itself (by endpoint and status); answers that carry the
    replica header were counted by their replica. Like the single-process middleware, it answers an
    unexpected exception with a 500 JSON error itself, keeping the connection alive."""

    def __init__(self, app, metrics: Metrics):
        self.app, self.metrics = app, metrics

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        path = app_path(scope)
        seen = {"code": 500, "started": False, "forwarded": False}

        async def spy(message):
            if message["type"] == "http.response.start":
                seen.update(
                    code=message["status"],
                    started=True,
                    forwarded=any(k == REPLICA_HEADER for k, _ in message.get("headers", [])),
                )
            await send(message)

        try:
            await self.app(scope, receive, spy)
        except asyncio.CancelledError:  # Ray's proxy cancels a request whose client hung up
            if not seen["started"]:
                seen["code"] = 499
            raise
        except Exception:
            if seen["started"]:
                raise
            log.exception("unhandled error on %s %s", scope.get("method"), path)
            await APIError(500, "internal error", "internal_error").response()(scope, receive, spy)
        finally:
            if not seen["forwarded"]:
                endpoint, code = (path if path in KNOWN_PATHS else "other"), str(seen["code"])
                self.metrics.inc(
                    "fastapply_requests_total",
                    1,
                    "HTTP requests by endpoint and status",
                    endpoint=endpoint,
                    status=code,
                )
                if seen["code"] >= 400:
                    self.metrics.inc(
                        "fastapply_errors_total",
                        1,
                        "HTTP error responses by endpoint and status",
                        endpoint=endpoint,
                        status=code,
                    )
