from fastapply import merge
from fastapply.merge.repair.candidates import candidate_merges, differing_window
from fastapply.merge.windows import splice

ORIGINAL = "".join(f"def f{i}(x):\n    return x + {i}\n\n\n" for i in range(12))
# Ends without a marker after a new line: the merge guesses "insert after f5" over "the file ends here".
OPEN_END = "# ... existing code ...\ndef f5(x):\n    return x + 5\nnew_line = 1\n"


def candidates(snippet, instruction=""):
    literal = merge.lazy_merge(ORIGINAL, snippet, "python")
    return literal, candidate_merges(ORIGINAL, snippet, "python", instruction, literal)


def test_an_unmarked_end_gives_the_literal_merge_and_the_reading_that_deletes_the_rest():
    literal, found = candidates(OPEN_END)
    assert not literal.confident
    assert [c.label for c in found] == ["the literal merge", "snippet reaching the file end"]
    assert found[0].text == literal.merged and "def f11" in found[0].text
    assert found[1].text.endswith("new_line = 1\n") and "def f6" not in found[1].text


def test_a_sure_merge_has_one_reading():
    literal, found = candidates("# ... existing code ...\ndef f5(x):\n    return x * 5\n# ... existing code ...\n")
    assert literal.confident and [c.text for c in found] == [literal.merged]


HANDLERS = """package main

func register(m Mux) {
\tm.Handle("/a", func(c Ctx) {
\t\tc.Send("a")
\t})

\tm.Handle("/debug", func(c Ctx) {
\t\tc.Send(dump())
\t})

\tm.Handle("/b", handleB)
}
"""

ADD_C = """func register(m Mux) {
\tm.Handle("/a", func(c Ctx) {
\t\tc.Send("a")
\t})

\tm.Handle("/c", func(c Ctx) {
\t\tc.Send("c")
\t})

\t// ... other handlers unchanged ...
}
"""


def test_an_instruction_stated_deletion_is_a_candidate_of_its_own():
    literal = merge.lazy_merge(HANDLERS, ADD_C, "go")
    found = candidate_merges(HANDLERS, ADD_C, "go", "Drop the /debug handler and add /c", literal)
    assert [c.text for c in found][0] == literal.merged and '"/debug"' in literal.merged
    assert len(found) == 2 and '"/debug"' not in found[1].text and '"/c"' in found[1].text
    assert found[1].label == "the literal merge with inferred deletion"


def test_the_window_holds_every_difference_and_splices_each_candidate_back():
    _, found = candidates(OPEN_END)
    texts = [c.text for c in found]
    start, end, pieces = differing_window(ORIGINAL, texts, context_lines=2)
    lines = ORIGINAL.splitlines()
    assert 0 < start < end == len(lines)  # the file-end reading differs down to the last line
    assert all(splice(ORIGINAL, [(start, end)], [piece]) == text for piece, text in zip(pieces, texts))


def test_the_window_of_texts_equal_to_the_original_is_empty_and_prefix_and_suffix_never_overlap():
    assert differing_window(ORIGINAL, [ORIGINAL], context_lines=0)[:2] == (48, 48)
    doubled = ORIGINAL.replace("def f3(x):\n", "def f3(x):\ndef f3(x):\n")  # the repeated line fits both ends
    start, end, (piece,) = differing_window(ORIGINAL, [doubled], context_lines=0)
    assert splice(ORIGINAL, [(start, end)], [piece]) == doubled and start <= end
