"""Where chunks with no anchor of their own go: taken from their neighbours and the block the
marker before them elides (its closing lines, its tail, the end of the definition it is in)."""

from __future__ import annotations

from fastapply.merge.place.pairs import FUZZY_EDGE, few_unshown
from fastapply.merge.snippet.chunks import Chunk, block_end, closing_only, find_run, open_bracket_close
from fastapply.merge.text.lines import indent_of, indent_width
from fastapply.merge.text.normal import is_distinctive, is_preamble_line, keyword_definition, line_similarity, norm
from fastapply.merge.text.syntax import innermost_definition


def place_unanchored(plans, orig: list[str], problems: list[str], defs=(), lang=None) -> None:
    """Insertion points for chunks with no anchor of their own, taken from their neighbours
    (`plans` are merge.Plan, in snippet order; those with `start` None are placed here)."""
    anchored = [plan for plan in plans if plan.start is not None]
    _place_each(plans, anchored, orig, problems, defs, lang)
    last = plans[-1] if plans else None
    if last is not None and all(last is not p and p.start < last.end for p in anchored):
        last.end = _through_closers(last.chunk, orig, last.end)


def _place_each(plans, anchored, orig: list[str], problems: list[str], defs, lang) -> None:
    """Each chunk with no anchor placed by its neighbours, in snippet order."""
    n = len(orig)
    for k, plan in enumerate(plans):
        if plan.start is not None:
            continue
        # Its neighbours: the chunk the snippet shows right before it (also one shown out of file
        # order) and the first anchored chunk below that one in the file.
        prev_end = next((p.end for p in reversed(plans[:k]) if p.end is not None), 0)
        following = min((p for p in anchored if p.start >= prev_end), key=lambda p: p.start, default=None)
        chunk = plan.chunk
        closing = _closing_lines(chunk, orig, prev_end, following.start if following else n)
        if closing is not None:  # "}" after a marker: the brace that closes the elided block
            plan.start, plan.end, plan.lines = (
                closing,
                closing + len(chunk.lines),
                orig[closing : closing + len(chunk.lines)],
            )
            continue
        tail = _after_block_tail(chunk, orig, prev_end, following.start if following else n)
        if tail is not None:  # "return" and "}" ending the block a marker elided, then new code
            plan.start, plan.end = tail
            continue
        after = _after_elided_body(plans[:k], chunk, orig, defs)
        if after is not None and (following is None or after <= following.start):
            # "def __init__(...):", a marker for its body, then a new method at the same indentation:
            # it goes after that body, not inside it
            plan.start = plan.end = after
            if chunk.blank_before and after > 0 and orig[after - 1].strip():
                # as many blank lines as the snippet shows between the two (two between Python
                # functions, one between methods)
                plan.lines = [""] * min(chunk.blank_lines_before, 2) + plan.lines
            continue
        prev_start = next((p.start for p in reversed(plans[:k]) if p.end is not None), 0)
        close = _enclosing_close(chunk, orig, prev_start, prev_end, defs, lang)
        if close is not None and (following is None or close < following.start):
            # new members, then the "}" of the block the previous chunk opened: they go at its end;
            # closing lines the chunk opens with are the ones right above that "}", not new code
            closers = 0
            while closers < len(chunk.lines) - 1 and closing_only(chunk.lines[closers : closers + 1]):
                closers += 1
            lead = next(
                (
                    k
                    for k in range(closers, 0, -1)
                    if close - k >= prev_end and orig[close - k : close] == chunk.lines[:k]
                ),
                0,
            )
            if not closers and close - 1 >= prev_end and _edited_last_member(chunk.lines[0], orig[close - 1]):
                lead = 1
            plan.start, plan.end = close - lead, close + 1
            if chunk.blank_before and orig[close - 1].strip():
                plan.lines = [""] + plan.lines
            continue
        reopened = _closed_then_new(chunk, orig, prev_start, prev_end, defs, lang)
        if reopened is not None and (following is None or reopened < following.start):
            # "};" closing the definition whose body a marker elided, then new code: the closer is
            # that definition's own, the new code goes after it
            plan.start, plan.end = reopened, reopened + 1
            continue
        if not chunk.marker_before and k == 0:
            pos = 0
            problems.append("first chunk matches nothing: inserted at the file start")
        elif not chunk.marker_after and following is None:
            pos = n
            while pos > prev_end and not orig[pos - 1].strip():
                pos -= 1
            if closing_only(chunk.lines):
                problems.append(f"chunk {k + 1} closes a block that is not open at the file end")
            elif _shown_earlier(chunk.lines, orig, prev_end):
                problems.append(
                    f"chunk {k + 1} repeats code that stands earlier in the file: appended at the end, out of order"
                )
        elif following is not None:
            pos = following.start
            if not closing_only(following.chunk.lines[:1]):
                problems.append(f"chunk {k + 1} matches nothing: inserted before the next anchored chunk")
        else:
            pos = prev_end
            problems.append(f"chunk {k + 1} matches nothing: inserted after the previous anchored chunk")
        lines = list(plan.lines)
        if chunk.blank_before and pos > 0 and orig[pos - 1].strip():
            lines.insert(0, "")
        if chunk.blank_after and pos < n and orig[pos].strip() and not closing_only([orig[pos]]):
            lines.append("")
        plan.start = plan.end = pos
        plan.lines = lines


