import pytest

from fastapply.apply.deterministic import checked_merge, prepare
from fastapply.apply.request import ApplyRequest
from fastapply.merge import find_markers, flags, is_marker_line

MARKERS = [
    "// ... existing code ...",
    "    // ... rest of code ...",
    "# ... rest of the file unchanged",
    "\t# ... same ...",
    "-- ... existing code ...",
    "/* ... existing code ... */",
    "<!-- ... existing sections ... -->",
    "        {/* ... existing JSX ... */}",
    "// ...",
    "// keep existing code",
    "# same",
    "// … existing imports …",
    "  // ... other methods ...",
    "    // ... rest of class unchanged apart from handleError() using the new property name ...",
]

NOT_MARKERS = [
    "x = compute(a, b)",
    "# compute the rest of the totals",
    "// existing users are migrated on login",
    "// ...and then we retry the request (see below)",
    "#[derive(Debug, Clone)]",
    "args = [...rest, ...others];",
    "/* keep this in sync with server.go */",
    "",
    "    ",
    "-- select * from users",
]


@pytest.mark.parametrize("line", MARKERS)
def test_marker_lines_are_detected(line):
    assert is_marker_line(line)


@pytest.mark.parametrize("line", NOT_MARKERS)
def test_code_and_ordinary_comments_are_not_markers(line):
    assert not is_marker_line(line)


def test_bare_ellipsis_is_a_marker_in_python_too():
    assert is_marker_line("    ...", "javascript")
    assert is_marker_line("    ...", "python")


def test_a_python_body_elided_with_a_bare_ellipsis_keeps_its_docstring():
    original = 'class S:\n    @property\n    def key(self) -> bytes:\n        """The newest key."""\n        return self.keys[-1]\n\n    def derive(self):\n        return 1\n'
    snippet = "    @property\n    def key(self) -> bytes:\n        ...\n        return self.keys[-1]\n\n    def __repr__(self) -> str:\n        return 'S'\n\n    def derive(self):\n        ...\n"
    request = ApplyRequest(original, snippet, "Add a __repr__ to S.", path="s.py")
    merged, warnings = checked_merge(request, prepare(request))
    assert merged == original.replace(
        "    def derive", "    def __repr__(self) -> str:\n        return 'S'\n\n    def derive"
    )
    assert not flags(warnings)


def test_a_new_python_stub_read_as_an_elided_body_is_flagged():
    original = "class P:\n    def f(self) -> int:\n        return 1\n\n    def h(self):\n        return 2\n"
    snippet = "class P:\n    def f(self) -> int:\n        return 1\n\n    def g(self) -> str:\n        ...\n\n    # ... existing code ...\n"
    request = ApplyRequest(original, snippet, "Add a g stub to P.", path="p.py")
    merged, warnings = checked_merge(request, prepare(request))
    assert merged == original.replace("    def h", "    def g(self) -> str:\n        ...\n\n    def h") or flags(
        warnings
    )


def test_prose_that_opens_with_a_marker_word_is_a_comment():
    assert not is_marker_line("// same attachment as the declarations above.", "cpp")
    assert is_marker_line("// rest of the file unchanged", "cpp") and is_marker_line("// other handlers unchanged")


def test_find_markers_returns_line_indices():
    text = "a = 1\n# ... existing code ...\nb = 2\n    # ... rest ...\n"
    assert find_markers(text, "python") == [1, 3]


def test_parenthesised_phrase_between_ellipses_is_a_marker():
    from fastapply.merge import is_marker_line

    assert is_marker_line("    // ... (unchanged) ...")
    assert is_marker_line("# ... (rest of the file) ...")
    assert not is_marker_line("    print(x)  # ...")


def test_uncommented_marker_phrase_is_a_marker_but_code_is_not():
    from fastapply.merge import is_marker_line

    assert is_marker_line("    ... existing code ...")
    assert is_marker_line("... keep existing code ...")
    assert not is_marker_line("...rest = args")


def test_an_ellipsis_with_a_note_on_where_the_next_lines_go_is_a_marker():
    assert is_marker_line("# ... and at the top of the module, with the other stdlib imports:", "python")
    assert is_marker_line("<!-- ... and load the addon in the head, next to continuelist: -->", "html")
    assert not is_marker_line("// ... and then we call it", "javascript")  # prose, not a place
    assert not is_marker_line("# ... then compute (x)", "python")


def test_a_parenthesised_phrase_after_an_ellipsis_is_a_marker():
    for line in ("    // ... (rest of the code remains the same)", "# ... (rest of the function unchanged)"):
        assert is_marker_line(line)
    assert not is_marker_line("// ... (x + y)") and not is_marker_line("foo(); // ... (bar)")


