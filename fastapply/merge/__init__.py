"""The deterministic merge as a pipeline, its checks, and the second opinion that confirms it.

Pure functions over strings; no model code. One request goes through:

1. ``snippet/``: read the snippet: lazy chunks between markers (``chunks.py``) or diff hunks
   (``hunks.py``).
2. ``place/``: place each chunk in the original (``merge.py`` orchestrates ``lazy_merge``): anchor
   lines (``anchor.py``, ``patience.py``, ``chaining.py``), definitions and edges
   (``placement.py``, ``edges.py``, ``ends.py``), chunks with no anchor of their own
   (``unanchored.py``), room for markers (``gaps.py``).
3. ``check/``: ``validate()`` runs every check on a merged file from any producer, the edit
   accounting (``account/``) among them; warning codes are one enum (``codes.py``).
4. ``repair/``: where a check shows that the literal merge missed an edit the instruction states,
   the repair beside it builds the file that makes it (``stated.py`` lists them); ``candidates.py``
   lists the files an unsure merge may mean.
5. ``second/``: a merge from another idea (one global alignment of the whole snippet); a confident
   merge is served only when it writes the same code (``agreement``).

Where each snippet style is handled:

| style | read by | placed or checked by |
|---|---|---|
| lazy markers, any comment syntax, JSX ``{/* */}``, ``<!-- -->`` | ``text/markers.py`` | ``snippet/chunks.py``, ``place/`` |
| unified-diff hunks, with or without ``@@``, mixed with markers | ``snippet/hunks.py`` | ``snippet/hunks.py`` (``apply_hunks``) |
| a definition's header then a marker (body elided) | ``snippet/chunks.py`` (``block_end``) | ``place/placement.py`` (``extend_definitions``) |
| a Python definition shown partly (a guard, or up to an old line) | ``place/placement.py`` (``stops_inside_body``) | ``check/damage.py`` (``orphaned_lines``) |
| no marker at the snippet's start or end | ``merge.py`` (``Edge``) | ``repair/candidates.py`` (the other reading) |
| chunks shown out of file order | ``merge.py`` (``_earlier_placement``) | ``second/opinion.py`` (set apart) |
| only the changed lines, no context | ``place/placement.py`` (``pair_changed_lines``) | ``second/costs.py`` (edits) |
| deletions the instruction states ("delete the helper" points back) | ``repair/wording.py`` | ``repair/instructed.py``, ``repair/intent.py``, ``repair/skips.py`` |
| moves and reordered definitions | ``check/damage.py``, ``repair/adjacency.py`` | ``repair/moves.py`` |
| a move stated only in words ("move X below Y") | ``repair/relative.py`` | ``repair/moves.py`` (``stated_move``) |
| a stated move whose moved header anchors at its old place | ``repair/relative.py`` | ``repair/premove.py`` (the snippet placed on the file with the move made) |
| a rename stated in words, the snippet showing some renamed lines | ``repair/wording.py`` (``renames``) | ``repair/renames.py`` (the snippet placed on the renamed file) |
| context retyped (other spacing, modifiers left out, a ``;`` or a trailing comment dropped) | ``text/normal.py`` (``retyped``) | ``account/retyped.py`` (code: ``statements.py``, comments: ``quoted.py``), ``account/repeats.py`` (written beside its line) |
| wrapped lines retyped at another indentation | ``text/normal.py`` (``continues_statement``) | ``snippet/chunks.py`` (``continuations_kept``), ``second/layout.py`` |
| a diff hunk whose old lines stand in several places | ``snippet/hunks.py`` (``numbered_place``: its ``@@ -N``) | ``snippet/hunks.py`` (unsure otherwise) |
| a diff hunk written with no indentation at all | ``snippet/flat.py`` (``is_flat``) | ``snippet/flat.py`` (``flat_additions``) |
| a definition written out whole, its body re-nested (taken out of an ``if``) | ``place/placement.py`` | ``second/ends.py`` (the old block's rest goes) |
| YAML sections (a key over a block) and CSS rules opened once | ``text/syntax.py`` (``definitions``) | ``check/damage.py`` (``duplicated_definitions``) |
"""

from fastapply.merge.check.line_checks import mergeable_lines
from fastapply.merge.check.validate import validate
from fastapply.merge.codes import ApplyWarning, Code, flags
from fastapply.merge.diff import DiffResult, unified_diff
from fastapply.merge.merge import MergeResult, lazy_merge
from fastapply.merge.repair.candidates import Candidate, candidate_merges, differing_window
from fastapply.merge.repair.intent import inferred_deletion
from fastapply.merge.repair.moves import inferred_move, inferred_reorder
from fastapply.merge.repair.premove import StatedMove, stated_move_first
from fastapply.merge.repair.renames import StatedRename, needs_rename, stated_rename
from fastapply.merge.repair.skips import adjacent_deletion
from fastapply.merge.repair.stated import stated_edit
from fastapply.merge.second import agreement, second_opinion
from fastapply.merge.text.languages import comment_syntax, detect_language
from fastapply.merge.text.lines import with_bom_of
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
    "stated_move_first",
    "stated_rename",
    "StatedMove",
    "StatedRename",
    "needs_rename",
    "unified_diff",
    "validate",
    "window_snippet",
    "window_text",
    "windows_of",
    "with_bom_of",
]
