from fastapply.merge import lazy_merge
from fastapply.merge.place.siblings import unpair_new_siblings
from fastapply.merge.snippet.chunks import split_chunks
from fastapply.merge.text.syntax import definitions

JAVA = """public class Box {
    private int w;
    private int h;

    public Box(int w, int h) {
        this.w = w;
        this.h = h;
    }

    public int getWidth() {
        return w;
    }
}
"""


def test_a_getter_added_after_a_similar_one_is_inserted_beside_it():
    snippet = "    // ... existing code ...\n\n    public int getHeight() {\n        return h;\n    }\n}\n"
    expected = JAVA.replace(
        "        return w;\n    }\n",
        "        return w;\n    }\n\n    public int getHeight() {\n        return h;\n    }\n",
    )
    assert lazy_merge(JAVA, snippet, "java").merged == expected


def test_a_lua_function_added_before_return_m_keeps_the_similar_one_above():
    original = (
        "local M = {}\n\nfunction M.setup(opts)\n  M.opts = opts or {}\nend\n\n"
        "function M.get_width()\n  return M.opts.width\nend\n\nreturn M\n"
    )
    snippet = "-- ... existing code ...\n\nfunction M.get_height()\n  return M.opts.height\nend\n\nreturn M\n"
    merged = lazy_merge(original, snippet, "lua").merged
    assert "function M.get_width()\n  return M.opts.width\nend\n\nfunction M.get_height()" in merged


def _pairs_after_unpairing(chunk_lines, pairs):
    chunk = split_chunks(chunk_lines, "java")[0]
    return unpair_new_siblings(chunk, pairs, definitions(JAVA, "java"), JAVA.splitlines(), "java")


def test_a_header_renamed_over_a_body_it_keeps_stays_paired():
    lines = ["    public int width() {", "        return w;", "    }", "}"]
    pairs = [(0, 9), (1, 10), (2, 11), (3, 12)]
    assert _pairs_after_unpairing(lines, pairs) == pairs


def test_a_new_header_and_a_body_that_only_resembles_the_old_one_are_unpaired():
    lines = ["    public int getHeight() {", "        return h;", "    }", "}"]
    assert _pairs_after_unpairing(lines, [(0, 9), (1, 10), (2, 11), (3, 12)]) == [(3, 12)]


def test_an_edited_header_that_keeps_the_name_stays_paired():
    lines = ["    public long getWidth() {", "        return h;", "    }", "}"]
    pairs = [(0, 9), (1, 10), (2, 11), (3, 12)]
    assert _pairs_after_unpairing(lines, pairs) == pairs
