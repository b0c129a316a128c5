"""Deletions an instruction states that the snippet leaves under a marker.

Agents often write "Remove the /panic route" and then send a snippet that shows the code *around*
the route with the route itself elided by ``// ... existing code ...``: read literally, the marker
keeps it. The validator notices (``instruction_not_applied``); this module builds the candidate that
does what the instruction says. Each occurrence of a named thing on a line the snippet does not show
is widened to the largest syntax node whose lines the snippet does not show either — the statement,
member, element or definition that holds it, with its leading comments — and those lines go. The
candidate is only a proposal: the caller validates it and serves it with a warning naming what was
removed, so an inferred deletion is never silent.

Worked example (Go; the snippet shows ``/ping`` and the new ``/healthz`` and elides the rest)::

    instruction: "Remove the /panic demo route and add a /healthz endpoint"
    merged:      r.Get("/healthz", …)        shown by the snippet
                                             blank
                 r.Get("/panic", func(…) {   not shown: the expression statement of 3 lines
                     panic("test")           holding "/panic" is removed, with one of the
                 })                          two blank lines around it
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from fastapply.merge.check.validate import validate
from fastapply.merge.codes import ApplyWarning, Code
from fastapply.merge.merge import MergeResult
from fastapply.merge.repair import instructed, wording
from fastapply.merge.repair import units as where
from fastapply.merge.snippet.chunks import closing_only
from fastapply.merge.snippet.hunks import new_side
from fastapply.merge.text.languages import parse
from fastapply.merge.text.lines import indent_width, join_lines, split_lines
from fastapply.merge.text.markers import is_marker_line
from fastapply.merge.text.normal import is_comment_line, norm

# An inferred deletion larger than this is more likely a misreading than what was asked.
MAX_REMOVED_LINES = 80
MAX_REMOVED_SHARE = 0.5
_CLOSERS = ("}", ")", "]", "end", "</", "fi", "esac")


@dataclass(frozen=True)
class StatedDeletion:
    merged: str
    names: tuple[str, ...]  # the instruction's names whose code was removed
    removed: tuple[tuple[int, int], ...]  # 0-based inclusive line spans of the input text
    first_line: str  # the first removed line, stripped, for the warning


def _shown_removed(orig: list[str], out: list[str], names) -> bool:
    """Whether the literal merge has fewer code lines that assign or define one of ``names`` than
    the original (the snippet removed one, between lines it shows): "remove the num_args
    assignment", shown as a deletion, leaves num_args's uses, which are not the instruction's to
    remove; so does "remove the getId function" shown as its neighbours put together."""
    for name in names:
        if where.CODE_NAME.match(name):
            sets = _assigning(name)
            if sum(bool(sets.search(line)) for line in out) < sum(bool(sets.search(line)) for line in orig):
                return True
            # the definition itself gone between shown lines: the uses left are other code's
            if _definitions(out, name) < _definitions(orig, name):
                return True
    return False


def _definitions(lines: list[str], name: str) -> int:
    """Lines that define ``name`` after a keyword: ``def name``, ``func (e *Engine) name(``,
    ``function Inspector:name(``."""
    defining = re.compile(rf"\b{_KEYWORD}\s+(?:\([^)]*\)\s*)?(?:[\w$]+[.:])*{re.escape(name)}(?![\w$])")
    return sum(bool(defining.search(line)) for line in lines if name in line)


def _assigning(name: str) -> re.Pattern[str]:
    """A line that sets ``name``: ``name = ...``, ``name[2] += ...``, ``a, name = ...``, ``let name = ...``,
    ``local name``."""
    word = r"(?<![\w$.])" + re.escape(name) + r"(?![\w$])"
    return re.compile(
        r"\b(?:let|var|const|val|local|my|auto)\s+"
        + word
        + "|"
        + word
        + r"(?:\[[^\]]*\]|\.\w+)*\s*(?:,[^=]*)?(?:[-+*/%&|^]|<<|>>|\*\*|//)?=(?!=)"
    )


def stated_deletions(
    original: str, snippet: str, merged: str, language: str | None, instruction: str
) -> list[StatedDeletion]:
    """Candidates for ``merged`` without the code the instruction asks to remove and the snippet
    does not show, best first: each unit holding a named occurrence alone, most occurrences first
    ("remove the api.dispatch wrapper" removes the wrapper, not a later call), then all of them.
    [] when nothing is asked, the instruction moves code, or no occurrence sits in a whole-line
    syntax node the snippet does not show."""
    orig, _, _ = split_lines(original)
    snip = new_side(split_lines(snippet)[0], orig, language)
    names = instructed.instruction_not_applied(original, merged, instruction, snip, language)
    if not names or set(names) & set(wording.moved_names(instruction) + wording.renamed_names(instruction)):
        return []  # a move or a rename left undone is not repaired by deleting
    if not wording.asks_deletion(instruction) and any(merged.count(n) < original.count(n) for n in names):
        return []  # "use X instead of Y", done where the snippet shows it: another Y is another use
    if _shown_removed(orig, split_lines(merged)[0], names):
        return []  # the snippet removed a line that says the name: what is left of it is not its to guess
    tree = parse(merged, language)
    if tree is None:
        return []
    lines, newline, trailing = split_lines(merged)
    # A line the snippet shows is hidden all the same where the output repeats it more often than
    # the snippet does (a closing "})", "end"): which copy the snippet meant is unknown.
    shown = Counter(norm(line) for line in snip if line.strip() and not is_marker_line(line, language))
    output = Counter(norm(line) for line in lines)
    hidden = [not line.strip() or output[norm(line)] > shown[norm(line)] for line in lines]
    # "in getpagesize": a unit outside the body of the definition the removal names is another
    # thing, and the definition itself is the place: units are sought within its body
    scope = instructed.scope_rows(merged, instruction, language)
    searched = hidden if scope is None else [h and row in scope for row, h in enumerate(hidden)]
    units: Counter[tuple[int, int]] = Counter()
    held: dict[tuple[int, int], set[str]] = {}
    for name in names:
        # "HiBlack" names HiBlack, not FgHiBlack: a name is matched as a whole word
        word = where.CODE_NAME.match(name) is not None
        for span in where.units_of(name, tree, lines, searched, word=word, part=_named_part(instruction, name)):
            units[span] += 1
            held.setdefault(span, set()).add(name)
    # A unit that defines a named thing is the likeliest meaning of the name; when several units
    # only mention it (a use, a comment) and none defines it, which one is meant is unknown.
    defined_at = {
        name: [span for span in units if name in held[span] and where.defines(lines, span, name)] for name in names
    }
    defining = {span for spans in defined_at.values() for span in spans}
    if not defining and len(units) > 1:
        return []
    # A name defined in two hidden places ("the package-level BytesHexVar" beside the method of the
    # same name): which one is meant is unknown.
    if any(len(spans) > 1 for spans in defined_at.values()):
        return []
    if defining and not wording.asks_deletion(instruction):
        return []  # "use X instead of Y" changes Y's uses; Y's definition stays
    ranked = sorted(units.items(), key=lambda item: (item[0] not in defining, -item[1], item[0]))
    options = [[span] for span, _ in ranked]
    if len(units) > 1:
        # several names, each found in its own place: the instruction names them all. A name
        # removed with its definition takes only that: its uses inside other code are that code's
        # (a call in a loop is not "the function" the instruction removes).
        together = [span for span in units if span in defining or not any(defined_at[n] for n in held[span])]
        every = len(names) > 1 and set().union(*held.values()) == set(names)
        options = [together] + options if every else options + [together]
    candidates = []
    for spans in options:
        spans = [_with_doc_comment(lines, hidden, span) if span in defining else span for span in spans]
        removed = _without_dangling(tree, lines, hidden, _joined(set(spans)), instruction)
        if removed is None:
            continue
        # a comment heading the removed lines goes with them when they end its paragraph
        removed = _with_blank_line(
            lines, _joined({_with_doc_comment(lines, hidden, s) if _ends_paragraph(lines, s) else s for s in removed})
        )
        removed = _with_emptied_holder(lines, hidden, removed, instruction)
        count = sum(b - a + 1 for a, b in removed)
        if count > MAX_REMOVED_LINES or count > MAX_REMOVED_SHARE * len(lines):
            continue
        gone = {row for a, b in removed for row in range(a, b + 1)}
        if any(not gone.issuperset(range(a, b + 1)) for a, b in defining):
            continue  # a named definition left in place: the instruction is not done
        kept = [line for row, line in enumerate(lines) if row not in gone]
        candidates.append(
            StatedDeletion(
                join_lines(kept, newline, trailing),
                tuple(names),
                tuple(removed),
                next(lines[row].strip() for row in sorted(gone) if lines[row].strip()),
            )
        )
    return candidates


# "the showTimeCaption: true entry": a name with its value (code, quoted in words), then a kind of
# thing that is one part of a larger one (an object's entry, a struct's field, a call's argument)
_PARTS = r"(?:entry|entries|key|keys|property|properties|field|fields|item|items|element|elements|argument|arguments|option|options)"


def _named_part(instruction: str, name: str) -> bool:
    """Whether the instruction names ``name`` as one part of something: "remove the showTimeCaption:
    true entry from defaultProps" removes that entry, not the getter that returns it.

    >>> _named_part("Also remove the showTimeCaption: true entry from defaultProps.", "showTimeCaption")
    True
    >>> _named_part("Remove the showTimeCaption helper.", "showTimeCaption"), _named_part("Remove the Figma entry.", "Figma")
    (False, False)
    """
    pattern = rf"(?<![\w$]){re.escape(name)}\s*[:=]\s*[^\s.,;]+\s+{_PARTS}\b"
    return re.search(pattern, instruction) is not None


_KEYWORD = r"(?:var|let|const|val|function|def|class|func|fn|local|sub|struct|enum|trait|interface|type|object|record)"
# the name after the last keyword: "local function f" declares f, not "function"
_DECLARED = re.compile(rf"\b{_KEYWORD}\s+(?!{_KEYWORD}\b)([A-Za-z_$][\w$]*)")


def _with_doc_comment(lines: list[str], hidden: list[bool], span: tuple[int, int]) -> tuple[int, int]:
    """A removed definition's span with the hidden comment lines right above it (its doc comment,
    a ``# @deprecated`` note): they describe what goes, and would be left describing nothing."""
    a, b = span
    while a > 0 and hidden[a - 1] and is_comment_line(lines[a - 1]):
        a -= 1
    return a, b


def _ends_paragraph(lines: list[str], span: tuple[int, int]) -> bool:
    """Whether no line at the span's indentation follows it directly (a blank line, a closer or a
    shallower line comes next): a comment above it then spoke of it alone."""
    a, b = span
    after = lines[b + 1] if b + 1 < len(lines) else ""
    return not after.strip() or closing_only([after]) or indent_width(after) < indent_width(lines[a])


def _with_emptied_holder(
    lines: list[str], hidden: list[bool], removed: list[tuple[int, int]], instruction: str
) -> list[tuple[int, int]]:
    """``removed`` with the block around it when nothing else is left in that block and the
    instruction names it ("the fullSlice helper extension on Array" takes ``extension Array {``
    and its ``}`` along with the one property they held); an emptied block the instruction does
    not name stays."""
    gone = {row for a, b in removed for row in range(a, b + 1)}
    grown = set(removed)
    for a, b in removed:
        above = next((r for r in range(a - 1, -1, -1) if lines[r].strip() and r not in gone), None)
        below = next((r for r in range(b + 1, len(lines)) if lines[r].strip() and r not in gone), None)
        if above is None or below is None or not hidden[above] or not hidden[below]:
            continue
        header, closer = lines[above], lines[below]
        if not header.rstrip().endswith("{") or not closing_only([closer]):
            continue
        if indent_width(header) != indent_width(closer) or any(
            lines[r].strip() for r in range(above + 1, below) if r not in gone
        ):
            continue
        said = {w for w in re.findall(r"[A-Za-z_]\w{2,}", header) if w.lower() not in _PLAIN}
        if any(where.uses(instruction, w) or w.lower() in instruction.lower().split() for w in said):
            grown.add(_with_doc_comment(lines, hidden, (above, below)))
    return removed if grown == set(removed) else _with_blank_line(lines, _joined(grown))


def _outer_rows(lines: list[str], removed: list[tuple[int, int]]) -> list[int]:
    """The rows of each removed span at its own outermost indentation: what it declares to the code
    around it (its function's name), not the locals inside its body."""
    rows = []
    for a, b in removed:
        code = [row for row in range(a, b + 1) if lines[row].strip()]
        if code:
            outer = min(indent_width(lines[row]) for row in code)
            rows += [row for row in code if indent_width(lines[row]) == outer]
    return rows


def _without_dangling(
    tree, lines: list[str], hidden: list[bool], removed: list[tuple[int, int]], instruction: str
) -> list[tuple[int, int]] | None:
    """``removed`` grown by the hidden units beside it that are about a name it declares: one that
    says the name on its first line at the top level (``impl Display for BinaryBytes``,
    ``register("x", x)``) or with a word the instruction says too, or a definition the instruction
    names ("drop the workaround (testRegExp)" takes the helper that
    wraps it); None when a name it declares is still used on a line that cannot go. A use inside
    other code (a call in some function's loop, an impl's method, a sibling function's body) is
    that code's: taking it would cut what the instruction never named, so nothing is proposed."""
    for _ in range(3):
        gone = {row for a, b in removed for row in range(a, b + 1)}
        outer = _outer_rows(lines, removed)
        depth = min((indent_width(lines[row]) for row in outer), default=0)
        declared = {m.group(1) for row in outer for m in _DECLARED.finditer(lines[row])}
        users = {
            name: [row for row, line in enumerate(lines) if row not in gone and where.uses(line, name)]
            for name in declared
        }
        users = {name: rows for name, rows in users.items() if rows}
        if not users:
            return removed
        spans = set(removed)
        for name in users:
            found = where.units_of(
                name, tree, lines, [h and row not in gone for row, h in enumerate(hidden)], word=True
            )
            if len(found) < len(users[name]) or not all(
                _about(lines, span, depth, name, instruction) for span in found
            ):
                return None  # a use the snippet shows, in no whole-line unit, or in other code
            spans.update(found)
        removed = _with_blank_line(lines, _joined(spans))
    return None


def _about(lines: list[str], span: tuple[int, int], depth: int, name: str, instruction: str) -> bool:
    """Whether a unit using ``name`` stands beside the removed code (no deeper) and is about it:
    it defines something the instruction names, or its first line says the name at the top level
    or with something else the instruction says."""
    first = next((lines[row] for row in range(span[0], span[1] + 1) if lines[row].strip()), "")
    if indent_width(first) > depth:
        return False
    if any(where.uses(instruction, m.group(1)) for m in _DECLARED.finditer(first)):
        return True
    # it says the name at the file's top level (a registration, an impl block), or the instruction
    # says what it is ("their assert:register lines"); a bare call inside a body ("rec(args,
    # Map())") is the caller's code
    said = {w for w in re.findall(r"[A-Za-z_]\w{2,}", first) if w != name and w.lower() not in _PLAIN}
    return where.uses(first, name) and (indent_width(first) == 0 or any(where.uses(instruction, w) for w in said))


# words a unit's first line shares with any instruction: they say nothing of which unit is meant
_PLAIN = frozenset("for the and this self new return function def let var const local".split())


def _joined(spans: set[tuple[int, int]]) -> list[tuple[int, int]]:
    """Overlapping or touching spans as one (an occurrence inside another's unit is the same unit)."""
    joined: list[tuple[int, int]] = []
    for a, b in sorted(spans):
        if joined and a <= joined[-1][1] + 1:
            joined[-1] = (joined[-1][0], max(joined[-1][1], b))
        else:
            joined.append((a, b))
    return joined


def _with_blank_line(lines: list[str], spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Each span plus the blank lines beside it that the removal would leave in excess: where the
    blank runs before and after it meet, the wider one stays (two blank lines between Python
    definitions stay two); at a block's start the run before it, against a closing line or the end
    of the file the run after it."""
    out = []
    for a, b in spans:
        before = next((n for n in range(a + 1) if a - n - 1 < 0 or lines[a - n - 1].strip()), 0)
        after = next((n for n in range(len(lines) - b) if b + n + 1 >= len(lines) or lines[b + n + 1].strip()), 0)
        opener = lines[a - before - 1] if a - before > 0 else ""
        # a block's start: its opening line ends in a bracket or a colon, or (Ruby's "class Router",
        # Lua's "function f()") stands less indented than the code removed below it
        start = (
            a - before == 0
            or opener.rstrip().endswith(("{", "(", "[", ":"))
            or (indent_width(opener) < indent_width(lines[a]))
        )
        end = b + after + 1 >= len(lines) or lines[b + after + 1].strip().startswith(_CLOSERS)
        keep = before if start else after if end else max(before, after)
        excess = before + after - keep
        take = min(before, excess)
        out.append((a - take, b + excess - take))
    return out


def inferred_deletion(
    original: str,
    snippet: str,
    merged: str,
    language: str | None,
    instruction: str,
    anchoring: MergeResult | None = None,
) -> tuple[str, ApplyWarning] | None:
    """The first candidate of ``stated_deletions`` that validates cleanly — the only original lines
    it lacks beyond the merge's are the ones it removed — with the warning that says what went."""
    orig, _, _ = split_lines(original)
    lines, _, _ = split_lines(merged)
    for candidate in stated_deletions(original, snippet, merged, language, instruction):
        removed = {norm(line) for a, b in candidate.removed for line in lines[a : b + 1]}
        # Its own removal is what the instruction asked (a name still used elsewhere may stay).
        warnings = [
            w
            for w in validate(
                original, snippet, candidate.merged, language, anchoring=anchoring, instruction=instruction
            )
            if w.code != "instruction_not_applied"
            and not (w.code == Code.UNACCOUNTED_DELETION and all(norm(orig[i - 1]) in removed for i in w.lines))
        ]
        if warnings:
            continue
        count = sum(b - a + 1 for a, b in candidate.removed)
        gaps, before = [], 0
        for a, b in candidate.removed:
            gaps.append(a - before + 1)
            before += b - a + 1
        return candidate.merged, ApplyWarning(
            Code.INFERRED_DELETION,
            f"removed {count} line(s) the snippet left under a marker, because the "
            f"instruction asks to remove {', '.join(candidate.names[:5])} (first: `{candidate.first_line[:80]}`)",
            tuple(gaps),
            severity="note",
        )
    return None
