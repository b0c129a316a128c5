import doctest

import pytest

from fastapply.merge.account import account, checks, trace

ORIGINAL = """import os

TIMEOUT = 10


def fetch(url):
    data = os.environ.get(url)
    if data is None:
        return ""
    return data.strip()


def other():
    return 1
"""


def codes(snippet, merged, instruction=""):
    return {w.code for w in account(ORIGINAL, snippet, merged, "python", instruction)}


@pytest.mark.parametrize("module", [trace, checks])
def test_worked_examples(module):
    assert doctest.testmod(module).failed == 0


def test_the_expected_file_of_a_plain_edit_is_accounted_for():
    snippet = "# ...\ndef fetch(url):\n    data = os.environ.get(url, '')\n    if data is None:\n# ...\n"
    merged = ORIGINAL.replace("os.environ.get(url)", "os.environ.get(url, '')")
    assert codes(snippet, merged) == set()


def test_a_body_dropped_under_a_marker_is_an_unaccounted_deletion():
    snippet = "def fetch(url):\n    data = os.environ.get(url)\n# ... existing code ...\n"
    merged = ORIGINAL.replace('    if data is None:\n        return ""\n    return data.strip()\n', "")
    warning = next(w for w in account(ORIGINAL, snippet, merged, "python") if w.code == "unaccounted_deletion")
    assert warning.lines == (8, 9, 10)


def test_a_deletion_between_two_anchors_or_named_by_the_instruction_is_accounted_for():
    snippet = "def fetch(url):\n    data = os.environ.get(url)\n    return data.strip()\n# ...\n"
    merged = ORIGINAL.replace('    if data is None:\n        return ""\n', "")
    assert "unaccounted_deletion" not in codes(snippet, merged)
    snippet = "import os\n# ...\n"
    merged = ORIGINAL.replace("def other():\n    return 1\n", "")
    assert "unaccounted_deletion" in codes(snippet, merged)
    assert "unaccounted_deletion" not in codes(snippet, merged, "remove other()")


def test_an_old_constant_kept_beside_its_replacement():
    snippet = "import os\n\nTIMEOUT = 30\n# ... existing code ...\n"
    merged = ORIGINAL.replace("TIMEOUT = 10\n", "TIMEOUT = 30\nTIMEOUT = 10\n")
    assert "kept_beside_replacement" in codes(snippet, merged)
    assert "kept_beside_replacement" not in codes(snippet, ORIGINAL.replace("TIMEOUT = 10", "TIMEOUT = 30"))


def test_a_definition_written_twice_under_one_parent():
    snippet = "# ...\ndef other():\n    return 2\n"
    merged = ORIGINAL + "\n\ndef other():\n    return 2\n"
    assert "defined_twice" in codes(snippet, merged)
    assert "defined_twice" not in codes(snippet, ORIGINAL.replace("return 1", "return 2"))


def test_new_lines_shifted_away_from_their_anchors():
    snippet = "# ...\ndef fetch(url):\n    data = os.environ.get(url)\n    url = url.strip()\n# ...\n"
    good = ORIGINAL.replace(
        "    data = os.environ.get(url)\n", "    data = os.environ.get(url)\n    url = url.strip()\n"
    )
    bad = ORIGINAL.replace(
        "    data = os.environ.get(url)\n", "    data = os.environ.get(url)\n        url = url.strip()\n"
    )
    assert "indent_shift" not in codes(snippet, good) and "indent_shift" in codes(snippet, bad)


JAVA_CACHE = """public class LruCache {

  public void remove(final Node node) {
    head = node.next;
  }

  public int size() {
    return count;
  }
}
"""


def test_a_method_moved_with_its_old_copy_kept_is_defined_twice_where_names_overload():
    """Moved to the class's end as private, the public copy left in place: same name, same
    parameters, so no overload; a new overload with other parameters is not flagged."""
    snippet = "  // ...\n  private void remove(final Node node) {\n    head = node.next;\n  }\n}\n"
    moved = JAVA_CACHE.replace("    return count;\n  }\n", "    return count;\n  }\n\n" + snippet[9:-2])
    found = {w.code for w in account(JAVA_CACHE, snippet, moved, "java", "Make remove private and move it last.")}
    assert "defined_twice" in found
    overload = "  // ...\n  public void remove(final Node node, boolean all) {\n    head = null;\n  }\n}\n"
    added = JAVA_CACHE.replace("    return count;\n  }\n", "    return count;\n  }\n\n" + overload[9:-2])
    assert "defined_twice" not in {w.code for w in account(JAVA_CACHE, overload, added, "java", "Add an overload.")}


