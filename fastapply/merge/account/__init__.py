"""Edit accounting: trace every line of a merged file to its source and account for every original
line (trace.py), then check the invariants of an honest merge (checks.py). Runs on any merged file,
whoever produced it."""

from __future__ import annotations

from fastapply.merge.account.attached import comment_split, preamble_detached
from fastapply.merge.account.checks import defined_twice, indent_shift, kept_beside_replacement, unaccounted_deletion
from fastapply.merge.account.comments import banner_kept_beside, comment_dropped, comment_kept_beside
from fastapply.merge.account.described import described_removal_kept
from fastapply.merge.account.extracted import extracted_kept
from fastapply.merge.account.nesting import misplaced
from fastapply.merge.account.ordered import ordered_removal_undone
from fastapply.merge.account.repeats import comment_written_twice, moved_block_kept, retyped_written_twice
from fastapply.merge.account.retyped import retyped_lines, signature_rows
from fastapply.merge.account.struck import struck_kept_elsewhere
from fastapply.merge.account.trace import Trace, snippet_lines
from fastapply.merge.account.unasked import unasked_run
from fastapply.merge.account.unique import MARKUP, arms_twice, keys_twice
from fastapply.merge.account.unreachable import unreachable_after_return
from fastapply.merge.account.unused import unused_local_helpers
from fastapply.merge.codes import ApplyWarning, Code
from fastapply.merge.repair.wording import MOVE_VERB
from fastapply.merge.text.lines import split_lines
from fastapply.merge.text.normal import norm
from fastapply.merge.text.syntax import definitions


def account(
    original: str, snippet: str, merged: str, language: str | None, instruction: str = ""
) -> list[ApplyWarning]:
    """The invariants the merged file breaks ([] when every line is accounted for)."""
    orig, out = split_lines(original)[0], split_lines(merged)[0]
    trace = Trace(orig, snippet_lines(split_lines(snippet)[0], orig, language), out)
    found = (
        unaccounted_deletion(trace, instruction),
        kept_beside_replacement(trace) or _struck_kept(trace),
        defined_twice(trace, original, merged, language),
        indent_shift(trace),
        _described_removal(trace, instruction),
        _ordered_removal(trace, instruction),
        # (a comment quoted twice is the one-line case of a block kept at its old place: one warning)
        _moved_block(trace, merged, language, instruction) or _comment_twice(trace) or _retyped_twice(trace),
        _extracted(trace, merged, language, instruction),
        _unused_helpers(original, merged, language),
        _detached(trace, original, language),
        _comment_dropped(trace, original, language, instruction),
        _comment_kept_beside(trace),
        _retyped(trace, original, language, instruction),
        _unreachable(trace),
        _held_twice(trace, language),
        _unasked(trace, original, merged, language, instruction),
        _misplaced(trace, merged, language),
    )
    return [warning for warning in found if warning is not None]


def _struck_kept(trace: Trace) -> ApplyWarning | None:
    lines = struck_kept_elsewhere(trace)
    if not lines:
        return None
    return ApplyWarning(
        Code.KEPT_BESIDE_REPLACEMENT,
        f"{len(lines)} original line(s) the snippet rewrites in one place are kept in another "
        "(a marker elsewhere made to stand for them)",
        lines,
    )


def _extracted(trace: Trace, merged: str, language: str | None, instruction: str) -> ApplyWarning | None:
    shown = set(trace.placed.values())
    spans = [(d.start, d.end) for d in definitions(merged, language)] if language is not None else None
    lines = extracted_kept(trace.orig, trace.out, trace.kept, trace.new_lines, shown, instruction, spans)
    if not lines:
        return None
    return ApplyWarning(
        Code.MOVED_BLOCK_KEPT,
        f"{len(lines)} original line(s) of code the instruction asks to extract, which the snippet writes anew, "
        "are still written out at their old place (under a marker?)",
        lines,
    )


def _ordered_removal(trace: Trace, instruction: str) -> ApplyWarning | None:
    orders = ordered_removal_undone(trace.orig, trace.kept, instruction, trace.out)
    if not orders:
        return None
    return ApplyWarning(
        Code.DESCRIBED_REMOVAL_KEPT,
        f"the instruction orders a removal ({orders[0][:60]}), but the output keeps every original line",
    )


