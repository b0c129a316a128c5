"""A code line changed only by leaving out words the instruction does not name is flagged: the
snippet retyped its context from memory, or made an edit no one asked for."""

from fastapply.apply.deterministic import checked_merge, prepare
from fastapply.apply.request import ApplyRequest
from fastapply.merge import flags
from fastapply.merge.account.statements import spacing_only, speaks_of_quotes, words_left_out

JAVA = """public final class Finder {

    /**
     * Finds search in str.
     */
    public int indexOf(final String str, final String search) {
        if (str == null || search == null) {
            return -1;
        }
        return str.indexOf(search);
    }

    public int size() {
        return 0;
    }
}
"""
# the header retyped without its `final`s, the body under a marker, a new method after it
SNIPPET = """    public int indexOf(String str, String search) {
        // ... existing code ...
    }

    public boolean contains(final String str, final String search) {
        return indexOf(str, search) >= 0;
    }

    // ... existing code ...
"""


def _codes(instruction: str) -> list[str]:
    request = ApplyRequest(JAVA, SNIPPET, instruction, path="Finder.java")
    _, warnings = checked_merge(request, prepare(request))
    return [w.code.value for w in warnings]


def test_a_header_retyped_without_its_modifiers_is_flagged():
    assert "retyped_context" in _codes("Add a contains method after indexOf.")


def test_words_the_instruction_names_are_an_edit():
    assert "retyped_context" not in _codes("Add contains after indexOf, and make indexOf's parameters non-final.")


def test_only_whole_words_left_out_of_code_count():
    assert words_left_out("int f(final int a) {", "int f(int a) {", "") == ["final"]
    assert words_left_out("call(a, b);", "call(a);", "") == []  # an argument went: punctuation too
    assert words_left_out("// the actual naming strategy", "// the naming strategy", "") == []  # prose
    assert words_left_out("int f(final int a) {", "int g(int a) {", "") == []  # something else changed


def test_an_expression_that_loses_words_is_an_edit():
    original = "def total(values):\n    return sum(value for value in values)\n\n\ndef mean(values):\n    return 0\n"
    snippet = "def total(values):\n    return sum(values)\n\n# ... existing code ...\n"
    request = ApplyRequest(original, snippet, "simplify", path="m.py")
    _, warnings = checked_merge(request, prepare(request))
    assert "retyped_context" not in [w.code.value for w in warnings]


def test_a_context_line_that_only_gains_a_modifier_is_flagged():
    original = "async function onFile(src, dest) {\n  if (!dest) return copyFile(src)\n  if (exists) {\n    throw new Error(dest)\n  }\n}\n"
    snippet = "async function onFile(src, dest) {\n  if (!dest) return await copyFile(src)\n  if (exists) {\n    throw new Error(`${dest} exists (from ${src})`)\n  }\n}\n"
    request = ApplyRequest(original, snippet, "Mention the source path in the error.", path="copy.js")
    _, warnings = checked_merge(request, prepare(request))
    assert "retyped_context" in [w.code.value for w in warnings]
    request = ApplyRequest(
        original, snippet, "Await copyFile and mention the source path in the error.", path="copy.js"
    )
    _, warnings = checked_merge(request, prepare(request))
    assert "retyped_context" not in [w.code.value for w in warnings]


RUST = """/// Used in panic messages.
struct Type<'a>(&'a Value);

impl<'a> Display for Type<'a> {
    fn fmt(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        match *self.0 {
            Value::Null => formatter.write_str("JSON null"),
            Value::Bool(_) => formatter.write_str("JSON boolean"),
        }
    }
}
"""


