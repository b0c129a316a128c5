"""Per-case quality and speed metrics. Pure functions on strings and numbers, so they are testable
without a model."""

from __future__ import annotations

import difflib
import math
import re
from collections.abc import Iterable

from fastapply.merge import is_marker_line as _merge_is_marker_line

_BLANK_RUN = re.compile(r"\n{3,}")


def exact_match(merged: str, expected: str) -> bool:
    return merged == expected


def normalize_whitespace(text: str) -> str:
    """Drop what a reviewer would not call a difference: CRLF vs LF, trailing spaces, runs of blank
    lines (collapsed to one) and blank lines at either end. Indentation is kept: in Python it is code."""
    lines = [line.rstrip() for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n")]
    joined = "\n".join(lines).strip("\n")
    return _BLANK_RUN.sub("\n\n", joined)


def normalize_all_whitespace(text: str) -> str:
    """For golds known to be unreliable about whitespace (the dev set's `gold-ws` cases, whose
    expected files were rebuilt from display diffs): indentation and blank lines are dropped too."""
    return "\n".join(line.strip() for line in text.replace("\r", "\n").split("\n") if line.strip())


def whitespace_match(merged: str, expected: str, ignore_indentation: bool = False) -> bool:
    norm = normalize_all_whitespace if ignore_indentation else normalize_whitespace
    return norm(merged) == norm(expected)


def line_similarity(merged: str, expected: str) -> float:
    """Line-level diff similarity in [0, 1]: 2*matching lines / total lines (difflib ratio).

    Lines are compared with trailing whitespace stripped so that the score measures code, not
    editor noise; autojunk is off because frequent lines ("}", blank) are real content here.
    """
    a = [line.rstrip() for line in merged.splitlines()]
    b = [line.rstrip() for line in expected.splitlines()]
    if not a and not b:
        return 1.0
    return difflib.SequenceMatcher(None, a, b, autojunk=False).ratio()


def changed_line_count(merged: str, expected: str) -> int:
    """Lines added plus lines removed to turn ``merged`` into ``expected`` (0 = identical lines)."""
    a, b = merged.splitlines(), expected.splitlines()
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    return sum(max(i2 - i1, j2 - j1) for tag, i1, i2, j1, j2 in matcher.get_opcodes() if tag != "equal")


def ideal_passes(output_tokens: int, k: int) -> int:
    """Verification passes a perfect draft would need: each pass yields at most k drafted + 1 bonus token."""
    if k < 0:
        raise ValueError(f"k must be >= 0, got {k}")
    return math.ceil(output_tokens / (k + 1)) if output_tokens > 0 else 0


def draft_efficiency(output_tokens: int, passes: int, k: int) -> float | None:
    """Ideal passes / passes used, in (0, 1]; None when no decoding passes ran (deterministic mode)."""
    if passes <= 0 or output_tokens <= 0:
        return None
    return ideal_passes(output_tokens, k) / passes


def percentile(values: Iterable[float], q: float) -> float | None:
    """Linear-interpolated percentile (numpy's default method), None for no values."""
    if not 0 <= q <= 100:
        raise ValueError(f"percentile must be in [0, 100], got {q}")
    ordered = sorted(v for v in values if v is not None)
    if not ordered:
        return None
    pos = (len(ordered) - 1) * q / 100
    lo, hi = math.floor(pos), math.ceil(pos)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)


def mean(values: Iterable[float | None]) -> float | None:
    present = [v for v in values if v is not None]
    return sum(present) / len(present) if present else None


def rate(flags: Iterable[bool | None]) -> float | None:
    """Share of True among the known (non-None) flags."""
    known = [bool(f) for f in flags if f is not None]
    return sum(known) / len(known) if known else None


def is_marker_line(line: str) -> bool:
    """A lazy marker, by the validator's own detector (``fastapply.merge``), so that the harness and
    the ``marker_leak`` warning count the same lines. A bare "..." is not counted: the harness does
    not know whether it is Python's Ellipsis (a stub body) or a marker."""
    return line.strip().strip(".") != "" and _merge_is_marker_line(line)


def count_marker_lines(text: str) -> int:
    return sum(1 for line in text.splitlines() if is_marker_line(line))