def _through_closers(chunk: Chunk, orig: list[str], end: int) -> int:
    """Where the snippet's last chunk, placed with no anchor and nothing anchored below it, ends in
    the original: past the file's last lines when they only close blocks, as the chunk's own last
    lines do (a class's ``}`` after its new method), so that they stand once; ``end`` otherwise."""
    if chunk.marker_after:
        return end
    rest = [norm(line) for line in orig[end:] if line.strip()]
    shown = [norm(line) for line in chunk.lines if line.strip()]
    if rest and len(rest) < len(shown) and shown[-len(rest) :] == rest and closing_only(orig[end:]):
        return len(orig)
    return end


def anchored_inside_new_definition(before, chunk: Chunk, orig: list[str], defs, pairs, lang) -> bool:
    """Whether a chunk that opens with a new definition after an elided body (`_after_elided_body`)
    has its first anchor inside that definition. The definition's lines are new code: a common line
    of it ("return True") that also stands somewhere below would carry the definition there, so
    such a chunk is placed as unanchored, after the body."""
    if not pairs or _after_elided_body(before, chunk, orig, defs) is None:
        return False
    lines = chunk.lines
    header = 0
    while header + 1 < len(lines) and is_preamble_line(lines[header]):
        header += 1  # its doc comment, decorators and annotations
    if any(norm(line) == norm(lines[header]) for line in orig):
        return False  # the header is the original's: an existing definition shown again
    end = block_end(lines, header, lang, True)
    return pairs[0][0] <= (len(lines) - 1 if end is None else end)


def _after_elided_body(before, chunk: Chunk, orig: list[str], defs) -> int | None:
    """Where a chunk goes whose first line opens a definition at the indentation of the header that
    ends the previous chunk, when the marker between them (indented deeper) elides that header's
    body: right after the body's last line in the original; None otherwise."""
    prev = next((p for p in reversed(before) if p.end is not None), None)
    if prev is None or not prev.pairs or not prev.chunk.marker_after or not chunk.lines:
        return None
    last_c, last_o = prev.pairs[-1]
    if last_c != len(prev.chunk.lines) - 1:
        return None  # the previous chunk does not end on an anchored line
    width = indent_width(orig[last_o])
    if (prev.chunk.indent_after or 0) <= width or indent_width(chunk.lines[0]) != width:
        return None
    if not (chunk.lines[0].lstrip().startswith("@") or keyword_definition(chunk.lines[0])):
        return None  # a decorator or a definition opens the chunk
    # the header, or its last line when the previous chunk shows it spread over lines ("def f(",
    # the parameters, ") -> T:")
    shown = {o for _, o in prev.pairs}
    held = [
        d
        for d in defs
        if d.header <= last_o <= d.end
        and last_o - d.header <= SIGNATURE_LINES
        and indent_width(orig[d.header]) == width
        and shown.issuperset(range(d.header, last_o + 1))
    ]
    return max(held, key=lambda d: d.header).end + 1 if held else None


SIGNATURE_LINES = 12  # a longer header is not one the snippet spreads over lines


