"""The static-shape verification step (for CUDA graphs) is lossless too: same tokens as HF greedy."""

import pytest
import torch

from fastapply.runners.static import StaticRunner

from ...conftest import tiny_model
from ..engine.test_engine import hf_greedy, perturbed

N, K = 40, 8


def decode(runner, prompts, references):
    for row, prompt in enumerate(prompts):
        runner.prefill(row, prompt[:-1])
    last = [p[-1] for p in prompts]
    outs = [[] for _ in prompts]
    passes = 0
    while any(len(o) < N for o in outs):
        drafts = [ref[len(out) : len(out) + K] for ref, out in zip(references, outs)]
        tokens = torch.tensor([[t, *d, *[0] * (K - len(d))] for t, d in zip(last, drafts)])
        accepted, nxt = runner.verify(tokens, torch.tensor([len(d) for d in drafts]))
        accepted, nxt = accepted.tolist(), nxt.tolist()  # the pass's one host sync
        for row, draft in enumerate(drafts):
            outs[row] += draft[: accepted[row]] + [nxt[row]]
            last[row] = nxt[row]
        passes += 1
    return [o[:N] for o in outs], passes


@pytest.mark.parametrize("kind", ["llama", "qwen2"])
def test_static_verification_matches_greedy_with_rows_of_different_lengths(kind):
    model = tiny_model(kind, seed=5)
    g = torch.Generator().manual_seed(3)
    prompts = [torch.randint(0, 256, (n,), generator=g).tolist() for n in (17, 33)]
    greedy = [hf_greedy(model, p, N) for p in prompts]
    own, passes_own = decode(StaticRunner(model, batch=2, k=K, max_len=128), prompts, greedy)
    assert own == greedy and passes_own == -(-N // (K + 1))
    noisy, passes_noisy = decode(
        StaticRunner(model, batch=2, k=K, max_len=128), prompts, [perturbed(r, every=5) for r in greedy]
    )
    assert noisy == greedy and passes_own < passes_noisy < N


def test_bad_shapes_are_value_errors():
    model = tiny_model("llama")
    with pytest.raises(ValueError):
        StaticRunner(model, batch=0, k=4, max_len=64)
    runner = StaticRunner(model, batch=1, k=4, max_len=16)
    with pytest.raises(ValueError, match="does not fit"):
        runner.prefill(0, list(range(12)))


def test_rows_prefilled_in_one_forward_hold_what_one_row_at_a_time_writes():
    model = tiny_model("qwen2", seed=2)
    g = torch.Generator().manual_seed(4)
    prompts = [torch.randint(0, 256, (n,), generator=g).tolist() for n in (21, 9, 30)]
    alone, together = (StaticRunner(model, batch=3, k=K, max_len=96) for _ in range(2))
    for row, prompt in enumerate(prompts):  # in two chunks each, the second one attending to the first
        alone.prefill(row, prompt[:6])
        alone.prefill(row, prompt[6:], start=6)
    together.prefill_rows([2, 0, 1], [prompts[i][:6] for i in (2, 0, 1)], [0, 0, 0])  # slots in any order
    together.prefill_rows([0, 1, 2], [p[6:] for p in prompts], [6, 6, 6])
    assert together.lengths.tolist() == alone.lengths.tolist() == [len(p) for p in prompts]
    for row, prompt in enumerate(prompts):
        n = len(prompt)
        assert torch.allclose(together.keys[:, row, :, :n], alone.keys[:, row, :, :n], atol=1e-5)
        assert torch.allclose(together.values[:, row, :, :n], alone.values[:, row, :, :n], atol=1e-5)
    tokens = torch.randint(0, 256, (3, K + 1), generator=g)
    assert torch.equal(together.targets(tokens), alone.targets(tokens))


def test_attending_over_a_key_bucket_changes_no_token():
    model = tiny_model("llama", seed=1)
    runner = StaticRunner(model, batch=2, k=K, max_len=200)
    runner.prefill_rows([0, 1], [list(range(3, 40)), list(range(50, 60))], [0, 0])
    tokens = torch.randint(0, 256, (2, K + 1), generator=torch.Generator().manual_seed(0))
    whole = runner.logits(tokens)
    bucket = runner.logits(tokens, keys=37 + K + 1)  # just what the longer row needs
    assert torch.equal(whole.argmax(-1), bucket.argmax(-1)) and torch.allclose(whole, bucket, atol=1e-5)
