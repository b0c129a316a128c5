"""Moves the instruction states: the old copy goes, with a note; anything less clear is left alone."""

from fastapply.merge import inferred_move, lazy_merge, validate

ORIGINAL = """def load(path):
    with open(path) as fh:
        return fh.read()


def save(path, rows):
    with open(path, "w") as fh:
        fh.write(rows)


def parse(text):
    return [line.split(",") for line in text.splitlines()]


def main():
    save("out", parse(load("in")))
"""
# save written out between parse and main: read literally, the old save stays above parse as well
SNIPPET = """def parse(text):
    # ... existing code ...


def save(path, rows):
    with open(path, "w") as fh:
        fh.write(rows)


def main():
    # ... existing code ...
"""
EXPECTED = ORIGINAL.replace(
    'def save(path, rows):\n    with open(path, "w") as fh:\n        fh.write(rows)\n\n\n', ""
).replace(
    "def main():", 'def save(path, rows):\n    with open(path, "w") as fh:\n        fh.write(rows)\n\n\ndef main():'
)


def _literal():
    result = lazy_merge(ORIGINAL, SNIPPET, "python")
    codes = {w.code for w in validate(ORIGINAL, SNIPPET, result.merged, "python", anchoring=result)}
    assert codes == {"duplicated_definition"} and result.merged.count("def save(") == 2
    return result


def test_a_stated_move_drops_the_old_copy_and_says_so():
    result = _literal()
    merged, note = inferred_move(ORIGINAL, SNIPPET, result.merged, "python", "Move save() below parse()", result)
    assert merged == EXPECTED
    assert note.code == "inferred_move" and note.severity == "note" and "save" in note.message
    assert validate(ORIGINAL, SNIPPET, merged, "python", anchoring=result) == []


def test_no_move_without_an_instruction_that_names_it():
    result = _literal()
    assert inferred_move(ORIGINAL, SNIPPET, result.merged, "python", "", result) is None
    assert inferred_move(ORIGINAL, SNIPPET, result.merged, "python", "Tidy up the helpers", result) is None
    # a move verb, but not of the duplicated definition: that duplicate is a misplacement
    assert inferred_move(ORIGINAL, SNIPPET, result.merged, "python", "Move parse() to the end", result) is None


def test_the_deterministic_path_makes_the_stated_move_first_and_serves_it_with_its_note():
    from fastapply.apply.deterministic import apply_deterministic
    from fastapply.apply.request import ApplyRequest
    from fastapply.merge import flags

    result = apply_deterministic(
        ApplyRequest(ORIGINAL, SNIPPET, instruction="Move save() below parse()", language="python")
    )
    # The snippet is placed on the file with save already below parse: the second opinion, which
    # aligns in file order, writes the same file there.
    assert result.merged == EXPECTED
    assert [w.code for w in result.warnings] == ["inferred_move"] and not flags(result.warnings)


HEADERS_ONLY = """def load(path):
    # ... existing code ...


def parse(text):
    # ... existing code ...


def save(path, rows):
    # ... existing code ...
"""


def test_headers_shown_in_a_new_order_reorder_the_definitions_when_asked():
    from fastapply.merge import inferred_reorder

    result = lazy_merge(ORIGINAL, HEADERS_ONLY, "python")
    assert result.merged == ORIGINAL  # read literally, nothing moves
    codes = {w.code for w in validate(ORIGINAL, HEADERS_ONLY, result.merged, "python", anchoring=result)}
    assert "skipped_definition" in codes  # save sits between two definitions shown as adjacent
    merged, note = inferred_reorder(ORIGINAL, HEADERS_ONLY, result.merged, "python", "Move parse above save", result)
    assert merged == EXPECTED.replace(  # load, parse, save, main
        'def save(path, rows):\n    with open(path, "w") as fh:\n        fh.write(rows)\n\n\n', ""
    ).replace(
        "def main():", 'def save(path, rows):\n    with open(path, "w") as fh:\n        fh.write(rows)\n\n\ndef main():'
    )
    assert merged.index("def parse(") < merged.index("def save(") < merged.index("def main(")
    assert note.code == "inferred_move" and note.severity == "note"
    assert inferred_reorder(ORIGINAL, HEADERS_ONLY, result.merged, "python", "Tidy the helpers", result) is None
