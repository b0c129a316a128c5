"""Where every line of a merged file comes from, and what became of every original line.

Whatever produced the merged file (the deterministic merge, the second opinion, the model), its
lines are traced back without asking the producer: an original line *kept* (in order, whitespace
aside), or a line the snippet *placed* (its own code, found in the merged file chunk by chunk, since
agents show chunks out of file order). A snippet line placed on a kept original line is an
*anchor*: there the snippet and the file agree on where it stands.

    >>> t = Trace(["a()", "b()", "c()"], snippet_lines(["a()", "B()", "// ...", "c()"], ["a()", "b()", "c()"], "javascript"), ["a()", "B()", "c()"])
    >>> sorted(t.kept), sorted(t.new_lines), t.anchors
    ([0, 2], [1], [(0, 0), (2, 2)])
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass

from fastapply.merge.snippet.hunks import is_diff_form, parse_hunks
from fastapply.merge.text.lines import line_opcodes
from fastapply.merge.text.markers import is_marker_line
from fastapply.merge.text.normal import norm


@dataclass(frozen=True)
class SnippetLine:
    text: str
    chunk: int  # markers (and a diff's hunk boundaries) separate chunks
    kind: str  # code (lazy) | ctx | del | add (diff form)


def snippet_lines(snippet: list[str], original: list[str], language: str | None) -> list[SnippetLine]:
    """The snippet's code lines with their chunk (markers, blank lines and diff headers left out)."""
    out: list[SnippetLine] = []
    if original and is_diff_form(snippet, original):
        for k, hunk in enumerate(parse_hunks(snippet, original, language)):
            for kind, text in hunk.lines:
                if text.strip():
                    out.append(SnippetLine(text, k, {"-": "del", "+": "add", " ": "ctx"}[kind]))
        return out
    chunk = 0
    for line in snippet:
        if is_marker_line(line, language):
            chunk += 1
        elif line.strip():
            out.append(SnippetLine(line, chunk, "code"))
    return out


def _pairs(a: list[str], b: list[str]) -> list[tuple[int, int]]:
    """(i, j) with a[i] == b[j], in order, from the equal runs of a line diff."""
    return [(i1 + k, j1 + k) for tag, i1, i2, j1, _ in line_opcodes(a, b) if tag == "equal" for k in range(i2 - i1)]


def _placed(chunk: list[str], merged: list[str], where: dict[str, list[int]], after: int = -1) -> list[tuple[int, int]]:
    """(chunk line, merged line) pairs for one snippet chunk, aligned within the stretch of the
    merged file around its rarest lines (not the whole file: a large file makes difflib slow); of
    equally dense stretches, the first after ``after`` (where the chunk before it was placed), or
    else the nearest to it: agents show chunks in file order, mostly."""
    rare = sorted(m for line in chunk for m in where.get(line, ()) if len(where[line]) <= 2)
    hits = rare or sorted(m for line in chunk for m in where.get(line, ())[:50])
    if not hits:
        return []
    reach = 2 * len(chunk) + 10
    # the densest stretch of hits: a chunk's lines stand together
    best = max(
        range(len(hits)),
        key=lambda n: (sum(1 for h in hits if hits[n] <= h <= hits[n] + reach), hits[n] > after, -abs(hits[n] - after)),
    )
    lo = max(0, hits[best] - reach)
    hi = min(len(merged), max(h for h in hits if h <= hits[best] + reach) + reach + 1)
    matcher = difflib.SequenceMatcher(None, chunk, merged[lo:hi], autojunk=False)
    pairs = [(block.a + k, lo + block.b + k) for block in matcher.get_matching_blocks() for k in range(block.size)]
    return _kept_together(pairs, chunk, where)