def test_a_comment_quoted_without_its_final_period_is_flagged_not_served():
    """The doc comment shown as context lost its period; the instruction speaks of the panic
    text only. Either reading may be wrong, so the file is flagged."""
    snippet = (
        RUST.replace("messages.", "messages").replace('"JSON null"', '"null"').replace('"JSON boolean"', '"a boolean"')
    )
    request = ApplyRequest(RUST, snippet, "Make the type names in panic messages read naturally.", path="index.rs")
    _, warnings = checked_merge(request, prepare(request))
    assert "retyped_context" in {w.code.value for w in warnings}
    asked = ApplyRequest(RUST, snippet, "Drop the period from the doc comment and fix the panic text.", path="index.rs")
    _, warnings = checked_merge(asked, prepare(asked))
    assert "retyped_context" not in {w.code.value for w in warnings}


DEFINES = """#include <stdio.h>

#define MAX_OBJECTS      30    /* symbols in an expression */
#define MAX_CLASS_LEN    40    /* character-class buffer */

int main(void)
{
    return MAX_OBJECTS;
}
"""


def test_a_context_line_padded_to_another_column_is_flagged_unless_the_instruction_speaks_of_layout():
    """The defines shown as context, padded from memory with two spaces where the file has six: a
    realigned column no one asked for, or a line retyped. Either reading may be wrong."""
    snippet = (
        "#include <stdio.h>\n\n#ifndef MAX_OBJECTS\n#define MAX_OBJECTS  30    /* symbols in an expression */\n"
        "#endif\n#ifndef MAX_CLASS_LEN\n#define MAX_CLASS_LEN  40    /* character-class buffer */\n#endif\n\n"
        "// ... existing code ...\n"
    )
    request = ApplyRequest(DEFINES, snippet, "Wrap the two defines in #ifndef guards.", path="re.c")
    _, warnings = checked_merge(request, prepare(request))
    assert "retyped_context" in {w.code.value for w in warnings}
    asked = ApplyRequest(DEFINES, snippet, "Guard the defines with #ifndef and align their values.", path="re.c")
    _, warnings = checked_merge(asked, prepare(asked))
    assert "retyped_context" not in {w.code.value for w in warnings}


SWIFT = """class Log {
    var count = 1

    func rotate(_ url: URL) {
       let path = url.path
       let last = (count-1)
       let first = 1
       print(path, last, first)
    }
}
"""


def test_context_written_one_column_off_its_block_is_flagged_and_a_fix_of_an_odd_line_is_not():
    """Context shown 8 spaces deep in a body the file indents 7: a retype, leaving one block at two
    widths. A line that was one column off its block, written back at its neighbours' width, is a fix."""
    snippet = (
        "class Log {\n    var total = 1\n\n    func rotate(_ url: URL) {\n        let path = url.path\n"
        "        let last = (total-1)\n        // ... existing code ...\n"
    )
    request = ApplyRequest(SWIFT, snippet, "Rename count to total.", path="Log.swift")
    _, warnings = checked_merge(request, prepare(request))
    assert "retyped_context" in {w.code.value for w in warnings}
    odd = "def f():\n    a = 1\n     b = a\n    return b\n"
    request = ApplyRequest(odd, "def f():\n    a = 1\n    b = a\n    return b\n", "Fix f.", path="f.py")
    _, warnings = checked_merge(request, prepare(request))
    assert "retyped_context" not in {w.code.value for w in warnings}


def test_a_header_written_with_a_space_dropped_is_context_retyped():
    original = "function Router (options) {\n  var opts = options || {}\n  router.params = {}\n}\n"
    snippet = (
        "function Router(options) {\n  // ...\n  router.maxDepth = opts.maxDepth || 100\n  router.params = {}\n}\n"
    )
    request = ApplyRequest(original, snippet, "Add a maxDepth option (default 100).", path="index.js")
    merged, warnings = checked_merge(request, prepare(request))
    assert "function Router(options) {" in merged  # the snippet's spacing, not the file's
    assert "retyped_context" in [w.code.value for w in flags(warnings)]


GO = """package breaker

// Counts returns internal counters
func (cb *CircuitBreaker) Counts() Counts {
	return cb.counts
}

// Execute runs the request.
func (cb *CircuitBreaker) Execute() error {
	return nil
}
"""


