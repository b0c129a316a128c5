from fastapply.merge import lazy_merge
from fastapply.merge.place.ends import pair_last_line, pair_leading_closers, pair_line_above, unpair_new_group_opener
from fastapply.merge.snippet.chunks import Chunk
from fastapply.merge.text.syntax import definitions

SEP = "/" * 40


def test_the_chunks_last_line_pairs_with_the_line_below_its_last_anchor():
    original = ["function GitHub() {", "  return link(REPO)", "}", "", SEP, "", "const themes = []"]
    chunk = Chunk(["}", "", "function Docs() {", "  return link(README)", "}", "", SEP], True, True, 0)
    assert pair_last_line(chunk, [(0, 2)], original) == [(0, 2), (6, 4)]  # Docs goes above the separator


def test_the_last_line_stays_new_when_the_original_continues_otherwise():
    original = ["function GitHub() {", "  return link(REPO)", "}", "", "const themes = []", SEP]
    chunk = Chunk(["}", "", "function Docs() {", "  return link(README)", "}", "", SEP], True, True, 0)
    assert pair_last_line(chunk, [(0, 2)], original) == [(0, 2)]
    assert pair_last_line(Chunk(chunk.lines, True, False, None), [(0, 2)], original[:5] + [SEP]) == [(0, 2)]


def test_an_edited_opener_pairs_with_the_old_one_when_the_marker_elides_its_body():
    original = ["  trim(s);", "  if (s.indexOf('%') !== -1) {", "    s = strip(s);", "  }"]
    chunk = Chunk(["  trim(s);", "  // placeholders", "  if (s.includes('%')) {"], True, True, 4)
    assert pair_last_line(chunk, [(0, 0)], original) == [(0, 0), (2, 1)]
    assert pair_last_line(Chunk(chunk.lines, True, True, 2), [(0, 0)], original) == [(0, 0)]  # marker not inside


def test_weak_last_anchors_that_open_a_new_balanced_group_are_unpaired():
    lines = ["});", "", "/**", " * Return the token.", " */", "get('token', function token(){", "  return t;", "});"]
    chunk = Chunk(lines, True, True, 0)
    pairs = [(0, 10), (2, 12), (3, 13)]  # "/**" and " *"-like lines matched the next doc comment
    assert unpair_new_group_opener(chunk, [(0, 10), (2, 12)], "javascript") == [(0, 10)]
    assert unpair_new_group_opener(chunk, pairs, "javascript") == pairs  # a distinctive line anchors it


def test_an_allman_brace_under_its_header_stays_paired():
    lines = ["    for (i = 0; i < n; i++)", "    {", "        size_t digit = d(i);", "        total += digit;", "    }"]
    chunk = Chunk(lines, True, True, 4)
    assert unpair_new_group_opener(chunk, [(0, 40), (1, 41)], "c") == [(0, 40), (1, 41)]


def test_a_leading_closer_ends_the_definition_the_previous_chunk_opened():
    original = [
        "res.sendStatus = function sendStatus(code) {",
        "  this.statusCode = code;",
        "  return this;",
        "};",
        "",
        "res.links = function links(links) {",
        "  this.set('Link', links);",
        "};",
        "",
        "/**",
        " * Send.",
        " */",
        "res.send = function send(body) {",
        "  this.end(body);",
        "};",
    ]
    defs = definitions("\n".join(original) + "\n", "javascript")
    chunk = Chunk(
        [
            "};",
            "",
            "/**",
            " * Problem details.",
            " */",
            "res.problem = function problem(code) {",
            "  return this.json({ status: code });",
            "};",
        ],
        True,
        False,
        None,
    )
    # the doc comment's delimiters matched the last function's: chance, past code the chunk never shows
    assert pair_leading_closers(chunk, [(2, 9), (4, 11)], original, 1, defs) == [(0, 3)]
    # anchors right after the definition's end stay
    assert pair_leading_closers(chunk, [(2, 5)], original[:4] + ["", "/**"] + original[5:], 1, defs) == [(0, 3), (2, 5)]


def test_a_block_shown_whole_before_a_marker_replaces_its_old_body():
    """The ``if`` is shown from its opener to its ``}`` with a new body, then a marker for the rest
    of the function: the old body goes, and the block closes once."""
    original = (
        "package t\n\nfunc clamp(lo, hi int) int {\n\tif lo > hi {\n\t\ttmp := lo\n\t\tlo = hi\n\t\thi = tmp\n\t}\n\n"
        "\tif lo < 0 {\n\t\tlo = 0\n\t}\n\treturn hi - lo\n}\n"
    )
    snippet = "func clamp(lo, hi int) int {\n\tif lo > hi {\n\t\tlo, hi = hi, lo\n\t}\n\n\t// ... rest of clamp unchanged ...\n}\n"
    result = lazy_merge(original, snippet, "go")
    assert result.confident, result.reason
    assert result.merged == original.replace("\t\ttmp := lo\n\t\tlo = hi\n\t\thi = tmp\n", "\t\tlo, hi = hi, lo\n")


def test_the_last_entry_written_with_a_comma_before_new_entries_is_that_entry_edited():
    """After a marker, the enum's last entry with a ``,`` added, a new entry, the closer: the old
    entry is continued, not kept above its copy."""
    original = "const enum Flags {\n    a = 1,\n    b = 2,\n    c = 4\n}\n\nexport function f() {\n    return 1\n}\n"
    snippet = "const enum Flags {\n    // ...\n    c = 4,\n    d = 8\n}\n\nexport function f() {\n    // ...\n}\n"
    result = lazy_merge(original, snippet, "typescript")
    assert result.confident, result.reason
    assert result.merged == original.replace("    c = 4\n", "    c = 4,\n    d = 8\n")


