"""Diff-form snippets: edits written as unified-diff hunks (``+``/``-`` line prefixes, with or
without ``@@`` headers, often mixed with lazy markers), applied as hunks.

Some agents answer "apply this" with a diff instead of a lazy rewrite::

    @@ -12,4 +12,5 @@
     def connect(self):
    -    sock = socket.create_connection(self.addr)
    +    sock = socket.create_connection(self.addr, timeout=self.timeout)
    +    sock.setblocking(False)
         return sock

Whether a snippet is diff-form is decided against the original (the prefix convention is detected,
not assumed): ``-`` lines must be original lines once the prefix is dropped and not as written,
``+`` lines must not be original lines as written. A Markdown list item or a Lua comment that is
already in the file is therefore never read as a diff line. Each hunk (its context and ``-`` lines)
must then match the original exactly once after the previous hunk, whitespace aside (a context
comment may be reworded when the hunk's other lines place it, and place it once). A header's line
number (agents get them wrong) or the line it quotes instead (``@@ def connect(self):``) only
chooses between places where the hunk's lines stand alike. The ``*** Begin Patch`` /
``*** Update File:`` envelope some agents wrap their hunks in is dropped like a file header.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from fastapply.merge.snippet.chunks import reindent
from fastapply.merge.snippet.flat import flat_additions, is_flat
from fastapply.merge.text.languages import marker_line
from fastapply.merge.text.lines import code_widths, indent_of
from fastapply.merge.text.lines import indent_width as _width
from fastapply.merge.text.markers import is_marker_line
from fastapply.merge.text.normal import is_closer, is_comment_line, norm
from fastapply.merge.text.style import Style

HUNK_HEADER = re.compile(r"^@@(?:\s.*)?$")
_QUOTED = re.compile(r"^@@(?: -\d+(?:,\d+)? \+\d+(?:,\d+)? @@)?\s*(.*?)\s*$")  # the text after the numbers
_OLD_START = re.compile(r"^@@ -(\d+)")  # "@@ -3,4 +3,5 @@", "@@", and "@@ def name(...)" (a function as the header)
# a file's header lines, and the envelope of a patch in the "*** Begin Patch" form some agents use
FILE_HEADER = re.compile(
    r"^(---|\+\+\+) (a/|b/|/dev/null|\S+\.\w+)|^diff --git |^index [0-9a-f]+\.\."
    r"|^\*\*\* (?:Begin Patch|End Patch|End of File|(?:Update|Add|Delete) File: |Move to: )"
)


@dataclass
class Hunk:
    # (kind, text): kind " " context, "-" removed, "+" added; text without the prefix
    lines: list[tuple[str, str]] = field(default_factory=list)
    old_start: int | None = None  # the 0-based original line its "@@ -N" header names, if any
    below: str = ""  # the line its header quotes ("@@ def connect(self):"), which stands above the hunk

    @property
    def _old_lines(self) -> list[tuple[str, str]]:
        return [(kind, text) for kind, text in self.lines if kind != "+" and text.strip()]

    @property
    def old(self) -> list[str]:
        return [text for _, text in self._old_lines]

    @property
    def reworded(self) -> list[bool]:
        """For each of ``old``: a context comment, which an agent may have reworded from memory."""
        return [kind == " " and is_comment_line(text) for kind, text in self._old_lines]

    @property
    def changes(self) -> bool:
        return any(kind != " " for kind, _ in self.lines)


def _classify(line: str, orig_norm: set[str]) -> str:
    """ "-", "+" or " " for one snippet line, by the original's evidence."""
    if line.strip() in ("-", "+"):  # a removed or added blank line
        return line.strip()
    if line[:1] == "-" and not line.startswith("---") and norm(line) not in orig_norm and norm(line[1:]) in orig_norm:
        return "-"
    if line[:1] == "+" and not line.startswith("+++") and norm(line) not in orig_norm:
        return "+"
    return " "


def is_diff_form(snippet_lines: list[str], original_lines: list[str]) -> bool:
    """True when the snippet is written as diff hunks rather than as lazy code."""
    orig_norm = {norm(line) for line in original_lines if line.strip()}
    kinds = [_classify(line, orig_norm) for line in snippet_lines]
    removed, added = kinds.count("-"), kinds.count("+")
    if not removed and not added:
        return False
    if any(HUNK_HEADER.match(line) for line in snippet_lines) or removed:
        return True
    # Only additions: diff-form when every other line is an original line (context) or a marker,
    # or when context lines carry the one-space prefix of a diff.
    others = [
        line for line, kind in zip(snippet_lines, kinds) if kind == " " and line.strip() and not FILE_HEADER.match(line)
    ]
    context = [line for line in others if norm(line) in orig_norm]
    if context and len(context) == len([line for line in others if not is_marker_line(line)]):
        return True
    spaced = [line for line in context if line.startswith(" ") and line[1:] in set(original_lines)]
    return bool(context) and len(spaced) * 2 >= len(context)


