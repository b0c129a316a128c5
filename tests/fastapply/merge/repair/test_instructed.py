"""What an instruction asks for, checked against the merged file."""

from fastapply.apply.deterministic import checked_merge, prepare
from fastapply.apply.request import ApplyRequest
from fastapply.merge import flags, validate
from fastapply.merge.repair import instructed, wording

JS = """class Api {
  get(path) {
    return fetch(this.base + path);
  }

  post(path, body) {
    return fetch(this.base + path, {method: 'POST', body});
  }

  remove(path) {
    return fetch(this.base + path, {method: 'DELETE'});
  }
}
"""


def test_a_removal_the_instruction_asks_for_but_the_output_keeps():
    assert instructed.instruction_not_applied(JS, JS, "Remove the `remove` method") == ("remove",)
    kept = JS.replace("  remove(path) {\n    return fetch(this.base + path, {method: 'DELETE'});\n  }\n", "")
    assert instructed.instruction_not_applied(JS, kept, "Remove the `remove` method") == ()
    assert instructed.instruction_not_applied(JS, JS, "Add a put_json() helper") == ()


def test_a_removal_left_on_lines_the_snippet_does_not_show():
    """The merge removed one mention; the instruction asks for the route, whose code stays unshown."""
    original = JS.replace("  remove(path) {", "  // DELETE /items\n  remove(path = '/items') {")
    snippet = "// ... existing code ...\n  remove(path = '/items') {\n// ... existing code ...\n"
    one_gone = original.replace("  // DELETE /items\n", "")
    instruction = "Remove the /items route"
    assert instructed.instruction_not_applied(original, one_gone, instruction, [], "javascript") == ("/items",)
    # the snippet shows the line that keeps the name: the author kept it on purpose
    assert instructed.instruction_not_applied(original, one_gone, instruction, snippet.splitlines(), "javascript") == ()


def test_a_removal_scoped_to_a_definition_counts_only_there():
    original = JS.replace("  get(path) {", "  get(path, opts) {").replace(
        "  post(path, body) {", "  post(path, body, opts) {"
    )
    right = original.replace("  get(path, opts) {", "  get(path) {")
    instruction = "Remove the unused `opts` parameter from get"
    assert instructed.instruction_not_applied(original, right, instruction, [], "javascript") == ()
    assert instructed.instruction_not_applied(original, original, instruction, [], "javascript") == ("opts",)


def test_a_titled_section_the_instruction_removes():
    css = "a { color: red; }\n\n/* Media Queries */\n@media (min-width: 400px) {}\n"
    instruction = "Remove the Media Queries section at the end"
    assert instructed.instruction_not_applied(css, css, instruction, [], "css") == ("Media Queries",)
    assert instructed.instruction_not_applied(css, "a { color: red; }\n", instruction, [], "css") == ()


def test_a_move_that_leaves_the_old_copy():
    original = "import os\n\n\ndef expand(args):\n    from glob import glob\n    return [glob(a) for a in args]\n"
    moved = "import os\nfrom glob import glob\n\n\ndef expand(args):\n    return [glob(a) for a in args]\n"
    copied = moved.replace("def expand(args):\n", "def expand(args):\n    from glob import glob\n")
    instruction = "Move the function-local 'from glob import glob' up to the module-level imports"
    assert instructed.instruction_not_applied(original, moved, instruction) == ()
    assert instructed.instruction_not_applied(original, copied, instruction) == ("from glob import glob",)


def test_what_an_instruction_replaces_counts_as_removed():
    from fastapply.merge.repair.wording import asks_removal
    from fastapply.merge.repair.wording import named as _named

    assert _named("replace TIMEOUT with DEFAULT_TIMEOUT_SECONDS = 30") == ["TIMEOUT"]
    assert _named("draw rounded rectangles instead of fillRect") == ["fillRect"]
    assert asks_removal("use a Set rather than an Array") and not asks_removal("rename the helper")


