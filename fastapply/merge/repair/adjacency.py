"""Code a snippet says is not there: a whole definition between two definitions the snippet shows
one right after the other (left where the snippet removed it, or where it moved it from).

A marker inside a definition's body stands for that body only. When the snippet shows a header, a
body marker, the closing line, and then the next definition, the two are adjacent in the edited
file; a definition that sits between them in the output was skipped without a marker (the agent
removed or moved it, and the literal merge kept it). Python has no closing line: the next line at
the header's indentation ends the body. A brace language without the closing line shown is left
alone, since its marker may run past the body. Lines of the body, then a marker at any width (an
agent's column-0 marker inside an ``impl``), then the closing line at the header's width end the
body too: that line closes the block the snippet opened, not one further down.

Worked example (Python)::

    snippet:  def load(path):             output:  def load(path): ...
                  # ... existing code ...          def parse(text): ...   <- skipped: flagged
              def save(path, rows): ...            def save(path, rows): ...
"""

from __future__ import annotations

from fastapply.merge.snippet.chunks import closing_only
from fastapply.merge.text.lines import indent_of
from fastapply.merge.text.markers import is_marker_line
from fastapply.merge.text.normal import norm
from fastapply.merge.text.syntax import definitions

# Languages whose bodies end by indentation, with no closing line to show.
_OFFSIDE = ("python",)


def skipped_definitions(snip: list[str], merged: str, lang) -> tuple[int, ...]:
    """Headers (merged lines, 1-based) of definitions that sit between two definitions the snippet
    shows as adjacent (whether the snippet shows them elsewhere or not: then the order is wrong), or
    that the snippet shows right after a definition but that stand above it."""
    return tuple(d.header + 1 for d in skipped(snip, merged, lang))


def skipped(snip: list[str], merged: str, lang) -> list:
    """The skipped definitions themselves (outermost only), in file order."""
    if lang is None:
        return []
    out = merged.splitlines()
    found = definitions(merged, lang)
    by_header: dict[str, list] = {}
    for d in found:
        if d.header < len(out):
            by_header.setdefault(norm(out[d.header]), []).append(d)
    rows = [line for line in snip if line.strip()]
    skipped: dict[int, object] = {}
    for p, q in _bodies_elided(rows, lang):
        header = rows[p]
        following = rows[q]
        holders = by_header.get(norm(header), [])
        if is_marker_line(following, lang) or _width(following) > _width(header) or len(holders) != 1:
            continue
        end = holders[0].end
        nexts = [r for r in range(end + 1, len(out)) if norm(out[r]) == norm(following)]
        if not nexts:
            # the definition the snippet shows next stands above this one instead: out of order
            above = by_header.get(norm(following), [])
            if len(above) == 1 and above[0].end < holders[0].start:
                skipped[above[0].start] = above[0]
            continue
        skipped.update((d.start, d) for d in found if d.start > end and d.end < nexts[0])
    # the outermost skipped definitions only: a method inside a skipped class goes with it
    outer = [
        d
        for d in skipped.values()
        if not any(o is not d and o.start <= d.start and d.end <= o.end for o in skipped.values())
    ]
    return sorted(outer, key=lambda d: d.start)


def _bodies_elided(rows: list[str], lang) -> list[tuple[int, int]]:
    """(header row, row after its closing lines) for each block the snippet opens, elides the rest
    of with a marker and closes: a header, a marker deeper than it, the closing lines at its width
    (Python: none); or a header, lines of its body, a marker at any width (an agent's column-0
    marker inside a class), and the closing lines at its width, the body never back at its width."""
    found = []
    for m, marker in enumerate(rows):
        if not is_marker_line(marker, lang) or m == 0:
            continue
        q = m + 1
        while q < len(rows) and closing_only([rows[q]]) and not is_marker_line(rows[q], lang):
            q += 1
        if q >= len(rows):
            continue
        closers = rows[m + 1 : q]
        if _width(rows[m - 1]) < _width(marker) and not is_marker_line(rows[m - 1], lang):
            p = m - 1  # header, then a marker deeper than it: the body elided
        elif closers and lang not in _OFFSIDE:
            width = _width(closers[-1])
            p = next((r for r in range(m - 1, -1, -1) if _width(rows[r]) <= width), -1)
            if p < 0 or _width(rows[p]) != width or closing_only([rows[p]]) or is_marker_line(rows[p], lang):
                continue
            if any(is_marker_line(rows[r], lang) for r in range(p + 1, m)):
                continue  # the body's other markers: read as the original rule reads them
        else:
            continue
        if any(_width(c) != _width(rows[p]) for c in closers) or (not closers and lang not in _OFFSIDE):
            continue
        found.append((p, q))
    return found


def _width(line: str) -> int:
    return len(indent_of(line))