def parse_hunks(snippet_lines: list[str], original_lines: list[str], language: str | None) -> list[Hunk]:
    """The snippet's hunks: cut at ``@@`` headers and lazy markers; file headers dropped."""
    orig_norm = {norm(line) for line in original_lines if line.strip()}
    hunks: list[Hunk] = [Hunk()]
    for line in snippet_lines:
        # (a marker may carry a context line's one-space prefix; an added line is the file's text,
        # a "// ..." in a doc comment's example included)
        context_marker = line.startswith(" ") and is_marker_line(line[1:], language)
        if HUNK_HEADER.match(line) or is_marker_line(line, language) or context_marker:
            numbered = _OLD_START.match(line)
            quoted = _QUOTED.match(line)
            hunks.append(
                Hunk(
                    old_start=int(numbered.group(1)) - 1 if numbered else None, below=quoted.group(1) if quoted else ""
                )
            )
            continue
        if FILE_HEADER.match(line):
            continue
        kind = _classify(line, orig_norm)
        text = line[1:] if kind != " " or (line.startswith(" ") and line[1:] in original_lines) else line
        hunks[-1].lines.append((kind, text))
    return [h for h in hunks if any(text.strip() for _, text in h.lines)]


def _matches(
    original_lines: list[str], old: list[str], start: int, reworded: list[bool] | None = None
) -> list[tuple[int, list[int]]]:
    """Every place at or after `start` where the old lines occur in order as consecutive non-blank
    original lines: (first index, index of each old line). Where ``reworded`` marks a line, any
    comment line of the original stands for it."""
    nonblank = [i for i in range(start, len(original_lines)) if original_lines[i].strip()]
    normed = [norm(original_lines[i]) for i in nonblank]
    target = [norm(line) for line in old]
    loose = reworded or [False] * len(old)
    found = []
    for k in range(len(normed) - len(target) + 1):
        if all(
            is_comment_line(original_lines[nonblank[k + n]]) if loose[n] else normed[k + n] == want
            for n, want in enumerate(target)
        ):
            found.append((nonblank[k], nonblank[k : k + len(target)]))
    return found


def _place(original_lines: list[str], hunk: Hunk, start: int) -> list[tuple[int, list[int]]]:
    """Where the hunk's old lines stand at or after `start`: as written, or else with its context
    comments reworded (an agent's paraphrase of a comment it did not change) when the lines that
    are not comments place it, and place it once."""
    found = _matches(original_lines, hunk.old, start)
    reworded = hunk.reworded
    if found or not any(reworded) or sum(not r for r in reworded) < 2:
        return found
    loose = _matches(original_lines, hunk.old, start, reworded)
    return loose if len(loose) == 1 else []


def _added_blank(hunk: Hunk, k: int) -> bool:
    """A bare blank line inside a run of additions is an added blank line (agents drop the '+')."""
    before = next((kind for kind, text in reversed(hunk.lines[:k]) if text.strip()), None)
    after = next((kind for kind, text in hunk.lines[k + 1 :] if text.strip()), None)
    return before == "+" and after == "+"