def test_an_old_statement_left_beside_the_several_that_replace_it_is_removed_when_the_instruction_says_so():
    from fastapply.apply.deterministic import checked_merge, prepare
    from fastapply.apply.request import ApplyRequest

    original = "function render(ctx, s) {\n  ctx.save();\n  ctx.fillRect(s.x, s.y, s.w, s.h);\n  ctx.restore();\n}\n"
    snippet = "function render(ctx, s) {\n  ctx.save();\n  ctx.beginPath();\n  ctx.roundRect(s.x, s.y, s.w, s.h, 4);\n  ctx.fill();\n  // ... existing code ...\n}\n"
    request = ApplyRequest(original, snippet, "draw rounded rectangles instead of fillRect", language="javascript")
    merged, warnings = checked_merge(request, prepare(request))
    assert "fillRect" not in merged and [w.code for w in warnings] == ["inferred_deletion"]


def test_a_path_the_new_code_skips_only_when_a_condition_holds_stays():
    from fastapply.apply.deterministic import checked_merge, prepare
    from fastapply.apply.request import ApplyRequest

    original = (
        "public func build() -> String {\n    guard enabled else { return text }\n"
        "    let entry = Entry(segments: [segment])\n    return Rainbow.generateString(for: entry)\n}\n"
    )
    snippet = (
        "public func build() -> String {\n    guard enabled else { return text }\n"
        "    if styles.isEmpty { return text }\n    // ... rest of build() unchanged ...\n}\n"
    )
    instruction = "In build(), return the text right away when no style was applied, instead of going through Rainbow.generateString."
    request = ApplyRequest(original, snippet, instruction, language="swift")
    merged, warnings = checked_merge(request, prepare(request))
    assert merged == original.replace("{ return text }\n", "{ return text }\n    if styles.isEmpty { return text }\n")
    assert not [w for w in warnings if w.severity == "flag"]


def test_quoted_code_an_instruction_replaces_must_all_go():
    original = "def push(self):\n    self.n -= 1\n    return 1\n\n\ndef pop(self):\n    self.n -= 1\n    return 2\n"
    instruction = "Replace the repeated `self.n -= 1` lines with calls to `self.dec()`."
    half = original.replace("    self.n -= 1\n    return 1", "    self.dec()\n    return 1")
    done = half.replace("    self.n -= 1\n    return 2", "    self.dec()\n    return 2")
    snippet = ["def push(self):", "    self.dec()", "    # ..."]
    assert instructed.instruction_not_applied(original, half, instruction, snippet, "python") == ("self.n -= 1",)
    assert instructed.instruction_not_applied(original, done, instruction, snippet, "python") == ()
    # the replacement is not what goes
    assert "self.dec()" not in instructed.instruction_not_applied(original, original, instruction, snippet, "python")


def test_the_helper_that_replaces_quoted_code_may_hold_it():
    original = (
        "def dec(self):\n    self.n -= 1\n\n\ndef push(self):\n    self.n -= 1\n    return 1\n\n\n"
        "def pop(self):\n    self.n -= 1\n    return 2\n"
    )
    done = original.replace("    self.n -= 1\n    return", "    self.dec()\n    return")
    instruction = "Replace the repeated `self.n -= 1` lines with calls to dec."
    snippet = ["def push(self):", "    self.dec()", "    # ..."]
    assert instructed.instruction_not_applied(original, done, instruction, snippet, "python") == ()
    half = original.replace("    self.n -= 1\n    return 1", "    self.dec()\n    return 1")
    assert instructed.instruction_not_applied(original, half, instruction, snippet, "python") == ("self.n -= 1",)


def test_a_removal_scoped_to_a_definition_repairs_only_inside_it():
    from fastapply.merge.repair.intent import stated_deletions

    original = "void legacy_tweak(int *size);\n\nint page(void) {\n  int size = 4096;\n  legacy_tweak(&size);\n  return size;\n}\n"
    snippet = "int page(void) {\n  int size = 4096;\n  // ...\n  return size;\n}\n"
    instruction = "Drop the legacy_tweak call in page."
    assert instructed.scope_rows(original, instruction, "c") == {3, 4, 5, 6}  # below page's header
    candidates = stated_deletions(original, snippet, original, "c", instruction)
    assert candidates and all("void legacy_tweak(int *size);" in c.merged for c in candidates)  # outside page
    assert any("legacy_tweak(&size)" not in c.merged for c in candidates)


