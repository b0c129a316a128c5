"""Closing lines at the seams between a snippet's chunks and the original code kept around them.

Where a chunk meets kept code, how many of the original's closing lines (``}``, ``end``,
``</div>``) stay is a guess: a chunk that rewrites a block one nesting level shallower brings
its own ``}`` and leaves an original one over; a chunk whose new function's ``end`` paired with
the ``end`` of the function above it takes that one away. Both leave the file unparsable.

``reconcile_closers`` moves one seam of one chunk over at most ``MAX_SHIFT`` original lines that
only close blocks (or are blank), so that those lines are kept, or replaced, instead; it takes a
move only when the file then parses as well as the original, and only when no other move of as
many closing lines gives another file that parses (one reading, not a pick among several).

Worked example: the original

    0  func f() {
    1      if a {
    2          if b {
    3              g()
    4          }
    5      }
    6  }

and a chunk ``if a && b {`` / ``g()`` / ``}`` (a marker above and below) anchored on lines 1–4:
kept after it, line 5's ``}`` closes nothing and the file does not parse. Moving the chunk's end
over line 5 (the chunk replaces lines 1–5) parses; moving its start up over line 0 does not
(that line opens, it does not close), so the one reading is taken.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterator
from dataclasses import replace

from fastapply.merge.text.lines import indent_of
from fastapply.merge.text.normal import is_closer

MAX_SHIFT = 3  # original lines (closing or blank) a seam may move over


def reconcile_closers(plans: list, orig: list[str], render: Callable[[list], str], parses: Callable[[str], bool]):
    """The plans with one seam moved so that the file parses (see the module's docstring), or None
    when no move makes it parse, or when moves of as many closing lines give different code.
    Moves that give the same code, apart from blank lines, are one reading: the one that keeps
    the most of the original's lines is taken. ``plans`` are merge.Plan in snippet order;
    ``render`` assembles a file from plans; ``parses`` says whether a file has no more parse
    errors than the original."""
    by_closers: dict[int, dict[str, list[tuple[str, list, int]]]] = {}
    for moved, variant, fit in _moves(plans, orig):
        text = render(variant)
        if parses(text):
            code = "\n".join(line for line in text.splitlines() if line.strip())
            by_closers.setdefault(moved, {}).setdefault(code, []).append((text, variant, fit))
    if not by_closers:
        return None
    readings = list(by_closers[min(by_closers)].values())  # the fewest closing lines moved
    if len(readings) != 1:
        # several parse: the one whose edge closers stand at the widths of the closers they replace
        # (a method's "    }" for the file's "    }", not for a closure's "        }"), if one does
        fits = sorted((max(fit for _, _, fit in reading), n) for n, reading in enumerate(readings))
        if fits[-1][0] == fits[-2][0]:
            return None
        readings = [readings[fits[-1][1]]]
    return max(readings[0], key=lambda found: _kept(orig, found[0]))[1]


def _fit(lines: list[str], orig: list[str], start: int, end: int) -> int:
    """How many of the chunk's edge lines that close a block replace an original closing line of
    the same indentation (its first line the first replaced, its last line the last)."""
    edges = [(lines[0], start), (lines[-1], end - 1)] if lines and end > start else []
    return sum(
        1
        for line, row in edges
        if is_closer(line) and 0 <= row < len(orig) and is_closer(orig[row]) and indent_of(line) == indent_of(orig[row])
    )


def _kept(orig: list[str], text: str) -> int:
    """How many of the original's lines the text keeps, in order."""
    matcher = difflib.SequenceMatcher(None, orig, text.splitlines(), autojunk=False)
    return sum(block.size for block in matcher.get_matching_blocks())


def _moves(plans: list, orig: list[str]) -> Iterator[tuple[int, list, int]]:
    """(closing lines moved over, plans with one seam moved, its `_fit`) for every move that stays
    between the neighbouring chunks' spans."""
    placed = sorted((k for k, plan in enumerate(plans) if plan.start is not None), key=lambda k: plans[k].start)
    for n, k in enumerate(placed):
        plan = plans[k]
        floor = plans[placed[n - 1]].end if n > 0 else 0
        ceiling = plans[placed[n + 1]].start if n + 1 < len(placed) else len(orig)
        for shift in range(1, MAX_SHIFT + 1):
            seams = (
                (plan.start - shift, plan.end, range(plan.start - shift, plan.start)),  # replaces closers above
                (plan.start + shift, plan.end, range(plan.start, plan.start + shift)),  # keeps closers it replaced
                (plan.start, plan.end + shift, range(plan.end, plan.end + shift)),  # replaces closers below
                (plan.start, plan.end - shift, range(plan.end - shift, plan.end)),  # keeps closers it replaced
            )
            for start, end, over in seams:
                if not floor <= start <= end <= ceiling:
                    continue
                moved = [orig[i] for i in over]
                closing = sum(1 for line in moved if line.strip())
                if closing and all(map(is_closer, moved)):
                    variant = list(plans)
                    lines = _one_blank(plan.lines, orig, start, end)
                    variant[k] = replace(plan, start=start, end=end, lines=lines)
                    yield closing, variant, _fit(lines, orig, start, end)


def _one_blank(lines: list[str], orig: list[str], start: int, end: int) -> list[str]:
    """The chunk's lines without the blank line at an edge where the original line it now meets
    is blank too: the chunk's blank separated it from code that is no longer its neighbour."""
    if lines and not lines[0].strip() and start > 0 and not orig[start - 1].strip():
        lines = lines[1:]
    if lines and not lines[-1].strip() and end < len(orig) and not orig[end].strip():
        lines = lines[:-1]
    return lines