def _closing_lines(chunk: Chunk, orig: list[str], lo: int, hi: int) -> int | None:
    """Where a chunk of closing brackets only stands in orig[lo:hi]: the first run of lines equal to
    it, indentation included; None when the chunk is not closing-only or no such run exists."""
    if not closing_only(chunk.lines) or not chunk.marker_before:
        return None
    return find_run(orig, chunk.lines, range(lo, hi - len(chunk.lines) + 1))


TAIL_STATEMENTS = 2  # lines a chunk may show of an elided block's end before the block's closing line


def _after_block_tail(chunk: Chunk, orig: list[str], lo: int, hi: int) -> tuple[int, int] | None:
    """Where a chunk goes that opens with the last lines of the block a marker elided ("return",
    then the "}" less indented than it), found nowhere else: from the first such run in
    orig[lo:hi] to the original line its own last line closes (the same closing line, the first
    one after the run), when at most one distinctive original line in between is not shown (the
    code its new lines replace). None when the chunk does not open that way or the run is absent."""
    lines = chunk.lines
    if not chunk.marker_before or not lines or not lines[0].strip() or closing_only(lines[:1]):
        return None
    depth = indent_of(lines[0])
    end = next(
        (
            c
            for c, line in enumerate(lines[: TAIL_STATEMENTS + 1])
            if not line.strip() or (closing_only([line]) and indent_of(line) < depth)
        ),
        None,
    )
    if end is None or not lines[end].strip():
        return None
    tail = lines[: end + 1]
    start = find_run(orig, tail, range(lo, hi - len(tail) + 1))
    if start is None:
        return None
    last = next((line for line in reversed(lines) if line.strip()), "")
    if not chunk.marker_after or len(lines) == len(tail) or not closing_only([last]):
        return start, start + len(tail)  # the new lines go right after the block's end
    stop = next((i for i in range(start + len(tail), hi) if orig[i] == last), None)
    if stop is None or not few_unshown(lines, orig, start + len(tail), stop, allowed=1):
        return None
    return start, stop + 1


def _enclosing_close(chunk: Chunk, orig: list[str], before: int, after: int, defs, lang) -> int | None:
    """The closing line the previous chunk left open (`_left_open`), when this chunk, after a
    marker, ends with that very line."""
    if not chunk.marker_before or after <= 0 or closing_only(chunk.lines):
        return None
    last = next((line for line in reversed(chunk.lines) if line.strip()), "")
    if not closing_only([last]):
        return None
    end = _left_open(orig, before, after, defs, lang)
    return end if end is not None and orig[end].rstrip() == last.rstrip() else None


def _closed_then_new(chunk: Chunk, orig: list[str], before: int, after: int, defs, lang) -> int | None:
    """The closing line the previous chunk left open (`_left_open`), when this chunk, after a
    marker, opens with that very line and goes on with new code; None otherwise."""
    if not chunk.marker_before or after <= 0 or not closing_only(chunk.lines[:1]) or closing_only(chunk.lines):
        return None
    end = _left_open(orig, before, after, defs, lang)
    return end if end is not None and end >= after and orig[end].rstrip() == chunk.lines[0].rstrip() else None


def _left_open(orig: list[str], before: int, after: int, defs, lang) -> int | None:
    """The closing line of the innermost definition that the previous chunk (original lines
    [before, after)) left open, or else of the bracket it left open; None when there is none."""
    d = innermost_definition(defs, after - 1)
    return d.end if d is not None else open_bracket_close(orig, before, after, lang)


def _edited_last_member(line: str, old: str) -> bool:
    """The chunk opens with the block's last member edited (``outInBounce = outInBounce`` took a
    comma before the new members): same indentation, not the same text, much alike."""
    return (
        indent_of(line) == indent_of(old) and line.rstrip() != old.rstrip() and line_similarity(line, old) >= FUZZY_EDGE
    )


def _shown_earlier(lines: list[str], orig: list[str], end: int) -> bool:
    """Whether most of the chunk's distinctive lines are original lines before `end`."""
    before = {norm(line) for line in orig[:end]}
    keys = [norm(line) for line in lines if is_distinctive(norm(line))]
    return bool(keys) and sum(key in before for key in keys) * 2 > len(keys)
