"""The invariants of an honest merge, each checked on a Trace (trace.py) of any merged file.

- every original line the merged file lacks was deleted on evidence: a ``-`` line; a snippet chunk
  with an anchor spans the place where it stood (a deletion or replacement the snippet shows); its
  edited form is placed, or its very text stands elsewhere (edited, moved); for a comment, new
  comment lines stand where it stood (reworded: a banner renamed); or the instruction names it
  (``unaccounted_deletion`` otherwise: code under a marker or beyond the snippet's edges dropped);
- no original line the snippet did not show stays next to a new line that defines the same name,
  or opens a block with the same words before its ``{`` (``kept_beside_replacement``: the old form
  left beside its replacement, a one-line guard beside the block that rewrites it);
- no definition occurs twice under one parent unless the original or the snippet has it twice
  (``defined_twice``);
- each chunk's new lines keep the indentation shift of its anchors (``indent_shift``).

Each check returns an ApplyWarning naming the lines, or None.
"""

from __future__ import annotations

import difflib
import re
from collections import Counter

from fastapply.merge.account.trace import Trace
from fastapply.merge.codes import ApplyWarning, Code
from fastapply.merge.text.lines import indent_width as _width
from fastapply.merge.text.normal import (
    MODIFIERS,
    WORD_CHAR,
    definition_key,
    is_closer,
    is_comment_line,
    is_distinctive,
    norm,
)
from fastapply.merge.text.syntax import NAMED_BY_TEXT, definitions

# Languages where one name may be defined twice in one scope on purpose: overloads, or (C) a
# declaration before the definition.
OVERLOADING = {"java", "kotlin", "cpp", "csharp", "scala", "swift", "typescript", "tsx", "c"}
EDITED = 0.6  # a deleted line whose edited form (this similar) is placed was replaced, not dropped
NEXT_TO = 3  # non-blank lines around a new line where an old form of it would stand
MERGED_REACH = 12  # lines around a new line where an old line whose list it took in would stand
_DELETE_WORDS = re.compile(r"\b(remove|delete|drop|get rid of|eliminate|strip|replace|instead of)\b", re.I)
_NAME = re.compile(r"[A-Za-z_][\w]*")


def unaccounted_deletion(trace: Trace, instruction: str = "") -> ApplyWarning | None:
    orig = trace.orig
    if trace.whole_file:
        return None  # a snippet without markers taken as the whole new file says what goes
    removed = Counter(norm(line.text) for line in trace.snip if line.kind == "del")
    spans = trace.chunk_spans()
    new_text = [norm(trace.out[m]) for m in sorted(trace.new_lines)]
    # lines the merged file has more often than it keeps them in order: moved, not lost
    moved = Counter(norm(line) for line in trace.out) - Counter(norm(trace.out[m]) for m in trace.kept.values())
    kept = sorted(trace.kept.items())
    written_whole = _bodies_written_whole(trace)
    lost = []
    for o, line in enumerate(orig):
        key = norm(line)
        if is_closer(key) or not re.search(r"\w", key) or o in trace.kept:
            continue  # (a lone "{", "}" or "end" says nothing; the syntax checks answer for blocks)
        if removed[key] > 0 or moved[key] > 0:  # a "-" line, or placed elsewhere (moved)
            (removed if removed[key] > 0 else moved)[key] -= 1
            continue
        before = max((m for oo, m in kept if oo < o), default=-1)
        after = min((m for oo, m in kept if oo > o), default=len(trace.out))
        if any(lo <= before and after <= hi for lo, hi in spans) or o in written_whole:
            continue  # a chunk of the snippet spans the place where it stood, or rewrote its body whole
        if is_comment_line(line) and any(
            m in trace.new_lines and is_comment_line(trace.out[m]) for m in range(before + 1, after)
        ):
            continue  # a comment where new comment lines now stand: reworded, not dropped
        name = definition_key(line)
        if any(
            (name is not None and definition_key(new) == name)
            or difflib.SequenceMatcher(None, key, new, autojunk=False).ratio() >= EDITED
            for new in new_text
        ):
            continue  # its edited form is in the file (similar, or assigning the same name)
        lost.append(o)
    lost = _not_named(lost, orig, instruction, trace.kept)
    if not lost:
        return None
    return ApplyWarning(
        Code.UNACCOUNTED_DELETION,
        f"{len(lost)} original line(s) gone that no snippet chunk spans, no '-' line removes and the "
        "instruction does not name (code under a marker or beyond the snippet's edge)",
        tuple(o + 1 for o in lost),
    )


