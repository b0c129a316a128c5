"""A definition's header the merge changed only by leaving words out that the instruction never names.

Agents retype the header above an elided body from memory and drop what they did not remember: a
header shown as ``int checkIndexOf(String str, ...)`` where the file has ``final String str``.
Taken literally, the snippet edits that header; a human reading the instruction would not. Which
one was meant, words cannot tell, so the file is flagged rather than served either way. Headers
that only lose words the instruction mentions ("drop the throws clause", "make it non-final") are
edits; so are other lines that lose words (``sum(v for v in values)`` → ``sum(values)`` simplifies
an expression), unless all they gain or lose is a modifier (``return await copyFile(...)`` for the
file's ``return copyFile(...)``: an agent's habit, and a change of meaning no one asked for);
comment lines are prose, reworded on purpose, unless all they lose is punctuation (a doc comment
quoted without its final period) or all they gain or lose is an article ("returns the internal
counters" for "returns internal counters"), and the instruction speaks neither of comments nor of
punctuation.
A code line written back with its tokens spaced otherwise (a column padded from memory), or one
column off its block's width (8 spaces in a body indented 7), is flagged the same way unless the
instruction speaks of layout; a single-spaced retype is no change at all
(the merge writes the original's spacing back, ``text.normal.retyped``).

    >>> words_left_out("public int f(final String s) {", "public int f(String s) {", "Add a g method.")
    ['final']
    >>> words_left_out("public int f(final String s) {", "public int f(String s) {", "Make f's parameter non-final.")
    []
    >>> words_left_out("f(a, b)", "f(a)", "")  # a punctuation mark went too: an argument removed
    []
    >>> words_left_out("    headers: &'a hyper::HeaderMap,", "    headers: &'a HeaderMap,", "")  # a qualifier
    ['hyper', ':', ':']
"""

from __future__ import annotations

import re

from fastapply.merge.account.quoted import (
    DOC_TAG,
    SPEAKS_OF_PROSE,
    TOKEN,
    WORD,
    articles_only,
    comment_like,
    comment_retouched,
    comments_reworded,
    punctuation_only,
)
from fastapply.merge.account.trace import gaps
from fastapply.merge.text.lines import indent_width as width
from fastapply.merge.text.normal import continues_statement, is_comment_line, is_distinctive, norm


def words_left_out(old: str, new: str, instruction: str) -> list[str]:
    """The words ``new`` lacks where it is ``old`` with only whole words taken out (no punctuation,
    nothing added or reordered) and the instruction names none of them; [] otherwise."""
    if is_comment_line(old):
        return []
    before, after = TOKEN.findall(old), TOKEN.findall(new)
    if len(after) >= len(before):
        return []
    gone, rest = [], iter(after)
    pending = next(rest, None)
    for token in before:
        if token == pending:
            pending = next(rest, None)
        else:
            gone.append(token)
    if pending is not None or not _words_and_qualifiers(gone):
        return []  # not a subsequence, or punctuation went too
    named = {w.lower() for w in WORD.findall(instruction)}
    return [] if any(t.lower() in named for t in gone) else gone


def _words_and_qualifiers(gone: list[str]) -> bool:
    """Whether the tokens left out are whole words, each maybe with the path separator after it
    (``hyper::HeaderMap`` retyped ``HeaderMap``: the qualifier ``hyper::`` went)."""
    if not gone or not WORD.fullmatch(gone[0]):
        return False
    return all(
        WORD.fullmatch(t) or (t in ":." and WORD.fullmatch(gone[k - 1]) or t == ":" == gone[k - 1])
        for k, t in enumerate(gone)
        if k
    )


_DIRECTIVE = re.compile(r"\s*#\s*(?:define|undef|if|ifdef|ifndef|elif|else|endif|include|pragma)\b")
_SPEAKS_OF_LAYOUT = re.compile(r"align|format|spac|indent|column|tab|pad|fmt|lint|style", re.I)
# ... and of the spacing inside a line: indentation is a line's place, not its spacing ("fix the
# odd indentation of the gsub call" asks nothing of "for i=1" respaced elsewhere)
_SPEAKS_OF_SPACING = re.compile(r"align|format|spac|column|tab|pad|fmt|lint|style", re.I)


def spacing_only(old: str, new: str, instruction: str) -> bool:
    """Whether a code line was written with the same tokens spaced otherwise inside it (``#define
    N  30`` for the file's ``#define N      30``: a column moved), the instruction saying nothing of
    layout: a line padded from memory, or a realignment no one asked for.

    >>> spacing_only("#define N      30", "#define N  30", "Guard N with #ifndef.")
    True
    >>> spacing_only("#define N      30", "#define N  30", "Align the defines.")
    False
    >>> spacing_only("for i = 1, n do", "for i=1, n do", "Fix the odd indentation of the gsub call.")
    True
    >>> spacing_only("x = 1", "    x = 1", "")  # indentation is placement, not spacing
    False
    >>> spacing_only("function Router (options) {", "function Router(options) {", "Add an option.")
    True
    >>> spacing_only("return x", "returnx", "")  # other tokens: an edit, not spacing
    False
    >>> spacing_only("    /// <inheritdoc />", "    /// <inheritdoc/>", "Add Count."), spacing_only("//Package x", "// Package x", "")
    (True, False)
    """
    if old.strip() == new.strip() or TOKEN.findall(old) != TOKEN.findall(new):
        return False
    if is_comment_line(old) and not _DIRECTIVE.match(old):
        # prose after its opener is respaced on purpose ("//Package" -> "// Package"); spacing
        # moved inside it ("/// <inheritdoc />" quoted as "/// <inheritdoc/>") is a quote from
        # memory as much as an edit (a "#define" is code, though it opens as "#" does)
        if _joints(old) == _joints(new) or SPEAKS_OF_PROSE.search(instruction):
            return False  # (a column of a doc table padded to a new width is realigned on purpose)
    return not _SPEAKS_OF_SPACING.search(instruction)