def _described_removal(trace: Trace, instruction: str) -> ApplyWarning | None:
    shown = [line.text for line in trace.snip if line.kind != "del"]
    struck = [line.text for line in trace.snip if line.kind == "del"]
    written = [trace.out[m] for m in trace.new_lines]
    lines = described_removal_kept(trace.orig, list(trace.kept), shown, instruction, written, struck)
    if not lines:
        return None
    return ApplyWarning(
        Code.DESCRIBED_REMOVAL_KEPT,
        f"{len(lines)} original line(s) the snippet does not show, described by the instruction's removal, are kept",
        lines,
    )


__all__ = ["Trace", "account", "snippet_lines"]


def _misplaced(trace: Trace, merged: str, language: str | None) -> ApplyWarning | None:
    code = [i for i, line in enumerate(trace.snip) if line.kind != "del"]
    snippet = [trace.snip[i].text for i in code]
    new_headers = {trace.placed[i]: k for k, i in enumerate(code) if trace.placed.get(i) in trace.new_lines}
    found = misplaced(definitions(merged, language), new_headers, snippet)
    if not found:
        return None
    row, wanted, holder = found[0]
    return ApplyWarning(
        Code.MISPLACED_DEFINITION,
        f"a definition the snippet writes in {wanted} stands in {holder or 'the file itself'} (line {row + 1})",
        (row + 1,),
    )


def _unasked(trace: Trace, original: str, merged: str, language: str | None, instruction: str) -> ApplyWarning | None:
    still = {d.name for d in definitions(merged, language)}
    run = unasked_run(trace.orig, trace.out, trace.kept, instruction, definitions(original, language), still)
    if run is None:
        return None
    first, last = run
    return ApplyWarning(
        Code.UNASKED_DELETION,
        f"original lines {first + 1}-{last + 1} ({last - first + 1} lines) are gone in one place, with nothing "
        "written there, and the instruction asks for no change that removes them (a marker left out?)",
    )


def _moved_block(trace: Trace, merged: str, language: str | None, instruction: str) -> ApplyWarning | None:
    spans = [(d.start, d.end) for d in definitions(merged, language)]
    shown = {m for m in trace.placed.values() if m in trace.kept_at}
    chunk_of = {m: trace.snip[i].chunk for i, m in trace.placed.items()}
    by_chunk: dict[int, list[int]] = {}
    for i, o in trace.anchors:
        by_chunk.setdefault(trace.snip[i].chunk, []).append(o)
    # where the instruction asks for a move, the old copy may stand anywhere ("move the check out of
    # retry() and into wait()": the snippet shows wait(), and the marker over retry() keeps the old one)
    near = None if MOVE_VERB.search(instruction) else {m: by_chunk.get(chunk, []) for m, chunk in chunk_of.items()}
    lines = moved_block_kept(trace.orig, trace.out, trace.kept, trace.new_lines, shown, spans, near)
    if not lines:
        return None
    return ApplyWarning(
        Code.MOVED_BLOCK_KEPT,
        f"{len(lines)} line(s) the snippet wrote anew repeat a block kept unshown at the old place",
        lines,
    )


def _comment_twice(trace: Trace) -> ApplyWarning | None:
    shown = {m for m in trace.placed.values() if m in trace.kept_at}
    anchors = {trace.kept[o] for _, o in trace.anchors if o in trace.kept}
    snip = [line.text for line in trace.snip]
    lines = comment_written_twice(trace.out, trace.kept, trace.new_lines, shown, snip, anchors)
    if not lines:
        return None
    return ApplyWarning(
        Code.DUPLICATED_LINES,
        f"{len(lines)} comment line(s) the snippet quotes written anew a few lines from the same comment, "
        "kept unshown: context read as new code",
        lines,
    )


def _unused_helpers(original: str, merged: str, language: str | None) -> ApplyWarning | None:
    names = unused_local_helpers(original, merged, language)
    if not names:
        return None
    return ApplyWarning(
        Code.MOVED_BLOCK_KEPT,
        f"nested helper(s) kept that their function no longer uses: {', '.join(names[:5])} "
        "(the old copy of a helper moved out or renamed?)",
    )


