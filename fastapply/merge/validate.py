"""Checks for any merged file, from the model or from `lazy_merge`.

Codes (line numbers are 1-based):
  marker_leak   lazy markers in the merged file beyond those the original had (merged lines)
  syntax_error  parse errors the original did not have (merged lines)
  dropped_code  original lines gone from the merged file outside every region the snippet
                touched (original lines)
  truncated     the output stopped early: complete=False, far shorter than expected, or the
                original's tail is missing (merged lines: the last line)
  no_change     merged equals the original although the snippet has new code (snippet lines)
  invented_lines  merged lines found in neither the original nor the snippet, whitespace aside
                (merged lines)
  missing_snippet_lines  snippet code lines (not markers) absent from the merged file, when it is
                not simply the original (that is no_change) (snippet lines)
  duplicated_lines, vanished_body, diff_prefix, unbalanced, orphaned_lines, vanished_definition,
  instruction_not_applied, duplicated_definition, redeclared: see damage.py

A diff-form snippet (hunks.py) is checked by what it says the code becomes: its context and added
lines, prefixes dropped.
"""

from __future__ import annotations

import difflib
from collections import Counter
from dataclasses import asdict, dataclass

from fastapply.merge import damage
from fastapply.merge.anchor import norm
from fastapply.merge.hunks import is_diff_form, new_side
from fastapply.merge.languages import detect_language
from fastapply.merge.markers import is_marker_line
from fastapply.merge.merge import MergeResult, lazy_merge, split_lines
from fastapply.merge.syntax import error_lines, error_macros

# Output shorter than this share of the expected line count reads as truncated.
TRUNCATION_RATIO = 0.6
# Lines compared at the end of the file when looking for the original's tail.
TAIL_LINES = 3


@dataclass(frozen=True)
class ApplyWarning:
    code: str
    message: str
    lines: tuple[int, ...] = ()
    # "flag": the file may be wrong (auto falls back to the model; the API refuses it by default).
    # "note": something the service did that the caller should know, on a file it stands by.
    severity: str = "flag"

    def to_dict(self) -> dict:
        data = asdict(self)
        data["lines"] = list(self.lines)
        return data


def flags(warnings) -> list[ApplyWarning]:
    """The warnings that say the file may be wrong (not the notes)."""
    return [w for w in warnings if w.severity == "flag"]


def validate(
    original: str,
    snippet: str,
    merged: str,
    language: str | None = None,
    *,
    complete: bool = True,
    anchoring: MergeResult | None = None,
    instruction: str = "",
) -> list[ApplyWarning]:
    """Warnings about a merged file; [] when nothing looks wrong.

    `complete=False` says the producer stopped before finishing (e.g. the model hit its token
    limit). The snippet's own regions come from anchoring it deterministically (`lazy_merge`
    spans), so code the snippet explicitly rewrote is not reported as dropped; a caller that
    already merged this original and snippet passes that result as `anchoring`. The `instruction`,
    when given, is checked for deletions it asks for that the merged file does not make.
    """
    try:
        return _validate(original, snippet, merged, language, complete, anchoring, instruction)
    finally:
        norm.cache_clear()  # the line caches hold one request's lines at most
        is_marker_line.cache_clear()


def _validate(original, snippet, merged, language, complete, anchoring, instruction) -> list[ApplyWarning]:
    lang = detect_language(text=original or merged, hint=language)
    orig, _, _ = split_lines(original)
    snip_raw, _, _ = split_lines(snippet)
    out, _, _ = split_lines(merged)
    snip = new_side(snip_raw, orig, lang)
    # Regions the snippet rewrites, from a deterministic anchoring; only trusted when confident.
    if anchoring is None and snippet.strip():
        anchoring = lazy_merge(original, snippet, lang)
    spans = anchoring.spans if anchoring is not None and anchoring.confident else []
    code = _snippet_code(snip, lang)
    unchanged = [line.rstrip() for line in orig] == [line.rstrip() for line in out]
    warnings: list[ApplyWarning] = []
    for check in (
        _marker_leak(orig, out, lang),
        _syntax_error(original, merged, lang),
        _dropped_code(orig, out, snip, spans),
        _truncated(orig, code, out, spans, complete),
        _no_change(orig, code, unchanged),
        _invented_lines(orig, snip, out),
        _missing_snippet_lines(code, out, unchanged),
        *_damage(original, merged, orig, snip_raw, snip, out, lang, instruction, spans),
    ):
        if check is not None:
            warnings.append(check)
    return warnings