_DEFINITION = re.compile(r"^(async\s+def|def|class)\s")
_RETURNS = re.compile(r"^(return|raise)\b")


def _bodies_written_whole(trace: Trace) -> set[int]:
    """Original lines of indentation-block definitions (no closing line) whose body a chunk wrote
    out whole: the chunk shows the header and ends with a ``return``/``raise`` at the body's own
    level, after which the old body is dead code."""
    found: set[int] = set()
    by_chunk: dict[int, list[int]] = {}
    for i, line in enumerate(trace.snip):
        by_chunk.setdefault(line.chunk, []).append(i)
    anchor_of = dict(trace.anchors)
    for members in by_chunk.values():
        for k, i in enumerate(members):
            h = anchor_of.get(i)
            if h is None or not _DEFINITION.match(trace.snip[i].text.strip()) or k + 1 >= len(members):
                continue
            body, last = trace.snip[members[k + 1]], trace.snip[members[-1]]
            if _width(last.text) != _width(body.text) or not _RETURNS.match(last.text.strip()):
                continue
            end = h + 1
            while end < len(trace.orig) and (
                not trace.orig[end].strip() or _width(trace.orig[end]) > _width(trace.orig[h])
            ):
                end += 1
            found.update(range(h + 1, end))
    return found


def _not_named(lost: list[int], orig: list[str], instruction: str, kept=()) -> list[int]:
    """The lost lines outside every run of lost lines that mentions a name the instruction asks to
    remove or replace. A run goes on over lines that are gone too but say nothing ("}", "end")."""
    if not instruction or not _DELETE_WORDS.search(instruction):
        return lost
    names = {w for w in _NAME.findall(instruction) if len(w) >= 3}
    runs: list[list[int]] = []
    for o in lost:
        if runs and not any(orig[t].strip() and t in kept for t in range(runs[-1][-1] + 1, o)):
            runs[-1].append(o)
        else:
            runs.append([o])
    return [o for run in runs if not names & set(_NAME.findall(" ".join(orig[t] for t in run))) for o in run]


def kept_beside_replacement(trace: Trace) -> ApplyWarning | None:
    out = trace.out
    shown = {norm(line.text) for line in trace.snip}
    found = set()
    for m in sorted(trace.new_lines):
        key, opener = _key(out[m]), _opener_key(out[m]) if norm(out[m]).endswith("{") else None
        if key is None and opener is None:
            continue
        for step in (-1, 1):
            t, seen = m + step, 0
            if step == 1 and key is None:  # a block opened: look past the new block it opens
                while t in trace.new_lines:
                    t += 1
            # the new lines beside it at its width are one run of new entries, looked past inside
            # its block for an old entry of the same name ("overflow-y: auto;", a new entry, then
            # the old "overflow-y: scroll;"); a modifier ("const") names nothing
            run, skipped = key is not None and key not in MODIFIERS, False
            while 0 <= t < len(out) and seen < NEXT_TO:
                if run and seen == 0 and t in trace.new_lines and out[t].strip() and _width(out[t]) == _width(out[m]):
                    t, skipped = t + step, True
                    continue
                if skipped and out[t].strip() and _width(out[t]) < _width(out[m]):
                    break  # out of the block
                if out[t].strip():
                    if t not in trace.kept_at or norm(out[t]) in shown:
                        break  # an anchor or another new line closes the stretch
                    same = (key is not None and _key(out[t]) == key) or (
                        opener is not None and norm(out[t]).endswith("}") and _opener_key(out[t]) == opener
                    )
                    if same and _width(out[t]) == _width(out[m]):
                        found.add(t + 1)
                    seen += 1
                t += step
    for m in trace.new_lines:  # an old line kept beside the new line that opens it up
        for step in (-1, 1):
            t = m + step
            while 0 <= t < len(out) and not out[t].strip():
                t += step
            if (
                t in trace.kept_at
                and norm(out[t]) not in shown
                and (_opened_up(out[t], out[m]) or step == 1 and _taken_in(out[t], out[m]))
            ):
                found.add(t + 1)
    found |= _list_split(trace, shown)
    for m in trace.new_lines:  # an old line whose list the new line took in, kept a few lines off
        for t in range(max(0, m - MERGED_REACH), min(len(out), m + MERGED_REACH + 1)):
            if t in trace.kept_at and norm(out[t]) not in shown and _list_taken_in(out[t], out[m]):
                found.add(t + 1)
    if not found:
        return None
    return ApplyWarning(
        Code.KEPT_BESIDE_REPLACEMENT,
        f"{len(found)} original line(s) the snippet did not show kept next to a new line defining the same name, "
        "opening the same block, writing the same line opened up, ending with what the old line below it says, "
        "taking in its list, or splitting the list it heads",
        tuple(sorted(found)),
    )


