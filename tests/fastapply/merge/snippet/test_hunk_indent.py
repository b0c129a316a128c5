"""Diff hunks whose "+" took one indent column land on the file's indentation."""

from fastapply.merge import lazy_merge

ORIGINAL = (
    "def total(items):\n    result = 0\n    for item in items:\n        result += item.price\n    return result\n"
)


def test_an_added_line_one_column_short_of_the_files_indentation_is_moved_onto_it():
    snippet = "@@ -2,4 +2,4 @@\n     for item in items:\n-        result += item.price\n+       result += item.price * item.n\n     return result\n"
    merged = lazy_merge(ORIGINAL, snippet, "python").merged
    assert merged == ORIGINAL.replace("item.price\n", "item.price * item.n\n")


def test_an_odd_indentation_the_file_itself_uses_is_left_alone():
    original = "/**\n * Sum.\n */\nfunction sum(a, b) {\n  return a + b;\n}\n"
    snippet = "@@ -1,3 +1,4 @@\n /**\n  * Sum.\n+ * Adds two numbers.\n  */\n"
    merged = lazy_merge(original, snippet, "javascript").merged
    assert " * Sum.\n * Adds two numbers.\n */" in merged
