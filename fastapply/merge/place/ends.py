"""Pairs where a chunk meets the code a marker elides: closers that end the elided block, the
line right below the last anchor, the end of the enclosing definition, the closer of a block shown
whole, and weak last anchors that open new code instead."""

from __future__ import annotations

from fastapply.merge.place.edges import edited_opener
from fastapply.merge.place.pairs import few_unshown, last_nonblank, monotonic, next_nonblank, prev_nonblank
from fastapply.merge.snippet.chunks import Chunk, balanced_group, closes_outer_block, closing_only, find_run
from fastapply.merge.text.lines import indent_of
from fastapply.merge.text.lines import indent_width as width
from fastapply.merge.text.normal import is_comment_line, is_distinctive, norm
from fastapply.merge.text.syntax import Definition, innermost_definition


def pair_enclosing_end(chunk: Chunk, pairs, original: list[str], defs: list[Definition], language: str | None):
    """A chunk whose unpaired last line closes the innermost definition holding its last anchor
    (``};`` ending ``parseDate``, the marker below no deeper): that line pairs with the
    definition's own closing line, and the chunk's lines right above it with the original lines
    right above that one, as far as they agree (one of them more than a closer). The original
    lines between the last anchor and those are what the snippet shows gone: it shows the two
    sides next to each other."""
    lines = chunk.lines
    last = last_nonblank(lines)
    if not pairs or last is None or last <= pairs[-1][0] or not closing_only([lines[last]]):
        return pairs
    if not closes_outer_block(lines[: last + 1], language):
        return pairs  # it closes a block of the chunk's own
    if chunk.marker_after and (chunk.indent_after or 0) > len(indent_of(lines[last]).expandtabs(4)):
        return pairs
    o_last = pairs[-1][1]
    d = innermost_definition(defs, o_last)
    if d is None or original[d.end].rstrip() != lines[last].rstrip():
        return pairs
    added = _closing_run(lines, original, pairs, last, d.end)
    # only closers: nothing shows the code that ends the definition, unless the snippet is one
    # fragment without markers that ends on them, two or more (the blocks still open at its last
    # anchor close there, each at its depth; below a marker, what the marker keeps is unknown)
    fragment = not chunk.marker_before and not chunk.marker_after
    if not any(is_distinctive(norm(lines[c])) for c, _ in added) and (not fragment or len(added) < 2):
        return pairs
    return pairs + added[::-1]


def pair_last_line(chunk: Chunk, pairs, original: list[str]):
    """New lines, then the line that stands right below the last anchor in the original (as it is,
    or as an edited block opener), then a marker: the new lines go above that line, which stays."""
    if not pairs or not chunk.marker_after:
        return pairs
    lines = chunk.lines
    c, o = last_nonblank(lines), next_nonblank(original, pairs[-1][1] + 1)
    if (
        c is not None
        and c > pairs[-1][0]
        and o is not None
        and (lines[c].rstrip() == original[o].rstrip() or edited_opener(lines, c, original[o], chunk.indent_after))
    ):
        pairs = pairs + [(c, o)]
    return pairs


def pair_line_above(chunk: Chunk, pairs, original: list[str], lo: int):
    """After a marker, a chunk that opens with the original line right above its first anchor,
    as written (``if (enter) {``, which stands twice in the file) or with a ``,`` after it (an
    enum's last entry continued for new entries), then new lines: that line pairs with the old
    one, and the new lines go between it and the anchor. Read as new, the old line stays above it
    under the marker, and the file holds it twice."""
    if not chunk.marker_before or not pairs:
        return pairs
    c = next_nonblank(chunk.lines, 0)
    o = prev_nonblank(original, pairs[0][1] - 1, lo)
    if c is None or o is None or c >= pairs[0][0]:
        return pairs
    line, old = chunk.lines[c].rstrip(), original[o].rstrip()
    if line != old and (line != old + "," or old.endswith(",")):
        return pairs
    return [(c, o)] + pairs


def pair_preamble(chunk: Chunk, pairs, original: list[str], lo: int):
    """After a marker, a chunk that opens with comment lines right above its first anchor, where the
    original has a comment block right above that line too, no longer than the chunk's: the
    chunk's comments are that block rewritten (``// Standard close codes (RFC 6455)`` for ``//
    Standard close codes`` above ``enum CloseCode``), paired line for line from the anchor up.
    Read as new, the old comment stays above them under the marker, parted from its definition."""
    if not chunk.marker_before or not pairs:
        return pairs
    c_first, o_first = pairs[0]
    head = [c for c in range(c_first) if chunk.lines[c].strip()]
    if not head or head != list(range(head[0], c_first)) or not all(is_comment_line(chunk.lines[c]) for c in head):
        return pairs
    block = []
    o = o_first - 1
    while o >= lo and original[o].strip() and is_comment_line(original[o]):
        block.insert(0, o)
        o -= 1
    if (
        not block
        or len(block) > len(head)
        or any(norm(chunk.lines[c]) == norm(original[b]) for c in head for b in block)
    ):
        return pairs  # (a comment shown as it is already anchors where it stands)
    return list(zip(head[len(head) - len(block) :], block)) + pairs


