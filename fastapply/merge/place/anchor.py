"""Anchoring: which lines of the original a snippet chunk's lines stand for.

Lines are compared whitespace-insensitively (runs of whitespace collapse, ends are stripped), so
re-indented or re-wrapped spacing still anchors. Blank lines never anchor. difflib's matcher
gives a monotonic line alignment; matches are then filtered by evidence, because short common
lines ("}", "return nil") match all over a file: a block of matches is kept only when it holds a
line that occurs once in the searched range, or is long, or sits right next to a kept block.
"""

from __future__ import annotations

import difflib
from collections import Counter
from dataclasses import dataclass, field

from fastapply.merge.place.chaining import IndentCheck, extend_locally, with_nearby_weak_blocks
from fastapply.merge.place.patience import patience_blocks
from fastapply.merge.text.normal import is_distinctive, norm

# A deletion this much larger than the chunk's own gap splits the matches into separate clusters.
MAX_UNEXPLAINED_GAP = 120
# A crossing alignment must delete at least this many unshown lines, in a run this long, to count.
SWALLOWED_LINES, SWALLOWED_RUN = 5, 3
NEARBY_EDIT = 3  # original lines a weak end block may stand past its neighbour and still chain


@dataclass
class Alignment:
    pairs: list[tuple[int, int]] = field(default_factory=list)  # (chunk line, original line)
    ambiguous: bool = False  # evidence also fits elsewhere, or clusters disagree
    weak: bool = False  # only short/common lines matched
    crossing: bool = False  # the chunk repeats a unique original line the alignment skipped

    @property
    def found(self) -> bool:
        return bool(self.pairs)


def align(chunk: list[str], original: list[str], lo: int, hi: int, counts: Counter | None = None) -> Alignment:
    """Align chunk lines to original[lo:hi] (chunk and original are lists of raw lines).

    Two matchers propose blocks: difflib's longest matches, and patience anchoring on unique
    lines. Where they disagree, the alignment that deletes fewer original lines the chunk never
    shows wins (ties: difflib's); new code that resembles old code misleads each in other cases.
    """
    chunk_idx = [i for i, line in enumerate(chunk) if line.strip()]
    orig_idx = [i for i in range(lo, hi) if original[i].strip()]
    chunk_norm = [norm(chunk[i]) for i in chunk_idx]
    orig_norm = [norm(original[i]) for i in orig_idx]
    if not chunk_norm or not orig_norm:
        return Alignment()
    if counts is None:
        counts = Counter(orig_norm)
    matcher = difflib.SequenceMatcher(None, orig_norm, chunk_norm, autojunk=False)
    longest = [b for b in matcher.get_matching_blocks() if b.size]
    patience = patience_blocks(orig_norm, chunk_norm, is_distinctive)
    candidates = [longest] if patience == longest else [longest, patience]
    results = [
        _from_blocks(blocks, chunk, original, chunk_idx, orig_idx, chunk_norm, orig_norm, counts)
        for blocks in candidates
    ]
    # fewest unshown deletions and unique lines left to stand twice; then the most lines matched;
    # then difflib's
    return min(
        results,
        key=lambda r: (r[1] + _left_twice(r[0], chunk_idx, chunk_norm, counts), -len(r[0].pairs), results.index(r)),
    )[0]


def _left_twice(alignment: Alignment, chunk_idx: list[int], chunk_norm: list[str], counts: Counter) -> int:
    """Chunk lines the alignment leaves unmatched that stand once, distinctive, in the searched
    range: written as new, each would stand twice. A line opening a block (a rule's selector, a
    definition's header) counts double: a whole block would stand twice (a rule shown with new
    properties, aligned by its properties to another rule that has the same ones), where a
    statement may be an edit in place."""
    matched = {c for c, _ in alignment.pairs}
    return sum(
        2 if line.endswith(("{", ":")) else 1
        for c, line in zip(chunk_idx, chunk_norm)
        if c not in matched and counts[line] == 1 and is_distinctive(line)
    )