def test_a_comment_quoted_with_an_article_added_is_flagged_not_served():
    """The doc comment above a function shown only as context gained a "the": a line quoted from
    memory, or an edit no one asked for; either reading may be wrong."""
    snippet = (
        "// Counts returns the internal counters\nfunc (cb *CircuitBreaker) Counts() Counts {\n\t...\n}\n\n"
        "// Reset clears the counts.\nfunc (cb *CircuitBreaker) Reset() {\n\tcb.counts = Counts{}\n}\n\n"
        "// Execute runs the request.\n// ...\n"
    )
    request = ApplyRequest(GO, snippet, "Add a Reset method after Counts.", path="breaker.go")
    _, warnings = checked_merge(request, prepare(request))
    assert "retyped_context" in {w.code.value for w in warnings}
    asked = ApplyRequest(GO, snippet, "Add a Reset method after Counts and fix its doc comment.", path="breaker.go")
    _, warnings = checked_merge(asked, prepare(asked))
    assert "retyped_context" not in {w.code.value for w in warnings}


CSS = """.navbar {
    position: -webkit-sticky;
    position: sticky;
    /* The nav header is 3.5rem high, plus 20px for the margin-top of the
       main container. */
    top: calc(3.5rem + 20px);
}
"""


def test_comments_reworded_where_the_instruction_says_to_leave_the_rest_are_flagged():
    snippet = (
        ".navbar {\n    position: sticky;\n"
        "    /* The nav header is 3.5rem high, plus 20px for the margin-top of the main container. */\n"
        "    top: calc(3.5rem + 20px);\n}\n"
    )
    ask = "Remove the vendor-prefixed declarations; leave everything else as it is."
    request = ApplyRequest(CSS, snippet, ask, path="base.css")
    _, warnings = checked_merge(request, prepare(request))
    assert "retyped_context" in {w.code.value for w in warnings}
    plain = ApplyRequest(CSS, snippet, "Remove the vendor-prefixed declarations.", path="base.css")
    _, warnings = checked_merge(plain, prepare(plain))
    assert "retyped_context" not in {w.code.value for w in warnings}


def _retyped_codes(snippet: str, instruction: str) -> set[str]:
    request = ApplyRequest(GO, snippet, instruction, path="breaker.go")
    _, warnings = checked_merge(request, prepare(request))
    return {w.code.value for w in flags(warnings)}


def test_a_comment_quoted_with_a_word_dropped_or_a_mark_added_is_flagged_not_served():
    """ "// Counts returns counters" for "returns internal counters", or a full stop put in: the
    comment quoted from memory, either reading may be wrong; a number or a word the instruction
    uses is an edit."""
    tail = "func (cb *CircuitBreaker) Counts() Counts {\n\t...\n}\n\n// Reset clears the counts.\n"
    tail += "func (cb *CircuitBreaker) Reset() {\n\tcb.counts = Counts{}\n}\n\n// Execute runs the request.\n// ...\n"
    assert "retyped_context" in _retyped_codes("// Counts returns counters\n" + tail, "Add a Reset method.")
    assert "retyped_context" in _retyped_codes("// Counts returns internal counters.\n" + tail, "Add a Reset method.")
    assert "retyped_context" not in _retyped_codes(
        "// Counts returns cached counters\n" + tail, "Add Reset; counters are cached."
    )
    assert "retyped_context" not in _retyped_codes(
        "// Counts returns internal counters.\n" + tail, "Add Reset, fix the doc comment."
    )


