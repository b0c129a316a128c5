"""Growing an anchor: weak blocks and the chunk's unmatched ends chained to the strong matches.

A block of short, common lines ("}", "return nil") is kept only when it chains to an edge of the
kept matches: the original's very next non-blank line, or a small edit away on both sides. A brace
line chains only where its indentation shift equals its neighbour's (it says which block it closes).
"""

from __future__ import annotations

import difflib

from fastapply.merge.text.normal import WORD_CHAR, norm


def _near(orig_gap: int, chunk_gap: int, block, orig_norm, reach: int = 3) -> bool:
    """Whether a weak block is chained to an edge `orig_gap`/`chunk_gap` non-blank lines away.

    It joins when it is the original's very next non-blank line (the chunk may have new code in
    between), or when both sides skip at most `reach` lines (a small edit).
    """
    if not any(WORD_CHAR.search(line) for line in orig_norm[block.a : block.a + block.size]):
        # A lone "}" fits the end of any block: only right after the edge (lines appended to
        # a block) or after a one-line edit (lines may be added after it); a run of braces also
        # across a same-size edit.
        same_size_edit = orig_gap == chunk_gap <= (reach if block.size >= 2 else 1)
        one_line_edit = orig_gap == 1 and chunk_gap <= reach  # a last line edited, lines added after it
        # Right after the edge in the original, a brace may close any number of added lines:
        # its indentation (checked by the caller) says whether it is the same block's end.
        return orig_gap == 0 or same_size_edit or one_line_edit
    return orig_gap == 0 or (chunk_gap <= reach and orig_gap <= reach)


def _chained(edge, block, direction: int, orig_norm, indent, reach: int = 3):
    """``block`` (or, for a run of braces, the same braces a few chunk lines further out, where
    their indentation fits) when it chains to ``edge`` on the side ``direction`` (-1 before,
    +1 after); None when it does not join."""
    for slide in range(reach + 1):
        b = block.b + direction * slide
        size = min(block.size, len(indent.chunk) - b)  # sliding out past the chunk's end shortens it
        candidate = difflib.Match(block.a, b, size)
        if slide and (b < 0 or size < 1 or indent.norm_chunk(b, size) != orig_norm[block.a : block.a + size]):
            break
        if direction < 0:
            gaps = (edge.a - (block.a + size), edge.b - (b + size))
        else:
            gaps = (block.a - (edge.a + edge.size), b - (edge.b + edge.size))
        if gaps[1] < 0:
            break
        if _near(*gaps, candidate, orig_norm) and indent.agrees(candidate, edge, orig_norm):
            return candidate
        if any(WORD_CHAR.search(line) for line in orig_norm[block.a : block.a + block.size]):
            break  # only brace runs slide
    return None


def with_nearby_weak_blocks(blocks, strong, cluster, orig_norm, indent):
    """The cluster plus weak blocks chained to its ends (gaps count non-blank lines)."""
    lo_i, hi_i = cluster[0], cluster[-1]
    kept = blocks[lo_i : hi_i + 1]  # between strong matches: consistent by construction
    edge = blocks[lo_i]
    for i in range(lo_i - 1, -1, -1):
        block = _chained(edge, blocks[i], -1, orig_norm, indent)
        if block is not None:
            kept.insert(0, block)
            edge = block
    edge = blocks[hi_i]
    for i in range(hi_i + 1, len(blocks)):
        block = _chained(edge, blocks[i], +1, orig_norm, indent)
        if block is not None:
            kept.append(block)
            edge = block
    return kept


class IndentCheck:
    """Brace-only lines match anywhere; their indentation says which block they close. A brace
    line pairs only when its indentation shift equals the shift of the pair it chains to."""

    def __init__(self, chunk_lines, orig_lines):
        self.chunk, self.orig = chunk_lines, orig_lines

    def norm_chunk(self, b: int, size: int) -> list[str]:
        return [norm(line) for line in self.chunk[b : b + size]]

    def shift(self, b: int, a: int) -> int:
        width = lambda line: len(line) - len(line.lstrip())  # noqa: E731
        return width(self.chunk[b]) - width(self.orig[a])

    def agrees(self, block, edge, orig_norm) -> bool:
        if any(WORD_CHAR.search(line) for line in orig_norm[block.a : block.a + block.size]):
            return True
        reference = self.shift(edge.b, edge.a)
        return all(self.shift(block.b + k, block.a + k) == reference for k in range(block.size))


def extend_locally(chunk_norm, orig_norm, kept, indent: IndentCheck, reach: int = 3):
    """Chain the chunk's leading/trailing lines to the original lines right next to the anchor.

    difflib pairs a short common line ("er(err)", "}") with its first occurrence in the file, so
    a chunk's leading context above an edited line ends up "new" and is inserted twice. Matching
    the chunk's unmatched ends only against a window of the original just before/after the kept
    blocks (as wide as those ends plus `reach`) finds the nearby occurrence; the same chaining
    rule as for weak blocks decides what joins.
    """
    first, last = kept[0], kept[-1]
    before, after = [], []
    if first.b > 0:
        a_lo = max(0, first.a - first.b - reach)
        edge = first
        for candidate in reversed(_local_blocks(orig_norm, chunk_norm, a_lo, first.a, 0, first.b)):
            block = _chained(edge, candidate, -1, orig_norm, indent)
            if block is not None:
                before.insert(0, block)
                edge = block
    b_from, a_from = last.b + last.size, last.a + last.size
    if b_from < len(chunk_norm):
        a_hi = min(len(orig_norm), a_from + (len(chunk_norm) - b_from) + reach)
        edge = last
        for candidate in _local_blocks(orig_norm, chunk_norm, a_from, a_hi, b_from, len(chunk_norm)):
            block = _chained(edge, candidate, +1, orig_norm, indent)
            if block is not None:
                after.append(block)
                edge = block
    return before + kept + after


def _local_blocks(orig_norm, chunk_norm, a_lo, a_hi, b_lo, b_hi):
    matcher = difflib.SequenceMatcher(None, orig_norm[a_lo:a_hi], chunk_norm[b_lo:b_hi], autojunk=False)
    return [difflib.Match(a_lo + m.a, b_lo + m.b, m.size) for m in matcher.get_matching_blocks() if m.size]
