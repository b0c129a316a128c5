"""OpenAI-compatible endpoints: ``POST /v1/chat/completions`` and ``GET /v1/models``.

``POST /v1/apply/chat/completions`` is the same endpoint under the base URL Relace documents for
OpenAI clients (``.../v1/apply``). Two ways in: a user message in Morph's apply format
(``<instruction>``, ``<code>``, ``<update>``) becomes an apply (merge, model, validator; a
``prediction`` sent along changes nothing); any other prompt needs a Predicted Output
(``prediction``), whose tokens are the draft for plain greedy chat generation. Usage reports draft
tokens the way OpenAI does: accepted prediction tokens were verified and kept, rejected ones were
verified and thrown away.
"""

from __future__ import annotations

import re
import time
import uuid

from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse, StreamingResponse

from fastapply.apply.request import ApplyRequest, ApplyResult
from fastapply.engine.stats import Stats

from .auth import require_api_key
from .body import read_json
from .contract import refusal, standard_finish_reason
from .errors import APIError, parse_body
from .morph_extralong import unpack_extralong
from .openapi import ChatCompletion, ModelList, post_doc
from .schemas import ChatRequest, text_of
from .service import Service
from .streaming import SSE_HEADERS, sse
from .work import Done

router = APIRouter(dependencies=[Depends(require_api_key)])
ENDPOINT = "/v1/chat/completions"
RELACE_BASE_ENDPOINT = "/v1/apply/chat/completions"

# Greedy in both groups: file contents may themselves contain "</code>" (HTML, Markdown).
_APPLY = re.compile(r"<code>(.*)</code>\s*<update>(.*)</update>", re.DOTALL)
_INSTRUCTION = re.compile(r"<instruction>(.*?)</instruction>", re.DOTALL)


def parse_apply_message(text: str) -> tuple[str, str, str] | None:
    """(instruction, code, update) from a Morph/Relace apply message; None when it is not one.

    An instruction that comes first ends before the code is looked for: it may itself mention
    ``<code>`` (Morph's large-file protocol note does).
    """
    instruction = _INSTRUCTION.search(text)
    first_code = text.find("<code>")
    if instruction is not None and (first_code < 0 or instruction.start() < first_code):
        match, told = _APPLY.search(text, instruction.end()), instruction.group(1).strip()
    else:
        match, told = _APPLY.search(text), ""
    if match is None:
        return None
    return told, match.group(1), match.group(2)


def check_model(service: Service, name: str) -> None:
    known = service.settings.model_names
    if name not in known:
        raise APIError(
            404,
            f"The model {name!r} does not exist; this server serves: {', '.join(known)}",
            "model_not_found",
            type="invalid_request_error",
        )


@router.get("/v1/models", response_model=ModelList)
async def models(request: Request):
    service: Service = request.app.state.service
    created = int(service.metrics.started)
    return {
        "object": "list",
        "data": [
            {"id": name, "object": "model", "created": created, "owned_by": "fastapply"}
            for name in service.settings.model_names
        ],
    }


CHAT_DOC = post_doc(
    ChatRequest,
    ChatCompletion,
    "'data: {chat.completion.chunk}' ..., then 'data: [DONE]'; "
    "a refused result or failure ends with 'data: {error}' instead of the final chunk",
)


@router.post(ENDPOINT, **CHAT_DOC)
@router.post(RELACE_BASE_ENDPOINT, **CHAT_DOC)
async def chat_completions(request: Request):
    service: Service = request.app.state.service
    chat: ChatRequest = parse_body(ChatRequest, await read_json(request, service.settings.max_body_bytes))
    check_model(service, chat.model)
    work = await _work(service, chat, request)
    job = service.submit(work)
    completion_id, created = f"chatcmpl-{uuid.uuid4().hex[:24]}", int(time.time())
    if not chat.stream:
        done = await service.collect(work, job, ENDPOINT, request)
        refused = refusal(done, chat.allow_flagged, service.settings)
        if refused is not None:
            raise refused
        return JSONResponse(
            {
                "id": completion_id,
                "object": "chat.completion",
                "created": created,
                "model": chat.model,
                "system_fingerprint": "fastapply",
                "choices": [
                    {
                        "index": 0,
                        "message": {"role": "assistant", "content": done.text},
                        "logprobs": None,
                        "finish_reason": standard_finish_reason(done),
                    }
                ],
                "usage": usage(done.result.stats),
                "fastapply": extension(done),
            }
        )
    include_usage = bool(chat.stream_options and chat.stream_options.include_usage)
    chunks = _chunks(service, work, job, completion_id, created, chat.model, include_usage, chat.allow_flagged)
    return StreamingResponse(chunks, media_type="text/event-stream", headers=SSE_HEADERS)


