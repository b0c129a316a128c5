"""Deterministic lazy merge, output validation, unified diff and long-file windows.

Pure functions over strings; no model code. See each module for the details.
"""

from fastapply.merge.check.line_checks import mergeable_lines
from fastapply.merge.check.validate import validate
from fastapply.merge.codes import ApplyWarning, Code, flags
from fastapply.merge.diff import DiffResult, unified_diff
from fastapply.merge.merge import MergeResult, lazy_merge
from fastapply.merge.repair.candidates import Candidate, candidate_merges, differing_window
from fastapply.merge.repair.intent import inferred_deletion
from fastapply.merge.repair.moves import inferred_move, inferred_reorder
from fastapply.merge.repair.skips import adjacent_deletion
from fastapply.merge.repair.stated import stated_edit
from fastapply.merge.second import agreement, second_opinion
from fastapply.merge.text.languages import comment_syntax, detect_language
from fastapply.merge.text.markers import find_markers, is_marker_line
from fastapply.merge.windows import find_windows, is_whole_file, splice, window_snippet, window_text, windows_of

__all__ = [
    "ApplyWarning",
    "Code",
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
    "agreement",
    "is_marker_line",
    "is_whole_file",
    "lazy_merge",
    "mergeable_lines",
    "second_opinion",
    "splice",
    "stated_edit",
    "unified_diff",
    "validate",
    "window_snippet",
    "window_text",
    "windows_of",
]
