import doctest

import pytest

from fastapply.merge.second import agreement, bodies, costs, items, opinion, second_opinion

PY = """import re


class Decoder:
    def decode(self, s):
        \"\"\"Decode s.\"\"\"
        obj, end = self.raw_decode(s)
        if end != len(s):
            raise ValueError("Extra data")
        return obj

    def raw_decode(self, s, idx=0):
        return self.scan(s, idx)
"""


@pytest.mark.parametrize("module", [items, opinion, bodies])
def test_worked_examples(module):
    assert doctest.testmod(module).failed == 0


def test_a_partial_method_keeps_the_body_it_does_not_show():
    # No marker after the last shown line: the rest of the body and file is kept, not deleted.
    snippet = '    def decode(self, s):\n        """Decode s."""\n        if isinstance(s, bytes):\n            s = s.decode()\n        obj, end = self.raw_decode(s)\n'
    merged = second_opinion(PY, snippet, "python").merged
    assert merged == PY.replace(
        '"""Decode s."""\n', '"""Decode s."""\n        if isinstance(s, bytes):\n            s = s.decode()\n'
    )


def test_a_marker_in_another_language_still_stands_for_code():
    snippet = "    def raw_decode(self, s, idx=0):\n        if idx < 0:\n            raise ValueError(idx)\n// ... existing code ...\n"
    merged = second_opinion(PY, snippet, "python").merged
    assert "        if idx < 0:\n            raise ValueError(idx)\n        return self.scan(s, idx)\n" in merged


def test_lines_between_two_anchors_of_one_chunk_are_deleted():
    snippet = '    def decode(self, s):\n        """Decode s."""\n        obj, end = self.raw_decode(s)\n        return obj\n# ...\n'
    merged = second_opinion(PY, snippet, "python").merged
    assert "Extra data" not in merged and merged.count("return obj") == 1


def test_an_edited_line_replaces_its_old_form():
    snippet = "# ...\n    def raw_decode(self, s, idx=0):\n        return self.scan(s, idx or 0)\n"
    merged = second_opinion(PY, snippet, "python").merged
    assert "return self.scan(s, idx or 0)" in merged and "return self.scan(s, idx)\n" not in merged


def test_a_new_block_opening_with_a_common_closer_is_not_glued_to_the_wrong_brace():
    original = "function a() {\n  one();\n}\n\nfunction c() {\n  three();\n}\n"
    snippet = "// ...\nfunction b() {\n  two();\n}\n\nfunction c() {\n// ...\n"
    merged = second_opinion(original, snippet, "javascript").merged
    assert merged == "function a() {\n  one();\n}\n\nfunction b() {\n  two();\n}\n\nfunction c() {\n  three();\n}\n"


def test_members_written_at_column_zero_take_the_class_indentation():
    original = "class A {\n  get() {\n    return 1;\n  }\n\n  post() {\n    return 2;\n  }\n}\n"
    snippet = "// ...\nget() {\n  return 1;\n}\n\nhead() {\n  return 3;\n}\n// ...\n"
    merged = second_opinion(original, snippet, "typescript").merged
    assert merged == original.replace("  post()", "  head() {\n    return 3;\n  }\n\n  post()")


def test_a_diff_whose_plus_took_an_indent_column_lands_on_the_grid():
    original = (
        "def total(items):\n    result = 0\n    for item in items:\n        result += item.price\n    return result\n"
    )
    snippet = "@@ -2,4 +2,4 @@\n     for item in items:\n-        result += item.price\n+       result += item.price * item.n\n     return result\n"
    merged = second_opinion(original, snippet, "python").merged
    assert "\n        result += item.price * item.n\n" in merged


@pytest.mark.parametrize(
    "snippet, why",
    [
        ("def nowhere():\n    pass\n# ...\n", "anchors"),
        # hunks out of file order: the second one's lines stand above the first's
        (
            "@@ -12,2 +12,2 @@\n     def raw_decode(self, s, idx=0):\n-        return self.scan(s, idx)\n+        return 0\n"
            '@@ -5,3 +5,3 @@\n     def decode(self, s):\n-        """Decode s."""\n+        """Decode a string."""\n',
            "snippet line",
        ),
    ],
)
def test_it_abstains_rather_than_guess(snippet, why):
    result = second_opinion(PY, snippet, "python")
    assert result.merged is None and why in result.reason


def test_agreement_names_where_the_files_part():
    snippet = "# ...\n    def raw_decode(self, s, idx=0):\n        return self.scan(s, idx or 0)\n"
    right = second_opinion(PY, snippet, "python").merged
    assert agreement(PY, snippet, right, "python") is None
    flag = agreement(PY, snippet, PY, "python")
    assert flag.code == "second_opinion_differs" and flag.lines == (13,)
    assert agreement(PY, "def nowhere():\n    pass\n# ...\n", PY, "python").code == "second_opinion_abstained"