_SPEAKS_OF_TERMINATORS = re.compile(r"semicolon|terminat|punctuat|format|lint|style|asi\b", re.I)


def terminator_dropped(old: str, new: str, following: str, instruction: str) -> bool:
    """Whether a code statement was written back without its terminator (``;``) and nothing else
    changed, the line ``following`` it not going on with it, and the instruction saying nothing of
    semicolons or style: agents drop the ``;`` of a context line they quote from memory. Where it is
    meant (Rust's last expression becoming its block's value), words do not tell, so the file is
    flagged either way. A ``;`` that moves to another line of a statement (a call chain cut or
    extended) is an edit.

    >>> terminator_dropped("    throw new TypeError('x');", "    throw new TypeError('x')", "  }", "Check the name.")
    True
    >>> terminator_dropped("    .hidden();", "    .hidden()", "    .long(x);", ""), terminator_dropped("};", "}", "", "")
    (False, False)
    """
    a, b = old.strip(), new.strip()
    if not a.endswith(";") or b.endswith(";") or a[:-1].rstrip() != b or not is_distinctive(norm(b)):
        return False
    if is_comment_line(old) or continues_statement(new, following):
        return False
    return not _SPEAKS_OF_TERMINATORS.search(instruction)


_SPEAKS_OF_INCREMENT = re.compile(r"increment|decrement|prefix|postfix|\+\+|--|style|format|lint", re.I)


def increment_moved(old: str, new: str, instruction: str) -> bool:
    """Whether a code line was written back with an increment or decrement on the other side of its
    operand and nothing else changed (``self->len--;`` for the file's ``--self->len;``), the
    instruction saying nothing of increments or style: a statement quoted from memory, or a change
    no one asked for. Other tokens reordered are an edit (``b - a`` for ``a - b``).

    >>> increment_moved("  --self->len;", "  self->len--;", "Add a length accessor."), increment_moved("a - b", "b - a", "")
    (True, False)
    """
    before, after = TOKEN.findall(old), TOKEN.findall(new)
    if before == after or sorted(before) != sorted(after):
        return False
    if [t for t in before if t not in "+-"] != [t for t in after if t not in "+-"]:
        return False  # (a comment's words, or operands, in another order: not this retype)
    return not _SPEAKS_OF_INCREMENT.search(instruction)


_OPENER = re.compile(r"^\s*(?:/{2,}|#+|--+|;+|/\*+|\*+|<!--)\s*")


def _joints(line: str) -> list[bool]:
    """Between each two non-space characters of a comment's text after its opener: whether space
    stands there (a run padded to another length is the same; one that appears or goes is not)."""
    text = _OPENER.sub("", line).rstrip()
    return [bool(gap) for gap in re.findall(r"(?<=\S)(\s*)(?=\S)", text)]


def column_off(old: str, new: str, instruction: str) -> bool:
    """Whether a line was written back one column off its original indentation (8 spaces in a body
    the file indents 7): no nesting moves code by one column, a retype from memory does; the
    instruction saying nothing of layout.

    >>> column_off("       let x = 1", "        let x = 1", "Rename x."), column_off("  a", "      a", "")
    (True, False)
    """
    if old.strip() != new.strip() or not old.strip() or "\t" in old + new[: len(new) - len(new.lstrip())]:
        return False  # (a tab is a whole level, whatever its length in characters)
    shift = abs(width(new) - width(old))
    return shift == 1 and not _SPEAKS_OF_LAYOUT.search(instruction)


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
        and not _SPEAKS_OF_LAYOUT.search(instruction)
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
            # ... and a gone line written back without its ";", or with an increment moved, among new
            # lines
            found += [
                (m, [";"])
                for m in range(m1 + 1, m2)
                if m in written and any(terminator_dropped(old, out[m], _next(out, m), instruction) for old in gone)
            ]
            found += [
                (m, ["++/--"])
                for m in range(m1 + 1, m2)
                if m in written and any(increment_moved(old, out[m], instruction) for old in gone)
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
            if spacing_only(old, new, instruction):  # "Router(options)" for "Router (options)"
                found.append((m1 + k, ["spacing"]))
                continue
            if terminator_dropped(old, new, _next(out, m1 + k), instruction):
                found.append((m1 + k, [";"]))
                continue
            if increment_moved(old, new, instruction):
                found.append((m1 + k, ["++/--"]))
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


def _next(lines: list[str], n: int) -> str:
    """The first non-blank line after line ``n`` ("" at the end)."""
    return next((line for line in lines[n + 1 :] if line.strip()), "")


# Words that change what a line means without changing what it reads like.
MODIFIERS = frozenset(
    """await async static final const readonly public private protected internal override virtual
    open inline volatile mut pub export abstract sealed lateinit suspend""".split()
)


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
