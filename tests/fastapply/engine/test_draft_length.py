import pytest

from fastapply.engine.draft_length import AdaptiveDraftLength


def test_grows_to_k_max_after_full_acceptances():
    policy = AdaptiveDraftLength(k_max=64, cost_per_token=0.06)
    lengths = []
    for _ in range(6):
        n = policy.next_length(10_000)
        policy.update(n, n)
        lengths.append(n)
    assert lengths == sorted(lengths) and lengths[-1] == 64


def test_shrinks_to_plain_decoding_when_drafts_fail():
    policy = AdaptiveDraftLength(k_max=64, cost_per_token=0.06)
    for _ in range(15):
        policy.update(policy.next_length(10_000) or 1, 0)
    assert policy.next_length(10_000) == 0
    assert policy.next_length(10_000, probe=True) == 1


def test_flat_cost_curve_drafts_long_even_at_modest_acceptance():
    gpu = AdaptiveDraftLength(k_max=128, cost_per_token=0.0)
    cpu = AdaptiveDraftLength(k_max=128, cost_per_token=0.06)
    assert gpu.next_length(10_000) > cpu.next_length(10_000)


def test_available_tokens_cap_the_draft():
    policy = AdaptiveDraftLength(k_max=64, cost_per_token=0.0)
    assert policy.next_length(3) <= 3 and policy.next_length(0) == 0


@pytest.mark.parametrize(
    "kwargs",
    [
        dict(k_max=-1, cost_per_token=0.1),
        dict(k_max=4, cost_per_token=-1),
        dict(k_max=4, cost_per_token=0.1, decay=1.0),
    ],
)
def test_bad_config_raises_value_error(kwargs):
    with pytest.raises(ValueError):
        AdaptiveDraftLength(**kwargs)


def test_rejections_while_searching_do_not_shrink_the_copy_draft():
    from fastapply.engine.draft_length import DraftLengthByCursorState

    policy = DraftLengthByCursorState(k_max=64, cost_per_token=0.06)
    for _ in range(6):
        n = policy.next_length(10_000, following=True)
        policy.update(n, n, following=True)
    for _ in range(8):  # an edit region: re-anchored drafts keep failing
        n = policy.next_length(10_000, following=False) or 1
        policy.update(n, 0, following=False)
    assert policy.next_length(10_000, following=False) <= 1
    assert policy.next_length(10_000, following=True) == 64  # back on the reference: full length at once
