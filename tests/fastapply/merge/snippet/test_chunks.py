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
