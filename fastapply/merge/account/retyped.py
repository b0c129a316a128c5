"""Context the snippet retyped from memory, found in the merged file: lines written in the place of
original lines that differ from them only in ways an agent's memory slips, which the instruction
does not ask for.

Agents retype the header above an elided body from memory and drop what they did not remember: a
header shown as ``int checkIndexOf(String str, ...)`` where the file has ``final String str``.
Taken literally, the snippet edits that header; a human reading the instruction would not. Which
one was meant, words cannot tell, so the file is flagged rather than served either way. Headers
that only lose words the instruction mentions ("drop the throws clause", "make it non-final") are
edits; so are other lines that lose words (``sum(v for v in values)`` → ``sum(values)`` simplifies
an expression), unless all they gain or lose is a modifier (``return await copyFile(...)`` for the
file's ``return copyFile(...)``: an agent's habit, and a change of meaning no one asked for).
Code lines respaced, one column off, without their ``;`` or with an increment moved are read by
``statements``; comment lines quoted from memory by ``quoted``. A single-spaced retype is no
change at all (the merge writes the original's spacing back, ``text.normal.retyped``).
"""

from __future__ import annotations

import re

from fastapply.merge.account.quoted import (
    DOC_TAG,
    TOKEN,
    WORD,
    articles_only,
    comment_cut,
    comment_like,
    comment_retouched,
    comments_reworded,
    punctuation_only,
)
from fastapply.merge.account.statements import (
    SPEAKS_OF_LAYOUT,
    column_off,
    quotes_only,
    spacing_only,
    statement_slip,
    trailing_lost,
    words_left_out,
)
from fastapply.merge.account.trace import gaps
from fastapply.merge.text.lines import indent_width as width
from fastapply.merge.text.normal import MODIFIERS, is_distinctive, norm


def _apart(old: str, m: int, stable: list[int], out: list[str]) -> bool:
    """Whether merged line ``m``, written for ``old`` one column off, left the width of the nearest
    ``stable`` lines (kept at their own width) above and below it that ``old`` shared: a retype,
    where a fix of a line one column off its block would join them."""
    above = [n for n in stable if n < m][-1:]
    below = [n for n in stable if n > m][:1]
    around = {width(out[n]) for n in above + below}
    return width(old) in around and width(out[m]) not in around


