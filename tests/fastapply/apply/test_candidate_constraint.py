import pytest

from fastapply.apply.candidate_constraint import OneOfOutputs, OutputsConstraint
from fastapply.engine.policies import DecodeContext

EOS = 0


def make(*outputs):
    return OneOfOutputs(tuple(tuple(o) for o in outputs)).build(DecodeContext(str, frozenset({EOS}), ()))


def test_worked_example_the_ranking_picks_the_candidate_that_goes_on():
    c = make([1, 2, 3], [1, 4, 3])
    assert c.choose([1]) == 1 and c.allowed() == {2, 4}
    assert c.choose([7, 4, 2]) == 4  # 7 continues no candidate; 4 outranks 2
    assert c.forced == 1 and c.gave_up == 0 and c.live == [1]
    assert c.choose([3]) == 3 and c.allowed() == {EOS}  # the candidate is written: only the end may follow


def test_no_ranked_token_fits_the_first_live_candidate_goes_on():
    c = make([5, 6], [5, 8])
    c.choose([5])
    assert c.choose([9, 10]) == 6 and c.gave_up == 1 and c.live == [0]


def test_a_candidate_that_is_a_prefix_of_another_may_end_there():
    c = make([1, 2], [1, 2, 3])
    c.choose([1]), c.choose([2])
    assert c.allowed() == {3, EOS}
    assert c.choose([EOS, 3]) == EOS


def test_verification_with_a_draft_emits_what_one_token_at_a_time_emits():
    outputs = ([1, 2, 3, 4, 5], [1, 2, 6, 7, 5], [1, 9])
    model = {(): [1], (1,): [2, 9], (1, 2): [8, 6, 3], (1, 2, 6): [7], (1, 2, 6, 7): [5], (1, 2, 6, 7, 5): [EOS]}
    single = make(*outputs)
    one_at_a_time: list[int] = []
    while not one_at_a_time or one_at_a_time[-1] != EOS:
        one_at_a_time.append(single.choose(model.get(tuple(one_at_a_time), [EOS])))
    for draft in ([1, 2, 3, 4, 5], [1, 2, 6, 7, 5], [1, 9]):  # every candidate as the draft
        c, out = make(*outputs), []
        while not out or out[-1] != EOS:
            d = draft[len(out) :] if draft[: len(out)] == out else []
            out += c.verify(d, [model.get(tuple(out + d[:j]), [EOS]) for j in range(len(d) + 1)])
        assert out == one_at_a_time == [1, 2, 6, 7, 5, EOS]


def test_bad_specs_are_refused():
    with pytest.raises(ValueError, match="at least one"):
        OneOfOutputs(())
    with pytest.raises(ValueError, match="candidates"):
        OneOfOutputs(((1,),), candidates=1)
    assert isinstance(make([1]), OutputsConstraint)


def test_once_one_candidate_is_left_the_rest_is_settled():
    c = make([1, 2, 3], [1, 4, 3])
    assert c.settled() is None  # two candidates live: the model has a choice
    c.choose([1])
    assert c.settled() is None
    c.choose([4])
    assert c.settled() == [3, EOS]


def test_a_candidate_written_whole_ends_even_when_no_stop_token_is_ranked():
    c = make([1, 2], [1, 3])
    c.choose([1]), c.choose([2])
    assert c.choose([7, 8]) == EOS and c.gave_up == 1  # the output is a candidate, never more
