"""Unified diff of original vs merged, produced with difflib and verified by parsing it back."""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

import unidiff


@dataclass(frozen=True)
class DiffResult:
    text: str  # the unified diff ("" when the files are equal)
    hunks: int
    added: int
    removed: int


def unified_diff(original: str, merged: str, path: str = "file", context: int = 3) -> DiffResult:
    """Unified diff with ``a/path`` / ``b/path`` headers; counts come from parsing it back.

    Raises RuntimeError when the parsed diff disagrees with a direct line count, so a
    malformed diff never reaches a client.
    """
    if context < 0:
        raise ValueError(f"context must be >= 0, got {context}")
    a_lines = _with_terminators(original)
    b_lines = _with_terminators(merged)
    text = "".join(difflib.unified_diff(a_lines, b_lines, f"a/{path}", f"b/{path}", n=context))
    if not text:
        return DiffResult("", 0, 0, 0)
    patch = unidiff.PatchSet(text)
    hunks = sum(len(f) for f in patch)
    added = sum(f.added for f in patch)
    removed = sum(f.removed for f in patch)
    expected_added, expected_removed = _direct_counts(a_lines, b_lines)
    if (added, removed) != (expected_added, expected_removed):
        raise RuntimeError(
            f"diff round trip disagrees: parsed +{added}/-{removed}, expected +{expected_added}/-{expected_removed}"
        )
    return DiffResult(text, hunks, added, removed)


def _with_terminators(text: str) -> list[str]:
    """Lines keeping their ends; a last line without newline gets the standard marker line."""
    lines = re.findall(r"[^\n]*\n|[^\n]+$", text)  # only \n ends a line, as in unidiff
    if lines and not lines[-1].endswith(("\n", "\r")):
        lines[-1] += "\n\\ No newline at end of file\n"
    return lines


def _direct_counts(a_lines, b_lines) -> tuple[int, int]:
    matcher = difflib.SequenceMatcher(None, a_lines, b_lines)  # same matcher as unified_diff
    added = removed = 0
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag != "equal":
            removed += i2 - i1
            added += j2 - j1
    return added, removed
