"""Hunks written with no indentation at all: their added lines indented from where they stand."""

import doctest

from fastapply.merge import lazy_merge
from fastapply.merge.snippet import flat
from fastapply.merge.text.style import Style

RUST = """fn draw(writer: &mut W, line_width: usize, box_width: usize) -> Result<()> {
    write_horizontal_line(
        writer,
        if line_width > box_width {
            line_width - box_width - 1
        } else {
            0
        },
        text_style,
    )?;
    Ok(())
}
"""


def test_worked_examples():
    assert doctest.testmod(flat).failed == 0


def test_a_flattened_hunk_replacing_a_nested_block_takes_the_depth_of_what_it_replaces():
    snippet = """@@ -2,8 +2,4 @@
 write_horizontal_line(
 writer,
-if line_width > box_width {
-line_width - box_width - 1
-} else {
-0
-},
+line_width.saturating_sub(box_width + 1),
 text_style,
 )?;
"""
    result = lazy_merge(RUST, snippet, "rust")
    assert result.merged.splitlines()[3] == "        line_width.saturating_sub(box_width + 1),"


def test_added_lines_follow_their_own_brackets_and_a_closer_that_opens_the_replaced_line():
    original = "function f(type, arg) {\n  if (type === 'a') {\n    a = arg\n  } else if (type === 'object') {\n    props = arg\n  }\n}\n"
    snippet = """@@ function f
 if (type === 'a') {
 a = arg
-} else if (type === 'object') {
+} else if (type === 'object' && arg !== null) {
+if (debug) {
+log(arg)
+}
 props = arg
"""
    result = lazy_merge(original, snippet, "javascript")
    assert result.merged.splitlines()[3:7] == [
        "  } else if (type === 'object' && arg !== null) {",
        "    if (debug) {",
        "      log(arg)",
        "    }",
    ]


def test_a_hunk_at_one_depth_is_left_to_the_single_shift():
    lines = [(" ", " a();"), ("+", "b();"), (" ", " c();")]
    assert not flat.is_flat(lines, ["    a();", "    c();"])
    assert flat.is_flat(lines, ["    a();", "        c();"])


def test_a_colon_block_opened_inside_the_run_gets_no_indentation_from_here():
    lines = [(" ", " x = 1"), ("+", "if x:"), ("+", "y = 2"), (" ", " z = 3")]
    old = ["    x = 1", "        z = 3"]
    assert flat.flat_additions(lines, old, Style(old)) is None


def test_a_closer_written_without_its_prefix_does_not_break_the_shift_the_other_lines_agree_on():
    original = (
        "class B {\n    void write(int[] ucps) {\n        int len = length() + ucps.length;\n"
        "        int sz = buffer.length;\n        if (sz < len) {\n            while (sz < len) {\n"
        "                sz *= 2;\n            }\n        }\n    }\n}\n"
    )
    snippet = """@@ -3,6 +3,9 @@
 int len = length() + ucps.length;
 int sz = buffer.length;
 if (sz < len) {
+    if (sz == 0) {
+        sz = 16;
+    }
     while (sz < len) {
         sz *= 2;
    }
"""
    result = lazy_merge(original, snippet, "java")
    assert result.merged.splitlines()[5:8] == [
        "            if (sz == 0) {",
        "                sz = 16;",
        "            }",
    ]