def _render(hunk: Hunk, original_lines: list[str], where: list[int], blank_above: int = 0, lead: int = 0) -> list[str]:
    """The hunk's new text for original[where[0]-lead:where[-1]+1]: context lines as the original
    has them, additions re-indented by the shift that the snippet's context and removed lines show.

    Blank lines: a blank context line takes the original's blank line at that point, a lone "-"
    removes it; blank lines the snippet did not show are kept, except inside a removed block, and
    next to one no more of them than the original had in one place (its separator goes with it).
    The ``lead`` blank lines right above the first old line are the hunk's own (`_lead`).
    """
    last_old = max(k for k, (kind, text) in enumerate(hunk.lines) if kind != "+" and text.strip())
    last_add = max((k for k, (kind, _) in enumerate(hunk.lines) if kind == "+"), default=-1)
    # The indentation shift comes from the removed lines (their prefix is certain); context lines
    # count only without them, as the original has them or with a diff's one-space prefix dropped.
    old = [(kind, text) for kind, text in hunk.lines if kind != "+" and text.strip()]
    # context lines at column 0 that the file indents, more of them than lines that open with a
    # space, say the hunk is written without the file's indentation and without a prefix column: a
    # line indented by four spaces there is indented by four, not three and a prefix (one "}" an
    # agent wrote without its prefix says nothing)
    context = [(text, o) for (kind, text), o in zip(old, where) if kind == " "]
    bare = sum(not text.startswith(" ") and original_lines[o].startswith((" ", "\t")) for text, o in context)
    prefixed = bare <= sum(text.startswith(" ") for text, _ in context)
    witnesses = [(text, o) for (kind, text), o in zip(old, where) if kind == "-"] or [
        (_as_context(text, original_lines[o]) if prefixed else text, o) for (_, text), o in zip(old, where)
    ]
    # a closer written without its prefix says nothing of the shift, where other lines do
    witnesses = [(text, o) for text, o in witnesses if not is_closer(text)] or witnesses
    added = [text for kind, text in hunk.lines if kind == "+"]
    flat = None
    if is_flat(hunk.lines, [original_lines[o] for o in where]):
        flat = flat_additions(hunk.lines, [original_lines[o] for o in where], Style(original_lines))
    if flat is not None:
        added_iter = iter(flat)
    else:
        probe = reindent(
            [text for text, _ in witnesses] + added, [(i, o) for i, (_, o) in enumerate(witnesses)], original_lines
        )
        # (the widths of the lines the hunk shows are the file's too: a comment's text at 7 columns)
        added_iter = iter(on_grid(probe[len(witnesses) :], original_lines, [original_lines[o] for o in where]))
    spaced_blanks = {line for line in original_lines if line and not line.strip()}
    out: list[str] = []
    old_iter = iter(where)
    cursor = where[0] - lead  # the next original line not yet accounted for
    last_kind = None  # kind of the last old (non-blank) line
    for k, (kind, text) in enumerate(hunk.lines):
        if kind == "+":
            line = next(added_iter)
            # a blank added line as written where the file itself has blank lines of those spaces
            out.append(line if text.strip() else text if text in spaced_blanks else "")
            continue
        if not text.strip():
            if k > max(last_old, last_add):
                if kind == "-" and cursor < len(original_lines) and not original_lines[cursor].strip():
                    cursor += 1  # a lone "-" after the last removed line removes the blank below it
                    continue
                break  # blank context lines closing the hunk stand for nothing; the original's stay
            if cursor < len(original_lines) and not original_lines[cursor].strip():
                if kind == " ":
                    out.append(original_lines[cursor])
                cursor += 1
            elif kind == " " and _added_blank(hunk, k):
                out.append("")
            continue
        o = next(old_iter)
        gap = original_lines[cursor:o]
        if last_kind is not None and not (last_kind == "-" and kind == "-"):
            trailing = len(out) - len(_rstrip_blank(out)) if out else blank_above
            out.extend(gap[trailing:] if "-" in (last_kind, kind) else gap)
        if kind == " ":
            out.append(original_lines[o])
        cursor, last_kind = o + 1, kind
    return out, cursor


def _lead(hunk: Hunk, original_lines: list[str], start: int, pos: int) -> int:
    """How many of the blank lines right above ``start`` (none above ``pos``) the hunk shows before
    its first old line: added lines above a blank context line go above that blank line.

    >>> _lead(Hunk([("+", "def f():"), ("+", "    pass"), (" ", ""), (" ", "def g():")]), ["}", "", "def g():"], 2, 0)
    1
    """
    first_old = next(k for k, (kind, text) in enumerate(hunk.lines) if kind != "+" and text.strip())
    shown = sum(kind != "+" and not text.strip() for kind, text in hunk.lines[:first_old])
    return min(shown, _blank_run_before(original_lines, start), start - pos)


def on_grid(added: list[str], original_lines: list[str], shown: list[str] = ()) -> list[str]:
    """Added lines one column short of an indentation the file uses, at a width it never uses,
    moved onto it: agents write ``+   x`` among 4-space lines, the ``+`` taking an indent column.
    The widths of the ``shown`` lines (those the hunk stands for) are the file's too, though they
    may be no code's: the text of a comment at 7 columns, replaced by a line at 7."""
    widths = code_widths(original_lines) | {_width(line) for line in shown if line.strip()}

    def fits(line: str) -> bool:  # one column further, on the grid
        return _width(line) + 1 in widths and "\t" not in indent_of(line)

    def short(line: str) -> bool:  # ... and off it where it stands
        return fits(line) and _width(line) not in widths

    code = [line for line in added if line.strip()]
    # the "+" took a column from every line: a Javadoc's " * " lines land on the file's grid one short
    # too ("    * Tests" at 4 beside "   /**" at 3), so where one line is off the grid and every line
    # one column further is on it, they all move
    every = any(map(short, code)) and all(map(fits, code))
    return [" " + line if line.strip() and (every or short(line)) else line for line in added]


def _as_context(text: str, original_line: str) -> str:
    """A context line as the snippet meant it: a diff's one-space prefix dropped unless the line
    is already the original's as written."""
    return text[1:] if text.startswith(" ") and text != original_line else text