def _from_blocks(blocks, chunk, original, chunk_idx, orig_idx, chunk_norm, orig_norm, counts):
    """(Alignment, original lines it deletes unshown) from one matcher's blocks."""
    strong = [_is_strong(orig_norm, b, counts) for b in blocks]
    if not any(strong):
        pairs = [(chunk_idx[b.b + k], orig_idx[b.a + k]) for b in blocks for k in range(b.size)]
        return (Alignment(pairs, ambiguous=True, weak=True) if pairs else Alignment()), len(orig_norm)
    cluster, ambiguous = _best_cluster(blocks, strong, orig_idx)
    indent = IndentCheck([chunk[i] for i in chunk_idx], [original[i] for i in orig_idx])
    kept = with_nearby_weak_blocks(blocks, strong, cluster, orig_norm, indent)
    kept = extend_locally(chunk_norm, orig_norm, kept, indent)
    kept = _trim_weak_ends(kept, chunk_norm, orig_norm, counts)
    pairs = [(chunk_idx[b.b + k], orig_idx[b.a + k]) for b in kept for k in range(b.size)]
    crossing = _crossing(chunk_norm, orig_norm, kept, counts)
    if not ambiguous:
        ambiguous = crossing or _occurs_elsewhere(orig_norm, blocks, kept, counts)
    return Alignment(pairs, ambiguous=ambiguous, crossing=crossing), len(_unshown(chunk_norm, orig_norm, kept))


def _trim_weak_ends(kept, chunk_norm, orig_norm, counts):
    """Drop weak blocks at either end that are reached only across a net deletion of unshown,
    distinctive original lines: a chunk's new doc comment ending in "*/" must not pair with some
    later comment's "*/" and delete the code in between."""
    shown = set(chunk_norm)

    def swallows(gap_a: range, gap_b: range, block) -> bool:
        # An empty gap_b is a deletion the chunk shows (the lines on both sides next to each other);
        # old lines that resemble the new ones in gap_b are an edit, not code swallowed.
        if not gap_b:
            return False
        # Distinctive lines a small edit away from the kept matches, each held once more elsewhere (a
        # comment naming a URL, repeated in a sibling function), are the context the chunk quotes:
        # left unpaired, they would stand twice here.
        lines = orig_norm[block.a : block.a + block.size]
        if len(gap_a) <= NEARBY_EDIT and all(is_distinctive(t) and counts[t] <= 2 for t in lines):
            return False
        new = [chunk_norm[j] for j in gap_b]
        unshown = [i for i in gap_a if orig_norm[i] not in shown and is_distinctive(orig_norm[i])]
        unlike = [i for i in unshown if max(_ratio(orig_norm[i], line) for line in new) < 0.5]
        return len(gap_b) < len(unshown) or len(unlike) >= 2

    strong = [i for i, block in enumerate(kept) if _is_strong(orig_norm, block, counts)]
    if not strong:
        return kept
    for i in range(strong[-1] + 1, len(kept)):  # the weak tail, from the last strong block out
        prev, block = kept[i - 1], kept[i]
        if swallows(range(prev.a + prev.size, block.a), range(prev.b + prev.size, block.b), block):
            kept = kept[:i]
            break
    for i in range(strong[0] - 1, -1, -1):  # the weak head, likewise
        block, nxt = kept[i], kept[i + 1]
        if swallows(range(block.a + block.size, nxt.a), range(block.b + block.size, nxt.b), block):
            kept = kept[i + 1 :]
            break
    return kept


def _ratio(a: str, b: str) -> float:
    return difflib.SequenceMatcher(None, a, b, autojunk=False).ratio()


