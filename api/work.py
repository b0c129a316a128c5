"""What every endpoint reduces to: ``Work`` for the engine, and the ``Done`` result it comes back as."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from fastapply.apply.request import ApplyResult
from fastapply.engine.sequence import GenerationRequest, Sequence
from fastapply.engine.stats import Stats


@dataclass
class GenerationResult:
    """Plain chat generation with a predicted output (no merge, no validation)."""

    text: str
    stats: Stats
    warnings: list = field(default_factory=list)


@dataclass
class Work:
    requests: list[GenerationRequest]
    finish: Callable[[list[Sequence]], Awaitable[Any]]  # -> ApplyResult | GenerationResult
    streamer: Callable[[], Any] | None = None  # -> MergedTextStream | PlainTextStream; None: text at the end
    prefix: str = ""  # text before the first generation's output (lines above the first window)
    discard: Callable[[], None] | None = None  # releases what ``finish`` would have used, when it never runs


@dataclass
class Done:
    result: ApplyResult | GenerationResult
    timed_out: bool = False

    @property
    def text(self) -> str:
        return self.result.merged if isinstance(self.result, ApplyResult) else self.result.text


async def _ready_result(result):
    return result


def ready(result) -> Callable[[list[Sequence]], Awaitable[Any]]:
    return lambda _sequences: _ready_result(result)
