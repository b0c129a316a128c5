"""A definition between two the snippet shows as adjacent is flagged; a marker at the outer level,
or a brace language's body marker without its closing line, says nothing about what lies between."""

from fastapply.merge import lazy_merge, validate
from fastapply.merge.repair.adjacency import skipped_definitions

PY = """def load(path):
    return open(path).read()


def parse(text):
    return text.split()


def save(path, rows):
    open(path, "w").write(rows)
"""


def test_a_definition_skipped_without_a_marker_is_flagged():
    snippet = (
        'def load(path):\n    # ... existing code ...\n\n\ndef save(path, rows):\n    open(path, "w").write(rows)\n'
    )
    result = lazy_merge(PY, snippet, "python")
    assert result.merged == PY  # read literally, parse stays
    assert skipped_definitions(snippet.splitlines(), result.merged, "python") == (5,)
    codes = [w.code for w in validate(PY, snippet, result.merged, "python", anchoring=result)]
    assert "skipped_definition" in codes


def test_a_marker_at_the_outer_level_may_stand_for_whole_definitions():
    snippet = 'def load(path):\n    return open(path).read()\n\n# ... existing code ...\n\ndef save(path, rows):\n    open(path, "w").write(rows)\n'
    assert skipped_definitions(snippet.splitlines(), PY, "python") == ()


def test_a_brace_body_marker_without_its_closing_line_may_run_on():
    js = "function a() {\n  return 1;\n}\n\nfunction b() {\n  return 2;\n}\n\nfunction c() {\n  return 3;\n}\n"
    open_ended = "function a() {\n  // ... existing code ...\nfunction c() {\n  return 3;\n}\n"
    closed = "function a() {\n  // ... existing code ...\n}\n\nfunction c() {\n  return 3;\n}\n"
    assert skipped_definitions(open_ended.splitlines(), js, "javascript") == ()
    assert skipped_definitions(closed.splitlines(), js, "javascript") == (5,)


def test_a_definition_the_snippet_shows_later_is_out_of_place_between_adjacent_ones():
    # parse shown right after load, save after parse: save left between load and parse is wrong
    snippet = (
        "def load(path):\n    # ... existing code ...\n\n\ndef parse(text):\n    # ... existing code ...\n\n\n"
        'def save(path, rows):\n    open(path, "w").write(rows)\n'
    )
    swapped = (
        PY.replace("def parse(text):\n    return text.split()\n\n\n", "")
        + "\n\ndef parse(text):\n    return text.split()\n"
    )
    assert skipped_definitions(snippet.splitlines(), swapped, "python") == (5,)
    assert skipped_definitions(snippet.splitlines(), PY, "python") == ()


def test_the_definition_shown_next_standing_above_is_out_of_order():
    # save shown right after load, but the output has save first
    snippet = "def load(path):\n    # ... existing code ...\n\n\ndef save(path, rows):\n    # ... existing code ...\n"
    reordered = 'def save(path, rows):\n    open(path, "w").write(rows)\n\n\n' + PY.split("def save")[0]
    assert skipped_definitions(snippet.splitlines(), reordered, "python") == (1,)


RUST = """impl Builder {
    fn new() -> Self {
        Builder { built: false }
    }

    fn build(&mut self) -> Writer {
        Writer {}
    }
}

impl Default for Builder {
    fn default() -> Self {
        Builder::new()
    }
}

fn parse(spec: &str) -> Style {
    Style::Auto
}
"""


def test_a_column_0_marker_inside_a_block_then_its_closer_ends_that_block():
    # the closing brace after the marker closes `impl Builder`, which the snippet opened: what
    # stands between its end and `fn parse` is gone, not elided
    snippet = "impl Builder {\n    fn new() -> Self {\n        Self::default()\n    }\n\n// ... existing code ...\n}\n\nfn parse(spec: &str) -> Style {\n"
    result = lazy_merge(RUST, snippet, "rust")
    assert "impl Default for Builder {" in result.merged  # read literally, the closer ends the impl below
    assert skipped_definitions(snippet.splitlines(), result.merged, "rust") == (11,)
    # a marker that returns to the block's width before the closer may stand for more
    spread = "impl Builder {\n    fn new() -> Self {\n        Self::default()\n    }\n// ... existing code ...\n    fn build(&mut self) -> Writer {\n// ... existing code ...\n}\n\nfn parse(spec: &str) -> Style {\n"
    assert skipped_definitions(spread.splitlines(), RUST, "rust") == ()
