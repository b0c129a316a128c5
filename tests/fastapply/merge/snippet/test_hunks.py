"""Diff-form snippets: detection against the original, hunks applied in place."""

import doctest

from fastapply.apply.deterministic import checked_merge, prepare
from fastapply.apply.request import ApplyRequest
from fastapply.merge import flags, lazy_merge, validate
from fastapply.merge.snippet.hunks import apply_hunks, is_diff_form, new_side, parse_hunks

ORIGINAL = """import socket


class Conn:
    def __init__(self, addr):
        self.addr = addr

    def connect(self):
        sock = socket.create_connection(self.addr)
        return sock

    def close(self):
        pass

    def send(self, data):
        return self.sock.send(data)
"""


def test_hunk_with_header_and_wrong_line_numbers():
    snippet = """@@ -40,4 +40,5 @@ class Conn:
     def connect(self):
-        sock = socket.create_connection(self.addr)
+        sock = socket.create_connection(self.addr, timeout=5)
+        sock.setblocking(False)
         return sock
"""
    result = lazy_merge(ORIGINAL, snippet, "python")
    assert result.confident, result.reason
    assert result.merged == ORIGINAL.replace(
        "        sock = socket.create_connection(self.addr)\n",
        "        sock = socket.create_connection(self.addr, timeout=5)\n        sock.setblocking(False)\n",
    )
    assert validate(ORIGINAL, snippet, result.merged, "python", anchoring=result) == []


def test_removed_block_takes_its_blank_line_with_it():
    snippet = """         return sock
-
-    def close(self):
-        pass
 
     def send(self, data):
"""
    result = lazy_merge(ORIGINAL, snippet, "python")
    assert result.confident, result.reason
    assert result.merged == ORIGINAL.replace("\n    def close(self):\n        pass\n", "")


def test_hunks_between_lazy_markers_and_context_without_prefix():
    snippet = """class Conn:
    # ... existing code ...
+    def flush(self):
+        return None
+
    def send(self, data):
"""
    result = lazy_merge(ORIGINAL, snippet, "python")
    assert result.confident, result.reason
    assert "    def flush(self):\n        return None\n\n    def send(self, data):" in result.merged
    assert "+" not in result.merged


def test_added_lines_follow_the_files_tabs():
    original = "func f() {\n\tif x {\n\t\ty()\n\t}\n}\n"
    snippet = "     if x {\n-        y()\n+        z()\n+        w()\n     }\n"
    result = lazy_merge(original, snippet, "go")
    assert result.merged == "func f() {\n\tif x {\n\t\tz()\n\t\tw()\n\t}\n}\n"


def test_a_hunk_that_matches_twice_is_not_confident():
    original = "a = 1\nb = 2\n\na = 1\nb = 2\n"
    result = lazy_merge(original, " a = 1\n-b = 2\n+b = 3\n", "python")
    assert not result.confident
    assert "occur 2 times" in result.reason


def test_markdown_lists_and_lua_comments_are_not_diff_lines():
    markdown = "# Title\n\n- one\n- two\n"
    assert not is_diff_form("- one\n- two\n- three\n".splitlines(), markdown.splitlines())
    lua = "-- helpers\nlocal x = 1\n"
    assert not is_diff_form("-- helpers\nlocal x = 2\n".splitlines(), lua.splitlines())


def test_new_side_drops_removed_lines_and_prefixes():
    snippet = " def connect(self):\n-    old()\n+    new()\n".splitlines()
    original = "def connect(self):\n    old()\n".splitlines()
    assert new_side(snippet, original, "python") == ["def connect(self):", "    new()"]


def test_new_side_parts_hunks_with_a_marker_the_language_parses():
    """ "//" is no Python comment: between two hunks it would end the function above it for the
    grammar, and the function would read as written out whole."""
    original = "def f():\n    a = 1\n    b = 2\n    c = 3\n    return c\n".splitlines()
    snippet = " def f():\n-    a = 1\n+    a = 10\n@@\n     c = 3\n-    return c\n+    return c + a\n".splitlines()
    assert new_side(snippet, original, "python")[2] == "# ... existing code ..."


