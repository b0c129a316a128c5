"""The validator's line checks: output cut short, nothing changed, lines from
neither input, snippet lines missing (codes in validate.py). Lines compare whitespace-normalised."""

from __future__ import annotations

from fastapply.merge.codes import ApplyWarning, Code
from fastapply.merge.repair.instructed import renamed_kept
from fastapply.merge.repair.relative import stated_moves, unmade_moves
from fastapply.merge.repair.wording import MOVE_VERB, renamed_word, renames
from fastapply.merge.snippet.hunks import new_side
from fastapply.merge.text.languages import detect_language
from fastapply.merge.text.markers import is_marker_line, opens_with_ellipsis, states_edit
from fastapply.merge.text.normal import code_part, is_distinctive, norm, whole_word

# Output shorter than this share of the expected line count reads as truncated.
TRUNCATION_RATIO = 0.6
# Lines compared at the end of the file when looking for the original's tail.
TAIL_LINES = 3


def snippet_code(snip, lang) -> list[tuple[int, str]]:
    """(0-based index, normalised text) of the snippet's code lines: not blank, not a marker."""
    return [(i, norm(line)) for i, line in enumerate(snip) if line.strip() and not is_marker_line(line, lang)]


def truncated(orig, code, out, spans, complete) -> ApplyWarning | None:
    last = (len(out),) if out else ()
    if not complete:
        return ApplyWarning(Code.TRUNCATED, "the output stopped before it was complete", last)
    orig_count = sum(1 for line in orig if line.strip())
    covered = sum(1 for s, e in spans for line in orig[s:e] if line.strip())
    expected = orig_count - covered + len(code)
    out_count = sum(1 for line in out if line.strip())
    if expected > 20 and out_count < TRUNCATION_RATIO * expected:
        return ApplyWarning(Code.TRUNCATED, f"output has {out_count} code lines, about {expected} expected", last)
    tail = [norm(line) for line in orig if line.strip()][-TAIL_LINES:]
    tail_edited = any(end >= len(orig) - TAIL_LINES for _, end in spans)
    out_code = [norm(line) for line in out if line.strip()]
    out_tail = out_code[-2 * TAIL_LINES - 2 :]
    if tail and not tail_edited and tail[-1] not in out_tail and not _moved_up(tail, out_tail, out_code):
        return ApplyWarning(Code.TRUNCATED, "the original's last lines are missing from the output", last)
    return None


def _moved_up(tail: list[str], out_tail: list[str], out_code: list[str]) -> bool:
    """Whether the original's last lines that the output's end lacks stand, one after another,
    higher up in the output, one of them distinctive: a last definition moved, not the file cut.

    >>> _moved_up(["return x + 5", "def main():", "run()"], ["return x + 5"], ["def main():", "run()", "return x + 5"])
    True
    >>> _moved_up(["x = 1", "}"], ["y = 2"], ["}", "y = 2"])
    False
    """
    cut = next(k for k in range(len(tail)) if all(line not in out_tail for line in tail[k:]))
    run = tail[cut:]
    held = any(out_code[i : i + len(run)] == run for i in range(len(out_code) - len(run) + 1))
    return held and any(is_distinctive(line) for line in run)


def no_change(orig, code, unchanged) -> ApplyWarning | None:
    if not unchanged:
        return None
    known = {norm(line) for line in orig}
    new = tuple(i + 1 for i, text in code if text not in known)
    if not new:
        return None
    return ApplyWarning(Code.NO_CHANGE, "output equals the original although the snippet has new code", new)


def mergeable_lines(original: str, snippet: str, language: str | None = None) -> tuple[str, ...]:
    """The lines a merge of these inputs may consist of: the original's, and the snippet's except
    its lazy markers (markers stand for code; they are never output)."""
    lang = detect_language(text=original or snippet, hint=language)
    orig = original.splitlines()
    snip = new_side(snippet.splitlines(), orig, lang)
    return (*orig, *(line for line in snip if not is_marker_line(line, lang)))


def elided_edits(original, merged, orig, snip, lang, instruction) -> ApplyWarning | None:
    # "// ... same change in the other overloads ...": the edit is in words. Placement reads the
    # marker as code kept as it is, and no check can tell whether a model made it: only a rename
    # the instruction also states is read, as made where the old name is kept nowhere the
    # rename reaches (instructed.renamed_kept) and the new one is in.
    held = {norm(line) for line in orig}
    notes = tuple(i + 1 for i, line in enumerate(snip) if norm(line) not in held and states_edit(line, lang))
    if not notes:
        return None
    stated = renames(instruction)
    made = not renamed_kept(original, merged, instruction, snip, lang)
    if stated and made and all(whole_word(new).search(merged) for _, new in stated):
        return None
    # ... and a move: "... unchanged, except that notify() moves down here ...", where the
    # instruction moves notify and the merged file shows every stated move made
    movers = {name for name, _, _ in stated_moves(original, lang, instruction)}
    if movers and not unmade_moves(merged, lang, instruction):
        notes = tuple(
            n
            for n in notes
            if not (MOVE_VERB.search(snip[n - 1]) and any(whole_word(name).search(snip[n - 1]) for name in movers))
        )
        if not notes:
            return None
    return ApplyWarning(
        Code.ELIDED_EDIT, f"{len(notes)} snippet note(s) state an edit to code they elide, which no check reads", notes
    )


def invented_lines(orig, snip, out, instruction: str = "") -> ApplyWarning | None:
    # A merge only moves and re-indents lines: each merged line comes from the original or the
    # snippet. A line from neither is the producer's own text (a reworded string, an invented
    # comment, a copy slip), which no other check sees when it still parses. None of the 212
    # expected files of the dev set has such a line. An original line with a rename the
    # instruction states made in it comes from the inputs too ("rename DEBUG_SEED to
    # JSON_C_DEBUG_SEED, including every place it is called").
    known = {norm(line) for line in orig} | {norm(line) for line in snip}
    for old, new in renames(instruction):
        word = renamed_word(old, instruction)
        known |= {norm(word.sub(new, line)) for line in orig if word.search(line)}
    invented = tuple(i + 1 for i, line in enumerate(out) if line.strip() and norm(line) not in known)
    if not invented:
        return None
    return ApplyWarning(
        Code.INVENTED_LINES, f"{len(invented)} line(s) in neither the original nor the snippet", invented
    )


def missing_snippet_lines(code, out, unchanged) -> ApplyWarning | None:
    # Every code line of a lazy snippet belongs to the merged file (markers stand for the rest):
    # a line left out is an edit dropped, the small model's most common slip. None of the dev set's
    # 212 expected files leaves one out.
    if unchanged:
        return None  # reported as no_change
    # (a line the snippet quotes without its trailing comment is there with it)
    present = {norm(line) for line in out} | {norm(code_part(line)) for line in out}
    # a comment opening with an ellipsis is a note about elided code ("# ... [] unchanged ..."),
    # never code the file holds; one that states an edit is elided_edit's
    missing = tuple(i + 1 for i, text in code if text not in present and not opens_with_ellipsis(text))
    if not missing:
        return None
    return ApplyWarning(Code.MISSING_SNIPPET_LINES, f"{len(missing)} snippet line(s) missing from the output", missing)