def test_a_comment_retouched_beside_a_deletion_is_flagged():
    # the lines around it went, so no line stands one for one for it: it is still the old comment
    original = GO.replace(
        "// Execute runs", "// Reset is gone.\nfunc (cb *CircuitBreaker) Old() {\n}\n\n// Execute runs"
    )
    snippet = "func (cb *CircuitBreaker) Counts() Counts {\n\treturn cb.counts\n}\n\n// Execute runs request.\n"
    snippet += 'func (cb *CircuitBreaker) Execute() error {\n\treturn errors.New("no")\n}\n'
    request = ApplyRequest(original, snippet, "Remove Old (with its doc comment); Execute fails.", path="breaker.go")
    merged, warnings = checked_merge(request, prepare(request))
    assert "func (cb *CircuitBreaker) Old()" not in merged
    assert "retyped_context" in {w.code.value for w in flags(warnings)}


def test_worked_examples():
    import doctest

    from fastapply.merge.account import retyped, statements

    assert doctest.testmod(retyped).failed == 0
    assert doctest.testmod(statements).failed == 0


def test_a_context_line_respaced_and_placed_as_new_beside_the_old_one_is_flagged():
    # "<see cref="X"/>" for the file's "<see cref="X" />": the snippet's context, read as a new line
    # while the line it quotes stays further down
    original = '/// <summary>\n/// Old doc.\n/// </summary>\npublic int Old { get; set; }\n\n/// <summary>\n/// Makes a <see cref="A" /> here.\n/// </summary>\npublic A() { }\n'
    snippet = '// ... existing code ...\n\n/// <summary>\n/// Makes a <see cref="A"/> here.\n/// </summary>\n// ... existing code ...\n'
    request = ApplyRequest(original, snippet, "Remove the Old property.", path="A.cs")
    merged, warnings = checked_merge(request, prepare(request))
    assert merged.count("/// Makes a <see") == 2  # read literally: a new line, the old one kept
    retyped = next(w for w in flags(warnings) if w.code == "retyped_context")
    assert retyped.lines == (2,)


def test_worked_examples_of_comments_quoted_from_memory():
    import doctest

    from fastapply.merge.account import quoted

    assert doctest.testmod(quoted).failed == 0


def test_a_line_respaced_where_the_instruction_speaks_only_of_indentation_is_flagged():
    """Fixing one line's indentation asks nothing of the spacing inside another line."""
    original = "local function f(n)\n    str:gsub('x', g)\n  for i=1, n do\n    print(i)\n  end\nend\n"
    snippet = "local function f(n)\n  str:gsub('x', g)\n  for i = 1, n do\n    print(i)\n  end\nend\n"
    codes = {}
    for instruction in ("Fix the odd indentation of the gsub call.", "Fix the spacing in f."):
        request = ApplyRequest(original, snippet, instruction, path="f.lua")
        _, warnings = checked_merge(request, prepare(request))
        codes[instruction] = {w.code.value for w in warnings}
    assert "retyped_context" in codes["Fix the odd indentation of the gsub call."]
    assert "retyped_context" not in codes["Fix the spacing in f."]


def test_a_context_statement_quoted_without_its_semicolon_is_flagged_not_served():
    original = (
        "function session(options) {\n"
        "  var name = options.name || 'sid';\n"
        "\n"
        "  if (typeof generateId !== 'function') {\n"
        "    throw new TypeError('genid option must be a function');\n"
        "  }\n"
        "\n"
        "  return name;\n"
        "}\n"
    )
    snippet = (
        "  if (typeof generateId !== 'function') {\n"
        "    throw new TypeError('genid option must be a function')\n"
        "  }\n"
        "\n"
        "  if (typeof name !== 'string') {\n"
        "    throw new TypeError('name option must be a string');\n"
        "  }\n"
        "  // ... existing code ...\n"
    )
    request = ApplyRequest(original, snippet, "Throw a TypeError when name is not a string.", path="index.js")
    prepared = prepare(request)
    merged, warnings = checked_merge(request, prepared)
    assert "retyped_context" in {w.code.value for w in warnings}
    assert not (prepared.candidate.confident and not flags(warnings))


