"""Checks for the ways a merge damages code while every line still looks plausible (validate.py runs
them with the others; ``balance.py`` and ``instructed.py`` hold two more):

  duplicated_lines  a distinctive line occurs more often than the original and the snippet could
                    account for (context anchored nowhere and inserted again, an orphaned old body)
  vanished_body     a definition the snippet showed only as a header and a marker lost its body
  diff_prefix       diff syntax (``+``/``-`` prefixes, ``@@`` headers) left in the file
  orphaned_lines    lines inside a definition the snippet wrote out whole that its version lacks
  vanished_definition  a definition gone that the snippet neither names nor shows removed
  duplicated_definition  a definition, text and all, occurs more often than in the original and the
                    snippet (code shown to be moved, placed at its new spot but left at its old one)
  redeclared        a new top-level declaration (``local x = …``) beside the original one of the same
                    name that the snippet never showed: the old form was meant to be replaced
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace

from fastapply.merge.snippet.chunks import KEYWORD_END_LANGUAGES, split_chunks
from fastapply.merge.snippet.hunks import is_diff_form
from fastapply.merge.text.languages import INDENT_LANGUAGES
from fastapply.merge.text.lines import indent_width
from fastapply.merge.text.markers import is_marker_line
from fastapply.merge.text.normal import WORD_CHAR, is_closer, is_comment_line, is_distinctive, norm
from fastapply.merge.text.syntax import definitions, holder_names, qualified, sections_once

_TERMINAL = re.compile(r"^(return|raise|yield)\b")
_HEADER = re.compile(r"^@@.*@@|^@@\s*$")


_WORD = re.compile(r"\w")
NEAR = 6  # lines: a repeat this close is a copy inserted next to itself, not new code
LONG_LINE = 16  # word characters a line needs before a repeat a few lines apart is a slip ("return this;" is not)


def _repeats(lines: list[str], lang) -> list[tuple[int, str]]:
    """(index, normalised line) of each distinctive line that repeats what came just before it:
    the previous non-blank line again, or a run of two or more lines again within NEAR lines.
    Blank lines and markers are skipped."""
    rows = [(i, norm(line)) for i, line in enumerate(lines) if line.strip() and not is_marker_line(line, lang)]
    keys = [key for _, key in rows]
    found = []
    for p, (i, key) in enumerate(rows):
        rule = len(key) >= LONG_LINE and not _WORD.search(key)  # a "//////…" section separator
        if not is_distinctive(key, LONG_LINE) and not rule:
            continue
        if p and keys[p - 1] == key:
            found.append((i, key))
            continue
        for d in range(2, NEAR + 1):
            if (
                p + 1 < len(keys)
                and p >= d
                and keys[p - d] == key
                and keys[p + 1 - d] == keys[p + 1]
                and is_distinctive(keys[p + 1], LONG_LINE)
            ):
                found.append((i, key))
                break
    return found


def duplicated_lines(orig: list[str], snip: list[str], out: list[str], lang) -> tuple[int, ...]:
    """Merged lines (1-based) that repeat the line or the lines right above them more often than
    the original or the snippet do: context anchored nowhere and inserted again next to itself, or
    an old block left in place under its new copy."""
    allowed = Counter(key for _, key in _repeats(orig, lang)) | Counter(key for _, key in _repeats(snip, lang))
    used: Counter = Counter()
    extra = []
    for i, key in _repeats(out, lang):
        used[key] += 1
        if used[key] > allowed[key]:
            extra.append(i + 1)
    return tuple(extra)


def vanished_bodies(original: str, snip: list[str], merged: str, lang) -> tuple[int, ...]:
    """Headers (merged lines, 1-based) of definitions whose body is gone although the snippet only
    elided it: the snippet has the header followed by a marker, the original had a body. A
    definition is known by its holders' names too (each class has its own ``__init__``); of
    several with one such name (overloads), all must have had more."""
    old_defs = definitions(original, lang)
    if not old_defs:
        return ()
    merged_lines = merged.splitlines()
    elided = set()
    for k, line in enumerate(snip[:-1]):
        following = next((s for s in snip[k + 1 :] if s.strip()), None)
        if line.strip() and following is not None and is_marker_line(following, lang):
            elided.add(norm(line))
    new_defs = definitions(merged, lang)
    lost = []
    for d in new_defs:
        if d.header >= len(merged_lines) or norm(merged_lines[d.header]) not in elided or d.end - d.header > 1:
            continue
        key = (qualified(d, new_defs), d.kind)
        olds = [o for o in old_defs if o.name == d.name and (qualified(o, old_defs), o.kind) == key]
        # at most one line left (the marker's) where the original had more: a one-line body counts too
        if olds and all(d.end - d.header < o.end - o.header for o in olds):
            lost.append(d.header + 1)
    return tuple(lost)


def diff_prefixes(orig: list[str], snip_raw: list[str], out: list[str]) -> tuple[int, ...]:
    """Merged lines (1-based) that carry diff syntax: an ``@@`` header, or a ``+``/``-`` prefix on
    a line that is code without it (an original line, or one the snippet wrote with that prefix).
    Only for diff-form snippets: elsewhere a leading "-" is content (a Markdown list item)."""
    if not is_diff_form(snip_raw, orig):
        return ()
    known = {norm(line) for line in orig}
    prefixed = {norm(line) for line in snip_raw if line[:1] in "+-"}
    found = []
    for i, line in enumerate(out):
        key = norm(line)
        if key in known:
            continue
        if _HEADER.match(line.strip()) or (line[:1] in "+-" and key in prefixed and norm(line[1:]) != key):
            found.append(i + 1)
    return tuple(found)


def snippet_definitions(text: str, lang) -> list:
    """Definitions in a snippet; methods sent without their class (which parse as nothing at the
    top level of Java, JavaScript, TypeScript...) are found by parsing them inside a class."""
    found = definitions(text, lang)
    if found or lang in ("python", "ruby", "lua", "go", "rust", "c", "bash", None):
        return found
    wrapped = definitions("class Snippet {\n" + text + "\n}\n", lang)
    return [
        replace(d, start=d.start - 1, header=d.header - 1, end=d.end - 1)
        for d in wrapped
        if d.start >= 1 and d.name != "Snippet"
    ]


def orphaned_lines(snippet_new: list[str], merged: str, lang) -> tuple[int, ...]:
    """Merged lines (1-based) inside a definition that the snippet wrote out whole, which the
    snippet's version does not have: the old body left behind after the new one (or spliced in)."""
    text = "\n".join(snippet_new)
    shown = [d for d in snippet_definitions(text, lang) if d.end > d.header]
    if not shown:
        return ()
    snip_lines = text.split("\n")
    merged_lines = merged.splitlines()
    by_name: dict = {}
    merged_defs = definitions(merged, lang)
    for d in merged_defs:
        by_name.setdefault((d.name, d.kind), []).append(d)
    extra = []
    for d in shown:
        body = snip_lines[d.start : d.end + 1]
        following = next((line for line in snip_lines[d.end + 1 :] if line.strip()), "")
        if any(is_marker_line(line, lang) for line in body) or (
            is_marker_line(following, lang) and WORD_CHAR.search(body[-1])
        ):
            continue  # the snippet elides part of it (a marker inside, or right after an open end)
        if not following and _left_open(body, lang):
            continue  # a definition the snippet's end cuts: it may go on (placement.stops_inside_body)
        header = norm(snip_lines[d.header])
        found = [
            m
            for m in by_name.get((d.name, d.kind), [])
            if m.header < len(merged_lines) and norm(merged_lines[m.header]) == header
        ]
        if len(found) != 1:
            continue
        m = found[0]
        have = Counter(norm(line) for line in body if line.strip())
        # a sibling's header ends it, whatever the grammar says (Scala's "def f: T =" on two lines
        # reaches to the next def)
        width = indent_width(merged_lines[m.header])
        end = min(
            [
                e.start - 1
                for e in merged_defs
                if m.header < e.start <= m.end and indent_width(merged_lines[e.header]) <= width
            ]
            + [m.end]
        )
        # a comment the grammar counts as the definition's last lines is the next one's doc comment
        # (Scala 3's indented bodies run on over it)
        while end > m.header and (
            end >= len(merged_lines) or not merged_lines[end].strip() or is_comment_line(merged_lines[end])
        ):
            end -= 1
        # its annotations, decorators and doc comment count only where the snippet shows them
        for i in range(m.start if d.start < d.header else m.header, end + 1):
            key = norm(merged_lines[i]) if i < len(merged_lines) else ""
            if not WORD_CHAR.search(key):
                continue  # blank lines and lone brackets say nothing
            if have[key] > 0:
                have[key] -= 1
            else:
                extra.append(i + 1)
    return tuple(extra)