_TUPLE_ASSIGNED = re.compile(r"([\w$]+(?:\s*,\s*[\w$]+)+)\s*:?=(?!=)")


def _key(line: str) -> str | None:
    """The name a line defines or assigns, or the names it assigns at once (``q, args, err := ...``).

    >>> _key("\tq, args, err := bindNamedExt(e, query, arg)"), _key("    x = 1"), _key("f(a, b) == c")
    ('q,args,err', 'x', None)
    """
    tuple_assigned = _TUPLE_ASSIGNED.match(line.strip())
    return definition_key(line) or (re.sub(r"\s+", "", tuple_assigned.group(1)) if tuple_assigned else None)


def _list_split(trace: Trace, shown: set[str]) -> set[int]:
    """Merged lines (1-based) of old list items (a selector, an argument: ending in ``,``) that the
    snippet does not show, kept right above a blank line the merge put in and new items at their
    width: the snippet rewrote that item at the head of its chunk, and the merge, reading the
    marker above as keeping it, wrote the new one below it and split the list (``&:focus,`` kept,
    then ``&:focus-visible,``)."""
    out, found = trace.out, set()
    for m in sorted(trace.new_lines):
        t = m - 1
        blanks = 0
        while t >= 0 and not out[t].strip():
            blanks += 1
            t -= 1
        if (
            blanks
            and t in trace.kept_at
            and t + 1 not in trace.kept_at
            and norm(out[t]) not in shown
            and norm(out[t]).endswith(",")
            and norm(out[m]).endswith((",", "{"))
            and _width(out[t]) == _width(out[m])
        ):
            found.add(t + 1)
    return found


def _taken_in(old: str, new: str) -> bool:
    """Whether ``old``, a continuation line right below ``new`` (indented deeper), says what ``new``
    now ends with: a wrapped declaration joined onto one line, its old second line left behind
    (``public val disabled: Boolean = tabWidth <= 0`` above the file's ``get() = tabWidth <= 0``).

    >>> _taken_in("        get() = tabWidth <= 0", "    val disabled: Boolean = tabWidth <= 0")
    True
    >>> _taken_in("        b);", "    f(a, b);"), _taken_in("    x = limit", "    y = limit")  # short, or not deeper
    (False, False)
    """
    tail = re.split(r"=|->|:", norm(old), maxsplit=1)[-1].strip()
    return _width(old) > _width(new) and len(WORD_CHAR.findall(tail)) >= 6 and norm(new).endswith(tail)


_LIST = re.compile(r"[\[{(]([^\[\]{}()]*,[^\[\]{}()]*|\s*[^\s,\[\]{}()][^\[\]{}(),]*)[\]})]")


