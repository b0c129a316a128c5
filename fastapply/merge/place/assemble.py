"""The merged file from the placed chunks: the original's lines between them, each chunk's lines
in its place, in file order."""

from __future__ import annotations

from fastapply.merge.place.gaps import moved_with_anchors
from fastapply.merge.text.normal import norm
from fastapply.merge.text.style import Style


def assemble(plans: list, orig: list[str], problems: list[str]) -> tuple[list[str], list[tuple[int, int]]]:
    """(merged lines, the original span each chunk replaced) from ``plans`` (merge.Plan, placed:
    start and end set); a chunk that overlaps the one before it is left out, with a problem said.
    The original lines between two chunks are what the marker there stands for: they move with the
    lines around them (``moved_with_anchors``)."""
    out: list[str] = []
    spans: list[tuple[int, int]] = []
    pos = 0
    if any(plan.earlier for plan in plans):  # in file order, each chunk where it anchored
        plans = sorted(plans, key=lambda plan: (plan.start, plan.end))
    style = None
    before: tuple[str, str] | None = None  # (written, original) of the last line the chunk above anchors
    for plan in plans:
        if plan.start < pos:
            problems.append(f"chunks overlap or are out of order near original line {plan.start + 1}")
            continue
        elided = orig[pos : plan.start]
        after = _edge_anchor(plan.lines, orig, plan.start)
        if before is not None and after is not None and elided:
            style = style or Style(orig)
            elided = moved_with_anchors(before, after, elided, style)
        out.extend(elided)
        out.extend(plan.lines)
        spans.append((plan.start, plan.end))
        pos = plan.end
        before = _edge_anchor(plan.lines[::-1], orig, plan.end - 1) if plan.end > plan.start else None
    out.extend(orig[pos:])
    return out, spans


def _edge_anchor(lines: list[str], orig: list[str], row: int) -> tuple[str, str] | None:
    """(written, original) when the first non-blank of ``lines`` stands for original line ``row``."""
    written = next((line for line in lines if line.strip()), None)
    if written is None or not 0 <= row < len(orig) or norm(written) != norm(orig[row]):
        return None
    return written, orig[row]
