import doctest

from fastapply.merge.snippet.chunks import balanced_group, closes_outer_block, open_bracket_close


def test_a_balanced_group_opens_on_its_first_line_and_closes_all_it_opens():
    entry = ["  {", "    title: 'Loading',", "    action: () => {", "      go('{');", "    },", "  },"]
    assert balanced_group(entry, "typescript")  # the brace in the string does not count
    assert not balanced_group(entry[:-1], "typescript")  # still open
    assert not balanced_group(["  },", "  {", "  },"], "typescript")  # closes what it did not open
    assert balanced_group(["/**", " * Doc.", " */", "get(() => {", "});"], "typescript")  # a comment, a call
    assert not balanced_group(["get(1);", "get(() => {", "});"], "typescript")  # the first line opens nothing


def test_a_last_line_closes_an_outer_block_only_below_every_depth_before_it():
    assert closes_outer_block(["\t\treturn t;", "\t}", "", "\treturn undefined;", "};"], "typescript")
    assert not closes_outer_block(["divide(n) {", "  return n;", "}", "power(e) {", "}"], "typescript")
    assert not closes_outer_block(["\t}", "\tif (x) {", "\t}"], "typescript")  # back to the depth reached before


def test_the_bracket_a_shown_line_leaves_open_closes_below_it():
    lines = ["tween.easing = {", "  linear = linear,", "  inQuad = inQuad,", "}", "return tween"]
    assert open_bracket_close(lines, 0, 2, "lua") == 3
    assert open_bracket_close(lines, 1, 2, "lua") is None  # nothing open


def test_whole_statements_are_balanced_without_opening_a_group():
    assert balanced_group(["const names = ['a', 'b'] as const;"], "typescript", opening=False)
    assert not balanced_group(["const names = ['a', 'b'] as const;"], "typescript")
    assert not balanced_group(["const names = ['a',"], "typescript", opening=False)


def test_wrapped_lines_shown_unchanged_keep_the_files_indentation():
    from fastapply.merge.snippet import chunks

    assert doctest.testmod(chunks).failed == 0
    original = ["    let t = from", "            .rename(to)", "            .apply(op)", "    try create(t)"]
    shown = ["    let t = from", "        .rename(to)", "        .apply(op)", "    try create(t)"]
    pairs = [(0, 0), (1, 1), (2, 2), (3, 3)]
    assert chunks.continuations_kept(shown, pairs, original) == original
    # the statement's own line moved: a re-nesting, the wrapped lines go with it as shown
    moved = ["        let t = from", "        .rename(to)", "        .apply(op)", "    try create(t)"]
    assert chunks.continuations_kept(moved, pairs, original) == moved
    # a statement below a finished one is structure, not layout: re-indented as shown
    assert chunks.continuations_kept(["    f()", "  g()"], [(0, 0), (1, 1)], ["    f()", "    g()"]) == [
        "    f()",
        "  g()",
    ]