def test_a_removed_definition_whose_name_callers_still_say_is_applied():
    """The method went; a call to it elsewhere (unshown by the snippet) is not the definition kept."""
    original = JS.replace(
        "  get(path) {\n    return fetch(", "  get(path) {\n    this.remove(path);\n    return fetch("
    )
    removed = original.replace("  remove(path) {\n    return fetch(this.base + path, {method: 'DELETE'});\n  }\n", "")
    snippet = ["  post(path, body) {", "    return fetch(this.base + path, {method: 'POST', body});", "  }"]
    ask = "Delete the remove() method"
    assert instructed.instruction_not_applied(original, removed, ask, snippet, "javascript") == ()
    assert instructed.instruction_not_applied(original, original, ask, snippet, "javascript") == ("remove",)
    assert instructed.instruction_not_applied(original, removed, ask, snippet, None) == ("remove",)  # no grammar


def test_a_removal_that_points_back_names_what_was_inlined():
    original = "def strip_port(host):\n    return host.split(':')[0]\n\n\ndef key(host):\n    return strip_port(host).lower()\n"
    merged = "def strip_port(host):\n    return host.split(':')[0]\n\n\ndef key(host):\n    return host.split(':')[0].lower()\n"
    ask = "Inline strip_port() into key and delete the helper."
    assert instructed.instruction_not_applied(original, merged, ask, [], "python") == ("strip_port",)
    done = merged.split("\n\n\n")[1]
    assert instructed.instruction_not_applied(original, done, ask, [], "python") == ()
    # "the strip_port helper" names it; a move's "old one" is the old copy, not the thing moved
    assert wording.referred("Inline the split into key and delete the StripPort helper.") == []
    assert wording.referred("Move strip_port() into Host and remove the old one.") == []


def test_the_definition_a_removal_is_made_from_is_the_place_not_the_thing_removed():
    assert wording.named("Drop that statement from __init__.") == []
    assert wording.named("Remove the retry_count argument from fetch_all().") == ["retry_count"]
    original = (
        "class E(Exception):\n    def __init__(self, msg):\n        Exception.__init__(self, msg)\n\n"
        "        self.msg = msg\n        self.code = 1\n        self.file = None\n"
    )
    snippet = "        # ... existing code ...\n\n        self.msg = msg\n        self.file = None\n"
    request = ApplyRequest(original, snippet, "Drop the code assignment from __init__.", path="e.py")
    merged, warnings = checked_merge(request, prepare(request))
    assert merged == original.replace("        self.code = 1\n", "") and not flags(warnings)


def test_wording_worked_examples():
    import doctest

    assert doctest.testmod(wording).failed == 0


def test_an_and_that_goes_on_with_quoted_code_joins_one_more_object_to_the_removal():
    clauses = wording.removal_clauses("In f, drop the `tmp` temporary and the `alias` alias, and add a check.")
    assert clauses == ["drop the `tmp` temporary and the `alias` alias"]


def test_a_removal_at_a_place_that_is_no_definition_is_made_when_the_name_grows_rarer():
    css = ".main.menu {\n  margin-top: 4em;\n  border-radius: 0;\n}\n.footer {\n  margin-top: 2em;\n}\n"
    done = css.replace("  margin-top: 4em;\n", "", 1)
    ask = "Remove the `margin-top` from `.main.menu`."
    assert instructed.instruction_not_applied(css, done, ask, [], "css") == ()
    assert instructed.instruction_not_applied(css, css, ask, [], "css") == ("margin-top",)