def test_a_semicolon_moved_along_a_call_chain_is_an_edit():
    original = 'fn f() {\n    let arg = a()\n        .hidden()\n        .overrides("pre");\n    push(arg);\n}\n'
    snippet = "fn f() {\n    let arg = a()\n        .hidden();\n    push(arg);\n}\n"
    request = ApplyRequest(original, snippet, "Drop the pre override.", path="app.rs")
    _, warnings = checked_merge(request, prepare(request))
    assert "retyped_context" not in {w.code.value for w in warnings}


def test_a_context_statement_retyped_with_its_tokens_in_another_order_is_flagged():
    original = (
        "void list_remove(list_t *self, node_t *node) {\n"
        "  LIST_FREE(node);\n"
        "  --self->len;\n"
        "}\n"
        "\n"
        "void list_pop(list_t *self) {\n"
        "  self->len--;\n"
        "}\n"
    )
    snippet = (
        "void list_remove(list_t *self, node_t *node) {\n"
        "  LIST_FREE(node);\n"
        "  self->len--;\n"
        "}\n"
        "\n"
        "unsigned int\n"
        "list_length(list_t *self) {\n"
        "  return self->len;\n"
        "}\n"
        "// ... existing code ...\n"
    )
    codes = {}
    for instruction in ("Add a list_length accessor.", "Use a postfix decrement in list_remove and add list_length."):
        request = ApplyRequest(original, snippet, instruction, path="list.c")
        _, warnings = checked_merge(request, prepare(request))
        codes[instruction] = {w.code.value for w in warnings}
    assert "retyped_context" in codes["Add a list_length accessor."]
    assert "retyped_context" not in codes["Use a postfix decrement in list_remove and add list_length."]


def test_a_doc_comment_quoted_with_its_words_in_another_order_is_flagged():
    original = "class C\n{\n    /**\n     * Show the user delete page.\n     */\n    public function delete(int $id)\n    {\n        return $id;\n    }\n}\n"
    snippet = "    /**\n     * Show the delete user page.\n     */\n    public function delete(int $id)\n    {\n        return $id + 0;\n    }\n"
    request = ApplyRequest(original, snippet, "Make delete() return an int expression.", path="C.php")
    prepared = prepare(request)
    _, warnings = checked_merge(request, prepared)
    assert "retyped_context" in {w.code.value for w in warnings}


def test_a_context_statement_respaced_above_a_new_function_is_flagged_not_served():
    # the old "}" pairs with the new function's last "}": the respaced return stands among new lines
    original = (
        "const char *map_next_(map_base_t *m, map_iter_t *iter) {\n"
        "  if (iter->node) {\n    iter->node = iter->node->next;\n  }\n"
        "  return (char*) (iter->node + 1);\n"
        "}\n"
    )
    snippet = (
        "// ... existing code ...\n\n"
        "const char *map_next_(map_base_t *m, map_iter_t *iter) {\n  // ... existing code ...\n"
        "  return (char*)(iter->node + 1);\n}\n\n\n"
        "void map_clear_(map_base_t *m) {\n  m->nnodes = 0;\n}\n"
    )
    request = ApplyRequest(original, snippet, "Add a map_clear_ function at the end of map.c.", path="map.c")
    prepared = prepare(request)
    merged, warnings = checked_merge(request, prepared)
    assert "retyped_context" in {w.code.value for w in warnings}
    assert not (prepared.candidate.confident and not flags(warnings))


def _served(original: str, snippet: str, instruction: str, path: str):
    request = ApplyRequest(original, snippet, instruction, path=path)
    prepared = prepare(request)
    merged, warnings = checked_merge(request, prepared)
    return merged, {w.code.value for w in warnings}, prepared.candidate.confident and not flags(warnings)


