from fastapply.evals.draft_sim import Drafter, simulate


def test_perfect_reference_needs_the_ideal_number_of_passes():
    target = list(range(100, 300))
    assert simulate(target, [target], Drafter("cursor", 64)) == -(-len(target) // 65)


def test_no_reference_is_one_token_per_pass():
    assert simulate([5, 6, 7, 8], [], Drafter("cursor", 64)) == 4


def test_cursor_beats_leftmost_on_repeated_lines():
    # "} ;" repeated: after an edit the leftmost lookup jumps back to the first "}" and is rejected
    block = lambda i: [10 + i, 11 + i, 12 + i, 99, 98]  # noqa: E731 - a "function" ending in "}\n"
    original = [t for i in range(0, 60, 3) for t in block(i)]
    target = list(original)
    target[50:50] = [7, 99, 98]  # an inserted line that ends like every block
    cursor = simulate(target, [original], Drafter("cursor", 64))
    leftmost = simulate(target, [original], Drafter("leftmost", 64, use_cursor=False))
    assert cursor < leftmost


def test_merge_candidate_covers_the_edit():
    original = list(range(100, 200))
    target = original[:50] + [1, 2, 3, 4, 5, 6] + original[50:]
    with_merge = simulate(target, [target, original], Drafter("m", 64))
    without = simulate(target, [original], Drafter("c", 64, with_merge=False))
    assert with_merge < without