def test_a_use_replaced_at_a_place_is_applied_though_the_name_stays_elsewhere():
    py = "def age(p):\n    return now() - p.made\n\n\ndef stamp():\n    return now()\n"
    done = py.replace("return now() - p.made", "return time() - p.made")
    ask = "In age, use time() instead of now()."
    assert instructed.instruction_not_applied(py, done, ask, [], "python") == ()
    assert instructed.instruction_not_applied(py, py, ask, [], "python") == ("now",)
    # "replace" asks every one of them to go
    assert instructed.instruction_not_applied(py, done, "Replace now() with time().", [], "python") == ("now",)


def test_instructed_worked_examples():
    import doctest

    assert doctest.testmod(instructed).failed == 0


CSS_LINKS = """a b,
a strong {
  font-weight: bold;
}

a em,
a i {
  font-style: italic;
}

article aside a {
  color: gray;
}
"""


def test_a_selector_list_named_on_one_line_is_found_where_the_file_spreads_it():
    """ "Remove the `a em, a i` rule", the snippet showing only the rules around it under markers:
    the rule is still there, so the instruction is not applied (flagged, not served)."""
    snippet = "/* ... */\na b,\na strong {\n/* ... */\narticle aside a {\n/* ... */\n"
    names = instructed.instruction_not_applied(
        CSS_LINKS, CSS_LINKS, "Remove the `a em, a i` rule.", snippet.splitlines(), "css"
    )
    assert names == ("a em,\na i",)


def test_an_aside_in_parentheses_is_not_what_a_removal_names():
    instruction = "Remove the `soft_str` function (callers now use `str()` directly)."
    assert wording.named(instruction) == ["soft_str"]
    assert wording.named("Remove the helpers (and `b`) from the module.") == ["b"]  # not an aside: it names
    assert "`b`" in wording.removal_clauses("Remove `a` (and `b`) from the module.")[0]


def test_a_hyphenated_word_in_a_place_keeps_the_quoted_name_after_it_a_place():
    instruction = "Replace the slash division in the halfway-fab `bottom` offsets with `math.div()`."
    assert wording.named(instruction) == []


def test_an_expression_replaced_instead_is_gone_though_its_name_is_used_anew():
    original = "iterator insert(const T& v) {\n    push(v);\n    return --this->end();\n}\nint n() { return this->end() - b; }\n"
    merged = original.replace("return --this->end();", "return std::prev(this->end());")
    ask = "In insert, return std::prev(this->end()) like emplace() does instead of --this->end()."
    assert instructed.instruction_not_applied(original, merged, ask, [], "cpp") == ()
    assert instructed.instruction_not_applied(original, original, ask, [], "cpp") == ("this->end",)


def test_a_commented_out_line_removed_is_the_removal_though_the_name_lives_on():
    original = (
        "local function connect(opts)\n    -- local error = nil\n    if not opts then error('no opts') end\nend\n"
    )
    merged = original.replace("    -- local error = nil\n", "")
    ask = "Clean up: drop the commented-out `error` local."
    assert instructed.instruction_not_applied(original, merged, ask, [], "lua") == ()
    assert instructed.instruction_not_applied(original, original, ask, [], "lua") == ("error",)


def test_packages_a_removal_names_must_all_go():
    original = "const debug = require('debug')\nconst deprecate = require('depd')('router')\nconst isPromise = require('is-promise')\n"
    ask = "Param callbacks only handle native Promises now, so remove the is-promise and depd dependencies."
    assert wording.named(ask)[:2] == ["is-promise", "depd"]
    half = original.replace("const isPromise = require('is-promise')\n", "")
    assert instructed.instruction_not_applied(original, half, ask, [], "javascript") == ("depd",)
    both = half.replace("const deprecate = require('depd')('router')\n", "")
    assert instructed.instruction_not_applied(original, both, ask, [], "javascript") == ()


def test_a_quoted_call_replaced_is_matched_with_any_arguments():
    # "instead of filter()[0]": the expression went wherever it stood; filter() used elsewhere stays
    original = "function remove(name) {\n  const t = ts.filter(t => t.name === name)[0];\n}\n"
    original += "function live() {\n  return ts.filter(t => t.live);\n}\n"
    merged = original.replace("ts.filter(t => t.name === name)[0]", "ts.find(t => t.name === name)")
    ask = "Use find() instead of filter()[0] when looking the transport up."
    assert instructed.instruction_not_applied(original, merged, ask, [], "javascript") == ()
    assert instructed.instruction_not_applied(original, original, ask, [], "javascript") == ("filter",)