async def _work(service: Service, chat: ChatRequest, http: Request):
    users = [m for m in chat.messages if m.role == "user"]
    parsed = parse_apply_message(text_of(users[-1].content)) if users else None
    if parsed is None and chat.prediction is not None:
        prediction = text_of(chat.prediction.content)
        messages = [
            {"role": "system" if m.role == "developer" else m.role, "content": text_of(m.content)}
            for m in chat.messages
        ]
        return await service.chat_work(messages, prediction, chat.token_limit, chat.stop_strings)
    if parsed is None:
        raise APIError(
            400,
            "the last user message must hold <code>...</code> and <update>...</update> "
            "(optionally <instruction>...</instruction>), or the request must carry a "
            "prediction ({'type': 'content', 'content': ...})",
            "invalid_apply_message",
        )
    instruction, code, update = unpack_extralong(*parsed, http.headers.get("x-morph-apply-context"))
    if not update.strip():
        raise APIError(400, "<update> is empty", "invalid_apply_message")
    return await service.apply_work(
        ApplyRequest(
            code,
            update,
            instruction,
            max_tokens=chat.token_limit,
            mode=service.settings.default_mode,
            fallback=service.settings.default_fallback,
        ),
        http,
    )


async def _chunks(
    service: Service, work, job, completion_id: str, created: int, model: str, include_usage: bool, allow_flagged: bool
):
    def chunk(delta: dict, reason: str | None = None) -> bytes:
        return sse(
            {
                "id": completion_id,
                "object": "chat.completion.chunk",
                "created": created,
                "model": model,
                "system_fingerprint": "fastapply",
                "choices": [{"index": 0, "delta": delta, "logprobs": None, "finish_reason": reason}],
            }
        )

    yield chunk({"role": "assistant", "content": ""})
    try:
        async for item in service.run(work, job, ENDPOINT, stream=True):
            if isinstance(item, Done):
                refused = refusal(item, allow_flagged, service.settings)
                if refused is not None:
                    raise refused
                yield chunk({}, standard_finish_reason(item))
                if include_usage:
                    yield sse(
                        {
                            "id": completion_id,
                            "object": "chat.completion.chunk",
                            "created": created,
                            "model": model,
                            "choices": [],
                            "usage": usage(item.result.stats),
                        }
                    )
            else:
                yield chunk({"content": item})
    except APIError as e:  # headers are already sent: report the failure in-band, as OpenAI does
        yield sse(e.body())
    yield sse("[DONE]")


def usage(stats: Stats) -> dict:
    return {
        "prompt_tokens": stats.prompt_tokens,
        "completion_tokens": stats.output_tokens,
        "total_tokens": stats.prompt_tokens + stats.output_tokens,
        # Prediction tokens are those drafted from the references (the prediction, or the file);
        # drafts from the output's own repeats are the engine's business, not the client's.
        "completion_tokens_details": {
            "accepted_prediction_tokens": stats.accepted_tokens - stats.self_accepted_tokens,
            "rejected_prediction_tokens": (stats.drafted_tokens - stats.self_drafted_tokens)
            - (stats.accepted_tokens - stats.self_accepted_tokens),
        },
    }


def extension(done: Done) -> dict:
    """Our own details next to the OpenAI fields (clients ignore unknown fields)."""
    result = done.result
    out = {"stats": result.stats.to_dict(), "warnings": [w.to_dict() for w in result.warnings]}
    if isinstance(result, ApplyResult):
        out.update(mode_used=result.mode_used, windowed=result.windowed)
    return out