GO_ERRORS = """package env

type ParseError struct{ Err error }

type FileError struct{ Err error }

func (e ParseError) Error() string {
	return e.Err.Error()
}

func (e ParseError) Unwrap() error {
	return e.Err
}
"""


def test_go_methods_of_one_name_on_other_receivers_are_not_defined_twice():
    snippet = "// ... existing code ...\n\nfunc (e *FileError) Unwrap() error {\n\treturn e.Err\n}\n"
    added = GO_ERRORS + "\nfunc (e *FileError) Unwrap() error {\n\treturn e.Err\n}\n"
    assert "defined_twice" not in {w.code for w in account(GO_ERRORS, snippet, added, "go", "Add FileError.Unwrap.")}
    # the same receiver twice is
    again = GO_ERRORS + "\nfunc (e ParseError) Unwrap() error {\n\treturn nil\n}\n"
    other = "// ... existing code ...\n\nfunc (e ParseError) Unwrap() error {\n\treturn nil\n}\n"
    assert "defined_twice" in {w.code for w in account(GO_ERRORS, other, again, "go", "Make Unwrap return nil.")}


def test_a_css_selector_list_is_named_by_all_of_it_not_its_last_selector():
    css = "footer {\n    padding: 1em;\n}\n\n.navbar {\n    top: 0;\n}\n"
    snippet = "/* ... */\n\n@media print {\n    .navbar, footer {\n        display: none;\n    }\n}\n"
    merged = css + snippet.split("\n\n", 1)[1]
    found = {w.code for w in account(css, snippet, merged, "css", "Hide the navbar and footer when printing.")}
    assert "defined_twice" not in found


def test_a_comment_where_new_comment_lines_stand_was_reworded_not_dropped():
    original = ORIGINAL.replace("def other():", "# Tabular data helpers\n# ===============\ndef other():")
    snippet = "# ...\n# Tables\n# ===============\ndef other():\n    return 1\n"
    merged = original.replace("# Tabular data helpers", "# Tables")
    assert "unaccounted_deletion" not in {w.code for w in account(original, snippet, merged, "python")}
    # a comment dropped where nothing new stands is still unaccounted for
    dropped = original.replace("# Tabular data helpers\n", "")
    assert "unaccounted_deletion" in {w.code for w in account(original, snippet, dropped, "python")}


def test_a_one_line_block_kept_below_the_block_that_rewrites_it():
    original = "func start() throws {\n    guard !running else { return }\n\n    let cb = make()\n    run(cb)\n}\n"
    snippet = "func start() throws {\n    guard !running else {\n        throw Err.running\n    }\n\n    // ... existing code ...\n}\n"
    kept = original.replace(
        "    guard !running else { return }\n",
        "    guard !running else {\n        throw Err.running\n    }\n\n    guard !running else { return }\n",
    )
    warning = next(w for w in account(original, snippet, kept, "swift") if w.code == "kept_beside_replacement")
    assert warning.lines == (6,)
    rewritten = original.replace(
        "    guard !running else { return }\n", "    guard !running else {\n        throw Err.running\n    }\n"
    )
    assert "kept_beside_replacement" not in {w.code for w in account(original, snippet, rewritten, "swift")}


def test_an_old_line_kept_beside_the_new_line_that_opens_it_up():
    """A docstring's list continued on a new line, shown after a marker that reaches over the old
    form of the line: both forms kept is a wrong file, whatever the marker seemed to say."""
    original = "class T:\n    \"\"\"\n    Rates.\n\n    One of: ('s', 'sec', 'day')\n\n    Cached.\n    \"\"\"\n"
    snippet = "class T:\n    \"\"\"\n    # ... existing docstring ...\n\n    One of: ('s', 'sec', 'day',\n    'w', 'week')\n\n    Cached.\n    \"\"\"\n"
    both = original.replace(
        "    One of: ('s', 'sec', 'day')\n",
        "    One of: ('s', 'sec', 'day')\n\n    One of: ('s', 'sec', 'day',\n    'w', 'week')\n",
    )
    edited = original.replace("'day')\n", "'day',\n    'w', 'week')\n")
    found = {w.code for w in account(original, snippet, both, "python", "Support weeks.")}
    assert "kept_beside_replacement" in found
    assert "kept_beside_replacement" not in {w.code for w in account(original, snippet, edited, "python", "")}