def pair_block_end(chunk: Chunk, pairs, original: list[str]):
    """A chunk whose last anchor opens a block (``if start > end {``) and which then shows only new
    lines, deeper, and the block's closer before a marker: the closer pairs with that block's own
    closing line in the original, so the old body between goes (the snippet shows the whole block,
    no marker inside it). Read otherwise, the new body and ``}`` land above the old body, which
    the marker keeps, and the block closes twice."""
    lines = chunk.lines
    last = last_nonblank(lines)
    if not pairs or not chunk.marker_after or last is None or last <= pairs[-1][0]:
        return pairs
    c_open, o_open = pairs[-1]
    if not _shown_whole(chunk, c_open, last):
        return pairs
    o_close = _block_close(original, o_open, lines[last])
    return pairs if o_close is None else pairs + [(last, o_close)]


def pair_whole_block(chunk: Chunk, pairs, original: list[str]):
    """A chunk that is one block shown whole: it opens on an anchored block opener (``if (!ok) {``),
    every line after it is deeper, and it ends on that block's closer, with no marker below that
    stands for more of the block. The closer pairs with the block's own closing line in the
    original, and the chunk's lines right above it with the original lines right above that one,
    as far as they agree: the old lines between the last anchor and those are what the block's
    rewrite replaced. Left unpaired, the new lines and the closer land below the last anchor, and
    the old rest of the block stays under them.

    >>> orig = ["f() {", "  if (!ok) {", "    throw new Error(", "      `old`", "    );", "  }", "}"]
    >>> chunk = Chunk(["  if (!ok) {", "    const why = w();", "    throw new Error(", "      `new ${why}`", "    );", "  }"], False, False, None)
    >>> pair_whole_block(chunk, [(0, 1), (2, 2)], orig)
    [(0, 1), (2, 2), (4, 4), (5, 5)]
    """
    lines = chunk.lines
    first, last = next_nonblank(lines, 0), last_nonblank(lines)
    if not pairs or first is None or last is None or pairs[0][0] != first or last <= pairs[-1][0]:
        return pairs
    if not _shown_whole(chunk, first, last):
        return pairs
    o_close = _block_close(original, pairs[0][1], lines[last])
    if o_close is None or o_close <= pairs[-1][1]:
        return pairs
    return pairs + _closing_run(lines, original, pairs, last, o_close)[::-1]


def _shown_whole(chunk: Chunk, c_open: int, last: int) -> bool:
    """Whether the chunk's lines from ``c_open`` to ``last`` are one block shown whole: a block
    opener, lines only deeper, and a closer at the opener's depth, with no marker below that
    stands for more of the block (one indented deeper)."""
    lines = chunk.lines
    depth = width(lines[c_open])
    return (
        lines[c_open].rstrip().endswith(("{", "(", "["))
        and closing_only([lines[last]])
        and width(lines[last]) == depth
        and all(width(line) > depth for line in lines[c_open + 1 : last] if line.strip())
        and not (chunk.marker_after and (chunk.indent_after or 0) > depth)
    )


def _closing_run(lines: list[str], original: list[str], pairs, last: int, o_close: int) -> list[tuple[int, int]]:
    """The chunk's ``last`` line paired with the original's ``o_close``, then the lines right above
    each, as far as they agree and stay below the last anchor: bottom first."""
    run = [(last, o_close)]
    c, o = prev_nonblank(lines, last - 1, 0), prev_nonblank(original, o_close - 1, pairs[-1][1] + 1)
    while c is not None and o is not None and c > pairs[-1][0] and norm(lines[c]) == norm(original[o]):
        run.append((c, o))
        c, o = prev_nonblank(lines, c - 1, 0), prev_nonblank(original, o - 1, pairs[-1][1] + 1)
    return run


def _block_close(original: list[str], o_open: int, closer: str) -> int | None:
    """The original's closing line of the block opened at ``o_open``: the first line after it no
    deeper than the opener, when it stands at the opener's depth and reads as ``closer``."""
    o_depth = width(original[o_open])
    o_close = next(
        (o for o in range(o_open + 1, len(original)) if original[o].strip() and width(original[o]) <= o_depth), None
    )
    if o_close is None or width(original[o_close]) != o_depth or norm(original[o_close]) != norm(closer):
        return None
    return o_close