def _rstrip_blank(lines: list[str]) -> list[str]:
    end = len(lines)
    while end and not lines[end - 1].strip():
        end -= 1
    return lines[:end]


def _blank_run_before(lines: list[str], i: int) -> int:
    n = 0
    while i - n - 1 >= 0 and not lines[i - n - 1].strip():
        n += 1
    return n


NUMBERED_SLACK = 10  # how far an agent's "@@ -N" may be off and still point at one place


def numbered_place(found: list[tuple[int, list[int]]], old_start: int | None) -> list[tuple[int, list[int]]]:
    """Of the places a hunk's old lines stand (``found``: first line, lines), the one its header's
    line number points at: within ``NUMBERED_SLACK`` lines of it, where every other place is more
    than that farther still; all of them when the number points at none (absent, or wrong).

    >>> numbered_place([(477, [477]), (630, [630])], 477), len(numbered_place([(477, [477]), (490, [490])], 480))
    ([(477, [477])], 2)
    """
    if old_start is None:
        return found
    by_distance = sorted(found, key=lambda place: abs(place[0] - old_start))
    near, far = abs(by_distance[0][0] - old_start), abs(by_distance[1][0] - old_start)
    return [by_distance[0]] if near <= NUMBERED_SLACK and far > near + NUMBERED_SLACK else found


def quoted_place(
    found: list[tuple[int, list[int]]], below: str, original_lines: list[str]
) -> list[tuple[int, list[int]]]:
    """Of the places a hunk's old lines stand, the first one below the line its header quotes
    (``@@ static void Dump(int n) {``: the enclosing function, or any line above the hunk), when
    that line stands once in the file; all of them otherwise.

    >>> quoted_place([(2, [2]), (5, [5])], "def b():", ["def a():", "", "  x = 1", "def b():", "", "  x = 1"])
    [(5, [5])]
    """
    rows = [r for r, line in enumerate(original_lines) if below and norm(line) == norm(below)]
    if len(rows) != 1:
        return found
    after = [place for place in found if place[0] >= rows[0]]  # (the hunk may open with that line)
    return after[:1] or found


def apply_hunks(original_lines: list[str], hunks: list[Hunk]):
    """(merged lines, spans of the original replaced, problems). Each hunk must match its old lines
    exactly once after the previous hunk; a hunk that does not is reported and left out."""
    out: list[str] = []
    spans: list[tuple[int, int]] = []
    problems: list[str] = []
    pos = 0
    for n, hunk in enumerate(hunks, start=1):
        old = hunk.old
        if not old:
            problems.append(f"hunk {n} has no context or removed lines to place it by")
            continue
        found = _place(original_lines, hunk, pos)
        if not hunk.changes and len(found) != 1:
            continue  # context alone that is not unique after the previous hunk says nothing
        if not found:
            earlier = _matches(original_lines, old, 0)
            problems.append(
                f"hunk {n}: its context and removed lines "
                + ("occur only before the previous hunk" if earlier else "are not in the original")
            )
            continue
        if len(found) > 1:
            found = numbered_place(found, hunk.old_start)
        if len(found) > 1:
            found = quoted_place(found, hunk.below, original_lines)
        if len(found) > 1:
            problems.append(f"hunk {n}: its context and removed lines occur {len(found)} times")
        start, where = found[0]
        end = where[-1] + 1
        if not hunk.changes:  # context only: it just moves the position on
            out.extend(original_lines[pos:end])
            pos = end
            continue
        lead = _lead(hunk, original_lines, start, pos)
        new, end = _render(
            hunk,
            original_lines,
            where,
            len(out) - len(_rstrip_blank(out)) if start == pos else _blank_run_before(original_lines, start),
            lead,
        )
        start -= lead
        out.extend(original_lines[pos:start])
        out.extend(new)
        spans.append((start, end))
        pos = end
    out.extend(original_lines[pos:])
    return out, spans, problems


def new_side(snippet_lines: list[str], original_lines: list[str], language: str | None) -> list[str]:
    """What the snippet says the code becomes: for a diff-form snippet its context and added lines
    (prefixes dropped, added lines one column short put on the file's grid as applying the hunk
    does, removed lines left out, a marker between hunks); any other snippet as is."""
    if not original_lines or not is_diff_form(snippet_lines, original_lines):
        return snippet_lines
    out: list[str] = []
    for n, hunk in enumerate(parse_hunks(snippet_lines, original_lines, language)):
        if n:
            out.append(marker_line(language))  # a comment the language parses: "//" ends a Python body
        removed = [text for kind, text in hunk.lines if kind == "-"]
        added = iter(on_grid([text for kind, text in hunk.lines if kind == "+"], original_lines, removed))
        out.extend(next(added) if kind == "+" else text for kind, text in hunk.lines if kind != "-")
    return out
