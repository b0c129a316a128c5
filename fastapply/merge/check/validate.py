"""Checks for any merged file, from the model or from `lazy_merge`.

Codes (line numbers are 1-based):
  marker_leak   lazy markers in the merged file beyond those the original had (merged lines)
  syntax_error  parse errors the original did not have (merged lines)
  truncated     the output stopped early: complete=False, far shorter than expected, or the
                original's tail is missing (merged lines: the last line)
  no_change     merged equals the original although the snippet has new code (snippet lines)
  invented_lines  merged lines found in neither the original nor the snippet, whitespace aside
                (merged lines)
  missing_snippet_lines  snippet code lines (not markers, nor notes opening with an ellipsis) absent
                from the merged file, when it is not simply the original (that is no_change)
                (snippet lines)
  elided_edit   snippet notes that state an edit to the code they elide ("... same change in the
                other overloads ..."), which neither placement nor a check can read (snippet lines)
  duplicated_lines, vanished_body, diff_prefix, unbalanced, orphaned_lines, vanished_definition,
  instruction_not_applied, duplicated_definition, redeclared, skipped_definition: see damage.py,
  balance.py, repair/instructed.py, repair/adjacency.py
  unaccounted_deletion, kept_beside_replacement, defined_twice, indent_shift, retyped_context: the edit accounting
                (account/), every original line accounted for, every merged line traced

A diff-form snippet (hunks.py) is checked by what it says the code becomes: its context and added
lines, prefixes dropped.
"""

from __future__ import annotations

import re
from collections import Counter

from fastapply.merge.account import account
from fastapply.merge.check import balance, damage
from fastapply.merge.check.line_checks import (
    elided_edits,
    invented_lines,
    missing_snippet_lines,
    no_change,
    snippet_code,
    truncated,
)
from fastapply.merge.codes import ApplyWarning, Code
from fastapply.merge.merge import MergeResult, lazy_merge
from fastapply.merge.repair import adjacency, instructed, relative, values
from fastapply.merge.snippet.hunks import is_diff_form, new_side
from fastapply.merge.text.languages import detect_language
from fastapply.merge.text.lines import split_lines, without_bom
from fastapply.merge.text.markers import is_marker_line, opens_with_ellipsis
from fastapply.merge.text.normal import norm
from fastapply.merge.text.syntax import error_lines, error_macros


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
        texts = (without_bom(original), without_bom(snippet), without_bom(merged))  # (the encoding, not code)
        return _validate(*texts, language, complete, anchoring, instruction)
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
    code = snippet_code(snip, lang)
    unchanged = [line.rstrip() for line in orig] == [line.rstrip() for line in out]
    warnings: list[ApplyWarning] = []
    for check in (
        _marker_leak(orig, out, lang, _added(snip_raw, orig)),
        _syntax_error(original, merged, lang),
        truncated(orig, code, out, spans, complete),
        no_change(orig, code, unchanged),
        invented_lines(orig, snip, out, instruction),
        missing_snippet_lines(code, out, unchanged),
        elided_edits(original, merged, orig, snip, lang, instruction),
        *_damage(original, merged, orig, snip_raw, snip, out, lang, instruction, spans),
        *account(original, snippet, merged, lang, instruction),
    ):
        if check is not None:
            warnings.append(check)
    codes = {w.code for w in warnings}
    if Code.DUPLICATED_DEFINITION in codes:  # its special case, text and all, that repair.moves answers
        warnings = [w for w in warnings if w.code != Code.DEFINED_TWICE]
    return warnings


