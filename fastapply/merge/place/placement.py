"""Where one chunk goes: its alignment refined with the syntax tree and the snippet's edges."""

from __future__ import annotations

import os
import re

from fastapply.merge.place.anchor import Alignment, align
from fastapply.merge.place.edges import pin_edges
from fastapply.merge.place.ends import (
    pair_block_end,
    pair_enclosing_end,
    pair_last_line,
    pair_leading_closers,
    pair_line_above,
    pair_preamble,
    pair_whole_block,
    unpair_new_group_opener,
)
from fastapply.merge.place.pairs import first_word, header_keyword, monotonic
from fastapply.merge.place.siblings import unpair_new_siblings
from fastapply.merge.snippet.chunks import Chunk, block_end, closing_only
from fastapply.merge.text.languages import INDENT_LANGUAGES
from fastapply.merge.text.lines import indent_width as _width
from fastapply.merge.text.normal import line_similarity, norm
from fastapply.merge.text.syntax import Definition, string_interiors

EDITED_FORM = 0.8  # similarity at which a new line reads as the edited form of an original one

_ASSIGNED = {"lexical_declaration", "expression_statement"}  # definitions that assign a name


def pair_renamed_headers(chunk: Chunk, pairs, defs: list[Definition], original, lo: int, kept=()):
    """Pair a chunk line with an original definition header when the signature was edited.

    The line must name the definition (``name(`` / ``name<``), start with the same keyword (past
    its modifiers),
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
        # "name(" for a function; also "name =" for one assigned (const name = (...) => ...)
        opener = r"\s*(?:[(<\[{:]|=(?!=))" if d.kind in _ASSIGNED else r"\s*[(<\[{:]"
        pattern = re.compile(r"(?<![\w.])" + re.escape(d.name.split()[-1]) + opener)
        header = original[d.header]
        hits = [
            j
            for j, line in enumerate(chunk.lines)
            if j not in paired_chunk and c_lo < j < c_hi and _same_kind(line, header, pattern)
        ]
        # ... in order with a header kept where it stands (``_header_kept_for_marker``)
        if len(hits) == 1 and all((c < hits[0]) == (o < d.header) for c, o in kept):
            added.append((hits[0], d.header))
    return monotonic(added)


def _same_kind(line: str, header: str, name: re.Pattern) -> bool:
    r"""Whether a chunk line that says a definition's ``name`` heads the same kind of definition as
    the original ``header``: the same first word, or the same past a modifier added or dropped
    ("public static int f(" for "static int f(") where it stands at the header's width and declares
    the name (no ``=`` before it: ``x = f(`` calls it).

    >>> _same_kind("    public static int f(int a) {", "    static int f(int a) {", re.compile(r"f\("))
    True
    >>> _same_kind("    public static T x = f(null);", "    private static T f(int a) {", re.compile(r"f\("))
    False
    """
    if first_word(line) == first_word(header):
        return bool(name.search(line))
    found = name.search(line)
    return (
        found is not None
        and "=" not in line[: found.start()]
        and _width(line) == _width(header)
        and header_keyword(line) == header_keyword(header)
    )


def extend_definitions(chunk: Chunk, pairs, defs: list[Definition], language: str | None, original: list[str]):
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
        closes = (
            not chunk.marker_after
            or (chunk.indent_after or 0) <= indent
            or (language in INDENT_LANGUAGES and indent == 0 and chunk.blank_lines_after >= 2)
        )
        end = block_end(chunk.lines, header_chunk, language, closes)
        if end is None:
            continue
        if language in INDENT_LANGUAGES and stops_inside_body(chunk.lines, pairs, header_chunk, end, d, original):
            # the chunk's last lines edit old body lines in place: they replace those lines
            pairs = monotonic(pairs + edited_tail(chunk.lines, pairs, d, original))
            continue
        start = max(0, header_chunk - (d.header - d.start))
        extents.append((start, end, d))
    for start, end, d in extents:
        # The definitions' last lines pair with each other, whatever inner line the chunk's last
        # line matched ("return x" also ends an old branch above the old body's "return None");
        # a header that is also the chunk's last line (its body elided) stays paired as a header.
        inside = [
            (c, o) for c, o in pairs if (start <= c <= end) == (d.start <= o <= d.end) and (c != end or o == d.header)
        ]
        pairs = monotonic(inside + [(end, d.end)])
    return pairs, [d for _, _, d in extents]


_TERMINAL = re.compile(r"^(return|raise|throw|yield|continue|break)\b")
_GUARD = re.compile(r"^(if|elif)\b")


def stops_inside_body(lines: list[str], pairs, header: int, end: int, d: Definition, original: list[str]) -> bool:
    """Whether a chunk that shows an indentation-block definition's header (Python) stops partway
    through its body rather than rewriting it whole, where nothing closes the block but the
    chunk's end: its last line is an old body line that is not the body's last, or the edited form
    of one (the lines after its last anchor each edit the original line in their place), or
    everything the chunk adds after the header is a guard (``if x is None:`` and a body that ends
    in ``return``, ``raise``, ``continue`` or ``break``). The code after the chunk then stays, as
    the snippet did not show it removed.

    >>> d = Definition("f", "function_definition", 0, 0, 3)
    >>> original = ["def f(s):", "    t = s.strip()", "    u = t.lower()", "    return u"]
    >>> stops_inside_body(["def f(s):", "    t = s.strip()"], [(0, 0), (1, 1)], 0, 1, d, original)
    True
    >>> stops_inside_body(["def f(s):", "    t = s.strip()  # trimmed"], [(0, 0)], 0, 1, d, original)
    True
    >>> stops_inside_body(["def f(s):", "    t = s.rstrip()"], [(0, 0)], 0, 1, d, original)
    True
    >>> stops_inside_body(["def f(s):", "    return s"], [(0, 0)], 0, 1, d, original)
    False
    """
    if end != len(lines) - 1 or end <= header:
        return False
    body = [k for k in range(header + 1, end + 1) if lines[k].strip()]
    if not body:
        return False
    base = _width(lines[body[0]])
    if _width(lines[end]) == base and _TERMINAL.match(lines[end].strip()):
        return False  # the body ends with its own return: the old rest is replaced
    last_pair = next((o for c, o in pairs if c == end), None)
    if last_pair is not None:
        return d.header < last_pair < d.end  # it stops on an old line that is not the body's last
    paired = {c for c, _ in pairs}
    new = [k for k in body if k not in paired]
    if not new or len(new) != len([k for k in body if k >= new[0]]):
        return False  # old lines after the new ones: the chunk rewrites the body as it goes
    if edited_tail(lines, pairs, d, original):
        return True
    guard = new[0]
    return (
        _GUARD.match(lines[guard].strip()) is not None
        and lines[guard].rstrip().endswith(":")
        and all(_width(lines[k]) > _width(lines[guard]) for k in new[1:])
        and _TERMINAL.match(lines[new[-1]].strip()) is not None
    )


def edited_tail(lines: list[str], pairs, d: Definition, original: list[str]) -> list[tuple[int, int]]:
    """(chunk line, original line) for the chunk's last lines when, none of them anchored, they
    edit one for one the body lines that follow its last anchor in the original, and the body goes
    on after the last of them; [] otherwise."""
    last = max(pairs, default=None)
    new = [k for k in range(last[0] + 1, len(lines)) if lines[k].strip()] if last else []
    if not new or not d.header <= last[1] < d.end:
        return []
    old = [t for t in range(last[1] + 1, d.end + 1) if original[t].strip()][: len(new)]
    if len(old) == len(new) and old[-1] < d.end and all(_edits(lines[k], original[t]) for k, t in zip(new, old)):
        return list(zip(new, old))
    return []


def _edits(new: str, old: str) -> bool:
    """Whether `new` reads as `old` edited: much alike, or `old` with something added at its end
    (a trailing comment, one more argument)."""
    return line_similarity(new, old) >= EDITED_FORM or norm(new).startswith(norm(old)[:-1])


def place_chunk(
    chunk: Chunk, original: list[str], lo: int, defs: list[Definition], language: str | None, first: bool, last: bool
) -> tuple[Alignment, list[Definition]]:
    """Alignment of one chunk against original[lo:], refined by definitions and edges."""
    alignment = _text_not_anchored(chunk, original, align(chunk.lines, original, lo, len(original)), language)
    alignment, kept = _header_kept_for_marker(chunk, original, lo, alignment)
    if not alignment.pairs or alignment.weak:
        changed = pair_changed_lines(chunk, original, lo)
        if changed:  # only edited lines, each the unique new form of one original line
            return Alignment(changed), []
    pairs = alignment.pairs if not alignment.weak else []
    by_name = set(pairs)
    pairs = pair_renamed_headers(chunk, pairs, defs, original, lo, kept)
    by_name = set(pairs) - by_name  # headers paired by the definition's name alone
    replaced: list[Definition] = []
    if pairs:
        pairs, replaced = extend_definitions(chunk, pairs, [d for d in defs if d.start >= lo], language, original)
    unpinned = pairs
    pairs = pin_edges(chunk, pairs, original, first, last, lo)
    pairs = unpair_new_group_opener(chunk, pairs, language)
    pairs = pair_leading_closers(chunk, pairs, original, lo, defs)
    pairs = pair_line_above(chunk, pairs, original, lo)
    pairs = pair_preamble(chunk, pairs, original, lo)
    pairs = pair_last_line(chunk, pairs, original)
    pairs = pair_block_end(chunk, pairs, original)
    pairs = pair_whole_block(chunk, pairs, original)
    pairs = pair_enclosing_end(chunk, pairs, original, defs, language)
    pairs = unpair_new_siblings(chunk, pairs, defs, original, language)
    if not pairs:  # only short common lines matched (or nothing): the caller decides
        return Alignment(alignment.pairs, ambiguous=True, weak=alignment.weak), replaced
    # Tied to the file's start or end: the position is certain even if the lines are common.
    pinned_only = not unpinned
    # Matching definition names settle an otherwise ambiguous spot (a definition replaced, or a
    # header edited but for its name), but not a crossing alignment: that one pairs the chunk's
    # lines out of order, so the span itself is wrong.
    named = bool(replaced) or bool(by_name & set(pairs))
    ambiguous = alignment.crossing or (alignment.ambiguous and not named and not pinned_only)
    return Alignment(pairs, ambiguous=ambiguous, crossing=alignment.crossing), replaced


def _text_not_anchored(chunk: Chunk, original: list[str], alignment: Alignment, language: str | None) -> Alignment:
    """The alignment without the pairs of lines inside a multi-line string that a new line opens,
    when most of its lines are new (a help text's ``    # INVALID`` in a new Go raw string, also in
    an old one): what a new string says is text, which anchors nothing; [] pairs when nothing else
    anchors the chunk."""
    if not alignment.pairs:
        return alignment
    inside = string_interiors("\n".join(chunk.lines), language)
    if not inside:
        return alignment
    known = {norm(line) for line in original}
    paired = {c for c, _ in alignment.pairs}
    text: dict[int, list[int]] = {}  # a new line opening a string -> the string's other lines
    for row, opener in inside.items():
        if norm(chunk.lines[opener]) not in known and chunk.lines[row].strip():
            text.setdefault(opener, []).append(row)
    # a string the file holds for the most part (its opening line reworded) is old text, which anchors
    dropped = {row for rows in text.values() if 2 * sum(r in paired for r in rows) < len(rows) for row in rows}
    pairs = [(c, o) for c, o in alignment.pairs if c not in dropped]
    if len(pairs) == len(alignment.pairs):
        return alignment
    return Alignment(pairs, ambiguous=alignment.ambiguous, weak=alignment.weak, crossing=alignment.crossing)


def _header_kept_for_marker(chunk: Chunk, original: list[str], lo: int, alignment: Alignment):
    """An alignment that went past the chunk's last line's original, redone with that line on it: a
    header (a line that opens a block) the marker below elides the body of, which the file holds
    once below ``lo``. Returns (the alignment, [the header's pair] when it was redone, else []).

    Only the header's own body can stand for that marker, so the header is where the file has it and
    what the chunk shows above it anchors above it. Worked example (``wait`` moved up above
    ``throttle_success``, whose body is elided)::

        chunk: ...allow_request's tail / def wait(self): ... / def throttle_success(self):  + marker
        crossing: wait's lines paired with the file's wait, below throttle_success (header unpaired)
        redone:   the tail paired above, wait new, throttle_success's header paired, its body kept
    """
    rows = [c for c, line in enumerate(chunk.lines) if line.strip()]
    if not rows or not chunk.marker_after or chunk.indent_after is None:
        return alignment, []
    last = rows[-1]
    header = norm(chunk.lines[last])
    if not header.endswith((":", "{")) or chunk.indent_after <= _width(chunk.lines[last]):
        return alignment, []
    if any(c == last for c, _ in alignment.pairs):
        return alignment, []
    hits = [o for o in range(lo, len(original)) if norm(original[o]) == header]
    if len(hits) != 1 or not any(o > hits[0] for _, o in alignment.pairs):
        return alignment, []  # (below every pair, the header is paired in order, or written anew)
    above = align(chunk.lines[:last], original, lo, hits[0]) if last else Alignment()
    if above.weak or (last and not above.pairs):
        return alignment, []
    pinned = [(last, hits[0])]
    return Alignment(above.pairs + pinned, ambiguous=above.ambiguous, crossing=above.crossing), pinned


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