def test_an_old_typed_field_kept_beside_the_new_one_of_the_same_name():
    original = "class D {\n  private static final int CAPACITY = 16;\n  private static final int LIMIT = (int) (CAPACITY * 0.75);\n\n  int size;\n}\n"
    snippet = "  // ... the constants:\n\n  private static final int CAPACITY = 16;\n  private static final float LOAD = 0.75f;\n  private static final int LIMIT = (int) (CAPACITY * LOAD);\n"
    both = original.replace(
        "  private static final int LIMIT",
        "  private static final float LOAD = 0.75f;\n  private static final int LIMIT = (int) (CAPACITY * LOAD);\n  private static final int LIMIT",
    )
    found = {w.code for w in account(original, snippet, both, "java", "Pull the load factor out into LOAD.")}
    assert "kept_beside_replacement" in found


def test_an_old_css_property_kept_beside_its_new_value():
    original = ".menu-button {\n  position: absolute;\n  transition: 0.3s;\n\n  background-color: #2c8dfb;\n\n  color: #fff;\n}\n"
    snippet = ".menu-button {\n  /* ... positioning unchanged ... */\n  background-color: var(--menu-color);\n\n  color: #fff;\n}\n"
    both = original.replace(
        "  background-color: #2c8dfb;\n", "  background-color: #2c8dfb;\n\n  background-color: var(--menu-color);\n"
    )
    found = {w.code for w in account(original, snippet, both, "css", "Use the --menu-color variable.")}
    assert "kept_beside_replacement" in found


def test_an_inherent_rust_impl_beside_the_types_trait_impls_is_not_defined_twice():
    original = "pub struct Error(Kind);\n\nimpl fmt::Display for Error {\n    fn fmt(&self) {}\n}\n\nimpl std::error::Error for Error {}\n"
    merged = original.replace(
        "\n\nimpl fmt", "\n\nimpl Error {\n    pub fn is_parse(&self) -> bool {\n        true\n    }\n}\n\nimpl fmt"
    )
    snippet = "pub struct Error(Kind);\n\nimpl Error {\n    pub fn is_parse(&self) -> bool {\n        true\n    }\n}\n\n// ...\n"
    assert "defined_twice" not in {w.code.value for w in account(original, snippet, merged, "rust")}
    # the same impl block written twice still is
    twice = merged.replace(
        "impl std::error::Error for Error {}", "impl fmt::Display for Error {\n    fn fmt(&self) {}\n}"
    )
    assert "defined_twice" in {w.code.value for w in account(original, snippet, twice, "rust")}


def test_a_wrapped_declaration_joined_onto_one_line_beside_its_old_second_line_is_flagged():
    original = "class C {\n    public val disabled: Boolean\n        get() = tabWidth <= 0\n\n    fun f() = 1\n}\n"
    snippet = "class C {\n    public val disabled: Boolean = tabWidth <= 0\n\n// ... existing code ...\n"
    kept = original.replace("    public val disabled: Boolean\n", "    public val disabled: Boolean = tabWidth <= 0\n")
    assert "kept_beside_replacement" in {w.code.value for w in account(original, snippet, kept, "kotlin")}
    joined = kept.replace("        get() = tabWidth <= 0\n", "")
    assert "kept_beside_replacement" not in {w.code.value for w in account(original, snippet, joined, "kotlin")}


def test_a_chunk_whose_new_line_the_file_also_holds_higher_up_is_traced_after_the_chunk_before_it():
    """The edited return is the same line as one further up: traced there, the chunk would span
    nothing near the line it replaced, and that replacement would read as a line lost."""
    original = (
        "switch (ch) {\n    case 'a':\n        return new Token(Kind.Symbol, ch) { Pos = pos };\n"
        + "".join(f"    case '{c}':\n        return Word('{c}');\n" for c in "bcdefghij")
        + "    case '!':\n        GetChar();\n        foreach (string dbl in DOUBLES)\n        {\n"
        "            if (ch == dbl[0]) { return Pair(dbl); }\n        }\n\n"
        "        return new Token(Kind.Symbol, ch);\n\n    case '\"':\n        return Str();\n}\n"
        "if (done)\n{\n    Close();\n}\nif (open)\n{\n    Flush();\n}\n"
    )
    snippet = (
        "    case '!':\n        GetChar();\n        foreach (string dbl in DOUBLES)\n        {\n"
        "            // ... existing code ...\n        }\n\n        return new Token(Kind.Symbol, ch) { Pos = pos };\n"
    )
    merged = original.replace("ch);\n\n    case '\"'", "ch) { Pos = pos };\n\n    case '\"'")
    found = {w.code.value for w in account(original, snippet, merged, "csharp", "Set Pos on the single symbol.")}
    assert "unaccounted_deletion" not in found