def test_too_large_an_input_is_declined_not_slowly_aligned(monkeypatch):
    monkeypatch.setattr(opinion, "MAX_CELLS", 10)
    assert "too large" in second_opinion(PY, "# ...\n        return obj\n", "python").reason


def test_costs_prefer_unique_distinctive_lines():
    assert (
        costs.match_gain("return self.raw_decode(s)", 1) > costs.match_gain("return obj", 3) > costs.match_gain("}", 1)
    )


def test_a_new_method_after_an_elided_body_goes_right_after_that_body():
    # "return True" of the new method also stands in another class: a marker free to keep any run
    # of lines would let the method land there; the body marker elides only __init__'s body.
    original = (
        "class Box:\n    def __init__(self, size):\n        self.size = size\n\n    def area(self):\n"
        "        return self.size ** 2\n\n\nclass Gate:\n    def opened(self):\n        if self.ready:\n"
        "            return True\n        return False\n"
    )
    snippet = (
        "class Box:\n    # ... existing code ...\n\n    def __init__(self, size):\n        # ... existing code ...\n\n"
        "    def ping(self):\n        return True\n\n    # ... existing code ...\n"
    )
    wanted = original.replace("self.size = size\n", "self.size = size\n\n    def ping(self):\n        return True\n")
    assert second_opinion(original, snippet, "python").merged == wanted


def test_an_edited_line_among_look_alikes_edits_the_one_beside_its_context():
    # Four look-alike guards: the header above the edited one says which it replaces.
    original = (
        "list_t *list_rpush(list_t *self, node_t *node) {\n  if (!node) return NULL;\n  self->len++;\n  return node;\n}\n\n"
        "node_t *list_rpop(list_t *self) {\n  if (!self->len) return NULL;\n  return self->tail;\n}\n\n"
        "node_t *list_lpop(list_t *self) {\n  if (!self->len) return NULL;\n  return self->head;\n}\n\n"
        "list_t *list_lpush(list_t *self, node_t *node) {\n  if (!node) return NULL;\n  self->len++;\n  return node;\n}\n"
    )
    snippet = "// ...\nlist_t *list_rpush(list_t *self, node_t *node) {\n  if (!self || !node) return NULL;\n  // ...\n}\n// ...\n"
    wanted = original.replace("  if (!node) return NULL;\n", "  if (!self || !node) return NULL;\n", 1)
    assert second_opinion(original, snippet, "c").merged == wanted


def test_a_new_documented_method_after_a_shown_closer_goes_right_after_that_body():
    # The new method's "return $this->createFrom($elements);" also ends a method further down.
    original = (
        "class Items\n{\n    public function filter(Closure $p)\n    {\n        $elements = array_filter($this->elements, $p);\n"
        "        return $this->createFrom($elements);\n    }\n\n    /**\n     * Clears the items.\n     */\n"
        "    public function clear()\n    {\n        $this->elements = [];\n    }\n\n    /**\n     * A copy.\n     */\n"
        "    public function copy()\n    {\n        $elements = $this->elements;\n        return $this->createFrom($elements);\n    }\n}\n"
    )
    method = (
        "    /**\n     * Sorted by the comparator.\n     */\n    public function sorted(Closure $comparator)\n    {\n"
        "        $elements = $this->elements;\n        uasort($elements, $comparator);\n"
        "        return $this->createFrom($elements);\n    }\n"
    )
    snippet = (
        "    // ...\n    public function filter(Closure $p)\n    {\n        // ... existing code ...\n    }\n\n"
        + method
    )
    snippet += "\n    // ... existing code ...\n"
    wanted = original.replace("    }\n\n    /**\n     * Clears", "    }\n\n" + method + "\n    /**\n     * Clears", 1)
    assert second_opinion(original, snippet, "php").merged == wanted


def test_a_chunk_shown_before_an_earlier_one_takes_its_closing_line_along():
    # error! stands below error_response in the file; its "end" comes after a body marker.
    original = (
        "module Errors\n  def error_response(error = nil)\n    payload = build(error)\n"
        "    env[ENDPOINT].status(payload.status)\n    rack_response(payload)\n  end\n\n"
        "  def error!(message, status = 500)\n    env[ENDPOINT].status(status)\n    throw :error, message\n  end\nend\n"
    )
    snippet = (
        "  def error!(message, status = 500)\n    env[ENDPOINT]&.status(status)\n    # ... rest unchanged\n  end\n\n"
        "  # ...\n\n  def error_response(error = nil)\n    # ... unchanged ...\n    env[ENDPOINT]&.status(payload.status)\n"
        "    rack_response(payload)\n  end\n"
    )
    wanted = original.replace("env[ENDPOINT].status", "env[ENDPOINT]&.status")
    assert second_opinion(original, snippet, "ruby").merged == wanted