def _damage(original, merged, orig, snip_raw, snip, out, lang, instruction, spans) -> list[ApplyWarning]:
    found = []
    lines = damage.orphaned_lines(snip, merged, lang)
    if lines:
        found.append(
            ApplyWarning(
                "orphaned_lines",
                f"{len(lines)} line(s) inside definitions the snippet wrote out whole that its version does not have",
                lines,
            )
        )
    names = damage.vanished_definitions(original, snip, merged, lang, instruction, spans)
    if names:
        found.append(
            ApplyWarning(
                "vanished_definition",
                f"definitions gone that the snippet neither names nor shows removed: {', '.join(names[:5])}",
            )
        )
    names = damage.instruction_not_applied(original, merged, instruction, snip, lang)
    if names:
        found.append(
            ApplyWarning(
                "instruction_not_applied",
                f"the instruction asks to remove {', '.join(names[:5])}, which the output keeps",
            )
        )
    lines = damage.duplicated_lines(orig, snip, out, lang)
    if lines:
        found.append(
            ApplyWarning(
                "duplicated_lines",
                f"{len(lines)} distinctive line(s) occur more often than the original and the snippet hold them",
                lines,
            )
        )
    lines = damage.vanished_bodies(original, snip, merged, lang)
    if lines:
        found.append(
            ApplyWarning("vanished_body", f"{len(lines)} definition(s) lost the body the snippet elided", lines)
        )
    lines = () if is_diff_form(snip_raw, orig) else damage.shuffled_chunks(snip, out, lang)
    if lines:  # (hunks of a diff may come in any order; each is placed on its own)
        found.append(
            ApplyWarning(
                "shuffled_snippet",
                f"{len(lines)} line(s) stand in another order than the snippet shows them together",
                lines,
            )
        )
    lines = damage.diff_prefixes(orig, snip_raw, out)
    if lines:
        found.append(ApplyWarning("diff_prefix", f"{len(lines)} line(s) carry diff syntax (+/- prefixes, @@)", lines))
    if damage.unbalanced(original, merged, lang):
        found.append(ApplyWarning("unbalanced", "brackets that balance in the original do not in the output"))
    names = damage.duplicated_definitions(original, "\n".join(snip), merged, lang)
    if names:
        found.append(
            ApplyWarning("duplicated_definition", f"definitions that occur twice, text and all: {', '.join(names[:5])}")
        )
    names = damage.redeclared(orig, snip, out)
    if names:
        found.append(
            ApplyWarning(
                "redeclared", f"new declarations beside old ones the snippet never showed: {', '.join(names[:5])}"
            )
        )
    return found


def _marker_leak(orig, out, lang) -> ApplyWarning | None:
    allowed = Counter(norm(line) for line in orig if is_marker_line(line, lang))
    leaked = []
    for i, line in enumerate(out):
        if is_marker_line(line, lang):
            if allowed[norm(line)] > 0:
                allowed[norm(line)] -= 1
            else:
                leaked.append(i + 1)
    if not leaked:
        return None
    return ApplyWarning("marker_leak", f"{len(leaked)} lazy marker line(s) left in the output", tuple(leaked))


def _syntax_error(original, merged, lang) -> ApplyWarning | None:
    excused = error_macros(original, lang)
    before, after = error_lines(original, lang, excused), error_lines(merged, lang, excused)
    if before is None or after is None or len(after) <= len(before):
        return None
    orig_lines = Counter(norm(line) for line in _line_texts(original, before))
    new = []
    merged_lines = split_lines(merged)[0]
    for row in after:  # errors on lines that were already broken in the original don't count
        text = norm(merged_lines[row]) if row < len(merged_lines) else ""
        if orig_lines[text] > 0:
            orig_lines[text] -= 1
        else:
            new.append(row + 1)
    new = new or [row + 1 for row in after]
    return ApplyWarning("syntax_error", f"{len(after) - len(before)} parse error(s) not in the original", tuple(new))


def _line_texts(text, rows):
    lines = split_lines(text)[0]
    return [lines[r] for r in rows if r < len(lines)]


def line_opcodes(a: list[str], b: list[str]) -> list[tuple[str, int, int, int, int]]:
    """difflib's opcodes for two line lists, computed on what lies between their common head and
    tail: a merge changes a few places, and difflib without autojunk is quadratic on a long file of
    repeated lines."""
    head = 0
    while head < min(len(a), len(b)) and a[head] == b[head]:
        head += 1
    tail = 0
    while tail < min(len(a), len(b)) - head and a[len(a) - 1 - tail] == b[len(b) - 1 - tail]:
        tail += 1
    middle = difflib.SequenceMatcher(None, a[head : len(a) - tail], b[head : len(b) - tail], autojunk=False)
    ops = [
        (tag, i1 + head, i2 + head, j1 + head, j2 + head)
        for tag, i1, i2, j1, j2 in middle.get_opcodes()
        if not (tag == "equal" and i1 == i2 and j1 == j2)
    ]
    if head:
        ops.insert(0, ("equal", 0, head, 0, head))
    if tail:
        ops.append(("equal", len(a) - tail, len(a), len(b) - tail, len(b)))
    return ops


