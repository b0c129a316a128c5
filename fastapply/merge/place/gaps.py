"""A marker between two chunks stands for code: room for it when the chunks leave it none."""

from __future__ import annotations

from fastapply.merge.place.anchor import align
from fastapply.merge.place.pairs import last_nonblank
from fastapply.merge.text.lines import indent_width
from fastapply.merge.text.normal import is_closer, is_distinctive, norm
from fastapply.merge.text.style import Style


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


TAIL_PAIRS = 3  # anchors after a jump that new code ending the chunk may not justify


def give_markers_room(plans, original: list[str]) -> None:
    """A chunk's tail anchors jumped over code the snippet does not show (`swallowing_gap`), and
    the marker below the chunk says that code is there: the chunk's span ends before the jump and
    the lines after it are new code inserted there. The marker says so when the next chunk starts
    right where this one ends (it would elide nothing), or when the chunk ends in new lines after
    at most TAIL_PAIRS anchors (a new doc comment whose `` * @default false`` and `` */`` matched
    a later comment's). Weak anchors right before the jump go with it. `plans` are merge.Plan, in
    snippet order."""
    for k, plan in enumerate(plans):
        if not plan.pairs or plan.earlier or not plan.chunk.marker_after:
            continue
        cut = swallowing_gap(plan.chunk.lines, plan.pairs, original)
        if cut is None:
            continue
        nxt = plans[k + 1] if k + 1 < len(plans) else None
        touching = (
            nxt is not None
            and not nxt.earlier
            and nxt.start is not None
            and nxt.start >= plan.end
            and not any(line.strip() for line in original[plan.end : nxt.start])
        )
        new_tail = len(plan.pairs) - cut - 1 <= TAIL_PAIRS and plan.pairs[-1][0] < last_nonblank(plan.chunk.lines)
        if touching or new_tail:
            while cut > 0 and not is_distinctive(norm(plan.chunk.lines[plan.pairs[cut][0]])):
                cut -= 1  # a weak "/**" right before the jump opens the new comment, not the old one
            plan.pairs = plan.pairs[: cut + 1]
            plan.end = plan.pairs[-1][1] + 1


def anchors_also_in_marker_block(chunk_lines: list[str], pairs, original: list[str], after: int, marker_width: int):
    """Whether a chunk anchored past the end of the block the marker above it stands in (of
    ``marker_width`` columns in the snippet; the chunk before it ended at ``after``) also anchors
    inside that block: its lines stand in both (two CI jobs alike, the one the marker elides and a
    sibling that already has the new line), and which one the snippet means, only the marker's
    depth says. A chunk that anchors only past the block is not in doubt.

    >>> job = ["    steps:", "      - uses: actions/checkout@v4", "        with:", "          fetch-depth: 0"]
    >>> orig = ["jobs:", "  a:", *job, "  b:", *job, "          persist-credentials: false"]
    >>> chunk = [*job, "          persist-credentials: false"]
    >>> anchors_also_in_marker_block(chunk, [(c, 7 + c) for c in range(5)], orig, 2, 4)
    True
    >>> anchors_also_in_marker_block(chunk, [(c, 2 + c) for c in range(4)], orig, 2, 4)  # anchored inside
    False
    """
    if not pairs:
        return False
    c, o = pairs[0]
    width = marker_width + indent_width(original[o]) - indent_width(chunk_lines[c])  # the marker's depth in the file
    if indent_width(original[o]) < width:
        return False  # the chunk starts shallower than the marker: past its block on purpose
    end = next(
        (
            r
            for r in range(after, o)
            if original[r].strip() and indent_width(original[r]) < width and not is_closer(original[r])
        ),
        None,
    )
    if end is None:
        return False
    inside = align(chunk_lines, original, after, end)
    return len(inside.pairs) * 2 >= len(pairs) and not inside.weak


def moved_with_anchors(before: tuple[str, str], after: tuple[str, str], elided: list[str], style: Style) -> list[str]:
    """The original lines a marker stands for (``elided``), shifted as far as the two lines around
    it moved: ``before`` and ``after`` are (line written, original line it stands for: the same
    line but for its spacing) of the chunk lines on either side of the marker. Where both moved by the same columns (a block lifted
    out of its function, a body wrapped in a new ``try``), the code between them moved with them;
    else it stays as the file has it.

    >>> style = Style(["f() {", "  a;", "}"])
    >>> moved_with_anchors(("  if (x) {", "    if (x) {"), ("    return", "      return"), ["      g()", ""], style)
    ['    g()', '']
    >>> moved_with_anchors(("  if (x) {", "  if (x) {"), ("    return", "      return"), ["      g()"], style)
    ['      g()']
    """
    shift = style.width(before[0]) - style.width(before[1])
    code = [line for line in elided if line.strip()]
    if not shift or style.width(after[0]) - style.width(after[1]) != shift or not code:
        return elided
    if min(style.width(line) for line in code) + shift < 0:
        return elided
    return [style.render(style.width(line) + shift, line.lstrip()) if line.strip() else line for line in elided]
