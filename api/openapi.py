"""The published contract: request and response models of every endpoint in ``/openapi.json``.

Handlers read their bodies themselves (precise errors for oversized, undecodable and malformed
input), so FastAPI cannot see the request models: each POST declares its body here, and the
schemas are added to the document's components. Every error status a route can answer is listed
with the one error shape.
"""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi
from pydantic import BaseModel, ConfigDict, Field

from fastapply.merge import Code

from .schemas import ApplyBody, ChatRequest, RelaceBody

REQUEST_MODELS = (ApplyBody, ChatRequest, RelaceBody)


class ValidatorWarning(BaseModel):
    code: str = Field(description="one of: " + ", ".join(code.value for code in Code))
    message: str
    lines: list[int]


class ErrorDetail(BaseModel):
    model_config = ConfigDict(extra="allow")

    message: str
    type: str
    code: str
    finish_reason: str | None = Field(None, description="refused results: 'length' when incomplete")
    warnings: list[ValidatorWarning] | None = Field(None, description="refused results: what the validator found")


class ErrorResponse(BaseModel):
    error: ErrorDetail


class ApplyStats(BaseModel):
    model_config = ConfigDict(extra="allow")

    prompt_tokens: int
    output_tokens: int
    passes: int
    drafted_tokens: int
    accepted_tokens: int
    queue_ms: float = Field(description="waiting for a batch slot")
    generation_ms: float = Field(description="admission to the batch -> finished")
    latency_ms: float = Field(description="arrival -> finished (queue + generation)")
    ttft_ms: float
    finish_reason: str = Field(description="the engine's own: eos, stop, length, loop, timeout, deterministic")


class ApplyResponse(BaseModel):
    merged: str
    finish_reason: str = Field(description="'stop' (complete) or 'length' (incomplete; only with allow_flagged)")
    timed_out: bool
    warnings: list[ValidatorWarning] = Field(description="empty unless allow_flagged let a flagged result through")
    mode_used: str = Field(description="'deterministic', 'candidates' or 'model': which path answered")
    windowed: bool
    windows: list[list[int]]
    diff: str
    diff_stats: dict
    merge_confident: bool | None
    merge_reason: str | None
    stats: ApplyStats


class Usage(BaseModel):
    model_config = ConfigDict(extra="allow")

    prompt_tokens: int
    completion_tokens: int
    total_tokens: int


class ChatMessageOut(BaseModel):
    role: str
    content: str


class ChatChoice(BaseModel):
    index: int
    message: ChatMessageOut
    finish_reason: str = Field(description="'stop', or 'length' for an incomplete output")
    logprobs: None = None


class ChatCompletion(BaseModel):
    id: str
    object: str = "chat.completion"
    created: int
    model: str
    choices: list[ChatChoice]
    usage: Usage
    fastapply: dict = Field(description="stats, warnings, mode_used, windowed")


class RelaceResponse(BaseModel):
    mergedCode: str
    usage: Usage
    finish_reason: str
    warnings: list[ValidatorWarning]


class Health(BaseModel):
    model_config = ConfigDict(extra="allow")

    status: str
    model: str
    queued: int
    running: int
    in_flight: int = Field(0, description="other HTTP requests being answered (a large body in the large lane too)")


class ModelCard(BaseModel):
    id: str
    object: str
    created: int
    owned_by: str


class ModelList(BaseModel):
    object: str
    data: list[ModelCard]


ERRORS = {
    400: "bad input (body, JSON, fields, unicode, nesting)",
    401: "missing or wrong API key",
    404: "unknown model",
    413: "body over the size limit, or input over the model's context",
    422: "the result is incomplete or flagged (refused without allow_flagged), or the deterministic "
    "mode is not confident",
    499: "the client closed the connection while sending",
    503: "queue full, or waited too long for a batch slot (Retry-After)",
    504: "the generation timed out",
}


# One server-sent event; ``data`` is JSON text (or ``[DONE]``), as the description says per endpoint.
SSE_EVENT = {
    "type": "object",
    "required": ["data"],
    "properties": {"event": {"type": "string"}, "data": {"type": "string"}},
}


def post_doc(body: type[BaseModel], answer: type[BaseModel], stream_note: str) -> dict:
    """Decorator arguments for a POST whose body the handler reads itself."""
    responses = {
        200: {
            "model": answer,
            "description": f"JSON; or text/event-stream when streaming: {stream_note}",
            "content": {"text/event-stream": {"schema": SSE_EVENT}},
        }
    }
    responses.update({status: {"model": ErrorResponse, "description": text} for status, text in ERRORS.items()})
    request_body = {
        "required": True,
        "content": {"application/json": {"schema": {"$ref": f"#/components/schemas/{body.__name__}"}}},
    }
    return {"responses": responses, "openapi_extra": {"requestBody": request_body}}


def install_openapi(app: FastAPI) -> None:
    def openapi() -> dict:
        if app.openapi_schema is None:
            schema = get_openapi(title=app.title, version=app.version, routes=app.routes, description=app.description)
            components = schema.setdefault("components", {}).setdefault("schemas", {})
            for model in REQUEST_MODELS:
                definition = model.model_json_schema(ref_template="#/components/schemas/{model}")
                components.update(definition.pop("$defs", {}))
                components[model.__name__] = definition
            app.openapi_schema = schema
        return app.openapi_schema

    app.openapi = openapi
