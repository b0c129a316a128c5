"""Relace-compatible ``POST /v1/code/apply``: ``{initial_code, edit_snippet, instruction?, stream?}``.

Non-streaming answers ``{mergedCode, usage, finish_reason, warnings}``. Streaming sends SSE
``data: {"chunk": ...}`` deltas of the merged file, then ``data: {"mergedCode": ..., "usage": ...}``
(or ``data: {"error": ...}`` when the result is refused, see contract.py) and ``data: [DONE]``.
"""

from __future__ import annotations

from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse, StreamingResponse

from fastapply.apply.request import ApplyRequest

from .auth import require_api_key
from .body import read_json
from .contract import refusal, standard_finish_reason
from .errors import APIError, parse_body
from .openapi import RelaceResponse, post_doc
from .routes_openai import check_model
from .schemas import RelaceBody
from .service import Service
from .streaming import SSE_HEADERS, sse
from .work import Done

router = APIRouter(dependencies=[Depends(require_api_key)])
ENDPOINT = "/v1/code/apply"


def relace_usage(done: Done) -> dict:
    stats = done.result.stats
    return {
        "prompt_tokens": stats.prompt_tokens,
        "completion_tokens": stats.output_tokens,
        "total_tokens": stats.prompt_tokens + stats.output_tokens,
    }


def relace_body(done: Done) -> dict:
    return {
        "mergedCode": done.text,
        "usage": relace_usage(done),
        "finish_reason": standard_finish_reason(done),
        "warnings": [w.to_dict() for w in done.result.warnings],
    }


@router.post(
    ENDPOINT,
    **post_doc(
        RelaceBody,
        RelaceResponse,
        "'data: {chunk}' ..., then 'data: {mergedCode, usage}' or 'data: {error}', then 'data: [DONE]'",
    ),
)
async def code_apply(request: Request):
    service: Service = request.app.state.service
    body = parse_body(RelaceBody, await read_json(request, service.settings.max_body_bytes))
    if body.model is not None:
        check_model(service, body.model)
    work = await service.apply_work(
        ApplyRequest(
            body.initial_code,
            body.edit_snippet,
            body.instruction,
            mode=service.settings.default_mode,
            fallback=service.settings.default_fallback,
        ),
        request,
    )
    job = service.submit(work)
    if not body.stream:
        done = await service.collect(work, job, ENDPOINT, request)
        refused = refusal(done, body.allow_flagged, service.settings)
        if refused is not None:
            raise refused
        return JSONResponse(relace_body(done))
    return StreamingResponse(
        _events(service, work, job, body.allow_flagged), media_type="text/event-stream", headers=SSE_HEADERS
    )


async def _events(service: Service, work, job, allow_flagged: bool):
    try:
        async for item in service.run(work, job, ENDPOINT, stream=True):
            if isinstance(item, Done):
                refused = refusal(item, allow_flagged, service.settings)
                if refused is not None:
                    raise refused
                yield sse(relace_body(item))
            else:
                yield sse({"chunk": item})
    except APIError as e:
        yield sse(e.body())
    yield sse("[DONE]")
