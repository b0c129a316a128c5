"""Service settings: one frozen dataclass, filled from ``fastapply serve`` flags and the environment.

The model and engine fields take their defaults from ``ModelSpec`` and ``EngineConfig`` and are turned
into those once (``model_spec``, ``engine_config``, built and validated with the settings)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from fastapply import env
from fastapply.apply.request import DEFAULT_FALLBACK, DEFAULT_MODE, FALLBACKS, MODES
from fastapply.engine.config import EngineConfig
from fastapply.models.spec import ModelSpec

from .schemas import MODEL_ALIASES

DEFAULT_SERVED_NAME = "fastapply-smollm2-135m"


@dataclass(frozen=True)
class Settings:
    host: str = "127.0.0.1"
    port: int = 8000
    model: str | None = None  # None: FASTAPPLY_MODEL or the embedded default
    device: str | None = None
    dtype: str | None = None
    adapter: str | None = None
    prompt_format: str = "morph"
    served_model_name: str | None = None  # the id in /v1/models; None: derived from ``model``
    k: int = EngineConfig.k
    default_mode: str = DEFAULT_MODE  # mode of requests that do not name one (all Morph/Relace requests)
    default_fallback: str = DEFAULT_FALLBACK  # auto's fallback for requests that do not name one
    max_batch: int = EngineConfig.max_batch
    max_queue: int = 64  # requests waiting for a batch slot; more get 503 + Retry-After
    max_kv_tokens: int = EngineConfig.max_kv_tokens
    max_body_bytes: int = 8 * 1024 * 1024
    # Large applies (inputs over 256 KiB) waiting for the one worker that prepares them; more get 503
    # + Retry-After (each takes seconds: a longer queue only makes clients time out).
    max_large_waiting: int = 2
    request_timeout: float = 300.0  # seconds of generation, from admission to the batch (504 after)
    queue_timeout: float | None = None  # seconds waiting for a batch slot (503 after); None: request_timeout
    # Serve incomplete and flagged results as a 200 to every request, as if each sent allow_flagged
    # (load benchmarks; clients that cannot send the field). Off: such results are errors.
    allow_flagged: bool = False
    # Start the worker process for large applies with the server instead of at the first large apply.
    prewarm_large_lane: bool = False
    # Seconds after the last request in flight before freed heap memory goes back to the OS
    # (memory.py); None: never.
    idle_trim_s: float | None = 2.0
    api_key: str | None = field(default_factory=lambda: env.get("FASTAPPLY_API_KEY"))

    def __post_init__(self):
        for name in ("max_batch", "max_queue", "max_body_bytes"):
            if getattr(self, name) < 1:
                raise ValueError(f"{name} must be >= 1, got {getattr(self, name)}")
        if self.max_large_waiting < 0:
            raise ValueError(f"max_large_waiting must be >= 0, got {self.max_large_waiting}")
        if self.default_mode not in MODES:
            raise ValueError(f"default_mode must be one of {', '.join(MODES)}, got {self.default_mode!r}")
        if self.default_fallback not in FALLBACKS:
            raise ValueError(f"default_fallback must be one of {', '.join(FALLBACKS)}, got {self.default_fallback!r}")
        for name in ("request_timeout", "queue_timeout", "idle_trim_s"):
            value = getattr(self, name)
            if value is not None and value <= 0:
                raise ValueError(f"{name} must be > 0, got {value}")
        _ = self.engine_config  # built now: its own checks (k, batch, KV budget) fail fast

    @cached_property
    def model_spec(self) -> ModelSpec:
        return ModelSpec(self.model, self.device, self.dtype, self.adapter)

    @cached_property
    def engine_config(self) -> EngineConfig:
        return EngineConfig(k=self.k, max_batch=self.max_batch, max_kv_tokens=self.max_kv_tokens)

    @property
    def model_id(self) -> str:
        if self.served_model_name:
            return self.served_model_name
        model = ModelSpec(self.model).name
        if model in ("default", "smollm2", "smollm2-135m-instruct"):
            return DEFAULT_SERVED_NAME
        return Path(model).stem if model.endswith(".gguf") else Path(model).name or model

    @property
    def model_names(self) -> tuple[str, ...]:
        """Names a request may use for the served model (Morph and Relace clients send theirs)."""
        return (self.model_id, *MODEL_ALIASES)