def _retyped_twice(trace: Trace) -> ApplyWarning | None:
    shown = {m for m in trace.placed.values() if m in trace.kept_at}
    lines = retyped_written_twice(trace.out, trace.kept, trace.new_lines, shown)
    if not lines:
        return None
    return ApplyWarning(
        Code.DUPLICATED_LINES,
        f"{len(lines)} line(s) the snippet wrote anew a few lines from an unshown original line that differs "
        "only in its quotes or spacing: context retyped, read as new code",
        lines,
    )


def _detached(trace: Trace, original: str, language: str | None) -> ApplyWarning | None:
    headers = [(d.start, d.header) for d in definitions(original, language)]
    shown = [line.text for line in trace.snip if line.kind != "del"]
    lines = preamble_detached(trace.orig, trace.out, trace.kept, headers, shown)
    lines += comment_split(trace.orig, trace.out, trace.kept, [header for _, header in headers])
    if not lines:
        return None
    return ApplyWarning(
        Code.PREAMBLE_DETACHED,
        f"{len(lines)} comment or decorator line(s) parted from the definition they stood above",
        lines,
    )


def _comment_dropped(trace: Trace, original: str, language: str | None, instruction: str) -> ApplyWarning | None:
    starts = {d.start for d in definitions(original, language)} | {d.header for d in definitions(original, language)}
    lines = comment_dropped(trace.orig, trace.kept, starts, instruction)
    if not lines:
        return None
    return ApplyWarning(
        Code.COMMENT_DROPPED,
        f"{len(lines)} comment line(s) gone from between two lines the snippet shows, nothing written there",
        lines,
    )


def _comment_kept_beside(trace: Trace) -> ApplyWarning | None:
    shown = {norm(line.text) for line in trace.snip if line.kind != "del"}
    old = {m for m, o in trace.kept_at.items() if norm(trace.orig[o]) not in shown}
    lines = tuple(
        sorted(
            set(comment_kept_beside(trace.out, trace.new_lines, old))
            | set(banner_kept_beside(trace.out, trace.new_lines, old))
        )
    )
    if not lines:
        return None
    return ApplyWarning(
        Code.KEPT_BESIDE_REPLACEMENT,
        f"{len(lines)} comment line(s): a new comment stacked on one the snippet did not show",
        lines,
    )


def _retyped(trace: Trace, original: str, language: str | None, instruction: str) -> ApplyWarning | None:
    headers = signature_rows(trace.orig, [(d.header, d.end) for d in definitions(original, language)])
    found = retyped_lines(trace.orig, trace.out, trace.kept, trace.new_lines, headers, instruction)
    if not found:
        return None
    words = ", ".join(sorted({w for _, gone in found for w in gone})[:5])
    return ApplyWarning(
        Code.RETYPED_CONTEXT,
        f"{len(found)} line(s) changed only by a few words or marks left out or put in, or by their spacing, which the "
        f"instruction does not name ({words}): context retyped from memory, or an edit no one asked for",
        tuple(m + 1 for m, _ in found),
    )


def _unreachable(trace: Trace) -> ApplyWarning | None:
    lines = unreachable_after_return(trace.out, trace.new_lines)
    if not lines:
        return None
    return ApplyWarning(
        Code.UNREACHABLE_LINES,
        f"{len(lines)} line(s) right after a return of the same block, one of the two new and the other old: "
        "code that can never run (new code below an old exit, or an old line below the exit that replaces it)",
        tuple(lines),
    )


def _held_twice(trace: Trace, language: str | None) -> ApplyWarning | None:
    shown = [line.text for line in trace.snip if line.kind != "del"]
    keys = keys_twice(trace.orig, trace.out, shown) if language in MARKUP else []
    arms = arms_twice(trace.orig, trace.out, shown, language)
    if not keys and not arms:
        return None
    return ApplyWarning(Code.DEFINED_TWICE, f"held twice in one document or one match: {', '.join((keys + arms)[:5])}")