def test_a_right_file_from_hunks_parted_by_a_marker_is_not_flagged_as_orphaned():
    original = (
        "class T:\n    @classmethod\n    def widths(cls, data, pad=3):\n"
        '        """\n        Column widths.\n        """\n        widths = [len(x) for x in data]\n'
        "        widths = [w + pad for w in widths]\n        return widths\n"
    )
    snippet = (
        "@@ def widths @@\n     @classmethod\n-    def widths(cls, data, pad=3):\n+    def widths(cls, data, pad=3, least=1):\n"
        '         """\n         Column widths.\n         """\n         # ... computing the widths unchanged ...\n'
        "-        widths = [w + pad for w in widths]\n+        widths = [max(w + pad, least) for w in widths]\n"
        "         return widths\n"
    )
    merged = original.replace("pad=3):", "pad=3, least=1):").replace("[w + pad for", "[max(w + pad, least) for")
    assert "orphaned_lines" not in {w.code.value for w in validate(original, snippet, merged, "python")}


def test_diff_prefixes_left_in_a_file_are_flagged():
    snippet = " def connect(self):\n-        sock = socket.create_connection(self.addr)\n+        sock = None\n"
    leaked = ORIGINAL.replace(
        "        sock = socket.create_connection(self.addr)\n",
        "-        sock = socket.create_connection(self.addr)\n+        sock = None\n",
    )
    codes = {w.code for w in validate(ORIGINAL, snippet, leaked, "python")}
    assert "diff_prefix" in codes


def test_a_lone_minus_after_the_removed_lines_removes_the_blank_below_them():
    original = "class A {\n    int a() {\n        return 1;\n    }\n\n    int b() {\n        return 2;\n    }\n\n    int c() {\n        return 3;\n    }\n}\n"
    # the blank line closing the hunk (before the marker) is a separator, not context
    snippet = "// ...\n\n-    int b() {\n-        return 2;\n-    }\n-\n\n// ...\n"
    result = lazy_merge(original, snippet, "java")
    assert (
        result.merged
        == "class A {\n    int a() {\n        return 1;\n    }\n\n    int c() {\n        return 3;\n    }\n}\n"
    )


def test_a_header_naming_the_function_opens_a_hunk():
    snippet = "@@ def connect(self):\n     def connect(self):\n-        sock = socket.create_connection(self.addr)\n+        sock = socket.create_connection(self.addr, timeout=5)\n"
    result = lazy_merge(ORIGINAL, snippet, "python")
    assert result.confident, result.reason
    assert result.merged == ORIGINAL.replace("(self.addr)\n", "(self.addr, timeout=5)\n")


def test_a_context_comment_reworded_from_memory_still_places_the_hunk():
    original = "def f(x):\n    # Parse the value; keep it as text if that fails.\n    try:\n        x = int(x)\n    except ValueError:\n        pass\n    return x\n"
    snippet = "     # Parse it, keeping the text when that fails.\n     try:\n-        x = int(x)\n+        x = int(x, 0)\n     except ValueError:\n"
    result = lazy_merge(original, snippet, "python")
    assert result.merged == original.replace("int(x)", "int(x, 0)")  # the file's comment stays
    # one line besides the comment does not place a hunk
    hunks = parse_hunks(["     # Parse it.", "-    return x", "+    return x or 0"], original.splitlines(), "python")
    _, _, problems = apply_hunks(original.splitlines(), hunks)
    assert problems == ["hunk 1: its context and removed lines are not in the original"]


def test_a_hunk_whose_lines_stand_twice_is_placed_where_its_header_number_points():
    from fastapply.merge.snippet import hunks

    assert doctest.testmod(hunks).failed == 0
    block = [
        "      content:",
        "        application/json:",
        "          schema: User",
        "        application/x-form:",
        "          schema: User",
        "      responses:",
    ]
    original = ["paths:", "  /user:", "    post:"] + block + [""] * 30 + ["  /user/{name}:", "    put:"] + block
    snippet = (
        "@@ -5,5 +5,3 @@\n         application/json:\n           schema: User\n"
        "-        application/x-form:\n-          schema: User\n       responses:\n"
    )
    merged = lazy_merge("\n".join(original) + "\n", snippet, "yaml")
    assert merged.confident
    assert merged.merged.count("application/x-form:") == 1
    assert merged.merged.index("application/x-form:") > merged.merged.index("/user/{name}:")
    far = lazy_merge("\n".join(original) + "\n", snippet.replace("@@ -5,5 +5,3 @@", "@@ -20,5 +20,3 @@"), "yaml")
    assert not far.confident  # a number that points at neither place says nothing


