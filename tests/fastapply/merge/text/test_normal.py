"""Context lines an agent retypes with other spacing keep the file's spacing; padding the snippet
adds on purpose (a realigned column) is kept."""

import doctest

from fastapply.merge import lazy_merge
from fastapply.merge.text import normal

C = """int load(ini_t *ini, long sz) {
  ini->data = malloc(sz + 1);
  ini->end = ini->data  + sz;
  return 0;
}
"""


def test_the_module_examples_hold():
    assert doctest.testmod(normal).failed == 0


def test_a_context_line_retyped_single_spaced_keeps_the_original_spacing():
    snippet = "  ini->data = malloc(sz + 1);\n  if (!ini->data) {\n    return -1;\n  }\n  ini->end = ini->data + sz;\n  /* ... */\n"
    merged = lazy_merge(C, snippet, "c").merged
    assert "  ini->end = ini->data  + sz;\n" in merged
    assert "  if (!ini->data) {\n" in merged


def test_padding_the_snippet_adds_is_a_realignment():
    original = "package p\n\nconst (\n\tA = 1\n\tBB = 2\n)\n\nfunc f() int {\n\treturn A\n}\n"
    snippet = "const (\n\tA   = 1\n\tBB  = 2\n\tCCC = 3\n)\n\n// ... rest unchanged ...\n"
    merged = lazy_merge(original, snippet, "go").merged
    assert "const (\n\tA   = 1\n\tBB  = 2\n\tCCC = 3\n)\n" in merged


def test_a_constructors_initializer_list_retyped_at_other_columns_keeps_the_files_layout():
    original = (
        "Pool::Pool(Options opts,\n"
        "           int size) :\n"
        "               _opts(opts),\n"
        "               _size(size) {\n"
        "    start();\n"
        "}\n"
    )
    snippet = (
        "Pool::Pool(Options opts,\n"
        "    int size) :\n"
        "        _opts(opts),\n"
        "        _size(size) {\n"
        "    if (size == 0) {\n"
        '        throw Error("empty pool");\n'
        "    }\n"
        "    // ... existing code ...\n"
        "}\n"
    )
    result = lazy_merge(original, snippet, "cpp")
    assert result.merged == original.replace(
        "{\n    start();", '{\n    if (size == 0) {\n        throw Error("empty pool");\n    }\n    start();'
    )


def test_a_definition_after_its_modifiers_is_keyed_by_its_name_not_its_keyword():
    assert normal.definition_key("  final def skip = { pos += 1; this }") == "skip"
    assert normal.definition_key("  private def nextRow = {") == "nextRow"
    assert normal.definition_key("  override fun toString() = name") == "toString"