def _left_open(body: list[str], lang) -> bool:
    """Whether a definition's lines, as the snippet ends with them, leave it open: brackets left
    unclosed, no ``end`` closing it (Ruby, Lua), or (an indentation language) no
    ``return``/``raise`` ending it."""
    if lang in INDENT_LANGUAGES:
        return not _TERMINAL.match(body[-1].strip())
    if lang in KEYWORD_END_LANGUAGES:
        return not re.match(r"end\b", body[-1].strip())  # Ruby's and Lua's blocks close with "end"
    text = "\n".join(body)
    return sum(text.count(c) for c in "{([") > sum(text.count(c) for c in "})]")


def vanished_definitions(
    original: str, snip: list[str], merged: str, lang, instruction: str = "", spans: list[tuple[int, int]] = ()
) -> tuple[str, ...]:
    """Names of original definitions (three lines or more) missing from the merged file although
    neither the snippet nor the instruction names them, the snippet does not show code on both
    sides of them, and they lie outside the regions the snippet rewrites (`spans`). Inside such a region
    a definition still counts as gone when the merge wrote a new definition of its kind under a name
    the original lacks: a new getter placed over a similar old one is no deletion the snippet shows."""
    after = {(d.name, d.kind) for d in definitions(merged, lang)}
    defs = definitions(original, lang)
    # kinds of definition the merge wrote under a name the original does not define
    new_kinds = {kind for name, kind in after - {(d.name, d.kind) for d in defs}}
    # A marker that names what it elides ("existing helpers (convert_key, convert_value)") promises
    # to keep it: a name counts as shown only on a line of code.
    marker = [is_marker_line(line, lang) for line in snip]
    snippet_text = "\n".join(line for line, m in zip(snip, marker) if not m)
    promised = "\n".join(line for line, m in zip(snip, marker) if m)
    orig_lines = original.splitlines()
    shown = [norm(line) for line, m in zip(snip, marker) if line.strip() and not m]
    adjacent = set(zip(shown, shown[1:])) | set(zip(shown, shown[1:], shown[2:]))
    gone = []
    for d in defs:
        name = d.name.split()[-1]
        if (d.name, d.kind) in after or d.end - d.start < 2:
            continue
        outer = [o for o in defs if o.start <= d.start and d.end <= o.end and o != d]
        if any(o.name.split()[-1] in instruction and (o.name, o.kind) not in after for o in outer):
            continue  # inside a definition the instruction names and that went as a whole
        if re.search(rf"\b{re.escape(name)}\b", promised):
            gone.append(d.name)  # the marker names it as kept, wherever the merge put the edit
            continue
        if name in snippet_text or name in instruction:
            continue
        if re.search(rf"(?<![\w$.:]){re.escape(re.split(r'::|[.:]', name)[-1])}(?![\w$])", instruction):
            continue  # "remove the Add function" names RE2::Set::Add, "shallowcopy" util.shallowcopy
        if d.kind not in new_kinds and any(start <= d.start and d.end < end for start, end in spans):
            continue  # a chunk spans it and wrote no new definition of its kind: a deletion it shows
        if _around(orig_lines, d.start, d.end) in adjacent:
            continue  # the snippet shows the deletion: the code around it, next to each other
        gone.append(d.name)
    return tuple(gone)