def test_a_new_function_in_an_unindented_namespace_of_a_file_that_writes_them_so_is_not_an_indent_shift():
    """C++ files hold a namespace's body at column 0: a helper added in a new anonymous namespace
    opens its own block there, and its deeper body is its own."""
    original = "namespace cpr {\n\nint Session::Run() {\n    return perform();\n}\n\n} // namespace cpr\n"
    snippet = (
        "namespace cpr {\n\nnamespace {\nvoid LogError(int code) {\n    std::cerr << code;\n}\n} // namespace\n\n"
        "// ... existing code ...\n"
    )
    merged = original.replace(
        "namespace cpr {\n\n",
        "namespace cpr {\n\nnamespace {\nvoid LogError(int code) {\n    std::cerr << code;\n}\n} // namespace\n\n",
    )
    assert "indent_shift" not in {w.code.value for w in account(original, snippet, merged, "cpp")}
    deeper = "int f() {\n    if (a) {\n        g();\n    }\n    return 0;\n}\n"
    assert not checks._flat_bodies(deeper.splitlines())


def test_a_selector_kept_above_its_rewritten_form_splitting_the_list_is_flagged():
    """The snippet rewrote `&:focus,` as `&:focus-visible,` at the head of its chunk; read as kept
    by the marker above, the old selector stays, a blank line after it, and the list is split."""
    original = (
        ".bar {\n  & > li {\n    color: red;\n    width: 24px;\n\n    &:focus,\n    &:hover {\n"
        "      background: black;\n    }\n  }\n}\n"
    )
    snippet = (
        ".bar {\n  & > li {\n    /* ... existing declarations ... */\n\n    &:focus-visible,\n    &:hover {\n"
        "      background: black;\n    }\n  }\n}\n"
    )
    split = original.replace("    &:focus,\n", "    &:focus,\n\n    &:focus-visible,\n")
    assert "kept_beside_replacement" in {w.code.value for w in account(original, snippet, split, "css")}
    right = original.replace("&:focus,", "&:focus-visible,")
    assert "kept_beside_replacement" not in {w.code.value for w in account(original, snippet, right, "css")}


def test_an_old_declaration_kept_past_the_new_ones_written_beside_its_replacement():
    """The rule's head rewritten with ``overflow-y: auto;`` and a new declaration, the rest under a
    marker: the old ``overflow-y: scroll;``, kept below both new lines, is the replaced one."""
    original = ".list {\n  margin: 0;\n  padding: 0;\n  overflow-y: scroll;\n  overflow-x: hidden;\n}\n"
    snippet = ".list {\n  margin: 0;\n  padding: 0;\n  overflow-y: auto;\n  overscroll-behavior: contain;\n  /* ... rest unchanged ... */\n}\n"
    merged = original.replace(
        "  overflow-y: scroll;\n", "  overflow-y: auto;\n  overscroll-behavior: contain;\n  overflow-y: scroll;\n"
    )
    found = {w.code for w in account(original, snippet, merged, "css", "Use overflow-y: auto.")}
    assert "kept_beside_replacement" in found
    right = original.replace("  overflow-y: scroll;\n", "  overflow-y: auto;\n  overscroll-behavior: contain;\n")
    assert "kept_beside_replacement" not in {w.code for w in account(original, snippet, right, "css", "")}


def test_an_old_tuple_assignment_kept_below_its_replacement():
    """A function's first line rewritten under its header, the rest under a marker: the old
    ``q, args, err :=`` line kept below the new one assigns the same names, so it is the replaced one."""
    original = "func Exec(e Ext, q string) error {\n\tq, args, err := bindOld(e, q)\n\tif err != nil {\n\t\treturn err\n\t}\n\treturn run(q, args)\n}\n"
    snippet = "func Exec(e Ext, q string) error {\n\tq, args, err := bindNew(e, q)\n\t// ... rest unchanged ...\n"
    merged = original.replace(
        "\tq, args, err := bindOld(e, q)\n", "\tq, args, err := bindNew(e, q)\n\tq, args, err := bindOld(e, q)\n"
    )
    assert "kept_beside_replacement" in {w.code for w in account(original, snippet, merged, "go", "Use bindNew.")}