def _unexplained_deletions(orig, out, snip) -> list[int]:
    """Original lines the merged file deleted without the snippet showing that edit.

    A replaced block is explained when most of its new lines come from the snippet; a pure
    deletion when the snippet shows the lines on both sides of it next to each other.
    """
    snippet_norm = [norm(line) for line in snip if line.strip()]
    known = set(snippet_norm)
    adjacent = set(zip(snippet_norm, snippet_norm[1:]))
    deleted = []
    for tag, i1, i2, j1, j2 in line_opcodes([norm(x) for x in orig], [norm(x) for x in out]):
        if tag == "replace":
            new = [norm(x) for x in out[j1:j2] if x.strip()]
            if new and sum(x in known for x in new) * 2 >= len(new):
                continue
        elif tag == "delete":
            before = next((norm(orig[i]) for i in range(i1 - 1, -1, -1) if orig[i].strip()), None)
            after = next((norm(orig[i]) for i in range(i2, len(orig)) if orig[i].strip()), None)
            if (before, after) in adjacent:
                continue
        else:
            continue
        deleted.extend(range(i1, i2))
    return deleted


def _dropped_code(orig, out, snip, spans) -> ApplyWarning | None:
    # A line that still occurs as often as before was moved (reordering), not lost.
    missing = Counter(norm(line) for line in orig) - Counter(norm(line) for line in out)
    dropped = []
    for i in _unexplained_deletions(orig, out, snip):
        if not orig[i].strip() or any(start <= i < end for start, end in spans):
            continue
        if missing[norm(orig[i])] > 0:
            missing[norm(orig[i])] -= 1
            dropped.append(i + 1)
    if not dropped:
        return None
    return ApplyWarning(
        "dropped_code", f"{len(dropped)} original line(s) missing outside the edited regions", tuple(dropped)
    )


def _snippet_code(snip, lang) -> list[tuple[int, str]]:
    """(0-based index, normalised text) of the snippet's code lines: not blank, not a marker."""
    return [(i, norm(line)) for i, line in enumerate(snip) if line.strip() and not is_marker_line(line, lang)]


def _truncated(orig, code, out, spans, complete) -> ApplyWarning | None:
    last = (len(out),) if out else ()
    if not complete:
        return ApplyWarning("truncated", "the output stopped before it was complete", last)
    orig_count = sum(1 for line in orig if line.strip())
    covered = sum(1 for s, e in spans for line in orig[s:e] if line.strip())
    expected = orig_count - covered + len(code)
    out_count = sum(1 for line in out if line.strip())
    if expected > 20 and out_count < TRUNCATION_RATIO * expected:
        return ApplyWarning("truncated", f"output has {out_count} code lines, about {expected} expected", last)
    tail = [norm(line) for line in orig if line.strip()][-TAIL_LINES:]
    tail_edited = any(end >= len(orig) - TAIL_LINES for _, end in spans)
    out_tail = [norm(line) for line in out if line.strip()][-2 * TAIL_LINES - 2 :]
    if tail and not tail_edited and tail[-1] not in out_tail:
        return ApplyWarning("truncated", "the original's last lines are missing from the output", last)
    return None


def _no_change(orig, code, unchanged) -> ApplyWarning | None:
    if not unchanged:
        return None
    known = {norm(line) for line in orig}
    new = tuple(i + 1 for i, text in code if text not in known)
    if not new:
        return None
    return ApplyWarning("no_change", "output equals the original although the snippet has new code", new)


def mergeable_lines(original: str, snippet: str, language: str | None = None) -> tuple[str, ...]:
    """The lines a merge of these inputs may consist of: the original's, and the snippet's except
    its lazy markers (markers stand for code; they are never output)."""
    lang = detect_language(text=original or snippet, hint=language)
    orig = original.splitlines()
    snip = new_side(snippet.splitlines(), orig, lang)
    return (*orig, *(line for line in snip if not is_marker_line(line, lang)))


def _invented_lines(orig, snip, out) -> ApplyWarning | None:
    # A merge only moves and re-indents lines: each merged line comes from the original or the
    # snippet. A line from neither is the producer's own text (a reworded string, an invented
    # comment, a copy slip), which no other check sees when it still parses. None of the 212
    # expected files of the dev set has such a line.
    known = {norm(line) for line in orig} | {norm(line) for line in snip}
    invented = tuple(i + 1 for i, line in enumerate(out) if line.strip() and norm(line) not in known)
    if not invented:
        return None
    return ApplyWarning("invented_lines", f"{len(invented)} line(s) in neither the original nor the snippet", invented)


def _missing_snippet_lines(code, out, unchanged) -> ApplyWarning | None:
    # Every code line of a lazy snippet belongs to the merged file (markers stand for the rest):
    # a line left out is an edit dropped, the small model's most common slip. None of the dev set's
    # 212 expected files leaves one out.
    if unchanged:
        return None  # reported as no_change
    present = {norm(line) for line in out}
    missing = tuple(i + 1 for i, text in code if text not in present)
    if not missing:
        return None
    return ApplyWarning("missing_snippet_lines", f"{len(missing)} snippet line(s) missing from the output", missing)
