from fastapply.merge import ApplyWarning, lazy_merge, mergeable_lines, validate

ORIGINAL = """import os
import sys


def read(path):
    return open(path).read()


def write(path, text):
    open(path, "w").write(text)


def main():
    write("b", read("a"))
"""
SNIPPET = """# ... existing code ...

def write(path, text):
    with open(path, "w") as f:
        f.write(text)

# ... existing code ...
"""


def codes(warnings):
    return {w.code for w in warnings}


def test_correct_merge_has_no_warnings():
    merged = lazy_merge(ORIGINAL, SNIPPET, "python").merged
    assert validate(ORIGINAL, SNIPPET, merged, "python") == []


def test_marker_leak():
    merged = ORIGINAL.replace("def main():", "# ... existing code ...\ndef main():")
    warnings = validate(ORIGINAL, SNIPPET, merged, "python")
    leak = [w for w in warnings if w.code == "marker_leak"]
    assert leak and leak[0].lines == (13,)


def test_a_new_comment_opening_with_an_ellipsis_is_a_leak():
    merged = ORIGINAL.replace("def main():", "# ... setup as it was before ...\ndef main():")
    leak = [w for w in validate(ORIGINAL, SNIPPET, merged, "python") if w.code == "marker_leak"]
    assert leak and leak[0].lines == (13,)


def test_marker_already_in_original_is_not_a_leak():
    original = ORIGINAL + "# ... rest of setup ...\n"
    merged = lazy_merge(original, SNIPPET, "python").merged
    assert "marker_leak" not in codes(validate(original, SNIPPET, merged, "python"))


def test_syntax_error():
    merged = ORIGINAL.replace("def main():", "def main(:")
    assert "syntax_error" in codes(validate(ORIGINAL, SNIPPET, merged, "python"))


def test_original_parse_errors_are_not_blamed_on_the_merge():
    original = ORIGINAL.replace("def main():", "def main(:")
    merged = original.replace('open(path, "w").write(text)', 'open(path, "w").write(text or "")')
    assert "syntax_error" not in codes(validate(original, SNIPPET, merged, "python"))


def test_code_dropped_outside_the_snippet_is_unaccounted_for():
    merged = lazy_merge(ORIGINAL, SNIPPET, "python").merged.replace("import sys\n", "")
    dropped = [w for w in validate(ORIGINAL, SNIPPET, merged, "python") if w.code == "unaccounted_deletion"]
    assert dropped and dropped[0].lines == (2,)


def test_lines_the_snippet_replaced_are_accounted_for():
    merged = lazy_merge(ORIGINAL, SNIPPET, "python").merged
    assert 'open(path, "w").write(text)' not in merged  # the old body is gone, on purpose
    assert "unaccounted_deletion" not in codes(validate(ORIGINAL, SNIPPET, merged, "python"))


def test_deletion_shown_by_context_is_accounted_for():
    snippet = "import os\n\n\ndef read(path):\n# ... existing code ...\n"
    merged = ORIGINAL.replace("import sys\n", "")
    assert "unaccounted_deletion" not in codes(validate(ORIGINAL, snippet, merged, "python"))


def test_truncated_when_incomplete_or_tail_missing():
    merged = lazy_merge(ORIGINAL, SNIPPET, "python").merged
    assert "truncated" in codes(validate(ORIGINAL, SNIPPET, merged, "python", complete=False))
    cut = merged[: merged.index("def main")]
    assert "truncated" in codes(validate(ORIGINAL, SNIPPET, cut, "python"))


def test_not_truncated_when_the_snippet_rewrites_the_tail():
    snippet = "# ... existing code ...\ndef main():\n    pass\n"
    merged = lazy_merge(ORIGINAL, snippet, "python").merged
    assert "truncated" not in codes(validate(ORIGINAL, snippet, merged, "python"))


def test_not_truncated_when_the_last_definition_moved_up():
    # main() moved to the top, shown above read()'s header and an elided body; the snippet ends on
    # the last function it keeps, so the old main() at the bottom goes: the file's last lines moved
    helpers = "".join(f"def h{k}(x):\n    return x + {k}\n\n\n" for k in range(6))
    main = 'def main():\n    write("b", read("a"))\n'
    original = ORIGINAL.replace("def main", helpers + "def main")
    write = 'def write(path, text):\n    open(path, "w").write(text)\n'
    snippet = (
        "import sys\n\n\n" + main + "\n\ndef read(path):\n    # ...\n\n\n" + write + "\n\n" + helpers.rstrip() + "\n"
    )
    moved = original.replace("\n\n" + main, "").replace("def read", main + "\n\ndef read")
    assert "truncated" not in codes(validate(original, snippet, moved, "python"))


def test_no_change():
    warnings = validate(ORIGINAL, SNIPPET, ORIGINAL, "python")
    assert [w.code for w in warnings] == ["no_change"]
    assert warnings[0].lines == (4, 5)


def test_no_change_is_fine_when_snippet_has_nothing_new():
    snippet = '# ... existing code ...\ndef main():\n    write("b", read("a"))\n'
    assert validate(ORIGINAL, snippet, ORIGINAL, "python") == []


def test_warning_to_dict():
    warning = ApplyWarning("truncated", "stopped", (3, 4))
    assert warning.to_dict() == {"code": "truncated", "message": "stopped", "lines": [3, 4], "severity": "flag"}


def test_invented_lines_are_flagged_even_when_the_file_parses():
    merged = lazy_merge(ORIGINAL, SNIPPET, "python").merged
    slipped = merged.replace("        f.write(text)", "        f.write(text.strip())")  # a copy slip
    # the slip is new text, and the snippet's line it replaced is missing
    assert {"invented_lines", "missing_snippet_lines"} <= codes(validate(ORIGINAL, SNIPPET, slipped, "python"))
    invented = validate(ORIGINAL, SNIPPET, slipped, "python")[0]
    assert invented.lines == (slipped.splitlines().index("        f.write(text.strip())") + 1,)


