"""The FastAPI application: lifespan (load the model once, start the engine loop), auth, metrics."""

from __future__ import annotations

import logging
from contextlib import asynccontextmanager

from fastapi import FastAPI

from fastapply.apply.applier import Applier

from . import routes_native, routes_openai, routes_relace
from .auth import DocsNeedTheKey
from .errors import APIError, install_handlers
from .loop import EngineLoop
from .memory import IdleTrim, libc_malloc_trim
from .metrics import Metrics
from .openapi import install_openapi
from .service import Service
from .settings import Settings

log = logging.getLogger(__name__)
KNOWN_PATHS = {
    "/apply",
    "/v1/chat/completions",
    "/v1/apply/chat/completions",
    "/v1/code/apply",
    "/v1/models",
    "/health",
    "/metrics",
    "/",
}


def load_applier(settings: Settings) -> Applier:
    spec = settings.model_spec
    return Applier.load(
        spec.model, spec.device, spec.dtype, settings.engine_config, settings.prompt_format, spec.adapter
    )


def create_app(applier: Applier | None = None, settings: Settings | None = None) -> FastAPI:
    """``applier``: a prebuilt one (tests); None loads ``settings.model`` in the lifespan."""
    settings = settings or Settings()
    metrics = Metrics()

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        ready = applier or load_applier(settings)
        engine_loop = EngineLoop(ready.engine, settings.max_queue, metrics)
        service = Service(ready, engine_loop, settings, metrics)
        app.state.engine_loop, app.state.service = engine_loop, service
        engine_loop.start()
        if settings.prewarm_large_lane:
            service.large_lane.prewarm()
        log.info(
            "serving %s (max_batch %d, max_queue %d, KV budget %d tokens)",
            settings.model_id,
            ready.engine.config.max_batch,
            settings.max_queue,
            ready.engine.config.max_kv_tokens,
        )
        try:
            yield
        finally:
            engine_loop.stop()
            service.close()

    app = FastAPI(title="fastapply", version="0.1.0", lifespan=lifespan)
    app.state.settings, app.state.metrics = settings, metrics
    install_handlers(app)
    install_openapi(app)
    for module in (routes_native, routes_openai, routes_relace):
        app.include_router(module.router)
    trim = libc_malloc_trim() if settings.idle_trim_s is not None else None
    app.state.idle_trim = IdleTrim(trim, settings.idle_trim_s or 0.0, metrics)
    app.add_middleware(DocsNeedTheKey, api_key=settings.api_key)  # inside the metrics: its 401s are counted
    app.add_middleware(RequestMetrics, metrics=metrics, idle_trim=app.state.idle_trim)
    return app


class RequestMetrics:
    """Pure ASGI middleware (streams pass through untouched): requests by endpoint and status, and
    the requests in flight for ``IdleTrim``.

    It also answers an unexpected exception with a 500 JSON error itself: left to Starlette's outer
    error middleware, the exception would reach the server, which closes the keep-alive connection.
    """

    def __init__(self, app, metrics: Metrics, idle_trim: IdleTrim | None = None):
        self.app, self.metrics, self.idle_trim = app, metrics, idle_trim

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        path = scope.get("path", "")
        endpoint = path if path in KNOWN_PATHS else "other"  # unknown paths must not explode label sets
        status = {"code": 500, "started": False}
        if self.idle_trim is not None:
            self.idle_trim.started()

        async def send_and_record(message):
            if message["type"] == "http.response.start":
                status["code"], status["started"] = message["status"], True
            await send(message)

        try:
            await self.app(scope, receive, send_and_record)
        except Exception:
            if status["started"]:
                raise  # the response is under way: only closing the connection can signal the failure
            log.exception("unhandled error on %s %s", scope.get("method"), path)
            error = APIError(500, "internal error", "internal_error")
            await error.response()(scope, receive, send_and_record)
        finally:
            if self.idle_trim is not None:
                self.idle_trim.finished()
            code = status["code"]
            self.metrics.inc(
                "fastapply_requests_total",
                1,
                "HTTP requests by endpoint and status",
                endpoint=endpoint,
                status=str(code),
            )
            if code >= 400:
                self.metrics.inc(
                    "fastapply_errors_total",
                    1,
                    "HTTP error responses by endpoint and status",
                    endpoint=endpoint,
                    status=str(code),
                )
