"""Deterministic lazy merge, output validation, unified diff and long-file windows.

Pure functions over strings; no model code. See each module for the details.
"""

from fastapply.merge.candidates import Candidate, candidate_merges, differing_window
from fastapply.merge.diff import DiffResult, unified_diff
from fastapply.merge.intent import inferred_deletion
from fastapply.merge.languages import comment_syntax, detect_language
from fastapply.merge.lines import mergeable_lines
from fastapply.merge.markers import find_markers, is_marker_line
from fastapply.merge.merge import MergeResult, lazy_merge
from fastapply.merge.moves import inferred_move, inferred_reorder
from fastapply.merge.skips import adjacent_deletion
from fastapply.merge.stated import stated_edit
from fastapply.merge.validate import validate
from fastapply.merge.warning import ApplyWarning, flags
from fastapply.merge.windows import find_windows, is_whole_file, splice, window_snippet, window_text, windows_of

__all__ = [
    "ApplyWarning",
    "Candidate",
    "candidate_merges",
    "differing_window",
    "DiffResult",
    "MergeResult",
    "comment_syntax",
    "detect_language",
    "find_markers",
    "find_windows",
    "flags",
    "inferred_deletion",
    "inferred_move",
    "inferred_reorder",
    "adjacent_deletion",
    "is_marker_line",
    "is_whole_file",
    "lazy_merge",
    "mergeable_lines",
    "splice",
    "stated_edit",
    "unified_diff",
    "validate",
    "window_snippet",
    "window_text",
    "windows_of",
]
