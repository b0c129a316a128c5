"""Original lines the snippet strikes out in one place and the merged file keeps in another.

Two code lines of one snippet chunk with no marker between them say that the original lines
between their two places are gone there: replaced by the new lines the snippet writes between
them, or removed. A marker elsewhere stands for lines "unchanged"; when the merge has it stand for
lines the snippet struck out (a comment table "moved up" under a marker, which took the old
``bufferSize = 4096`` along with it while the snippet wrote ``bufferSize = DefaultBufferSize`` in
its place), the file holds the old line beside its replacement, and the two readings of the
snippet contradict each other: the file is flagged rather than served either way.

Only a struck line the snippet rewrites between the two lines counts (one defining the same name,
or an edited form of it: its replacement), kept outside the stretch the two snippet lines span in
the merged file. Struck lines with no replacement there may well be what the marker stands for
("benchmark rows moved up"); a merge that keeps struck lines where they stood read the snippet's
jump as a marker left out, which other checks judge.

    >>> orig = ["def f(x):", "    # rows", "    # 1 2", "    n = 4", "    return x"]
    >>> snip = snippet_lines(["# rows", "# ...", "N = 4", "", "def f(x):", "    n = N", "    return x"], orig, "python")
    >>> merged = ["# rows", "    # 1 2", "    n = 4", "N = 4", "", "def f(x):", "    n = N", "    return x"]
    >>> struck_kept_elsewhere(Trace(orig, snip, merged))
    (3,)
    >>> struck_kept_elsewhere(Trace(orig, snip, ["# rows", "# 1 2", "N = 4", "", "def f(x):", "    n = N", "    return x"]))
    ()
"""

from __future__ import annotations

from collections import Counter

from fastapply.merge.account.checks import EDITED
from fastapply.merge.account.trace import Trace, snippet_lines  # noqa: F401 (the examples use it)
from fastapply.merge.text.normal import definition_key, line_similarity, norm


def struck_kept_elsewhere(trace: Trace) -> tuple[int, ...]:
    """1-based merged lines that keep an original line some chunk of the snippet strikes out:
    one lying between the original places of two of the chunk's lines (the first found once in
    the file, the second the first of its form after it) with only new lines between them in the
    snippet, which one of those new lines rewrites, kept outside the merged stretch the two span."""
    rows: dict[str, list[int]] = {}
    for o, line in enumerate(trace.orig):
        if norm(line):
            rows.setdefault(norm(line), []).append(o)
    shown = {norm(line.text) for line in trace.snip}
    code = [i for i, line in enumerate(trace.snip) if line.kind == "code"]
    written = Counter(norm(trace.out[m]) for m in trace.new_lines)
    moved = {norm(trace.out[m]): m for m in trace.new_lines if written[norm(trace.out[m])] == 1}
    found: set[int] = set()
    for n, i in enumerate(code):
        first = rows.get(norm(trace.snip[i].text), [])
        if len(first) != 1 or i not in trace.placed:
            continue
        a = first[0]
        later = [j for j in code[n + 1 :] if trace.snip[j].chunk == trace.snip[i].chunk]
        j = next((j for j in later if norm(trace.snip[j].text) in rows), None)
        if j is None or j not in trace.placed:
            continue
        b = next((o for o in rows[norm(trace.snip[j].text)] if o > a), None)
        start, end = trace.placed[i], trace.placed[j]
        # the two lines stand for those original lines: a line of new code that reads like one
        # ("}", a second "buflen = ARRAY_SIZE(buf);") strikes nothing
        if b is None or end <= start or _stands_at(trace, a, moved) != start or trace.kept.get(b) != end:
            continue
        between = [trace.snip[k].text for k in later[: later.index(j)]]
        for o in range(a + 1, b):
            kept = trace.kept.get(o)
            if kept is None or norm(trace.orig[o]) in shown or start < kept < end:
                continue
            if any(_rewrites(new, trace.orig[o]) for new in between):
                found.add(kept + 1)
    return tuple(sorted(found))


def _rewrites(new: str, old: str) -> bool:
    """Whether ``new`` is ``old`` rewritten: the same name defined or assigned, or an edited form."""
    name = definition_key(old)
    if name is not None and definition_key(new) == name:
        return True
    return line_similarity(old, new) >= EDITED


def _stands_at(trace: Trace, o: int, moved: dict[str, int]) -> int | None:
    """The merged line original line ``o`` stands at: where it is kept, or, lost from its place,
    the one new line written as it (the snippet showed it out of the file's order)."""
    if o in trace.kept:
        return trace.kept[o]
    return moved.get(norm(trace.orig[o]))