def test_a_marker_like_line_a_diff_adds_inside_a_doc_comment_is_the_files_text():
    original = "impl B {\n    pub fn a(self) -> Self {\n        self\n    }\n}\n"
    snippet = (
        "@@ -2,3 +2,10 @@\n     pub fn a(self) -> Self {\n         self\n     }\n+\n+    /// ```\n"
        "+    /// b.size(10)\n+    ///     // ...\n+    ///     .build();\n+    /// ```\n+    pub fn size(self) -> Self {\n"
        "+        self\n+    }\n"
    )
    request = ApplyRequest(original, snippet, "Add size().", path="b.rs")
    prepared = prepare(request)
    merged, warnings = checked_merge(request, prepared)
    assert "    ///     // ...\n    ///     .build();\n" in merged
    assert "marker_leak" not in {w.code.value for w in warnings}


def test_lines_added_above_a_blank_context_line_go_above_the_blank_line():
    """A new method shown after a marker, then the blank line and the method that follow it: the
    blank line is the one above ``send``, so the method goes between ``close`` and that blank."""
    snippet = """     def close(self):
# ... rest of close unchanged ...
+
+    def flush(self):
+        return None
 
     def send(self, data):
"""
    result = lazy_merge(ORIGINAL, snippet, "python")
    assert result.confident, result.reason
    assert result.merged == ORIGINAL.replace(
        "        pass\n\n    def send", "        pass\n\n    def flush(self):\n        return None\n\n    def send"
    )


def test_a_patch_in_the_begin_patch_envelope_is_applied_without_its_envelope():
    snippet = """*** Begin Patch
*** Update File: conn.py
@@ class Conn:
     def connect(self):
-        sock = socket.create_connection(self.addr)
+        sock = socket.create_connection(self.addr, timeout=5)
         return sock
*** End Patch
"""
    result = lazy_merge(ORIGINAL, snippet, "python")
    assert result.confident, result.reason
    assert result.merged == ORIGINAL.replace("(self.addr)\n", "(self.addr, timeout=5)\n")


def test_a_hunk_whose_lines_stand_twice_goes_below_the_line_its_header_quotes():
    original = "def a():\n    x = 1\n    return x\n\n\ndef b():\n    x = 1\n    return x\n"
    snippet = "@@ def b():\n     x = 1\n-    return x\n+    return x + 1\n"
    result = lazy_merge(original, snippet, "python")
    assert result.confident, result.reason
    assert result.merged == "def a():\n    x = 1\n    return x\n\n\ndef b():\n    x = 1\n    return x + 1\n"


LICENSED = """/*
   Copyright (c) 2017 someone

   Licensed under the Apache License, Version 2.0.
*/

void Pool::_move(Pool &&that) {
    _pool = std::move(that._pool);
    _used = that._used;
}
"""


def test_added_lines_one_column_short_land_on_the_codes_grid_not_a_license_headers():
    """``+   x`` among 4-space code: the "+" took a column. The license text at 3 spaces is no
    indentation of the file's code; the second opinion reads the hunk the same way."""
    snippet = "    _used = that._used;\n+\n+   that._pool.clear();\n+   that._used = 0;\n}\n"
    request = ApplyRequest(LICENSED, snippet, "Reset the moved-from pool.", path="pool.cpp")
    merged, warnings = checked_merge(request, prepare(request))
    assert merged == LICENSED.replace(
        "    _used = that._used;\n}", "    _used = that._used;\n\n    that._pool.clear();\n    that._used = 0;\n}"
    )
    assert not flags(warnings), warnings


def test_added_lines_beside_removed_lines_at_the_files_columns_stay_where_written():
    """The ``-`` lines stand at the file's own columns, so the ``+`` lines do too: a comment's
    continuation at 7 spaces is not moved onto the code's grid."""
    original = (
        "int f(void) {\n    /* check the request (a fast countermeasure\n       againt slowloris */\n    return 0;\n}\n"
    )
    snippet = (
        "     /* check the request (a fast countermeasure\n"
        "-       againt slowloris */\n"
        "+       against slowloris */\n"
        "     return 0;\n"
    )
    request = ApplyRequest(original, snippet, "Fix the typo.", path="f.c")
    merged, warnings = checked_merge(request, prepare(request))
    assert merged == original.replace("againt", "against")
    assert not flags(warnings), warnings


def test_a_blank_added_line_keeps_its_spaces_where_the_file_writes_blank_lines_so():
    original = "struct A {\n    func f() {\n        g()\n    }\n    \n    func h() {}\n}\n"
    snippet = "     func f() {\n         g()\n     }\n+    \n+    func k() {}\n     \n     func h() {}\n"
    merged = lazy_merge(original, snippet, "swift").merged
    assert merged == original.replace("    }\n    \n", "    }\n    \n    func k() {}\n    \n")
