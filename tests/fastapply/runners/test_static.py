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