def _kept_together(
    pairs: list[tuple[int, int]], chunk: list[str], where: dict[str, list[int]]
) -> list[tuple[int, int]]:
    """``pairs`` with each line matched apart from the next (or previous) line of its chunk moved
    to its copy nearest that line: a chunk's lines stand together in the merged file, and difflib
    pairs a common line ("}") with its first copy in reach, another block's closer.

    >>> where = {"}": [3, 9], "g": [10]}
    >>> _kept_together([(0, 3), (1, 10)], ["}", "g"], where)
    [(0, 9), (1, 10)]
    """
    pairs = list(pairs)
    for n in range(len(pairs) - 2, -1, -1):  # from the end: a run of such lines moves together
        (a, m), (a2, m2) = pairs[n], pairs[n + 1]
        if a2 == a + 1 and m2 > m + 1:
            nearer = [x for x in where.get(chunk[a], ()) if m < x < m2]
            if nearer:
                pairs[n] = (a, nearer[-1])
    for n in range(1, len(pairs)):
        (a0, m0), (a, m) = pairs[n - 1], pairs[n]
        if a == a0 + 1 and m > m0 + 1:
            nearer = [x for x in where.get(chunk[a], ()) if m0 < x < m]
            if nearer:
                pairs[n] = (a, nearer[0])
    return pairs


class Trace:
    """kept: original line -> merged line; placed: snippet line -> merged line; anchors: (snippet
    line, original line) pairs; new_lines: merged lines the snippet placed that are no kept line."""

    def __init__(self, original: list[str], snippet: list[SnippetLine], merged: list[str]):
        self.orig, self.snip, self.out = original, snippet, merged
        merged_norm = [norm(line) for line in merged]
        original_norm = [norm(line) for line in original]
        self.kept = {o: m for o, m in _pairs(original_norm, merged_norm) if original_norm[o]}
        self.kept_at = {m: o for o, m in self.kept.items()}
        self.placed: dict[int, int] = {}
        chunks: dict[int, list[int]] = {}
        for i, line in enumerate(snippet):
            if line.kind != "del":
                chunks.setdefault(line.chunk, []).append(i)
        where: dict[str, list[int]] = {}
        for m, line in enumerate(merged_norm):
            if line:
                where.setdefault(line, []).append(m)
        after = -1
        for members in chunks.values():
            for a, m in _placed([norm(snippet[i].text) for i in members], merged_norm, where, after):
                self.placed[members[a]] = m
                after = m
        self.anchors = sorted((i, self.kept_at[m]) for i, m in self.placed.items() if m in self.kept_at)
        self.new_lines = {m for m in self.placed.values() if m not in self.kept_at}
        # The merged file is the snippet itself, which has no marker: taken as the whole new file.
        self.whole_file = all(line.kind == "code" and line.chunk == 0 for line in snippet) and [
            norm(line.text) for line in snippet
        ] == [x for x in merged_norm if x]

    def chunk_spans(self) -> list[tuple[int, int]]:
        """(first, last) merged line each anchored chunk placed: the stretch it speaks for."""
        anchored = {self.snip[i].chunk for i, _ in self.anchors}
        spans: dict[int, list[int]] = {}
        for i, m in self.placed.items():
            if self.snip[i].chunk in anchored:
                spans.setdefault(self.snip[i].chunk, []).append(m)
        return [(min(v), max(v)) for v in spans.values()]


def gaps(kept: dict[int, int], n_orig: int, n_out: int) -> list[tuple[int, int, int, int]]:
    """(o1, m1, o2, m2) for each stretch between two kept lines (or a file edge): original rows
    o1 < r < o2 and merged rows m1 < r < m2 stand between the kept pairs (o1, m1) and (o2, m2).

    >>> gaps({0: 0, 3: 2}, 5, 4)
    [(-1, -1, 0, 0), (0, 0, 3, 2), (3, 2, 5, 4)]
    """
    pairs = sorted(kept.items())
    return [(o1, m1, o2, m2) for (o1, m1), (o2, m2) in zip([(-1, -1), *pairs], [*pairs, (n_orig, n_out)])]