def _unshown(chunk_norm, orig_norm, kept) -> list[int]:
    """Original lines (non-blank indices) inside the kept span that are neither matched nor shown."""
    matched = {b.a + k for b in kept for k in range(b.size)}
    shown = set(chunk_norm)
    lo, hi = kept[0].a, kept[-1].a + kept[-1].size
    return [i for i in range(lo, hi) if i not in matched and orig_norm[i] not in shown]


def _is_strong(orig_norm: list[str], block, counts: Counter) -> bool:
    lines = orig_norm[block.a : block.a + block.size]
    if any(counts[line] == 1 and is_distinctive(line) for line in lines):
        return True
    if sum(is_distinctive(line) for line in lines) < 2:
        return False
    # Common lines ("assertEquals(value, actual);") can still form a sequence found only here.
    return block.size >= 4 or _occurrences(orig_norm, lines) == 1


def _occurrences(orig_norm: list[str], lines: list[str]) -> int:
    n = len(lines)
    return sum(1 for i in range(len(orig_norm) - n + 1) if orig_norm[i] == lines[0] and orig_norm[i : i + n] == lines)


def _best_cluster(blocks, strong, orig_idx) -> tuple[list[int], bool]:
    """Indices of the strong blocks forming the heaviest cluster of nearby matches."""
    clusters: list[list[int]] = []
    previous = None
    for i, block in enumerate(blocks):
        if not strong[i]:
            continue
        if previous is not None:
            orig_gap = orig_idx[block.a] - orig_idx[previous.a + previous.size - 1]
            chunk_gap = block.b - (previous.b + previous.size)
            if orig_gap - chunk_gap > MAX_UNEXPLAINED_GAP:
                clusters.append([])
        if not clusters:
            clusters.append([])
        clusters[-1].append(i)
        previous = block
    weights = [sum(blocks[i].size for i in c) for c in clusters]
    best = max(range(len(clusters)), key=lambda k: weights[k])
    return clusters[best], len(clusters) > 1


def _crossing(chunk_norm, orig_norm, kept, counts: Counter) -> bool:
    """True when the alignment skipped the chunk's own context and swallowed code it never shows.

    The alignment is monotonic, so when the chunk's new code resembles a later part of the file
    (e.g. an `if (x == null) {...} else {` block like the next method's), the matcher can pair it
    there and leave the chunk's real context behind as "new": the span then deletes everything
    in between. Signature: a distinctive, unique original line inside the span that the chunk
    repeats but the alignment skipped, plus a run of deleted original lines the chunk never
    shows. A moved line alone is a legitimate reordering; a deletion alone is a legitimate edit.
    """
    matched_chunk = {b.b + k for b in kept for k in range(b.size)}
    matched_orig = {b.a + k for b in kept for k in range(b.size)}
    lo, hi = kept[0].a, kept[-1].a + kept[-1].size
    where = {line: i for i, line in enumerate(orig_norm) if counts[line] == 1}
    skipped = any(
        j not in matched_chunk
        and where.get(line) is not None
        and lo <= where[line] < hi
        and where[line] not in matched_orig
        and is_distinctive(line)
        for j, line in enumerate(chunk_norm)
    )
    if not skipped:
        return False
    unshown = _unshown(chunk_norm, orig_norm, kept)
    longest = run = 0
    for prev, i in zip([None] + unshown, unshown):
        run = run + 1 if prev == i - 1 else 1
        longest = max(longest, run)
    return len(unshown) >= SWALLOWED_LINES and longest >= SWALLOWED_RUN


def _occurs_elsewhere(orig_norm, blocks, kept, counts: Counter) -> bool:
    """True when no kept block holds a line that occurs only once, nor is a run of lines with
    two distinctive ones that occurs only once (so the spot is a guess)."""
    for block in kept:
        lines = orig_norm[block.a : block.a + block.size]
        if any(counts[line] == 1 for line in lines):
            return False
        if sum(is_distinctive(line) for line in lines) >= 2 and _occurrences(orig_norm, lines) == 1:
            return False
    return True
