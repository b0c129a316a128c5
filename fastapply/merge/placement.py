"""Where one chunk goes: its alignment refined with the syntax tree and the snippet's edges."""

from __future__ import annotations

import os
import re

from fastapply.merge.anchor import Alignment, align, is_distinctive, line_similarity, norm
from fastapply.merge.chunks import (Chunk, balanced_group, block_end, closes_outer_block, closing_only, find_run,
                                    indent_of)
from fastapply.merge.languages import INDENT_LANGUAGES
from fastapply.merge.syntax import Definition

FUZZY_EDGE = 0.75  # similarity for pairing an edited line at a chunk's edge with its old form
_ALNUM_RE = re.compile(r"\w")  # lines with a word in them (not a bare "}")


def _monotonic(pairs: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Pairs sorted by chunk line with any pair that breaks original-line order dropped."""
    result: list[tuple[int, int]] = []
    for c, o in sorted(set(pairs)):
        if result and (o <= result[-1][1] or c == result[-1][0]):
            continue
        result.append((c, o))
    return result


def _first_word(line: str) -> str:
    match = re.match(r"\s*([\w@#]+)", line)
    return match.group(1) if match else ""


def pair_renamed_headers(chunk: Chunk, pairs, defs: list[Definition], original, lo: int):
    """Pair a chunk line with an original definition header when the signature was edited.

    The line must name the definition (``name(`` / ``name<``), start with the same keyword,
    and the name must be unique among the original's definitions after `lo`.
    """
    paired_orig = {o for _, o in pairs}
    paired_chunk = {c for c, _ in pairs}
    headers: dict[str, list[int]] = {}  # name -> headers of its definitions after `lo`
    for d in defs:
        if d.start >= lo:
            headers.setdefault(d.name, []).append(d.header)
    text = "\n".join(chunk.lines)
    added = list(pairs)
    for d in defs:
        if d.start < lo or d.header in paired_orig or d.name.split()[-1] not in text:
            continue  # (the last test keeps this linear in a large file: most names are not in the chunk)
        # Unique after `lo`, or unique between the pairs around it (visitFileFailed in each of
        # several visitors: the one between the chunk's neighbouring anchors).
        c_lo, c_hi = -1, len(chunk.lines)
        if len(headers[d.name]) != 1:
            below = [(c, o) for c, o in pairs if o < d.header]
            above = [(c, o) for c, o in pairs if o > d.header]
            if not below or not above:
                continue
            (c_lo, o_lo), (c_hi, o_hi) = below[-1], above[0]
            if sum(1 for h in headers[d.name] if o_lo < h < o_hi) != 1:
                continue
        pattern = re.compile(r"(?<![\w.])" + re.escape(d.name.split()[-1]) + r"\s*[(<\[{:]")
        keyword = _first_word(original[d.header])
        hits = [j for j, line in enumerate(chunk.lines) if j not in paired_chunk and c_lo < j < c_hi
                and pattern.search(line) and _first_word(line) == keyword]
        if len(hits) == 1:
            added.append((hits[0], d.header))
    return _monotonic(added)


def extend_definitions(chunk: Chunk, pairs, defs: list[Definition], language: str | None):
    """Make a chunk that holds a whole definition cover that definition in the original.

    When a chunk line pairs with a definition's header and the chunk closes that definition,
    the chunk's definition replaces the original one entirely: pairs that would leak across
    the definition's boundary are dropped and the closing lines are paired with each other.
    """
    extents: list[tuple[int, int, Definition]] = []
    by_orig = dict((o, c) for c, o in pairs)
    for d in defs:
        header_chunk = by_orig.get(d.header)
        if header_chunk is None:
            continue
        indent = len(chunk.lines[header_chunk]) - len(chunk.lines[header_chunk].lstrip())
        # The marker below stands for code after the definition when it is no deeper than the
        # header, or (Python) when two blank lines, a top-level separation, stand before it.
        closes = not chunk.marker_after or (chunk.indent_after or 0) <= indent or (
            language in INDENT_LANGUAGES and indent == 0 and chunk.blank_lines_after >= 2)
        end = block_end(chunk.lines, header_chunk, language, closes)
        if end is None:
            continue
        start = max(0, header_chunk - (d.header - d.start))
        extents.append((start, end, d))
    for start, end, d in extents:
        # The definitions' last lines pair with each other, whatever inner line the chunk's last
        # line matched ("return x" also ends an old branch above the old body's "return None");
        # a header that is also the chunk's last line (its body elided) stays paired as a header.
        inside = [(c, o) for c, o in pairs if (start <= c <= end) == (d.start <= o <= d.end)
                  and (c != end or o == d.header)]
        pairs = _monotonic(inside + [(end, d.end)])
    return pairs, [d for _, _, d in extents]


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
        if lines[0].rstrip() == original[head].rstrip() or (
                not pairs or pairs[0][0] > 0) and line_similarity(lines[0], original[head]) >= FUZZY_EDGE:
            if not pairs or pairs[0][1] > head:
                pairs = _monotonic([(0, head)] + [p for p in pairs if p[0] > 0])
    if last and not chunk.marker_after:
        tail = nonblank[-1]
        if _same_ending(lines, original, nonblank) and (
                not pairs or pairs[-1][1] <= tail and few_unshown(lines, original, pairs[-1][1] + 1, tail)):
            pairs = _monotonic([p for p in pairs if p[0] < len(lines) - 1] + [(len(lines) - 1, tail)])
    return _fuzzy_edges(lines, pairs, original, lo, chunk.indent_after if chunk.marker_after else None)


UNSHOWN_PIN = 3  # distinctive original lines a pin to the file's start/end may swallow unshown


def few_unshown(lines: list[str], original: list[str], lo: int, hi: int, allowed: int = UNSHOWN_PIN,
                resembling: float | None = None) -> bool:
    """Whether original[lo:hi] holds at most `allowed` distinctive lines the chunk does not show:
    tying a chunk's edge to the file's edge must not delete code the snippet never mentions. With
    `resembling`, a line that much like one of the chunk's counts as shown (in its edited form)."""
    shown = {norm(line) for line in lines}
    unshown = [i for i in range(lo, hi) if is_distinctive(norm(original[i])) and norm(original[i]) not in shown
               and (resembling is None or max(line_similarity(original[i], line) for line in lines) < resembling)]
    return len(unshown) <= allowed


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
        c, o = _prev_nonblank(lines, c - 1, 0), _prev_nonblank(original, o - 1, lo)
        if c is None or o is None or norm(lines[c]) != norm(original[o]) or not _ALNUM_RE.search(lines[c]):
            break
        pairs = [(c, o)] + pairs
    while True:
        c, o = pairs[-1]
        c, o = _next_nonblank(lines, c + 1), _next_nonblank(original, o + 1)
        if c is None or o is None or norm(lines[c]) != norm(original[o]) or not _ALNUM_RE.search(lines[c]):
            break
        pairs = pairs + [(c, o)]
    # Edited lines at the chunk's edge (a changed signature, a changed argument under a common
    # "return os.path.join(") pair with their old forms, with the identical lines among them, as
    # long as the chunk reaches its edge that way.
    walked, (c, o) = [], pairs[0]
    while True:
        c, o = _prev_nonblank(lines, c - 1, 0), _prev_nonblank(original, o - 1, lo)
        if c is None or o is None or not (norm(lines[c]) == norm(original[o]) or
                                          _edited_form(lines[c], original[o], lines[pairs[0][0]])):
            break
        walked.append((c, o))
    if walked and _prev_nonblank(lines, walked[-1][0] - 1, 0) is None:
        pairs = walked[::-1] + pairs
    walked, (c, o) = [], pairs[-1]
    while True:
        c, o = _next_nonblank(lines, c + 1), _next_nonblank(original, o + 1)
        if c is None or o is None or not (norm(lines[c]) == norm(original[o]) or
                                          _edited_form(lines[c], original[o], lines[pairs[-1][0]]) or
                                          _edited_opener(lines, c, original[o], marker_indent)):
            break
        walked.append((c, o))
    if walked and (_next_nonblank(lines, walked[-1][0] + 1) is None or _terminator_moved(lines, original, walked[-1])):
        pairs = pairs + walked
    return pairs


def pair_enclosing_end(chunk: Chunk, pairs, original: list[str], defs: list[Definition], language: str | None):
    """A chunk whose unpaired last line closes the innermost definition holding its last anchor
    (``};`` ending ``parseDate``, the marker below no deeper): that line pairs with the
    definition's own closing line, and the chunk's lines right above it with the original lines
    right above that one, as far as they agree (one of them more than a closer). The original
    lines between the last anchor and those are what the snippet shows gone: it shows the two
    sides next to each other."""
    lines = chunk.lines
    last = _last_nonblank(lines)
    if not pairs or last is None or last <= pairs[-1][0] or not closing_only([lines[last]]):
        return pairs
    if not closes_outer_block(lines[:last + 1], language):
        return pairs  # it closes a block of the chunk's own
    if chunk.marker_after and (chunk.indent_after or 0) > len(indent_of(lines[last]).expandtabs(4)):
        return pairs
    o_last = pairs[-1][1]
    holding = [d for d in defs if d.start <= o_last < d.end]
    if not holding:
        return pairs
    d = min(holding, key=lambda d: d.end - d.start)
    if original[d.end].rstrip() != lines[last].rstrip():
        return pairs
    added = [(last, d.end)]
    c, o = _prev_nonblank(lines, last - 1, 0), _prev_nonblank(original, d.end - 1, o_last + 1)
    while c is not None and o is not None and c > pairs[-1][0] and norm(lines[c]) == norm(original[o]):
        added.append((c, o))
        c, o = _prev_nonblank(lines, c - 1, 0), _prev_nonblank(original, o - 1, o_last + 1)
    if not any(is_distinctive(norm(lines[c])) for c, _ in added):
        return pairs  # only closers: nothing shows the code that ends the definition
    return pairs + added[::-1]


def pair_last_line(chunk: Chunk, pairs, original: list[str]):
    """New lines, then the line that stands right below the last anchor in the original (as it is,
    or as an edited block opener), then a marker: the new lines go above that line, which stays."""
    if not pairs or not chunk.marker_after:
        return pairs
    lines = chunk.lines
    c, o = _last_nonblank(lines), _next_nonblank(original, pairs[-1][1] + 1)
    if c is not None and c > pairs[-1][0] and o is not None and (
            lines[c].rstrip() == original[o].rstrip() or _edited_opener(lines, c, original[o], chunk.indent_after)):
        pairs = pairs + [(c, o)]
    return pairs


_TRAIL = re.compile(r"[^\w\s]*\s*[^\w\s]*$")


def _terminator_moved(lines: list[str], original: list[str], pair: tuple[int, int]) -> bool:
    """The chunk's last line is a new list item that took over the terminator of the edited line
    before it (``rnd_(0xdeadbeef) {`` became ``rnd_(0xdeadbeef),`` and then ``size_(0) {``): the
    edited line replaces its old form, and the new item follows it."""
    c, o = pair
    last = _next_nonblank(lines, c + 1)
    if last is None or _next_nonblank(lines, last + 1) is not None:
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


_OPENER = re.compile(r"(?:[{(\[:]|\bthen|\bdo)$")
EDITED_OPENER = 0.5  # similarity for an edited block opener whose body the marker below elides


def _edited_opener(lines: list[str], c: int, old: str, marker_indent: int | None) -> bool:
    """The chunk's last line opens a block whose body the marker below elides (it is indented
    deeper), and the original line there opens a block too, at the same indentation with the same
    first word: ``if (str_contains($s, '%')) {`` for ``if (false !== strpos($s, '%')) {``. The
    elided body must follow an opener in the original, so the new line is that opener's edit."""
    line = lines[c]
    if marker_indent is None or _next_nonblank(lines, c + 1) is not None:
        return False
    width = len(indent_of(line).expandtabs(4))
    return (marker_indent > width and indent_of(line) == indent_of(old) and _first_word(line) == _first_word(old)
            and bool(_OPENER.search(line.rstrip())) and bool(_OPENER.search(old.rstrip()))
            and line_similarity(line, old) >= EDITED_OPENER)


def _extends(line: str, old: str) -> bool:
    """``if self.found.is_none() && self.key == key {`` for ``if self.key == key {``: the same
    indentation, the same first word, and all of the old line's code (12 characters or more) still
    there at the new line's end."""
    a, b = norm(line), norm(old)
    return (len(b) >= 12 and a != b and a.endswith(b[len(_first_word(b)):]) and _first_word(a) == _first_word(b)
            and indent_of(line) == indent_of(old))


def _prev_nonblank(lines, i, lo):
    while i >= lo and not lines[i].strip():
        i -= 1
    return i if i >= lo else None


def _last_nonblank(lines):
    return _prev_nonblank(lines, len(lines) - 1, 0)


def _next_nonblank(lines, i):
    while i < len(lines) and not lines[i].strip():
        i += 1
    return i if i < len(lines) else None


def place_chunk(chunk: Chunk, original: list[str], lo: int, defs: list[Definition],
                language: str | None, first: bool, last: bool) -> tuple[Alignment, list[Definition]]:
    """Alignment of one chunk against original[lo:], refined by definitions and edges."""
    alignment = align(chunk.lines, original, lo, len(original))
    if not alignment.pairs or alignment.weak:
        changed = pair_changed_lines(chunk, original, lo)
        if changed:  # only edited lines, each the unique new form of one original line
            return Alignment(changed), []
    pairs = alignment.pairs if not alignment.weak else []
    pairs = pair_renamed_headers(chunk, pairs, defs, original, lo)
    replaced: list[Definition] = []
    if pairs:
        pairs, replaced = extend_definitions(chunk, pairs, [d for d in defs if d.start >= lo], language)
    unpinned = pairs
    pairs = pin_edges(chunk, pairs, original, first, last, lo)
    pairs = unpair_new_group_opener(chunk, pairs, language)
    pairs = pair_leading_closers(chunk, pairs, original, lo)
    pairs = pair_last_line(chunk, pairs, original)
    pairs = pair_enclosing_end(chunk, pairs, original, defs, language)
    if not pairs:  # only short common lines matched (or nothing): the caller decides
        return Alignment(alignment.pairs, ambiguous=True, weak=alignment.weak), replaced
    # Tied to the file's start or end: the position is certain even if the lines are common.
    pinned_only = not unpinned
    # Matching definition names settle an otherwise ambiguous spot, but not a crossing alignment:
    # that one pairs the chunk's lines out of order, so the span itself is wrong.
    ambiguous = alignment.crossing or (alignment.ambiguous and not replaced and not pinned_only)
    return Alignment(pairs, ambiguous=ambiguous, crossing=alignment.crossing), replaced


_KEY_END = re.compile(r"->|[=:{(,]")
MIN_KEY = 8  # characters a changed line must share with its old form, up to its "key" punctuation


def pair_changed_lines(chunk: Chunk, original: list[str], lo: int) -> list[tuple[int, int]]:
    """Pairs for a chunk of edited lines shown without context (``timeout = 30`` for ``timeout =
    10``): each line must equal an original line at or after `lo`, or share with exactly one such
    line a prefix that runs past its key punctuation (``=``, ``:``, ``{``, ``(``, ``,``, ``->``), in file
    order. [] when any line does not, so that new code is never read as an edit.
    """
    if closing_only(chunk.lines):
        return []  # a lone "}" is placed by the block it closes (merge.py), not by text
    normed = [(i, norm(original[i])) for i in range(lo, len(original)) if original[i].strip()]
    pairs: list[tuple[int, int]] = []
    last = lo - 1
    for c, line in enumerate(chunk.lines):
        key = norm(line)
        if not key:
            continue
        exact = [i for i, text in normed if text == key and i > last]
        if exact:
            pairs.append((c, exact[0]))
            last = exact[0]
            continue
        scored = [(len(os.path.commonprefix([key, text])), i) for i, text in normed if i > last]
        best = max((n for n, _ in scored), default=0)
        match = _KEY_END.search(key)
        if not match or best < max(MIN_KEY, match.end()):
            return []
        hits = [i for n, i in scored if n == best]
        if len(hits) != 1:
            return []
        pairs.append((c, hits[0]))
        last = hits[0]
    if not pairs or pairs[-1][1] - pairs[0][1] > 2 * len(pairs):
        return []  # scattered over the file: not one edited run
    return pairs


_ENDS_STATEMENT = (";", ",", "}", "]", "*/")


def unpair_new_group_opener(chunk: Chunk, pairs, language: str | None):
    """Unpair a chunk's last anchors when they are weak lines (a bare ``{`` of a list entry, the
    ``/**`` and `` *`` of a doc comment) that start the new code ending the chunk, before a marker:
    from there on the chunk opens and closes everything it opens, so it is new code inserted after
    the anchors before it. Read as an edit of what follows in the original (whose own ``{`` or
    ``/**`` the weak lines happened to match), it would leave that code's rest unbalanced."""
    if len(pairs) < 2 or not chunk.marker_after or _last_nonblank(chunk.lines) == pairs[-1][0]:
        return pairs
    weak = len(pairs)
    while weak > 1 and not is_distinctive(norm(chunk.lines[pairs[weak - 1][0]])):
        weak -= 1
    paired = {c for c, _ in pairs}
    for k in range(weak, len(pairs)):
        c = pairs[k][0]
        before = _prev_nonblank(chunk.lines, c - 1, 0)
        if before is None or not chunk.lines[before].rstrip().endswith(_ENDS_STATEMENT):
            continue  # "{" under "for (...)": the body of the line above, not a new group
        tail = [line for line in chunk.lines[c:] if line.strip()]
        new = [j for j in range(c, len(chunk.lines)) if j not in paired and is_distinctive(norm(chunk.lines[j]))]
        if new and balanced_group(tail, language):
            return pairs[:k]
    return pairs


def pair_leading_closers(chunk: Chunk, pairs, original: list[str], lo: int):
    """Pair the closing lines that open a chunk right after a marker ("};" ending the body the
    marker elided) with the nearest such lines of the original above the chunk's first anchor,
    indentation included, below the previous chunk."""
    if not chunk.marker_before or not pairs:
        return pairs
    lead = []
    for c, line in enumerate(chunk.lines):
        if c >= pairs[0][0] or not line.strip():
            break
        if not closing_only([line]):
            break
        lead.append(c)
    if not lead:
        return pairs
    # the nearest run above the anchor: no unshown code swallowed
    closers = [chunk.lines[c] for c in lead]
    o = find_run(original, closers, range(pairs[0][1] - len(lead), lo - 1, -1))
    if o is None:
        return _closers_before_anchors(lead, closers, pairs, original, lo)
    if not few_unshown(chunk.lines, original, o + len(lead), pairs[0][1], allowed=0):
        return pairs  # pairing there would delete code the chunk never shows
    return _monotonic([(c, o + k) for k, c in enumerate(lead)] + pairs)


def _closers_before_anchors(lead, closers, pairs, original, lo):
    """The chunk opens by closing the block a marker elided, yet its anchors lie inside that block
    ("return $this;" and "}" of a new method matching the elided method's own last lines): the
    closers pair with the first such run below the previous chunk, and anchors inside the elided
    block are dropped, since the chunk's code comes after its end."""
    o = find_run(original, closers, range(lo, len(original) - len(closers) + 1))
    if o is None or o <= pairs[0][1] - len(lead) or lo == 0:
        return pairs
    return _monotonic([(c, o + k) for k, c in enumerate(lead)] + [(c, p) for c, p in pairs if p >= o + len(lead)])


def same_text(a: list[str], b: list[str]) -> bool:
    return [norm(x) for x in a if x.strip()] == [norm(x) for x in b if x.strip()]