LUA = """local M = {}

function M.setup()
  vim.api.nvim_create_autocmd({ "LspAttach", "LspDetach" }, {
    callback = function(ev)
      Buf.clear({ buf = ev.buf })
    end,
  })

  vim.api.nvim_create_autocmd({ "BufReadPost", "BufNew" }, {
    callback = function(ev)
      Buf.clear({ buf = ev.buf })
    end,
  })
end

return M
"""


def test_an_old_call_whose_list_the_new_call_took_in_is_kept_beside_its_replacement():
    """Two autocmds merged into one that takes both event lists: the first, kept under the marker,
    is what the new line replaced along with the second."""
    snippet = (
        "  -- ...\n\n"
        '  vim.api.nvim_create_autocmd({ "LspAttach", "LspDetach", "BufReadPost", "BufNew" }, {\n'
        "    callback = function(ev)\n      Buf.clear({ buf = ev.buf })\n    end,\n  })\nend\n"
    )
    merged = LUA.replace('{ "BufReadPost", "BufNew" }', '{ "LspAttach", "LspDetach", "BufReadPost", "BufNew" }')
    found = {w.code for w in account(LUA, snippet, merged, "lua", "Merge the two autocmds into one.")}
    assert "kept_beside_replacement" in found
    both = merged.replace(LUA[LUA.index("  vim.api") : LUA.index('  vim.api.nvim_create_autocmd({ "Buf')], "")
    assert "kept_beside_replacement" not in {w.code for w in account(LUA, snippet, both, "lua", "Merge them.")}


def test_a_body_indented_from_its_statement_not_from_the_condition_continued_is_no_shift():
    original = "function f(o, req) {\n  return null;\n}\n"
    merged = (
        "function f(o, req) {\n  if (o.allow === true &&\n    req.ok === 'true') {\n    return {\n      key: 'A',\n"
        "    };\n  }\n  return null;\n}\n"
    )
    snippet = merged.replace("  return null;\n}\n", "  // ... existing code ...\n}\n")
    assert "indent_shift" not in {w.code for w in account(original, snippet, merged, "javascript")}


SCALA_VALIDATORS = """object Validator {
  case class MinLength(value: Int) extends Primitive[String] {
    def show: String = s"min $value"

    override def doValidate(t: String): Boolean = {
      val size = t.length
      size >= value
    }
  }

  case class MaxLength(value: Int) extends Primitive[String] {
    def show: String = s"max $value"

    override def doValidate(t: String): Boolean = {
      val size = t.length
      size <= value
    }
  }
}
"""


def test_a_name_the_snippet_writes_once_in_each_of_two_classes_is_defined_twice_in_one():
    """The snippet writes ``doValidate`` anew in MinLength and in MaxLength, each after a marker
    over the class's first members: twice in the snippet, but once under each class. A merge
    that keeps the old ``doValidate`` of each below the marker defines it twice in both."""
    snippet = (
        "  case class MinLength(value: Int) extends Primitive[String] {\n    // ... unchanged ...\n\n"
        "    override def doValidate(t: String): Boolean =\n      length(t) >= value\n  }\n\n"
        "  case class MaxLength(value: Int) extends Primitive[String] {\n    // ... unchanged ...\n\n"
        "    override def doValidate(t: String): Boolean =\n      length(t) <= value\n  }\n"
    )
    kept = SCALA_VALIDATORS.replace(
        "      size >= value\n    }\n",
        "      size >= value\n    }\n\n    override def doValidate(t: String): Boolean =\n      length(t) >= value\n",
    ).replace(
        "      size <= value\n    }\n",
        "      size <= value\n    }\n\n    override def doValidate(t: String): Boolean =\n      length(t) <= value\n",
    )
    found = {w.code.value for w in account(SCALA_VALIDATORS, snippet, kept, "scala", "Use a shared length helper.")}
    assert "defined_twice" in found
    right = SCALA_VALIDATORS.replace(
        "    override def doValidate(t: String): Boolean = {\n      val size = t.length\n      size >= value\n    }\n",
        "    override def doValidate(t: String): Boolean =\n      length(t) >= value\n",
    ).replace(
        "    override def doValidate(t: String): Boolean = {\n      val size = t.length\n      size <= value\n    }\n",
        "    override def doValidate(t: String): Boolean =\n      length(t) <= value\n",
    )
    found = {w.code.value for w in account(SCALA_VALIDATORS, snippet, right, "scala", "Use a shared length helper.")}
    assert "defined_twice" not in found
