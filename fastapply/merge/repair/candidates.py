"""The files a snippet may mean when the merge is unsure: its literal merge, the other readings of
the edges it guessed at, the second opinion's file (``merge.second``), and each of those with an
edit the instruction states (``stated.py``'s builders). The model chooses among them (``apply/candidate_constraint.py``); this module only lists
them and the one window of the original where they differ.

Worked example: a snippet that ends without a marker after new code gives two files, the literal
merge (new code inserted after the last anchor, the rest of the file kept) and the reading where
the snippet runs to the end of the file (the rest deleted); they share every line above the
anchor, so the window starts a few lines above it and ends at the end of the file.
"""

from __future__ import annotations

from dataclasses import dataclass

from fastapply.merge.merge import MergeResult, edge_alternatives
from fastapply.merge.repair.stated import BUILDERS
from fastapply.merge.second import second_opinion

CONTEXT_LINES = 3  # unchanged lines kept around the differing window, so the model sees where it is


@dataclass(frozen=True)
class Candidate:
    label: str  # how it was made, for the warning that names the choice
    text: str  # the whole merged file


def candidate_merges(
    original: str, snippet: str, language: str | None, instruction: str, literal: MergeResult
) -> list[Candidate]:
    """Distinct candidate files, the literal merge first (empty when the merge placed nothing)."""
    if literal.merged is None:
        return []
    bases = [("the literal merge", literal.merged)] + edge_alternatives(original, snippet, literal)
    second = second_opinion(original, snippet, language).merged
    if second is not None:
        bases.append(("the second opinion", second))
    found: dict[str, str] = {}
    for label, text in bases:
        found.setdefault(text, label)
        for _, build in BUILDERS:
            stated = build(original, snippet, text, language, instruction, literal if text == literal.merged else None)
            if stated is not None:
                found.setdefault(stated[0], f"{label} with {stated[1].code.replace('_', ' ')}")
    return [Candidate(label, text) for text, label in found.items()]


def differing_window(original: str, texts: list[str], context_lines: int = CONTEXT_LINES) -> tuple[int, int, list[str]]:
    """(start, end, pieces): the half-open line range of the original outside which every text
    equals the original line for line, widened by ``context_lines``, and each text's lines in
    its place, so that ``windows.splice(original, [(start, end)], [piece])`` gives the text back."""
    orig = original.splitlines(keepends=True)
    lines = [text.splitlines(keepends=True) for text in texts]
    head = min((_common(orig, other) for other in lines), default=0)
    tail = min((_common(orig[::-1], other[::-1]) for other in lines), default=0)
    tail = min(tail, *(len(other) - head for other in lines), len(orig) - head)  # prefix and suffix never overlap
    start, end = max(0, head - context_lines), len(orig) - max(0, tail - context_lines)
    pieces = ["".join(other[start : len(other) - (len(orig) - end)]) for other in lines]
    return start, end, pieces


def _common(a: list[str], b: list[str]) -> int:
    n = 0
    while n < len(a) and n < len(b) and a[n] == b[n]:
        n += 1
    return n
