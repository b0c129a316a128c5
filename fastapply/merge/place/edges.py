"""Pairs at a chunk's edges: tied to the file's start and end, and edited lines at either edge
paired with their old forms (a changed signature, an edited block opener, a moved terminator)."""

from __future__ import annotations

import re

from fastapply.merge.place.pairs import FUZZY_EDGE, few_unshown, first_word, monotonic, next_nonblank, prev_nonblank
from fastapply.merge.snippet.chunks import Chunk
from fastapply.merge.text.lines import indent_of
from fastapply.merge.text.normal import is_distinctive, line_similarity, norm

_ALNUM_RE = re.compile(r"\w")  # lines with a word in them (not a bare "}")


def pin_edges(chunk: Chunk, pairs, original: list[str], first: bool, last: bool, lo: int):
    """Tie an unmarked snippet start/end to the file's start/end when the lines agree.

    Also pairs edited lines at a chunk's edges with the original line they replace when they
    are near-identical (an edited signature, a changed import).
    """
    nonblank = [i for i, line in enumerate(original) if line.strip()]
    if not nonblank:
        return pairs
    lines = chunk.lines
    if first and not chunk.marker_before and lo == 0:
        head = nonblank[0]
        if (
            lines[0].rstrip() == original[head].rstrip()
            or (not pairs or pairs[0][0] > 0)
            and line_similarity(lines[0], original[head]) >= FUZZY_EDGE
        ):
            if not pairs or pairs[0][1] > head:
                pairs = monotonic([(0, head)] + [p for p in pairs if p[0] > 0])
    if last and not chunk.marker_after:
        tail = nonblank[-1]
        if _same_ending(lines, original, nonblank) and (
            not pairs or pairs[-1][1] <= tail and few_unshown(lines, original, pairs[-1][1] + 1, tail)
        ):
            pairs = monotonic([p for p in pairs if p[0] < len(lines) - 1] + [(len(lines) - 1, tail)])
    return _fuzzy_edges(lines, pairs, original, lo, chunk.indent_after if chunk.marker_after else None)


def _same_ending(lines: list[str], original: list[str], nonblank: list[int]) -> bool:
    """The chunk ends like the file: same last line, and for a bare "}" the line above too."""
    ours = [line.rstrip() for line in lines if line.strip()][-2:]
    theirs = [original[i].rstrip() for i in nonblank[-2:]]
    if not ours or ours[-1] != theirs[-1]:
        return False
    return is_distinctive(norm(ours[-1])) or ours == theirs


def _fuzzy_edges(lines, pairs, original, lo, marker_indent: int | None = None):
    if not pairs:
        return pairs
    while True:  # identical neighbours first (a common line the matcher placed elsewhere)
        c, o = pairs[0]
        c, o = prev_nonblank(lines, c - 1, 0), prev_nonblank(original, o - 1, lo)
        if c is None or o is None or norm(lines[c]) != norm(original[o]) or not _ALNUM_RE.search(lines[c]):
            break
        pairs = [(c, o)] + pairs
    while True:
        c, o = pairs[-1]
        c, o = next_nonblank(lines, c + 1), next_nonblank(original, o + 1)
        if c is None or o is None or norm(lines[c]) != norm(original[o]) or not _ALNUM_RE.search(lines[c]):
            break
        pairs = pairs + [(c, o)]
    # Edited lines at the chunk's edge (a changed signature, a changed argument under a common
    # "return os.path.join(") pair with their old forms, with the identical lines among them, as
    # long as the chunk reaches its edge that way.
    walked, (c, o) = [], pairs[0]
    while True:
        c, o = prev_nonblank(lines, c - 1, 0), prev_nonblank(original, o - 1, lo)
        if (
            c is None
            or o is None
            or not (norm(lines[c]) == norm(original[o]) or _edited_form(lines[c], original[o], lines[pairs[0][0]]))
        ):
            break
        walked.append((c, o))
    if walked and prev_nonblank(lines, walked[-1][0] - 1, 0) is None:
        pairs = walked[::-1] + pairs
    walked, (c, o) = [], pairs[-1]
    while True:
        c, o = next_nonblank(lines, c + 1), next_nonblank(original, o + 1)
        if (
            c is None
            or o is None
            or not (
                norm(lines[c]) == norm(original[o])
                or _edited_form(lines[c], original[o], lines[pairs[-1][0]])
                or edited_opener(lines, c, original[o], marker_indent)
            )
        ):
            break
        walked.append((c, o))
    if walked and (next_nonblank(lines, walked[-1][0] + 1) is None or _terminator_moved(lines, original, walked[-1])):
        pairs = pairs + walked
    return pairs


_TRAIL = re.compile(r"[^\w\s]*\s*[^\w\s]*$")


def _terminator_moved(lines: list[str], original: list[str], pair: tuple[int, int]) -> bool:
    """The chunk's last line is a new list item that took over the terminator of the edited line
    before it (``rnd_(0xdeadbeef) {`` became ``rnd_(0xdeadbeef),`` and then ``size_(0) {``): the
    edited line replaces its old form, and the new item follows it."""
    c, o = pair
    last = next_nonblank(lines, c + 1)
    if last is None or next_nonblank(lines, last + 1) is not None:
        return False
    old, edited, new = (_TRAIL.search(line.rstrip()).group() for line in (original[o], lines[c], lines[last]))
    return bool(old.strip()) and old == new != edited and indent_of(lines[last]) == indent_of(lines[c])


def _edited_form(line: str, old: str, neighbour: str) -> bool:
    """``line`` reads as an edit of ``old``: similar enough, and more like it than like the anchored
    line beside it. In a list of like lines (stylesheet links, options, imports) a new line
    resembles every sibling, and is an addition there, not an edit of the next one."""
    similarity = line_similarity(line, old)
    if similarity < FUZZY_EDGE and not _extends(line, old):
        return False
    return similarity > line_similarity(line, neighbour) + 0.05


_OPENER = re.compile(r"(?:[{(\[:]|\bthen|\bdo|\bfunction\s*\([^()]*\))$")  # (Lua's "..., function(err)")
EDITED_OPENER = 0.5  # similarity for an edited block opener whose body the marker below elides


def edited_opener(lines: list[str], c: int, old: str, marker_indent: int | None) -> bool:
    """The chunk's last line opens a block whose body the marker below elides (it is indented
    deeper), and the original line there opens a block too, at the same indentation with the same
    first word: ``if (str_contains($s, '%')) {`` for ``if (false !== strpos($s, '%')) {``. The
    elided body must follow an opener in the original, so the new line is that opener's edit. A
    marker at column 0 below an indented line says nothing of depth (agents write them there for
    any stretch): the body follows the opener either way."""
    line = lines[c]
    if marker_indent is None or next_nonblank(lines, c + 1) is not None:
        return False
    width = len(indent_of(line).expandtabs(4))
    return (
        (marker_indent > width or marker_indent == 0 < width)
        and indent_of(line) == indent_of(old)
        and first_word(line) == first_word(old)
        and bool(_OPENER.search(line.rstrip()))
        and bool(_OPENER.search(old.rstrip()))
        and line_similarity(line, old) >= EDITED_OPENER
    )


def _extends(line: str, old: str) -> bool:
    """``if self.found.is_none() && self.key == key {`` for ``if self.key == key {``: the same
    indentation, the same first word, and all of the old line's code (12 characters or more) still
    there at the new line's end."""
    a, b = norm(line), norm(old)
    return (
        len(b) >= 12
        and a != b
        and a.endswith(b[len(first_word(b)) :])
        and first_word(a) == first_word(b)
        and indent_of(line) == indent_of(old)
    )