def test_moved_and_reindented_lines_are_not_invented():
    merged = lazy_merge(ORIGINAL, SNIPPET, "python").merged
    reindented = merged.replace("    return open(path).read()", "      return   open(path).read()")
    assert "invented_lines" not in codes(validate(ORIGINAL, SNIPPET, reindented, "python"))


def test_snippet_lines_left_out_are_flagged():
    merged = lazy_merge(ORIGINAL, SNIPPET, "python").merged
    dropped = merged.replace("        f.write(text)\n", "")
    warnings = validate(ORIGINAL, SNIPPET, dropped, "python")
    missing = [w for w in warnings if w.code == "missing_snippet_lines"]
    assert missing and missing[0].lines == (SNIPPET.splitlines().index("        f.write(text)") + 1,)
    # the original copied back is one no_change, not also a list of missing lines
    assert codes(validate(ORIGINAL, SNIPPET, ORIGINAL, "python")) == {"no_change"}


def test_mergeable_lines_are_the_inputs_lines_without_the_snippets_markers():
    original = "def f():\n    return 1\n"
    snippet = "# ... existing code ...\ndef g():\n    return 2\n"
    lines = mergeable_lines(original, snippet, "python")
    assert lines == ("def f():", "    return 1", "def g():", "    return 2")


def test_a_note_about_elided_code_is_not_a_missing_line():
    # the note's code punctuation keeps it from being read as a marker; it is still no code
    snippet = SNIPPET.replace("# ... existing code ...\n\ndef write", "# ... read() and [] unchanged ...\n\ndef write")
    merged = lazy_merge(ORIGINAL, SNIPPET, "python").merged
    assert "missing_snippet_lines" not in codes(validate(ORIGINAL, snippet, merged, "python"))


EDIT_NOTE = SNIPPET.replace("# ... existing code ...\n", "# ... same change in read() ...\n", 1)


def test_a_note_stating_an_edit_to_elided_code_is_flagged():
    merged = lazy_merge(ORIGINAL, EDIT_NOTE, "python").merged
    flagged = [w for w in validate(ORIGINAL, EDIT_NOTE, merged, "python") if w.code == "elided_edit"]
    assert flagged and flagged[0].lines == (1,)
    # a note that says the elided code stays as it is states no edit
    assert validate(ORIGINAL, SNIPPET, merged, "python") == []


def test_an_elided_rename_is_read_where_the_instruction_states_it():
    original = "def is_true(s):\n    return s == 'y'\n\n\ndef load(t):\n    return is_true(t)\n"
    snippet = "def parse_bool(s):\n    return s == 'y'\n\n# ... same rename in load ...\n"
    renamed = original.replace("is_true", "parse_bool")
    half = original.replace("def is_true", "def parse_bool")
    instruction = "Rename is_true to parse_bool."
    assert "elided_edit" not in codes(validate(original, snippet, renamed, "python", instruction=instruction))
    assert "elided_edit" in codes(validate(original, snippet, half, "python", instruction=instruction))
    assert "elided_edit" in codes(validate(original, snippet, renamed, "python"))


def test_an_elided_move_is_read_where_the_instruction_states_it_and_the_file_shows_it():
    original = "def notify():\n    pass\n\n\ndef load():\n    return 1\n\n\nclass Tail:\n    pass\n"
    snippet = "# ... everything above unchanged, except that notify() moves down here ...\n\n\ndef notify():\n    pass\n\n\nclass Tail:\n    pass\n"
    moved = "def load():\n    return 1\n\n\ndef notify():\n    pass\n\n\nclass Tail:\n    pass\n"
    instruction = "Move notify() down to just above the Tail class."
    assert "elided_edit" not in codes(validate(original, snippet, moved, "python", instruction=instruction))
    assert "elided_edit" in codes(validate(original, snippet, original, "python", instruction=instruction))
    assert "elided_edit" in codes(validate(original, snippet, moved, "python"))


def test_an_original_line_with_the_stated_rename_made_is_not_invented():
    original = "def is_true(s):\n    return s == 'y'\n\n\ndef load(t):\n    return is_true(t)\n"
    snippet = "def parse_bool(s):\n    return s == 'y'\n\n# ... existing code ...\n"
    renamed = original.replace("is_true", "parse_bool")
    assert "invented_lines" not in codes(
        validate(original, snippet, renamed, "python", instruction="Rename is_true to parse_bool.")
    )
    assert "invented_lines" in codes(validate(original, snippet, renamed, "python"))


def test_worked_examples_of_the_line_checks():
    import doctest

    from fastapply.merge.check import line_checks

    assert doctest.testmod(line_checks).failed == 0


def test_an_elision_inside_a_line_left_in_the_output_is_a_marker_leak():
    """``f(progress, format, /* ... */)``: a header the snippet shortened with an inline elision
    and the merge wrote as it stands."""
    original = "class S {\n  private async shot(progress: Progress, format: string, rect: Rect): Promise<Buffer> {\n    return run();\n  }\n}\n"
    snippet = "class S {\n  private async shot(progress: Progress, format: string, /* ... */): Promise<Buffer> {\n    // ...\n  }\n}\n"
    merged = original.replace("rect: Rect)", "/* ... */)")
    assert "marker_leak" in {w.code.value for w in validate(original, snippet, merged, "typescript")}
    assert "marker_leak" not in {w.code.value for w in validate(original, snippet, original, "typescript")}
