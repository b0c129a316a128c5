"""Where the merge is unsure (``auto`` with ``fallback="candidates"``): its candidate files, and the
answer when there is only one.

Measured on the agent benchmark and the dev set (docs/agent-benchmark.md), the embedded model's
free rewrite of an unsure merge was right less often than the merge's own literal file, and took
seconds to minutes where the merge takes milliseconds. So the model no longer rewrites such a file
by default: it chooses among the merge's readings (``candidate_constraint.py``) when there are
several, and the one reading is served as it is when there is one. Either way the answer carries
an ``unsure_merge`` flag: the merge said it was unsure, and no choice makes that go away.

Torch-free, like the deterministic path.
"""

from __future__ import annotations

import time

from fastapply import merge
from fastapply.apply.deterministic import Prepared, checked_merge
from fastapply.apply.request import ApplyRequest, ApplyResult, build_result
from fastapply.engine.stats import Stats
from fastapply.merge.repair.candidates import Candidate, candidate_merges

UNSURE = merge.Code.UNSURE_MERGE


def candidates_for(request: ApplyRequest, prepared: Prepared) -> list[Candidate]:
    return candidate_merges(
        request.original, request.snippet, prepared.language, request.instruction, prepared.candidate
    )


def unsure_flag(
    request: ApplyRequest, prepared: Prepared, candidates: list[Candidate], chosen: Candidate | None
) -> merge.ApplyWarning:
    """The flag every answer to an unsure merge carries: why the merge was unsure (its own guess,
    or the checks that flagged its file: the validator, the accounting, the second opinion), and
    how the served file was picked."""
    why = prepared.candidate.reason or _flagged_by(request, prepared)
    if len(candidates) == 1:
        how = "this is its only reading, served without the model"
    else:
        labels = "; ".join(c.label for c in candidates)
        picked = f"'{chosen.label}'" if chosen else "none of them (the output left every candidate)"
        how = f"the model chose {picked} among {len(candidates)} candidate files ({labels})"
    return merge.ApplyWarning(UNSURE, f"the deterministic merge was unsure ({why}); {how}")


def _flagged_by(request: ApplyRequest, prepared: Prepared) -> str:
    codes = sorted({str(w.code) for w in merge.flags(checked_merge(request, prepared)[1])})
    return f"its file was flagged: {', '.join(codes)}" if codes else "its file was flagged"


def sole_reading(request: ApplyRequest, prepared: Prepared) -> ApplyResult | None:
    """The answer an unsure merge gets without the model (auto, ``fallback="candidates"``, one
    candidate), else None."""
    if request.mode != "auto" or request.fallback != "candidates":
        return None
    candidates = candidates_for(request, prepared)
    return sole_answer(request, prepared, candidates[0]) if len(candidates) == 1 else None


def sole_answer(request: ApplyRequest, prepared: Prepared, only: Candidate) -> ApplyResult:
    """The one candidate, validated and flagged: no model work."""
    stats = Stats(finish_reason="deterministic", latency_ms=1000 * (time.perf_counter() - prepared.started))
    result = build_result(
        request, only.text, stats, prepared.language, True, "deterministic", prepared.candidate, False, []
    )
    result.warnings.append(unsure_flag(request, prepared, [only], only))
    return result
