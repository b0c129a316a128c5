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
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    return [(block.a + k, block.b + k) for block in matcher.get_matching_blocks() for k in range(block.size)]


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
        for members in chunks.values():
            for a, m in _pairs([norm(snippet[i].text) for i in members], merged_norm):
                self.placed[members[a]] = m
        self.anchors = sorted((i, self.kept_at[m]) for i, m in self.placed.items() if m in self.kept_at)
        self.new_lines = {m for m in self.placed.values() if m not in self.kept_at}

    def chunk_spans(self) -> list[tuple[int, int]]:
        """(first, last) merged line each anchored chunk placed: the stretch it speaks for."""
        anchored = {self.snip[i].chunk for i, _ in self.anchors}
        spans: dict[int, list[int]] = {}
        for i, m in self.placed.items():
            if self.snip[i].chunk in anchored:
                spans.setdefault(self.snip[i].chunk, []).append(m)
        return [(min(v), max(v)) for v in spans.values()]
