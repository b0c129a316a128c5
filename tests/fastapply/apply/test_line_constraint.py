"""LineConstraint: the policy that keeps every output line a line of the inputs."""

from fastapply.apply.line_constraint import LineConstraint

# token id -> text: a toy vocabulary in which ids are easy to read
VOCAB = {
    1: "x",
    2: " =",
    3: " 1",
    4: " 2",
    5: "\n",
    6: "return",
    7: " x",
    8: "}",
    9: "</out>",
    10: " 1\n",
    11: "\ufffd",
    12: "y",
    99: "",
}
EOS = 0


def make(lines=("x = 1", "return x"), stops=()):
    return LineConstraint(lines, VOCAB.__getitem__, free_ids=[EOS], stop_strings=stops)


def feed(c, tokens):
    for t in tokens:
        c.push(t)


def test_worked_example_picks_the_candidate_that_continues_an_allowed_line():
    c = make()
    feed(c, [1, 2])  # "x ="
    assert c.choose([4, 3]) == 3  # " 2" makes "x = 2": no allowed line starts so; " 1" does
    assert c.forced == 1 and c.gave_up == 0


def test_the_argmax_is_kept_when_it_fits():
    c = make()
    assert c.choose([1, 6]) == 1
    assert c.forced == 0


def test_a_line_must_be_complete_and_allowed_when_a_newline_ends_it():
    c = make()
    feed(c, [1])  # "x": a prefix of "x = 1", not a line of its own
    assert not c.allows(5)
    feed(c, [2])
    assert not c.allows(5)
    assert c.allows(10)  # " 1\n" completes "x = 1" inside one token
    feed(c, [10])
    assert c.allows(6) and not c.allows(12)  # the next line is constrained again


def test_whitespace_does_not_matter():
    c = LineConstraint(["    x    =   1"], VOCAB.__getitem__)
    feed(c, [1, 2, 3])
    assert c.allows(5)


def test_no_fitting_candidate_keeps_the_argmax_and_frees_the_line_until_the_newline():
    c = make()
    assert c.choose([12, 8]) == 12  # neither "y" nor "}" starts an allowed line
    assert c.gave_up == 1
    assert c.allows(8)  # the line is free now
    feed(c, [12, 5])
    assert not c.allows(12)  # a new line: constrained again


def test_stop_tokens_empty_and_undecodable_tokens_are_always_allowed():
    c = make()
    feed(c, [1])
    assert c.allows(EOS) and c.allows(99) and c.allows(11)
    feed(c, [11])  # part of a multi-byte character: the line can no longer be checked
    assert c.allows(12)


def test_a_stop_string_may_follow_an_allowed_line():
    c = make(stops=["</out>"])
    feed(c, [6, 7])  # "return x"
    assert c.allows(9)
    c = make(stops=["</out>"])
    assert c.allows(9)  # on a line of its own too
    feed(c, [1])
    assert not c.allows(9)  # "x</out>": "x" is not a whole allowed line


def test_verify_emits_the_accepted_draft_and_the_chosen_token_after_it():
    c = make()
    # draft "x = 2": the model ranks " 2" first at position 2 but the constraint picks " 1"
    out = c.verify([1, 2, 4, 5], [[1], [2], [4, 3], [5], [6]])
    assert out == [1, 2, 3]
    assert c.forced == 1


def test_verify_accepts_a_whole_fitting_draft_plus_a_bonus_token():
    c = make()
    assert c.verify([1, 2, 3, 5], [[1], [2], [3], [5], [6]]) == [1, 2, 3, 5, 6]


def test_each_line_may_be_written_as_often_as_the_inputs_hold_it():
    c = make()
    feed(c, [1, 2, 10])  # "x = 1\n": its one copy is spent
    assert not c.allows(1)  # "x" now starts no line with budget left
    assert c.allows(5)  # blank lines are never spent
    c = make(lines=("x = 1", "x = 1"))
    feed(c, [1, 2, 10])
    assert c.allows(1)
    feed(c, [1, 2, 10])
    assert not c.allows(1)