def _list_taken_in(old: str, new: str) -> bool:
    """Whether ``new`` is ``old`` with more entries in its one bracketed list, every old entry
    still there, at the same indentation: two calls merged into one that takes both lists
    (``autocmd({ "LspAttach", "LspDetach" }, {`` beside the new ``autocmd({ "LspAttach",
    "LspDetach", "BufReadPost", "BufNew" }, {``), so the old line is what the new one replaced.

    >>> old = '  api.create_autocmd({ "LspAttach", "LspDetach" }, {'
    >>> _list_taken_in(old, old.replace('" }', '", "BufNew" }')), _list_taken_in("  f(a)", "  f(a, b)")
    (True, False)
    """
    if _width(old) != _width(new):
        return False
    lists_old, lists_new = _LIST.findall(norm(old)), _LIST.findall(norm(new))
    if len(lists_old) != 1 or len(lists_new) != 1:
        return False
    items_old = {item.strip() for item in lists_old[0].split(",") if item.strip()}
    items_new = {item.strip() for item in lists_new[0].split(",") if item.strip()}
    skeleton_old = _LIST.sub("[]", norm(old))
    return (
        len(items_old) >= 2
        and items_old < items_new
        and skeleton_old == _LIST.sub("[]", norm(new))
        and is_distinctive(skeleton_old)
    )


def _opened_up(old: str, new: str) -> bool:
    """Whether ``new`` is ``old`` with its closing bracket taken off and more written in its place,
    or with more entries after it (``:default_log_level`` become ``:default_log_level, :max``, the
    last line of a list), at the same indentation: the line edited (a list that goes on to the next
    line, an argument added), not a second line like it.

    >>> _opened_up("    one of: ('s', 'd', 'day')", "    one of: ('s', 'd', 'day',"), _opened_up("f(a)", "g(a, b)")
    (True, False)
    >>> _opened_up("  :read_ahead, :log_level", "  :read_ahead, :log_level, :max_failures")
    True
    """
    before, after = norm(old), norm(new)
    if _width(old) != _width(new) or not is_distinctive(before) or after == before:
        return False
    if before[-1:] in (")", "]", "}"):
        return after.startswith(before[:-1])
    return after.startswith(before) and (before.endswith(",") or after[len(before) :].lstrip().startswith(","))


def _opener_key(line: str) -> str | None:
    """What a line with a brace says before its ``{``, when that means something: a one-line block
    ``guard !running else { return }`` and the line ``guard !running else {`` that opens the block
    rewriting it share it (the caller asks the one to end with ``}``, the other with ``{``).

    >>> _opener_key("  guard !running else { return }"), _opener_key("} else {"), _opener_key("x = 1")
    ('guard !running else', None, None)
    """
    head, brace, _ = norm(line).partition("{")
    head = head.strip()
    return head if brace and is_distinctive(head) else None


def defined_twice(trace: Trace, original: str, merged: str, language: str | None) -> ApplyWarning | None:
    # where names overload, a second definition of a name may be a new overload: there the same
    # parameters make it the same one (a method moved and its old copy kept, "public" beside
    # "private")
    overloads = language in OVERLOADING
    before, after = _definition_counts(original, language, overloads), _definition_counts(merged, language, overloads)
    shown = Counter(
        key for key in (definition_key(line.text) or _called_header(line.text) for line in trace.snip) if key
    )
    # a name the snippet writes in two classes is written once in each: counted where it was placed
    placed, placed_names = _placed_under(trace, merged, language)
    twice = [
        key[1]
        for key, n in after.items()
        if n > max(before[key], placed[key[:2]] if key[1] in placed_names else shown[key[1]], 1)
    ]
    if not twice:
        return None
    return ApplyWarning(Code.DEFINED_TWICE, f"defined twice under one parent: {', '.join(sorted(set(twice))[:5])}")


