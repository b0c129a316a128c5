"""Parity of the greedy-acceptance Triton kernel with the torch reference (CPU via the Triton
interpreter, and CUDA when present). Sizes are tiny: the interpreter runs every program in Python."""

import pytest
import torch

from fastapply.kernels import greedy_accept_ref

# small blocks so that V spans several blocks / chunks even at V ~ 200
KW = dict(block_v=64, split=2)


def _draft_from(logits, cut, draft_len, pad=-1):
    """Draft equal to the argmax except at position ``cut[b]`` (if < K): accepted = min(cut, len).
    ``pad=None`` keeps matching tokens beyond draft_len, so only the draft_len cap stops there."""
    target = logits.argmax(-1)
    B, K1 = target.shape
    draft = target[:, : K1 - 1].clone()
    for b, c in enumerate(cut):
        if c < K1 - 1:
            draft[b, c] = (draft[b, c] + 1) % logits.shape[-1]
    for b, n in enumerate(draft_len.tolist()):
        if pad is not None:
            draft[b, n:] = pad
    return draft


def _cases():
    g = torch.Generator().manual_seed(0)
    B, K, V = 5, 4, 200
    logits = torch.randn(B, K + 1, V, generator=g)
    cut = [0, 2, 4, 4, 3]
    dlen = torch.tensor([4, 4, 4, 0, 2])
    yield "mixed", logits, _draft_from(logits, cut, dlen, pad=None), dlen, [0, 2, 4, 0, 2]
    # ties everywhere: values in {0,1,2}; reference must pick the first max, and so must kernels
    tied = torch.randint(0, 3, (3, K + 1, V), generator=g).float()
    tied[:, :, 150] = 5.0
    tied[:, :, 7] = 5.0  # two maxima: index 7 wins, in another block than 150
    dlen = torch.tensor([4, 3, 4], dtype=torch.int32)
    d = _draft_from(tied, [4, 4, 2], dlen)
    assert (d[:, :1] == 7).all()
    yield "ties", tied, d, dlen, [4, 3, 2]
    # extremes: max at the last / first index, all -inf row (torch.argmax -> 0), -inf padding
    ext = torch.full((3, K + 1, V), -1.0)
    ext[:, :, 100:] = float("-inf")
    ext[0, :, V - 1] = 3.0
    ext[1, :, 0] = 3.0
    ext[2] = float("-inf")
    dlen = torch.tensor([4, 4, 4])
    yield "extremes", ext, _draft_from(ext, [4, 4, 4], dlen), dlen, [4, 4, 4]
    for dt in (torch.bfloat16, torch.float16):
        lo = torch.randint(-4, 4, (2, K + 1, V), generator=g).to(dt)  # exact, heavily tied
        dlen = torch.tensor([4, 1])
        yield f"{dt}", lo, _draft_from(lo, [1, 0], dlen), dlen, [1, 0]
    # non-contiguous: the last K+1 positions of a longer forward, batch-strided
    big = torch.randn(2, K + 5, V, generator=g)
    sl = big[:, 4:]
    dlen = torch.tensor([4, 3])
    yield "strided", sl, _draft_from(sl, [4, 4], dlen), dlen, [4, 3]
    # K = 0: no draft, only the bonus token
    z = torch.randn(2, 1, V, generator=g)
    yield "k0", z, torch.empty(2, 0, dtype=torch.int64), torch.zeros(2, dtype=torch.int64), [0, 0]


CASES = list(_cases())


def test_reference_worked_example():
    logits = torch.zeros(1, 4, 4)
    for j, t in enumerate([2, 0, 3, 1]):
        logits[0, j, t] = 1.0
    acc, nxt, target = greedy_accept_ref(logits, torch.tensor([[2, 0, 1]]), torch.tensor([3]), True)
    assert acc.tolist() == [2] and nxt.tolist() == [3] and target.tolist() == [[2, 0, 3, 1]]


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_reference_expected(case):
    _, logits, draft, dlen, expected = case
    acc, nxt = greedy_accept_ref(logits, draft, dlen)
    assert acc.tolist() == expected
    assert torch.equal(nxt, logits.argmax(-1).gather(1, acc[:, None])[:, 0])


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_parity(case, triton_device):
    from fastapply.kernels import _triton

    _, logits, draft, dlen, expected = case
    dev = triton_device
    logits, draft, dlen = logits.to(dev), draft.to(dev), dlen.to(dev)
    fn = _triton.for_tensor("accept_triton", logits).greedy_accept_triton
    want = greedy_accept_ref(logits, draft, dlen, return_target=True)
    got = fn(logits, draft, dlen, return_target=True, **KW)
    for w, g_ in zip(want, got):
        assert g_.dtype == torch.int64 and torch.equal(w, g_), (w, g_)
    assert want[0].tolist() == expected
    acc, nxt = fn(logits, draft, dlen, **KW)
    assert torch.equal(acc, want[0]) and torch.equal(nxt, want[1])


@pytest.mark.parametrize("split", [None, 1, 7])
def test_split_choices(split, triton_device):
    from fastapply.kernels import _triton

    g = torch.Generator().manual_seed(1)
    logits = torch.randint(0, 4, (2, 3, 100), generator=g).float().to(triton_device)
    draft = logits.argmax(-1)[:, :2].contiguous()
    dlen = torch.tensor([2, 1], device=triton_device)
    fn = _triton.for_tensor("accept_triton", logits).greedy_accept_triton
    got = fn(logits, draft, dlen, return_target=True, block_v=16, split=split)
    for w, g_ in zip(greedy_accept_ref(logits, draft, dlen, True), got):
        assert torch.equal(w, g_)


def test_split_heuristic():
    pytest.importorskip("triton")
    from fastapply.kernels import _triton

    choose_split = _triton.load("accept_triton").choose_split
    for B, K1, V in [(1, 65, 151936), (32, 129, 49152), (8, 17, 49152), (1, 1, 100)]:
        split, chunk = choose_split(B, K1, V, 1024)
        assert chunk % min(1024, chunk) == 0 and (split - 1) * chunk < V <= split * chunk
        assert 1 <= split <= 32