def _around(lines: list[str], start: int, end: int) -> tuple[str | None, ...]:
    """The code lines just around lines[start..end] (normalized): the nearest above and below, and
    the one above that when the nearest above only closes a block. A lone ``end`` or ``}`` closes
    any definition, a new one the snippet adds among them: next to the code below, it shows no
    deletion unless the code it closes is shown too."""
    above = [norm(lines[i]) for i in range(start - 1, -1, -1) if lines[i].strip()][:2]
    below = next((norm(lines[i]) for i in range(end + 1, len(lines)) if lines[i].strip()), None)
    if above and is_closer(above[0]) and len(above) == 2:
        return (above[1], above[0], below)
    return (above[0] if above else None, below)


_DECLARATION = re.compile(r"^(local|let|const|var|val)\s+(?:mut\s+|function\s+)?([A-Za-z_$][\w$]*)\b")
_SHADOWING = frozenset({"rust"})  # a `let` may shadow a name in its own block


def redeclared(orig: list[str], snip: list[str], out: list[str], lang: str | None = None) -> tuple[str, ...]:
    """Names declared in one block both by a new line of the output and by an original line the
    output keeps but the snippet does not show (Lua's ``local _rawget = rawget`` added above the
    ``local _rawget`` it should have replaced; a Kotlin ``val subcommands`` rewritten over three
    lines beside its one-line original). A block is the lines at one indentation under the same
    opening line; where the language lets a declaration shadow another in its block, only the top
    level counts."""
    shown = {norm(line) for line in snip}
    unused = Counter(norm(line) for line in orig)
    new, old = set(), set()
    for row, line in enumerate(out):
        key, match = norm(line), _DECLARATION.match(line.lstrip())
        is_new = unused[key] <= 0
        unused[key] -= 1
        if not match or (lang in _SHADOWING and line[:1].isspace()):
            continue
        name = (_block(out, row), match.group(1), match.group(2))
        if is_new:
            new.add(name)
        elif key not in shown:
            old.add(name)
    return tuple(sorted({name for _, _, name in new & old}))


