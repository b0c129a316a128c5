"""Relace-compatible ``POST /v1/code/apply``: ``{initial_code, edit_snippet, instruction?, stream?}``.

Non-streaming answers ``{mergedCode, usage}``. Streaming sends SSE ``data: {"chunk": ...}`` deltas
of the merged file, then ``data: {"mergedCode": ..., "usage": ...}`` and ``data: [DONE]``.
"""
from __future__ import annotations

from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse, StreamingResponse

from fastapply.apply_request import ApplyRequest

from .auth import require_api_key
from .errors import APIError, parse_body, read_json
from .routes_openai import check_model
from .schemas import RelaceBody
from .service import Done, Service
from .streaming import SSE_HEADERS, sse

router = APIRouter(dependencies=[Depends(require_api_key)])
ENDPOINT = "/v1/code/apply"


def relace_usage(done: Done) -> dict:
    stats = done.result.stats
    return {"prompt_tokens": stats.prompt_tokens, "completion_tokens": stats.output_tokens,
            "total_tokens": stats.prompt_tokens + stats.output_tokens}


def relace_body(done: Done) -> dict:
    return {"mergedCode": done.text, "usage": relace_usage(done),
            "finish_reason": done.result.stats.finish_reason,
            "warnings": [w.to_dict() for w in done.result.warnings]}


@router.post(ENDPOINT)
async def code_apply(request: Request):
    service: Service = request.app.state.service
    body = parse_body(RelaceBody, await read_json(request, service.settings.max_body_bytes))
    if body.model is not None and body.model not in ("relace-apply-3", "auto"):
        check_model(service, body.model)
    work = await service.apply_work(ApplyRequest(body.initial_code, body.edit_snippet, body.instruction,
                                                         mode=service.settings.default_mode))
    job = service.submit(work)
    if not body.stream:
        return JSONResponse(relace_body(await service.collect(work, job, ENDPOINT, request)))
    return StreamingResponse(_events(service, work, job), media_type="text/event-stream", headers=SSE_HEADERS)


async def _events(service: Service, work, job):
    try:
        async for item in service.run(work, job, ENDPOINT, stream=True):
            yield sse(relace_body(item) if isinstance(item, Done) else {"chunk": item})
    except APIError as e:
        yield sse(e.body())
    yield sse("[DONE]")
