import numpy as np
import pytest

from fastapply.engine.proposer import Cursor, advance, longest_suffix_match, propose

A = np.array


def test_cursor_following_drafts_the_next_k_tokens():
    ref = A([10, 11, 12, 13, 14, 15])
    p = propose([ref], [10, 11], Cursor(0, 2, True), k=3)
    assert p.draft == [12, 13, 14] and p.start == Cursor(0, 2, True)


def test_first_draft_starts_at_the_top_of_the_reference():
    p = propose([A([5, 6, 7])], [], Cursor(), k=8)
    assert p.draft == [5, 6, 7]


def test_end_of_reference_gives_a_short_then_empty_draft():
    ref = A([1, 2, 3])
    assert propose([ref], [1, 2], Cursor(0, 2, True), k=5).draft == [3]
    assert propose([ref], [1, 2, 3], Cursor(0, 3, True), k=5).draft == []


def test_empty_reference_and_zero_k():
    assert propose([], [1, 2], Cursor(), k=4).draft == []
    assert propose([A([1, 2, 3])], [1], Cursor(), k=0).draft == []
    assert propose([A([], dtype=np.int64)], [1], Cursor(0, 0, False), k=4).draft == []


def test_reanchor_prefers_the_longest_suffix_match():
    ref = A([1, 2, 3, 9, 4, 5, 2, 3, 6, 7])
    # output ends with "2 3": occurs at 1..2 and 6..7; "9 2 3" nowhere; "5 2 3" at 5..7 -> longer
    p = propose([ref], [8, 5, 2, 3], Cursor(0, 0, False), k=2)
    assert p.draft == [6, 7] and p.start.pos == 8


def test_repeated_lines_prefer_the_match_after_the_cursor():
    close = 9  # a "}" line repeated through the file
    ref = A([1, close, 2, close, 3, close, 4, close, 5])
    # the model wrote new code ending with "}" near position 5; leftmost lookup would jump back to 2
    p = propose([ref], [1, close, 2, close, 3, 77, close], Cursor(0, 5, False), k=2)
    assert p.draft == [4, close] and p.start.pos == 6


def test_match_only_before_cursor_takes_the_nearest():
    ref = A([7, 1, 7, 2, 7, 3, 8, 8])
    p = propose([ref], [7], Cursor(0, 7, False), k=1)
    assert p.draft == [3]  # continuation 5 is the nearest before position 7


def test_no_match_gives_no_draft():
    p = propose([A([1, 2, 3])], [42, 43], Cursor(0, 1, False), k=4)
    assert p.draft == [] and not p.start.following


def test_earlier_reference_wins_a_tie_and_a_longer_match_wins_across_references():
    merged, original = A([1, 2, 3, 4]), A([1, 2, 3, 5, 0, 2, 3, 6])
    assert propose([merged, original], [2, 3], Cursor(0, 0, False), k=1).draft == [4]
    # "0 2 3" only occurs in the second reference
    assert propose([merged, original], [0, 2, 3], Cursor(0, 0, False), k=1).draft == [6]


def test_advance_keeps_following_or_parks_at_the_divergence():
    ref = A([1, 2, 3, 4, 5, 6])
    start = Cursor(0, 1, True)
    assert advance(start, drafted=3, accepted=3, bonus=5, refs=[ref]) == Cursor(0, 5, True)
    assert advance(start, drafted=3, accepted=1, bonus=99, refs=[ref]) == Cursor(0, 2, False)
    assert advance(Cursor(0, 6, True), drafted=0, accepted=0, bonus=1, refs=[ref]) == Cursor(0, 6, False)


def test_longest_suffix_match_requires_a_continuation():
    assert longest_suffix_match(A([1, 2, 3]), A([2, 3]))[0] == 0  # occurs only at the very end
    n, cont = longest_suffix_match(A([4, 1, 2, 3, 1, 2]), A([9, 1, 2]))
    assert n == 2 and cont.tolist() == [3]


@pytest.mark.parametrize("seed", range(5))
def test_matches_a_brute_force_search(seed):
    rng = np.random.default_rng(seed)
    ref = rng.integers(0, 4, 60)
    tail = rng.integers(0, 4, 6)
    n, cont = longest_suffix_match(ref, tail)
    best = 0
    for length in range(1, len(tail) + 1):
        hits = [j + length for j in range(len(ref) - length) if (ref[j : j + length] == tail[-length:]).all()]
        if hits:
            best, expected = length, hits
    assert n == best
    if best:
        assert cont.tolist() == expected