def test_each_name_listed_before_its_kind_is_named():
    ask = "Remove the obsolete Error and WriteBuffer properties from ConsoleTarget, and drop the unused using."
    assert {"Error", "WriteBuffer"} <= set(wording.named(ask))
    assert "Foo" not in wording.named("Rename the Foo and Bar methods.")


def test_an_upper_case_sql_keyword_is_no_removal():
    ask = "The generated DROP INDEX and DROP TABLE statements contain doubled spaces; tidy them."
    assert not wording.asks_deletion(ask) and wording.named(ask) == []
    assert wording.asks_deletion("Drop the INDEX_NAME constant.") and wording.named("Drop the INDEX_NAME constant.")


def test_the_parameter_types_of_a_signature_a_removal_names_are_not_removed():
    original = (
        "import java.io.InputStream;\n"
        "import java.io.OutputStream;\n"
        "\n"
        "class Pumps {\n"
        "  Thread createPump(InputStream is, OutputStream os) {\n"
        "    return createPump(is, os, false, false);\n"
        "  }\n"
        "\n"
        "  Thread createPump(InputStream is, OutputStream os, boolean close) {\n"
        "    return createPump(is, os, close, false);\n"
        "  }\n"
        "\n"
        "  Thread createPump(InputStream is, OutputStream os, boolean close, boolean flush) {\n"
        "    return new Thread(new Pumper(is, os, close, flush));\n"
        "  }\n"
        "}\n"
    )
    snippet = (
        "@@ Thread createPump(InputStream is, OutputStream os) @@\n"
        "   Thread createPump(InputStream is, OutputStream os) {\n"
        "     return createPump(is, os, false, false);\n"
        "   }\n"
        " \n"
        "-  Thread createPump(InputStream is, OutputStream os, boolean close) {\n"
        "-    return createPump(is, os, close, false);\n"
        "-  }\n"
        "-\n"
        "   Thread createPump(InputStream is, OutputStream os, boolean close, boolean flush) {\n"
    )
    instruction = "Drop the createPump(InputStream, OutputStream, boolean) overload, nothing calls it."
    assert wording.named(instruction) == ["createPump"]
    request = ApplyRequest(original, snippet, instruction, path="Pumps.java")
    prepared = prepare(request)
    merged, warnings = checked_merge(request, prepared)
    assert merged.startswith("import java.io.InputStream;\nimport java.io.OutputStream;\n")
    assert "boolean close) {" not in merged
    assert prepared.candidate.confident and not flags(warnings)


def test_a_use_replaced_instead_of_another_that_the_snippet_still_writes_is_applied():
    original = "def load(path):\n    if not path.endswith('.yml'):\n        raise UnknownFileType(path)\n    return read(path)\n"
    merged = (
        "def load(path, strict=True):\n    if not path.endswith('.yml'):\n        if not strict:\n            return None\n"
        "        raise UnknownFileType(path)\n    return read(path)\n"
    )
    snippet = merged.splitlines()
    instruction = "With strict=False, skip unknown files instead of raising UnknownFileType."
    assert instructed.instruction_not_applied(original, merged, instruction, snippet, "python") == ()
    # a line the snippet does not show still says it: the replacement was not made there
    unshown = ["def load(path, strict=True):", "    # ... existing code ..."]
    assert instructed.instruction_not_applied(original, merged, instruction, unshown, "python") == ("UnknownFileType",)