def _placed_under(trace: Trace, merged: str, language: str | None) -> tuple[Counter, set[str]]:
    """(parent, name) -> how many definitions of that name the snippet's placed lines head under
    that parent in the merged file, and the names so counted."""
    defs = definitions(merged, language)
    lines = merged.splitlines()
    headed = {d.header: d for d in defs}
    counts: Counter = Counter()
    names: set[str] = set()
    for i, m in trace.placed.items():
        d = headed.get(m)
        if d is None or not (definition_key(trace.snip[i].text) or _called_header(trace.snip[i].text)):
            continue
        parent, name = _parent_and_name(d, defs, lines, language)
        counts[(parent, name)] += 1
        names.add(name)
    return counts, names


def _parent_and_name(d, defs: list, lines: list[str], language: str | None) -> tuple[str | None, str]:
    """The definition ``d`` stands under (the innermost one around it; a Go method's receiver type)
    and the name it is counted by."""
    parent = next((p.name for p in reversed(defs) if p.start < d.start and p.end >= d.end), None)
    receiver = _GO_RECEIVER.match(lines[d.header]) if language == "go" else None
    if receiver:
        parent = receiver.group(1)  # a Go method's parent is its receiver's type, not the file
    # "fn Pipe.sink" is sink; a CSS selector list or a YAML key is named by all of its text, and
    # so is a Rust impl: "impl Error" and "impl fmt::Display for Error" are two blocks, not one twice
    name = d.name if d.kind in NAMED_BY_TEXT or d.kind == "impl_item" else d.name.split()[-1]
    return parent, name


_HEADER_NAME = re.compile(r"([A-Za-z_]\w*)\s*(?:<[^>]*>)?\s*\([^;]*$")


def _called_header(line: str) -> str | None:
    """The name a method header without a keyword declares ("public Foo bar(int x) {" → bar)."""
    text = line.strip()
    if not text.endswith(("{", ":", ")")):
        return None
    match = _HEADER_NAME.search(text)
    return match.group(1) if match else None


_GO_RECEIVER = re.compile(r"\s*func\s*\(\s*(?:\w+\s+)?\*?\s*([\w.]+)")


def _definition_counts(text: str, language: str | None, by_parameters: bool = False) -> Counter:
    """(parent, name, kind) -> how many definitions; with ``by_parameters``, keyed by the
    parameter list too, and only definitions that have one."""
    defs = definitions(text, language)
    lines = text.splitlines()
    counts: Counter = Counter()
    for d in defs:
        parent, name = _parent_and_name(d, defs, lines, language)
        if not by_parameters:
            counts[(parent, name, d.kind)] += 1
        elif (parameters := _parameters(lines[d.header : d.header + 6], name)) is not None:
            counts[(parent, name, d.kind, parameters)] += 1
    return counts


_NOT_TYPE = re.compile(r"@\w+(?:\([^)]*\))?|\bfinal\b|\s+")


def _parameters(header: list[str], name: str) -> str | None:
    """The parameter list after ``name`` in a header, modifiers, annotations and spacing aside;
    None when there is none.

    >>> _parameters(["  private void remove(final Node node) {"], "remove")
    'Nodenode'
    """
    text = " ".join(header)
    match = re.search(rf"\b{re.escape(name)}\s*(?:<[^>()]*>)?\s*\(", text)
    if not match:
        return None
    depth, start = 1, match.end()
    for k in range(start, len(text)):
        depth += {"(": 1, ")": -1}.get(text[k], 0)
        if depth == 0:
            return _NOT_TYPE.sub("", text[start:k])
    return None