def test_an_edited_line_with_look_alikes_is_placed_by_the_anchors_around_it():
    # The edited guard looks like the guard of filter() too; between matching()'s header and its
    # "$orderings" line only one of them stands.
    original = (
        "class C\n{\n    public function filter($expr)\n    {\n        if ($expr != null) {\n            return 1;\n        }\n    }\n\n"
        "    public function matching($criteria)\n    {\n        $expr = $criteria->where();\n        if ($expr != null) {\n"
        "            return 2;\n        }\n        $orderings = $criteria->orderings();\n    }\n}\n"
    )
    snippet = (
        "    public function matching($criteria)\n    {\n        // ...\n        if ($expr !== null) {\n            // ...\n        }\n"
        "        $orderings = $criteria->orderings();\n    // ...\n"
    )
    wanted = original.replace(
        "        if ($expr != null) {\n            return 2;", "        if ($expr !== null) {\n            return 2;"
    )
    opinion = second_opinion(original, snippet, "php")
    assert opinion.merged == wanted, opinion.reason


def test_a_body_written_out_whole_replaces_the_old_one_whole():
    # The snippet takes the body out of its `if`: its closing brace would pair with the old `if`'s,
    # and the function's own closing brace would stay behind under the marker.
    original = (
        "class P\n{\n    public function check($data)\n    {\n        if (!empty($data['error'])) {\n"
        "            $error = $data['error'];\n            throw new Failure($error);\n        }\n    }\n\n"
        "    public function create($r)\n    {\n        return new Owner($r);\n    }\n}\n"
    )
    snippet = (
        "    public function check($data)\n    {\n        if (empty($data['error'])) {\n            return;\n        }\n\n"
        "        $error = $data['error'];\n        throw new Failure($error);\n    }\n\n    // ...\n"
    )
    wanted = original.replace(
        "        if (!empty($data['error'])) {\n            $error = $data['error'];\n"
        "            throw new Failure($error);\n        }\n    }\n",
        "        if (empty($data['error'])) {\n            return;\n        }\n\n"
        "        $error = $data['error'];\n        throw new Failure($error);\n    }\n",
    )
    opinion = second_opinion(original, snippet, "php")
    assert opinion.merged == wanted, opinion.merged


def test_a_new_block_whose_header_is_a_common_line_does_not_replace_an_old_one():
    # A new <section> before the last one: its "<section>" line also opens the old section, which
    # stays whole under the marker.
    original = (
        "<article>\n  <section>\n    <h2>Intro</h2>\n    <p>Hello.</p>\n  </section>\n\n  <section>\n"
        "    <h2>End</h2>\n    <p>Thanks to all who helped.</p>\n  </section>\n</article>\n"
    )
    snippet = (
        "<!-- ... -->\n    <p>Hello.</p>\n  </section>\n\n  <section>\n    <h2>Tables</h2>\n    <p>Wide ones scroll.</p>\n"
        "  </section>\n\n  <section>\n    <h2>End</h2>\n<!-- ... -->\n"
    )
    wanted = original.replace(
        "  <section>\n    <h2>End</h2>",
        "  <section>\n    <h2>Tables</h2>\n    <p>Wide ones scroll.</p>\n  </section>\n\n  <section>\n    <h2>End</h2>",
    )
    opinion = second_opinion(original, snippet, "html")
    assert opinion.merged == wanted, opinion.merged


def test_a_re_indented_body_keeps_its_closing_lines_at_their_openers_depth():
    # The loop body moves 3 columns left; the loop, the branch and the function keep their depth,
    # and so do the lines that close them.
    original = (
        "function report(files)\n   local buf = {}\n   for i, file in ipairs(files) do\n      if file.fatal then\n"
        "         fail(file)\n      else\n         for _, event in ipairs(file) do\n"
        "               local kind = event.code:sub(1, 1)\n               local text = format_message(event)\n"
        '               local where = event.line .. ":" .. event.column\n'
        "               table.insert(buf, kind .. where .. text)\n"
        "         end\n      end\n   end\n   return table.concat(buf)\nend\n"
    )
    snippet = (
        "function report(files)\n   -- ...\n      else\n         for _, event in ipairs(file) do\n"
        "            local kind = event.code:sub(1, 1)\n            local text = format_message(event)\n"
        '            local where = event.line .. ":" .. event.column\n'
        "            table.insert(buf, kind .. where .. text)\n"
        "         end\n      end\n   end\n   -- ...\nend\n"
    )
    wanted = original.replace("               ", "            ")
    opinion = second_opinion(original, snippet, "lua")
    assert opinion.merged == wanted, opinion.merged


