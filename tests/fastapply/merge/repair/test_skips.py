"""A definition skipped between two shown as adjacent goes when the instruction asks by name."""

from fastapply.merge import adjacent_deletion, lazy_merge, validate

ORIGINAL = """def load(path):
    return open(path).read()


def legacy_load(path):
    def inner():
        return open(path, "rb").read()

    return inner()


def save(path, rows):
    open(path, "w").write(rows)
"""
SNIPPET = """def load(path):
    # ... existing code ...


def save(path, rows):
    # ... existing code ...
"""


def test_the_named_skipped_definition_is_removed_with_a_note():
    result = lazy_merge(ORIGINAL, SNIPPET, "python")
    codes = {w.code for w in validate(ORIGINAL, SNIPPET, result.merged, "python", anchoring=result)}
    assert codes == {"skipped_definition"}
    merged, note = adjacent_deletion(ORIGINAL, SNIPPET, result.merged, "python", "Remove legacy_load", result)
    assert (
        merged
        == 'def load(path):\n    return open(path).read()\n\n\ndef save(path, rows):\n    open(path, "w").write(rows)\n'
    )
    assert note.code == "inferred_deletion" and note.severity == "note" and "legacy_load" in note.message


def test_nothing_is_removed_that_the_instruction_does_not_ask_for():
    result = lazy_merge(ORIGINAL, SNIPPET, "python")
    assert adjacent_deletion(ORIGINAL, SNIPPET, result.merged, "python", "Rename save to store", result) is None
    assert adjacent_deletion(ORIGINAL, SNIPPET, result.merged, "python", "Remove the save helper", result) is None