def indent_shift(trace: Trace) -> ApplyWarning | None:
    snip, out = trace.snip, trace.out
    rows: dict[int, list[tuple[int, bool, int, bool]]] = {}
    for i, m in trace.placed.items():
        if snip[i].kind == "del" or (_width(snip[i].text) == 0 == _width(out[m]) and m not in trace.kept_at):
            continue  # (a new line at column 0 in both is top-level code: a diff written without the
            # file's indentation shifts its body, not its headers)
        shift = _width(out[m]) - _width(snip[i].text)
        rows.setdefault(snip[i].chunk, []).append((shift, m in trace.kept_at, m, snip[i].kind == "add"))
    bad = []
    for chunk_rows in rows.values():
        # a diff's "+" line that lands on an original line ("}") is no anchor
        anchor_shifts = {shift for shift, kept, _, added in chunk_rows if kept and not added}
        if len(anchor_shifts) == 1:  # (anchors that disagree: the snippet re-nests code; no claim)
            (base,) = anchor_shifts
            # a diff's "+" may have taken one indent column ("+   x" among 4-space lines)
            bad += [m + 1 for shift, kept, m, added in chunk_rows if not kept and shift not in (base, base + added)]
            # ... but for every "+" line of the chunk alike, or for none
            taken = Counter(shift for shift, _, _, added in chunk_rows if added)
            if taken[base] and taken[base + 1]:
                odd = base if taken[base] < taken[base + 1] else base + 1
                bad += [m + 1 for shift, _, m, added in chunk_rows if added and shift == odd]
    bad += _off_by_one(trace)
    if not bad:
        return None
    return ApplyWarning(
        Code.INDENT_SHIFT,
        f"{len(bad)} new line(s) indented otherwise than the anchors of their snippet chunk",
        tuple(sorted(bad)),
    )


def _off_by_one(trace: Trace) -> list[int]:
    """New lines (1-based) one column off the two lines around them, which stand at one width (a
    diff's "+" read as a prefix where it took an indent column, or the other way round), or opening
    a block's body no deeper than the line that opens it while the body goes on deeper (a diff
    line written without the file's indentation)."""
    out, bad = trace.out, []
    flat = _flat_bodies(trace.orig)
    for m in sorted(trace.new_lines):
        before = next((t for t in range(m - 1, -1, -1) if out[t].strip()), None)
        after = next((t for t in range(m + 1, len(out)) if out[t].strip()), None)
        if before is None or after is None or not _statement_like(out[m]):
            continue
        width, above, below = _width(out[m]), _width(out[before]), _width(out[after])
        if out[before].rstrip().endswith("{"):
            # (in a file whose blocks may hold their body unindented, C++'s "namespace cpr {", a line
            # that opens its own block there has its own body below it, which says nothing of it)
            opener = _width(out[_statement_start(out, before)])
            if width <= opener < below and not (flat and out[m].rstrip().endswith("{")):
                bad.append(m + 1)
        elif (
            _statement_like(out[before]) and _statement_like(out[after]) and not out[before].rstrip().endswith(_GOES_ON)
        ):
            # comments, labels and continuation lines have widths of their own
            if above == below and abs(width - above) == 1:
                bad.append(m + 1)
    return bad


_GOES_ON = ("(", "[", ",", "&&", "||", "+", "-", "=", "?", ":", "\\", ".", "and", "or")


def _statement_start(out: list[str], row: int) -> int:
    """The first row of the statement ``row`` ends: a block's body is indented from there, not from
    a continuation line ("if (a &&" / "  b) {" / "  return x;"). A brace on its own line (under a
    Rust ``where`` clause, in Allman style) stands where its body is indented from.

    >>> _statement_start(["  if (a &&", "    b) {", "    go();"], 1), _statement_start(["  f();", "  g() {"], 1)
    (0, 1)
    >>> _statement_start(["    I: Iterator,", "    {"], 1)
    1
    """
    if out[row].strip().startswith("{"):
        return row
    while (
        row > 0
        and out[row - 1].strip()
        and out[row - 1].rstrip().endswith(_GOES_ON)
        and not is_comment_line(out[row - 1].strip())
    ):
        row -= 1
    return row


def _flat_bodies(lines: list[str]) -> bool:
    """Whether a block of the file holds its body at its opener's width ("namespace cpr {" then
    "class Session {" at column 0).

    >>> _flat_bodies(["namespace a {", "", "int f();", "}"]), _flat_bodies(["int f() {", "  g();", "}"])
    (True, False)
    """
    rows = [line for line in lines if line.strip()]
    return any(
        a.rstrip().endswith("{") and _width(a) == _width(b) and not is_closer(b.strip()) for a, b in zip(rows, rows[1:])
    )


def _statement_like(line: str) -> bool:
    text = line.strip()
    return not is_comment_line(text) and not text.endswith(":")