def test_a_diff_written_without_the_files_indentation_keeps_its_context_prefix_apart():
    # Context lines " day = ..." carry the diff's one-space prefix over code written at column 0:
    # none stands in the file as it is, with or without the prefix, and all are one column off
    # the file's 4-space grid. The added lines then nest under them as the snippet shows.
    original = (
        "def parse_day(day):\n    days = {'monday': 0, 'friday': 4}\n    day = day.strip().lower()\n"
        "    if day in days:\n        return days[day]\n    raise ValueError(day)\n"
    )
    snippet = (
        "@@ parse_day @@\n day = day.strip().lower()\n if day in days:\n     return days[day]\n"
        "+if len(day) == 3:\n+    for name, value in days.items():\n+        if name.startswith(day):\n"
        "+            return value\n raise ValueError(day)\n"
    )
    wanted = original.replace(
        "    raise",
        "    if len(day) == 3:\n        for name, value in days.items():\n            if name.startswith(day):\n"
        "                return value\n    raise",
    )
    assert second_opinion(original, snippet, "python").merged == wanted


def test_the_indent_unit_is_the_common_step_not_a_divisor_that_doc_lines_break():
    from fastapply.merge.text.style import Style

    c = [
        "/**",
        " * Parse a string.",
        " */",
        "static int parse(jsmn_parser *parser, const char *js,",
        "                 size_t len) {",
        "  if (len == 0) {",
        "    return 0;",
        "  }",
        "  return 1;",
        "}",
    ]
    assert Style(c).unit == 2
    assert Style(["def f():", "    if x:", "        return 1"]).unit == 4
    assert Style(["x = 1"]).unit == 4  # no step shown


def test_a_diffs_closing_context_lines_do_not_outvote_its_distinct_ones():
    # " }" stands for a "}" the file holds at column 0 as well as the class's: only the lines the
    # file holds once say whether the context lines carry the prefix (here they do, over code
    # written at column 0 of a 2-space class body).
    original = (
        "object A {\n  def clue(c: Int): Int = synchronized {\n    seen += c\n    c\n  }\n"
        "  def clues(cs: Int*): Seq[Int] = cs.toList\n\n  def printer: Printer = Empty\n}\n"
    )
    snippet = (
        " def clue(c: Int): Int = synchronized {\n   seen += c\n   c\n }\n def clues(cs: Int*): Seq[Int] = cs.toList\n"
        "+\n+/** Forget the clues. */\n+def clear(): Unit = synchronized {\n+  seen.clear()\n+}\n\n"
        " def printer: Printer = Empty\n"
    )
    wanted = original.replace(
        "cs.toList\n",
        "cs.toList\n\n  /** Forget the clues. */\n  def clear(): Unit = synchronized {\n    seen.clear()\n  }\n",
    )
    shown = items.parse_items(snippet.splitlines(), original.splitlines(), "scala")[0]
    assert [it.text for it in shown if it.kind == "ctx"][:2] == [
        "def clue(c: Int): Int = synchronized {",
        "  seen += c",
    ]
    assert second_opinion(original, snippet, "scala").merged == wanted


def test_a_snippet_in_two_spaces_a_level_lands_in_a_file_of_tabs_a_level_for_each_two():
    original = "const apply = (object, options = {}) => {\n\tif (options.level > 3) {\n\t\tthrow new Error('bad');\n\t}\n\n\tobject.level = options.level;\n};\n"
    snippet = "const apply = (object, options = {}) => {\n  if (options.level > 3) {\n    throw new RangeError(`bad ${options.level}`);\n  }\n  // ... existing code ...\n};\n"
    expected = original.replace("throw new Error('bad');", "throw new RangeError(`bad ${options.level}`);")
    assert second_opinion(original, snippet, "javascript").merged == expected


