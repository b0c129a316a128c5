"""Native endpoints: ``POST /apply`` (JSON or SSE), ``GET /health``, ``GET /metrics``."""

from __future__ import annotations

from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse, PlainTextResponse, StreamingResponse

from fastapply.apply.request import ApplyRequest

from .auth import require_api_key
from .body import read_json
from .contract import refusal, standard_finish_reason
from .errors import APIError, parse_body
from .metrics import peak_rss_bytes
from .openapi import ApplyResponse, Health, post_doc
from .schemas import ApplyBody
from .service import Service
from .streaming import SSE_HEADERS, sse
from .work import Done

router = APIRouter()


def native_body(done: Done) -> dict:
    """The result; ``finish_reason`` in OpenAI's words, the engine's own reason in ``stats``."""
    body = done.result.to_dict()
    body["finish_reason"] = standard_finish_reason(done)
    body["timed_out"] = done.timed_out
    return body


@router.post(
    "/apply",
    dependencies=[Depends(require_api_key)],
    **post_doc(
        ApplyBody,
        ApplyResponse,
        "'event: delta' {text} ..., then 'event: done' {the JSON result} or 'event: error' {error}",
    ),
)
async def apply(request: Request):
    service: Service = request.app.state.service
    body = parse_body(ApplyBody, await read_json(request, service.settings.max_body_bytes))
    options = body.options
    apply_request = ApplyRequest(
        body.original,
        body.snippet,
        body.instruction,
        body.language,
        body.path,
        options.k,
        options.max_tokens,
        options.mode or service.settings.default_mode,
        options.windowing,
        options.constrain_lines,
        options.stop_loops,
        options.fallback or service.settings.default_fallback,
    )
    work = await service.apply_work(apply_request, request)
    job = service.submit(work)
    if not options.stream:
        done = await service.collect(work, job, "/apply", request)
        refused = refusal(done, options.allow_flagged, service.settings)
        if refused is not None:
            raise refused
        return JSONResponse(native_body(done))
    return StreamingResponse(
        _events(service, work, job, options.allow_flagged), media_type="text/event-stream", headers=SSE_HEADERS
    )


async def _events(service: Service, work, job, allow_flagged: bool):
    """``event: delta`` ({"text"}) as the merged file grows, then ``event: done`` with the full result,
    or ``event: error`` when the result is refused (see contract.py) or the request failed."""
    try:
        async for item in service.run(work, job, "/apply", stream=True):
            if isinstance(item, Done):
                refused = refusal(item, allow_flagged, service.settings)
                if refused is not None:
                    raise refused
                yield sse({"type": "done", **native_body(item)}, "done")
            else:
                yield sse({"type": "delta", "text": item}, "delta")
    except APIError as e:  # headers are already sent: report the failure in-band
        yield sse({"type": "error", **e.body()}, "error")


@router.get("/health", response_model=Health)
async def health(request: Request):
    loop = request.app.state.engine_loop
    settings = request.app.state.settings
    return {
        "status": "ok",
        "model": settings.model_id,
        "queued": loop.queue_depth,
        "running": loop.batch_size,
        "in_flight": max(request.app.state.idle_trim.in_flight - 1, 0),  # not counting this request
        "max_batch": loop.engine.config.max_batch,
        "max_queue": loop.max_queue,
    }


@router.get(
    "/metrics",
    dependencies=[Depends(require_api_key)],
    response_class=PlainTextResponse,
    responses={
        200: {
            "description": "Prometheus text exposition format 0.0.4",
            "content": {"text/plain": {"schema": {"type": "string"}}},
        }
    },
)
async def metrics(request: Request):
    loop = request.app.state.engine_loop
    engine, registry = loop.engine, request.app.state.metrics
    drafted = registry.counter_value("fastapply_draft_tokens_total")
    accepted = registry.counter_value("fastapply_accepted_draft_tokens_total")
    rss, peak = peak_rss_bytes()
    gauges = {
        "fastapply_queue_depth": (loop.queue_depth, "requests waiting for a batch slot"),
        "fastapply_running_batch_size": (loop.batch_size, "sequences in the running batch"),
        "fastapply_forward_passes_total": (
            engine.total_passes,
            "engine forward passes (prefill and verify)",
            "counter",
        ),
        "fastapply_acceptance_rate": (accepted / drafted if drafted else 0.0, "accepted / drafted tokens, lifetime"),
        "fastapply_tokens_per_second": (registry.tokens_per_s(), "output tokens per second, last 10 s"),
        "fastapply_kv_tokens_reserved": (
            sum(s.capacity for s in list(engine.running)),
            "KV-cache positions reserved by running sequences",
        ),
        "fastapply_kv_tokens_budget": (engine.config.max_kv_tokens, "KV-cache budget"),
        "fastapply_resident_memory_bytes": (rss, "resident set size of the server"),
        "fastapply_peak_resident_memory_bytes": (peak, "peak resident set size of the server (VmHWM)"),
    }
    return PlainTextResponse(registry.render(gauges), media_type="text/plain; version=0.0.4")


@router.get("/", include_in_schema=False)
async def root(request: Request):
    return {
        "service": "fastapply",
        "model": request.app.state.settings.model_id,
        "endpoints": [
            "POST /apply",
            "POST /v1/chat/completions",
            "POST /v1/code/apply",
            "GET /v1/models",
            "GET /health",
            "GET /metrics",
        ],
    }
