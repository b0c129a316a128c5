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


def test_a_hunk_written_without_the_files_indentation_and_without_a_prefix_column_lands_indented():
    original = (
        "impl<A> Pair<A> {\n    /// True when left.\n    pub fn has_left(&self) -> bool {\n"
        "        self.left.is_some()\n    }\n\n    /// True when right.\n    pub fn has_right(&self) -> bool {\n"
        "        self.right.is_some()\n    }\n}\n"
    )
    snippet = (
        "@@ impl<A> Pair<A> {\n/// True when left.\n+#[must_use]\npub fn has_left(&self) -> bool {\n"
        "    self.left.is_some()\n}\n\n/// True when right.\n+#[must_use]\npub fn has_right(&self) -> bool {\n"
    )
    merged = lazy_merge(original, snippet, "rust").merged
    assert merged == original.replace("    pub fn", "    #[must_use]\n    pub fn")


def test_a_diff_in_spaces_without_the_files_outer_tab_lands_on_the_files_tabs():
    # the body written at column 0 with 4 spaces a level, in a file of tabs: a level is a tab, and
    # the file's one tab of function body goes in front
    original = "func expand(s string) string {\n\tvar (\n\t\tb    strings.Builder\n\t\tfill = pad\n\t)\n\tb.WriteString(fill(8))\n\treturn b.String()\n}\n"
    snippet = ' var (\n-    b    strings.Builder\n-    fill = pad\n+    b strings.Builder\n )\n-b.WriteString(fill(8))\n+b.WriteString(strings.Repeat(" ", 8))\n return b.String()\n'
    merged = lazy_merge(original, snippet, "go").merged
    assert merged == (
        "func expand(s string) string {\n\tvar (\n\t\tb strings.Builder\n\t)\n"
        '\tb.WriteString(strings.Repeat(" ", 8))\n\treturn b.String()\n}\n'
    )


def test_a_doc_comment_added_with_the_plus_taking_a_column_moves_as_a_whole():
    # "+   /**" is off the file's grid, "+    * ..." sits on it by chance (the 4 of a method): the
    # run lost a column everywhere, so every line of it moves
    original = "class P {\n    /**\n     * The state.\n     */\n    public State getState() {\n        return state;\n    }\n}\n"
    snippet = (
        "    public State getState() {\n        return state;\n    }\n+\n+   /**\n+    * Whether it is idle.\n+    */\n"
        "+   public boolean isIdle() {\n+       return state == State.IDLE;\n+   }\n}\n"
    )
    merged = lazy_merge(original, snippet, "java").merged
    assert merged == original.replace(
        "        return state;\n    }\n",
        "        return state;\n    }\n\n    /**\n     * Whether it is idle.\n     */\n"
        "    public boolean isIdle() {\n        return state == State.IDLE;\n    }\n",
    )