_ENDS_STATEMENT = (";", ",", "}", "]", "*/")
_COMMENT_OPENERS = ("/**", "/*", "/*!", "<!--")


def unpair_new_group_opener(chunk: Chunk, pairs, language: str | None):
    """Unpair a chunk's last anchors when they are weak lines (a bare ``{`` of a list entry, the
    ``/**`` and `` *`` of a doc comment) that start the new code ending the chunk, before a marker:
    from there on the chunk opens and closes everything it opens, so it is new code inserted after
    the anchors before it. Read as an edit of what follows in the original (whose own ``{`` or
    ``/**`` the weak lines happened to match), it would leave that code's rest unbalanced."""
    if len(pairs) < 2 or last_nonblank(chunk.lines) == pairs[-1][0]:
        return pairs
    weak = len(pairs)
    while weak > 1 and not is_distinctive(norm(chunk.lines[pairs[weak - 1][0]])):
        weak -= 1
    paired = {c for c, _ in pairs}
    for k in range(weak, len(pairs)):
        c = pairs[k][0]
        before = prev_nonblank(chunk.lines, c - 1, 0)
        opens_comment = chunk.lines[c].strip() in _COMMENT_OPENERS  # never the body of the line above
        if before is None or not (chunk.lines[before].rstrip().endswith(_ENDS_STATEMENT) or opens_comment):
            continue  # "{" under "for (...)": the body of the line above, not a new group
        tail = [line for line in chunk.lines[c:] if line.strip()]
        new = [j for j in range(c, len(chunk.lines)) if j not in paired and is_distinctive(norm(chunk.lines[j]))]
        if new and balanced_group(tail, language):
            return pairs[:k]
    return pairs


def pair_leading_closers(chunk: Chunk, pairs, original: list[str], lo: int, defs: list[Definition] = ()):
    """Pair the closing lines that open a chunk right after a marker ("};" ending the body the
    marker elided) with the end of the definition the previous chunk left open when they are its
    last lines, else with the nearest such lines of the original above the chunk's first anchor,
    indentation included, below the previous chunk."""
    if not chunk.marker_before or not pairs:
        return pairs
    lead = []
    for c, line in enumerate(chunk.lines):
        if c >= pairs[0][0] or not line.strip() or not closing_only([line]):
            break
        lead.append(c)
    if not lead:
        return pairs
    closers = [chunk.lines[c] for c in lead]
    closing = _closing_elided_definition(lead, closers, pairs, chunk.lines, original, lo, defs)
    if closing is not None:
        return closing
    # the nearest run above the anchor: no unshown code swallowed
    o = find_run(original, closers, range(pairs[0][1] - len(lead), lo - 1, -1))
    if o is None:
        return _closers_before_anchors(lead, closers, pairs, original, lo)
    if not few_unshown(chunk.lines, original, o + len(lead), pairs[0][1], allowed=0):
        return pairs  # pairing there would delete code the chunk never shows
    return monotonic([(c, o + k) for k, c in enumerate(lead)] + pairs)


def _closing_elided_definition(lead, closers, pairs, lines, original: list[str], lo: int, defs):
    """Pairs for a chunk whose unpaired leading closing lines (chunk lines `lead`) are, as written,
    the last lines of the definition the previous chunk left open (it holds original line lo - 1):
    those lines, then the chunk's other anchors when no code the chunk never shows lies between
    (else they are chance matches further down: the new code follows the definition's end). None
    when the chunk does not open that way."""
    d = innermost_definition(defs, lo - 1) if lo > 0 else None
    if d is None or any(o <= d.end for _, o in pairs):
        return None  # anchored inside the definition: the closers end an inner block
    start = d.end - len(closers) + 1
    if start < lo or find_run(original, closers, [start]) != start:
        return None
    rest = [(c, o) for c, o in pairs if c > lead[-1]]
    closing = [(c, start + k) for k, c in enumerate(lead)]
    if rest and few_unshown(lines, original, d.end + 1, rest[0][1], allowed=0):
        return monotonic(closing + rest)
    return closing


def _closers_before_anchors(lead, closers, pairs, original, lo):
    """The chunk opens by closing the block a marker elided, yet its anchors lie inside that block
    ("return $this;" and "}" of a new method matching the elided method's own last lines): the
    closers pair with the first such run below the previous chunk, and anchors inside the elided
    block are dropped, since the chunk's code comes after its end."""
    o = find_run(original, closers, range(lo, len(original) - len(closers) + 1))
    if o is None or o <= pairs[0][1] - len(lead) or lo == 0:
        return pairs
    return monotonic([(c, o + k) for k, c in enumerate(lead)] + [(c, p) for c, p in pairs if p >= o + len(lead)])