def test_that_helper_points_back_to_the_helper_the_sentence_inlines():
    from fastapply.apply.deterministic import checked_merge, prepare
    from fastapply.apply.request import ApplyRequest

    original = (
        "<?php\nclass Upload\n{\n    private static function isStringNotEmpty($param): bool\n    {\n"
        "        return is_string($param) && false === empty($param);\n    }\n\n"
        "    public function moveTo($targetPath): void\n    {\n        if (!self::isStringNotEmpty($targetPath)) {\n"
        "            throw new InvalidArgumentException('Invalid path');\n        }\n        $this->move($targetPath);\n    }\n}\n"
    )
    snippet = (
        "    public function moveTo($targetPath): void\n    {\n"
        "        if (!is_string($targetPath) || $targetPath === '') {\n"
        "            throw new InvalidArgumentException('Invalid path');\n        }\n        // ... existing code ...\n    }\n"
    )
    instruction = "Inline the isStringNotEmpty() check into moveTo() and remove that helper."
    request = ApplyRequest(original, snippet, instruction, path="Upload.php")
    merged, warnings = checked_merge(request, prepare(request))
    assert "isStringNotEmpty" not in merged and "is_string($targetPath) ||" in merged
    assert [w.code.value for w in warnings if w.severity == "flag"] == []


def test_what_the_instruction_keeps_is_not_what_it_removes():
    from fastapply.apply.deterministic import checked_merge, prepare
    from fastapply.apply.request import ApplyRequest

    original = (
        "public class Message {\n    public init(prepend message: String) {\n        self.msg = .prepends(message)\n    }\n\n"
        "    public init(prependedMessage message: String) {\n        self.msg = .prepends(message)\n    }\n\n"
        "    public init(fail message: String) {\n        self.msg = .fail(message)\n    }\n}\n"
    )
    snippet = "    public init(fail message: String) {\n        self.msg = .fail(message)\n    }\n"
    instruction = "The two initializers do the same thing; remove init(prepend:) and keep init(prependedMessage:)."
    request = ApplyRequest(original, snippet, instruction, path="Message.swift")
    merged, _ = checked_merge(request, prepare(request))
    assert "init(prependedMessage message: String)" in merged


def test_a_moved_helper_called_in_new_places_is_not_an_old_copy_left_behind():
    """Moved up and now called from two functions: the name is said more often, but the file still
    defines it once; its old definition left in place is the move not made."""
    helper = "static void init_node(node *n, void *v) {\n    n->value = v;\n}\n"
    head = "int add_head(list *l, void *v) {\n    node *n = alloc();\n    n->value = v;\n    return link(l, n);\n}\n"
    original = "list *create(void) {\n    return alloc();\n}\n\n" + head + "\n" + helper
    moved = (
        "list *create(void) {\n    return alloc();\n}\n\n"
        + helper
        + "\n"
        + head.replace("n->value = v", "init_node(n, v)")
    )
    snippet = helper + "\n" + head.replace("n->value = v", "init_node(n, v)")
    instruction = "Move init_node up to just after create (remove the old copy) and use it in add_head."
    assert instructed.instruction_not_applied(original, moved, instruction, snippet.splitlines(), "c") == ()
    both = moved + "\n" + helper
    assert instructed.instruction_not_applied(original, both, instruction, snippet.splitlines(), "c") == ("init_node",)


def test_a_removal_said_of_new_code_or_inside_a_place_is_not_what_goes():
    """ "that removes" says what a new function does; a quoted name in the branch a removal is made
    from ("from the non-!important (`@else`) branch") is the place."""
    assert not wording.asks_deletion("Add `stopall(obj)` that removes every tween on `obj`, after flux:remove.")
    instruction = "Remove the physical `padding-left` declarations from the non-!important (`@else`) branch."
    assert wording.named(instruction) == ["padding-left"]


def test_a_class_renamed_by_a_quoted_selector_is_a_rename_even_if_its_name_says_menu():
    """`.dropdown-menu` is the code's name: the prose words a rename may hold ("menu", "section")
    are read outside the quotes only."""
    instruction = "Rename the `.dropdown-content` class to `.dropdown-menu` everywhere in this stylesheet."
    assert wording.renames(instruction) == [(".dropdown-content", ".dropdown-menu")]
    assert wording.renames("Rename the Tools menu to Utilities.") == []