def test_a_short_phrase_between_ellipses_names_what_it_elides():
    assert is_marker_line("    # ... docstring ...") and is_marker_line("  // ... other props ...")


def test_a_phrase_saying_where_the_elided_code_sits_is_a_marker():
    assert is_marker_line("    // ... (higher up in the class) ...", "php")
    assert is_marker_line("  // ... inside removeListener ...", "javascript")
    assert not is_marker_line("  // ... links ...", "javascript")  # names neither code nor a place


def test_a_phrase_saying_the_code_stays_is_a_marker_and_a_spread_is_code():
    assert is_marker_line("      // ... null check stays as is ...", "java")
    assert is_marker_line("    # ... validation remains untouched ...", "python")
    assert not is_marker_line("  ...props", "tsx") and not is_marker_line("    ...rest,", "typescript")
    assert is_marker_line("...existing code...", "tsx")  # an ellipsis on both sides


def test_a_comment_opening_with_an_ellipsis_reads_as_an_elision():
    from fastapply.merge.text.markers import opens_with_ellipsis

    assert opens_with_ellipsis("    // ... the null check, as it was ...")
    assert opens_with_ellipsis("  # … then the loop over (rows)")
    assert not opens_with_ellipsis("// retry...") and not opens_with_ellipsis("  ...props")


def test_an_ellipsis_line_inside_a_block_comment_is_a_marker():
    assert is_marker_line(" * ...", "typescript") and is_marker_line("   * ... the other examples ...", "java")
    assert not is_marker_line(" * Returns the host.", "typescript") and not is_marker_line("*p = 3;", "c")
    assert not is_marker_line(" */", "c")


@pytest.mark.parametrize(
    "line, language",
    [
        ("    // (unchanged)", "kotlin"),
        ("// and in checkTagLengthIfMinSdkLessThan26:", "kotlin"),
        ("-- ... and earlier in request():", "lua"),
        ("// ... and earlier, in ParameterizedTypeImpl:", "java"),
        ("<!-- ... rest of <head> unchanged ... -->", "html"),
        ("// ... unchanged 'v' case ...", "go"),
    ],
)
def test_notes_that_name_code_or_say_where_the_next_lines_go_are_markers(line, language):
    assert is_marker_line(line, language)


@pytest.mark.parametrize(
    "line", ["// and in the worst case we retry", "// (see RFC 7231)", "x = f()  # and in g():", "// same as above"]
)
def test_prose_and_code_stay_what_they_are(line):
    assert not is_marker_line(line, "python" if "#" in line else "go")


def test_worked_examples():
    import doctest

    from fastapply.merge.text import markers

    assert doctest.testmod(markers).failed == 0


def test_a_note_that_states_an_edit_is_told_from_one_that_keeps_the_code():
    from fastapply.merge.text.markers import states_edit

    assert states_edit("    // ... same change in the other three at() overloads ...")
    assert states_edit("{/* ... same rename in the transition and theme inputs ... */}")
    assert states_edit("// ... constructors unchanged, except the empty #if pair goes away ...")
    assert not states_edit("// ... keep the case-change check as it is ...")
    assert not states_edit("    // ... existing code ...")
    assert not states_edit("// Update the counter before returning.")  # a comment of the code


def test_a_comment_ending_its_sentence_with_the_same_thing_is_no_marker():
    assert not is_marker_line("# the same file.")
    assert not is_marker_line("    // the same request twice")
    assert is_marker_line("// same")
    assert is_marker_line("    # same as before")


def test_a_note_between_two_ellipses_that_says_where_is_a_marker():
    assert is_marker_line("// ... in the ExpectationMessage enum ...", "swift")
    assert is_marker_line("    // ... in NMBExpectationMessage (ObjC bridge) ...", "swift")
    assert not is_marker_line("// retry in a loop...", "swift")  # a sentence trailing off is a comment


def test_names_listed_between_two_ellipses_are_a_marker():
    assert is_marker_line("    // ... diffValue accessors, onBecomeStale_, schedule_, runReaction_ ...", "typescript")
    assert is_marker_line("  # ... parse_args ...", "python")
    assert is_marker_line("        <!-- ... toc item, Home, Work, Company ... -->", "html")
    assert not is_marker_line("    // keeps onBecomeStale_ and schedule_ apart...", "typescript")  # no ellipsis before


def test_a_marker_with_a_note_on_what_changes_in_it_is_still_a_marker():
    line = "    // ... event listeners unchanged, except that they now call failPendingRequests(...) ..."
    assert is_marker_line(line, "typescript")
    assert is_marker_line("// ... constructors unchanged, except the empty #if pair goes away ...", "csharp")
    assert not is_marker_line("// ... x = f(y), except ...", "typescript")  # code, not a marker phrase