def test_a_context_line_quoted_with_its_strings_in_the_other_quotes_is_flagged_not_served():
    original = 'class Env:\n    uuid = _field(ma.fields.UUID, "uuid")\n    url = _field(fields.Url, "url")\n\n    enum = _field(ma.fields.Enum, "enum")\n'
    snippet = (
        "    uuid = _field(ma.fields.UUID, \"uuid\")\n    url = _field(fields.Url, 'url')\n"
        '    email = _field(ma.fields.Email, "email")\n\n    enum = _field(ma.fields.Enum, "enum")\n'
    )
    merged, codes, served = _served(original, snippet, "Add an email parser next to url.", "env.py")
    assert "retyped_context" in codes and not served
    # asked for, the quotes are an edit like any other
    assert "retyped_context" not in _served(original, snippet, "Use single quotes for url.", "env.py")[1]


def test_a_header_quoted_without_its_return_type_is_flagged_not_served():
    original = (
        "function Pager() {\n  function valid(e: any): number {\n    const v = e.target.value;\n    return v;\n  }\n}\n"
    )
    snippet = "  function valid(e: any) {\n    const v = e.target.value;\n    return v < 1 ? 1 : v;\n  }\n"
    merged, codes, served = _served(original, snippet, "Typing 0 or a negative number should clamp to 1.", "p.tsx")
    assert "retyped_context" in codes and not served
    assert "retyped_context" not in _served(original, snippet, "Drop the return type annotation of valid.", "p.tsx")[1]


def test_a_header_quoted_without_a_nullable_mark_is_flagged_not_served():
    original = "class S\n{\n    void Populate(IServices services, Strategy? strategy)\n    {\n        Run(services);\n    }\n}\n"
    snippet = "    void Populate(IServices services, Strategy strategy)\n    {\n        Guard(services);\n        Run(services);\n    }\n"
    _, codes, served = _served(original, snippet, "Guard Populate against null services.", "S.cs")
    assert "retyped_context" in codes and not served


def test_a_context_line_quoted_without_its_trailing_whitespace_is_flagged_unless_asked():
    original = "class P\n{\n    public M Create(T s) => \n        Create(s, 1);\n\n    public M Create(T s, int n)\n    {\n        return new M(s, n);\n    }\n}\n"
    snippet = (
        "    public M Create(T s) =>\n        Create(s, 1);\n\n    public M Create(T s, int n)\n    {\n"
        "        Guard(s);\n        return new M(s, n);\n    }\n"
    )
    _, codes, served = _served(original, snippet, "Validate s in Create.", "P.cs")
    assert "retyped_context" in codes and not served
    assert "retyped_context" not in _served(original, snippet, "Validate s and strip trailing whitespace.", "P.cs")[1]


def test_a_yaml_value_quoted_without_its_quotes_is_flagged_not_served():
    original = 'head:\n  resources:\n    limits:\n      cpu: "4"\n      memory: "8G"\nworker:\n  replicas: 1\n'
    snippet = 'head:\n  resources:\n    limits:\n      cpu: 4\n      memory: "16G"\nworker:\n  # ...\n'
    _, codes, served = _served(original, snippet, "Give the head a 16G memory limit.", "values.yaml")
    assert "retyped_context" in codes and not served