# "... now that we only support evergreen browsers; leave everything else as it is."
def retyped_lines(
    orig: list[str], out: list[str], kept: dict[int, int], written: set[int], headers: set[int], instruction: str
):
    """(merged line, words) for each merged line the snippet wrote in the place of one original line
    (between two kept lines, one for one) that differs only by words left out of a definition's
    header (``headers``: original rows), or only by ``MODIFIERS`` added or left out anywhere; and
    for each kept line spaced otherwise inside than the original (`spacing_only`)."""
    found = []
    pairs = sorted(kept.items())
    # an old line the snippet wrote back with its tokens spaced otherwise (kept: the same tokens)
    found += [(m, ["spacing"]) for o, m in pairs if spacing_only(orig[o], out[m], instruction)]
    # ... or written without the trailing whitespace the file's line has: a quote from memory, or a
    # cleanup no one asked for (a commit's editor strips it; an agent's context loses it)
    found += [(m, ["trailing whitespace"]) for o, m in pairs if trailing_lost(orig[o], out[m], instruction)]
    # ... or a comment placed as a new line while the old one stays: the snippet's context (a doc
    # line above a definition it shows), read as new (new code may well repeat a line of code)
    # (a doc tag line, "@param string $name", is written again for each new definition that has one)
    stays = {
        tuple(TOKEN.findall(orig[o]))
        for o, _ in pairs
        if is_distinctive(norm(orig[o])) and comment_like(orig[o]) and not DOC_TAG.search(orig[o])
    }
    stays_as_written = {orig[o].strip() for o, _ in pairs}
    found += [
        (m, ["spacing"])
        for m in sorted(written)
        if out[m].strip() not in stays_as_written
        and tuple(TOKEN.findall(out[m])) in stays
        and not SPEAKS_OF_LAYOUT.search(instruction)
    ]
    off = [(o, m) for o, m in pairs if column_off(orig[o], out[m], instruction)]
    if off:
        stable = sorted(n for o, n in pairs if out[n].strip() and width(orig[o]) == width(out[n]))
        found += [(m, ["indentation"]) for o, m in off if _apart(orig[o], m, stable, out)]
    for o1, m1, o2, m2 in gaps(kept, len(orig), len(out)):
        gone, wrote = orig[o1 + 1 : o2], [out[m] for m in range(m1 + 1, m2) if m in written]
        if len(wrote) == m2 - m1 - 1 and comments_reworded(gone, wrote, instruction):
            found += [(m, ["comment"]) for m in range(m1 + 1, m2)]
            continue
        if o2 - o1 != m2 - m1:
            # lines removed here: no line stands for one old line, but where all that is written is
            # comments each a word or mark off one gone here, they are those comments, quoted
            # ... and a gone statement written back among new lines without its ";", with an
            # increment moved, or spaced otherwise ("(char*)(p + 1)" for "(char*) (p + 1)")
            found += [
                (m, slip)
                for m in range(m1 + 1, m2)
                if m in written
                and (slip := next((s for old in gone if (s := _slip(old, out[m], _next(out, m), instruction))), []))
            ]
            gone_comments = [line for line in gone if comment_like(line)]
            retouched = [
                (m, next((r for old in gone_comments if (r := comment_retouched(old, out[m], instruction))), []))
                for m in range(m1 + 1, m2)
                if m in written
            ]
            if retouched and all(r for _, r in retouched):
                found += retouched
            continue
        for k in range(1, o2 - o1):
            if m1 + k not in written:
                continue
            old, new = orig[o1 + k], out[m1 + k]
            # "Router(options)" for "Router (options)"
            slip = _slip(old, new, _next(out, m1 + k), instruction, _next(orig, o1 + k))
            if slip:
                found.append((m1 + k, slip))
                continue
            if punctuation_only(old, new, instruction):
                found.append((m1 + k, [p for p in TOKEN.findall(old) + TOKEN.findall(new) if not WORD.match(p)][:1]))
                continue
            articles = articles_only(old, new, instruction) or comment_retouched(old, new, instruction)
            if articles:
                found.append((m1 + k, articles))
                continue
            gone = words_left_out(old, new, instruction) if o1 + k in headers else []
            # any code line: only a modifier added or left out ("return await f()" for "return f()")
            changed = gone or words_left_out(new, old, instruction) or words_left_out(old, new, instruction)
            if gone or (changed and {w.lower() for w in changed} <= MODIFIERS):
                found.append((m1 + k, gone or changed))
    return found


def _slip(old: str, new: str, after: str, instruction: str, old_after: str | None = None) -> list[str]:
    """What a line written for ``old`` slipped on: ``statement_slip``'s answer, ``["spacing"]``,
    ``["quotes"]`` or ``["comment"]`` (its trailing comment cut short). ``after`` and ``old_after``:
    the lines after the new one and (where it stands one for one) after the old one."""
    if spacing_only(old, new, instruction):
        return ["spacing"]
    if comment_cut(old, new, instruction):
        return ["comment"]
    return statement_slip(old, new, after, instruction, old_after) or (
        ["quotes"] if quotes_only(old, new, instruction) else []
    )


def _next(lines: list[str], n: int) -> str:
    """The first non-blank line after line ``n`` ("" at the end)."""
    return next((line for line in lines[n + 1 :] if line.strip()), "")


_BODY_OPENS = re.compile(r"(?:\{|:|=|=>|\bdo|\bthen|\bbegin)\s*$")
SIGNATURE_ROWS = 12  # a longer header is a parameter list spread out, not worth the scan


def signature_rows(lines: list[str], spans: list[tuple[int, int]]) -> set[int]:
    """Rows of each definition's signature (``spans``: header row, last row): from its header to the
    line that opens its body, a multi-line parameter list included.

    >>> sorted(signature_rows(["fn f(", "    a: &A,", ") -> B {", "    g()", "}"], [(0, 4)]))
    [0, 1, 2]
    """
    rows: set[int] = set()
    for header, end in spans:
        for row in range(header, min(end, header + SIGNATURE_ROWS) + 1):
            rows.add(row)
            if _BODY_OPENS.search(lines[row].rstrip()):
                break
    return rows
