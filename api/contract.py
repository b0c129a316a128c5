"""What a finished request tells the client: one contract for ``/apply``, chat completions and Relace.

A coding agent writes what it gets to disk, often reading nothing but the text, so an answer that is
known to be incomplete or damaged is never served as a success by default:

* complete and clean (the producer finished, the validator found nothing): 200, finish_reason "stop";
* the generation timed out: 504 ``timeout`` (with ``x-should-retry: false``: the same request
  would time out again);
* the output stopped early (token limit, loop stop): 422 ``output_truncated``;
* the validator flagged the merged file: 422 ``output_flagged``, each warning in the message (notes,
  such as an ``inferred_deletion``, go with a 200 in ``warnings``).

Streaming answers send their deltas as the file grows and end with an in-band error event instead
of the final chunk. A request that sets ``allow_flagged`` opts in to such results: a 200 whose
finish_reason is "length" when the output is incomplete, and whose ``warnings`` say what is wrong.
Plain chat with a predicted output is not an apply (no file, no validator): reaching the client's
token limit is OpenAI's ordinary 200 with finish_reason "length"; only a timeout is refused.
"""

from __future__ import annotations

from fastapply.apply.request import ApplyResult
from fastapply.merge import flags

from .errors import APIError

COMPLETE_REASONS = frozenset({"eos", "stop", "deterministic"})


def is_complete(done) -> bool:
    """The producer finished on its own: no token limit, loop stop, timeout or cancellation."""
    reasons = set(filter(None, done.result.stats.finish_reason.split(",")))
    return not done.timed_out and reasons <= COMPLETE_REASONS


def standard_finish_reason(done) -> str:
    """OpenAI's vocabulary: "length" for every incomplete output, "stop" otherwise."""
    return "stop" if is_complete(done) else "length"


def describe_warnings(warnings) -> str:
    parts = []
    for w in warnings:
        lines = f" (lines {', '.join(map(str, w.lines[:8]))}{', ...' if len(w.lines) > 8 else ''})" if w.lines else ""
        parts.append(f"{w.code}: {w.message}{lines}")
    return "; ".join(parts)


def refusal(done, allow_flagged: bool, settings) -> APIError | None:
    """The error this result must be answered with, or None when it may be served as a 200."""
    if allow_flagged or settings.allow_flagged:
        return None
    timeout_s = settings.request_timeout
    details = {"finish_reason": standard_finish_reason(done), "warnings": [w.to_dict() for w in done.result.warnings]}
    opt_in = "; send allow_flagged=true to receive it anyway"
    if done.timed_out:
        return APIError(
            504,
            f"the generation timed out after {timeout_s:g} s; the output is incomplete{opt_in}",
            "timeout",
            headers={"x-should-retry": "false"},
            type="timeout_error",
            details=details,
        )
    if not isinstance(done.result, ApplyResult):
        return None  # plain chat: "length" at the client's token limit is OpenAI's ordinary answer
    if not is_complete(done):
        reason = done.result.stats.finish_reason
        return APIError(
            422,
            f"the output stopped before the file was complete (finish: {reason}, "
            f"{done.result.stats.output_tokens} tokens); "
            f"{describe_warnings(done.result.warnings) or 'no further warnings'}{opt_in}",
            "output_truncated",
            details=details,
        )
    flagged = flags(done.result.warnings)
    if flagged:
        return APIError(
            422,
            f"the merged file failed validation: {describe_warnings(flagged)}{opt_in}",
            "output_flagged",
            details=details,
        )
    return None