def _damage(original, merged, orig, snip_raw, snip, out, lang, instruction, spans) -> list[ApplyWarning]:
    found = []
    lines = damage.orphaned_lines(snip, merged, lang)
    if lines:
        found.append(
            ApplyWarning(
                Code.ORPHANED_LINES,
                f"{len(lines)} line(s) inside definitions the snippet wrote out whole that its version does not have",
                lines,
            )
        )
    names = damage.vanished_definitions(original, snip, merged, lang, instruction, spans)
    if names:
        found.append(
            ApplyWarning(
                Code.VANISHED_DEFINITION,
                f"definitions gone that the snippet neither names nor shows removed: {', '.join(names[:5])}",
            )
        )
    names = instructed.instruction_not_applied(original, merged, instruction, snip, lang)
    if names:
        found.append(
            ApplyWarning(
                Code.INSTRUCTION_NOT_APPLIED,
                f"the instruction asks to remove or change {', '.join(names[:5])}, which the output keeps as it was",
            )
        )
    for name, where, other in relative.unmade_moves(merged, lang, instruction)[:1]:
        found.append(
            ApplyWarning(
                Code.INSTRUCTION_NOT_APPLIED,
                f"the instruction moves {name} {where} {other}, which the output does not do",
            )
        )
    for name, value in values.values_not_set(orig, out, instruction)[:1]:
        found.append(
            ApplyWarning(
                Code.INSTRUCTION_NOT_APPLIED,
                f"the instruction sets {name} to {value}, which the output does not do",
            )
        )
    for quoted in values.quoted_changes_kept(original, merged, snip, instruction)[:1]:
        found.append(
            ApplyWarning(
                Code.INSTRUCTION_NOT_APPLIED,
                f"the instruction changes `{quoted[:60]}`, which the output keeps as it was",
            )
        )
    lines = damage.duplicated_lines(orig, snip, out, lang)
    if lines:
        found.append(
            ApplyWarning(
                Code.DUPLICATED_LINES,
                f"{len(lines)} distinctive line(s) occur more often than the original and the snippet hold them",
                lines,
            )
        )
    lines = damage.vanished_bodies(original, snip, merged, lang)
    if lines:
        found.append(
            ApplyWarning(Code.VANISHED_BODY, f"{len(lines)} definition(s) lost the body the snippet elided", lines)
        )
    lines = adjacency.skipped_definitions(snip, merged, lang)
    if lines:
        found.append(
            ApplyWarning(
                Code.SKIPPED_DEFINITION,
                f"{len(lines)} definition(s) sit between two the snippet shows next to each other",
                lines,
            )
        )
    lines = () if is_diff_form(snip_raw, orig) else damage.shuffled_chunks(snip, out, lang)
    if lines:  # (hunks of a diff may come in any order; each is placed on its own)
        found.append(
            ApplyWarning(
                Code.SHUFFLED_SNIPPET,
                f"{len(lines)} line(s) stand in another order than the snippet shows them together",
                lines,
            )
        )
    lines = damage.diff_prefixes(orig, snip_raw, out)
    if lines:
        found.append(
            ApplyWarning(Code.DIFF_PREFIX, f"{len(lines)} line(s) carry diff syntax (+/- prefixes, @@)", lines)
        )
    if balance.unbalanced(original, merged, lang):
        found.append(ApplyWarning(Code.UNBALANCED, "brackets that balance in the original do not in the output"))
    names = damage.duplicated_definitions(original, "\n".join(snip), merged, lang)
    if names:
        found.append(
            ApplyWarning(
                Code.DUPLICATED_DEFINITION, f"definitions that occur twice, text and all: {', '.join(names[:5])}"
            )
        )
    names = damage.redeclared(orig, snip, out, lang)
    if names:
        found.append(
            ApplyWarning(
                Code.REDECLARED, f"new declarations beside old ones the snippet never showed: {', '.join(names[:5])}"
            )
        )
    return found


def _added(snip_raw: list[str], orig: list[str]) -> list[str]:
    """The lines a diff-form snippet adds ("+" lines, prefix dropped); none for any other snippet."""
    return (
        [line[1:] for line in snip_raw if line.startswith("+") and not line.startswith("+++")]
        if is_diff_form(snip_raw, orig)
        else []
    )


def _marker_leak(orig, out, lang, added: list[str]) -> ApplyWarning | None:
    """Marker lines, or comments opening with an ellipsis (an elision in words the marker reader
    does not know), beyond those the original holds and those a diff adds as its own text (a
    "// ..." in a doc comment's example)."""

    def elides(line: str) -> bool:
        return is_marker_line(line, lang) or opens_with_ellipsis(line) or _INLINE_ELISION.search(line) is not None

    allowed = Counter(norm(line) for line in [*orig, *added] if elides(line))
    leaked = []
    for i, line in enumerate(out):
        if elides(line):
            if allowed[norm(line)] > 0:
                allowed[norm(line)] -= 1
            else:
                leaked.append(i + 1)
    if not leaked:
        return None
    return ApplyWarning(Code.MARKER_LEAK, f"{len(leaked)} lazy marker line(s) left in the output", tuple(leaked))


# an elision inside a line of code: "f(a, /* ... */)", "{ /* … */ }"
_INLINE_ELISION = re.compile(r"/\*\s*(?:\.\.\.|…)\s*\*/")


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
    return ApplyWarning(Code.SYNTAX_ERROR, f"{len(after) - len(before)} parse error(s) not in the original", tuple(new))


def _line_texts(text, rows):
    lines = split_lines(text)[0]
    return [lines[r] for r in rows if r < len(lines)]
