"""The device loop on its own: passes follow the window, stop at a stop token or the limit, and
report what each pass drafted and accepted; the output is greedy's (fp32)."""

import pytest
import torch

from fastapply.runners.base import BurstRow
from fastapply.runners.graph import GraphRunner
from fastapply.runners.profile import PassProfile

from ...conftest import tiny_model
from ..engine.test_engine import hf_greedy, perturbed

K, N = 8, 40


@pytest.fixture(scope="module")
def case():
    model = tiny_model("qwen2", seed=3)
    g = torch.Generator().manual_seed(9)
    prompts = [torch.randint(0, 256, (n,), generator=g).tolist() for n in (25, 14)]
    return model, prompts, [hf_greedy(model, p, N) for p in prompts]


def burst(model, prompts, windows, passes, limit=N, stops=(), first=K):
    runner = GraphRunner(model, slots=3, k=K, max_len=128, burst_passes=passes)
    caches = [runner.allocate(100) for _ in prompts]
    runner.static.prefill_rows([c.slot for c in caches], [p[:-1] for p in prompts], [0] * len(prompts))
    for cache, prompt in zip(caches, prompts):
        cache.truncate(len(prompt) - 1)
    rows = [BurstRow(c, p[-1], w, min(first, len(w)), K, limit, stops) for c, p, w in zip(caches, prompts, windows)]
    return runner, runner.burst(rows, passes)


def test_a_burst_follows_the_window_and_emits_greedy_tokens(case):
    model, prompts, greedy = case
    runner, out = burst(model, prompts, greedy, passes=4)
    for tokens, drafted, accepted, expected in zip(out.tokens, out.drafted, out.accepted, greedy):
        assert tokens == expected[: len(tokens)] and len(tokens) == 4 * (K + 1)  # every draft accepted
        assert drafted == accepted == [K] * 4
    assert (runner.profile.passes, runner.profile.syncs) == (4, 1)


def test_a_row_that_leaves_its_window_decodes_plainly_and_stays_exact(case):
    model, prompts, greedy = case
    noisy = [perturbed(g, every=5) for g in greedy]  # the 5th token of the window is wrong
    _, out = burst(model, prompts, noisy, passes=6)
    for tokens, drafted, accepted, expected in zip(out.tokens, out.drafted, out.accepted, greedy):
        assert tokens == expected[: len(tokens)]
        assert drafted[0] == K and accepted[0] == 4  # rejected at the wrong token; the bonus is the right one
        # the bonus matches the window there, so the cursor follows on past the wrong token
        assert len(tokens) == sum(a + 1 for a in accepted) and sum(accepted) < sum(drafted)


def test_a_row_stops_after_a_stop_token_or_at_its_limit(case):
    model, prompts, greedy = case
    stop = greedy[0][11]
    _, out = burst(model, prompts[:1], greedy[:1], passes=4, stops=(stop,))
    first = greedy[0].index(stop)
    # the pass that emits the stop token is the row's last; the host cuts the output at the token
    assert out.tokens[0] == greedy[0][: (first // (K + 1) + 1) * (K + 1)]
    assert len(out.drafted[0]) == first // (K + 1) + 1 < 4
    _, out = burst(model, prompts, greedy, passes=4, limit=13)
    assert [len(t) for t in out.tokens] == [13, 13] and out.tokens == [g[:13] for g in greedy]


def test_a_burst_runs_no_more_passes_than_its_loop_holds(case):
    model, prompts, greedy = case
    runner = GraphRunner(model, slots=1, k=K, max_len=128, burst_passes=2)
    row = BurstRow(runner.allocate(100), prompts[0][-1], greedy[0], K, K, N, ())
    with pytest.raises(ValueError, match="1..2 passes"):
        runner.burst([row], 3)


def test_the_profile_adds_wall_time_per_segment():
    profile = PassProfile()
    with profile.clock("prepare"):
        sum(range(1000))
    assert profile.prepare_s > 0 and profile.to_dict()["launch_s"] == 0
