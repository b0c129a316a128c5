"""The deterministic path: answer with the tree-sitter lazy merge, no model (``mode="deterministic"``),
or settle an ``auto`` request before any model work when the merge is confident and validates.

Torch-free on purpose: ``fastapply apply --mode deterministic`` and ``fastapply eval --mode
deterministic`` load no model, and should not import the libraries that run one either.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, replace

from . import merge
from .apply_request import ApplyRequest, ApplyResult, NotConfident, build_result
from .stats import Stats


@dataclass(frozen=True)
class Prepared:
    """What every apply starts from: the checked request's language and the merge's candidate."""

    language: str | None
    candidate: merge.MergeResult
    started: float  # perf_counter() when the request arrived, for its latency


def prepare(request: ApplyRequest) -> Prepared:
    """Check the request (ApplyError on bad input) and run the deterministic merge once."""
    request.check()
    started = time.perf_counter()
    language = merge.detect_language(path=request.path, text=request.original, hint=request.language)
    return Prepared(language, merge.lazy_merge(request.original, request.snippet, language), started)


def apply_deterministic(request: ApplyRequest) -> ApplyResult:
    """Deterministic mode without any model (raises NotConfident rather than guess)."""
    prepared = prepare(request)
    return settle(replace(request, mode="deterministic"), prepared)


class DeterministicApplier:
    """An applier for mode=deterministic that loads no model (same ``apply`` interface)."""

    engine = None

    def apply(self, request: ApplyRequest) -> ApplyResult:
        return apply_deterministic(request)


def settle(request: ApplyRequest, prepared: Prepared) -> ApplyResult | None:
    """The merge's answer when the request's mode takes it (deterministic always, auto when the merge
    is confident and validates cleanly), else None: the model answers."""
    language, candidate, started = prepared.language, prepared.candidate, prepared.started
    if request.mode == "model":
        return None
    if candidate.confident and candidate.merged is not None:
        warnings = merge.validate(request.original, request.snippet, candidate.merged, language, anchoring=candidate,
                                  instruction=request.instruction)
        if request.mode == "deterministic" or not warnings:
            stats = Stats(finish_reason="deterministic", latency_ms=1000 * (time.perf_counter() - started))
            return build_result(request, candidate.merged, stats, language, True, "deterministic", candidate,
                                False, [], warnings)
    if request.mode == "deterministic":
        raise NotConfident(f"deterministic merge is not confident: {candidate.reason or 'unknown reason'}")
    return None