def test_a_line_the_instruction_quotes_to_change_and_the_output_keeps_is_flagged():
    """ "change the `insert` doc line `/// This can panic ...` to `...`": the snippet left that line
    under a marker; read literally, the file keeps it."""
    original = "impl Context {\n    /// This can panic if the value cannot be serialised.\n    pub fn insert(&mut self) {}\n}\n"
    snippet = "impl Context {\n    // ... existing code ...\n    pub fn try_insert(&mut self) {}\n}\n"
    merged = original.replace(
        "    pub fn insert(&mut self) {}\n", "    pub fn insert(&mut self) {}\n    pub fn try_insert(&mut self) {}\n"
    )
    instruction = (
        "Add try_insert. Also change the `insert` doc line `/// This can panic if the value cannot be serialised.` "
        "to `/// This panics if the value cannot be serialised.`"
    )
    found = {w.code.value: w.message for w in validate(original, snippet, merged, "rust", instruction=instruction)}
    assert "This can panic" in found.get("instruction_not_applied", "")
    done = merged.replace("This can panic", "This panics")
    assert "instruction_not_applied" not in {
        w.code.value for w in validate(original, snippet, done, "rust", instruction=instruction)
    }


def test_what_edited_code_is_allowed_to_replace_is_no_removal():
    ts = "export function setHook(name: 'a' | 'b') {}\nlet createOp = () => 1\n"
    edited = ts.replace("'a' | 'b'", "'a' | 'b' | 'createOp'")
    said = "Allow setHook to replace `createOp` as well: add it to the name union."
    assert not wording.asks_removal(said)
    assert instructed.instruction_not_applied(ts, edited, said, lang="typescript") == ()
    asked = "Replace `createOp` with a const arrow function."
    assert wording.asks_removal(asked)
    assert wording.replacements("Allow hooks to replace createOp with theirs.") == []


def test_a_fully_qualified_name_used_instead_is_what_goes_not_every_use_of_its_last_part():
    java = (
        "import java.util.ResourceBundle;\n\nclass F {\n    String d() {\n"
        "        java.util.ResourceBundle bundle = null;\n        return ResourceBundle.class.getName();\n    }\n}\n"
    )
    said = (
        "In d, declare bundle with the imported ResourceBundle instead of the fully qualified java.util.ResourceBundle."
    )
    assert instructed.instruction_not_applied(java, java, said, lang="java") == ("java.util.ResourceBundle",)
    done = java.replace("java.util.ResourceBundle bundle", "ResourceBundle bundle")
    assert instructed.instruction_not_applied(java, done, said, lang="java") == ()


def test_a_member_named_with_its_dot_is_found_after_the_object_it_belongs_to():
    m = "function m(o) {\n  var ms = o.methods;\n  if (ms.join) {\n    ms = o.methods.join(',');\n  }\n  return ms;\n}\n"
    original = m + "\nfunction h(o) {\n  return o.headers.join(',');\n}\n"
    merged = original.replace("if (ms.join)", "if (Array.isArray(ms))").replace("o.methods.join", "ms.join")
    ask = "In m, check for an array with Array.isArray instead of duck-typing on `.join`."
    snip = merged.splitlines()[:7]
    assert instructed.instruction_not_applied(original, merged, ask, snip, "javascript") == ()


def test_a_class_constant_whose_declaration_went_is_removed_though_other_code_still_says_it():
    original = (
        "<?php\nclass T {\n    public const REMOVE_NODE = Visitor::REMOVE_NODE;\n    public const STOP = Visitor::STOP;\n\n"
        "    public function f($r) {\n        if ($r === Visitor::REMOVE_NODE) {\n            return 1;\n        }\n"
        "        return 0;\n    }\n}\n"
    )
    merged = original.replace("    public const REMOVE_NODE = Visitor::REMOVE_NODE;\n", "")
    ask = "Remove the deprecated REMOVE_NODE constant alias from T; keep STOP."
    snip = ["class T {", "    public const STOP = Visitor::STOP;", "    // ... rest unchanged ..."]
    assert instructed.instruction_not_applied(original, merged, ask, snip, "php") == ()
    assert instructed.instruction_not_applied(original, original, ask, snip, "php") == ("REMOVE_NODE",)


