"""Code lines quoted from memory: a line written back in the place of an original line that differs
from it only as an agent's memory slips, and the instruction does not ask for that change.

- a definition's header with words left out (a parameter's ``final``, a path qualifier, a type
  annotation);
- its tokens spaced otherwise inside (a column padded from memory), unless the instruction speaks
  of spacing;
- one column off its block's width (8 spaces in a body indented 7), unless it speaks of layout;
- its strings in the other quotes (``'url'`` for ``"url"``), unless the instruction speaks of quotes;
- its statement terminator left out (``;``), the next line not going on with it;
- an increment or decrement moved to the other side of its operand (``x--`` for ``--x``).

``retyped.retyped_lines`` asks these of each line the merge wrote in the place of an original one.

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

from fastapply.merge.account.quoted import SPEAKS_OF_PROSE, TOKEN, WORD
from fastapply.merge.repair.wording import PLACE_WORDS, masked_quotes
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
    if pending is not None:
        return []  # not a subsequence
    if _annotation(gone) or set(gone) <= {"?"}:  # ... or a nullable type's "?" ("T? x" quoted "T x")
        # a type's name is also a word ("a negative number"): only the annotation asked for counts
        quoted = " ".join(re.findall(r"`([^`]*)`", instruction))
        asked = _SPEAKS_OF_TYPES.search(instruction) or any(WORD.fullmatch(t) and t in quoted for t in gone)
        return [] if asked else gone
    if not _words_and_qualifiers(gone):
        return []  # punctuation went too
    named = {w.lower() for w in WORD.findall(instruction)}
    return [] if any(t.lower() in named for t in gone) else gone


_SPEAKS_OF_TYPES = re.compile(
    r"\b(?:return\s+type|type\s+(?:annotation|hint)|annotat|signature|untyped|nullab|non-null)", re.I
)


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


_SPEAKS_OF_WHITESPACE = re.compile(r"whitespace|trailing|blank|format|lint|tidy|clean", re.I)


def trailing_lost(old: str, new: str, instruction: str) -> bool:
    """Whether a line was written back without the trailing whitespace the file's line ends with,
    nothing else changed, the instruction saying nothing of whitespace.

    >>> trailing_lost("  f(x) =>  ", "  f(x) =>", "Validate x."), trailing_lost("  f(x) =>  ", "  f(x) =>", "Strip trailing whitespace.")
    (True, False)
    """
    return old != new and old.rstrip() == new and new.strip() != "" and not _SPEAKS_OF_WHITESPACE.search(instruction)


_SPEAKS_OF_QUOTES = re.compile(r"\w*(?:quot|string\s+literal|format|style|lint)\w*", re.I)
# a word right after a place names the code there, not a restyling: "right after style"
_AT_PLACE = re.compile(rf"\b(?:{PLACE_WORDS})\s+(?:the\s+)?$", re.I)


def speaks_of_quotes(instruction: str) -> bool:
    """Whether the instruction speaks of quotes, strings or formatting, in its own words: not in
    quoted code, and not naming a place ("add send_keys right after style").

    >>> speaks_of_quotes("Use single quotes."), speaks_of_quotes("Add send_keys right after style, raising.")
    (True, False)
    >>> speaks_of_quotes("Rename `format_string` to `render`."), speaks_of_quotes("Match the file's style.")
    (False, True)
    """
    prose = masked_quotes(instruction)
    return any(not _AT_PLACE.search(prose[: word.start()]) for word in _SPEAKS_OF_QUOTES.finditer(prose))


def quotes_only(old: str, new: str, instruction: str) -> bool:
    """Whether a code line was written with its strings in the other quotes, or without them, and
    nothing else changed but spacing (``fields.Url, 'url'`` for the file's ``fields.Url, "url"``), the instruction
    saying nothing of quotes or strings: a line quoted from memory, or a restyling no one asked for.

    >>> quotes_only('x = f(a, "url")', "x = f(a, 'url')", "Add an email parser."), quotes_only('"a"', "'a'", "Use single quotes.")
    (True, False)
    >>> quotes_only("x = 'a'", "x = 'b'", "")  # another string: an edit
    False
    >>> quotes_only('        cpu: "4"', "        cpu: 4", "Give the head a memory limit.")
    True
    """
    if is_comment_line(old) or speaks_of_quotes(instruction) or TOKEN.findall(old) == TOKEN.findall(new):
        return False
    before, after = TOKEN.findall(old.replace("'", '"')), TOKEN.findall(new.replace("'", '"'))
    # ... or one word unquoted (YAML's `cpu: "4"` quoted `cpu: 4`)
    unquoted = any(
        before[k] == before[k + 2] == '"' and before[:k] + [before[k + 1]] + before[k + 3 :] == after
        for k in range(len(before) - 2)
    )
    return before == after or unquoted


def _annotation(gone: list[str]) -> bool:
    """Whether the tokens left out are one type annotation: ``: number`` or ``-> Option<T>``
    (``function f(e: any) {`` retyped from ``function f(e: any): number {``).

    >>> _annotation([":", "number"]), _annotation(["-", ">", "Option", "<", "T", ">"]), _annotation([",", "b"])
    (True, True, False)
    """
    head = 1 if gone[:1] == [":"] else 2 if gone[:2] == ["-", ">"] else 0
    rest = gone[head:]
    return (
        bool(head)
        and bool(rest)
        and WORD.fullmatch(rest[0]) is not None
        and all(WORD.fullmatch(t) or t in "<>[]|.?:" for t in rest)
    )


_DIRECTIVE = re.compile(r"\s*#\s*(?:define|undef|if|ifdef|ifndef|elif|else|endif|include|pragma)\b")
# An instruction that speaks of the spacing inside lines, and one that speaks of layout at all:
# indentation is a line's place, not its spacing ("fix the odd indentation of the gsub call" asks
# nothing of "for i=1" respaced elsewhere).
# words, not parts of words ("tab" is in "Portable", "spac" in "namespace")
_SPACING_WORDS = r"\b(?:align|(?:re)?format|spac|column|tabs?\b|pad|\w*fmt|lint|style)"
_SPEAKS_OF_SPACING = re.compile(_SPACING_WORDS, re.I)
SPEAKS_OF_LAYOUT = re.compile(_SPACING_WORDS + r"|indent", re.I)


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


def terminator_added(old: str, new: str, following: str, old_following: str, instruction: str) -> bool:
    """Whether a code statement the file writes without a terminator was written back with one
    (``sql = 'begin';`` in a file of ``sql = 'begin'``) and nothing else changed, the line
    ``following`` it the same as the one following it in the file (``old_following``), which does
    not go on with it: the agent's style quoted in place of the file's. Where the next line changed,
    the ``;`` is part of that edit: a chain cut short, or Rust's last expression that new
    statements now follow.

    >>> terminator_added("      sql = 'begin'", "      sql = 'begin';", "    }", "    }", "Validate the level.")
    True
    >>> terminator_added("    n += 1", "    n += 1;", "    log(n);", "}", ""), terminator_added("  .a()", "  .a();", "}", "  .b()", "")
    (False, False)
    """
    a, b = old.strip(), new.strip()
    if a.endswith(";") or not b.endswith(";") or b[:-1].rstrip() != a or not is_distinctive(norm(a)):
        return False
    if is_comment_line(old) or norm(following) != norm(old_following) or continues_statement(old, old_following):
        return False
    return not _SPEAKS_OF_TERMINATORS.search(instruction)


_LONE_PARAMETER = re.compile(r"\(\s*([A-Za-z_$][\w$]*)\s*\)(\s*=>)")


def arrow_parens(old: str, new: str, instruction: str) -> bool:
    """Whether an arrow function's lone parameter gained or lost its parentheses and nothing else
    changed (``forEach((item) =>`` for the file's ``forEach(item =>``): one formatter's style quoted
    in place of the file's, the instruction saying nothing of style.

    >>> arrow_parens("  xs.forEach(item => {", "  xs.forEach((item) => {", "Add isPresented."), arrow_parens("f(a)", "f(a)", "")
    (True, False)
    """
    if old.strip() == new.strip() or SPEAKS_OF_LAYOUT.search(instruction):
        return False
    return norm(_LONE_PARAMETER.sub(r"\1\2", old)) == norm(_LONE_PARAMETER.sub(r"\1\2", new))


def statement_slip(old: str, new: str, following: str, instruction: str, old_following: str | None = None) -> list[str]:
    """``[";"]`` where a statement was written back without its terminator (`terminator_dropped`)
    or with one the file's line lacks (`terminator_added`, where ``old_following``, the line after
    the old one in the file, is given), ``["()"]`` where an arrow function's
    lone parameter gained or lost its parentheses (`arrow_parens`), ``["++/--"]`` where an
    increment moved (`increment_moved`); [] otherwise."""
    if terminator_dropped(old, new, following, instruction):
        return [";"]
    if old_following is not None and terminator_added(old, new, following, old_following, instruction):
        return [";"]
    if arrow_parens(old, new, instruction):
        return ["()"]
    return ["++/--"] if increment_moved(old, new, instruction) else []


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
    return shift == 1 and not SPEAKS_OF_LAYOUT.search(instruction)
