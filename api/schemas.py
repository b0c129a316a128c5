"""Request bodies of the three APIs (pydantic models; only the service uses them).

Native and Relace bodies reject unknown option names (a typo in ``max_tokens`` should not silently
do nothing); OpenAI bodies allow extra fields, because OpenAI clients send many we ignore
(``temperature``, ``user``, ``metadata``...). Decoding is always greedy: that is what makes the
speculative output lossless.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, AliasChoices, BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr

from fastapply.apply.request import DEFAULT_FALLBACK, FALLBACK_HELP
from fastapply.engine.config import MAX_K

# The model names clients send, accepted on every route beside the served id: Morph's (its SDK sends
# morph-v3-large or morph-v3-fast), Relace's (relace-apply-3, also through an OpenAI client at
# .../v1/apply) and "auto". One table: a name one route takes, every route takes.
MODEL_ALIASES = ("morph-v3-fast", "morph-v3-large", "relace-apply-3", "auto")
ALLOW_FLAGGED_DEFAULT = False
ALLOW_FLAGGED_HELP = (
    "answer 200 even when the output is incomplete (finish_reason 'length') or the validator "
    "flagged it (listed in warnings); by default such results are errors (422, 504)"
)


# Published in the schema only; the validators below give the clearer messages.
NOT_BLANK = {"pattern": "\\S"}


def _required(message: str, blank_ok: bool = True) -> AfterValidator:
    """Rejects an empty string (and a whitespace-only one unless ``blank_ok``) with ``message``."""

    def check(value: str) -> str:
        if not (value if blank_ok else value.strip()):
            raise ValueError(message)
        return value

    return AfterValidator(check)


class ApplyOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")

    k: StrictInt | None = Field(None, ge=0, le=MAX_K, description="max draft tokens per pass; 0 = plain greedy")
    max_tokens: StrictInt | None = Field(None, ge=1, description="max output tokens per model generation")
    mode: Literal["model", "deterministic", "auto"] | None = None  # None: the server's --mode
    stream: StrictBool = False
    windowing: Literal["auto", "always", "never"] = "auto"
    constrain_lines: StrictBool = Field(
        False, description="the model may only write lines of the original and the snippet"
    )
    stop_loops: StrictBool = Field(
        True, description="end a model output that loops past what the inputs hold (finish_reason 'length')"
    )
    fallback: Literal["candidates", "generate"] | None = Field(
        None, description=f"{FALLBACK_HELP} [default: the server's --fallback, '{DEFAULT_FALLBACK}']"
    )
    allow_flagged: StrictBool = Field(ALLOW_FLAGGED_DEFAULT, description=ALLOW_FLAGGED_HELP)


class ApplyBody(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    original: StrictStr = Field(
        description="the file as it is; empty for a new file (the snippet is then its full text, without markers)"
    )
    snippet: Annotated[StrictStr, _required("the edit snippet is empty", blank_ok=False)] = Field(
        validation_alias=AliasChoices("snippet", "update"), json_schema_extra=NOT_BLANK
    )
    instruction: StrictStr = ""
    language: StrictStr | None = None
    path: StrictStr | None = None
    options: ApplyOptions = Field(default_factory=ApplyOptions)


class RelaceBody(BaseModel):
    """Relace's ``/v1/code/apply`` (snake_case as documented; camelCase as older clients send)."""

    model_config = ConfigDict(extra="ignore", populate_by_name=True)

    initial_code: StrictStr = Field(
        validation_alias=AliasChoices("initial_code", "initialCode"), description="empty for a new file"
    )
    edit_snippet: Annotated[StrictStr, _required("edit_snippet is empty", blank_ok=False)] = Field(
        validation_alias=AliasChoices("edit_snippet", "editSnippet"), json_schema_extra=NOT_BLANK
    )
    instruction: StrictStr = ""
    stream: StrictBool = False
    model: StrictStr | None = None
    allow_flagged: StrictBool = Field(ALLOW_FLAGGED_DEFAULT, description=ALLOW_FLAGGED_HELP)


class TextPart(BaseModel):
    model_config = ConfigDict(extra="allow")

    type: StrictStr = "text"
    text: StrictStr = ""


def text_of(content: str | list[TextPart] | None) -> str:
    """OpenAI content is a string or a list of parts; only text parts carry text here."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    return "".join(part.text for part in content if part.type == "text")


class ChatMessage(BaseModel):
    model_config = ConfigDict(extra="allow")

    role: Literal["system", "developer", "user", "assistant", "tool"]
    content: StrictStr | list[TextPart] | None = None


class Prediction(BaseModel):
    type: Literal["content"]
    content: StrictStr | list[TextPart]


class StreamOptions(BaseModel):
    model_config = ConfigDict(extra="allow")

    include_usage: StrictBool = False


class ChatRequest(BaseModel):
    model_config = ConfigDict(extra="allow")

    model: StrictStr
    messages: list[ChatMessage] = Field(min_length=1)
    max_tokens: StrictInt | None = Field(None, ge=1)
    max_completion_tokens: StrictInt | None = Field(None, ge=1)
    stream: StrictBool = False
    stream_options: StreamOptions | None = None
    prediction: Prediction | None = None
    stop: StrictStr | list[StrictStr] | None = None
    n: StrictInt = Field(1, ge=1, le=1, description="only one choice: decoding is greedy")
    allow_flagged: StrictBool = Field(
        ALLOW_FLAGGED_DEFAULT, description=ALLOW_FLAGGED_HELP + " (OpenAI clients send it in extra_body)"
    )

    @property
    def token_limit(self) -> int | None:
        return self.max_completion_tokens or self.max_tokens

    @property
    def stop_strings(self) -> tuple[str, ...]:
        if self.stop is None:
            return ()
        return tuple(s for s in ([self.stop] if isinstance(self.stop, str) else self.stop) if s)