def _block(lines: list[str], row: int) -> int:
    """A line's block: the row of the nearest line above it indented less (its opener); -1 at the
    top level."""
    width = indent_width(lines[row])
    if width == 0:
        return -1
    return next((r for r in range(row - 1, -1, -1) if lines[r].strip() and indent_width(lines[r]) < width), -1)


def duplicated_definitions(original: str, snippet: str, merged: str, lang) -> tuple[str, ...]:
    """Names of definitions whose whole text occurs more often in the merged file than in the
    original or in the snippet."""

    def texts(text: str, found) -> Counter:
        # keyed by the enclosing definition too: the same method in two impls is not a copy left over
        lines, parents = text.splitlines(), holder_names(found)
        return Counter(
            (parents[id(d)], d.name, tuple(norm(line) for line in lines[d.start : d.end + 1] if line.strip()))
            for d in found
            if d.end > d.start
        )

    # a section the original opens once (a YAML key) counts in the merged file however often it opens
    after = texts(merged, definitions(merged, lang, keep=sections_once(original, lang)))
    if not after or max(after.values()) < 2:
        return ()
    allowed = texts(original, definitions(original, lang)) | texts(snippet, snippet_definitions(snippet, lang))
    return tuple(dict.fromkeys(key[1] for key, n in after.items() if n > max(allowed[key], 1)))


def shuffled_chunks(snip: list[str], out: list[str], language: str | None) -> tuple[int, ...]:
    """1-based output lines where the lines one chunk of the snippet shows together (between two
    markers) stand in another order: distinctive lines, each once in the chunk and once in the
    output. A model that leaves moved code where it was ("move parseJsonThen above devtoolsImpl",
    the output unchanged) puts the chunk's later line first. () when every chunk keeps its order."""
    where: dict[str, int] = {}
    seen: Counter = Counter()
    for row, line in enumerate(out):
        key = norm(line)
        seen[key] += 1
        where[key] = row
    found = []
    for chunk in split_chunks(snip, language):
        keys = [norm(line) for line in chunk.lines if is_distinctive(norm(line))]
        shown = Counter(keys)
        rows = [where[key] for key in keys if shown[key] == 1 and seen[key] == 1]
        found += [b + 1 for a, b in zip(rows, rows[1:]) if b < a]
    return tuple(found)