def test_a_comment_rewritten_above_its_definition_replaces_the_old_one():
    """After a marker, the comment above the enum rewritten, then the enum: the old comment goes
    instead of staying above the new one, parted from the enum."""
    original = "let MaxFrameSize = 32\n\n// Close codes\nenum CloseCode {\n    case normal\n    case away\n}\n"
    snippet = "// ... existing code ...\n\n// Close codes (RFC 6455, section 7.4.1)\nenum CloseCode {\n    case normal\n    case away\n    case tryAgain\n}\n"
    result = lazy_merge(original, snippet, "swift")
    assert result.confident, result.reason
    assert result.merged == original.replace("// Close codes\n", "// Close codes (RFC 6455, section 7.4.1)\n").replace(
        "    case away\n", "    case away\n    case tryAgain\n"
    )


def test_a_doc_comment_opening_new_code_after_a_line_without_a_semicolon_is_new():
    """A fragment with no marker: a Swift property, then a new property under its own doc comment.
    The ``/**`` opens the new code (not the next property's doc comment, which it also matches),
    and a one-line definition under its doc comment is whole new code, so the fragment is sure."""
    original = (
        "import AppKit\n\nclass R {\n"
        + "".join(f"\tlet k{n} = {n}\n" for n in range(8))
        + "\n\t/**\n\tThe policy.\n\t*/\n\tpublic var policy = Policy.default\n\n\t/**\n\tThe name.\n\t*/\n\tpublic var name: String\n\n"
        + "".join(f"\tfunc f{n}() {{ run({n}) }}\n" for n in range(8))
        + "}\n"
    )
    snippet = "\tpublic var policy = Policy.default\n\n\t/**\n\tWhether it records.\n\t*/\n\tpublic var isRecording: Bool { monitor != nil }\n"
    result = lazy_merge(original, snippet, "swift")
    assert result.confident, result.reason
    assert result.merged == original.replace(
        "Policy.default\n\n",
        "Policy.default\n\n\t/**\n\tWhether it records.\n\t*/\n\tpublic var isRecording: Bool { monitor != nil }\n\n",
    )


def test_a_chunk_opening_with_the_line_right_above_its_anchor_inserts_below_that_line():
    """``if (enter) {`` stands twice in the file; after a marker the chunk opens with it, then new
    lines, then its first anchor, the line right below it in the original: it pairs with that one."""
    original = [
        "    if (enter) {",
        "        skip();",
        "    }",
        "    if (enter) {",
        "        if (items == NULL) {",
        "    }",
    ]
    lines = [
        "    if (enter) {",
        "        if (depth >= MAX) {",
        "            goto fail;",
        "        }",
        "        if (items == NULL) {",
    ]
    chunk = Chunk(lines, True, True, 12)
    assert pair_line_above(chunk, [(4, 4)], original, 0) == [(0, 3), (4, 4)]
    assert pair_line_above(Chunk(lines, False, True, 12), [(4, 4)], original, 0) == [(4, 4)]  # no marker above
    assert pair_line_above(chunk, [(4, 4)], original[:3] + ["    x = 1;"] + original[4:], 0) == [(4, 4)]


GUARDS = """export function evaluateGuard(guard, isInline, resolved) {
  if (!isInline && !resolved) {
    throw new Error(
      `Guard '${
        typeof guard === 'string' ? guard : guard.type
      }' is not implemented.`
    );
  }

  if (typeof resolved !== 'function') {
    return evaluateGuard(resolved);
  }
}
"""


def test_a_block_shown_whole_without_markers_replaces_the_old_block():
    """The snippet is one ``if`` block, rewritten: its ``);`` and ``}`` are the block's own, so the
    old template literal goes instead of staying below the new block."""
    snippet = (
        "  if (!isInline && !resolved) {\n"
        "    const guardType = typeof guard === 'string' ? guard : guard.type;\n"
        "    throw new Error(\n"
        "      `Guard '${guardType}' is not implemented.`\n"
        "    );\n"
        "  }\n"
    )
    result = lazy_merge(GUARDS, snippet, "typescript")
    assert result.confident, result.reason
    old = "    throw new Error(\n      `Guard '${\n        typeof guard === 'string' ? guard : guard.type\n      }' is not implemented.`\n"
    assert result.merged == GUARDS.replace(old, snippet.split("\n", 1)[1].rsplit("    );", 1)[0])


HOOKS = """package hooks

func StringToSlice(sep string) HookFunc {
	return func(data interface{}) (interface{}, error) {
		raw := data.(string)
		if raw == "" {
			return []string{}, nil
		}

		return strings.Split(raw, sep), nil
	}
}

func Other() {}
"""


def test_a_fragment_ending_on_the_closers_of_its_enclosing_blocks_replaces_the_functions_end():
    """No marker below: the fragment's ``\\t}`` and ``}`` close the blocks still open at its last
    anchor, each at its depth, so the old ``return`` between goes."""
    snippet = (
        '\t\tif raw == "" {\n\t\t\treturn []string{}, nil\n\t\t}\n\n'
        "\t\tparts := strings.Split(raw, sep)\n\t\tfor i, part := range parts {\n"
        "\t\t\tparts[i] = strings.TrimSpace(part)\n\t\t}\n\t\treturn parts, nil\n\t}\n}\n"
    )
    result = lazy_merge(HOOKS, snippet, "go")
    assert result.confident, result.reason
    new_end = snippet.split("\n\n", 1)[1]
    assert result.merged == HOOKS.replace("\t\treturn strings.Split(raw, sep), nil\n\t}\n}\n", new_end)