def test_a_typo_the_instruction_quotes_and_the_output_keeps_is_not_applied():
    original = "type S struct {\n\tPrefix string // Prefix is the text preppended to the indicator\n}\n"
    ask = "Add a WithPrefix option. Also fix the 'preppended' typo in the comment on the Prefix field."
    assert instructed.instruction_not_applied(original, original, ask) == ("preppended",)
    fixed = original.replace("preppended", "prepended")
    assert instructed.instruction_not_applied(original, fixed, ask) == ()


def test_vendor_prefixed_css_names_a_removal_clause_holds_are_what_goes():
    ask = "Delete the @-o-keyframes and @-moz-keyframes spin blocks; keep the -webkit- ones."
    assert wording.named(ask)[:2] == ["@-o-keyframes", "@-moz-keyframes"]


def test_words_of_a_message_the_instruction_quotes_are_no_replacement():
    hint = '      simpleFact("Did you mean to call containsMatch() instead of match()?");\n'
    original = (
        "class S {\n  /** Fails unless the string does match the given regex. */\n"
        "  public void matches(String regex) {\n" + hint + "  }\n\n"
        "  public void matches(Pattern regex) {\n" + hint + "  }\n}\n"
    )
    merged = original.replace("instead of match()", "instead of matches()")
    ask = (
        "The containsMatch() hint in both matches() overloads says 'instead of match()', but the method is "
        "called matches(). Fix the message in both places."
    )
    snip = [line for line in merged.splitlines() if "matches()?" in line]
    assert instructed.instruction_not_applied(original, merged, ask, snip, "java") == ()


def test_a_modifier_the_instruction_asks_for_on_a_declaration_the_output_lacks_is_not_applied():
    original = "class F {\n    private final boolean strict;\n    private List<Index> indexes;\n}\n"
    ask = "Rename findUsingInfo to findUsingIndex. While you're at it, make the indexes field final."
    assert instructed.instruction_not_applied(original, original, ask) == ("indexes",)
    done = original.replace("private List<Index>", "private final List<Index>")
    assert instructed.instruction_not_applied(original, done, ask) == ()
    ruby = "class F\n  def run\n  end\n\n  def helper\n  end\nend\n"  # Ruby's `private` stands on a line of its own
    assert instructed.instruction_not_applied(ruby, ruby, "Make helper private.") == ()


def test_a_command_line_flag_quoted_in_a_removal_is_what_goes():
    ask = 'Stop passing strict to install and remove "--strict" from the completion list.'
    assert "--strict" in wording.named(ask)


SAFE = """function SafeString(val) {
  this.val = val;
}

function copySafeness(dest, target) {
  if (dest instanceof SafeString) {
    return new SafeString(target);
  }
  return target.toString();
}

function suppressValue(val) {
  if (val instanceof SafeString) {
    return val;
  }
  return escape(val);
}
"""


def test_a_new_name_that_holds_the_replaced_one_is_no_use_of_it():
    """ "use isSafeString instead of the instanceof SafeString checks": SafeString's uses went down,
    even though "isSafeString" spells it inside."""
    ask = (
        "Add an isSafeString(val) helper and use it instead of the instanceof SafeString checks in "
        "copySafeness and suppressValue."
    )
    helper = "function isSafeString(val) {\n  return val instanceof SafeString;\n}\n\n"
    made = helper + SAFE.replace("dest instanceof SafeString", "isSafeString(dest)").replace(
        "val instanceof SafeString", "isSafeString(val)"
    )
    shown = helper.splitlines() + ["  if (isSafeString(dest)) {", "  if (isSafeString(val)) {"]
    assert instructed.instruction_not_applied(SAFE, made, ask, shown, "javascript") == ()
    assert instructed.instruction_not_applied(SAFE, helper + SAFE, ask, helper.splitlines(), "javascript") == (
        "SafeString",
    )