def test_a_context_line_whose_trailing_comment_was_cut_short_is_flagged():
    """The allocation shown as context lost the second sentence of its FIXME: written literally,
    the comment is shortened though the instruction asks only for a connect check and a header."""
    original = (
        "static int open_url(const char *url)\n{\n\tint fd = connect_to(url);\n"
        "\tchar *buf = calloc(0x10000, 1); // FIXME: I am lazy... But 64KB should be large enough.\n"
        '\tint n = sprintf(buf, "GET %s\\r\\n", url);\n\tn += sprintf(buf + n, "\\r\\n");\n'
        "\twrite(fd, buf, n);\n\treturn fd;\n}\n"
    )
    snippet = (
        "static int open_url(const char *url)\n{\n\tint fd = connect_to(url);\n\tif (fd == -1) {\n\t\treturn -1;\n\t}\n"
        "\tchar *buf = calloc(0x10000, 1); // FIXME: I am lazy...\n"
        '\tint n = sprintf(buf, "GET %s\\r\\nUser-Agent: kopen\\r\\n", url);\n\tn += sprintf(buf + n, "\\r\\n");\n'
        "\t// ... existing code ...\n}\n"
    )
    instruction = "Bail out when the connection fails and send a User-Agent header."
    request = ApplyRequest(original, snippet, instruction, path="url.c")
    _, warnings = checked_merge(request, prepare(request))
    assert "retyped_context" in {w.code.value for w in flags(warnings)}
    asked = ApplyRequest(original, snippet, instruction + " Shorten the FIXME comment.", path="url.c")
    _, warnings = checked_merge(asked, prepare(asked))
    assert "retyped_context" not in {w.code.value for w in flags(warnings)}


def test_a_word_naming_the_place_of_an_insertion_does_not_ask_for_other_quotes():
    """ "right after style" names the method ``style``: the instruction asks for no restyling, so the
    context line retyped in double quotes is flagged, not served as an edit."""
    original = (
        "class Node\n  def style(_styles)\n    raise NotImplementedError, 'no CSS'\n  end\n\n"
        "  def value\n    string_node.value\n  end\nend\n"
    )
    snippet = (
        '  def style(_styles)\n    raise NotImplementedError, "no CSS"\n  end\n\n'
        "  def send_keys(*_args)\n    raise NotImplementedError, 'no keys'\n  end\n\n"
        "  def value\n    string_node.value\n  end\n"
    )
    merged, codes, served = _served(original, snippet, "Add a send_keys method right after style.", "node.rb")
    assert "retyped_context" in codes and not served


def test_an_instruction_about_string_values_does_not_excuse_quotes_retyped():
    assert not speaks_of_quotes("Send URLSearchParams bodies form-encoded (body as string), not JSON-stringified.")
    assert speaks_of_quotes("Use single quotes for string literals.")


def test_a_word_holding_tab_or_spac_is_no_word_about_spacing():
    old, new = "  static Options Big(){ return Options( big ); }", "  static Options Big() { return Options(big); }"
    assert spacing_only(old, new, "Add Native() to PortableBinaryInputArchive::Options in the namespace.")
    assert not spacing_only(old, new, "Add Native(), and gofmt the table.")


TS = """export class Driver {
  async begin(settings: Settings): Promise<void> {
    let sql = 'begin'

    if (settings.level || settings.mode) {
      sql = 'start transaction'

      if (settings.level) {
        sql += ` isolation level ${settings.level}`
      }
    }

    this.queue.forEach(item => {
      item.reset()
    })
  }
}
"""


def _ts_codes(snippet: str, instruction: str) -> set[str]:
    request = ApplyRequest(TS, snippet, instruction, path="driver.ts")
    return {w.code.value for w in flags(checked_merge(request, prepare(request))[1])}


def test_a_terminator_the_file_s_line_lacks_quoted_beside_an_unchanged_next_line_is_flagged():
    snippet = """  async begin(settings: Settings): Promise<void> {
    let sql = 'begin'

    if (settings.level || settings.mode) {
      sql = 'start transaction';

      if (settings.level) {
        assertLevel(settings.level)
        sql += ` isolation level ${settings.level}`
      }
    }
    // ... existing code ...
"""
    assert "retyped_context" in _ts_codes(snippet, "Check the isolation level before using it.")
    assert "retyped_context" not in _ts_codes(snippet, "Check the level, and end statements with semicolons.")


def test_an_arrow_parameter_wrapped_in_parentheses_is_flagged():
    snippet = """    // ... existing code ...
    this.queue.forEach((item) => {
      item.reset()
      item.release()
    })
  }
}
"""
    assert "retyped_context" in _ts_codes(snippet, "Release each queued item after resetting it.")
