from fastapply.merge.chunks import balanced_group


def test_a_balanced_group_opens_on_its_first_line_and_closes_all_it_opens():
    entry = ["  {", "    title: 'Loading',", "    action: () => {", "      go('{');", "    },", "  },"]
    assert balanced_group(entry, "typescript")  # the brace in the string does not count
    assert not balanced_group(entry[:-1], "typescript")  # still open
    assert not balanced_group(["  },", "  {", "  },"], "typescript")  # closes what it did not open
    assert balanced_group(["/**", " * Doc.", " */", "get(() => {", "});"], "typescript")  # a comment, a call
    assert not balanced_group(["get(1);", "get(() => {", "});"], "typescript")  # the first line opens nothing