def test_a_header_whose_body_a_marker_elides_stands_on_its_own_line_not_written_anew():
    # wait() moved up above success(), shown by its header over a marker: that body is success()'s own,
    # which only the old header line keeps (written anew, the header would lose it)
    wait = (
        '    def wait(self):\n        """Seconds until the next request."""\n        if self.history:\n'
        "            remaining = self.duration - (self.now - self.history[-1])\n        else:\n"
        "            remaining = self.duration\n        available = self.limit - len(self.history) + 1\n"
        "        return remaining / float(available)\n"
    )
    original = (
        "class Throttle:\n    def allow(self, request):\n        self.now = self.timer()\n"
        "        return self.success()\n\n    def success(self):\n        self.history.insert(0, self.now)\n"
        "        return True\n\n    def failure(self):\n        return False\n\n"
        + wait
        + "\n\nclass Anon(Throttle):\n    scope = 'anon'\n"
    )
    snippet = (
        "    def allow(self, request):\n        # ... existing code ...\n        return self.success()\n\n"
        + wait
        + "\n    def success(self):\n        # ... unchanged ...\n\n    def failure(self):\n        return False\n\n\nclass Anon(Throttle):\n"
    )
    expected = original.replace("\n" + wait, "").replace("self.success()\n", "self.success()\n\n" + wait, 1)
    assert second_opinion(original, snippet, "python").merged == expected


def test_a_common_opener_over_a_marker_stands_for_its_own_line_after_a_new_one():
    # "}) => {" occurs twice; a new prop is written right above it, and a marker elides the body
    original = (
        "export const Row: FC<RowProps> = ({\n  item,\n  onEdit\n}) => {\n  return <li>{item}</li>\n}\n\n"
        "export const Message: FC<MessageProps> = ({\n  message,\n  onSubmitEdit\n}) => {\n"
        "  const [editing, setEditing] = useState(false)\n  return <div>{message.content}</div>\n}\n"
    )
    snippet = (
        "export const Message: FC<MessageProps> = ({\n  message,\n  // ...\n  onSubmitEdit,\n"
        "  showSources = true\n}) => {\n  // ... existing code ...\n"
    )
    expected = original.replace("  onSubmitEdit\n", "  onSubmitEdit,\n  showSources = true\n")
    assert second_opinion(original, snippet, "tsx").merged == expected


def test_a_doc_comment_above_a_method_that_reindents_its_body_keeps_its_place():
    """Most lines of the rewritten method move one level in (a try wraps them): the doc comment's
    ``/**`` and ``*/`` stand where the method's own header does, not at the body's shift."""
    body = "".join(f"        step{n}()\n" for n in range(6))
    original = (
        "class R {\n    /**\n     * starts it\n     */\n    start() {\n        go()\n    }\n\n"
        "    /**\n     * runs it, once\n     */\n    run() {\n" + body + "    }\n}\n"
    )
    wrapped = "".join(f"            step{n}()\n" for n in range(6))
    snippet = (
        "class R {\n    // ...\n\n    /**\n     * runs it, once\n     */\n    run() {\n        try {\n"
        + wrapped
        + "        } finally {\n            done()\n        }\n    }\n}\n"
    )
    expected = original.replace(
        body, "        try {\n" + wrapped + "        } finally {\n            done()\n        }\n"
    )
    assert second_opinion(original, snippet, "typescript").merged == expected


def test_a_comment_rewritten_longer_is_the_edited_form_of_the_old_one():
    """``/* Tables */`` written ``/* Tables (striped rows) */`` above its rule: every word of the old
    comment is kept, so the new line replaces it rather than standing beside it."""
    original = "a {\n  color: red;\n}\n\n/* Tables */\ntable {\n  width: 100%;\n}\n"
    snippet = "/* ... existing styles ... */\n\n/* Tables (striped rows) */\ntable {\n  width: 100%;\n}\n\ntr:nth-child(even) {\n  color: grey;\n}\n"
    expected = (
        original.replace("/* Tables */", "/* Tables (striped rows) */") + "\ntr:nth-child(even) {\n  color: grey;\n}\n"
    )
    assert second_opinion(original, snippet, "css").merged == expected


def test_a_line_grown_with_every_word_of_the_old_one_is_its_edited_form():
    original = "fn f(&mut self, key: Key) {\n    if self.key == key {\n        self.found = Some(1);\n    }\n}\n"
    snippet = (
        "fn f(&mut self, key: Key) {\n    if self.found.is_none() && self.key == key {\n    // ... rest unchanged\n"
    )
    merged = second_opinion(original, snippet, "rust").merged
    assert merged == original.replace("if self.key == key {", "if self.found.is_none() && self.key == key {")


def test_a_banner_rewritten_in_other_case_is_its_edited_form():
    original = "}\n\n// Schemes ---------------------------------------------------------\n\nfn schemes() {}\n"
    snippet = "}\n\n// URL schemes -----------------------------------------------------\n\n// ... existing code ...\n"
    merged = second_opinion(original, snippet, "rust").merged
    assert merged.count("schemes ---") + merged.count("Schemes ---") == 1
