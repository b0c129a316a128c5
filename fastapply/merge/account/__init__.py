"""Edit accounting: trace every line of a merged file to its source and account for every original
line (trace.py), then check the invariants of an honest merge (checks.py). Runs on any merged file,
whoever produced it."""

from __future__ import annotations

from fastapply.merge.account.checks import defined_twice, indent_shift, kept_beside_replacement, unaccounted_deletion
from fastapply.merge.account.trace import Trace, snippet_lines
from fastapply.merge.codes import ApplyWarning
from fastapply.merge.text.lines import split_lines


def account(
    original: str, snippet: str, merged: str, language: str | None, instruction: str = ""
) -> list[ApplyWarning]:
    """The invariants the merged file breaks ([] when every line is accounted for)."""
    orig, out = split_lines(original)[0], split_lines(merged)[0]
    trace = Trace(orig, snippet_lines(split_lines(snippet)[0], orig, language), out)
    found = (
        unaccounted_deletion(trace, instruction),
        kept_beside_replacement(trace),
        defined_twice(trace, original, merged, language),
        indent_shift(trace),
    )
    return [warning for warning in found if warning is not None]


__all__ = ["Trace", "account", "snippet_lines"]
