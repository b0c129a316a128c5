"""A marker between two chunks stands for code: room for it when the chunks leave it none."""

from __future__ import annotations

from fastapply.merge.anchor import is_distinctive, norm


def swallowing_gap(lines: list[str], pairs: list[tuple[int, int]], original: list[str]) -> int | None:
    """Index of the first pair after which the alignment jumps over original code the chunk never
    shows: at least two distinctive original lines absent from the chunk, more of them than the
    chunk has lines in the same gap. None when no gap swallows code.

    Example: a new method after ``private`` whose closing ``end``/``end`` paired with the ends of
    the next old method swallows the old helpers in between; the gap after ``private`` is the cut.
    """
    shown = {norm(line) for line in lines}
    for i in range(len(pairs) - 1):
        (c0, o0), (c1, o1) = pairs[i], pairs[i + 1]
        unshown = [o for o in range(o0 + 1, o1) if is_distinctive(norm(original[o])) and norm(original[o]) not in shown]
        new = [c for c in range(c0 + 1, c1) if lines[c].strip()]
        if len(unshown) >= 2 and len(unshown) > len(new):
            return i
    return None


def give_markers_room(plans, original: list[str]) -> None:
    """When a chunk ends right where the next one starts (only blank lines between) although the
    snippet puts a marker between them, the marker elides nothing: the first chunk's tail anchors
    must have jumped over the code that marker stands for. Its span then ends at the pair before
    that jump, and the lines after it are new code inserted there (`plans` are merge.Plan)."""
    for plan, nxt in zip(plans, plans[1:]):
        if not plan.pairs or plan.earlier or nxt.earlier or not plan.chunk.marker_after:
            continue
        if nxt.start < plan.end or any(line.strip() for line in original[plan.end:nxt.start]):
            continue
        cut = swallowing_gap(plan.chunk.lines, plan.pairs, original)
        if cut is not None:
            plan.pairs = plan.pairs[:cut + 1]
            plan.end = plan.pairs[-1][1] + 1
